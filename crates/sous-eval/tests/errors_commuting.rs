//! Additions commute: two ingredients poured into one container in the
//! other order (the sugar before the butter) make no error, wherever the
//! gold networks pour two things into one container one after the other.

use sous_eval::errors::against_gold;

#[test]
fn swapping_two_additions_into_one_container_is_no_error() {
    let mut swapped = 0;
    for (gold, _) in sous_testdata::gold_recipes() {
        let p = &gold.predicates;
        for b in 0..p.len() {
            if p[b].name != "transfer-contents" || p[b].args.len() < 6 {
                continue;
            }
            // The addition before it into the same container: the one whose
            // output container `b` pours into.
            let Some(into) = p[b].args[4].as_variable() else {
                continue;
            };
            let Some(a) = (0..p.len()).find(|&a| {
                p[a].name == "transfer-contents"
                    && p[a].args.len() >= 6
                    && p[a].args[0].as_variable() == Some(into)
            }) else {
                continue;
            };
            // Only a chain: what `a` made is poured into once.
            let pours_into = |x: &sous_lang::Predicate| {
                x.name == "transfer-contents"
                    && x.args.get(4).and_then(|v| v.as_variable()) == Some(into)
            };
            if p.iter().filter(|x| pours_into(x)).count() != 1 {
                continue;
            }
            let mut edited = gold.clone();
            let what_a = edited.predicates[a].args[5].clone();
            edited.predicates[a].args[5] = edited.predicates[b].args[5].clone();
            edited.predicates[b].args[5] = what_a;
            let errors = against_gold(&edited, &gold);
            assert!(
                errors.is_empty(),
                "{}: lines {} and {} swapped: {errors:#?}",
                gold.id,
                p[a].span.line,
                p[b].span.line
            );
            swapped += 1;
        }
    }
    assert!(swapped >= 30, "only {swapped} pairs of additions swapped");
    eprintln!("{swapped} pairs of additions swapped, no error");
}
