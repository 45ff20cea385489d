//! What an answer is worth: the network taken out of the model's text (its
//! `<think>` blocks and code fences stripped), then parsed, validated and
//! executed as any network is, and every problem put in words a model can
//! act on (where it is, the line itself, the did-you-mean of the
//! diagnostics; an answer cut at the token limit said to be so).

use sous_kitchen::EntityRef;

use super::client::Answer;

/// A network and what is wrong with it.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The predicates, one per line.
    pub lines: Vec<String>,
    /// Empty when it parses, validates and every action runs.
    pub problems: Vec<String>,
    /// The kitchen after the last action that ran.
    pub kitchen: Option<EntityRef>,
    /// The variable of that kitchen state (where the next action starts).
    pub kitchen_variable: Option<String>,
}

impl Checked {
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// The problem of an answer the endpoint cut at its token limit
/// (`finish_reason: "length"`), whether or not its lines run: what it
/// holds is only the start of a network.
pub const CUT_PROBLEM: &str = "the answer was cut at the token limit (finish_reason \"length\") before it ended, so the network is incomplete: answer with the network alone, one predicate a line, without explanations";

/// The network in a model's answer: the lines of its first code block (or
/// of the whole answer without one) that are predicates, in order; prose,
/// comments, `#id` headers and the model's thinking
/// ([`without_thinking`]) are left out.
pub fn extract(answer: &str) -> Vec<String> {
    let answer = without_thinking(answer);
    let block = code_block(&answer).unwrap_or(&answer);
    block
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('('))
        .map(str::to_string)
        .collect()
}

/// The lines of `answer` as the harness reads them ([`extract`]); of an
/// answer `cut` at the token limit, without its last line when that line
/// is unfinished (its brackets do not close). Under a grammar every
/// finished line is a predicate, so what was cut is only the end.
pub fn read(answer: &str, cut: bool) -> Vec<String> {
    let mut lines = extract(answer);
    if cut {
        let open = |l: &str| {
            l.chars()
                .map(|c| match c {
                    '(' => 1i64,
                    ')' => -1,
                    _ => 0,
                })
                .sum::<i64>()
        };
        if lines.last().is_some_and(|l| open(l) > 0) {
            lines.pop();
        }
    }
    lines
}

const THINK: &str = "<think>";
const THOUGHT: &str = "</think>";

/// `answer` without the reasoning models' `<think>…</think>` blocks. A
/// block that is never closed (an answer cut while thinking) runs to the
/// end; a `</think>` with no `<think>` before it (a chat template that
/// opens the block in the prompt) ends a block that began with the answer.
pub fn without_thinking(answer: &str) -> String {
    let mut rest = answer;
    if let Some(end) = rest.find(THOUGHT) {
        if !rest[..end].contains(THINK) {
            rest = &rest[end + THOUGHT.len()..];
        }
    }
    let mut kept = String::with_capacity(rest.len());
    while let Some(start) = rest.find(THINK) {
        kept.push_str(&rest[..start]);
        let inside = &rest[start + THINK.len()..];
        rest = match inside.find(THOUGHT) {
            Some(end) => &inside[end + THOUGHT.len()..],
            None => "",
        };
    }
    kept.push_str(rest);
    kept
}

/// Whether `answer` is predicates of the language: its network
/// ([`extract`]) is not empty, parses without an error, and each predicate
/// names a primitive with its arity; or it is `(done)`, the answer that
/// ends a step of one action at a time.
pub fn parses(answer: &str) -> bool {
    if without_thinking(answer).trim() == super::grammar::DONE {
        return true;
    }
    let lines = extract(answer);
    if lines.is_empty() {
        return false;
    }
    let (file, diags) = sous_lang::parse("answer", &format!("#answer\n{}\n", lines.join("\n")));
    diags.iter().all(|(_, d)| !d.is_error())
        && file.recipes.iter().flat_map(|r| &r.predicates).count() == lines.len()
        && file.recipes.iter().flat_map(|r| &r.predicates).all(|p| {
            sous_lang::signature(&p.name, p.args.len()).is_some_and(|s| s.arity() == p.args.len())
        })
}

/// The inside of the first fenced block (```` ```lisp … ``` ````) that has a predicate.
fn code_block(answer: &str) -> Option<&str> {
    let mut rest = answer;
    while let Some(start) = rest.find("```") {
        let after = &rest[start + 3..];
        let body_start = after.find('\n').map_or(after.len(), |i| i + 1);
        let body = &after[body_start..];
        let end = body.find("```").unwrap_or(body.len());
        if body[..end].lines().any(|l| l.trim_start().starts_with('(')) {
            return Some(&body[..end]);
        }
        rest = body.get(end + 3..).unwrap_or("");
    }
    None
}

