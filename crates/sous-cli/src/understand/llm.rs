//! `sous understand --agent llm`: its flags, the agent, transcript and
//! earlier results they make, and the run over the recipes (up to
//! `--jobs` in flight at once; what the `--resume` transcript finished is
//! taken from it, not asked again).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, ValueEnum};
use sous_agent::llm::batch::{Batch, RecipeRun};
use sous_agent::llm::client::ServerKind;
use sous_agent::llm::fit::{counter, served_context, Budget};
use sous_agent::llm::transcript::{self, Previous};
use sous_agent::llm::{Client, LlmAgent, LlmConfig, Prices, Protocol, Transcript};
use sous_agent::RecipeText;

/// The flags of `--agent llm`.
#[derive(Args, Debug)]
pub struct LlmArgs {
    /// The OpenAI-compatible endpoint (`http://127.0.0.1:8080/v1`, or a URL
    /// ending in `/chat/completions`). Nothing is sent anywhere without it.
    #[arg(long, value_name = "URL")]
    pub llm_url: Option<String>,
    /// The model name sent with each request.
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,
    /// The environment variable holding the API key, sent as a Bearer token
    /// (default: OPENAI_API_KEY when it is set).
    #[arg(long, value_name = "VAR")]
    pub api_key_env: Option<String>,
    /// How the model gives the network: `text` (it writes the network,
    /// repaired from the checks' feedback) or `tools` (it calls one
    /// primitive at a time as a function tool, each run at once).
    #[arg(long, value_enum)]
    pub protocol: Option<ProtocolArg>,
    /// Repair rounds: how often the checks' findings go back to the model.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub max_repairs: usize,
    /// With `--protocol tools`: the most tool calls for one recipe.
    #[arg(long, value_name = "N")]
    pub max_calls: Option<usize>,
    /// With `--protocol tools`: end the conversation when the model makes
    /// the same failing call this many times in a row (0: never).
    #[arg(long, value_name = "N")]
    pub max_repeated_failures: Option<usize>,
    /// One instruction at a time, the kitchen shown to the model before
    /// each; with `--constrain grammar`, one action a request, each under
    /// the grammar of what the network has bound (`sous grammar --after`).
    #[arg(long)]
    pub incremental: bool,
    /// Append every exchange (request, answer, tokens, timing) and each
    /// recipe's result to this JSONL file.
    #[arg(long, value_name = "FILE.jsonl")]
    pub transcript: Option<PathBuf>,
    /// Go on with the run this transcript records: recipes it finished are
    /// taken from it, the others asked; new lines are appended to it.
    #[arg(long, value_name = "FILE.jsonl")]
    pub resume: Option<PathBuf>,
    /// Recipes in flight at once (each one's conversation stays in order).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Sampling temperature sent with each request.
    #[arg(long, value_name = "T", default_value_t = 0.0)]
    pub temperature: f64,
    /// Seed sent with each request (endpoints that honour it repeat themselves).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Price of a million prompt tokens (any currency), for the cost.
    #[arg(long, value_name = "PRICE")]
    pub price_in: Option<f64>,
    /// Price of a million completion tokens.
    #[arg(long, value_name = "PRICE")]
    pub price_out: Option<f64>,
    /// Write one JSON summary of the run here: model, settings, each
    /// recipe's scores (with `--evaluate`), tokens, cost and seconds, and
    /// the totals (`tools/llm_table.py` makes the comparison table of docs/llm.md from them).
    /// The baseline agent writes one too, with no model and no tokens.
    #[arg(long, value_name = "FILE.json")]
    pub summary: Option<PathBuf>,
    /// A name for the run in its summary and in the comparison table.
    #[arg(long, value_name = "TEXT", requires = "summary")]
    pub label: Option<String>,
    /// Seconds one request may take.
    #[arg(long, value_name = "SECS", default_value_t = 120)]
    pub timeout: u64,
    /// Gold networks to show as examples (never the recipe's own family).
    /// Default: `$SOUS_BENCHMARK_DIR/data/gold-standard-solutions/meaning-only`.
    #[arg(long, value_name = "DIR")]
    pub examples: Option<PathBuf>,
    /// How many examples.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub example_count: usize,
    /// `grammar`: the server decodes under a grammar of the language,
    /// generated from the primitives' signatures and the kitchen's names
    /// (`sous grammar`), so the model writes only predicates of the
    /// language (the text protocol; the server must take a grammar:
    /// llama.cpp, llama-cpp-python or vLLM).
    #[arg(long, value_enum, default_value = "none")]
    pub constrain: ConstrainArg,
    /// Which server answers, for the field the grammar goes in: `auto`
    /// asks the server (llama.cpp's `/props`, vLLM's `/version`,
    /// llama-cpp-python's model list).
    #[arg(long, value_enum, default_value = "auto")]
    pub server_kind: ServerKindArg,
    /// The context the server serves, in tokens: every request is fitted
    /// into it, answer included (examples, then the full reference, then
    /// unmentioned ingredient names are left out), and one that cannot fit
    /// is never sent. Default: what the server says (llama.cpp's `/props`,
    /// vLLM's model list); without either, requests are sent as they are.
    #[arg(long, value_name = "N")]
    pub context_tokens: Option<usize>,
    /// The tokens each answer may take (sent as `max_tokens`, and kept free
    /// in the context). Default: 128 for one action at a time
    /// (`--incremental --constrain grammar`), 512 a tool call, else 1536.
    #[arg(long, value_name = "N")]
    pub answer_tokens: Option<usize>,
    /// With `--incremental --constrain grammar`: the most actions the model
    /// may write for one instruction.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub max_step_actions: usize,
    /// With `--protocol tools`: the `tool_choice` sent. Default: `required`
    /// (the model calls a tool, `finish` to end), but `auto` on a
    /// llama-cpp-python server, whose own function calling takes no other
    /// (the server of `tools/local_llm.py` takes `required`).
    #[arg(long, value_enum)]
    pub tool_choice: Option<ToolChoiceArg>,
}

