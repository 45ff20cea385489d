//! `sous`: run recipe networks in the simulated kitchen.

mod demo;
mod evaluate;
mod grammar;
mod inputs;
mod physics;
mod probe;
mod render;
mod run;
mod serve;
mod understand;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// mimalloc rather than the system allocator: a simulation copies kitchen
/// entities on write and frees them all at the end, and with glibc's malloc
/// that was a fifth of the CPU time of a `POST /api/execute` (measured with
/// `cargo bench -p sous-server`, which uses it too).
#[global_allocator]
static ALLOCATOR: sous_alloc::Allocator = sous_alloc::Allocator;

#[derive(Parser)]
#[command(
    name = "sous",
    version,
    about = "Recipe understanding toolkit: run MUHAI Cooking Language networks in a simulated kitchen and score them against the Recipe Execution Benchmark"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Format {
    Text,
    Json,
}

pub use sous_sim::Mode;

/// `--mode`, `--profile`: the simulator's own names (`sous_sim::Named`),
/// listed in help.
pub fn named_parser<T: sous_sim::Named>() -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(T::all().iter().map(|v| v.name()))
        .map(|name| T::named(&name).unwrap_or_default())
}

#[derive(Subcommand)]
enum Command {
    /// Execute the recipe network(s) in FILE from the full kitchen.
    ///
    /// Exit code: 0 when every action ran, 1 when an action failed or a
    /// network has no solution, 2 on invalid input.
    Run {
        /// A `.solution` file: `#recipe-id` headers, one predicate per line.
        file: std::path::PathBuf,
        /// Only this recipe of the file.
        #[arg(long)]
        recipe: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Which simulator carries out the actions: the symbolic kitchen
        /// alone, or also the physics kitchen (poses, particles, mass balance).
        #[arg(long, value_parser = named_parser::<Mode>(), default_value = "qualitative")]
        mode: Mode,
        /// Write a picture of the physics kitchen after every step into DIR
        /// (`<recipe>-step-NN.png`: the counter top and an overview).
        /// Needs `--mode quantitative`.
        #[arg(long, value_name = "DIR")]
        render: Option<std::path::PathBuf>,
        /// Write the physics kitchen after every step into DIR as binary
        /// glTF 2.0 (`<recipe>-step-NN.glb`: one node per place, body and
        /// particle portion), for any 3D viewer. Needs `--mode quantitative`.
        #[arg(long, value_name = "DIR")]
        export_gltf: Option<std::path::PathBuf>,
        /// `reference` (default): the reference's kitchen, bugs included, so
        /// that numbers compare with published ones. `corrected`: its bugs
        /// fixed (every action waits for its inputs; refrigerate's time
        /// counted once; bake and boil read hours as hours; stocks stay
        /// right and a short one fails the fetch; top-with tops batter; a
        /// crash becomes a failed action). Both modes.
        #[arg(long, value_parser = crate::named_parser::<sous_sim::Profile>(), default_value = "reference")]
        profile: sous_sim::Profile,
    },
    /// Check FILE without executing it.
    Check { file: std::path::PathBuf },
    /// Score predicted networks against the benchmark's gold standard.
    ///
    /// Accepts the reference evaluator's flags (`-input F -output F.csv
    /// -metrics … -show-output t -lib-dir D`). Exit code: 0 when every recipe
    /// was scored, 1 when a network has no solution (its scores are NIL),
    /// 2 on invalid input (the other recipes are still evaluated).
    Evaluate(evaluate::EvaluateArgs),
    /// Serve the simulator and evaluator over HTTP (JSON API under /api).
    Serve(serve::ServeArgs),
    /// Turn recipe texts (the benchmark's XML) into a network file.
    ///
    /// By default the baseline agent reads them (offline, deterministic:
    /// ingredient lines fetched and proportioned, instructions read with a
    /// verb lexicon, every action executed before it is kept); `--agent llm`
    /// asks a language model instead. Exit code: 0 when
    /// every line was understood, 1 otherwise (the network is still written),
    /// 2 on unreadable input (the other recipes are still understood).
    Understand(Box<understand::UnderstandArgs>),
    /// One row per step of an executed network: the instruction, its
    /// actions, the comestibles in and out (described from the simulation),
    /// the tools and the place; then each ingredient's timeline.
    ///
    /// Steps are the recipe's sentences where the benchmark's
    /// utterance-and-meaning annotation covers the network, else one per
    /// action. Exit code: 0, or 2 on invalid input (the other recipes are
    /// still traced).
    Trace(probe::TraceArgs),
    /// Probing tasks with exact answers generated by simulation (one JSON
    /// object per line), or `sous probe score INSTANCES ANSWERS`.
    Probe(probe::ProbeArgs),
    /// The physics kitchen's own checks: `sous physics calibrate` runs
    /// standard kitchen situations with the heat law against what real
    /// kitchens measure.
    Physics(physics::PhysicsArgs),
    /// Run the example recipes that ship with sous (no data needed).
    Demo {
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Print a grammar of the cooking language, generated from the
    /// primitives' signatures and the kitchen's names, for constrained
    /// decoding (llama.cpp's `grammar`, vLLM's structured outputs) or for
    /// checking networks with another parser.
    Grammar {
        /// `gbnf` (llama.cpp; `ebnf` is the same text, which xgrammar reads)
        /// or `lark` (Python's Lark, Earley).
        #[arg(long, value_parser = ["gbnf", "ebnf", "lark"], default_value = "gbnf")]
        format: String,
        /// What the root accepts: `network` (predicates, one a line: what a
        /// model writes) or `file` (a whole .solution file, with headers,
        /// comments and blank lines).
        #[arg(long, value_parser = ["network", "file"], default_value = "network")]
        start: String,
        /// Instead, the grammar of the next action after the network of
        /// this file, as `--incremental --constrain grammar` sends it: the
        /// current kitchen state, bound variables of fitting classes,
        /// fresh outputs, or `(done)`.
        #[arg(long, value_name = "FILE")]
        after: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    // Quit quietly when the reader of our output goes away (`sous run … |
    // head`), as Unix tools do, instead of panicking on the write.
    sigpipe::reset();
    render::install_report_handler();
    let cli = Cli::parse_from(evaluate::normalise_reference_flags(std::env::args()));
    let code = match cli.command {
        Command::Run {
            file,
            recipe,
            format,
            mode,
            render,
            export_gltf,
            profile,
        } => match (&render, &export_gltf, mode) {
            (Some(_), _, Mode::Qualitative) => {
                eprintln!("error: --render draws the physics kitchen: add --mode quantitative");
                run::INVALID
            }
            (_, Some(_), Mode::Qualitative) => {
                eprintln!(
                    "error: --export-gltf exports the physics kitchen: add --mode quantitative"
                );
                run::INVALID
            }
            _ => run::run_file(
                &file,
                recipe.as_deref(),
                format,
                mode,
                run::Action::Execute {
                    render: render.as_deref(),
                    export_gltf: export_gltf.as_deref(),
                    profile,
                },
            ),
        },
        Command::Check { file } => run::run_file(
            &file,
            None,
            Format::Text,
            Mode::Qualitative,
            run::Action::Check,
        ),
        Command::Trace(args) => probe::trace(args),
        Command::Probe(args) => probe::probe(args),
        Command::Demo { format } => demo::run(format),
        Command::Grammar {
            format,
            start,
            after,
        } => grammar::run(&format, &start, after.as_deref()),
        Command::Evaluate(args) => evaluate::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Understand(args) => understand::run(*args),
        Command::Physics(args) => physics::run(args),
    };
    ExitCode::from(code)
}
