use std::sync::Arc;

use crate::{ClassId, Entity, EntityList, Num};

/// An amount: a number in a unit (the unit is a unit class such as `g`).
/// Equality is the unit's identity and Lisp `=` on the number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Amount {
    /// The number, compared with Lisp's `=`.
    pub value: Num,
    /// The unit class (`g`, `piece`, `teaspoon`).
    pub unit: ClassId,
}

impl Amount {
    /// The amount `value` `unit`; integers stay exact.
    pub fn new(value: impl Into<Num>, unit: ClassId) -> Amount {
        Amount {
            value: value.into(),
            unit,
        }
    }
}

/// The value of a slot.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    /// Lisp's `nil`: a slot not set, which reads as false.
    #[default]
    Nil,
    /// A flag (`baked`, `used`).
    Bool(bool),
    /// A number: the value of a `quantity`, or the kitchen time.
    Number(Num),
    /// An ingredient's amount.
    Amount(Amount),
    /// An object held by the slot (a cut's pattern, a shape, a cover).
    Entity(Arc<Entity>),
    /// A list of entities (`contents`, `items`, `components`).
    List(EntityList),
}

impl Value {
    /// Whether the slot is unset.
    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    /// The value as a Lisp test reads it: nil, false and the empty list are
    /// false, anything else true.
    pub fn as_bool(&self) -> bool {
        match self {
            Value::Nil | Value::Bool(false) => false,
            Value::List(l) => !l.is_empty(),
            _ => true,
        }
    }

    /// The number, if the value is one.
    pub fn as_number(&self) -> Option<Num> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The amount, if the value is one.
    pub fn as_amount(&self) -> Option<Amount> {
        match self {
            Value::Amount(a) => Some(*a),
            _ => None,
        }
    }

    /// The entity, if the value is one.
    pub fn as_entity(&self) -> Option<&Arc<Entity>> {
        match self {
            Value::Entity(e) => Some(e),
            _ => None,
        }
    }

    /// The list, or the empty list for any other value (a nil `contents` holds
    /// nothing).
    pub fn as_list(&self) -> &EntityList {
        match self {
            Value::List(l) => l,
            _ => EntityList::empty(),
        }
    }
}
