//! The deterministic baseline agent: reads a recipe line by line and builds
//! its network action by action, executing the network after every action
//! and keeping only actions that ran. What it chose and why goes into the
//! trace.
//!
//! `session` holds the working memory, `prepare` the steps an ingredient
//! line asks for, `refer` resolves what a clause names, `verbs/` acts a
//! clause out by its verb's kind (one module per kind), `work` holds what
//! several verbs do alike.

mod prepare;
mod refer;
mod session;
mod verbs;
mod work;

use crate::ingredient_line::{read_line, IngredientLine};
use crate::instructions::{clauses, singular, words, Kind, Verb};
use crate::lexicon::Lexicon;
use crate::lexicon::Match;
use crate::quantity::read_quantity;
use crate::recipe_xml::RecipeText;
use session::{number, Session};

/// What the agent made of one recipe.
#[derive(Debug, Clone)]
pub struct Understood {
    pub id: String,
    /// The network's predicates, one per line, every one executed.
    pub actions: Vec<String>,
    /// Per line of the recipe: what was done with it, and why.
    pub trace: Vec<String>,
}

impl Understood {
    /// The network as a `.solution` section (`#id` header, one predicate a line).
    pub fn solution(&self) -> String {
        let mut s = format!("#{}\n", self.id);
        for a in &self.actions {
            s.push_str(a);
            s.push('\n');
        }
        s
    }
}

/// Understands one recipe.
pub fn understand(recipe: &RecipeText) -> Understood {
    let mut s = Session::new(&recipe.id);
    if recipe.ingredients.is_empty() {
        s.log("not understood: the recipe lists no ingredients");
    }
    if recipe.instructions.is_empty() {
        s.log("not understood: the recipe has no instructions");
    }
    let lines: Vec<(usize, String)> = recipe
        .ingredients
        .iter()
        .enumerate()
        .flat_map(|(i, line)| match pair(line) {
            Some((a, b)) => vec![(i, a), (i, b)],
            None => vec![(i, line.clone())],
        })
        .collect();
    for (i, line) in &lines {
        let n = i + 1;
        let read = match read_line(line) {
            Ok(r) => r,
            Err(e) => {
                s.log(format!("ingredient {n}: not understood: {e}"));
                continue;
            }
        };
        let how = match read.matched {
            Match::Class => "the name of a class".to_string(),
            Match::Synonym => format!("lexicon: `{}`", read.name.join(" ")),
            Match::Head => format!("the head of `{}`", read.name.join(" ")),
            Match::Nearest => format!(
                "nearest class to `{}` (not in the lexicon)",
                read.name.join(" ")
            ),
        };
        s.log(format!("ingredient {n}: `{line}`"));
        // Its names: the words of the line and of its class.
        let mut names: Vec<String> = words(&read.name.join(" "));
        // `1 jalapeno pepper` is the jalapeno: where the line's words hold
        // all of its class's, those name it (`the pepper` is another).
        let class_words = words(&read.class_name().replace('-', " "));
        if class_words.iter().all(|w| names.contains(w)) {
            names = class_words;
        }
        if names.is_empty() {
            names = read.class_name().split('-').map(str::to_string).collect();
        }
        let portions = if read.preparations.iter().any(|p| p == "divided")
            || remains_of(&names, &recipe.instructions)
        {
            divided(&read, &names, &recipe.instructions)
        } else {
            vec![read.amount]
        };
        if portions.len() > 1 {
            s.note(format!(
                "divided: the instructions use {} {} at a time",
                portions
                    .iter()
                    .map(|p| number(*p))
                    .collect::<Vec<_>>()
                    .join(", "),
                read.unit
            ));
        }
        // `40 grams sugar, plus 30 grams extra for dusting`: the extra is a
        // portion of its own, kept for later; the rest is not.
        let extra = extra_portion(&read);
        let reserved = Lexicon::get().is_reserved(&read.text) && extra.is_none();
        for amount in portions {
            s.fetch_ingredient(&read, names.clone(), amount, reserved, &how);
        }
        if let Some(amount) = extra {
            s.note(format!(
                "an extra {} {} kept for later",
                number(amount),
                read.unit
            ));
            s.fetch_ingredient(
                &read,
                names.clone(),
                amount,
                true,
                "the extra the line asks for",
            );
        }
    }
    // Seasonings the instructions add but the list lacks, set out with the
    // rest before cooking starts.
    for line in &recipe.instructions {
        s.seasoned(line);
    }
    for (i, line) in recipe.instructions.iter().enumerate() {
        s.log(format!("instruction {}: `{line}`", i + 1));
        let clauses = clauses(line);
        let line_words = words(line);
        let fridge = line_words.iter().any(|w| Lexicon::get().is_fridge(w));
        if clauses.is_empty() && fridge {
            // `Keep it in the fridge.`
            s.start_sentence(line);
            s.clause(&Verb::implied(Kind::Chill), line);
            continue;
        }
        let warning = &crate::clause_words::ClauseWords::get().warning;
        if (1..=2).any(|n| warning.has(&line_words[..n.min(line_words.len())].join(" "))) {
            s.log("  skipped: a warning, not a step");
            continue;
        }
        if clauses.is_empty() {
            // `Gather the ingredients.`, `Enjoy!`: no verb the lexicon
            // knows and nothing of the recipe named is no cooking at all.
            let names_food = s.ingredients().iter().any(|f| {
                f.names
                    .last()
                    .is_some_and(|h| line_words.iter().any(|w| w == h))
            }) || line_words.iter().any(|w| Lexicon::get().is_product(w));
            s.log(if names_food {
                "  not understood: no verb the lexicon knows"
            } else {
                "  skipped: no cooking here (no verb the lexicon knows, nothing of the recipe named)"
            });
        }
        s.start_sentence(line);
        for (verb, clause) in clauses {
            s.clause(verb, &clause);
        }
    }
    let (actions, trace) = s.finish();
    Understood {
        id: recipe.id.clone(),
        actions,
        trace,
    }
}

