//! Prints the trace of a network as JSON: `cargo run -p sous-probe --example trace FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("a .solution file");
    let text = std::fs::read_to_string(&path).expect("readable");
    let (file, _) = sous_lang::parse(&path, &text);
    let recipe = &file.recipes[0];
    let bench = std::env::var("SOUS_BENCHMARK_DIR").unwrap_or_default();
    let ann = sous_probe::Annotation::of_benchmark(std::path::Path::new(&bench), &recipe.id);
    let c = sous_probe::Cooked::new(recipe, ann.as_ref());
    println!(
        "{}",
        serde_json::to_string_pretty(&sous_probe::Trace::new(&c)).unwrap()
    );
}
