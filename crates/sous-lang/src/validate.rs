//! Static checks of a recipe network.
//!
//! [`Severity::Error`] marks what the reference refuses to read (unknown
//! primitive, wrong arity, constants that name no class, ...): such a recipe is
//! not executed. [`Severity::Warning`] marks networks that read but cannot run
//! as written (the reference then finds no solution): they are still executed,
//! so that the user sees how far they get.

use rustc_hash::FxHashMap as HashMap;

use crate::diagnostic::did_you_mean;
use crate::{
    signature, Arg, ArgKind, ArgRole, Diagnostic, Predicate, Recipe, Signature, Span, SIGNATURES,
};

/// What validation needs to know about the ontology.
pub trait Vocabulary {
    /// Whether `name` is a class of the ontology (constants must name one).
    fn is_class(&self, name: &str) -> bool;
    /// Whether `class` is `ancestor` or one of its subclasses.
    fn is_a(&self, class: &str, ancestor: &str) -> bool;
    /// Every class name, for suggesting the one a misspelt constant meant.
    fn class_names(&self) -> Vec<&str>;
}

/// Checks `recipe`; an empty result means it reads and its variables connect.
pub fn validate(recipe: &Recipe, vocab: &dyn Vocabulary) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut sigs: Vec<Option<&'static Signature>> = Vec::with_capacity(recipe.predicates.len());
    for pred in &recipe.predicates {
        sigs.push(check_predicate(pred, vocab, &mut diags));
    }
    let kitchens: Vec<&Predicate> = recipe
        .predicates
        .iter()
        .filter(|p| p.name == "get-kitchen")
        .collect();
    match kitchens.len() {
        1 => {}
        0 => diags.push(
            Diagnostic::error("get-kitchen-count", recipe.span, format!("recipe `{}` has no `get-kitchen`", recipe.id))
                .with_help("start the network with `(get-kitchen ?kitchen)` and use `?kitchen` as the first kitchen state"),
        ),
        n => {
            for p in &kitchens[1..] {
                diags.push(Diagnostic::error("get-kitchen-count", p.span, format!("a recipe has exactly one `get-kitchen`, this is number {n}")));
            }
        }
    }
    if !diags.iter().any(Diagnostic::is_error) {
        check_dataflow(recipe, &sigs, &mut diags);
    }
    diags.sort_by_key(|d| (d.span.offset, d.span.len));
    diags
}

/// The checks of one predicate on its own (primitive, arity, repeated
/// arguments, constants), for a network built predicate by predicate; the
/// checks of the whole network (one `get-kitchen`, dataflow) are
/// [`validate`]'s.
pub fn validate_predicate(pred: &Predicate, vocab: &dyn Vocabulary) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    check_predicate(pred, vocab, &mut diags);
    diags
}

fn check_predicate(
    pred: &Predicate,
    vocab: &dyn Vocabulary,
    diags: &mut Vec<Diagnostic>,
) -> Option<&'static Signature> {
    let Some(sig) = signature(&pred.name, pred.args.len()) else {
        let mut d = Diagnostic::error(
            "unknown-primitive",
            pred.name_span,
            format!("unknown primitive `{}`", pred.name),
        );
        if let Some(s) = did_you_mean(&pred.name, SIGNATURES.iter().map(|s| s.name)) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        diags.push(d);
        return None;
    };
    if sig.arity() != pred.args.len() {
        let names: Vec<&str> = sig.args.iter().map(|a| a.name).collect();
        let span = pred.args.last().map_or(pred.name_span, |a| a.span);
        diags.push(
            Diagnostic::error(
                "wrong-arity",
                span,
                format!(
                    "`{}` takes {} arguments, got {}",
                    sig.name,
                    sig.arity(),
                    pred.args.len()
                ),
            )
            .with_help(format!("its arguments are: {}", names.join(" "))),
        );
        return None;
    }
    for (i, arg) in pred.args.iter().enumerate() {
        if let Some(first) = pred.args[..i].iter().find(|a| same_arg(a, arg)) {
            diags.push(
                Diagnostic::error(
                    "repeated-argument",
                    arg.span,
                    format!("`{arg}` appears twice in this `{}`", sig.name),
                )
                .with_help(format!(
                    "first used at column {}; every argument of a predicate must differ",
                    first.span.column
                )),
            );
        }
        check_constant(sig, i, arg, vocab, diags);
    }
    Some(sig)
}