/// `plus 30 grams extra (for dusting)`: an extra amount of the line's
/// ingredient, in the line's unit.
fn extra_portion(read: &IngredientLine) -> Option<f64> {
    let lower = read.text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "plus")?;
    let (q, used) = read_quantity(&words[at + 1..])?;
    let (unit, factor) = Lexicon::get().unit(words.get(at + 1 + used)?)?;
    (unit == read.unit).then_some(q * factor)
}

/// `1 gram coarse salt and ground black pepper`: two ingredients in one
/// line, each with the quantity, if both halves name ingredients.
fn pair(line: &str) -> Option<(String, String)> {
    let (head, notes) = match line.find([',', '(']) {
        Some(k) => line.split_at(k),
        None => (line, ""),
    };
    let (left, right) = head.split_once(" and ")?;
    let first = read_line(left).ok()?;
    let words: Vec<&str> = left.split_whitespace().collect();
    // `salt and pepper to taste` has no quantity to share.
    let used = read_quantity(&words).map_or(0, |(_, used)| used);
    let unit = words
        .get(used)
        .filter(|w| used > 0 && Lexicon::get().unit(w).is_some())
        .map_or(0, |_| 1);
    let prefix = words[..used + unit].join(" ");
    let second_line = format!("{prefix} {}{notes}", right.trim())
        .trim()
        .to_string();
    let second = read_line(&second_line).ok()?;
    let known = |m: Match| m != Match::Nearest;
    (known(first.matched) && known(second.matched) && first.class != second.class)
        .then(|| (format!("{}{notes}", left.trim()), second_line))
}

/// The portions of a divided ingredient the instructions use
/// (`fold in 150 grams of the coconut`, `the remaining 50 grams coconut`),
/// in the line's unit, the rest last; the whole amount if none is named.
/// Whether an instruction speaks of what remains of the ingredient these
/// words name (`the remaining oil`).
fn remains_of(names: &[String], instructions: &[String]) -> bool {
    let Some(head) = names.last() else {
        return false;
    };
    let remaining = &crate::clause_words::ClauseWords::get().remaining;
    instructions.iter().any(|line| {
        words(line)
            .windows(2)
            .any(|p| remaining.has(&p[0]) && &p[1] == head)
    })
}

