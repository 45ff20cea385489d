//! The error taxonomy held to edits whose error is known: the 30 gold
//! networks, each edited in the six ways below (`sous_lang::edits`, seeded
//! choices), must get exactly the primary errors the edit made, and a
//! permutation none. The agreement per kind of edit is printed. Needs the
//! benchmark data: `$SOUS_BENCHMARK_DIR`.

mod common;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sous_eval::errors::{against_gold, ErrorKind, PredictionError};
use sous_lang::edits::{edited, predicate_lines};

/// Edits of each kind made on each gold network, and the seed of the
/// choices; `SOUS_EDITS_PER_KIND` and `SOUS_EDITS_SEED` draw other edits.
fn per_kind_and_seed() -> (usize, u64) {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    (
        var("SOUS_EDITS_PER_KIND", 2) as usize,
        var("SOUS_EDITS_SEED", 7),
    )
}

/// What an edit should give: primary errors of a kind, how many, the role
/// a wrong argument must have (one of these), and the gold line or the
/// predicted line it must name.
struct Expected {
    kind: ErrorKind,
    count: usize,
    roles: &'static [&'static str],
    gold_line: Option<usize>,
    line: Option<usize>,
}

/// The predicate lines of a network with its line numbers in the file.
fn numbered(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
        .collect()
}

fn tokens(line: &str) -> Vec<&str> {
    line.trim_matches(|c| c == '(' || c == ')')
        .split_whitespace()
        .collect()
}

fn check(
    name: &str,
    errors: &[PredictionError],
    expected: Option<&Expected>,
) -> Result<(), String> {
    let primary: Vec<&PredictionError> = errors.iter().filter(|e| e.primary).collect();
    let Some(x) = expected else {
        return if primary.is_empty() {
            Ok(())
        } else {
            Err(format!("{name}: expected no error, got {primary:?}"))
        };
    };
    let fits = primary.len() == x.count
        && primary.iter().all(|e| {
            e.kind == x.kind
                && (x.roles.is_empty() || e.role.as_deref().is_some_and(|r| x.roles.contains(&r)))
                && (x.gold_line.is_none() || e.gold_line == x.gold_line)
                && (x.line.is_none() || e.line == x.line)
        });
    if fits {
        Ok(())
    } else {
        Err(format!(
            "{name}: expected {} {:?} (roles {:?}, gold line {:?}, line {:?}), got {:?}",
            x.count,
            x.kind,
            x.roles,
            x.gold_line,
            x.line,
            primary
                .iter()
                .map(|e| (e.kind, e.line, e.gold_line, e.role.clone()))
                .collect::<Vec<_>>()
        ))
    }
}

