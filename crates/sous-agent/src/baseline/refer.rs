//! What a clause refers to, resolved against the session: ingredients not
//! used yet (by name, by group, `the first four ingredients`, `the
//! remaining ingredients`), bowls already holding named ingredients (`the
//! flour mixture`), and pronouns (`it`, `them`, `the mixture`).

use super::session::Session;
use crate::habits::Habits;
use crate::instructions::mentioned;
use crate::lexicon::Lexicon;
use crate::quantity::read_quantity;

/// The referents of one clause.
#[derive(Debug, Default)]
pub(super) struct Referents {
    /// Ingredients not used yet, in recipe order.
    pub fresh: Vec<usize>,
    /// Bowls named through an ingredient in them, in order of mention.
    pub bowls: Vec<usize>,
    /// Where each of `fresh` and of `bowls` is named in the clause.
    pub fresh_at: Vec<usize>,
    pub bowl_at: Vec<usize>,
    /// Whether the clause names any ingredient at all (used or not).
    pub named_any: bool,
    /// Whether the clause says `it`, `them`, `the mixture` …
    pub pronoun: bool,
    /// What resolved them, for the trace.
    pub why: Vec<String>,
}

/// `first four ingredients`: how many.
fn first_n(ws: &[String]) -> Option<usize> {
    let words = crate::clause_words::ClauseWords::get();
    let at = words.first.position_in(ws)?;
    let next = ws.get(at + 1)?;
    let after = ws.get(at + 2)?;
    words
        .ingredient
        .has(after)
        .then(|| read_quantity(&[next.as_str()]))
        .flatten()
        .map(|(v, _)| v as usize)
}

impl Session {
    /// The ingredients not used yet, but for those kept for later.
    fn unused(&self) -> Vec<usize> {
        let fetched = self.ingredients();
        (0..fetched.len())
            .filter(|&i| !fetched[i].used() && !fetched[i].reserved)
            .collect()
    }

    /// `2 tablespoons flour`, `70 grams flour`: where the clause gives an
    /// amount before a name, the ingredient fetched in that amount is the
    /// one meant, not another of the same name.
    fn prefer_amounts(&self, named: &mut Vec<usize>) {
        let fetched = self.ingredients();
        let lex = Lexicon::get();
        let raw: Vec<&str> = self.raw_words().iter().map(String::as_str).collect();
        let mut meant_all: Vec<usize> = Vec::new();
        for at in 0..raw.len() {
            let Some((q, used)) = read_quantity(&raw[at..]) else {
                continue;
            };
            let Some((unit, factor)) = raw.get(at + used).and_then(|u| lex.unit(u)) else {
                continue;
            };
            let amount = q * factor;
            // `90 grams plus 2 tablespoons flour`: the name after the second
            // amount is the first's too.
            let mut name_at = at + used + 1;
            if raw.get(name_at).is_some_and(|w| {
                crate::clause_words::ClauseWords::get()
                    .amount_joiners
                    .has(w)
            }) {
                if let Some((_, u2)) = read_quantity(&raw[name_at + 1..]) {
                    if raw
                        .get(name_at + 1 + u2)
                        .and_then(|u| lex.unit(u))
                        .is_some()
                    {
                        name_at += 2 + u2;
                    }
                }
            }
            // The name right after (`2 tablespoons flour`, `200 grams
            // all-purpose flour`): its head and its other words there.
            let next: Vec<String> = raw[name_at.min(raw.len())..(name_at + 4).min(raw.len())]
                .iter()
                .map(|w| crate::words::singular(w))
                .collect();
            let same = |i: &usize| {
                let f = &fetched[*i];
                let head_at = f
                    .names
                    .last()
                    .and_then(|h| next.iter().position(|w| w == h));
                // Its head within the next few words (`of the chocolate
                // chips`), and no other ingredient's head before it.
                head_at.is_some_and(|k| {
                    k <= 3
                        && !next[..k].iter().any(|w| {
                            fetched.iter().any(|g| {
                                g.names.last() == Some(w) && g.names.last() != f.names.last()
                            })
                        })
                })
            };
            let Some(meant) = (0..fetched.len()).find(|i| {
                let f = &fetched[*i];
                same(i) && !f.used() && f.unit == unit && (f.amount - amount).abs() < 1e-6
            }) else {
                continue;
            };
            if !meant_all.contains(&meant) {
                meant_all.push(meant);
            }
        }
        // Of the ingredients sharing a head with one meant by its amount,
        // only those meant by their amounts stay.
        let heads: Vec<&String> = meant_all
            .iter()
            .filter_map(|&m| fetched[m].names.last())
            .collect();
        named.retain(|i| {
            meant_all.contains(i) || !fetched[*i].names.last().is_some_and(|h| heads.contains(&h))
        });
        for m in meant_all {
            if !named.contains(&m) {
                named.push(m);
            }
        }
    }

