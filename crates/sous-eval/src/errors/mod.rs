//! Why a prediction scores what it does: its errors against the gold
//! network, each of a kind, at a line of the prediction or of the gold,
//! and either a root cause (`primary`) or the consequence of one
//! (`caused_by`).
//!
//! The actions of the two networks are paired by what they do and what
//! goes into them ([`align`]), never by line order: a permuted network has
//! no errors. Then:
//!
//! - a gold action with no counterpart is a `missing-step`;
//! - a predicted action with none is an `additional-step`;
//! - a pair given different constants is a `wrong-argument`, with the
//!   argument's role (`ingredient`, `quantity`, `time`…, [`roles`]);
//! - a pair that takes an object from different makers is a
//!   `wrong-argument` caused by the missing or additional step that made
//!   (or should have made) it, or, when both makers have counterparts, a
//!   `wrong-order`: the right things, combined in another order.

pub mod align;
pub mod diagnosed;
pub mod flow;
pub mod roles;

use serde::Serialize;
use sous_lang::Recipe;

use align::Side;
use flow::Flow;

/// The kinds of error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// Text that is not the language (an unbalanced parenthesis).
    ParseError,
    /// A primitive, ingredient or tool the kitchen does not know.
    UnknownName,
    /// A primitive given too many or too few arguments.
    Arity,
    /// An input no action binds (a variable not threaded).
    UnboundInput,
    /// An action the kitchen refused, with its reason.
    FailedAction,
    /// A gold action with no counterpart in the prediction.
    MissingStep,
    /// A predicted action with no counterpart in the gold.
    AdditionalStep,
    /// An action with a counterpart, given something else.
    WrongArgument,
    /// Actions with counterparts whose objects flow in another order.
    WrongOrder,
}

impl ErrorKind {
    /// Every kind, in the order reports count them.
    pub const ALL: [ErrorKind; 9] = [
        ErrorKind::ParseError,
        ErrorKind::UnknownName,
        ErrorKind::Arity,
        ErrorKind::UnboundInput,
        ErrorKind::FailedAction,
        ErrorKind::MissingStep,
        ErrorKind::AdditionalStep,
        ErrorKind::WrongArgument,
        ErrorKind::WrongOrder,
    ];

