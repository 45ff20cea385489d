//! `sous`: run recipe networks in the simulated kitchen.

mod demo;
mod evaluate;
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
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

/// `--profile`: the reference's kitchen or the corrected one.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug, Default)]
pub enum ProfileArg {
    #[default]
    Reference,
    Corrected,
}

impl From<ProfileArg> for sous_sim::Profile {
    fn from(p: ProfileArg) -> Self {
        match p {
            ProfileArg::Reference => sous_sim::Profile::Reference,
            ProfileArg::Corrected => sous_sim::Profile::Corrected,
        }
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug, Default)]
pub enum Mode {
    #[default]
    Qualitative,
    Quantitative,
}

impl From<Mode> for sous_physics::Mode {
    fn from(m: Mode) -> Self {
        match m {
            Mode::Qualitative => sous_physics::Mode::Qualitative,
            Mode::Quantitative => sous_physics::Mode::Quantitative,
        }
    }
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
        #[arg(long, value_enum, default_value = "qualitative")]
        mode: Mode,
        /// Write a picture of the physics kitchen after every step into DIR
        /// (`<recipe>-step-NN.png`: the counter top and an overview).
        /// Needs `--mode quantitative`.
        #[arg(long, value_name = "DIR")]
        render: Option<std::path::PathBuf>,
        /// `reference` (default): the reference's kitchen, bugs included, so
        /// that numbers compare with published ones. `corrected`: its timing
        /// bugs fixed (every action waits for its inputs; refrigerate's time
        /// counted once; bake and boil read hours as hours). Qualitative
        /// mode only.
        #[arg(long, value_enum, default_value = "reference")]
        profile: ProfileArg,
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
    /// The baseline agent (in progress): ingredient lines are fetched and
    /// proportioned, instructions read with a verb lexicon. Exit code: 0 when
    /// every line was understood, 1 otherwise (the network is still written),
    /// 2 on unreadable input (the other recipes are still understood).
    Understand(understand::UnderstandArgs),
    /// Run the example recipes that ship with sous (no data needed).
    Demo {
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
}

fn main() -> ExitCode {
    render::install_report_handler();
    let cli = Cli::parse_from(evaluate::normalise_reference_flags(std::env::args()));
    let code = match cli.command {
        Command::Run {
            file,
            recipe,
            format,
            mode,
            render,
            profile,
        } => match (&render, mode) {
            (Some(_), Mode::Qualitative) => {
                eprintln!("error: --render draws the physics kitchen: add --mode quantitative");
                run::INVALID
            }
            _ => run::run_file(
                &file,
                recipe.as_deref(),
                format,
                mode,
                run::Action::Execute {
                    render: render.as_deref(),
                    profile: profile.into(),
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
        Command::Demo { format } => demo::run(format),
        Command::Evaluate(args) => evaluate::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Understand(args) => understand::run(args),
    };
    ExitCode::from(code)
}
