//! Custom dynamics: scripts that run beside the rigid-body simulation and
//! decide whether an action's effect takes place, from geometry and motion.
//!
//! The rules are data (`data/dynamics.toml`, read by `rules.rs`). Each rule
//! names a trigger, and each trigger is one module here:
//! - `rest.rs`: what was carried, poured or set down came to rest on its target;
//! - `stir.rs`: a tool moved through the ingredients until they mixed;
//! - `blade.rs`: a blade passed through each piece, which fell apart into parts;
//! - `heat.rs`: the container went into the appliance and its temperature
//!   history reached what the action needs;
//! - `contact.rs`: the matter lies on the target's surface.
//!
//! A trigger that does not fire fails the action with the physical reason,
//! like any other failure; one that fires is reported with its evidence.

mod blade;
mod contact;
mod heat;
mod rest;
mod rules;
mod stir;

use std::collections::BTreeMap;

use serde::Serialize;
use sous_kitchen::{KitchenState, Pid};
use sous_sim::{ActionContext, BackendError};

use crate::inventory::Inventory;
use crate::scene::Scene;
use crate::world::World;

pub(crate) use heat::taken_out;
pub use heat::{calibrate, law, Heat, HeatError, Law, CALIBRATION_TOML, HEAT_TOML};
pub use rules::{Duration, Dynamics, DynamicsError, Outcome, Rule, Trigger, DYNAMICS_TOML};

/// Whether an action's trigger fired, when, and what showed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TriggerReport {
    /// The trigger of the action's rule.
    pub rule: Trigger,
    /// Whether the effect took place.
    pub fired: bool,
    /// The frame (of this action's simulated motion) at which it fired.
    pub frame: Option<u64>,
    /// What the trigger measured, for the report (none for the `anywhere`
    /// trigger, which measures nothing, and when no physical effect
    /// applied).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
    /// Why no physical effect applied (`fired: false`), or why there was
    /// nothing to measure (`anywhere`), in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// What a trigger check found: the effect, with its evidence and the frame
/// at which it took place, or why no physical effect applies.
pub(crate) type Found<E> = Result<(E, Option<u64>), String>;

/// Why a trigger has nothing to act on when its subject argument names no
/// object of the kitchen.
pub(crate) fn no_subject(c: &Check<'_, '_, '_>) -> String {
    let arg = c.rule.subject.as_deref().unwrap_or("subject");
    match c
        .ctx
        .signature
        .index_of(arg)
        .and_then(|i| c.ctx.args.get(i)?.as_ref())
    {
        Some(e) if e.is_failed() => {
            format!("`{arg}` is a failed-object: there is nothing to act on")
        }
        Some(e) if e.is_a_name("list-of-kitchen-entities") => format!(
            "`{arg}` is a list of things: the reference changes the list it returns, not the things in the kitchen, so the kitchen holds nothing new to act on"
        ),
        Some(e) => format!(
            "`{arg}` ({}) is not an object of the physics kitchen",
            e.class_name()
        ),
        None => format!("`{arg}` is not bound: there is nothing to act on"),
    }
}

/// What a trigger measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Evidence {
    /// What came to rest where (`rest`).
    Rest(rest::RestEvidence),
    /// How mixed the ingredients got (`stir`).
    Stir(stir::StirEvidence),
    /// What the blade cut (`blade`).
    Blade(blade::BladeEvidence),
    /// The temperature history (`heat`).
    Heat(heat::HeatEvidence),
    /// What lies on the target's surface (`contact`).
    Contact(contact::ContactEvidence),
}