/// What `--tool-choice` takes.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ToolChoiceArg {
    Required,
    Auto,
}

/// What `--constrain` takes.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ConstrainArg {
    /// The model writes freely.
    None,
    /// A grammar of the language.
    Grammar,
}

/// What `--server-kind` takes.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ServerKindArg {
    Auto,
    LlamaCpp,
    Vllm,
    VllmLegacy,
    Openai,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ProtocolArg {
    Text,
    Tools,
}

impl LlmArgs {
    /// The flags given that only `--agent llm` takes.
    pub fn llm_only_flags(&self) -> Vec<&'static str> {
        let set = [
            ("--llm-url", self.llm_url.is_some()),
            ("--model", self.model.is_some()),
            ("--transcript", self.transcript.is_some()),
            ("--resume", self.resume.is_some()),
            ("--protocol", self.protocol.is_some()),
            ("--jobs", self.jobs.is_some()),
            ("--seed", self.seed.is_some()),
            ("--price-in", self.price_in.is_some()),
            ("--price-out", self.price_out.is_some()),
            ("--max-calls", self.max_calls.is_some()),
            (
                "--max-repeated-failures",
                self.max_repeated_failures.is_some(),
            ),
            ("--constrain", self.constrain != ConstrainArg::None),
            ("--context-tokens", self.context_tokens.is_some()),
            ("--answer-tokens", self.answer_tokens.is_some()),
        ];
        set.iter().filter(|(_, s)| *s).map(|(f, _)| *f).collect()
    }

    fn protocol(&self) -> Protocol {
        match self.protocol {
            Some(ProtocolArg::Tools) => Protocol::Tools,
            _ => Protocol::Text,
        }
    }

    fn prices(&self) -> Result<Prices, String> {
        let prices = Prices {
            input: self.price_in.unwrap_or(0.0),
            output: self.price_out.unwrap_or(0.0),
        };
        let fine = |p: f64| p >= 0.0 && p.is_finite();
        if !fine(prices.input) || !fine(prices.output) {
            return Err("--price-in and --price-out are prices: numbers of 0 or more".into());
        }
        Ok(prices)
    }
}

/// The agent the flags make, where its lines go and what an earlier run
/// of it finished.
pub struct LlmRun {
    pub agent: LlmAgent,
    pub transcript: Transcript,
    /// What the `--resume` transcript held (nothing without it).
    pub previous: Previous,
    pub jobs: usize,
    pub prices: Prices,
    /// The endpoint as given.
    pub url: String,
}

