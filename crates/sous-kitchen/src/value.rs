use std::sync::Arc;

use crate::{ClassId, Entity};

/// An amount: a number in a unit (the unit is a unit class such as `g`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Amount {
    pub value: f64,
    pub unit: ClassId,
}

/// The value of a slot.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    #[default]
    Nil,
    Bool(bool),
    Number(f64),
    Amount(Amount),
    Entity(Arc<Entity>),
    /// A list of entities (`contents`, `items`, `components`).
    List(Vec<Arc<Entity>>),
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

    pub fn as_number(&self) -> Option<f64> {
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

    pub fn as_list(&self) -> &[Arc<Entity>] {
        match self {
            Value::List(l) => l,
            _ => &[],
        }
    }
}
