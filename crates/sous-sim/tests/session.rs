//! The incremental session against the whole-network search: the 30 gold
//! networks added predicate by predicate, in file order, run as they run
//! whole (same actions, same bindings and times; only object ids differ,
//! since constants get theirs when their action is added). Both profiles.

use sous_sim::{execute_with, Options, Profile, Session};

#[test]
fn the_gold_networks_added_one_by_one_run_as_they_run_whole() {
    for profile in [Profile::Reference, Profile::Corrected] {
        let options = Options {
            profile,
            ..Options::default()
        };
        for (recipe, _) in sous_testdata::gold_recipes() {
            let whole = execute_with(&recipe, options);
            let mut s = Session::new(&recipe.id, options, None);
            for p in &recipe.predicates {
                s.add(p).unwrap();
            }
            let x = s.execution();
            let id = &recipe.id;
            assert_eq!(x.solved, whole.solved, "{id} ({profile:?})");
            assert_eq!(x.execution_time(), whole.execution_time(), "{id}");
            let texts = |x: &sous_sim::Execution| {
                let mut t: Vec<String> = x
                    .steps
                    .iter()
                    .map(|s| {
                        let a = &x.network.actions[s.action];
                        format!("{} {} {} {}", a.text, s.start, s.end, s.kitchen_time)
                    })
                    .collect();
                t.sort();
                t
            };
            assert_eq!(texts(&x), texts(&whole), "{id}: the steps differ");
            let failures = |x: &sous_sim::Execution| {
                let mut f: Vec<String> = x.failures.iter().map(|f| f.message.clone()).collect();
                f.sort();
                f
            };
            assert_eq!(failures(&x), failures(&whole), "{id}: the failures differ");
            for v in whole
                .network
                .variables
                .iter()
                .filter(|v| v.constant.is_none())
            {
                let (a, b) = (x.binding(&v.name), whole.binding(&v.name));
                assert_eq!(
                    a.map(|b| (b.value.class_name().to_string(), b.available_at)),
                    b.map(|b| (b.value.class_name().to_string(), b.available_at)),
                    "{id}: {}",
                    v.name
                );
            }
        }
    }
}
