//! Which kitchen the simulator models: the reference's, bugs included (the
//! default, so that numbers stay comparable with published ones), or one
//! with the reference's bugs fixed, for users who want a kitchen that
//! behaves as cooks expect.

use serde::{Deserialize, Serialize};

/// The simulator's behaviour profile.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// Everything as the reference does it (docs/quirks.md).
    #[default]
    Reference,
    /// The reference's bugs fixed:
    /// - every action waits until its inputs exist (the reference lets a
    ///   fetch, a transfer of a tray, a cooling or a chilling use a thing
    ///   before it is ready, e.g. move biscuits to a rack while they bake);
    /// - refrigerate counts its time once (the reference squares it: 24 h
    ///   became 24 days);
    /// - bake honours the time unit (the reference reads hours as minutes);
    /// - boil honours hours (the reference reads them as minutes);
    /// - weighing grams out of a stock kept in litres leaves the stock's
    ///   grams less those taken (the reference subtracts grams from litres
    ///   and the stock goes negative);
    /// - taking more than a stock holds fails the fetch (the reference
    ///   weighs it out and leaves a negative stock);
    /// - top-with tops any comestible, portions of batter included (the
    ///   reference only tops `can-have-on-top` things); a topping on a thing
    ///   without `has-on-top` lies in its `sprinkled-with`;
    /// - where the reference crashes (a conversion it lacks, an object it
    ///   cannot find), the action fails like any other: its outputs are
    ///   failed-objects and execution goes on.
    Corrected,
}

impl Profile {
    /// Whether the reference's bugs are fixed: what a primitive that fixes a
    /// quirk branches on.
    pub fn is_corrected(self) -> bool {
        self == Profile::Corrected
    }

    /// The profile's name, as requests and flags spell it.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Reference => "reference",
            Profile::Corrected => "corrected",
        }
    }
}

impl Profile {
    /// Every profile, in the order front ends list them.
    pub const ALL: [Profile; 2] = [Profile::Reference, Profile::Corrected];
}

impl crate::Named for Profile {
    const WHAT: &'static str = "profile";

    fn all() -> &'static [Profile] {
        &Profile::ALL
    }

    fn name(self) -> &'static str {
        Profile::name(self)
    }
}

impl std::str::FromStr for Profile {
    type Err = crate::mode::UnknownName;

    fn from_str(s: &str) -> Result<Profile, Self::Err> {
        crate::Named::named(s)
    }
}
