//! `drain`: what is in the pot, through a colander.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, _c: &Clause) -> Flow {
    let Some(w) = s.work else {
        return Flow::Stop;
    };
    let input = s.bowls[w].var.clone();
    if let Some(out) = s.drain(&input, "drain what is in the pot") {
        s.bowls[w].var = out.clone();
        s.worked(out);
    }
    Flow::Go
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{actions, network};

    const ING: &[&str] = &["4 potatoes"];
    const INS: &[&str] = &[
        "Bring a large pot of water to a boil.",
        "Add the potatoes and cook until tender.",
        "Drain.",
    ];

    #[test]
    fn drain_fixture() {
        let n = network(ING, INS);
        assert_eq!(actions(&n, "drain").len(), 1, "{n}");
    }
}