    /// Its name in reports (`missing-step`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::ParseError => "parse-error",
            ErrorKind::UnknownName => "unknown-name",
            ErrorKind::Arity => "arity",
            ErrorKind::UnboundInput => "unbound-input",
            ErrorKind::FailedAction => "failed-action",
            ErrorKind::MissingStep => "missing-step",
            ErrorKind::AdditionalStep => "additional-step",
            ErrorKind::WrongArgument => "wrong-argument",
            ErrorKind::WrongOrder => "wrong-order",
        }
    }

    /// The kind named `name`.
    pub fn named(name: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One error of a prediction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PredictionError {
    /// What kind of error.
    pub kind: ErrorKind,
    /// A root cause; else it follows from error `caused_by`.
    pub primary: bool,
    /// The index (in the same list) of the primary error this follows from.
    pub caused_by: Option<usize>,
    /// Where in the prediction (1-based), when it concerns a predicted action.
    pub line: Option<usize>,
    /// The column there (1-based).
    pub column: Option<usize>,
    /// The gold action's line, when it concerns one.
    pub gold_line: Option<usize>,
    /// For `wrong-argument`: what the argument is about.
    pub role: Option<String>,
    /// What is wrong, in words.
    pub message: String,
}

/// How many root causes of each kind `errors` has, in [`ErrorKind::ALL`]'s order.
pub fn root_causes(errors: &[PredictionError]) -> [usize; ErrorKind::ALL.len()] {
    let mut n = [0; ErrorKind::ALL.len()];
    for e in errors.iter().filter(|e| e.primary) {
        if let Some(i) = ErrorKind::ALL.iter().position(|k| *k == e.kind) {
            n[i] += 1;
        }
    }
    n
}

/// The errors of `predicted` against `gold`, root causes first in each
/// kind's turn: additional steps, missing steps, then what differs in the
/// actions that have counterparts.
pub fn against_gold(predicted: &Recipe, gold: &Recipe) -> Vec<PredictionError> {
    against_gold_side(predicted, gold, &Side::of(Flow::of(gold)))
}

/// [`against_gold`] with the gold's side made before
/// ([`crate::gold::GoldNetwork::error_side`]): what every prediction of a
/// recipe shares is made once.
pub fn against_gold_side(
    predicted: &Recipe,
    gold: &Recipe,
    gold_side: &Side,
) -> Vec<PredictionError> {
    let mine = Side::of(Flow::of(predicted));
    let al = align::align(&mine, gold_side);
    let (fp, fg) = (&mine.flow, &gold_side.flow);
    let text = |r: &Recipe, a: &flow::Action| r.predicates[a.predicate].to_string();
    let mut errors: Vec<PredictionError> = Vec::new();
    let mut of_predicted: Vec<Option<usize>> = vec![None; fp.actions.len()];
    let mut of_gold: Vec<Option<usize>> = vec![None; fg.actions.len()];
    // For each `wrong-order` error, the two gold makers it switches.
    type Switch = (Option<usize>, Option<usize>);
    let mut switches: Vec<Option<Switch>> = Vec::new();
    for (p, a) in fp.actions.iter().enumerate() {
        if al.gold_of[p].is_none() {
            of_predicted[p] = Some(errors.len());
            errors.push(PredictionError {
                kind: ErrorKind::AdditionalStep,
                primary: true,
                caused_by: None,
                line: Some(a.line),
                column: Some(a.column),
                gold_line: None,
                role: None,
                message: format!("{} has no counterpart in the gold", text(predicted, a)),
            });
        }
    }
    for (g, a) in fg.actions.iter().enumerate() {
        if al.predicted_of[g].is_none() {
            of_gold[g] = Some(errors.len());
            errors.push(PredictionError {
                kind: ErrorKind::MissingStep,
                primary: true,
                caused_by: None,
                line: None,
                column: None,
                gold_line: Some(a.line),
                role: None,
                message: format!("the gold's {} has no counterpart", text(gold, a)),
            });
        }
    }
    for (p, a) in fp.actions.iter().enumerate() {
        let Some(g) = al.gold_of[p] else { continue };
        let b = &fg.actions[g];
        let sig = a.signature;
        let at =
            |e: ErrorKind, k: usize, caused_by: Option<usize>, message: String| PredictionError {
                kind: e,
                primary: caused_by.is_none(),
                caused_by,
                line: Some(a.line),
                column: Some(a.column),
                gold_line: Some(b.line),
                role: (e == ErrorKind::WrongArgument)
                    .then(|| roles::role(sig.name, sig.args[k].name)),
                message,
            };
        // Constants: given in one, differing or missing in the other.
        let mut positions: Vec<usize> = a
            .constants
            .iter()
            .chain(&b.constants)
            .map(|(k, _)| *k)
            .collect();
        positions.sort_unstable();
        positions.dedup();
        for k in positions {
            let mine = a
                .constants
                .iter()
                .find(|(x, _)| *x == k)
                .map(|(_, v)| v.as_str());
            let theirs = b
                .constants
                .iter()
                .find(|(x, _)| *x == k)
                .map(|(_, v)| v.as_str());
            if mine != theirs {
                let arg = sig.args[k].name;
                errors.push(at(
                    ErrorKind::WrongArgument,
                    k,
                    None,
                    format!(
                        "`{arg}` of {}: {} where the gold (line {}) has {}",
                        sig.name,
                        shown(mine),
                        b.line,
                        shown(theirs)
                    ),
                ));
            }
        }
        // Objects: made by the counterpart of the gold's maker, or not.
        // An addition among others into one container that add the same
        // things as the gold's, in another order, takes what it takes.
        // (Found out only when an input differs: most pairs have none.)
        let mut permuted: Option<bool> = None;
        for &(k, by) in &a.inputs {
            let expected = b.inputs.iter().find(|(x, _)| *x == k).and_then(|(_, m)| *m);
            let got = by.and_then(|m| al.gold_of[m]);
            if got == expected || (by.is_none() && expected.is_none()) {
                continue;
            }
            // The same things added to one container in another order
            // (the sugar before the butter): additions commute, both where
            // one goes into the container and where the filled container
            // is taken.
            let permuted = *permuted.get_or_insert_with(|| {
                sig.name == ADDS && same_additions(fp, fg, &al.gold_of, p, g)
            });
            if permuted
                || by
                    .zip(expected)
                    .is_some_and(|(m, e)| same_additions(fp, fg, &al.gold_of, m, e))
            {
                continue;
            }
            let arg = sig.args[k].name;
            let cause = by
                .and_then(|m| of_predicted[m])
                .or_else(|| expected.and_then(|m| of_gold[m]));
            // Only what is worked on flows in an order; a tool taken from
            // another step is another tool.
            let flows = matches!(
                roles::role(sig.name, arg).as_str(),
                "contents" | "container"
            );
            let kind = match (cause, got, expected) {
                (None, Some(_), Some(_)) if flows => ErrorKind::WrongOrder,
                _ => ErrorKind::WrongArgument,
            };
            // A switch of two steps shows twice, once where each goes:
            // the second follows from the first.
            let switched = (got.min(expected), got.max(expected));
            let cause = cause.or_else(|| {
                (kind == ErrorKind::WrongOrder)
                    .then(|| {
                        (0..errors.len()).find(|&e| {
                            errors[e].primary
                                && errors[e].kind == ErrorKind::WrongOrder
                                && switches.get(e) == Some(&Some(switched))
                        })
                    })
                    .flatten()
            });
            let mut message = format!(
                "`{arg}` of {} takes what {} made; the gold's, what {} made",
                sig.name,
                maker(fp, by),
                maker(fg, expected)
            );
            if kind == ErrorKind::WrongOrder {
                message.push_str(": the same steps in another order");
            }
            switches.resize(errors.len(), None);
            switches.push((kind == ErrorKind::WrongOrder).then_some(switched));
            errors.push(at(kind, k, cause, message));
        }
    }
    errors
}

/// A constant as a message shows it, or that there is none.
fn shown(v: Option<&str>) -> String {
    v.map_or("nothing".to_string(), |v| format!("`{v}`"))
}

/// What made an object: the action and its line, or nothing.
fn maker(f: &Flow, m: Option<usize>) -> String {
    m.map_or("no earlier action".to_string(), |m| {
        let a = &f.actions[m];
        format!("the {} of line {}", a.signature.name, a.line)
    })
}

/// The primitive whose actions add to a container, in any order.
const ADDS: &str = "transfer-contents";
/// Its argument that takes the container added to.
const ADDED_TO: &str = "target-container";

/// The additions `x` is one of: every `transfer-contents` that poured
/// something into the same container as `x`, before or after it. That is
/// the container the first of them poured into; later ones pour into what
/// an earlier one made, or, as some networks write it, into the container
/// as it was before (the same bowl all the same).
fn additions(f: &Flow, x: usize) -> Vec<usize> {
    let adds = |i: usize| f.actions[i].signature.name == ADDS;
    if !adds(x) {
        return Vec::new();
    }
    let into = |i: usize| {
        let a = &f.actions[i];
        a.inputs
            .iter()
            .find(|(k, _)| a.signature.args[*k].name == ADDED_TO)
            .and_then(|(_, by)| *by)
    };
    // The container an addition pours into, as the first addition of its
    // chain found it: what made it, or that first addition itself.
    let container = |i: usize| {
        let mut at = i;
        let mut steps = 0;
        while let Some(m) = into(at).filter(|&m| adds(m)) {
            at = m;
            steps += 1;
            if steps > f.actions.len() {
                break;
            }
        }
        into(at).map_or((false, at), |m| (true, m))
    };
    let mine = container(x);
    (0..f.actions.len())
        .filter(|&j| adds(j) && container(j) == mine)
        .collect()
}

/// Whether predicted action `m` and gold action `e` are additions to one
/// container that add the same things, in another order: every addition of
/// `m`'s container has its counterpart among those of `e`'s, and no more.
fn same_additions(
    predicted: &Flow,
    gold: &Flow,
    gold_of: &[Option<usize>],
    m: usize,
    e: usize,
) -> bool {
    let mine = additions(predicted, m);
    let theirs = additions(gold, e);
    if mine.is_empty() || mine.len() != theirs.len() {
        return false;
    }
    // What each addition pours in: its maker (the gold's counterpart of it
    // for the prediction's).
    let poured = |f: &Flow, i: usize| {
        let a = &f.actions[i];
        a.inputs
            .iter()
            .find(|(k, _)| a.signature.args[*k].name != ADDED_TO)
            .and_then(|(_, by)| *by)
    };
    let mut paired: Vec<Option<usize>> = mine.iter().map(|&i| gold_of[i]).collect();
    let mut gold_actions: Vec<Option<usize>> = theirs.iter().map(|&i| Some(i)).collect();
    let mut poured_mine: Vec<Option<usize>> = mine
        .iter()
        .map(|&i| poured(predicted, i).and_then(|m| gold_of[m]))
        .collect();
    let mut poured_theirs: Vec<Option<usize>> = theirs.iter().map(|&i| poured(gold, i)).collect();
    for v in [
        &mut paired,
        &mut gold_actions,
        &mut poured_mine,
        &mut poured_theirs,
    ] {
        v.sort_unstable();
    }
    paired == gold_actions && poured_mine == poured_theirs && !poured_mine.contains(&None)
}