impl LlmRun {
    /// The run the flags ask for; an error for a missing endpoint or model,
    /// an unset API key variable, bad prices, or a transcript to resume
    /// that cannot be read or holds another model's results.
    pub fn new(llm: &LlmArgs, benchmark: Option<PathBuf>) -> Result<LlmRun, String> {
        let url = llm.llm_url.as_deref().ok_or(
            "--agent llm needs --llm-url URL: an OpenAI-compatible endpoint (llama.cpp server, Ollama, vLLM, OpenAI…)",
        )?;
        let model = llm
            .model
            .as_deref()
            .ok_or("--agent llm needs --model NAME")?;
        let api_key = match &llm.api_key_env {
            Some(var) => Some(std::env::var(var).map_err(|_| {
                format!("--api-key-env {var}: the environment variable {var} is not set")
            })?),
            None => std::env::var("OPENAI_API_KEY").ok(),
        };
        if !(llm.temperature >= 0.0 && llm.temperature.is_finite()) {
            return Err("--temperature takes a number of 0 or more".into());
        }
        let prices = llm.prices()?;
        let examples_dir = llm.examples.clone().or_else(|| {
            let dir = sous_eval::gold::gold_dir_of_benchmark(&benchmark?);
            dir.is_dir().then_some(dir)
        });
        if examples_dir.is_none() {
            eprintln!(
                "warning: no example networks (set SOUS_BENCHMARK_DIR or pass --examples DIR)"
            );
        }
        let protocol = llm.protocol();
        if protocol == Protocol::Tools && llm.incremental {
            return Err("--incremental goes with --protocol text: with tools every call is one step already".into());
        }
        let (transcript, previous) = open_transcript(llm, model, protocol)?;
        let mut client = Client::new(url, model, api_key, Duration::from_secs(llm.timeout))
            .with_sampling(llm.temperature, llm.seed);
        if protocol == Protocol::Tools {
            client = client.with_tool_choice(match llm.tool_choice {
                Some(ToolChoiceArg::Required) => "required",
                Some(ToolChoiceArg::Auto) => "auto",
                None => sous_agent::llm::client::tool_choice_at(url, Duration::from_secs(10)),
            });
        }
        if llm.constrain == ConstrainArg::Grammar {
            if protocol == Protocol::Tools {
                return Err(
                    "--constrain grammar goes with --protocol text: tool calls are JSON".into(),
                );
            }
            let server = match llm.server_kind {
                ServerKindArg::Auto => ServerKind::detect(url, Duration::from_secs(10)),
                ServerKindArg::LlamaCpp => ServerKind::LlamaCpp,
                ServerKindArg::Vllm => ServerKind::Vllm,
                ServerKindArg::VllmLegacy => ServerKind::VllmLegacy,
                ServerKindArg::Openai => ServerKind::OpenAi,
            };
            if !server.takes_grammar() {
                return Err(format!(
                    "--constrain grammar: {url} takes no grammar (found no llama.cpp or vLLM server there; \
                     pass --server-kind llama-cpp or vllm if it is one)"
                ));
            }
            let grammar = sous_agent::llm::grammar::grammar(
                sous_agent::llm::grammar::Notation::Gbnf,
                sous_agent::llm::grammar::Start::Network,
            );
            client = client.with_grammar(server, grammar.into());
        }
        let served = llm
            .context_tokens
            .or_else(|| served_context(url, Duration::from_secs(10)));
        if let Some(context) = served {
            let stepwise = llm.incremental && llm.constrain == ConstrainArg::Grammar;
            let answer = llm.answer_tokens.unwrap_or(match protocol {
                _ if stepwise => 128,
                Protocol::Tools => 512,
                Protocol::Text => 1536,
            });
            if answer >= context {
                return Err(format!(
                    "--answer-tokens {answer} leaves no room for a prompt in a context of {context} tokens"
                ));
            }
            let counter = counter(url, model, Duration::from_secs(10));
            client = client.with_budget(Arc::new(Budget::new(
                context,
                answer,
                counter,
                Duration::from_secs(llm.timeout),
            )));
        } else if llm.answer_tokens.is_some() {
            return Err(
                "--answer-tokens needs the served context: pass --context-tokens N (the server does not say it)"
                    .into(),
            );
        }
        let defaults = LlmConfig::default();
        let config = LlmConfig {
            protocol,
            max_calls: llm.max_calls.unwrap_or(defaults.max_calls),
            max_repeated_failures: llm
                .max_repeated_failures
                .unwrap_or(defaults.max_repeated_failures),
            max_repairs: llm.max_repairs,
            incremental: llm.incremental,
            examples_dir,
            examples: llm.example_count,
            max_step_actions: llm.max_step_actions.max(1),
        };
        Ok(LlmRun {
            agent: LlmAgent::new(client, config),
            transcript,
            previous,
            jobs: llm.jobs.map_or(1, usize::from),
            prices,
            url: url.to_string(),
        })
    }

