//! Properties of the simulator and the evaluator, checked on generated
//! inputs (proptest). Each holds for a reason:
//!
//! 1. **Line order and variable names change neither an execution nor a
//!    score** (goal-condition success, dish, time). The engine tries actions
//!    in a canonical order of their text with variables ignored for ids
//!    (`Network::prepare`), and the evaluator compares kitchen objects, not
//!    names. (Smatch's hill climbing is order-dependent, as the reference's
//!    is; its exact optimum is not, and is checked in 4.)
//! 2. **Text round-trips**: printing a parsed network and parsing it again
//!    gives the same predicates (the parser and `Display` are inverse), and
//!    a single-float printed the way SBCL prints it reads back to the same
//!    bits (`lisp_single` is shortest round-trip printing).
//! 3. **A gold network scores against itself as `gold-self-scores.tsv`
//!    says**, however its lines are ordered and its variables named (1 and
//!    the reference's own self-scores).
//! 4. **Smatch is symmetric in what it counts**: the exact optimum matches
//!    as many triples from A to B as from B to A, so precision and recall
//!    swap when the networks swap. The reference's hill climbing is not
//!    symmetric (it maps the first network's nodes onto the second's and
//!    stops at local optima): what holds for it, and is asserted, is that it
//!    never beats the exact optimum in either direction.
//! 5. **Resource bounds**: any network of up to 40 predicates built from
//!    the language's primitives, with variables shared at random, executes
//!    without a panic and within the search's bound on work
//!    (`Options::max_primitive_runs`), and is scored with all four metrics.

mod common;

use proptest::prelude::*;
use sous_eval::smatch::{smatch, smatch_exact, ExactLimits, SmatchOptions};
use sous_eval::{GoldStandard, MetricSet, Options};

fn gold() -> &'static GoldStandard {
    static G: std::sync::OnceLock<GoldStandard> = std::sync::OnceLock::new();
    G.get_or_init(common::current_gold)
}

/// The 30 gold networks: (recipe id as scored, file text).
fn gold_texts() -> &'static Vec<(String, String)> {
    static T: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        common::tsv(&common::spec_dir().join("expected/gold-self-scores.tsv"))
            .into_iter()
            .map(|row| {
                let text =
                    std::fs::read_to_string(common::gold_current_dir().join(&row[0])).unwrap();
                (row[1].clone(), text)
            })
            .collect()
    })
}

/// `text` with its predicate lines in `order` and every variable renamed
/// with `prefix`.
fn rewrite(text: &str, order: &[usize], prefix: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('('))
        .collect();
    let mut out = String::from("#rewritten\n");
    for &i in order {
        let renamed: Vec<String> = lines[i % lines.len()]
            .split(' ')
            .map(|t| match t.strip_prefix('?') {
                Some(rest) => format!("?{prefix}{rest}"),
                None => match t.strip_prefix("(?") {
                    Some(rest) => format!("(?{prefix}{rest}"),
                    None => t.to_string(),
                },
            })
            .collect();
        out.push_str(&renamed.join(" "));
        out.push('\n');
    }
    out
}

fn score(recipe_id: &str, text: &str) -> (Option<f64>, Option<f64>, Option<f64>, bool) {
    let loaded = sous_eval::source::load_text("p.solution".into(), text.as_bytes().to_vec());
    let (mut recipe, diags) = loaded.recipes.into_iter().next().expect("a recipe");
    recipe.id = recipe_id.to_string();
    let x = sous_sim::execute(&recipe);
    let r = sous_eval::evaluate_recipe(&recipe, &diags, gold(), &Options::default());
    (
        r.goal_condition_success,
        r.dish_approximation_score,
        r.execution_time,
        x.solved,
    )
}

