//! The grammar of the next action of a network being built: the language's
//! grammar narrowed to what can run now, made afresh from the session
//! before each action. The kitchen-state input is the current state; each
//! object input is a variable already bound whose value is of a class the
//! argument takes; outputs
//! and the kitchen state after the action are written for the model, fresh
//! names of the argument and the line (`?container-with-mixture-4`,
//! `?ks-4`): a model left
//! to name them spends its tokens on names, and a small one never stops.
//! An optional argument may also be such a fresh name, for the kitchen to
//! choose. A primitive with an input nothing bound can fill is left out.
//! So every line decoded under it threads: the weakest part of networks
//! that models write unaided.
//!
//! Its root accepts one action, or `(done)` when the step asked for needs
//! no more.

use std::collections::BTreeMap;

use sous_kitchen::{ClassId, Ontology};
use sous_lang::{ArgRole, Signature};
use sous_sim::ArgClass;

use super::{class, list_number, lit, names_expr, number, render, rule, rule_name, Expr, Notation};
use super::{Alt, Lit, Repeat, Seq};
use crate::llm::tools::names::{Kind, Names};

/// What the grammar of the next action is made from.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// The variable of the current kitchen state (`?ks-3`).
    pub kitchen: String,
    /// The variables bound to kitchen objects, quantities or concepts,
    /// with the class of each value, in the order the network names them.
    pub bound: Vec<(String, ClassId)>,
    /// Every variable the network names, bound or not: no fresh name is one of them.
    pub taken: Vec<String>,
    /// The number of the next line (1: the one after `get-kitchen`), which
    /// the fresh names carry.
    pub next_line: usize,
    /// The ingredients (classes below `ingredient`) a name may be (`None`:
    /// all of them): those the step's text mentions, so that a model picks
    /// among the recipe's ingredients, not among the kitchen's hundreds.
    pub ingredients: Option<Vec<&'static str>>,
    /// The numbers a number may be (`None`: any): those the step's text
    /// writes ([`numbers_in`]), so that an amount is the recipe's.
    pub numbers: Option<Vec<String>>,
    /// The units a unit may be, where the argument takes any of them
    /// (`None`: those of its dimension): those the step's text writes
    /// ([`units_in`]).
    pub units: Option<Vec<&'static str>>,
    /// The primitives that may be written (`None`: all but these `except`).
    pub only: Option<Vec<&'static str>>,
    /// The primitives that may not be written.
    pub except: Vec<&'static str>,
    /// Whether `(done)` may be answered (when no primitive can be written,
    /// it may all the same).
    pub may_end: bool,
    /// Whether no variable may stand in two object arguments of one
    /// action (the language's checks refuse it; spelled out, it makes the
    /// grammar grow with the square of the variables, so it is for the
    /// narrowed scope of one step).
    pub distinct: bool,
    /// Object inputs narrowed further than their classes, each by every
    /// rule here that applies to it.
    pub narrow: Vec<Narrow>,
    /// The names of kitchen things (not ingredients, not units) the
    /// arguments of a primitive may take, narrowed (`fetch`: the cookie
    /// sheet the step mentions); a list narrowed to nothing stays whole.
    pub things: Vec<(&'static str, Vec<&'static str>)>,
}

/// Narrows the variables some object inputs take: those of the primitive
/// `primitive` (`None`: of every primitive) whose argument's name starts
/// with `arg_prefix` (`""`: every object input). A required input
/// narrowed to nothing leaves its primitive out.
#[derive(Debug, Clone)]
pub struct Narrow {
    pub primitive: Option<&'static str>,
    pub arg_prefix: &'static str,
    pub keep: Keep,
    /// Whether optional arguments are narrowed too, and then take only
    /// the variables kept, no fresh name for the kitchen to choose (a
    /// transfer between two given bowls); otherwise they are left whole.
    pub optional: bool,
}

/// Which of the variables an input admits a [`Narrow`] keeps.
#[derive(Debug, Clone)]
pub enum Keep {
    /// These, and no others.
    Only(Vec<String>),
    /// All but these.
    AllBut(Vec<String>),
    /// None: an optional argument is left to the kitchen (a fetch into a
    /// container of its own).
    Fresh,
}

impl Narrow {
    fn applies(&self, primitive: &str, arg: &str, role: ArgRole) -> bool {
        self.primitive.is_none_or(|p| p == primitive)
            && arg.starts_with(self.arg_prefix)
            && (role == ArgRole::Input || self.optional)
    }

