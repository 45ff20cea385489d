//! Which simulator carries out a network: the one type every front end
//! (CLI, HTTP API, Python) names and parses, so that a mode is spelt the
//! same everywhere. Which backend a mode runs on is decided in one place,
//! `sous_physics::backend`.

use serde::{Deserialize, Serialize};

/// Which simulator carries out the actions.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// The symbolic kitchen alone (the reference's default).
    #[default]
    Qualitative,
    /// The symbolic kitchen carried out in the physics kitchen.
    Quantitative,
}

impl Mode {
    /// Every mode, in the order front ends list them.
    pub const ALL: [Mode; 2] = [Mode::Qualitative, Mode::Quantitative];

    /// The mode's name, as requests and flags spell it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Qualitative => "qualitative",
            Mode::Quantitative => "quantitative",
        }
    }
}

/// A name that is no mode (or no profile): what was given and what is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{given}`; supported: {supported}")]
pub struct UnknownName {
    /// What kind of name it should have been (`mode`, `profile`).
    pub what: &'static str,
    /// The name given.
    pub given: String,
    /// The names there are, for the message.
    pub supported: String,
}

/// A closed set of values that front ends name and parse (modes,
/// profiles): one parser and one error for all of them.
pub trait Named: Copy + Default + Send + Sync + 'static {
    /// What the values are, for errors (`mode`).
    const WHAT: &'static str;

    /// Every value, in the order front ends list them.
    fn all() -> &'static [Self];

    /// The value's name, as requests and flags spell it.
    fn name(self) -> &'static str;

    /// The value named `s`.
    fn named(s: &str) -> Result<Self, UnknownName> {
        let all = Self::all();
        all.iter()
            .copied()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownName {
                what: Self::WHAT,
                given: s.to_string(),
                supported: all.iter().map(|v| v.name()).collect::<Vec<_>>().join(", "),
            })
    }
}

impl Named for Mode {
    const WHAT: &'static str = "mode";

    fn all() -> &'static [Mode] {
        &Mode::ALL
    }

    fn name(self) -> &'static str {
        Mode::name(self)
    }
}

impl std::str::FromStr for Mode {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Mode, UnknownName> {
        Mode::named(s)
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_match_serde() {
        for m in Mode::ALL {
            assert_eq!(m.name().parse::<Mode>(), Ok(m));
            assert_eq!(
                serde_json::to_string(&m).unwrap(),
                format!("\"{}\"", m.name())
            );
        }
        let err = "fast".parse::<Mode>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown mode `fast`; supported: qualitative, quantitative"
        );
    }
}
