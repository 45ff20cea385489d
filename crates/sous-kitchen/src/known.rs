//! The classes the code names, each written once and resolved when the
//! ontology loads.
//!
//! Code that needs a class the simulator relies on (the failed object, grams,
//! the default bowl) reads a field of [`Known`] instead of looking a string
//! up at run time: an ontology file that lost one of these classes is
//! rejected by [`Ontology::from_toml`](crate::Ontology::from_toml), at
//! start-up, rather than panicking in the middle of a recipe.

use crate::{ClassId, OntologyError};

/// Declares [`Known`] from `field = "class-name"` pairs, so each name is
/// written once and the struct, its resolution and its name list agree.
macro_rules! known_classes {
    ($($field:ident = $name:literal,)*) => {
        /// One field per class the code names (77 classes), resolved when the
        /// ontology loads. Get it from [`Ontology::known`](crate::Ontology::known).
        #[derive(Debug, Clone)]
        pub struct Known {
            $(
                #[doc = concat!("`", $name, "`")]
                pub $field: ClassId,
            )*
        }

        impl Known {
            /// The class names, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// Looks every name up with `id`; the first missing one is an error.
            pub(crate) fn resolve(
                id: impl Fn(&str) -> Option<ClassId>,
            ) -> Result<Known, OntologyError> {
                let get = |name: &str| {
                    id(name).ok_or_else(|| OntologyError::MissingKnownClass(name.to_string()))
                };
                Ok(Known { $($field: get($name)?,)* })
            }
        }
    };
}

known_classes! {
    all_purpose_flour = "all-purpose-flour",
    baking_paper = "baking-paper",
    butter = "butter",
    can_be_lined_with = "can-be-lined-with",
    can_be_spread_upon = "can-be-spread-upon",
    can_be_sprinkled_on = "can-be-sprinkled-on",
    can_have_on_top = "can-have-on-top",
    colander = "colander",
    container = "container",
    cooking_utensil = "cooking-utensil",
    counter_top = "counter-top",
    coverable_container = "coverable-container",
    cutting_board = "cutting-board",
    degrees_celsius = "degrees-celsius",
    dippable = "dippable",
    egg = "egg",
    egg_separator = "egg-separator",
    egg_shell = "egg-shell",
    egg_white = "egg-white",
    egg_yolk = "egg-yolk",
    evenly_spread = "evenly-spread",
    failed_object = "failed-object",
    food_processor = "food-processor",
    fork = "fork",
    fridge = "fridge",
    fryable = "fryable",
    g = "g",
    grindable = "grindable",
    hard_boiled_egg = "hard-boiled-egg",
    heatable_container = "heatable-container",
    heterogeneous_mixture = "heterogeneous-mixture",
    homogeneous_mixture = "homogeneous-mixture",
    hour = "hour",
    ingredient = "ingredient",
    jar = "jar",
    jar_lid = "jar-lid",
    kitchen_state = "kitchen-state",
    knife = "knife",
    l = "l",
    large_bowl = "large-bowl",
    large_bowl_lid = "large-bowl-lid",
    lineable = "lineable",
    liquefiable = "liquefiable",
    liquid = "liquid",
    list_of_kitchen_entities = "list-of-kitchen-entities",
    medium_bowl = "medium-bowl",
    medium_bowl_lid = "medium-bowl-lid",
    medium_heat = "medium-heat",
    meltable = "meltable",
    microwave = "microwave",
    minute = "minute",
    mixture = "mixture",
    ml = "ml",
    muffin_tins = "muffin-tins",
    oven = "oven",
    paper_baking_cups = "paper-baking-cups",
    peel = "peel",
    percent = "percent",
    piece = "piece",
    plastic_wrap = "plastic-wrap",
    quantity = "quantity",
    rolling_pin = "rolling-pin",
    seed = "seed",
    side_to_side = "side-to-side",
    sift = "sift",
    siftable = "siftable",
    spatula = "spatula",
    spice = "spice",
    stove = "stove",
    tablespoon = "tablespoon",
    teaspoon = "teaspoon",
    time_unit = "time-unit",
    transferable_container = "transferable-container",
    washable = "washable",
    whisk = "whisk",
    whole_egg = "whole-egg",
    wooden_spoon = "wooden-spoon",
}
