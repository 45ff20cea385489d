//! `line` (a tray with paper, tins with cups): a vessel made ready, as
//! [`super::grease`] does.

use super::{Clause, Flow};
use crate::baseline::session::Session;

pub(super) fn act(s: &mut Session, c: &Clause) -> Flow {
    super::grease::ready_vessel(s, c)
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{actions, network};

    const ING: &[&str] = &["300 grams flour"];
    const INS: &[&str] = &["Line a baking tray with baking paper."];

    #[test]
    fn line_fixture() {
        let n = network(ING, INS);
        assert_eq!(actions(&n, "line").len(), 1, "{n}");
    }
}