#[test]
fn the_errors_of_known_edits_are_the_edits() {
    let gold = common::current_gold();
    let ingredients = sous_kitchen::inventory::inventory().ingredients.clone();
    let (per_kind, seed) = per_kind_and_seed();
    let mut rng = StdRng::seed_from_u64(seed);
    // Kind of edit → (agreed, made), and what disagreed.
    let mut tally: Vec<(&str, usize, usize)> = Vec::new();
    let mut wrong: Vec<String> = Vec::new();
    let mut ids: Vec<&str> = gold.ids().collect();
    ids.sort_unstable();
    for id in ids {
        let network = gold.get(id).expect("listed");
        let Ok(gold_recipe) = &network.recipe else {
            continue;
        };
        let text = std::fs::read_to_string(&network.path).expect("the gold file reads");
        let lines = numbered(&text);
        let plain = predicate_lines(&text);
        // Predicate line n (1-based, as the edits count) is file line lines[n-1].0.
        let actions: Vec<usize> = (2..=plain.len()).collect();
        let fetches: Vec<usize> = actions
            .iter()
            .copied()
            .filter(|&n| tokens(&plain[n - 1])[0] == "fetch-and-proportion")
            .collect();
        let numbers: Vec<(usize, usize)> = actions
            .iter()
            .flat_map(|&n| {
                tokens(&plain[n - 1])
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(_, t)| t.parse::<f64>().is_ok())
                    .map(move |(k, _)| (n, k))
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut cases: Vec<(&str, Vec<String>, Option<Expected>)> = Vec::new();
        for _ in 0..per_kind {
            let &n = actions
                .choose(&mut rng)
                .expect("a gold network has actions");
            cases.push((
                "delete a line",
                vec![format!("drop {n}")],
                Some(Expected {
                    kind: ErrorKind::MissingStep,
                    count: 1,
                    roles: &[],
                    gold_line: Some(lines[n - 1].0),
                    line: None,
                }),
            ));
            if let Some(&n) = fetches.choose(&mut rng) {
                let own = tokens(&plain[n - 1])[5].to_string();
                let other = ingredients
                    .iter()
                    .filter(|i| !text.contains(*i) && **i != own)
                    .collect::<Vec<_>>();
                let other = other
                    .choose(&mut rng)
                    .expect("the kitchen has other ingredients");
                cases.push((
                    "change an ingredient",
                    vec![format!("set {n} 5 {other}")],
                    Some(Expected {
                        kind: ErrorKind::WrongArgument,
                        count: 1,
                        roles: &["ingredient"],
                        gold_line: Some(lines[n - 1].0),
                        line: None,
                    }),
                ));
            }
            if let Some(&(n, k)) = numbers.choose(&mut rng) {
                let v: f64 = tokens(&plain[n - 1])[k].parse().expect("a number");
                cases.push((
                    "change a number",
                    vec![format!("set {n} {k} {}", v * 2.0 + 1.0)],
                    Some(Expected {
                        kind: ErrorKind::WrongArgument,
                        count: 1,
                        roles: &["quantity", "time", "temperature"],
                        gold_line: Some(lines[n - 1].0),
                        line: None,
                    }),
                ));
            }
            if let Some(&n) = fetches.choose(&mut rng) {
                // The same fetch again, its outputs under new names, from
                // the same kitchen state: one more bowl of it.
                let t = tokens(&plain[n - 1]);
                let copy = format!(
                    "({} {}-again {}-again {} {}-again {})",
                    t[0],
                    t[1],
                    t[2],
                    t[3],
                    t[4],
                    t[5..].join(" ")
                );
                cases.push((
                    "duplicate a fetch",
                    vec![format!("insert {} {copy}", n + 1)],
                    Some(Expected {
                        kind: ErrorKind::AdditionalStep,
                        count: 1,
                        roles: &[],
                        gold_line: None,
                        line: None,
                    }),
                ));
            }
            let k = rng.gen_range(1..=4.min(actions.len()));
            cases.push((
                "drop the last k steps",
                vec![format!("drop-last {k}")],
                Some(Expected {
                    kind: ErrorKind::MissingStep,
                    count: k,
                    roles: &[],
                    gold_line: None,
                    line: None,
                }),
            ));
            let seed: u64 = rng.gen();
            cases.push(("permute", vec![format!("permute {seed}")], None));
        }
        for (kind, edits, expected) in cases {
            let name = format!("{id} [{}]", edits.join(", "));
            let text = edited(&text, id, edits.iter().map(String::as_str))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let loaded = sous_eval::source::load_text(format!("{id}.solution"), text.into_bytes());
            let (recipe, _) = &loaded.recipes[0];
            let errors = against_gold(recipe, gold_recipe);
            let agreed = match check(&name, &errors, expected.as_ref()) {
                Ok(()) => 1,
                Err(e) => {
                    wrong.push(e);
                    0
                }
            };
            match tally.iter_mut().find(|(k, ..)| *k == kind) {
                Some(t) => {
                    t.1 += agreed;
                    t.2 += 1;
                }
                None => tally.push((kind, agreed, 1)),
            }
        }
    }
    let made: usize = tally.iter().map(|t| t.2).sum();
    eprintln!("edits: {made}");
    for (kind, agreed, n) in &tally {
        eprintln!("  {kind}: {agreed}/{n} agree");
    }
    assert!(made >= 300, "{made} edits");
    assert!(
        wrong.is_empty(),
        "{} of {made} disagree:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
