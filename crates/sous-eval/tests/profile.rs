//! `--profile corrected` in the evaluator: the prediction and the gold
//! network both run in the corrected kitchen, so a gold network still scores
//! 1.0 against itself there, with the corrected time.

mod common;

use sous_eval::{MetricSet, Options};
use sous_sim::Profile;

#[test]
fn gold_networks_score_against_the_gold_of_their_own_kitchen() {
    let gold = common::current_gold();
    for (recipe, reference_time, corrected_time) in [
        ("broccoli-salad", 2_074_340.0, 87_140.0),
        ("bisquick-shortcake-biscuits", 1_145.0, 1_625.0),
        ("almond-crescent-cookies", 2_600.0, 2_600.0),
    ] {
        for (profile, time) in [
            (Profile::Reference, reference_time),
            (Profile::Corrected, corrected_time),
        ] {
            let options = Options {
                metrics: MetricSet::default(),
                profile,
                ..Options::default()
            };
            let path = common::gold_file(&common::gold_current_dir(), recipe);
            let r = &common::evaluate_file(&path, &gold, &options)[0];
            assert_eq!(
                (
                    r.goal_condition_success,
                    r.dish_approximation_score,
                    r.execution_time
                ),
                (Some(1.0), Some(1.0), Some(time)),
                "{recipe} in the {} profile",
                profile.name()
            );
        }
    }
}

#[test]
fn the_cupcakes_gold_scores_itself_perfectly_once_top_with_tops_batter() {
    // The reference refuses to top portions of batter, so its gold run bakes
    // nothing: 0.95 / 0.01 against itself. The corrected kitchen tops them.
    let gold = common::current_gold();
    let path = common::gold_file(
        &common::gold_current_dir(),
        "chocolate-cream-cheese-cupcakes",
    );
    let score = |profile| {
        let options = Options {
            metrics: MetricSet::default(),
            profile,
            ..Options::default()
        };
        let r = &common::evaluate_file(&path, &gold, &options)[0];
        (
            r.goal_condition_success
                .map(|g| (g * 100.0).round() / 100.0),
            r.dish_approximation_score
                .map(|d| (d * 100.0).round() / 100.0),
            r.execution_time,
        )
    };
    assert_eq!(
        score(Profile::Reference),
        (Some(0.95), Some(0.01), Some(2710.0))
    );
    assert_eq!(
        score(Profile::Corrected),
        (Some(1.0), Some(1.0), Some(2710.0))
    );
}
