//! The defaults of optional arguments (`data/defaults.toml`) against the
//! signatures and against what the primitives bind: every optional argument
//! has an entry and every entry names one; each small network of
//! `fixtures/defaults.toml` runs a primitive with optional arguments left
//! unbound, and what it binds must be what the entry (or, for a default that
//! depends on the situation, the fixture) says.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use sous_kitchen::{EntityRef, Num};
use sous_lang::{signatures, ArgKind, ArgRole};
use sous_sim::{argument_default, argument_defaults, ArgumentDefault};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    network: Vec<FixtureNetwork>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FixtureNetwork {
    primitive: String,
    text: String,
    /// For arguments whose default depends on the situation: what this network binds.
    #[serde(default)]
    situation: BTreeMap<String, Expected>,
}

/// What an unbound argument must end up bound to (the structured fields of an entry).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    class: Option<String>,
    holds: Option<String>,
    value: Option<Num>,
    concept: Option<String>,
}

impl From<&ArgumentDefault> for Expected {
    fn from(d: &ArgumentDefault) -> Self {
        Expected {
            class: d.class.clone(),
            holds: d.holds.clone(),
            value: d.value,
            concept: d.concept.clone(),
        }
    }
}

impl Expected {
    fn is_empty(&self) -> bool {
        self.class.is_none() && self.value.is_none() && self.concept.is_none()
    }

    /// The same expectation made wrong in every field it has.
    fn perturbed(&self) -> Expected {
        let other = |s: &Option<String>, a: &str, b: &str| {
            s.as_ref()
                .map(|s| if s == a { b.to_string() } else { a.to_string() })
        };
        Expected {
            class: other(&self.class, "whisk", "fork"),
            holds: other(&self.holds, "butter", "white-sugar"),
            value: self.value.map(|v| v + Num::ONE),
            concept: other(&self.concept, "minute", "hour"),
        }
    }
}

/// Whether `value` is what `expected` says.
fn check(expected: &Expected, value: &EntityRef) -> Result<(), String> {
    if value.is_failed() {
        return Err("a failed-object".into());
    }
    if let Some(class) = &expected.class {
        if value.class_name() != class {
            return Err(format!("a {}, not a {class}", value.class_name()));
        }
    }
    if let Some(holds) = &expected.holds {
        let first = value.contents().first().map(|c| c.class_name());
        if first != Some(holds.as_str()) {
            return Err(format!("holding {first:?}, not {holds}"));
        }
    }
    if let Some(n) = expected.value {
        let got = value.quantity_value();
        if got != Some(n) {
            return Err(format!("the quantity {got:?}, not {n:?}"));
        }
    }
    if let Some(concept) = &expected.concept {
        if value.class_name() != concept {
            return Err(format!("{}, not {concept}", value.class_name()));
        }
    }
    Ok(())
}

fn fixture() -> Fixture {
    toml::from_str(include_str!("fixtures/defaults.toml")).expect("fixtures/defaults.toml")
}

/// (primitive, argument) of every optional argument of the current signatures.
fn optional_arguments() -> BTreeSet<(String, String)> {
    signatures()
        .iter()
        .filter(|s| !s.legacy)
        .flat_map(|s| {
            (0..s.arity())
                .filter(move |&i| s.role(i) == ArgRole::Optional)
                .map(move |i| (s.name.to_string(), s.args[i].name.to_string()))
        })
        .collect()
}

#[test]
fn every_optional_argument_has_a_default_and_every_default_names_one() {
    let optional = optional_arguments();
    let entries: BTreeSet<(String, String)> = argument_defaults()
        .iter()
        .flat_map(|(p, args)| args.keys().map(move |a| (p.clone(), a.clone())))
        .collect();
    let missing: Vec<_> = optional.difference(&entries).collect();
    assert!(
        missing.is_empty(),
        "optional arguments without a default: {missing:?}"
    );
    let stray: Vec<_> = entries.difference(&optional).collect();
    assert!(
        stray.is_empty(),
        "defaults of no optional argument: {stray:?}"
    );
    assert_eq!(optional.len(), 46);
    for (p, a) in &optional {
        let d = argument_default(p, a).unwrap();
        assert!(!d.description.trim().is_empty(), "{p}.{a}");
    }
    assert_eq!(argument_default("beat", "container-with-ingredients"), None);
}

