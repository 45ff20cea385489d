use std::sync::Arc;

use crate::{ClassId, Entity, EntityList, Num};

/// An amount: a number in a unit (the unit is a unit class such as `g`).
/// Equality is the unit's identity and Lisp `=` on the number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Amount {
    pub value: Num,
    pub unit: ClassId,
}

impl Amount {
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
    #[default]
    Nil,
    Bool(bool),
    /// A number: the value of a `quantity`, or the kitchen time.
    Number(Num),
    Amount(Amount),
    Entity(Arc<Entity>),
    /// A list of entities (`contents`, `items`, `components`).
    List(EntityList),
}

impl Value {
    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    pub fn as_bool(&self) -> bool {
        match self {
            Value::Nil | Value::Bool(false) => false,
            Value::List(l) => !l.is_empty(),
            _ => true,
        }
    }

    pub fn as_number(&self) -> Option<Num> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_amount(&self) -> Option<Amount> {
        match self {
            Value::Amount(a) => Some(*a),
            _ => None,
        }
    }

    pub fn as_entity(&self) -> Option<&Arc<Entity>> {
        match self {
            Value::Entity(e) => Some(e),
            _ => None,
        }
    }

    pub fn as_list(&self) -> &EntityList {
        match self {
            Value::List(l) => l,
            _ => EntityList::empty(),
        }
    }
}
