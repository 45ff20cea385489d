//! `mash`: the named ingredients mashed where they are.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let (verb, ws) = (c.verb, &c.ws);
    s.prepare_named(verb.kind, ws);
    Flow::Go
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{actions, network};

    const ING: &[&str] = &["3 bananas"];
    const INS: &[&str] = &["Mash the bananas."];

    #[test]
    fn mash_fixture() {
        let n = network(ING, INS);
        assert_eq!(actions(&n, "mash").len(), 1, "{n}");
    }
}
