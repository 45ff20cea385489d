//! The evaluator: a fuzzed prediction scored against a gold network of the
//! benchmark (`SOUS_BENCHMARK_DIR`) with all four metrics and the
//! explanation. The recipe id picks the gold network; a prediction without
//! a header is scored as almond-crescent-cookies.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sous_eval::{GoldStandard, MetricSet, Options};

fn gold() -> &'static GoldStandard {
    static GOLD: OnceLock<GoldStandard> = OnceLock::new();
    GOLD.get_or_init(|| {
        let dir = std::env::var_os("SOUS_BENCHMARK_DIR")
            .expect("set SOUS_BENCHMARK_DIR to the benchmark checkout");
        let dir = std::path::Path::new(&dir).join("data/gold-standard-solutions/meaning-only");
        GoldStandard::load(&dir).expect("the gold networks load")
    })
}

fuzz_target!(|data: &[u8]| {
    let gold = gold();
    let mut loaded = sous_eval::source::load_text("fuzz.solution".into(), data.to_vec());
    let options = Options {
        metrics: MetricSet::ALL,
        explain: true,
        ..Options::default()
    };
    for (recipe, diags) in &mut loaded.recipes {
        if recipe.id == "network" {
            recipe.id = "almond-crescent-cookies".into();
        }
        let report = sous_eval::evaluate_recipe(recipe, diags, gold, &options);
        let _ = serde_json::to_string(&report).expect("reports serialise");
        let _ = sous_eval::text::explanation(&report);
    }
});
