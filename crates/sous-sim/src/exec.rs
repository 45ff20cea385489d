//! What a primitive sees while it runs: its arguments, a private copy of the
//! input kitchen state to change, and the outputs it binds.

use std::sync::Arc;

use sous_kitchen::{Entity, EntityRef, IdGen, KitchenState, Ontology, Pid, Place};
use sous_lang::Signature;

use crate::Binding;

/// Why a primitive produced no result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimError {
    /// The reference would stop with a Lisp error here (e.g. arithmetic on a
    /// missing time, a unit missing from the conversion table).
    #[error("the reference crashes here: {0}")]
    Crash(String),
    /// The primitive returns no bindings at all (IRL: "inconsistent"); the
    /// action cannot run in this state.
    #[error("{0}")]
    NoResult(String),
}

/// An output to bind once the primitive is done.
#[derive(Debug, Clone)]
pub(crate) enum Source {
    /// The object with this persistent id in the output kitchen state.
    InKitchen(Pid),
    /// This exact value.
    Value(EntityRef),
    /// The output kitchen state itself.
    KitchenState,
}

pub struct Exec<'a> {
    pub(crate) signature: &'static Signature,
    pub(crate) inputs: Vec<Option<Binding>>,
    /// The case that matched (0-based, in the reference's order).
    pub case: usize,
    /// The kitchen state as it was before the action (read-only).
    pub before: KitchenState,
    /// The kitchen state being changed by the action.
    pub ks: KitchenState,
    pub ids: &'a mut IdGen,
    pub(crate) outputs: Vec<(usize, Source, Option<f64>)>,
    pub(crate) start: Option<f64>,
    pub(crate) failure: Option<String>,
    /// The reference's kitchen or the corrected one.
    pub profile: crate::Profile,
}

impl<'a> Exec<'a> {
    pub(crate) fn new(
        signature: &'static Signature,
        inputs: Vec<Option<Binding>>,
        case: usize,
        ks: KitchenState,
        ids: &'a mut IdGen,
    ) -> Self {
        Exec {
            signature,
            inputs,
            case,
            before: ks.clone(),
            ks,
            ids,
            outputs: Vec::new(),
            start: None,
            failure: None,
            profile: crate::Profile::Reference,
        }
    }

    fn index(&self, arg: &str) -> usize {
        self.signature
            .index_of(arg)
            .unwrap_or_else(|| panic!("`{}` has no argument `{arg}`", self.signature.name))
    }

    pub fn is_bound(&self, arg: &str) -> bool {
        self.inputs[self.index(arg)].is_some()
    }

    /// The value bound to an input argument.
    pub fn arg(&self, arg: &str) -> Result<&EntityRef, SimError> {
        self.inputs[self.index(arg)]
            .as_ref()
            .map(|b| &b.value)
            .ok_or_else(|| {
                SimError::Crash(format!("`{arg}` of `{}` is unbound", self.signature.name))
            })
    }

    /// When the input bound to `arg` became available; the reference crashes
    /// when a primitive does arithmetic with an input that has no time.
    pub fn available(&self, arg: &str) -> Result<f64, SimError> {
        match &self.inputs[self.index(arg)] {
            Some(Binding {
                available_at: Some(t),
                ..
            }) => Ok(*t),
            _ => Err(SimError::Crash(format!(
                "`{arg}` of `{}` has no availability time",
                self.signature.name
            ))),
        }
    }

    /// The kitchen time of the input state. In the corrected profile, also
    /// no earlier than every bound input exists: the cook waits for them.
    pub fn ks_time(&self) -> f64 {
        let t = self.before.time();
        if !self.profile.is_corrected() {
            return t;
        }
        self.inputs
            .iter()
            .flatten()
            .filter_map(|b| b.available_at)
            .fold(t, f64::max)
    }

    /// max(kitchen time, availability of `arg`): when the cook can start; recorded as the step's start.
    pub fn start_after(&mut self, arg: &str) -> Result<f64, SimError> {
        let t = self.ks_time().max(self.available(arg)?);
        self.start = Some(t);
        Ok(t)
    }

    /// Records when the step starts (defaults to the input kitchen time).
    pub fn set_start(&mut self, t: f64) {
        self.start = Some(t);
    }