#[test]
fn the_primitives_bind_their_defaults() {
    let mut exercised: BTreeSet<(String, String)> = BTreeSet::new();
    let mut problems = Vec::new();
    let mut checked = 0;
    for net in fixture().network {
        let (file, diags) = sous_lang::parse("defaults.solution", &net.text);
        assert!(diags.is_empty(), "{}: {diags:?}", net.text);
        let recipe = &file.recipes[0];
        let invalid = sous_lang::validate(recipe, sous_kitchen::Ontology::get());
        assert!(
            invalid.iter().all(|d| !d.is_error()),
            "{}: {invalid:?}",
            net.text
        );
        let x = sous_sim::execute(recipe);
        assert!(
            x.solved && x.failures.is_empty(),
            "{}: {:?}",
            net.text,
            x.failures
        );
        let mut occurrences: BTreeMap<&str, usize> = BTreeMap::new();
        for p in &recipe.predicates {
            for a in &p.args {
                if let ArgKind::Variable(v) = &a.kind {
                    *occurrences.entry(v).or_default() += 1;
                }
            }
        }
        let actions: Vec<_> = recipe
            .predicates
            .iter()
            .filter(|p| p.name == net.primitive)
            .collect();
        assert_eq!(actions.len(), 1, "one {} in {}", net.primitive, net.text);
        let action = actions[0];
        let sig = sous_lang::signature(&action.name, action.args.len()).unwrap();
        let mut unbound = BTreeSet::new();
        for (i, arg) in action.args.iter().enumerate() {
            let ArgKind::Variable(var) = &arg.kind else {
                continue;
            };
            if sig.role(i) != ArgRole::Optional || occurrences[var.as_str()] != 1 {
                continue;
            }
            let name = sig.args[i].name;
            unbound.insert(name);
            exercised.insert((net.primitive.clone(), name.to_string()));
            let where_ = format!("{}.{name} ({var})", net.primitive);
            let default = argument_default(&net.primitive, name)
                .unwrap_or_else(|| panic!("{where_}: no entry in data/defaults.toml"));
            let expected = if default.is_structured() {
                assert!(
                    !net.situation.contains_key(name),
                    "{where_}: the fixture repeats the entry's expectation"
                );
                Expected::from(default)
            } else {
                let e = net.situation.get(name).cloned().unwrap_or_else(|| {
                    panic!("{where_}: depends on the situation; the fixture must say what it binds")
                });
                assert!(!e.is_empty(), "{where_}: an empty situation");
                e
            };
            let Some(binding) = x.binding(var) else {
                problems.push(format!("{where_}: left unbound"));
                continue;
            };
            match check(&expected, &binding.value) {
                Err(e) => problems.push(format!("{where_}: bound to {e}")),
                // A wrong expectation must be caught.
                Ok(()) => assert!(
                    check(&expected.perturbed(), &binding.value).is_err(),
                    "{where_}: {:?} passes too",
                    expected.perturbed()
                ),
            }
            checked += 1;
        }
        for name in net.situation.keys() {
            assert!(
                unbound.contains(name.as_str()),
                "{}: the situation names `{name}`, which the network does not leave unbound",
                net.primitive
            );
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    let all: BTreeSet<(String, String)> = optional_arguments();
    let untried: Vec<_> = all.difference(&exercised).collect();
    assert!(
        untried.is_empty(),
        "defaults no fixture network exercises: {untried:?}"
    );
    assert!(checked >= 46);
}

#[test]
fn a_wrong_expectation_is_caught() {
    let x = run(
        "(get-kitchen ?k)\n(fetch-and-proportion ?b ?ks1 ?k ?t butter 100 g)\n\
         (beat ?beaten ?ks2 ?ks1 ?b ?tool)\n(bring-to-temperature ?w ?ks3 ?ks2 ?beaten ?q ?u)",
    );
    let tool = &x.binding("?tool").unwrap().value;
    let whisk = Expected {
        class: Some("whisk".into()),
        ..Expected::default()
    };
    assert_eq!(check(&whisk, tool), Ok(()));
    let fork = Expected {
        class: Some("fork".into()),
        ..Expected::default()
    };
    assert!(check(&fork, tool).is_err());
    let q = &x.binding("?q").unwrap().value;
    let value = |v| Expected {
        value: Some(Num::int(v)),
        ..Expected::default()
    };
    assert_eq!(check(&value(18), q), Ok(()));
    assert!(check(&value(20), q).is_err());
    let u = &x.binding("?u").unwrap().value;
    let concept = |c: &str| Expected {
        concept: Some(c.into()),
        ..Expected::default()
    };
    assert_eq!(check(&concept("degrees-celsius"), u), Ok(()));
    assert!(check(&concept("degrees-fahrenheit"), u).is_err());
    let bowl = &x.binding("?b").unwrap().value;
    let holding = |h: &str| Expected {
        class: Some("medium-bowl".into()),
        holds: Some(h.into()),
        ..Expected::default()
    };
    assert_eq!(check(&holding("butter"), bowl), Ok(()));
    assert!(check(&holding("salted-butter"), bowl).is_err());
}

fn run(text: &str) -> sous_sim::Execution {
    let (file, diags) = sous_lang::parse("test.solution", text);
    assert!(diags.is_empty(), "{diags:?}");
    let x = sous_sim::execute(&file.recipes[0]);
    assert!(x.failures.is_empty(), "{:?}", x.failures);
    x
}
