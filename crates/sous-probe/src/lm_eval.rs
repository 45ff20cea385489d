//! The probing tasks as an lm-evaluation-harness task folder: one YAML per
//! task, the group `sous_probe` over them, the instances as JSON lines, and
//! a `utils.py` whose `process_results` scores each answer with sous's own
//! judgement (`score::judge_one`, reached from Python as
//! `sous.probe_judge`). The harness then poses the questions, and sous
//! still decides what counts as right: the reader's words, sets, numbers.
//!
//! YAML is written by hand because lm-evaluation-harness's loader needs its
//! `!function` tag, which no serializer of the workspace writes; every
//! string in it is a JSON string, which YAML reads as the same string.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::chat::{answer_text, user_text, SYSTEM};
use crate::tasks::{AnswerKind, Instance, Task};

const TASKS_TOML: &str = include_str!("../data/lm-eval/tasks.toml");
const UTILS_PY: &str = include_str!("../data/lm-eval/utils.py");

/// The group every task belongs to: `--tasks sous_probe` runs them all.
pub const GROUP: &str = "sous_probe";

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Settings {
    answer_tokens: BTreeMap<String, u32>,
}

fn settings() -> Settings {
    // The file is the crate's own: a broken one is caught by the tests.
    toml::from_str(TASKS_TOML).expect("data/lm-eval/tasks.toml parses")
}

/// The harness's name of a task: `sous_probe_ingredient_usage`.
pub fn task_name(t: Task) -> String {
    format!("{GROUP}_{}", t.name().replace('-', "_"))
}

fn quoted(s: &str) -> String {
    serde_json::Value::String(s.into()).to_string()
}

/// One file of the folder: its name and its text.
pub struct File {
    pub name: String,
    pub text: String,
}

/// The task folder for `instances`: the tasks that have any, in the order
/// of [`Task::ALL`].
pub fn task_folder(instances: &[Instance]) -> Vec<File> {
    let settings = settings();
    let default_tokens = settings.answer_tokens.get("default").copied().unwrap_or(48);
    let tasks: Vec<Task> = Task::ALL
        .into_iter()
        .filter(|t| instances.iter().any(|i| i.task == *t))
        .collect();
    let mut files = Vec::new();
    let mut rows = String::new();
    for i in instances {
        let row = json!({
            "id": i.id,
            "task": i.task.name(),
            "recipe": i.recipe_id,
            "prompt": user_text(i),
            "target": answer_text(i),
            "instance": serde_json::to_string(i).unwrap_or_default(),
        });
        rows.push_str(&row.to_string());
        rows.push('\n');
    }
    for &t in &tasks {
        let of: Vec<&Instance> = instances.iter().filter(|i| i.task == t).collect();
        let set_valued = of
            .iter()
            .any(|i| matches!(i.answer_kind, AnswerKind::Set | AnswerKind::Described));
        let tokens = settings
            .answer_tokens
            .get(t.name())
            .copied()
            .unwrap_or(default_tokens);
        let mut metrics = String::from(
            "  - metric: exact_match\n    aggregation: mean\n    higher_is_better: true\n",
        );
        if set_valued {
            metrics.push_str(
                "  - metric: set_f1\n    aggregation: mean\n    higher_is_better: true\n",
            );
        }
        files.push(File {
            name: format!("{}.yaml", task_name(t)),
            text: format!(
                "# Written by `sous probe export --lm-eval`: the {task} probing task, {n} instances.\n\
                 task: {name}\n\
                 dataset_path: \"\"\n\
                 custom_dataset: !function utils.load\n\
                 dataset_kwargs:\n  sous_task: {task_q}\n\
                 test_split: test\n\
                 output_type: generate_until\n\
                 description: {system}\n\
                 doc_to_text: \"{{{{prompt}}}}\"\n\
                 doc_to_target: \"{{{{target}}}}\"\n\
                 process_results: !function utils.process_results\n\
                 generation_kwargs:\n  until: []\n  do_sample: false\n  temperature: 0.0\n  max_gen_toks: {tokens}\n\
                 metric_list:\n{metrics}\
                 metadata:\n  version: 1.0\n",
                task = t.name(),
                n = of.len(),
                name = task_name(t),
                task_q = quoted(t.name()),
                system = quoted(SYSTEM),
            ),
        });
    }
    let members: String = tasks
        .iter()
        .map(|t| format!("  - {}\n", task_name(*t)))
        .collect();
    files.push(File {
        name: format!("{GROUP}.yaml"),
        text: format!(
            "# Written by `sous probe export --lm-eval`: every probing task, {n} instances.\n\
             group: {GROUP}\n\
             task:\n{members}\
             aggregate_metric_list:\n  - metric: exact_match\n    aggregation: mean\n    weight_by_size: true\n\
             metadata:\n  version: 1.0\n",
            n = instances.len(),
        ),
    });
    files.push(File {
        name: "instances.jsonl".into(),
        text: rows,
    });
    files.push(File {
        name: "utils.py".into(),
        text: UTILS_PY.into(),
    });
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settings_parse_and_name_known_tasks() {
        let s = settings();
        assert!(s.answer_tokens.contains_key("default"));
        for name in s.answer_tokens.keys().filter(|k| *k != "default") {
            assert!(
                Task::parse(name).is_some(),
                "tasks.toml names `{name}`, which is no task"
            );
        }
    }

    #[test]
    fn task_names_are_identifiers() {
        for t in Task::ALL {
            let n = task_name(t);
            assert!(
                n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{n}"
            );
        }
    }
}
