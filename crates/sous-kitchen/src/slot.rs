//! Slot ids. The slots the simulator's code touches get fixed ids here; any
//! further slot declared in the ontology file gets the next free id at load.

use crate::SlotId;

macro_rules! known_slots {
    ($($konst:ident = $name:literal),* $(,)?) => {
        /// Names of the slots with fixed ids, in id order.
        pub const KNOWN: &[&str] = &[$($name),*];
        known_slots!(@consts 0u16, $($konst = $name,)*);
    };
    (@consts $n:expr, $konst:ident = $name:literal, $($rest:ident = $rest_name:literal,)*) => {
        #[doc = concat!("The `", $name, "` slot, fixed so that code names it without a look-up.")]
        pub const $konst: SlotId = SlotId($n);
        known_slots!(@consts $n + 1u16, $($rest = $rest_name,)*);
    };
    (@consts $n:expr,) => {};
}

known_slots! {
    IS_CONCEPT = "is-concept", ARRANGEMENT = "arrangement", CONTENTS = "contents",
    KITCHEN_TIME = "kitchen-time", TEMPERATURE = "temperature", BAKED = "baked", BOILED = "boiled",
    BOILED_WITH = "boiled-with", BEATEN = "beaten", BRUSHED_WITH = "brushed-with", IS_LINING = "is-lining",
    HAS_ON_TOP = "has-on-top", SPREAD_WITH = "spread-with", SPRINKLED_WITH = "sprinkled-with",
    IS_COVERING = "is-covering", IS_LIQUID = "is-liquid", COVERED_WITH = "covered-with", CRACKED = "cracked",
    IS_CUT = "is-cut", DIPPED_IN = "dipped-in", FLATTENED = "flattened", COMPONENTS = "components",
    FRIED = "fried", AMOUNT = "amount", ITEMS = "items", QUANTITY = "quantity", UNIT = "unit", VALUE = "value",
    LINED_WITH = "lined-with", MASHED = "mashed", MELTED = "melted", MIXED = "mixed", PEELED = "peeled",
    USED = "used", SEEDED = "seeded", SHAKEN = "shaken", CURRENT_SHAPE = "current-shape", SIFTED = "sifted",
    SPREAD = "spread", PEEL_OF = "peel-of", SEED_OF = "seed-of", GROUND = "ground",
    NUMBER_OF_TINS = "number-of-tins", WASHED = "washed",
}