    pub(super) fn refer(&self, ws: &[String]) -> Referents {
        let fetched = self.ingredients();
        let raw = self.raw_words();
        let mut r = Referents::default();
        let names: Vec<Vec<String>> = fetched.iter().map(|f| f.names.clone()).collect();
        // `the flour mixture` is the flour already in a bowl: for a head
        // word followed by `mixture`, the used ingredient comes first.
        let before_mixture = |f: &super::session::Fetched| {
            f.names.last().is_some_and(|h| {
                ws.windows(2).any(|p| {
                    &p[0] == h && crate::clause_words::ClauseWords::get().mixture.has(&p[1])
                })
            })
        };
        let used: Vec<bool> = fetched
            .iter()
            .map(|f| f.used() != before_mixture(f))
            .collect();
        let lex = Lexicon::get();
        let plain: Vec<bool> = fetched
            .iter()
            .map(|f| {
                f.names
                    .last()
                    .and_then(|h| lex.ingredient(std::slice::from_ref(h)))
                    .is_some_and(|(c, _)| c == f.class)
            })
            .collect();
        let mut named = mentioned(ws, &names, &used, &plain);
        let habits = Habits::get();
        let mut by_group: Vec<usize> = Vec::new();
        for (i, f) in fetched.iter().enumerate() {
            if named.contains(&i) {
                continue;
            }
            // A synonym (`mayo`) that is no name word of a fetched ingredient.
            let is_name = |s: &str| fetched.iter().any(|g| g.names.iter().any(|n| n == s));
            if lex
                .synonyms(f.class)
                .any(|s| !is_name(s) && ws.iter().any(|w| w == s))
            {
                named.push(i);
                r.why.push(format!("`{}`: a synonym", f.names.join(" ")));
            } else if !f.reserved && habits.in_named_group(ws, f.class) {
                named.push(i);
                by_group.push(i);
                r.why.push(format!(
                    "`{}`: of a group the sentence names",
                    f.names.join(" ")
                ));
            }
        }
        self.one_bowl_per_group(&mut named, &by_group);
        // A word of exactly one unused ingredient's class (`vanilla` for a
        // line misspelt `vannila extract`).
        for w in ws {
            let owners: Vec<usize> = (0..fetched.len())
                .filter(|&i| !fetched[i].used())
                .filter(|&i| {
                    sous_kitchen::Ontology::get()
                        .name(fetched[i].class)
                        .split('-')
                        .any(|p| p == w)
                })
                .collect();
            if let [i] = owners[..] {
                if !named.contains(&i) && !named.iter().any(|&j| fetched[j].names.contains(w)) {
                    named.push(i);
                    r.why.push(format!(
                        "`{w}`: a word of the class of `{}`",
                        fetched[i].names.join(" ")
                    ));
                }
            }
        }
        let words = crate::clause_words::ClauseWords::get();
        // `the flours`: every ingredient with that head, when several have it.
        for (i, f) in fetched.iter().enumerate() {
            let Some(head) = f.names.last() else { continue };
            let plural = format!("{head}s");
            let shared = fetched
                .iter()
                .filter(|g| g.names.last() == Some(head))
                .count()
                > 1;
            if shared && !f.used() && !f.reserved && raw.contains(&plural) && !named.contains(&i) {
                named.push(i);
            }
        }
        if let Some(n) = first_n(ws) {
            named.extend(0..n.min(fetched.len()));
            r.why.push(format!("the first {n} ingredients"));
        }
        // `everything` is what the working bowl holds, once it holds something.
        let bowl_in_hand = self.something_in_hand();
        if (words.everything.in_clause(ws) && !bowl_in_hand) || words.all_ingredients.in_clause(ws)
        {
            named.extend(self.unused());
            r.why.push("every ingredient not used yet".into());
        }
        if named.is_empty() && words.ingredient.in_clause(ws) {
            // `Combine ingredients`: all of them that are left.
            named.extend(self.unused());
            r.why.push("`ingredients`: every one not used yet".into());
        }
        self.prefer_amounts(&mut named);
        named.sort_unstable();
        named.dedup();
        self.sort_named(ws, named, &by_group, &mut r);
        r.pronoun = crate::clause_words::ClauseWords::get()
            .pronouns
            .in_clause(ws);
        r
    }

