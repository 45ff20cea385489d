//! What each argument is about (`data/argument-roles.toml`): the role a
//! `wrong-argument` error names.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The data file, embedded.
pub const ROLES_TOML: &str = include_str!("../../data/argument-roles.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    roles: BTreeMap<String, String>,
    #[serde(rename = "by-primitive", default)]
    by_primitive: BTreeMap<String, BTreeMap<String, String>>,
}

fn file() -> &'static File {
    static FILE: OnceLock<File> = OnceLock::new();
    FILE.get_or_init(|| {
        toml::from_str(ROLES_TOML)
            .unwrap_or_else(|e| panic!("data/argument-roles.toml (embedded): {e}"))
    })
}

/// The role of argument `arg` of `primitive` (`ingredient`, `time`,
/// `tool`…); the argument's own name when the file has none.
pub fn role(primitive: &str, arg: &str) -> String {
    let f = file();
    f.by_primitive
        .get(primitive)
        .and_then(|m| m.get(arg))
        .or_else(|| f.roles.get(arg))
        .cloned()
        .unwrap_or_else(|| arg.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sous_lang::ArgRole;

    #[test]
    fn every_argument_a_caller_gives_has_a_role() {
        let f = file();
        for s in sous_lang::signatures() {
            for (i, a) in s.args.iter().enumerate() {
                if matches!(s.role(i), ArgRole::Input | ArgRole::Optional) {
                    assert!(
                        f.roles.contains_key(a.name),
                        "{}.{} has no role",
                        s.name,
                        a.name
                    );
                }
            }
        }
        for (p, args) in &f.by_primitive {
            let s = sous_lang::signatures().iter().find(|s| s.name == p);
            let s = s.unwrap_or_else(|| panic!("by-primitive: `{p}` is no primitive"));
            for a in args.keys() {
                assert!(
                    s.index_of(a).is_some(),
                    "by-primitive: {p}.{a} is no argument"
                );
            }
        }
        assert_eq!(role("preheat-oven", "quantity"), "temperature");
        assert_eq!(role("fetch-and-proportion", "quantity"), "quantity");
        assert_eq!(role("bake", "time-to-bake-quantity"), "time");
    }
}
