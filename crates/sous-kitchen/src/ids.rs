use std::fmt;

/// A persistent id: the identity of a physical object across kitchen states.
/// Shown as `<class>-<n>`, like the reference's `medium-bowl-208`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pid(pub u32);

impl fmt::Display for Pid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Hands out fresh persistent ids. One per run, so ids are deterministic.
#[derive(Debug, Clone)]
pub struct IdGen {
    next: u32,
}

impl IdGen {
    /// A generator whose first id is `next`: the full kitchen's ids end where a
    /// run's begin (see [`crate::full_kitchen`]).
    pub fn starting_at(next: u32) -> Self {
        IdGen { next }
    }

    /// The next unused id.
    pub fn fresh(&mut self) -> Pid {
        let pid = Pid(self.next);
        self.next += 1;
        pid
    }

    /// The id [`IdGen::fresh`] will hand out next, without taking it.
    pub fn peek(&self) -> u32 {
        self.next
    }
}