fn divided(read: &IngredientLine, names: &[String], instructions: &[String]) -> Vec<f64> {
    let lex = Lexicon::get();
    let Some(head) = names.last() else {
        return vec![read.amount];
    };
    let mut parts = Vec::new();
    for sentence in instructions {
        let ws: Vec<String> = sentence.split_whitespace().map(str::to_lowercase).collect();
        let refs: Vec<&str> = ws.iter().map(String::as_str).collect();
        for at in 0..refs.len() {
            let Some((q, used)) = read_quantity(&refs[at..]) else {
                continue;
            };
            let Some((unit, factor)) = refs.get(at + used).and_then(|u| lex.unit(u)) else {
                continue;
            };
            let near = refs[at + used + 1..(at + used + 5).min(refs.len())]
                .iter()
                .any(|w| singular(w.trim_matches(|c: char| !c.is_alphanumeric())) == *head);
            if near && unit == read.unit {
                parts.push(q * factor);
            }
        }
    }
    let total: f64 = parts.iter().sum();
    if parts.is_empty() || total > read.amount + 1e-9 {
        return vec![read.amount];
    }
    if read.amount - total > 1e-9 {
        parts.push(read.amount - total);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The network the baseline makes of a recipe of these lines.
    fn network(ingredients: &[&str], instructions: &[&str]) -> String {
        let recipe = RecipeText {
            id: "r".into(),
            title: "r".into(),
            ingredients: ingredients.iter().map(|l| l.to_string()).collect(),
            instructions: instructions.iter().map(|l| l.to_string()).collect(),
        };
        understand(&recipe).actions.join("\n")
    }

    /// `Whisk the oil and vinegar` while a salad is in hand: the dressing is
    /// made in a bowl of its own and poured over; `toss with` the lemon
    /// juice is still done in the bowl in hand.
    #[test]
    fn a_dressing_is_whisked_apart_from_the_salad() {
        let salad = [
            "2 tomatoes, chopped",
            "3 tablespoons olive oil",
            "1 tablespoon red wine vinegar",
        ];
        let all = network(
            &salad,
            &[
                "Put the tomatoes in a large bowl.",
                "Whisk the oil and vinegar and drizzle over the salad.",
            ],
        );
        assert!(all.contains("(sprinkle "), "{all}");
        assert!(!all.contains("(mingle "), "{all}");
        let all = network(
            &[
                "2 apples, sliced",
                "1 tablespoon lemon juice",
                "1 tablespoon white sugar",
            ],
            &["Put the apples in a large bowl and toss with the lemon juice and sugar."],
        );
        assert!(all.contains("(mingle "), "{all}");
        assert!(!all.contains("(sprinkle "), "{all}");
    }

    /// `In a cup, mix the mayonnaise …` with grated carrots in hand: the
    /// dressing has a bowl of its own (`in` names no bowl in hand), and is
    /// stirred into the carrots; `Stir in the milk and oil` into a dry mix
    /// stays in its bowl.
    #[test]
    fn a_dressing_mixed_in_a_cup() {
        let all = network(
            &[
                "4 carrots, grated",
                "2 tablespoons mayonnaise",
                "1 tablespoon lemon juice",
            ],
            &[
                "Put the grated carrots into a bowl.",
                "In a cup, mix the mayonnaise and lemon juice.",
                "Stir the dressing into the carrots.",
            ],
        );
        assert_eq!(all.matches("(transfer-contents ").count(), 4, "{all}");
        assert!(all.contains("(mingle "), "{all}");
        let all = network(
            &[
                "260 grams all-purpose flour",
                "250 ml milk",
                "3 tablespoons vegetable oil",
            ],
            &[
                "Mix the flour in a medium bowl.",
                "Stir in the milk and oil.",
            ],
        );
        assert_eq!(all.matches("(transfer-contents ").count(), 3, "{all}");
    }

    /// `Shake the vinegar and oil in a jar` puts them in the jar first;
    /// `dress the salad` sprinkles the jar's dressing over it; `1 can
    /// black beans` is the usual 425 g can.
    #[test]
    fn a_jar_shaken_and_the_salad_dressed() {
        let all = network(
            &[
                "1 can black beans, drained",
                "2 tomatoes, diced",
                "60 ml red wine vinegar",
                "120 ml olive oil",
            ],
            &[
                "Put the beans and tomatoes in a large bowl.",
                "Shake the vinegar and oil in a jar with a lid.",
                "Dress the salad.",
            ],
        );
        assert!(all.contains(" black-bean 425 g)"), "{all}");
        assert!(all.contains(" jar 1)"), "{all}");
        assert_eq!(all.matches("(transfer-contents ").count(), 4, "{all}");
        assert!(all.contains("(shake "), "{all}");
        assert!(all.contains("(sprinkle "), "{all}");
    }

    /// `Butter a baking dish` … `pour into the dish`: the dish made ready.
    #[test]
    fn poured_into_the_dish_made_ready() {
        let all = network(
            &["300 grams cranberries", "100 grams white sugar"],
            &[
                "Butter a 20 cm baking dish.",
                "Stir together the cranberries and sugar, and pour into the dish.",
                "Layer the rest in the dish.",
            ],
        );
        assert!(all.contains("(spread "), "{all}");
    }

    /// `Rub the butter into the flour` once the apples are in their dish:
    /// in a bowl of its own, not in the dish.
    #[test]
    fn a_topping_is_not_mixed_in_the_baking_dish() {
        let all = network(
            &[
                "4 apples, sliced",
                "150 grams all-purpose flour",
                "100 grams cold butter",
            ],
            &[
                "Spread the apples in a baking dish.",
                "Rub the butter into the flour until it resembles breadcrumbs.",
                "Scatter the crumble over the apples.",
            ],
        );
        let butter_in = all
            .lines()
            .find(|l| l.starts_with("(transfer-contents ") && l.contains("?butter-"))
            .unwrap_or_else(|| panic!("{all}"));
        assert!(!butter_in.contains("?in-vessel-"), "{all}");
        assert!(all.contains("(sprinkle "), "{all}");
    }

    /// `Place the potatoes in a pot of water and bring to a boil`: one pot,
    /// a potful of water in it, boiled; once drained, `cut the potatoes`
    /// cuts what the pot holds; `crumble the feta over` sprinkles it.
    #[test]
    fn potatoes_boiled_in_their_pot_then_cut() {
        let all = network(
            &["900 grams potatoes", "100 grams feta cheese"],
            &[
                "Place the potatoes in a large pot of salted water and bring to a boil.",
                "Cook for 15 minutes, then drain and let cool.",
                "Cut the potatoes into cubes.",
                "Crumble the feta over the potatoes.",
            ],
        );
        assert_eq!(all.matches("cooking-pot 1)").count(), 1, "{all}");
        assert!(all.contains(" water 1000 ml)"), "{all}");
        assert!(all.contains("(boil "), "{all}");
        assert!(all.contains(" cubes ?knife"), "{all}");
        assert!(all.contains("(sprinkle "), "{all}");
    }

    /// A cook's words the benchmark's texts happen not to use.
    #[test]
    fn sticks_and_setting_the_oven() {
        let recipe = crate::parse_recipe(
            "<recipe><id>r</id><title>t</title><ingredients>\
             <ingredient>1 stick butter, softened</ingredient>\
             <ingredient>100 grams sugar</ingredient></ingredients><instructions>\
             <instruction>Gather the ingredients.</instruction>\
             <instruction>Set the oven to 350 F.</instruction>\
             <instruction>Cream the butter and sugar.</instruction>\
             <instruction>Keep refrigerated.</instruction>\
             </instructions></recipe>",
        )
        .unwrap();
        let u = understand(&recipe);
        let all = u.actions.join("\n");
        assert!(all.contains("butter 113.4 g"), "{all}");
        assert!(
            all.contains("(preheat-oven ") && all.contains(" 177 degrees-celsius)"),
            "{all}"
        );
        assert!(all.contains("(beat "), "{all}");
        assert!(all.contains("(refrigerate "), "{all}");
        let trace = u.trace.join("\n");
        assert!(
            trace.contains("`Gather the ingredients.`\n  skipped: no cooking here"),
            "{trace}"
        );
        assert!(!trace.contains("not understood"), "{trace}");
    }

    /// A volume of what the kitchen only weighs is weighed out, at what a
    /// cup of it weighs (data/cup-weights.toml: 113 g a cup of walnuts).
    #[test]
    fn cups_of_what_the_kitchen_weighs() {
        let recipe = crate::parse_recipe(
            "<recipe><id>r</id><title>t</title><ingredients>\
             <ingredient>1/2 cup chopped walnuts</ingredient></ingredients><instructions>\
             <instruction>Toast the walnuts.</instruction></instructions></recipe>",
        )
        .unwrap();
        let all = understand(&recipe).actions.join("\n");
        assert!(all.contains(" walnut 56.5 g)"), "{all}");
    }

    /// A seasoning an instruction adds although the list lacks it gets a
    /// pinch (habits.toml, to-taste); one the list has, or a longer name
    /// (`bell pepper`), does not.
    #[test]
    fn seasonings_the_list_lacks_are_added_to_taste() {
        let recipe = crate::parse_recipe(
            "<recipe><id>r</id><title>t</title><ingredients>\
             <ingredient>2 teaspoons lime juice</ingredient>\
             <ingredient>1/4 teaspoon ground black pepper</ingredient>\
             <ingredient>1 red bell pepper</ingredient></ingredients><instructions>\
             <instruction>Add the lime juice, salt, pepper and bell pepper.</instruction>\
             </instructions></recipe>",
        )
        .unwrap();
        let all = understand(&recipe).actions.join("\n");
        assert!(all.contains(" salt 0.125 teaspoon)"), "{all}");
        assert_eq!(all.matches("fetch-and-proportion").count(), 4, "{all}");
        assert_eq!(all.matches("transfer-contents").count(), 4, "{all}");
    }

    /// Pieces of what the kitchen only weighs are weighed out, at what one
    /// weighs (data/cup-weights.toml: a sweet potato 130 g, a slice of
    /// cooked bacon 8 g).
    #[test]
    fn pieces_of_what_the_kitchen_weighs() {
        let all = network(
            &["2 sweet potatoes", "4 slices cooked bacon"],
            &["Roast the sweet potatoes."],
        );
        assert!(all.contains(" sweet-potato 260 g)"), "{all}");
        assert!(all.contains(" cooked-bacon 32 g)"), "{all}");
    }

    /// `Toss … with 1 tablespoon of the oil` … `whisk the remaining oil`:
    /// the line is used in parts; `combine with the beans` takes the last
    /// thing made along.
    #[test]
    fn what_remains_and_what_goes_with() {
        let all = network(
            &[
                "2 sweet potatoes, cubed",
                "2 tablespoons olive oil",
                "1 can black beans",
                "2 tablespoons lime juice",
            ],
            &[
                "Toss the sweet potatoes with 1 tablespoon of the oil and roast for 25 minutes.",
                "Let cool, then combine with the beans in a serving bowl.",
                "Whisk the remaining oil with the lime juice and pour over the salad.",
            ],
        );
        assert_eq!(all.matches(" olive-oil 1 tablespoon)").count(), 2, "{all}");
        let baked = all
            .lines()
            .find(|l| l.starts_with("(bake "))
            .unwrap_or_else(|| panic!("{all}"));
        let baked = baked.split(' ').nth(1).unwrap();
        let cooled = all
            .lines()
            .find(|l| l.starts_with("(bring-to-temperature ") && l.contains(baked))
            .and_then(|l| l.split(' ').nth(1))
            .unwrap_or_else(|| panic!("{all}"));
        assert!(
            all.lines().any(|l| l.starts_with("(transfer-contents ") && l.contains(&format!(" {cooled} "))),
            "{all}"
        );
    }

    /// `Don't over-mix!` warns: skipped, not left not understood.
    #[test]
    fn a_warning_is_no_step() {
        let recipe = RecipeText {
            id: "r".into(),
            title: "r".into(),
            ingredients: vec!["260 grams bisquick baking mix".into()],
            instructions: vec!["Don't over-mix!".into(), "Do not overbake the mix.".into()],
        };
        let trace = understand(&recipe).trace.join("\n");
        assert_eq!(trace.matches("skipped: a warning").count(), 2, "{trace}");
    }

    #[test]
    fn an_extra_portion_for_later() {
        let read =
            read_line("40 grams confectioners' sugar, plus 30 grams extra for dusting").unwrap();
        assert_eq!(extra_portion(&read), Some(30.0));
        let read = read_line("230 grams butter").unwrap();
        assert_eq!(extra_portion(&read), None);
    }

    #[test]
    fn two_ingredients_in_one_line() {
        let (a, b) = pair("1 gram coarse salt and ground black pepper").unwrap();
        assert_eq!(
            (a.as_str(), b.as_str()),
            ("1 gram coarse salt", "1 gram ground black pepper")
        );
        assert!(pair("2 tablespoons olive oil").is_none());
        let (a, b) = pair("salt and pepper to taste").unwrap();
        assert_eq!((a.as_str(), b.as_str()), ("salt", "pepper to taste"));
    }

    #[test]
    fn numbers_are_written_as_the_language_writes_them() {
        assert_eq!(number(230.0), "230");
        assert_eq!(number(0.125), "0.125");
        assert_eq!(number(1.5), "1.5");
    }
}