    fn keeps(&self, variable: &str) -> bool {
        match &self.keep {
            Keep::Only(these) => these.iter().any(|v| v == variable),
            Keep::AllBut(these) => !these.iter().any(|v| v == variable),
            Keep::Fresh => false,
        }
    }
}

/// What the line `(done)` says: the step needs no more actions.
pub const DONE: &str = "(done)";

impl Scope {
    /// The scope of `session`, whose current kitchen state is `kitchen`:
    /// every continuation the language allows.
    pub fn of(session: &sous_sim::Session<'_>, kitchen: &str) -> Scope {
        Scope::with_names(session, kitchen, false)
    }

    /// [`Scope::of`] offering each object under one name only, the last an
    /// action bound, when `latest_only`. The language lets an action name
    /// a greased pan by the name it had before greasing (the kitchen finds
    /// an object by its identity), and gold networks do; but a model
    /// offered every name an object ever had beats the butter bowl again
    /// after the sugar went in.
    pub fn with_names(session: &sous_sim::Session<'_>, kitchen: &str, latest_only: bool) -> Scope {
        let onto = Ontology::get();
        let state = onto.id("kitchen-state");
        let all: Vec<(&str, &sous_sim::Binding)> = session
            .bound()
            .filter(|(_, b)| !b.value.is_failed())
            .filter(|(_, b)| state.is_none_or(|s| !onto.is_a(b.value.class, s)))
            .collect();
        // A variable bound without an availability time (an optional
        // argument's fresh name: the bowl as it was before the action)
        // is offered only when no variable with one names its object:
        // most primitives cannot start from it, and the action's output
        // names the same bowl as that action left it.
        let timed = |pid| {
            all.iter()
                .any(|(_, b)| b.value.pid == pid && b.available_at.is_some())
        };
        // Of the names of one object, the last an action bound (what the
        // network made of it last).
        let latest = |i: usize, pid| {
            !all[i + 1..]
                .iter()
                .any(|(_, c)| c.value.pid == pid && c.available_at.is_some())
        };
        let chosen: Vec<(&str, &sous_sim::Binding)> = all
            .iter()
            .enumerate()
            .filter(|&(i, (_, b))| {
                if b.available_at.is_some() {
                    !latest_only || latest(i, b.value.pid)
                } else {
                    !timed(b.value.pid)
                        && !all[i + 1..].iter().any(|(_, c)| c.value.pid == b.value.pid)
                }
            })
            .map(|(_, &nb)| nb)
            .collect();
        let bound = chosen
            .into_iter()
            .map(|(name, b)| (name.to_string(), b.value.class))
            .collect();
        let taken = session
            .network()
            .variables
            .iter()
            .filter(|v| v.constant.is_none())
            .map(|v| v.name.clone())
            .collect();
        Scope {
            kitchen: kitchen.to_string(),
            bound,
            taken,
            next_line: session.network().actions.len(),
            ingredients: None,
            numbers: None,
            units: None,
            only: None,
            except: Vec::new(),
            may_end: true,
            distinct: false,
            narrow: Vec::new(),
            things: Vec::new(),
        }
    }
}

/// The numbers `text` writes, as the language writes them: `1 1/2` is
/// `1.5`, `½` is `0.5`, `350F` is `350`; a mixed number also gives its
/// whole part. In the order written, without repeats.
pub fn numbers_in(text: &str) -> Vec<String> {
    let spaced = spaced(text);
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut push = |x: f64| {
        if x.is_finite() && x > 0.0 {
            let s = format_number(x);
            if !out.contains(&s) {
                out.push(s);
            }
        }
    };
    let mut i = 0;
    while i < words.len() {
        // Numbers written with digits: `a pinch` or `one egg` is no amount
        // to narrow to.
        let digits = words[i].starts_with(crate::quantity::is_numeral);
        match crate::quantity::read_quantity(&words[i..]).filter(|_| digits) {
            Some((value, used)) => {
                if used > 1 && value.fract() != 0.0 {
                    push(value.trunc());
                }
                push(value);
                i += used;
            }
            None => i += 1,
        }
    }
    out
}

/// `text` with digits apart from the letters and brackets around them
/// (`230g)` is `230 g `), vulgar fractions read as digits.
fn spaced(text: &str) -> String {
    let mut spaced = String::with_capacity(text.len() + 8);
    let mut last: Option<char> = None;
    for c in text.chars() {
        let digit = crate::quantity::is_numeral(c);
        if let Some(l) = last {
            let was = crate::quantity::is_numeral(l);
            if (digit && l.is_alphabetic()) || (was && c.is_alphabetic()) {
                spaced.push(' ');
            }
        }
        spaced.push(if "(),;:".contains(c) { ' ' } else { c });
        last = Some(c);
    }
    spaced
}