fn same_arg(a: &Arg, b: &Arg) -> bool {
    match (&a.kind, &b.kind) {
        (ArgKind::Variable(x), ArgKind::Variable(y)) | (ArgKind::Symbol(x), ArgKind::Symbol(y)) => {
            x == y
        }
        (ArgKind::Number(x), ArgKind::Number(y)) => x == y,
        _ => false,
    }
}

/// Constants must name ontology classes and fit the argument they fill.
fn check_constant(
    sig: &Signature,
    index: usize,
    arg: &Arg,
    vocab: &dyn Vocabulary,
    diags: &mut Vec<Diagnostic>,
) {
    let spec = sig.args[index];
    let role = sig.role(index);
    if !matches!(arg.kind, ArgKind::Variable(_))
        && matches!(
            role,
            ArgRole::Output | ArgRole::KitchenStateOut | ArgRole::KitchenStateIn
        )
    {
        let what = match role {
            ArgRole::Output => format!("`{}` is an output of `{}`", spec.name, sig.name),
            _ => format!("`{}` of `{}` is a kitchen state", spec.name, sig.name),
        };
        let mut d = Diagnostic::warning(
            "constant-in-variable-slot",
            arg.span,
            format!("{what}: it needs a `?variable`, got `{arg}`"),
        );
        if sig.name == "transfer-contents" && matches!(spec.name, "quantity" | "unit") {
            d = d.with_help(
                "the reference's transfer-contents always moves everything: it takes no amount",
            );
        }
        diags.push(d);
        return;
    }
    match &arg.kind {
        ArgKind::Variable(_) => {}
        ArgKind::Number(n) => {
            if spec.ty != "quantity" && spec.ty != "t" {
                diags.push(Diagnostic::error(
                    "type-mismatch",
                    arg.span,
                    format!(
                        "`{}` of `{}` expects {}, got the number `{n}`",
                        spec.name,
                        sig.name,
                        describe_type(spec.ty)
                    ),
                ));
            } else if n.value() < 0.0 {
                diags.push(
                    Diagnostic::warning(
                        "negative-quantity",
                        arg.span,
                        format!("`{}` of `{}` is negative (`{n}`)", spec.name, sig.name),
                    )
                    .with_help("amounts, times and temperatures must not be negative"),
                );
            }
        }
        ArgKind::Symbol(s) => {
            if !vocab.is_class(s) {
                let kind = match spec.ty {
                    "unit" | "time-unit" => "unit",
                    "quantity" => "number",
                    _ if sig.name == "fetch-and-proportion" => "ingredient",
                    _ => "concept",
                };
                let message = if kind == "number" {
                    format!(
                        "`{}` of `{}` expects a number, got `{s}`",
                        spec.name, sig.name
                    )
                } else {
                    format!("unknown {kind} `{s}`")
                };
                let code = if kind == "number" {
                    "type-mismatch"
                } else {
                    "unknown-class"
                };
                let mut d = Diagnostic::error(code, arg.span, message);
                let names = vocab.class_names();
                let fitting = names
                    .iter()
                    .copied()
                    .filter(|c| spec.ty == "t" || vocab.is_a(c, spec.ty));
                if let Some(c) =
                    did_you_mean(s, fitting).or_else(|| did_you_mean(s, names.iter().copied()))
                {
                    d = d.with_help(format!("did you mean `{c}`?"));
                }
                diags.push(d);
            } else if spec.ty != "t" && !vocab.is_a(s, spec.ty) {
                diags.push(Diagnostic::error(
                    "type-mismatch",
                    arg.span,
                    format!(
                        "`{}` of `{}` expects {}, got `{s}`",
                        spec.name,
                        sig.name,
                        describe_type(spec.ty)
                    ),
                ));
            }
        }
        ArgKind::List(items) => {
            for item in items {
                match &item.kind {
                    ArgKind::Symbol(s) if !vocab.is_class(s) => {
                        let mut d = Diagnostic::error(
                            "unknown-class",
                            item.span,
                            format!("unknown concept `{s}`"),
                        );
                        if let Some(c) = did_you_mean(s, vocab.class_names()) {
                            d = d.with_help(format!("did you mean `{c}`?"));
                        }
                        diags.push(d);
                    }
                    ArgKind::Variable(_) | ArgKind::List(_) => {
                        diags.push(Diagnostic::error(
                            "bad-list",
                            item.span,
                            "a list argument may only hold concepts and numbers",
                        ));
                    }
                    _ => {}
                }
            }
        }
    }
}

