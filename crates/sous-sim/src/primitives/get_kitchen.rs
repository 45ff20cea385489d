//! `get-kitchen ?kitchen`: the initial kitchen state, available at 0.

use sous_kitchen::full_kitchen;
use sous_lang::call::{get_kitchen as role, GetKitchen};

use crate::{Call, SimError};

pub(crate) fn run(x: &mut Call<GetKitchen>) -> Result<(), SimError> {
    x.bind_value(role::KITCHEN, full_kitchen().0.into_root(), Some(0.0));
    x.set_start(0.0);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::primitives::test_util::*;

    #[test]
    fn binds_the_full_kitchen_at_time_zero() {
        let x = run("(get-kitchen ?kitchen)");
        assert!(x.solved && x.failures.is_empty());
        let k = bound(&x, "?kitchen");
        assert_eq!(k.available_at, Some(0.0));
        assert_eq!(k.value.class_name(), "kitchen-state");
        assert_eq!(k.value.contents().len(), 9);
        assert_eq!(x.execution_time(), Some(0.0));
    }

    #[test]
    fn a_network_without_it_has_no_solution() {
        // Validation rejects this; the engine alone finds nothing to start from.
        let (file, _) = sous_lang::parse("t", "(fetch ?tray ?ks ?k baking-tray 1)");
        let x = crate::execute(&file.recipes[0]);
        assert!(!x.solved);
        assert_eq!(x.execution_time(), None);
    }
}
