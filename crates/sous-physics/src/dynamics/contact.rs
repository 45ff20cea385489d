//! The `contact` trigger: sprinkle, spread, grease, flour, dip and top-with
//! take effect when the matter lies on the target's surface: inside its
//! walls and no higher over its rim than a topping lies on what it tops.
//! The matter is what coats something now and did not before, or what was
//! spread into the action's subject (a batter into its pan).

use serde::Serialize;
use sous_kitchen::Ontology;
use sous_sim::BackendError;

use super::{Check, Dynamics};
use crate::inventory::Inventory;
use crate::world::Matter;

/// How much of the coating touches the target.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContactEvidence {
    pub target: String,
    pub coating: Vec<String>,
    /// Particles or pieces of the coating, and those on the target's surface.
    pub bits: usize,
    pub in_contact: usize,
    pub share: f64,
    pub needs: f64,
}

pub(super) type Found = super::Found<ContactEvidence>;

pub(super) fn check(c: &mut Check<'_, '_, '_>) -> Result<Found, BackendError> {
    let params = &Dynamics::get().contact;
    let onto = Ontology::get();
    let layout = c.scene.layout;
    // What lies on something now and did not before (or grew): a coating,
    // or matter spread into the subject (dough into a pan).
    let before = Inventory::of(c.ctx.before);
    let subject = c
        .arg_pid(c.rule.subject.as_deref())
        .filter(|p| c.inv.objects.contains_key(p));
    let new: Vec<_> = c
        .inv
        .portions
        .iter()
        .filter(|e| e.coating || Some(e.holder) == subject)
        .filter(|e| {
            !before
                .portions
                .iter()
                .any(|b| b.pid == e.pid && b.holder == e.holder && b.grams >= e.grams)
        })
        .collect();
    let Some(target) = subject
        .filter(|s| new.iter().any(|e| e.holder == *s))
        .or_else(|| new.first().map(|e| e.holder))
    else {
        return Ok(Err(match subject {
            Some(s) => format!(
                "no matter was added to the {} or anything else: the kitchen after the action holds nothing new to lie on a surface",
                c.name_of(s)
            ),
            None => super::no_subject(c),
        }));
    };
    let new: Vec<_> = new.into_iter().filter(|e| e.holder == target).collect();
    let Some(tbody) = c.scene.world.object(target).cloned() else {
        return Ok(Err(format!(
            "the {} has no body in the physics kitchen",
            c.name_of(target)
        )));
    };
    let spec = layout.shape(tbody.class);
    let inner = spec.inner();
    let tpos = tbody.pose.position;
    let mut bits = 0;
    let mut touching = 0;
    let mut names = Vec::new();
    for e in &new {
        names.push(onto.name(e.class).to_string());
        for p in c
            .scene
            .world
            .portions
            .iter()
            .filter(|p| p.pid == e.pid && p.holder == e.holder)
        {
            let local: Vec<[f32; 3]> = match &p.matter {
                Matter::Particles { local, .. } => local.to_vec(),
                Matter::Solids { bodies } => bodies
                    .iter()
                    .filter_map(|b| c.scene.world.bodies.get(b))
                    .map(|b| {
                        let q = b.pose.position;
                        [q[0] - tpos[0], q[1] - tpos[1], q[2] - tpos[2]]
                    })
                    .collect(),
            };
            for q in local {
                bits += 1;
                let within = if spec.is_round() {
                    (q[0] * q[0] + q[2] * q[2]).sqrt() <= inner[0] + 0.005
                } else {
                    q[0].abs() <= inner[0] + 0.005 && q[2].abs() <= inner[1] + 0.005
                };
                if within && q[1] >= -0.005 && q[1] <= spec.rim() + params.above {
                    touching += 1;
                }
            }
        }
    }
    if bits == 0 {
        return Ok(Err(format!(
            "no particle or piece of {} lies in the physics kitchen to check",
            names.join(", ")
        )));
    }
    let share = touching as f64 / bits as f64;
    let evidence = ContactEvidence {
        target: onto.name(tbody.class).to_string(),
        coating: names,
        bits,
        in_contact: touching,
        share: (share * 1000.0).round() / 1000.0,
        needs: params.share,
    };
    if share + 1e-9 < params.share {
        return Err(BackendError::Failed(format!(
            "only {touching} of {bits} bits of {} lie on the {}: {} needs {:.0} %",
            evidence.coating.join(" and "),
            evidence.target,
            c.ctx.signature.name,
            100.0 * params.share
        )));
    }
    Ok(Ok((evidence, Some(c.scene.frames))))
}
