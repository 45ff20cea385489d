//! The network being written: every action kept, executed as it is added
//! (an incremental `sous_sim::Session`, so that an action that fails is
//! dropped at once), and the trace of what was chosen and why.

use sous_lang::call::*;

use super::Session;

/// Grams of everything in `bowl` (a container's binding).
fn grams_of(bowl: &sous_kitchen::EntityRef) -> Option<f64> {
    let grams = bowl
        .contents()
        .iter()
        .map(|c| sous_kitchen::grams_of(c).map(|g| g.to_f64()))
        .sum::<Result<f64, _>>()
        .ok()?;
    (grams > 0.0).then_some(grams)
}

pub(super) struct Network {
    actions: Vec<String>,
    /// The last action kept.
    last_action: Option<Action>,
    /// The network so far, executed: each attempt adds one action to it
    /// and runs only that action.
    kitchen_so_far: sous_sim::Session<'static>,
    trace: Vec<String>,
    /// The kitchen state the next action starts from.
    kitchen: String,
    /// Fresh variable numbers.
    next: usize,
}

impl Network {
    /// A network of one action: `get-kitchen`.
    pub(super) fn new(id: &str) -> Network {
        let mut kitchen_so_far = sous_sim::Session::new(id, sous_sim::Options::default(), None);
        let start = Call::<GetKitchen>::new()
            .with(get_kitchen::KITCHEN, "?kitchen")
            .complete(|_| unreachable!("its one argument is set"));
        kitchen_so_far
            .add_action(&start)
            .expect("get-kitchen is a primitive");
        Network {
            actions: vec![start.to_string()],
            last_action: Some(start),
            kitchen_so_far,
            trace: Vec::new(),
            kitchen: "?kitchen".to_string(),
            next: 0,
        }
    }

    /// Adds `action` to the network so far if it runs there without a
    /// failure; else leaves the network as it was and says why.
    fn run(&mut self, action: &Action) -> Result<(), String> {
        let added = self
            .kitchen_so_far
            .add_action(action)
            .map_err(|e| e.0[0].message.clone())?;
        if added.is_ok() && self.kitchen_so_far.solved() {
            return Ok(());
        }
        let why = match added.failures.first() {
            Some(f) => f.message.clone(),
            None => self
                .kitchen_so_far
                .execution()
                .failures
                .first()
                .map_or_else(|| "it did not run".to_string(), |f| f.message.clone()),
        };
        self.kitchen_so_far.undo();
        Err(why)
    }
}

impl Session {
    pub fn fresh(&mut self, stem: &str) -> String {
        self.net.next += 1;
        format!("?{stem}-{}", self.net.next)
    }

    /// Tries `call` from the kitchen so far, its output kitchen state
    /// `ks_out`: keeps it if it runs (an argument left unset gets a fresh
    /// variable named after it).
    pub fn attempt<P: Primitive>(&mut self, call: Call<P>, ks_out: String, why: &str) -> bool {
        let call = call.in_kitchen(&self.net.kitchen, &ks_out);
        let action = call.complete(|spec| self.fresh(spec.name));
        let text = action.to_string();
        let net = &mut self.net;
        match net.run(&action) {
            Ok(()) => {
                net.last_action = Some(action);
                net.actions.push(text.clone());
                net.kitchen = ks_out;
                net.trace.push(format!("  {text}  ({why})"));
                true
            }
            Err(e) => {
                net.trace.push(format!("  dropped {text}: {e}"));
                false
            }
        }
    }

    /// The last action kept.
    pub fn last_action(&self) -> Option<&Action> {
        self.net.last_action.as_ref()
    }

    /// Looks at the kitchen: the grams in the container bound to `var`
    /// (`divide the dough into 6 portions` needs the dough's weight).
    pub fn grams_in(&self, var: &str) -> Option<f64> {
        grams_of(&self.net.kitchen_so_far.binding(var)?.value)
    }

    /// A line of the trace.
    pub fn log(&mut self, line: impl Into<String>) {
        self.net.trace.push(line.into());
    }

    /// A remark in the trace on the line being read: `  (what)`.
    pub fn note(&mut self, what: impl std::fmt::Display) {
        self.log(format!("  ({what})"));
    }

    /// The network's actions and the trace, once the recipe is read.
    pub fn finish(self) -> (Vec<String>, Vec<String>) {
        (self.net.actions, self.net.trace)
    }
}