fn describe_type(ty: &str) -> String {
    match ty {
        "quantity" => "a number".into(),
        "unit" => "a unit such as `g` or `teaspoon`".into(),
        "time-unit" => "a time unit (`minute` or `hour`)".into(),
        other => format!("a `{other}`"),
    }
}

/// Checks that every input is bound by some action, that no variable is bound
/// twice, that no constant sits where every case wants a variable unbound,
/// and that actions do not depend on each other in a cycle.
fn check_dataflow(
    recipe: &Recipe,
    sigs: &[Option<&'static Signature>],
    diags: &mut Vec<Diagnostic>,
) {
    // Definite producers: outputs and kitchen-state-outs. Optional arguments may be bound by their action.
    // Sized for a network whose every action binds an output and a kitchen state.
    let n = recipe.predicates.len();
    let mut producer: HashMap<&str, (usize, Span)> =
        HashMap::with_capacity_and_hasher(2 * n, Default::default());
    let mut maybe_bound: HashMap<&str, usize> =
        HashMap::with_capacity_and_hasher(n, Default::default());
    let repeats = Predicate::repeats(&recipe.predicates);
    for (pi, (pred, sig)) in recipe.predicates.iter().zip(sigs).enumerate() {
        let Some(sig) = sig else { continue };
        // A repeated line without constants is ignored, as in the reference.
        if repeats[pi] {
            continue;
        }
        for (i, arg) in pred.args.iter().enumerate() {
            let Some(var) = arg.as_variable() else {
                continue;
            };
            match sig.role(i) {
                ArgRole::Output | ArgRole::KitchenStateOut => {
                    if let Some(&(_, first)) = producer.get(var) {
                        diags.push(
                            Diagnostic::warning(
                                "bound-twice",
                                arg.span,
                                format!("`{var}` is bound by two actions"),
                            )
                            .with_help(format!(
                                "it is already bound at line {}; give one of them another name",
                                first.line
                            )),
                        );
                    } else {
                        producer.insert(var, (pi, arg.span));
                    }
                }
                ArgRole::Optional => {
                    maybe_bound.entry(var).or_insert(pi);
                }
                _ => {}
            }
        }
        // A constant is always bound: some case must accept it as an input.
        let constants: u32 = pred
            .args
            .iter()
            .enumerate()
            .filter(|(_, a)| a.as_variable().is_none())
            .map(|(i, _)| 1u32 << i)
            .sum();
        let misplaced = (0..pred.args.len()).any(|i| {
            constants & (1 << i) != 0
                && matches!(
                    sig.role(i),
                    ArgRole::Output | ArgRole::KitchenStateOut | ArgRole::KitchenStateIn
                )
        });
        if !misplaced && !sig.case_masks().any(|m| m & constants == constants) {
            let offending = pred
                .args
                .iter()
                .enumerate()
                .find(|(i, a)| a.as_variable().is_none() && sig.role(*i) == ArgRole::Optional);
            let span = offending.map_or(pred.span, |(_, a)| a.span);
            diags.push(
                Diagnostic::warning(
                    "no-applicable-case",
                    span,
                    format!("`{}` has no case that accepts these constants", sig.name),
                )
                .with_help(cases_help(sig)),
            );
        }
    }
    let bound_names: Vec<&str> = producer.keys().chain(maybe_bound.keys()).copied().collect();
    for (pred, sig) in recipe.predicates.iter().zip(sigs) {
        let Some(sig) = sig else { continue };
        for (i, arg) in pred.args.iter().enumerate() {
            let Some(var) = arg.as_variable() else {
                continue;
            };
            let role = sig.role(i);
            if matches!(role, ArgRole::Input | ArgRole::KitchenStateIn)
                && !producer.contains_key(var)
                && !maybe_bound.contains_key(var)
            {
                let what = if role == ArgRole::KitchenStateIn {
                    "kitchen state"
                } else {
                    "input"
                };
                let mut d = Diagnostic::warning(
                    "never-bound",
                    arg.span,
                    format!("{what} `{var}` is never bound by any action"),
                );
                if let Some(c) = did_you_mean(var, bound_names.iter().copied()) {
                    d = d.with_help(format!("did you mean `{c}`?"));
                } else if role == ArgRole::KitchenStateIn {
                    d = d.with_help("every kitchen state must be the kitchen-state-out of an earlier action, or `get-kitchen`'s output");
                }
                diags.push(d);
            }
        }
    }
    if let Some(cycle) = find_cycle(recipe, sigs, &producer) {
        let lines: Vec<String> = cycle
            .iter()
            .map(|&pi| format!("line {}", recipe.predicates[pi].span.line))
            .collect();
        let first = &recipe.predicates[cycle[0]];
        diags.push(
            Diagnostic::warning(
                "cycle",
                first.span,
                format!(
                    "actions depend on each other in a cycle: {} → {}",
                    lines.join(" → "),
                    lines[0]
                ),
            )
            .with_help("an action can only use what earlier actions produced"),
        );
    }
}

fn cases_help(sig: &Signature) -> String {
    let cases = sig.case_descriptions();
    format!(
        "the reference can run `{}` given: {}",
        sig.name,
        cases.join("; or ")
    )
}

/// A cycle of actions through definite outputs, as predicate indices.
fn find_cycle(
    recipe: &Recipe,
    sigs: &[Option<&'static Signature>],
    producer: &HashMap<&str, (usize, Span)>,
) -> Option<Vec<usize>> {
    let n = recipe.predicates.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (pi, (pred, sig)) in recipe.predicates.iter().zip(sigs).enumerate() {
        let Some(sig) = sig else { continue };
        for (i, arg) in pred.args.iter().enumerate() {
            if let (Some(var), ArgRole::Input | ArgRole::KitchenStateIn | ArgRole::Optional) =
                (arg.as_variable(), sig.role(i))
            {
                if let Some(&(from, _)) = producer.get(var) {
                    edges[from].push(pi);
                }
            }
        }
    }
    // Iterative DFS with colours; on a back edge, unwind the stack into the cycle.
    let mut colour = vec![0u8; n];
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(n);
    for root in 0..n {
        if colour[root] != 0 {
            continue;
        }
        stack.push((root, 0));
        colour[root] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&to) = edges[node].get(*next) {
                *next += 1;
                match colour[to] {
                    0 => {
                        colour[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => {
                        let start = stack.iter().position(|&(p, _)| p == to).unwrap_or(0);
                        return Some(stack[start..].iter().map(|&(p, _)| p).collect());
                    }
                    _ => {}
                }
            } else {
                colour[node] = 2;
                stack.pop();
            }
        }
    }
    None
}
