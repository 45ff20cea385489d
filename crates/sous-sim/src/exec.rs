//! What a primitive sees while it runs: its arguments, a private copy of the
//! input kitchen state to change, and the outputs it binds.

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use sous_kitchen::{Entity, EntityRef, IdGen, KitchenState, Ontology, Pid, Place};
use sous_lang::call::{Primitive, Role};
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

/// What a primitive found a moment ago must still be there; if it is not,
/// that is a simulator bug, and the action crashes with a message saying
/// what was lost (the run goes on elsewhere) instead of a panic.
pub(crate) trait Found<T> {
    fn found(self, what: &str) -> Result<T, SimError>;
}

impl<T> Found<T> for Option<T> {
    fn found(self, what: &str) -> Result<T, SimError> {
        self.ok_or_else(|| {
            SimError::Crash(format!(
                "{what} is not where the simulator found it (a simulator bug)"
            ))
        })
    }
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

/// What a primitive works with while it runs one action: the bound inputs,
/// the kitchen state before and the one it changes, and the outputs it
/// binds. Primitives see it through [`Call`], which names arguments by role.
pub struct Exec<'a> {
    pub(crate) signature: &'static Signature,
    /// The bindings of the arguments, borrowed from the search's node.
    pub(crate) inputs: Vec<Option<&'a Binding>>,
    /// The case that matched (0-based, in the reference's order).
    pub case: usize,
    /// The kitchen state as it was before the action (read-only).
    pub before: KitchenState,
    /// The kitchen state being changed by the action.
    pub ks: KitchenState,
    /// The run's id generator: every object the action makes takes its ids here.
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
        inputs: Vec<Option<&'a Binding>>,
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
            // Room for every argument: the outputs are some of them.
            outputs: Vec::with_capacity(signature.arity()),
            start: None,
            failure: None,
            profile: crate::Profile::Reference,
        }
    }

    /// The typed view of this execution for primitive `P`, whose roles
    /// address the arguments. Made by the dispatch only, which matches the
    /// signature's kind to `P`.
    pub(crate) fn call<P: Primitive>(&mut self) -> Call<'_, 'a, P> {
        debug_assert_eq!(self.signature.kind, P::KIND);
        Call {
            exec: self,
            primitive: PhantomData,
        }
    }

    fn name(&self, i: usize) -> &'static str {
        self.signature.args[i].name
    }

    /// The value bound to input argument `i`.
    fn arg_at(&self, i: usize) -> Result<&EntityRef, SimError> {
        self.inputs[i].map(|b| &b.value).ok_or_else(|| {
            SimError::Crash(format!(
                "`{}` of `{}` is unbound",
                self.name(i),
                self.signature.name
            ))
        })
    }

    /// When the input bound to argument `i` became available; the reference
    /// crashes when a primitive does arithmetic with an input that has no time.
    fn available_at(&self, i: usize) -> Result<f64, SimError> {
        match self.inputs[i] {
            Some(&Binding {
                available_at: Some(t),
                ..
            }) => Ok(t),
            _ => Err(SimError::Crash(format!(
                "`{}` of `{}` has no availability time",
                self.name(i),
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

    /// Records when the step starts (defaults to the input kitchen time).
    pub fn set_start(&mut self, t: f64) {
        self.start = Some(t);
    }

    /// Sets the output kitchen state's clock to `time` and binds it, available at `at`.
    pub fn bind_kitchen(&mut self, time: f64, at: f64) {
        self.ks.set_time(time);
        match self.signature.kitchen_state_out() {
            Some(i) => self.outputs.push((i, Source::KitchenState, Some(at))),
            // Only `get-kitchen` has no kitchen-state-out, and it binds its
            // kitchen as a value.
            None => self.fail(format!(
                "`{}` has no output kitchen state",
                self.signature.name
            )),
        }
    }

    /// Binds argument `i` to a fresh failed-object.
    pub(crate) fn bind_failed_at(&mut self, i: usize, at: Option<f64>) {
        let failed = Arc::new(Entity::new(self.known().failed_object, self.ids));
        self.outputs.push((i, Source::Value(failed), at));
    }

    /// Notes why the action did not do its job (its outputs are failed-objects).
    pub fn fail(&mut self, reason: impl Into<String>) {
        if self.failure.is_none() {
            self.failure = Some(reason.into());
        }
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

/// A running primitive `P`: its [`Exec`] (which it derefs to, for the
/// kitchen-state work) with the arguments addressed by `P`'s roles
/// (`sous_lang::call::bake::THING_TO_BAKE`). Naming an argument `P` lacks,
/// or another primitive's, does not build:
///
/// ```compile_fail
/// use sous_lang::call::{beat, FetchAndProportion};
/// fn run(x: &mut sous_sim::Call<FetchAndProportion>) -> Result<(), sous_sim::SimError> {
///     x.arg(beat::TOOL)?;
///     Ok(())
/// }
/// ```
///
/// while the primitive's own roles do:
///
/// ```
/// use sous_lang::call::{fetch_and_proportion as role, FetchAndProportion};
/// fn run(x: &mut sous_sim::Call<FetchAndProportion>) -> Result<(), sous_sim::SimError> {
///     x.arg(role::INGREDIENT_CONCEPT)?;
///     Ok(())
/// }
/// ```
pub struct Call<'x, 'a, P> {
    exec: &'x mut Exec<'a>,
    primitive: PhantomData<P>,
}

impl<'a, P> Deref for Call<'_, 'a, P> {
    type Target = Exec<'a>;

    fn deref(&self) -> &Exec<'a> {
        self.exec
    }
}

impl<'a, P> DerefMut for Call<'_, 'a, P> {
    fn deref_mut(&mut self) -> &mut Exec<'a> {
        self.exec
    }
}

/// The changes of [`Exec`] a primitive makes most, also here so that their
/// arguments can read the call (`x.retrieve(x.known().knife, &[])`).
impl<P> Call<'_, '_, P> {
    /// Notes why the action did not do its job (see [`Exec::fail`]).
    pub fn fail(&mut self, reason: impl Into<String>) {
        self.exec.fail(reason)
    }

    /// Records when the step starts (see [`Exec::set_start`]).
    pub fn set_start(&mut self, t: f64) {
        self.exec.set_start(t)
    }

    /// Sets the output kitchen state's clock and binds it (see [`Exec::bind_kitchen`]).
    pub fn bind_kitchen(&mut self, time: f64, at: f64) {
        self.exec.bind_kitchen(time, at)
    }

    /// Finds and brings forward the default tool or container (see [`Exec::retrieve`]).
    pub fn retrieve(&mut self, class: sous_kitchen::ClassId, excluded: &[Pid]) -> Option<Pid> {
        self.exec.retrieve(class, excluded)
    }

    /// A new entity with default slots (see [`Exec::new_entity`]).
    pub fn new_entity(&mut self, class: sous_kitchen::ClassId) -> Entity {
        self.exec.new_entity(class)
    }
}

impl<P: Primitive> Call<'_, '_, P> {
    /// Whether `arg` was bound when the action started, i.e. whether the
    /// matched case gave it.
    pub fn is_bound(&self, arg: Role<P>) -> bool {
        self.exec.inputs[arg.index()].is_some()
    }

    /// The value bound to an input argument.
    pub fn arg(&self, arg: Role<P>) -> Result<&EntityRef, SimError> {
        self.exec.arg_at(arg.index())
    }

    /// When the input bound to `arg` became available; the reference crashes
    /// when a primitive does arithmetic with an input that has no time.
    pub fn available(&self, arg: Role<P>) -> Result<f64, SimError> {
        self.exec.available_at(arg.index())
    }

    /// max(kitchen time, availability of `arg`): when the cook can start; recorded as the step's start.
    pub fn start_after(&mut self, arg: Role<P>) -> Result<f64, SimError> {
        let t = self.ks_time().max(self.available(arg)?);
        self.start = Some(t);
        Ok(t)
    }

    /// A number given as a `quantity` argument.
    pub fn number(&self, arg: Role<P>) -> Result<sous_kitchen::Num, SimError> {
        self.arg(arg)?.quantity_value().ok_or_else(|| {
            SimError::Crash(format!(
                "`{}` of `{}` is not a number",
                arg.spec().name,
                self.signature.name
            ))
        })
    }

    /// An amount given as a quantity argument and a unit argument.
    pub fn amount(
        &self,
        quantity: Role<P>,
        unit: Role<P>,
    ) -> Result<sous_kitchen::Amount, SimError> {
        Ok(sous_kitchen::Amount {
            value: self.number(quantity)?,
            unit: self.arg(unit)?.class,
        })
    }

    /// Binds `arg` to the object with persistent id `pid` as it is in the output kitchen state.
    pub fn bind_pid(&mut self, arg: Role<P>, pid: Pid, at: Option<f64>) {
        self.outputs.push((arg.index(), Source::InKitchen(pid), at));
    }

    /// Binds `arg` to `value` as it is now.
    pub fn bind_value(&mut self, arg: Role<P>, value: EntityRef, at: Option<f64>) {
        self.outputs.push((arg.index(), Source::Value(value), at));
    }

    /// Binds `arg` to a fresh failed-object.
    pub fn bind_failed(&mut self, arg: Role<P>, at: Option<f64>) {
        self.exec.bind_failed_at(arg.index(), at);
    }

    /// Where an input object is in the kitchen being changed (by persistent id).
    pub fn locate(&self, arg: Role<P>) -> Result<Option<Place>, SimError> {
        let v = self.arg(arg)?;
        if v.is_failed() {
            return Ok(None);
        }
        Ok(self.ks.locate(v.pid))
    }

    /// Where an input object is, looking on the counter-top only.
    pub fn locate_on_counter_top(&self, arg: Role<P>) -> Result<Option<Place>, SimError> {
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
    pub fn locate_pid(&self, arg: Role<P>) -> Result<Option<Pid>, SimError> {
        Ok(self.locate(arg)?.and_then(|p| self.ks.pid_at(&p)))
    }

    /// The persistent id of the input object if it is on the counter-top.
    pub fn counter_top_pid(&self, arg: Role<P>) -> Result<Option<Pid>, SimError> {
        Ok(self
            .locate_on_counter_top(arg)?
            .and_then(|p| self.ks.pid_at(&p)))
    }
}
