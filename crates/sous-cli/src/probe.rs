//! `sous trace` and `sous probe`: intermediate states as data.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use sous_eval::source::load;
use sous_probe::tasks::{Instance, Task};
use sous_probe::{Cooked, Trace};

use crate::run::{INVALID, OK};

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum TraceFormat {
    Table,
    Json,
    Csv,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    /// A `.solution` file.
    file: PathBuf,
    /// Only this recipe of the file.
    #[arg(long)]
    recipe: Option<String>,
    #[arg(long, value_enum, default_value = "table")]
    format: TraceFormat,
    /// The benchmark folder, for the utterance-and-meaning annotation that
    /// cuts a network into the recipe's sentences (without one: one step per action).
    #[arg(long, env = "SOUS_BENCHMARK_DIR", value_name = "DIR")]
    benchmark: Option<PathBuf>,
    /// `corrected` (default: every step waits for its inputs, so "before"
    /// and "after" mean what they mean in the recipe) or `reference`.
    #[arg(long, value_parser = crate::named_parser::<sous_sim::Profile>(), default_value = "corrected")]
    profile: sous_sim::Profile,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ProbeFormat {
    /// One instance per line.
    Jsonl,
    /// One chat (system, user, assistant) per line, for fine-tuning.
    Chat,
    /// Counts and chance rates per task, as a table.
    Stats,
    /// PizzaCommonSense's tables: one record per recipe, one row per
    /// action, inputs and outputs as short names (scored by `probe score`,
    /// exact match and ROUGE-L).
    Pcs,
    /// The NHK paper's prompts for its three tasks ("True", "a, b"), and a
    /// world-state record per step.
    Nhk,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ProbeArgs {
    #[command(subcommand)]
    command: Option<ProbeCommand>,
    #[command(flatten)]
    make: MakeArgs,
    #[arg(long, value_enum, default_value = "jsonl")]
    format: ProbeFormat,
}

/// Which instances to make, from which networks.
#[derive(Args, Debug)]
struct MakeArgs {
    /// `.solution` files, or folders of them.
    files: Vec<PathBuf>,
    /// A task, or `all` (repeatable): step-reference ingredient-usage
    /// ingredient-tracing input-output implicit-tool habitat result amount
    /// ordering lifespan.
    #[arg(long, num_args = 1.., value_delimiter = ',', default_value = "all")]
    task: Vec<String>,
    /// Seed of the sampling: the same seed gives the same instances.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// At most this many instances per recipe and task (0: all, the
    /// default; a cap draws within each recipe and can undo the balance of
    /// labels the shortcut filter made over all of them).
    #[arg(long, default_value_t = 0)]
    max_per_recipe: usize,
    /// Keep every candidate: those that trivial rules answer (the most
    /// frequent answer, the step before, word overlap, the text's order) and
    /// those about an ingredient a gold network's defect touches. By default
    /// both are left out, until no rule beats chance by more than 0.15.
    #[arg(long)]
    all_candidates: bool,
    /// The benchmark folder (for the annotation).
    #[arg(long, env = "SOUS_BENCHMARK_DIR", value_name = "DIR")]
    benchmark: Option<PathBuf>,
    /// `corrected` (default: every step waits for its inputs, so "before"
    /// and "after" mean what they mean in the recipe) or `reference`.
    #[arg(long, value_parser = crate::named_parser::<sous_sim::Profile>(), default_value = "corrected")]
    profile: sous_sim::Profile,
}

#[derive(Subcommand, Debug)]
enum ProbeCommand {
    /// Score a model's answers: accuracy per task and overall, set F1, and
    /// a confusion summary. ANSWERS has one `{"id": …, "answer": …}` per line.
    Score {
        instances: PathBuf,
        answers: PathBuf,
        /// `text` or `json`; `pcs` insists that INSTANCES are
        /// PizzaCommonSense records (`probe --format pcs`), which are
        /// otherwise recognised by their task, and prints text.
        #[arg(long, value_enum, default_value = "text")]
        format: ScoreFormat,
    },
    /// Write the instances as a task folder for another harness:
    /// `--lm-eval DIR` gives lm-evaluation-harness one YAML per task, the
    /// group `sous_probe`, the instances and a `utils.py` that scores with
    /// sous's probe scorer (`lm_eval --include_path DIR --tasks sous_probe`).
    Export {
        /// The folder to write (made if missing; its files of the same
        /// names are replaced).
        #[arg(long, value_name = "DIR")]
        lm_eval: PathBuf,
        #[command(flatten)]
        make: MakeArgs,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ScoreFormat {
    Text,
    Json,
    Pcs,
}

/// The recipes of `files` (folders searched for `*.solution`), each bad one
/// reported; whether any was bad.
fn recipes_of(
    files: &[PathBuf],
    only: Option<&str>,
) -> (Vec<(sous_lang::Recipe, Option<String>)>, bool) {
    let paths = crate::inputs::solution_files(files);
    let mut recipes = Vec::new();
    let mut bad = false;
    for p in paths {
        let loaded = load(&p);
        if let Some(d) = &loaded.fatal {
            crate::render::diagnostic(&loaded.name, &loaded.text, d);
            bad = true;
            continue;
        }
        for (r, diags) in loaded.recipes {
            if only.is_some_and(|id| !id.eq_ignore_ascii_case(&r.id)) {
                continue;
            }
            for d in &diags {
                crate::render::diagnostic(&loaded.name, &loaded.text, d);
            }
            if diags.iter().any(sous_lang::Diagnostic::is_error) {
                bad = true;
            } else {
                let stem = p.file_stem().map(|s| s.to_string_lossy().to_lowercase());
                recipes.push((r, stem));
            }
        }
    }
    (recipes, bad)
}

/// Says on stderr which recipes are cut into one step per action because no
/// annotation was found for them: their steps are the network's actions,
/// not the recipe's sentences.
fn warn_unannotated(cooked: &[Cooked], benchmark: Option<&Path>) {
    let bare: Vec<&str> = cooked
        .iter()
        .filter(|c| !c.annotated)
        .map(|c| c.recipe_id.as_str())
        .collect();
    if bare.is_empty() {
        return;
    }
    let why = match benchmark {
        None => format!(
            "no benchmark folder to read the recipe texts from ({})",
            crate::inputs::benchmark(None).err().unwrap_or_default()
        ),
        Some(b) => format!(
            "no utterance-and-meaning annotation in {} covers them",
            b.display()
        ),
    };
    eprintln!(
        "warning: {} of {} recipes have one step per action, with predicates for instructions ({why}); their instances say \"steps\": \"actions\": {}",
        bare.len(),
        cooked.len(),
        bare.join(", ")
    );
}

pub fn trace(args: TraceArgs) -> u8 {
    let (recipes, bad) = recipes_of(std::slice::from_ref(&args.file), args.recipe.as_deref());
    let benchmark = crate::inputs::benchmark(args.benchmark.as_deref()).ok();
    let cooked = sous_probe::cook_all(&recipes, benchmark.as_deref(), args.profile);
    warn_unannotated(&cooked, benchmark.as_deref());
    let traces: Vec<&Trace> = cooked.iter().map(Cooked::trace).collect();
    let out = std::io::stdout();
    let mut out = out.lock();
    let written = match args.format {
        TraceFormat::Table => traces
            .iter()
            .try_for_each(|t| writeln!(out, "{}", sous_probe::render::table(t))),
        TraceFormat::Json => traces.iter().try_for_each(|t| {
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(t).unwrap_or_default()
            )
        }),
        TraceFormat::Csv => {
            let mut w = csv::Writer::from_writer(out);
            let r = w
                .write_record(sous_probe::render::CSV_HEADER)
                .and_then(|()| {
                    traces
                        .iter()
                        .try_for_each(|t| sous_probe::render::csv_rows(t, &mut w))
                })
                .and_then(|()| w.flush().map_err(Into::into));
            r.map_err(std::io::Error::other)
        }
    };
    if let Err(e) = written {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: {e}");
            return INVALID;
        }
    }
    if bad || (recipes.is_empty() && args.recipe.is_some()) {
        if recipes.is_empty() {
            eprintln!("error: no recipe to trace");
        }
        INVALID
    } else {
        OK
    }
}

fn parse_tasks(names: &[String]) -> Result<Vec<Task>, String> {
    let mut out = Vec::new();
    for n in names {
        if n == "all" {
            out.extend(Task::ALL);
        } else {
            let t = Task::parse(n).ok_or_else(|| {
                let known: Vec<&str> = Task::ALL.iter().map(|t| t.name()).collect();
                format!("unknown task `{n}`; known: {}, all", known.join(", "))
            })?;
            out.push(t);
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The instances `make` asks for, with what they were made from.
struct Made {
    cooked: Vec<Cooked>,
    instances: Vec<Instance>,
    tasks: Vec<Task>,
    /// Whether an input was bad (said on stderr; the rest was used).
    bad: bool,
    recipes: usize,
    elapsed: std::time::Duration,
}

/// `Err` holds the exit code, after the error was said.
fn make_instances(make: &MakeArgs) -> Result<Made, u8> {
    if make.files.is_empty() {
        eprintln!("error: no input: `sous probe FILE|DIR... --task TASK` (or `sous probe score INSTANCES ANSWERS`)");
        return Err(INVALID);
    }
    let tasks = parse_tasks(&make.task).map_err(|e| {
        eprintln!("error: {e}");
        INVALID
    })?;
    let (recipes, bad) = recipes_of(&make.files, None);
    let start = std::time::Instant::now();
    let benchmark = crate::inputs::benchmark(make.benchmark.as_deref()).ok();
    let cooked: Vec<Cooked> = sous_probe::cook_all(&recipes, benchmark.as_deref(), make.profile);
    warn_unannotated(&cooked, benchmark.as_deref());
    let max = (make.max_per_recipe > 0).then_some(make.max_per_recipe);
    let instances =
        sous_probe::probe_all_with(&cooked, &tasks, make.seed, max, !make.all_candidates);
    Ok(Made {
        cooked,
        instances,
        tasks,
        bad,
        recipes: recipes.len(),
        elapsed: start.elapsed(),
    })
}

/// `sous probe export --lm-eval DIR`: the task folder, file by file.
fn export_lm_eval(dir: &Path, make: &MakeArgs) -> u8 {
    let Made { instances, bad, .. } = match make_instances(make) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if instances.is_empty() {
        eprintln!("error: no instance to export");
        return INVALID;
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot make {}: {e}", dir.display());
        return INVALID;
    }
    let files = sous_probe::lm_eval::task_folder(&instances);
    for f in &files {
        let path = dir.join(&f.name);
        if let Err(e) = std::fs::write(&path, &f.text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return INVALID;
        }
    }
    eprintln!(
        "{} instances written to {} ({} files); run them with\n  lm_eval --model local-chat-completions --model_args model=NAME,base_url=URL/chat/completions,tokenizer_backend=None --apply_chat_template --include_path {} --tasks {}",
        instances.len(),
        dir.display(),
        files.len(),
        dir.display(),
        sous_probe::lm_eval::GROUP
    );
    if bad {
        INVALID
    } else {
        OK
    }
}

pub fn probe(args: ProbeArgs) -> u8 {
    match args.command {
        Some(ProbeCommand::Score {
            instances,
            answers,
            format,
        }) => return score(&instances, &answers, format),
        Some(ProbeCommand::Export { lm_eval, make }) => return export_lm_eval(&lm_eval, &make),
        None => {}
    }
    let Made {
        cooked,
        instances,
        tasks,
        bad,
        recipes,
        elapsed,
    } = match make_instances(&args.make) {
        Ok(m) => m,
        Err(code) => return code,
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    let written = match args.format {
        ProbeFormat::Jsonl => instances
            .iter()
            .try_for_each(|i| writeln!(out, "{}", serde_json::to_string(i).unwrap_or_default())),
        ProbeFormat::Chat => instances
            .iter()
            .try_for_each(|i| writeln!(out, "{}", sous_probe::chat::chat(i))),
        ProbeFormat::Stats => write!(out, "{}", stats(&instances, &tasks, recipes, elapsed)),
        ProbeFormat::Pcs => cooked
            .iter()
            .try_for_each(|c| writeln!(out, "{}", sous_probe::pcs::record(c))),
        ProbeFormat::Nhk => (|| {
            for c in &cooked {
                for i in instances.iter().filter(|i| i.recipe_id == c.recipe_id) {
                    if let Some(r) = sous_probe::nhk::record(c, i) {
                        writeln!(out, "{r}")?;
                    }
                }
                for r in sous_probe::nhk::world_states(c) {
                    writeln!(out, "{r}")?;
                }
            }
            Ok(())
        })(),
    };
    if let Err(e) = written {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: {e}");
            return INVALID;
        }
    }
    if bad {
        INVALID
    } else {
        OK
    }
}

/// Per task: instances, recipes with at least one, the mean chance rate,
/// and the best trivial baseline (`sous_probe::baselines`) with its margin
/// over chance.
fn stats(
    instances: &[Instance],
    tasks: &[Task],
    recipes: usize,
    elapsed: std::time::Duration,
) -> String {
    let baselines = sous_probe::baselines::evaluate(instances);
    let mut s = String::from(
        "| task | instances | recipes | chance rate | best trivial baseline | its accuracy | over chance |\n|---|---|---|---|---|---|---|\n",
    );
    for &t in tasks {
        let of: Vec<&Instance> = instances.iter().filter(|i| i.task == t).collect();
        let mut with: Vec<&str> = of.iter().map(|i| i.recipe_id.as_str()).collect();
        with.dedup();
        let chance = if of.is_empty() {
            0.0
        } else {
            of.iter().map(|i| i.chance).sum::<f64>() / of.len() as f64
        };
        let best = baselines
            .iter()
            .filter(|b| b.task == t)
            .max_by(|a, b| a.accuracy.total_cmp(&b.accuracy));
        s.push_str(&format!(
            "| {} | {} | {}/{recipes} | {} | {} | {} | {} |\n",
            t.name(),
            of.len(),
            with.len(),
            if chance == 0.0 {
                "0 (free answer)".into()
            } else {
                format!("{chance:.3}")
            },
            best.map_or("—".into(), |b| b.rule.clone()),
            best.map_or("—".into(), |b| format!("{:.3}", b.accuracy)),
            best.map_or("—".into(), |b| format!("{:+.3}", b.accuracy - chance)),
        ));
    }
    s.push_str(&format!(
        "\n{} instances from {recipes} recipes in {:.0} ms\n",
        instances.len(),
        elapsed.as_secs_f64() * 1e3
    ));
    s
}

/// PizzaCommonSense records: exact match of the inputs, ROUGE-L of inputs
/// and outputs, as that paper scores them.
fn score_pcs(
    records: &[serde_json::Value],
    answers: &[serde_json::Value],
    path: &Path,
    format: crate::Format,
) -> u8 {
    let s = match sous_probe::pcs::score(records, answers) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return INVALID;
        }
    };
    if s.answered < s.rows {
        eprintln!(
            "warning: {} of {} rows have no answer in {}; they count as wrong",
            s.rows - s.answered,
            s.rows,
            path.display()
        );
    }
    match format {
        crate::Format::Json => println!("{}", serde_json::to_string_pretty(&s).unwrap_or_default()),
        crate::Format::Text => {
            println!("| recipes | rows | answered | input EMA | input ROUGE-L | output ROUGE-L |");
            println!("|---|---|---|---|---|---|");
            println!(
                "| {} | {} | {} | {:.3} | {:.3} | {:.3} |",
                s.recipes, s.rows, s.answered, s.input_ema, s.input_rouge_l, s.output_rouge_l
            );
        }
    }
    OK
}

fn score(instances: &Path, answers: &Path, format: ScoreFormat) -> u8 {
    let read = |p: &Path| -> Result<Vec<serde_json::Value>, String> {
        let text =
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        sous_probe::score::read_jsonl(&p.display().to_string(), &text).map_err(|e| e.to_string())
    };
    let (inst, ans) = match (read(instances), read(answers)) {
        (Ok(i), Ok(a)) => (i, a),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return INVALID;
        }
    };
    let is_pcs = !inst.is_empty() && inst.iter().all(|i| i["task"] == "pcs");
    if format == ScoreFormat::Pcs && !is_pcs {
        eprintln!(
            "error: {}: not PizzaCommonSense records (make them with `sous probe --format pcs`)",
            instances.display()
        );
        return INVALID;
    }
    let format = match format {
        ScoreFormat::Json => crate::Format::Json,
        ScoreFormat::Text | ScoreFormat::Pcs => crate::Format::Text,
    };
    if is_pcs {
        return score_pcs(&inst, &ans, answers, format);
    }
    // World-state records (NHK) have no single right answer to score.
    let inst: Vec<serde_json::Value> = inst
        .into_iter()
        .filter(|i| i["task"] != "world-state")
        .collect();
    let s = match sous_probe::score::score(&inst, &ans) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", answers.display());
            return INVALID;
        }
    };
    if s.unanswered > 0 {
        eprintln!(
            "warning: {} of {} instances have no answer in {}; they count as wrong (and as F1 0)",
            s.unanswered,
            s.overall.instances,
            answers.display()
        );
    }
    match format {
        crate::Format::Json => println!("{}", serde_json::to_string_pretty(&s).unwrap_or_default()),
        crate::Format::Text => {
            println!("| task | instances | answered | accuracy | set F1 | chance | exact / partial / wrong / missing |");
            println!("|---|---|---|---|---|---|---|");
            let row = |name: &str, t: &sous_probe::score::TaskScore| {
                let c = |k: &str| t.confusion.get(k).copied().unwrap_or(0);
                println!(
                    "| {name} | {} | {} | {:.3} | {} | {:.3} | {} / {} / {} / {} |",
                    t.instances,
                    t.answered,
                    t.accuracy,
                    t.f1.map_or("—".into(), |f| format!("{f:.3}")),
                    t.chance,
                    c("exact"),
                    c("partial"),
                    c("wrong"),
                    c("missing")
                );
            };
            for (name, t) in &s.tasks {
                row(name, t);
            }
            row("overall", &s.overall);
            for (name, t) in &s.tasks {
                let cells: Vec<String> = ["true-true", "true-false", "false-true", "false-false"]
                    .iter()
                    .filter_map(|k| t.confusion.get(*k).map(|n| format!("{k}: {n}")))
                    .collect();
                if !cells.is_empty() {
                    println!("{name} (expected-given): {}", cells.join(", "));
                }
            }
        }
    }
    OK
}