/// The units of the language `text` writes, in the order written, without
/// repeats: `2 cups` is `cup`, `8 oz` is `g` (the unit it converts to),
/// `10 minutes` is `minute`, a temperature (`350F`, `175 degrees C`) is
/// `degrees-celsius`.
pub fn units_in(text: &str) -> Vec<&'static str> {
    let lex = crate::lexicon::Lexicon::get();
    let onto = Ontology::get();
    let lower = spaced(&text.to_lowercase());
    let mut out: Vec<&'static str> = Vec::new();
    let mut push = |name: &str| {
        if let Some(id) = onto.id(name) {
            let name = onto.name(id);
            if !out.contains(&name) {
                out.push(name);
            }
        }
    };
    for word in lower.split_whitespace() {
        let word = word.trim_end_matches([',', '!', '?']);
        // `tsp.` is a unit's spelling, `cups.` ends a sentence.
        let word = match word.strip_suffix('.') {
            Some(bare) if lex.unit(word).is_none() => bare,
            _ => word,
        };
        if let Some((unit, _)) = lex.unit(word).or_else(|| lex.time_unit(word)) {
            push(unit);
        }
    }
    if crate::instructions::temperature(&lower).is_some() {
        push("degrees-celsius");
    }
    out
}

/// `x` as the language writes a number: whole numbers without a point,
/// others with at most three decimals.
pub fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return format!("{}", x as i64);
    }
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The grammar of the next action in `scope`, in `notation` (Lark: start
/// with `next`).
pub fn next_action(notation: Notation, scope: &Scope) -> String {
    render(
        notation,
        &rules(scope),
        &[
            "The next action of a network, generated from the primitives' signatures,",
            "the kitchen's names and what the network has bound so far.",
            "Lark: parse with start=\"next\".",
        ],
    )
}

/// Builds the rules: root, `next`, the feasible primitives, then the
/// lists they share.
struct Builder<'a> {
    scope: &'a Scope,
    /// Lists of names, numbered by first use.
    lists: Vec<Vec<&'static str>>,
    /// The choices of each argument class: rule name and its alternatives
    /// (empty: nothing bound fits).
    choices: BTreeMap<String, (String, Vec<Expr>)>,
    /// The variables of narrowed inputs ([`Scope::narrow`]), numbered by
    /// first use: inputs narrowed alike share a rule.
    narrowed: Vec<Vec<String>>,
}

fn rules(scope: &Scope) -> Vec<(String, Expr)> {
    let names = Names::get();
    let mut b = Builder {
        scope,
        lists: Vec::new(),
        choices: BTreeMap::new(),
        narrowed: Vec::new(),
    };
    let mut alternatives = Vec::new();
    let mut primitive_rules = Vec::new();
    for sig in sous_lang::signatures() {
        if sig.legacy || sig.kind == sous_lang::PrimitiveKind::GetKitchen {
            // Legacy forms are read, not written; the kitchen is got once.
            continue;
        }
        if scope.except.contains(&sig.name)
            || scope.only.as_ref().is_some_and(|o| !o.contains(&sig.name))
        {
            continue;
        }
        if let Some(expr) = b.predicate(sig, names) {
            let name = rule_name(sig);
            alternatives.push(rule(&name));
            primitive_rules.push((name, expr));
        }
    }
    let next = match (alternatives.is_empty(), scope.may_end) {
        (true, _) => lit(DONE),
        (false, true) => Alt(vec![rule("predicate"), lit(DONE)]),
        (false, false) => rule("predicate"),
    };
    let mut out: Vec<(String, Expr)> = vec![("root".into(), rule("next")), ("next".into(), next)];
    if !alternatives.is_empty() {
        out.push(("predicate".into(), Alt(alternatives)));
    }
    out.extend(primitive_rules);
    for (name, alternatives) in b.choices.into_values() {
        if !alternatives.is_empty() {
            out.push((name, Alt(alternatives)));
        }
    }
    for (i, list) in b.lists.iter().enumerate() {
        out.push((format!("names-{}", i + 1), names_expr(list)));
    }
    for (i, vars) in b.narrowed.iter().enumerate() {
        out.push((
            format!("narrowed-{}", i + 1),
            Alt(vars.iter().map(|v| Lit(v.clone())).collect()),
        ));
    }
    if let Some(n) = scope.numbers.as_ref().filter(|n| !n.is_empty()) {
        out.push((
            "step-number".into(),
            Alt(n.iter().map(|x| Lit(x.clone())).collect()),
        ));
    }
    out.push(number());
    out.push((
        "digits".into(),
        Repeat(Box::new(class("[0-9]")), 1, super::MAX_DIGITS),
    ));
    out.push(("ws".into(), lit(" ")));
    out
}

