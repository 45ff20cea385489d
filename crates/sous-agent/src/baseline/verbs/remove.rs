//! `remove from the oven to a rack`: what was baked, onto a rack.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    let ws = &c.ws;
    s.onto_rack(ws);
    Flow::Go
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{actions, network};

    const ING: &[&str] = &["200 grams flour", "100 grams butter"];
    const INS: &[&str] = &[
        "Mix the flour and butter.",
        "Bake for 20 minutes.",
        "Remove to a wire rack.",
    ];

    #[test]
    fn remove_fixture() {
        let n = network(ING, INS);
        assert!(
            actions(&n, "fetch")
                .iter()
                .any(|f| f.contains(" wire-rack ")),
            "{n}"
        );
    }
}