    /// Every recipe's run, in the order given; a line on stderr as each
    /// ends (with the error, when the endpoint failed).
    pub fn run(&self, recipes: &[RecipeText]) -> Vec<RecipeRun> {
        let count = AtomicUsize::new(0);
        let done = |r: &RecipeRun| {
            let k = count.fetch_add(1, Ordering::Relaxed) + 1;
            eprintln!("[{k}/{}] {}", recipes.len(), self.progress(r));
        };
        Batch {
            agent: &self.agent,
            jobs: self.jobs,
            transcript: &self.transcript,
            finished: &self.previous.finished,
        }
        .run(recipes, &done)
    }

    /// `almond-crescent-cookies: runs; 3 requests, 5120 tokens, cost 0.0123, 4.2 s`,
    /// or `… : error: cannot reach URL: connection refused; 1 requests, …`.
    fn progress(&self, r: &RecipeRun) -> String {
        let what = match &r.outcome {
            _ if r.resumed => "finished before (taken from the transcript)".to_string(),
            Ok(out) if out.problems.is_empty() => "runs".to_string(),
            Ok(out) => format!("{} problems", out.problems.len()),
            Err(e) => format!("error: {e}"),
        };
        let cost = if self.prices == Prices::default() {
            String::new()
        } else {
            format!(", cost {:.4}", self.prices.cost(&r.tally))
        };
        format!(
            "{}: {what}; {} requests, {} tokens{cost}, {:.1} s",
            r.id,
            r.tally.requests,
            r.tally.tokens(),
            r.seconds
        )
    }
}

/// The transcript lines go to, and what it already holds when resumed.
fn open_transcript(
    llm: &LlmArgs,
    model: &str,
    protocol: Protocol,
) -> Result<(Transcript, Previous), String> {
    let (path, previous) = match (&llm.resume, &llm.transcript) {
        (Some(r), Some(t)) if r != t => {
            return Err(format!(
                "--resume {} appends to the transcript it reads; --transcript names another file",
                r.display()
            ))
        }
        (Some(r), _) => (r, resumable(r, model, protocol)?),
        (None, Some(t)) => (t, Previous::default()),
        (None, None) => return Ok((Transcript::none(), Previous::default())),
    };
    let transcript = Transcript::open(path).map_err(|e| e.to_string())?;
    Ok((transcript, previous))
}

/// What the transcript at `path` finished, if all of it was made by
/// `model` with `protocol`.
fn resumable(path: &Path, model: &str, protocol: Protocol) -> Result<Previous, String> {
    if !path.is_file() {
        return Err(format!(
            "--resume {}: no such transcript (start a run with --transcript FILE)",
            path.display()
        ));
    }
    let previous = transcript::read(path).map_err(|e| e.to_string())?;
    if let Some(other) = previous
        .finished
        .values()
        .find(|f| f.model != model || f.protocol != protocol.name())
    {
        return Err(format!(
            "--resume {}: {} was made by model {} with --protocol {}, not {model} with {}",
            path.display(),
            other.recipe,
            other.model,
            other.protocol,
            protocol.name()
        ));
    }
    if previous.unreadable > 0 {
        eprintln!(
            "warning: --resume {}: {} lines are not JSON (a run killed mid-line?) and are passed over",
            path.display(),
            previous.unreadable
        );
    }
    Ok(previous)
}
