//! `sous evaluate` on several inputs (files, folders, `-`): each read one
//! recipe at a time and scored in chunks on all cores, reports written as
//! they come in input order, so that memory does not grow with the number
//! of predictions. A bad file is reported and skipped.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;

use sous_eval::report::RecipeReport;
use sous_eval::{csv, text, GoldStandard, Options};

use super::output::{exit_code, warn_failures, EvalFormat};
use crate::run::{INVALID, OK};

pub struct Settings {
    pub format: EvalFormat,
    pub explain: bool,
    pub output: Option<PathBuf>,
    pub jobs: Option<usize>,
}

pub fn run(inputs: &[PathBuf], gold: &GoldStandard, options: &Options, settings: &Settings) -> u8 {
    if let Some(jobs) = settings.jobs {
        // The process's pool: this is the only evaluation it runs.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build_global();
    }
    let mut results = match &settings.output {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => {
                let mut w = std::io::BufWriter::new(f);
                let header = csv::header(options.metrics, options.exact_smatch);
                let _ = writeln!(w, "file,{header}");
                Some(w)
            }
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                return INVALID;
            }
        },
        None => None,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut code = OK;
    let mut first_json = true;
    // Root causes of each kind, over the recipes scored with errors.
    let mut totals = vec![0usize; sous_eval::errors::ErrorKind::ALL.len()];
    let mut counted = 0usize;
    if settings.format == EvalFormat::Json {
        let _ = write!(out, "[");
    }
    for path in crate::inputs::solution_files(inputs) {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::new(std::io::stdin()))
        } else {
            match std::fs::File::open(&path) {
                Ok(f) => Box::new(BufReader::new(f)),
                Err(e) => {
                    eprintln!("error: cannot read {name}: {e} (skipped)");
                    code = code.max(INVALID);
                    continue;
                }
            }
        };
        let mut emit = |r: RecipeReport| {
            code = code.max(problem_code(&name, &r));
            if let Some(w) = results.as_mut() {
                let row = csv::row(&r, options.metrics, options.exact_smatch);
                let _ = writeln!(w, "{},{row}", csv_field(&name));
            }
            let _ = match settings.format {
                EvalFormat::Jsonl => writeln!(out, "{}", r.json_with_file(&name)),
                EvalFormat::Json => {
                    let sep = if first_json { "\n" } else { ",\n" };
                    first_json = false;
                    write!(out, "{sep}{}", r.json_with_file(&name))
                }
                EvalFormat::Text => {
                    let mut s = format!("{name}: {}", text::scores(&r, options.metrics));
                    if settings.explain {
                        let e = text::explanation(&r);
                        if !e.is_empty() {
                            s.push_str(&e);
                            s.push('\n');
                        }
                    }
                    if let Some(errors) = &r.errors {
                        s.push_str(&text::errors(errors));
                        for (t, c) in totals
                            .iter_mut()
                            .zip(sous_eval::errors::root_causes(errors))
                        {
                            *t += c;
                        }
                        counted += 1;
                    }
                    write!(out, "{s}")
                }
            };
        };
        let read = sous_eval::batch::evaluate_reader(
            reader,
            &name,
            gold,
            options,
            sous_eval::batch::CHUNK,
            &mut emit,
        );
        let _ = out.flush();
        match read {
            Ok(0) => {
                eprintln!("error: {name}: no recipe in this input (skipped)");
                code = code.max(INVALID);
            }
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: {name}: {e} (the rest of this input is skipped)");
                code = code.max(INVALID);
            }
        }
    }
    if settings.format == EvalFormat::Json {
        let _ = writeln!(out, "\n]");
    }
    if options.errors && settings.format == EvalFormat::Text && counted > 1 {
        let _ = write!(out, "\n{}", text::error_totals(&totals, counted));
    }
    let _ = out.flush();
    if let Some(mut w) = results {
        if let Err(e) = w.flush() {
            eprintln!("error: cannot write the CSV: {e}");
            code = code.max(INVALID);
        }
    }
    code
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Reports a recipe's problem on standard error; the exit code it calls for.
fn problem_code(name: &str, r: &RecipeReport) -> u8 {
    warn_failures(name, r);
    match &r.problem {
        None => OK,
        Some(p) => {
            let at = p
                .line
                .map_or(String::new(), |l| format!(":{l}:{}", p.column.unwrap_or(1)));
            eprintln!("error: {name}{at}: {}: {}", r.recipe_id, p.message);
            exit_code(p)
        }
    }
}