impl Builder<'_> {
    /// `(name arg …)` as it can be written now, or `None` when an input
    /// has nothing that fits. An optional argument is given (a value) or
    /// left to the kitchen (a fresh name) as one of the primitive's cases
    /// has it: the engine refuses a predicate whose given arguments are
    /// no case (a temperature's unit without its quantity).
    fn predicate(&mut self, sig: &'static Signature, names: &Names) -> Option<Expr> {
        let classes = ArgClass::of(sig);
        let mut seq = vec![lit("("), lit(sig.name)];
        // The object arguments: where in `seq`, its argument, and the
        // variables it admits.
        let mut objects: Vec<(usize, usize, Vec<String>)> = Vec::new();
        // The same for the number arguments, when the step's numbers
        // narrow them: the language refuses a predicate that has one
        // constant twice (`12 minute 12 degrees-celsius`).
        let mut numbers: Vec<(usize, usize, Vec<String>)> = Vec::new();
        // The optional arguments: where in `seq`, its argument, its value
        // when given (`None`: nothing fits) and its fresh name.
        let mut optional: Vec<(usize, usize, Option<Expr>, Expr)> = Vec::new();
        for (i, arg) in sig.args.iter().enumerate() {
            seq.push(rule("ws"));
            let role = sig.role(i);
            let expr = match role {
                ArgRole::KitchenStateIn => Lit(self.scope.kitchen.clone()),
                ArgRole::KitchenStateOut => Lit(self.fresh("ks")),
                ArgRole::Output => Lit(self.fresh(arg.name)),
                ArgRole::Input | ArgRole::Optional => {
                    let at = seq.len();
                    let mut values = Vec::new();
                    // Left to the kitchen: a fresh name.
                    let mut fresh = role == ArgRole::Optional;
                    match names.kind(sig.name, arg) {
                        Kind::Number => values.push(match &self.scope.numbers {
                            Some(n) if !n.is_empty() => {
                                numbers.push((at, i, n.clone()));
                                rule("step-number")
                            }
                            _ => rule("number"),
                        }),
                        // A name or a number is written, never a variable:
                        // every kitchen object is a `conceptualizable`, and
                        // none is an ingredient's name; no gold network
                        // gives an earlier action's quantity to a later one
                        // (an optional one left to the kitchen is a fresh
                        // name).
                        Kind::Name(list) => {
                            // Narrowed to nothing, the list stays whole.
                            let list = self.things_of(sig.name, list);
                            let narrowed = self.narrowed(self.units_of(arg.ty, list.clone()));
                            let list = if narrowed.is_empty() { list } else { narrowed };
                            if !list.is_empty() {
                                values.push(rule(&self.list(list)));
                            }
                        }
                        Kind::Object => {
                            let admitted = self.admitted(classes[i]);
                            let narrows: Vec<&Narrow> = self
                                .scope
                                .narrow
                                .iter()
                                .filter(|n| n.applies(sig.name, arg.name, role))
                                .collect();
                            let kept: Vec<String> = admitted
                                .iter()
                                .filter(|v| narrows.iter().all(|n| n.keeps(v)))
                                .cloned()
                                .collect();
                            // Narrowed, an optional argument is no longer
                            // left to the kitchen, unless that is what the
                            // narrowing says.
                            fresh &= narrows.is_empty()
                                || narrows.iter().any(|n| matches!(n.keep, Keep::Fresh));
                            if kept.len() == admitted.len() {
                                if let Some(r) = self.bound_of(classes[i], arg.ty) {
                                    values.push(rule(&r));
                                }
                            } else if !kept.is_empty() {
                                values.push(rule(&self.narrowed_rule(kept.clone())));
                            }
                            objects.push((at, i, kept));
                        }
                    }
                    let given = match values.len() {
                        0 => None,
                        1 => values.pop(),
                        _ => Some(Alt(values)),
                    };
                    if role == ArgRole::Input || !fresh {
                        // Given in every case.
                        given?
                    } else {
                        let name = Lit(self.fresh(arg.name));
                        optional.push((at, i, given, name.clone()));
                        // Placed by each case below.
                        name
                    }
                }
            };
            seq.push(expr);
        }
        seq.push(lit(")"));
        let mut seqs = Vec::new();
        for mask in self.cases(sig, &optional) {
            let mut s = seq.clone();
            let mut ok = true;
            for (at, i, given, name) in &optional {
                if mask & (1 << i) == 0 {
                    s[*at] = name.clone();
                } else if let Some(g) = given {
                    s[*at] = g.clone();
                } else {
                    ok = false;
                }
            }
            if !ok {
                continue;
            }
            // The slots given in this case.
            let given = |slots: &[(usize, usize, Vec<String>)]| -> Vec<(usize, Vec<String>)> {
                slots
                    .iter()
                    .filter(|(at, i, _)| {
                        optional.iter().all(|(o, _, _, _)| o != at) || mask & (1 << i) != 0
                    })
                    .map(|(at, _, v)| (*at, v.clone()))
                    .collect()
            };
            let mut here = self.apart(s, &given(&numbers));
            if self.scope.distinct {
                let objects = given(&objects);
                here = here
                    .into_iter()
                    .flat_map(|s| self.apart(s, &objects))
                    .collect();
            }
            for h in here {
                if !seqs.contains(&h) {
                    seqs.push(h);
                }
            }
        }
        match seqs.len() {
            0 => None,
            1 => seqs.pop().map(Seq),
            _ => Some(Alt(seqs.into_iter().map(Seq).collect())),
        }
    }

    /// The masks (bit i: argument i given) of the cases of `sig` as far
    /// as its `optional` arguments go; one that gives every argument when
    /// it has none.
    fn cases(&self, sig: &Signature, optional: &[(usize, usize, Option<Expr>, Expr)]) -> Vec<u32> {
        let of_optional: u32 = optional.iter().map(|(_, i, _, _)| 1u32 << i).sum();
        if of_optional == 0 {
            return vec![u32::MAX];
        }
        let mut out: Vec<u32> = Vec::new();
        for m in sig.case_masks() {
            let m = m & of_optional;
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }

    /// The variables bound to a value `arg_class` admits.
    fn admitted(&self, arg_class: ArgClass) -> Vec<String> {
        self.scope
            .bound
            .iter()
            .filter(|(_, c)| arg_class.admits(*c))
            .map(|(v, _)| v.clone())
            .collect()
    }

    /// `seq` with no word in two of its `slots` (where in `seq`, and the
    /// words each admits): the kitchen refuses an action that lines a tray
    /// with itself, and a small model copies the argument before; the
    /// language refuses a constant written twice. The first two slots
    /// that admit the same words are written as alternatives: each shared
    /// word in the first and the others in the second, or a word only the
    /// first admits and the second as it is. No alternative when no word
    /// can be in both.
    fn apart(&self, seq: Vec<Expr>, slots: &[(usize, Vec<String>)]) -> Vec<Vec<Expr>> {
        let pair = slots.iter().enumerate().find_map(|(k, a)| {
            slots[k + 1..]
                .iter()
                .find(|b| b.1.iter().any(|v| a.1.contains(v)))
                .map(|b| (a, b))
        });
        let Some(((at_a, vars_a), (at_b, vars_b))) = pair else {
            return vec![seq];
        };
        let one_of = |vars: Vec<&String>| -> Option<Expr> {
            let mut alts: Vec<Expr> = vars.into_iter().map(|v| Lit(v.clone())).collect();
            match alts.len() {
                0 => None,
                1 => alts.pop(),
                _ => Some(Alt(alts)),
            }
        };
        let mut alternatives = Vec::new();
        for v in vars_a.iter().filter(|v| vars_b.contains(v)) {
            let Some(b) = one_of(vars_b.iter().filter(|w| *w != v).collect()) else {
                continue;
            };
            let mut s = seq.clone();
            s[*at_a] = Lit(v.clone());
            s[*at_b] = b;
            alternatives.push(s);
        }
        if let Some(a) = one_of(vars_a.iter().filter(|v| !vars_b.contains(v)).collect()) {
            let mut s = seq;
            s[*at_a] = a;
            alternatives.push(s);
        }
        alternatives
    }

    /// The fresh name of argument `arg` of the next action:
    /// `?{arg}-{n}`, n the network's next line, with a letter appended
    /// while the network has the name already.
    fn fresh(&self, arg: &str) -> String {
        let n = self.scope.next_line;
        let mut name = format!("?{arg}-{n}");
        let mut suffix = b'a';
        while self.scope.taken.contains(&name) && suffix <= b'z' {
            name = format!("?{arg}-{n}{}", suffix as char);
            suffix += 1;
        }
        name
    }

    /// `list` without the ingredients the scope leaves out (a name of a
    /// class below `ingredient`, held or not, that it does not list, nor a
    /// class below one it lists: `crushed pineapple` allows the kitchen's
    /// `crushed-pineapple-in-syrup`).
    fn narrowed(&self, list: Vec<&'static str>) -> Vec<&'static str> {
        let Some(allowed) = &self.scope.ingredients else {
            return list;
        };
        let onto = Ontology::get();
        let ingredient = onto.id("ingredient");
        let allowed: Vec<ClassId> = allowed.iter().filter_map(|a| onto.id(a)).collect();
        list.into_iter()
            .filter(|n| match onto.id(n) {
                Some(c) => {
                    allowed.iter().any(|&a| onto.is_a(c, a))
                        || !ingredient.is_some_and(|i| onto.is_a(c, i))
                }
                None => true,
            })
            .collect()
    }

    /// `list`, the names an argument of `primitive` takes, narrowed to the
    /// scope's [`Scope::things`] of it when they have some of them.
    fn things_of(&self, primitive: &str, list: Vec<&'static str>) -> Vec<&'static str> {
        match self.scope.things.iter().find(|(p, _)| *p == primitive) {
            Some((_, things)) => within(list, things),
            None => list,
        }
    }

    /// `list`, the units an argument of class `ty` takes, narrowed to the
    /// scope's units when it names some of them (a model offered every
    /// unit preheats the oven for an hour).
    fn units_of(&self, ty: &str, list: Vec<&'static str>) -> Vec<&'static str> {
        match self.scope.units.as_ref().filter(|_| ty.ends_with("unit")) {
            Some(units) => within(list, units),
            None => list,
        }
    }

    /// The rule of the variables a narrowed input keeps (shared by the
    /// inputs that keep the same).
    fn narrowed_rule(&mut self, vars: Vec<String>) -> String {
        let n = match self.narrowed.iter().position(|l| *l == vars) {
            Some(i) => i + 1,
            None => {
                self.narrowed.push(vars);
                self.narrowed.len()
            }
        };
        format!("narrowed-{n}")
    }

    /// The rule of a list of names (shared by the arguments that take it).
    fn list(&mut self, list: Vec<&'static str>) -> String {
        format!("names-{}", list_number(&mut self.lists, list))
    }

    /// The rule of the bound variables whose values are of a class
    /// `arg_class` admits (`ty` names it); `None` when there are none.
    fn bound_of(&mut self, arg_class: ArgClass, ty: &str) -> Option<String> {
        let (name, alternatives) = self.choices.entry(ty.to_string()).or_insert_with(|| {
            let alternatives = self
                .scope
                .bound
                .iter()
                .filter(|(_, c)| arg_class.admits(*c))
                .map(|(v, _)| Lit(v.clone()))
                .collect();
            (format!("of-{ty}"), alternatives)
        });
        (!alternatives.is_empty()).then(|| name.clone())
    }
}

/// The names of `list` that `these` has; `list` whole when it has none.
fn within(list: Vec<&'static str>, these: &[&'static str]) -> Vec<&'static str> {
    let here: Vec<&'static str> = list.iter().copied().filter(|n| these.contains(n)).collect();
    if here.is_empty() {
        list
    } else {
        here
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_of_a_step_are_read_as_cooks_write_them() {
        assert_eq!(numbers_in("1 cup (230g) butter, softened"), ["1", "230"]);
        assert_eq!(numbers_in("1 1/2 cups flour"), ["1", "1.5"]);
        assert_eq!(numbers_in("½ teaspoon salt"), ["0.5"]);
        assert_eq!(
            numbers_in("Preheat oven to 350F (175C). Bake 10 to 12 minutes."),
            ["350", "175", "10"]
        );
        // Words are no amount to narrow to.
        assert!(numbers_in("a pinch of salt, one egg").is_empty());
    }

    #[test]
    fn the_units_of_a_step_are_the_languages() {
        assert_eq!(units_in("2 cups (240g) flour, sifted"), ["cup", "g"]);
        assert_eq!(units_in("8 oz. cream cheese"), ["g"]);
        assert_eq!(units_in("1 tsp. salt"), ["teaspoon"]);
        assert_eq!(
            units_in("Preheat oven to 350F. Bake 10 to 12 minutes."),
            ["minute", "degrees-celsius"]
        );
        assert!(units_in("Stir well.").is_empty());
    }

    #[test]
    fn a_unit_is_one_the_step_writes_of_the_arguments_dimension() {
        let mut session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        session.add_text("(get-kitchen ?kitchen)").unwrap();
        let scope = Scope {
            units: Some(vec!["minute", "degrees-celsius"]),
            only: Some(vec!["preheat-oven", "fetch-and-proportion"]),
            ..Scope::of(&session, "?kitchen")
        };
        let g = next_action(Notation::Gbnf, &scope);
        let line = |p: &str| {
            g.lines()
                .find(|l| l.starts_with(&format!("p-{p} ::=")))
                .unwrap_or_else(|| panic!("{p}: {g}"))
                .to_string()
        };
        let list = |rule: &str| {
            let name = rule
                .split_whitespace()
                .rev()
                .find(|w| w.starts_with("names-"))
                .unwrap()
                .to_string();
            g.lines()
                .find(|l| l.starts_with(&format!("{name} ::=")))
                .unwrap()
                .to_string()
        };
        // The oven's unit is a temperature's, and the step writes one.
        assert!(
            list(&line("preheat-oven")).contains("\"degrees-celsius\""),
            "{g}"
        );
        // An amount's unit: the step writes none, so any amount's unit.
        let amount = list(&line("fetch-and-proportion"));
        assert!(
            amount.contains("\"g\"") && !amount.contains("minute"),
            "{amount}"
        );
    }

    #[test]
    fn a_narrowed_scope_names_each_object_once_and_never_twice_in_an_action() {
        let mut session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        for line in [
            "(get-kitchen ?kitchen)",
            "(fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 100 g)",
            "(fetch-and-proportion ?sugar ?ks-2 ?ks-1 ?bowl-2 white-sugar 50 g)",
            "(beat ?beaten ?ks-3 ?ks-2 ?butter ?whisk)",
        ] {
            session.add_text(line).unwrap();
        }
        let narrowed = Scope {
            only: Some(vec!["transfer-contents"]),
            distinct: true,
            ..Scope::with_names(&session, "?ks-3", true)
        };
        let g = next_action(Notation::Gbnf, &narrowed);
        let rule = g
            .lines()
            .find(|l| l.starts_with("p-transfer-contents ::="))
            .unwrap();
        // The beaten butter's bowl has one name: the last.
        assert!(
            !rule.contains("\"?butter\"") && rule.contains("\"?beaten\""),
            "{rule}"
        );
        // Each bowl into the other, never into itself.
        assert!(rule.contains("\"?beaten\" ws \"?sugar\""), "{rule}");
        assert!(rule.contains("\"?sugar\" ws \"?beaten\""), "{rule}");
        assert!(!rule.contains("\"?sugar\" ws \"?sugar\""), "{rule}");
        // Every continuation the language allows: both names, and no
        // spelled-out pairs.
        let all = next_action(
            Notation::Gbnf,
            &Scope {
                only: Some(vec!["transfer-contents"]),
                ..Scope::of(&session, "?ks-3")
            },
        );
        assert!(
            all.contains("\"?butter\"") && all.contains("\"?beaten\""),
            "{all}"
        );
        assert!(!all.contains("\"?beaten\" ws \"?sugar\""), "{all}");
    }

    #[test]
    fn a_narrowed_argument_takes_only_its_variables() {
        let mut session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        for line in [
            "(get-kitchen ?kitchen)",
            "(fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 100 g)",
            "(fetch-and-proportion ?sugar ?ks-2 ?ks-1 ?bowl-2 white-sugar 50 g)",
            "(fetch-and-proportion ?flour ?ks-3 ?ks-2 ?bowl-3 all-purpose-flour 50 g)",
        ] {
            session.add_text(line).unwrap();
        }
        let rule_of = |g: &str, p: &str| {
            g.lines()
                .find(|l| l.starts_with(&format!("p-{p} ::=")))
                .unwrap_or_else(|| panic!("{p}: {g}"))
                .to_string()
        };
        let scope = Scope {
            only: Some(vec!["transfer-contents", "beat"]),
            distinct: true,
            narrow: vec![Narrow {
                primitive: Some("transfer-contents"),
                arg_prefix: "",
                keep: Keep::Only(vec!["?butter".into(), "?sugar".into()]),
                optional: true,
            }],
            ..Scope::with_names(&session, "?ks-3", true)
        };
        let g = next_action(Notation::Gbnf, &scope);
        let transfer = rule_of(&g, "transfer-contents");
        // The flour's bowl is in neither of the transfer's inputs, and
        // the two bowls go into each other, never into themselves.
        assert!(!transfer.contains("?flour"), "{transfer}");
        assert!(transfer.contains("\"?butter\" ws \"?sugar\""), "{transfer}");
        assert!(transfer.contains("\"?sugar\" ws \"?butter\""), "{transfer}");
        // Another primitive is not narrowed.
        let beat = rule_of(&g, "beat");
        let choices = beat
            .split_whitespace()
            .find(|w| w.starts_with("of-"))
            .unwrap_or_else(|| panic!("{beat}"));
        let of = g
            .lines()
            .find(|l| l.starts_with(&format!("{choices} ::=")))
            .unwrap();
        assert!(of.contains("?flour"), "{of}");
        // Narrowed to nothing, the primitive is left out.
        let none = next_action(
            Notation::Gbnf,
            &Scope {
                narrow: vec![Narrow {
                    primitive: None,
                    arg_prefix: "container-with",
                    keep: Keep::AllBut(vec!["?butter".into(), "?sugar".into(), "?flour".into()]),
                    optional: false,
                }],
                ..scope.clone()
            },
        );
        assert!(!none.contains("p-beat ::="), "{none}");
        // An input narrowed alike in two places shares one rule.
        let all_but = next_action(
            Notation::Gbnf,
            &Scope {
                only: Some(vec!["beat", "mix"]),
                narrow: vec![Narrow {
                    primitive: None,
                    arg_prefix: "",
                    keep: Keep::AllBut(vec!["?flour".into()]),
                    optional: false,
                }],
                ..scope
            },
        );
        assert!(all_but.contains("narrowed-1 ::="), "{all_but}");
        assert!(!all_but.contains("narrowed-2 ::="), "{all_but}");
    }

    #[test]
    fn an_action_is_one_of_its_cases_and_writes_no_number_twice() {
        let mut session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        let mut lines = vec![
            "(get-kitchen ?kitchen)",
            "(fetch-and-proportion ?dough ?ks-1 ?kitchen ?bowl-1 butter 100 g)",
        ];
        for line in &lines {
            session.add_text(line).unwrap();
        }
        let bake = |session: &sous_sim::Session<'_>, ks: &str| {
            let scope = Scope {
                numbers: Some(vec!["12".into()]),
                only: Some(vec!["bake"]),
                ..Scope::with_names(session, ks, true)
            };
            let g = next_action(Notation::Gbnf, &scope);
            g.lines()
                .find(|l| l.starts_with("p-bake ::="))
                .map(str::to_string)
        };
        // No oven is bound, and the only number the step writes is the
        // time: baking at a temperature of 12 repeats a constant, and
        // baking without one needs an oven given.
        assert_eq!(bake(&session, "?ks-1"), None);
        lines.push("(preheat-oven ?oven-on ?ks-2 ?ks-1 ?oven 175 degrees-celsius)");
        session.add_text(lines[2]).unwrap();
        let bake = bake(&session, "?ks-2").expect("an oven is bound");
        // In the oven, for 12 minutes, its temperature left to the oven:
        // the one case that fits.
        assert_eq!(
            bake,
            "p-bake ::= \"(\" \"bake\" ws \"?thing-baked-3\" ws \"?ks-3\" ws \"?ks-2\" ws \
             of-transferable-container ws of-oven ws step-number ws names-1 ws \
             \"?target-temperature-quantity-3\" ws \"?target-temperature-unit-3\" \")\""
        );
    }

    #[test]
    fn a_number_is_one_the_step_writes_when_it_writes_any() {
        let mut session = sous_sim::Session::new("t", sous_sim::Options::default(), None);
        session.add_text("(get-kitchen ?kitchen)").unwrap();
        let scope = Scope {
            numbers: Some(vec!["230".into(), "1".into()]),
            only: Some(vec!["fetch-and-proportion"]),
            ..Scope::of(&session, "?kitchen")
        };
        let g = next_action(Notation::Gbnf, &scope);
        assert!(g.contains("step-number ::= (\"230\" | \"1\")"), "{g}");
        let fetch = g
            .lines()
            .find(|l| l.starts_with("p-fetch-and-proportion ::="))
            .unwrap();
        assert!(
            fetch.contains("step-number") && !fetch.contains(" number"),
            "{fetch}"
        );
        let free = next_action(
            Notation::Gbnf,
            &Scope {
                numbers: None,
                ..scope
            },
        );
        assert!(!free.contains("step-number"), "{free}");
    }
}