fn permutation(max: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..max).collect::<Vec<usize>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// 1 and 3.
    #[test]
    fn order_and_names_change_nothing(
        which in 0usize..30,
        order in permutation(60),
        prefix in "[a-z]{1,6}-",
    ) {
        let (id, text) = &gold_texts()[which];
        let n = text.lines().filter(|l| l.trim_start().starts_with('(')).count();
        let order: Vec<usize> = order.into_iter().filter(|&i| i < n).collect();
        prop_assume!(order.len() == n);
        let identity: Vec<usize> = (0..n).collect();
        let original = score(id, &rewrite(text, &identity, ""));
        let changed = score(id, &rewrite(text, &order, &prefix));
        prop_assert_eq!(original, changed);
        // The reference's self-score (tsv), equal to the 6 decimals it has.
        let row = common::tsv(&common::spec_dir().join("expected/gold-self-scores.tsv"))
            .into_iter()
            .find(|r| &r[1] == id)
            .unwrap();
        let six = |a: Option<f64>| a.map_or("NIL".to_string(), |v| format!("{v:.6}"));
        prop_assert!(six(changed.0) == row[2] && six(changed.1) == row[3]
            && changed.2 == Some(row[4].parse::<f64>().unwrap()),
            "{id}: {changed:?} vs {row:?}");
    }

    /// 2, networks.
    #[test]
    fn printing_and_parsing_round_trip(which in 0usize..30, prefix in "[a-z]{0,4}") {
        let (_, text) = &gold_texts()[which];
        let n = text.lines().filter(|l| l.trim_start().starts_with('(')).count();
        let once = rewrite(text, &(0..n).collect::<Vec<_>>(), &prefix);
        let (file, diags) = sous_lang::parse("a.solution", &once);
        prop_assert!(diags.is_empty());
        let printed: String = std::iter::once("#rewritten".to_string())
            .chain(file.recipes[0].predicates.iter().map(|p| p.to_string()))
            .collect::<Vec<_>>()
            .join("\n");
        let (again, _) = sous_lang::parse("b.solution", &printed);
        let a: Vec<String> = file.recipes[0].predicates.iter().map(|p| p.to_string()).collect();
        let b: Vec<String> = again.recipes[0].predicates.iter().map(|p| p.to_string()).collect();
        prop_assert_eq!(a, b);
    }

    /// 2, single-floats.
    #[test]
    fn single_floats_print_and_read_back(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        prop_assume!(x.is_finite());
        let text = sous_lang::lisp_single(x);
        let digits = text.replace("d0", "").replace('d', "e");
        prop_assert_eq!(digits.parse::<f32>().map(f32::to_bits), Ok(bits), "{}", text);
    }

    /// 4, on the first lines of two gold networks (small enough for the
    /// exact search to close in a test).
    #[test]
    fn smatch_counts_the_same_both_ways(a in 0usize..30, b in 0usize..30, n in 2usize..9, m in 2usize..9) {
        let read = |which: usize, k: usize| {
            let (_, text) = &gold_texts()[which];
            let (file, _) = sous_lang::parse("x.solution", text);
            file.recipes[0].predicates.iter().take(k).cloned().collect::<Vec<_>>()
        };
        let (x, y) = (read(a, n), read(b, m));
        let limits = ExactLimits::default();
        let (xy, yx) = (smatch_exact(&x, &y, &limits), smatch_exact(&y, &x, &limits));
        prop_assert!(xy.proven_optimal && yx.proven_optimal);
        prop_assert_eq!(xy.score.matches, yx.score.matches);
        prop_assert!((xy.score.precision - yx.score.recall).abs() < 1e-12);
        prop_assert!((xy.score.recall - yx.score.precision).abs() < 1e-12);
        let options = SmatchOptions::default();
        prop_assert!(smatch(&x, &y, &options).matches <= xy.score.matches);
        prop_assert!(smatch(&y, &x, &options).matches <= yx.score.matches);
    }

    /// 5.
    #[test]
    fn any_small_network_runs_within_bounds(
        picks in proptest::collection::vec((0usize..64, proptest::collection::vec(0usize..24, 0..10)), 1..40),
    ) {
        let sigs: Vec<&sous_lang::Signature> = sous_lang::SIGNATURES.iter().collect();
        let constants = ["butter", "white-sugar", "egg", "230", "g", "piece", "1", "medium-bowl",
                         "baking-tray", "20", "minute", "180", "degrees-celsius", "ball-shape"];
        let mut text = String::from("#random\n(get-kitchen ?v0)\n");
        for (sig, args) in &picks {
            let sig = sigs[sig % sigs.len()];
            let mut line = format!("({}", sig.name);
            for i in 0..sig.arity() {
                let k = args.get(i).copied().unwrap_or(i);
                if k % 5 == 4 {
                    line.push_str(&format!(" {}", constants[k % constants.len()]));
                } else {
                    line.push_str(&format!(" ?v{}", k % 12));
                }
            }
            line.push_str(")\n");
            text.push_str(&line);
        }
        let loaded = sous_eval::source::load_text("random.solution".into(), text.into_bytes());
        for (recipe, diags) in &loaded.recipes {
            if diags.iter().any(sous_lang::Diagnostic::is_error) {
                continue;
            }
            let x = sous_sim::execute(recipe);
            prop_assert!(x.primitive_runs <= sous_sim::Options::default().max_primitive_runs + 1);
            let mut recipe = recipe.clone();
            recipe.id = "almond-crescent-cookies".into();
            let options = Options { metrics: MetricSet::ALL, explain: true, ..Options::default() };
            let r = sous_eval::evaluate_recipe(&recipe, diags, gold(), &options);
            prop_assert_eq!(r.recipe_id, "almond-crescent-cookies");
        }
    }
}