/// Checks what `answer` adds to `base` (see [`check_after`]): its network
/// [`extract`]ed, and, when the endpoint cut it at the token limit,
/// [`CUT_PROBLEM`] as its first problem.
pub fn check_answer(
    base: &sous_sim::Session<'_>,
    base_lines: &[String],
    answer: &Answer,
) -> Checked {
    let mut checked = check_after(base, base_lines, read(answer.text(), answer.is_cut()));
    if answer.is_cut() {
        checked.problems.insert(0, CUT_PROBLEM.to_string());
    }
    checked
}

/// Parses, validates and executes `lines` as recipe `id`.
pub fn check(id: &str, lines: Vec<String>) -> Checked {
    let session = sous_sim::Session::new(id, sous_sim::Options::default(), None);
    check_after(&session, &[], lines)
}

/// Checks `new` added to `base`, a session holding `base_lines` (the
/// lines the answer adds to): only the new lines are parsed, checked and
/// run. A model's line n is `base_lines` and `new` counted together.
pub fn check_after(
    base: &sous_sim::Session<'_>,
    base_lines: &[String],
    new: Vec<String>,
) -> Checked {
    let mut session = base.clone();
    let mut lines = base_lines.to_vec();
    lines.extend(new.iter().cloned());
    let mut checked = Checked {
        lines,
        ..Checked::default()
    };
    // Line n of the new text is the model's line n + the base's lines.
    let at = |line: usize, column: u32, message: &str, help: Option<&str>| {
        let quoted = checked
            .lines
            .get(line.wrapping_sub(1))
            .map(|l| format!("\n    {l}"))
            .unwrap_or_default();
        let help = help.map(|h| format!(" ({h})")).unwrap_or_default();
        format!("line {line}, column {column}: {message}{help}{quoted}")
    };
    if checked.lines.is_empty() {
        checked.problems = vec!["no network: answer with predicates, one per line".into()];
        return checked;
    }
    let added = match session.add_text(&new.join("\n")) {
        Ok(added) => added,
        Err(sous_sim::TextError(errors)) => {
            checked.problems = errors
                .iter()
                .map(|d| {
                    let line = d.span.line as usize + base_lines.len();
                    at(line, d.span.column, &d.message, d.help.as_deref())
                })
                .collect();
            return checked;
        }
    };
    let x = session.execution();
    let mut problems = Vec::new();
    // What the new lines broke, and what never ran at all.
    let failures = added.iter().flat_map(|a| a.failures.iter()).chain(
        x.failures
            .iter()
            .filter(|f| f.kind == sous_sim::FailureKind::NotExecuted),
    );
    for f in failures {
        let action = f
            .action
            .and_then(|i| x.network.actions.get(i))
            .map(|a| format!(" in line {}: {}", a.index + 1, a.text))
            .unwrap_or_default();
        let problem = format!("{}{action}", f.message);
        if !problems.contains(&problem) {
            problems.push(problem);
        }
    }
    if base_lines.is_empty()
        && !x
            .network
            .actions
            .iter()
            .any(|a| a.signature.kind == sous_lang::PrimitiveKind::GetKitchen)
    {
        problems
            .push("the network has no `get-kitchen` (start with `(get-kitchen ?kitchen)`)".into());
    }
    checked.kitchen = x.final_kitchen().cloned();
    checked.kitchen_variable = x.final_kitchen_variable().map(str::to_string);
    checked.problems = problems;
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_parses_when_it_is_predicates_of_the_language() {
        assert!(parses("(get-kitchen ?kitchen)"));
        assert!(parses(
            "```lisp\n(get-kitchen ?k)\n(beat ?b ?ks ?k ?x ?w)\n```"
        ));
        assert!(parses("(done)"));
        assert!(!parses("First, beat the butter."));
        assert!(!parses("(get-kitchen ?kitchen ?more)"));
        assert!(!parses("(beet ?b ?ks ?k ?x ?w)"));
        assert!(!parses("(beat ?b ?ks ?k (?x ?w)"));
    }

    #[test]
    fn the_network_is_taken_from_the_code_block() {
        let answer = "Here it is:\n```lisp\n#x\n(get-kitchen ?kitchen)\n; a comment\n  (fetch-and-proportion ?b ?ks ?kitchen ?c butter 10 g)\n```\nEnjoy (really).";
        assert_eq!(
            extract(answer),
            [
                "(get-kitchen ?kitchen)",
                "(fetch-and-proportion ?b ?ks ?kitchen ?c butter 10 g)"
            ]
        );
        // Without a fence, the predicate lines of the whole answer.
        assert_eq!(
            extract("(get-kitchen ?k)\nthat is all"),
            ["(get-kitchen ?k)"]
        );
        // A first block without predicates is passed over.
        assert_eq!(
            extract("```\nnote\n```\n```\n(get-kitchen ?k)\n```"),
            ["(get-kitchen ?k)"]
        );
    }

    #[test]
    fn thinking_is_stripped_before_the_network_is_taken() {
        let think = "<think>\nFirst (get-kitchen ?wrong), then:\n```lisp\n(mix ?a ?b ?c ?d ?e)\n```\n</think>\n";
        let answer = format!("{think}```lisp\n(get-kitchen ?kitchen)\n```");
        assert_eq!(extract(&answer), ["(get-kitchen ?kitchen)"]);
        // Without fences too, and with more than one block.
        assert_eq!(
            extract("<think>(oops)</think>(get-kitchen ?k)\n<think>\n(no)\n</think>"),
            ["(get-kitchen ?k)"]
        );
        // Cut while thinking: everything is thinking.
        assert!(extract("<think>\nThe network:\n(get-kitchen ?kitchen)\n(fetch-and-").is_empty());
        // A template that opened the block in the prompt leaves only its end.
        assert_eq!(
            extract("(mix ?not ?this)\n</think>\n(get-kitchen ?k)"),
            ["(get-kitchen ?k)"]
        );
        assert_eq!(without_thinking("no thoughts"), "no thoughts");
    }

    #[test]
    fn an_answer_cut_at_the_token_limit_says_so() {
        let session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        // The start of a network, as a server cuts it (an open fence, a half line).
        let cut = Answer {
            content: Some("```lisp\n(get-kitchen ?kitchen)\n(fetch-and-proportion ?b ?ks-1".into()),
            finish_reason: Some("length".into()),
            ..Answer::default()
        };
        let c = check_answer(&session, &[], &cut);
        assert_eq!(c.problems[0], CUT_PROBLEM, "{:?}", c.problems);
        assert!(c.problems[0].contains("cut at the token limit"));
        // Its unfinished last line is not read: what came before it runs.
        assert_eq!(c.problems, [CUT_PROBLEM]);
        assert_eq!(
            read(
                "(get-kitchen ?kitchen)\n(fetch-and-proportion ?b ?ks-1",
                true
            ),
            ["(get-kitchen ?kitchen)"]
        );
        // Not cut, a broken last line is the model's and is read.
        assert_eq!(read("(a)\n(b ?x", false).len(), 2);
        // Cut where a line ends: every line runs, and it is still incomplete.
        let whole_lines = Answer {
            content: Some("(get-kitchen ?kitchen)\n".into()),
            ..cut.clone()
        };
        assert_eq!(
            check_answer(&session, &[], &whole_lines).problems,
            [CUT_PROBLEM]
        );
        let stopped = Answer {
            finish_reason: Some("stop".into()),
            ..whole_lines
        };
        assert!(check_answer(&session, &[], &stopped).is_ok());
        // Cut while thinking.
        let thinking = Answer {
            content: Some("<think>\nFirst the butter".into()),
            ..cut
        };
        let c = check_answer(&session, &[], &thinking);
        assert_eq!(c.problems[0], CUT_PROBLEM);
        assert!(c.problems[1].starts_with("no network"), "{:?}", c.problems);
    }

    #[test]
    fn a_good_network_has_no_problems_and_a_kitchen() {
        let c = check(
            "t",
            vec![
                "(get-kitchen ?kitchen)".into(),
                "(fetch-and-proportion ?b ?ks-1 ?kitchen ?c butter 10 g)".into(),
            ],
        );
        assert!(c.is_ok(), "{:?}", c.problems);
        assert_eq!(c.kitchen_variable.as_deref(), Some("?ks-1"));
        assert!(c.kitchen.is_some());
    }

    #[test]
    fn problems_say_where_and_what() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let c = check(
            "t",
            lines(&[
                "(get-kitchen ?kitchen)",
                "(fetch-and-proportio ?b ?ks-1 ?kitchen ?c butter 10 g)",
            ]),
        );
        assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
        assert!(
            c.problems[0].starts_with("line 2, column 2: unknown primitive"),
            "{}",
            c.problems[0]
        );
        assert!(
            c.problems[0].contains("did you mean `fetch-and-proportion`?"),
            "{}",
            c.problems[0]
        );
        let c = check(
            "t",
            lines(&[
                "(get-kitchen ?kitchen)",
                "(fetch-and-proportion ?b ?ks-1 ?kitchen ?c buter 10 g)",
            ]),
        );
        assert!(c.problems[0].contains("buter"), "{:?}", c.problems);
        let c = check("t", lines(&["(get-kitchen ?kitchen"]));
        assert!(c.problems[0].starts_with("line 1"), "{:?}", c.problems);
        let c = check(
            "t",
            lines(&[
                "(get-kitchen ?kitchen)",
                "(bake ?b ?ks-1 ?kitchen ?nothing ?oven 180 degrees-celsius ?tq ?tu)",
            ]),
        );
        assert!(!c.is_ok());
    }
}