    /// `Rub it into the dry ingredients`: a group names one bowl, the one
    /// holding most of its members (the bowl in hand on a tie), not every
    /// bowl where one of them ended up.
    fn one_bowl_per_group(&self, named: &mut Vec<usize>, by_group: &[usize]) {
        let fetched = self.ingredients();
        let mut per_bowl: Vec<(usize, usize)> = Vec::new();
        for &i in by_group {
            if let Some(b) = fetched[i].bowl {
                match per_bowl.iter_mut().find(|(x, _)| *x == b) {
                    Some((_, n)) => *n += 1,
                    None => per_bowl.push((b, 1)),
                }
            }
        }
        if per_bowl.len() > 1 {
            let best = per_bowl
                .iter()
                .max_by_key(|(b, n)| (*n, Some(*b) == self.in_hand()))
                .map(|(b, _)| *b);
            named.retain(|&i| {
                !by_group.contains(&i) || fetched[i].bowl.is_none_or(|b| Some(b) == best)
            });
        }
    }

    /// Sorts the named ingredients, in the order the clause names them,
    /// into bowls they went into and fresh ones.
    fn sort_named(
        &self,
        ws: &[String],
        mut named: Vec<usize>,
        by_group: &[usize],
        r: &mut Referents,
    ) {
        let fetched = self.ingredients();
        // Words spelled out as part of an unused ingredient's full name
        // (`olive oil`) do not also name a used one (`olives`).
        let mut covered = vec![false; ws.len()];
        for &i in &named {
            let n = &fetched[i].names;
            if fetched[i].used() || n.len() < 2 {
                continue;
            }
            for at in 0..ws.len().saturating_sub(n.len() - 1) {
                if ws[at..at + n.len()] == n[..] {
                    covered[at..at + n.len()].iter_mut().for_each(|c| *c = true);
                }
            }
        }
        let free = |w: &String| ws.iter().zip(&covered).any(|(x, c)| x == w && !c);
        // Where in the clause each is named (its first name word there),
        // so that things go into the bowl in the order the text gives.
        let at = |i: usize| {
            let names = &fetched[i].names;
            ws.iter()
                .position(|w| names.contains(w))
                .unwrap_or(usize::MAX)
        };
        named.sort_by_key(|&i| (at(i), i));
        r.named_any = !named.is_empty();
        for i in named {
            let f = &fetched[i];
            match f.bowl {
                // (A bowl named through a group, `the vegetables`, needs no
                // name word of its own in the sentence.)
                Some(_) if !f.names.last().is_some_and(free) && !by_group.contains(&i) => {}
                Some(b) if !r.bowls.contains(&b) => {
                    r.bowls.push(b);
                    r.bowl_at.push(at(i));
                }
                Some(_) => {}
                None if !f.spent => {
                    r.fresh.push(i);
                    r.fresh_at.push(at(i));
                }
                None => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::words;

    #[test]
    fn the_first_n_ingredients() {
        assert_eq!(
            first_n(&words("In a small bowl, combine first four ingredients")),
            Some(4)
        );
        assert_eq!(first_n(&words("combine the first 3 ingredients")), Some(3));
        assert_eq!(first_n(&words("first, mix the butter")), None);
    }
}
