//! `sous understand`: recipe texts (the benchmark's XML) to a `.solution`
//! file, with the baseline agent (issue 10, in progress).

use std::path::{Path, PathBuf};

use clap::Args;

use crate::run::{FAILED, INVALID, OK};

#[derive(Args, Debug)]
pub struct UnderstandArgs {
    /// Recipe files (`.xml`) or folders of them.
    inputs: Vec<PathBuf>,
    /// The 30 recipes of the benchmark (`$SOUS_BENCHMARK_DIR/data/recipe-texts`).
    #[arg(long)]
    benchmark: bool,
    /// Write the `.solution` file here instead of to standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Show, per line of each recipe, what was made of it and why.
    #[arg(long)]
    trace: bool,
}

/// The recipe files named by the arguments, folders expanded, sorted.
fn files(args: &UnderstandArgs) -> Result<Vec<PathBuf>, String> {
    let mut inputs = args.inputs.clone();
    if args.benchmark {
        let dir = std::env::var_os("SOUS_BENCHMARK_DIR").ok_or(
            "--benchmark needs SOUS_BENCHMARK_DIR: the folder of the Recipe Execution Benchmark",
        )?;
        inputs.push(Path::new(&dir).join("data/recipe-texts"));
    }
    let mut out = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut here: Vec<PathBuf> = std::fs::read_dir(&p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "xml"))
                .collect();
            here.sort();
            out.extend(here);
        } else {
            out.push(p);
        }
    }
    if out.is_empty() {
        return Err("no recipe given: name .xml files or folders, or pass --benchmark".into());
    }
    Ok(out)
}

pub fn run(args: UnderstandArgs) -> u8 {
    let paths = match files(&args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return INVALID;
        }
    };
    let mut code = OK;
    let mut solution = String::new();
    for path in paths {
        let recipe = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| sous_agent::parse_recipe(&t).map_err(|e| e.to_string()));
        let recipe = match recipe {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                code = code.max(INVALID);
                continue;
            }
        };
        let understood = sous_agent::understand(&recipe);
        if args.trace {
            eprintln!("{}:", recipe.id);
            for t in &understood.trace {
                eprintln!("  {t}");
            }
        }
        if understood
            .trace
            .iter()
            .any(|t| t.contains("not understood") || t.contains("fails"))
        {
            code = code.max(FAILED);
        }
        solution.push_str(&understood.solution());
        solution.push('\n');
    }
    match &args.output {
        Some(f) => {
            if let Err(e) = std::fs::write(f, &solution) {
                eprintln!("error: cannot write {}: {e}", f.display());
                return INVALID;
            }
        }
        None => print!("{solution}"),
    }
    code
}