    /// A number given as a `quantity` argument.
    pub fn number(&self, arg: &str) -> Result<sous_kitchen::Num, SimError> {
        self.arg(arg)?.quantity_value().ok_or_else(|| {
            SimError::Crash(format!(
                "`{arg}` of `{}` is not a number",
                self.signature.name
            ))
        })
    }

    /// An amount given as a quantity argument and a unit argument.
    pub fn amount(&self, quantity: &str, unit: &str) -> Result<sous_kitchen::Amount, SimError> {
        Ok(sous_kitchen::Amount {
            value: self.number(quantity)?,
            unit: self.arg(unit)?.class,
        })
    }

    /// Binds `arg` to the object with persistent id `pid` as it is in the output kitchen state.
    pub fn bind_pid(&mut self, arg: &str, pid: Pid, at: Option<f64>) {
        let i = self.index(arg);
        self.outputs.push((i, Source::InKitchen(pid), at));
    }

    /// Binds `arg` to `value` as it is now.
    pub fn bind_value(&mut self, arg: &str, value: EntityRef, at: Option<f64>) {
        let i = self.index(arg);
        self.outputs.push((i, Source::Value(value), at));
    }

    /// Binds `arg` to a fresh failed-object.
    pub fn bind_failed(&mut self, arg: &str, at: Option<f64>) {
        let onto = Ontology::get();
        let failed = Arc::new(Entity::new(onto.known().failed_object, self.ids));
        self.bind_value(arg, failed, at);
    }

    /// Sets the output kitchen state's clock to `time` and binds it, available at `at`.
    pub fn bind_kitchen(&mut self, time: f64, at: f64) {
        self.ks.set_time(time);
        let i = self.index("kitchen-state-out");
        self.outputs.push((i, Source::KitchenState, Some(at)));
    }

    /// Notes why the action did not do its job (its outputs are failed-objects).
    pub fn fail(&mut self, reason: impl Into<String>) {
        if self.failure.is_none() {
            self.failure = Some(reason.into());
        }
    }

    /// Where an input object is in the kitchen being changed (by persistent id).
    pub fn locate(&self, arg: &str) -> Result<Option<Place>, SimError> {
        let v = self.arg(arg)?;
        if v.is_failed() {
            return Ok(None);
        }
        Ok(self.ks.locate(v.pid))
    }

    /// Where an input object is, looking on the counter-top only.
    pub fn locate_on_counter_top(&self, arg: &str) -> Result<Option<Place>, SimError> {
        let v = self.arg(arg)?;
        if v.is_failed() {
            return Ok(None);
        }
        Ok(self
            .ks
            .counter_top()
            .and_then(|ct| self.ks.locate_in(&ct, v.pid)))
    }

    /// The persistent id of the input object if it is (still) in the kitchen.
    pub fn locate_pid(&self, arg: &str) -> Result<Option<sous_kitchen::Pid>, SimError> {
        Ok(self.locate(arg)?.and_then(|p| self.ks.pid_at(&p)))
    }

    /// The persistent id of the input object if it is on the counter-top.
    pub fn counter_top_pid(&self, arg: &str) -> Result<Option<sous_kitchen::Pid>, SimError> {
        Ok(self
            .locate_on_counter_top(arg)?
            .and_then(|p| self.ks.pid_at(&p)))
    }

    /// The classes the simulator names, checked when the ontology loaded.
    pub fn known(&self) -> &'static sous_kitchen::Known {
        Ontology::get().known()
    }

    /// The closest unused instance of `class`, brought to the front of
    /// the counter-top (not marked used); its persistent id. How a primitive
    /// finds the default tool or container it was not given.
    pub fn retrieve(
        &mut self,
        class: sous_kitchen::ClassId,
        excluded: &[sous_kitchen::Pid],
    ) -> Option<sous_kitchen::Pid> {
        let place = self.ks.retrieve(class, excluded)?;
        self.ks.pid_at(&place)
    }

    /// A new entity of a class with default slots.
    pub fn new_entity(&mut self, class: sous_kitchen::ClassId) -> Entity {
        Entity::new(class, self.ids)
    }
}
