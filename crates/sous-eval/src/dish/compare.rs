//! Scores of one predicted dish against the gold dish: the container part
//! (2 %), the contents part (98 %), and per base ingredient its own slots
//! (60 %) and the mixtures around it (40 %).

use std::sync::Arc;

use rustc_hash::FxHashMap;
use serde::Serialize;
use sous_kitchen::{slot, ClassId, Entity, Ontology, SlotId};

use super::unfold::Unfolded;
use crate::location::similar_locations;
use crate::points::{weighted, Points};
use crate::similar::{compared_slot_count, differing_slots};

/// How one gold base ingredient fared.
#[derive(Debug, Clone)]
pub struct IngredientMatch {
    /// Shared with the other candidates' comparisons (the gold dish is
    /// unfolded once per prediction).
    pub gold: Arc<Unfolded>,
    /// The predicted ingredient it was matched with, and the comparison.
    pub matched: Option<(Unfolded, IngredientScore)>,
}

/// How a predicted base ingredient compares with the gold one of its class:
/// its own slots (60 %) and the mixtures around it (40 %).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct IngredientScore {
    /// The ingredient's own slots that agree, out of those compared.
    pub property_overlap: Points,
    /// Slots of the gold ingredient on which the prediction differs.
    #[serde(skip)]
    pub differing_slots: Vec<SlotId>,
    /// One comparison per level both hierarchies have, outermost first.
    pub mixture_comparisons: Vec<Points>,
    /// For each of those levels, the slots of the gold mixture that differ.
    #[serde(skip)]
    pub mixture_differing_slots: Vec<Vec<SlotId>>,
    /// The mixture levels' ratios summed, out of the deeper hierarchy's depth.
    pub hierarchy_overlap: Points,
    /// The ingredient's score, 0 to 1, in the reference's single-float arithmetic.
    pub score: f64,
}

/// A predicted ingredient against a gold one of the same class
/// (`compare-hierarchy-ingredient`).
pub fn compare_ingredient(p: &Unfolded, g: &Unfolded) -> IngredientScore {
    compare_ingredient_with(p, g, &mut MixtureVerdicts::default())
}

/// The comparisons of pairs of mixtures, by address: the ingredients of one
/// mixture share its object, so comparing a dish's ingredients with the
/// gold's meets the same two mixtures once per pair of their ingredients.
/// (Both stay alive, in the hierarchies, while the comparisons are kept.)
type MixtureVerdicts = FxHashMap<(usize, usize), (Points, Vec<SlotId>)>;

/// [`compare_ingredient`] with the mixture comparisons kept in `verdicts`.
fn compare_ingredient_with(
    p: &Unfolded,
    g: &Unfolded,
    verdicts: &mut MixtureVerdicts,
) -> IngredientScore {
    let differing = differing_slots(&p.ingredient, &g.ingredient, &[]);
    let compared = compared_slot_count(&g.ingredient, &[]);
    let property = Points {
        points: compared - differing.len() as f64,
        max: compared,
    };
    let mut hierarchy = Points::default();
    let pairs = p.hierarchy.len().min(g.hierarchy.len());
    let mut mixtures = Vec::with_capacity(pairs);
    let mut mixture_differing = Vec::with_capacity(pairs);
    for (pm, gm) in p.hierarchy.iter().zip(&g.hierarchy) {
        let (m, differing) = verdicts
            .entry((Arc::as_ptr(pm) as usize, Arc::as_ptr(gm) as usize))
            .or_insert_with(|| compare_mixture(pm, gm))
            .clone();
        hierarchy.add(m.ratio(), 1.0);
        mixtures.push(m);
        mixture_differing.push(differing);
    }
    hierarchy.max += p.hierarchy.len().abs_diff(g.hierarchy.len()) as f64;
    IngredientScore {
        // Single-float weights: the reference's arithmetic, bit for bit.
        score: weighted(0.6, property.ratio(), 0.4, hierarchy.ratio()) as f64,
        property_overlap: property,
        differing_slots: differing,
        mixture_comparisons: mixtures,
        mixture_differing_slots: mixture_differing,
        hierarchy_overlap: hierarchy,
    }
}