/// What a trigger check sees: the scene after the action's flows, the
/// action, the world before it, and the kitchen state after it.
pub struct Check<'s, 'w, 'c> {
    /// The rapier scene of the action, after its flows.
    pub scene: &'s mut Scene<'w>,
    /// The action as the engine handed it over.
    pub ctx: &'s ActionContext<'c>,
    /// The action's rule (`data/dynamics.toml`).
    pub rule: &'static Rule,
    /// The world the action started from.
    pub world_in: &'s World,
    /// What the kitchen state after the action holds: every object and
    /// portion with its holder.
    pub inv: &'s Inventory,
    /// The kitchen's places by persistent id, with their names.
    pub places: &'s BTreeMap<Pid, &'static str>,
    /// The qualitative kitchen state after the action.
    pub after: &'s KitchenState,
    /// Bodies carried in this action (objects and pieces).
    pub carried: &'s [crate::world::BodyId],
    /// The action's figures, which a check adds to (the hand's path).
    pub stats: &'s mut crate::world::ActionPhysics,
}

impl Check<'_, '_, '_> {
    /// The persistent id of the object an argument of the rule names.
    pub fn arg_pid(&self, arg: Option<&str>) -> Option<Pid> {
        let i = self.ctx.signature.index_of(arg?)?;
        let e = self.ctx.args.get(i)?.as_ref()?;
        (!e.is_failed()).then_some(e.pid)
    }

    /// The tool an argument names: its value when the network gave one,
    /// else the object of the argument's type that the action took into
    /// use (the primitive's default, bound only after the backend ran).
    pub fn tool_pid(&self, arg: Option<&str>) -> Option<Pid> {
        if let Some(p) = self.arg_pid(arg) {
            return Some(p);
        }
        let spec = self.ctx.signature.args[self.ctx.signature.index_of(arg?)?];
        let ty = sous_kitchen::Ontology::get().id(spec.ty)?;
        let mut used_before = Vec::new();
        collect_used(self.ctx.before.root(), &mut used_before);
        let mut used_after = Vec::new();
        collect_used(self.after.root(), &mut used_after);
        used_after
            .into_iter()
            .find(|(pid, class)| {
                sous_kitchen::Ontology::get().is_a(*class, ty)
                    && !used_before.iter().any(|(b, _)| b == pid)
            })
            .map(|(pid, _)| pid)
    }

    /// The name of a kitchen object or place, for messages.
    pub fn name_of(&self, pid: Pid) -> String {
        crate::realize::holder_name(self.inv, self.places, pid)
    }
}

/// Every object marked used, with its class.
fn collect_used(e: &sous_kitchen::Entity, out: &mut Vec<(Pid, sous_kitchen::ClassId)>) {
    if e.flag(sous_kitchen::slot::USED) {
        out.push((e.pid, e.class));
    }
    for c in e.contents() {
        collect_used(c, out);
    }
}

/// Checks the trigger of the action's rule. `Ok` with `fired: true` when
/// the effect takes place (`fired: false` when there was nothing for it to
/// act on: the primitive itself found no subject); an error with the
/// physical reason otherwise.
pub fn fire(check: &mut Check<'_, '_, '_>) -> Result<TriggerReport, BackendError> {
    fn wrap<E>(
        found: Found<E>,
        to: fn(E) -> Evidence,
    ) -> (bool, Option<u64>, Option<Evidence>, Option<String>) {
        match found {
            Ok((e, frame)) => (true, frame, Some(to(e)), None),
            Err(why) => (false, None, None, Some(why)),
        }
    }
    let (fired, frame, evidence, reason) = match check.rule.trigger {
        Trigger::Anywhere => (
            true,
            None,
            None,
            Some(
                "decided by the symbolic kitchen: this action has no custom dynamics of its own"
                    .to_string(),
            ),
        ),
        Trigger::Rest => wrap(rest::check(check)?, Evidence::Rest),
        Trigger::Stir => wrap(stir::check(check)?, Evidence::Stir),
        Trigger::Blade => wrap(blade::check(check)?, Evidence::Blade),
        Trigger::Heat => wrap(heat::check(check)?, Evidence::Heat),
        Trigger::Contact => wrap(contact::check(check)?, Evidence::Contact),
    };
    Ok(TriggerReport {
        rule: check.rule.trigger,
        fired,
        frame,
        evidence,
        reason,
    })
}
