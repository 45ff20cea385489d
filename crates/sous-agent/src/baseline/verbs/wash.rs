//! `wash`: the named ingredients washed where they are.

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

    const ING: &[&str] = &["1 cucumber"];
    const INS: &[&str] = &["Wash the cucumber."];

    #[test]
    fn wash_fixture() {
        let n = network(ING, INS);
        assert_eq!(actions(&n, "wash").len(), 1, "{n}");
    }
}