/// One mixture level: its slots except components and amount, plus a point
/// for the same kind of mixture (`compare-mixture`); also the differing slots.
pub fn compare_mixture(p: &Entity, g: &Entity) -> (Points, Vec<SlotId>) {
    let skip = [slot::COMPONENTS, slot::AMOUNT];
    let differing = differing_slots(p, g, &skip);
    let compared = compared_slot_count(g, &skip);
    let mut points = Points {
        points: compared - differing.len() as f64,
        max: compared,
    };
    points.check(p.class == g.class);
    (points, differing)
}

/// The container part: location, class, the container's own slots and the
/// number of portions.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ContainerScore {
    /// A point each for location, class, every slot that agrees and the number
    /// of portions.
    pub points: Points,
    /// Whether both dishes are in the same kind of place.
    pub same_location: bool,
    /// Whether both containers are of the same class.
    pub same_class: bool,
    /// The container's slots on which the prediction differs.
    #[serde(skip)]
    pub differing_slots: Vec<SlotId>,
    /// How many things the predicted container holds.
    pub predicted_portions: usize,
    /// How many things the gold container holds.
    pub gold_portions: usize,
}

/// The container part of a dish comparison (`compare-container`): `p` and
/// `g` with where each is, as [`crate::location`] finds it.
pub fn compare_container(
    p: &Entity,
    p_location: Option<&[ClassId]>,
    g: &Entity,
    g_location: Option<&[ClassId]>,
) -> ContainerScore {
    let mut points = Points::default();
    let same_location = similar_locations(p_location, g_location);
    points.check(same_location);
    let same_class = p.class == g.class;
    points.check(same_class);
    let skip = [slot::CONTENTS, slot::ITEMS];
    let differing = differing_slots(p, g, &skip);
    let compared = compared_slot_count(g, &skip);
    points.add(compared - differing.len() as f64, compared);
    let (pn, gn) = (p.contents_or_items().len(), g.contents_or_items().len());
    points.check(pn == gn);
    ContainerScore {
        points,
        same_location,
        same_class,
        differing_slots: differing,
        predicted_portions: pn,
        gold_portions: gn,
    }
}

/// The contents part: each gold base ingredient, in unfold order, takes the
/// best-scoring predicted ingredient of exactly its class (the first of
/// equal scores); each gold ingredient without one and each predicted one
/// left over counts 0 out of 1.
pub fn compare_contents(
    predicted: Vec<Unfolded>,
    gold: &[Arc<Unfolded>],
) -> (Points, Vec<IngredientMatch>, Vec<Unfolded>) {
    let mut left = predicted;
    let mut points = Points::default();
    let mut matches = Vec::with_capacity(gold.len());
    let mut verdicts = MixtureVerdicts::default();
    for g in gold {
        let candidates: Vec<usize> = (0..left.len())
            .filter(|&i| left[i].ingredient.class == g.ingredient.class)
            .collect();
        if candidates.is_empty() {
            points.max += 1.0;
            matches.push(IngredientMatch {
                gold: g.clone(),
                matched: None,
            });
            continue;
        }
        let scores: Vec<IngredientScore> = candidates
            .iter()
            .map(|&i| compare_ingredient_with(&left[i], g, &mut verdicts))
            .collect();
        let best = (0..scores.len()).fold(0, |b, k| {
            if scores[k].score > scores[b].score {
                k
            } else {
                b
            }
        });
        let score = scores.into_iter().nth(best).expect("non-empty");
        points.add_single(score.score as f32);
        let p = left.remove(candidates[best]);
        matches.push(IngredientMatch {
            gold: g.clone(),
            matched: Some((p, score)),
        });
    }
    points.max += left.len() as f64;
    (points, matches, left)
}

/// Whether a candidate output can be scored at all: a container or list
/// whose items (with sprinkles and dips) are all ingredients, and at least one.
pub fn scoreable(p: &Entity) -> Result<(), &'static str> {
    let onto = Ontology::get();
    if p.is_failed() {
        return Err("a failed object");
    }
    if !p.is_a(onto.known().container) && !p.is_a(onto.known().list_of_kitchen_entities) {
        return Err("not a container or list");
    }
    let items = super::unfold::all_ingredients(p);
    if items.is_empty() {
        return Err("empty");
    }
    let ingredient = onto.known().ingredient;
    if items.iter().any(|i| !i.is_a(ingredient)) {
        return Err("holds something that is not an ingredient");
    }
    Ok(())
}
