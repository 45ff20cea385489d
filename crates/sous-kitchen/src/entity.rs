use std::sync::Arc;

use crate::ontology::SlotDefault;
use crate::subtree::{SubtreeCache, SubtreeIndex, INDEXED_FROM};
use crate::{slot, Amount, ClassId, EntityList, IdGen, Num, Ontology, Pid, SlotId, Value};

/// An entity shared between kitchen states; change it with `Arc::make_mut`.
pub type EntityRef = Arc<Entity>;

/// A kitchen entity: a typed feature structure. Its slots are exactly those
/// of its class (see [`Ontology`]); `pid` is its persistent identity.
#[derive(Debug, Clone, PartialEq)]
pub struct Entity {
    /// What the entity is an instance of; it fixes which slots it has.
    pub class: ClassId,
    /// Which physical object this is: kept by copies that stand for the same
    /// object in a later kitchen state, so states can be compared object by object.
    pub pid: Pid,
    slots: Vec<Value>,
    /// Where `contents` and `used` sit in `slots` (`u8::MAX`: nowhere),
    /// copied from the class so that the kitchen walks, which ask every
    /// thing they pass, need not look the class up.
    contents_at: u8,
    used_at: u8,
    /// What the contents hold, built when a search first asks.
    index: SubtreeCache,
}

const NIL: Value = Value::Nil;

impl Entity {
    /// A fresh instance with every slot at its default (defaults that are
    /// objects are fresh instances too).
    pub fn new(class: ClassId, ids: &mut IdGen) -> Entity {
        let onto = Ontology::get();
        let pid = ids.fresh();
        let class_def = onto.class(class);
        let slots = class_def
            .slots
            .iter()
            .map(|(_, d)| default_value(d, ids))
            .collect();
        Entity {
            class,
            pid,
            slots,
            contents_at: class_def.contents_position().map_or(u8::MAX, |p| p as u8),
            used_at: class_def.used_position().map_or(u8::MAX, |p| p as u8),
            index: SubtreeCache::default(),
        }
    }

    /// A fresh instance marked as a concept (what a symbol in a network stands for).
    pub fn concept(class: ClassId, ids: &mut IdGen) -> Entity {
        let mut e = Entity::new(class, ids);
        e.set(slot::IS_CONCEPT, Value::Bool(true));
        e
    }

    /// A `quantity` entity holding `value`.
    pub fn quantity(value: impl Into<Num>, ids: &mut IdGen) -> Entity {
        let mut e = Entity::new(Ontology::get().known().quantity, ids);
        e.set(slot::VALUE, Value::Number(value.into()));
        e
    }

    /// The class's name (`medium-bowl`), for output and messages.
    pub fn class_name(&self) -> &'static str {
        Ontology::get().name(self.class)
    }

    /// Whether the entity's class is `ancestor` or one of its subclasses.
    pub fn is_a(&self, ancestor: ClassId) -> bool {
        Ontology::get().is_a(self.class, ancestor)
    }

    /// [`Entity::is_a`] by the ancestor's name; false when no class has that name.
    pub fn is_a_name(&self, ancestor: &str) -> bool {
        Ontology::get().is_a_name(self.class, ancestor)
    }

    /// Whether the entity's class has `slot`: [`Entity::set`] ignores any other.
    pub fn has_slot(&self, slot: SlotId) -> bool {
        Ontology::get()
            .class(self.class)
            .slot_position(slot)
            .is_some()
    }

    /// The value of `slot`; nil when the class has no such slot.
    #[inline]
    pub fn get(&self, slot: SlotId) -> &Value {
        match Ontology::get().class(self.class).slot_position(slot) {
            Some(p) => &self.slots[p],
            None => &NIL,
        }
    }

    /// Sets a slot; a slot the class does not have is left alone (returns false).
    pub fn set(&mut self, slot: SlotId, value: Value) -> bool {
        match Ontology::get().class(self.class).slot_position(slot) {
            Some(p) => {
                if slot == slot::CONTENTS {
                    self.index.clear();
                }
                self.slots[p] = value;
                true
            }
            None => false,
        }
    }

    /// Whether `slot` holds a true value in Lisp's sense (see [`Value::as_bool`]).
    pub fn flag(&self, slot: SlotId) -> bool {
        self.get(slot).as_bool()
    }

    /// Sets a true-or-false slot (`baked`, `used`); false if the class lacks it.
    pub fn set_flag(&mut self, slot: SlotId, on: bool) -> bool {
        self.set(slot, Value::Bool(on))
    }

    /// The slot values alone, in the class's slot order: what a comparison
    /// of two things of one class walks side by side.
    #[inline]
    pub fn values(&self) -> &[Value] {
        &self.slots
    }

    /// Every slot with its value, in the class's slot order.
    pub fn slots(&self) -> impl Iterator<Item = (SlotId, &Value)> {
        Ontology::get()
            .class(self.class)
            .slots
            .iter()
            .map(|(s, _)| *s)
            .zip(self.slots.iter())
    }

    /// The index of what the contents hold (see [`crate::subtree`]), for a
    /// container big enough to have one.
    pub(crate) fn indexed_contents(&self) -> Option<&SubtreeIndex> {
        (self.contents().len() >= INDEXED_FROM).then(|| self.index.get_or_build(self))
    }

    /// Whether a search must look inside: the thing holds something, and
    /// its index, when it is big enough to have one, does not rule out
    /// `may_hold`.
    pub(crate) fn worth_entering(&self, may_hold: impl FnOnce(&SubtreeIndex) -> bool) -> bool {
        match self.contents().len() {
            0 => false,
            n if n < INDEXED_FROM => true,
            _ => may_hold(self.index.get_or_build(self)),
        }
    }

    /// The contents list, for taking out or putting in through
    /// [`crate::KitchenState`], which keeps the indexes above true itself.
    pub(crate) fn contents_mut_keeping_index(&mut self) -> Option<&mut EntityList> {
        self.list_slot_mut(slot::CONTENTS)
    }

    /// Tells this entity's index that `added` is now somewhere below it.
    pub(crate) fn note_added(&mut self, added: &Entity) {
        self.index.note_added(added);
    }

    /// What the thing holds (empty for a class without `contents`).
    #[inline]
    pub fn contents(&self) -> &EntityList {
        match self.slots.get(self.contents_at as usize) {
            Some(v) => v.as_list(),
            None => EntityList::empty(),
        }
    }

    /// Whether the thing is flagged `used` (the searches' test).
    #[inline]
    pub fn is_used(&self) -> bool {
        self.slots
            .get(self.used_at as usize)
            .is_some_and(Value::as_bool)
    }

    /// The contents list, for changing it (`None` if the class has no contents).
    pub fn contents_mut(&mut self) -> Option<&mut EntityList> {
        self.list_mut(slot::CONTENTS)
    }

    /// What a thing holds: a list's `items`, anything else's `contents`.
    pub fn contents_or_items(&self) -> &EntityList {
        if self.has_slot(slot::ITEMS) {
            self.items()
        } else {
            self.contents()
        }
    }

    /// The `items` of a list entity (a tray's arrangement, a group of portions).
    pub fn items(&self) -> &EntityList {
        self.get(slot::ITEMS).as_list()
    }

    /// A list slot for changing it; a nil value becomes an empty list.
    pub fn list_mut(&mut self, slot: SlotId) -> Option<&mut EntityList> {
        if slot == slot::CONTENTS {
            self.index.clear();
        }
        self.list_slot_mut(slot)
    }

    /// A list slot for changing it, the search index left alone.
    fn list_slot_mut(&mut self, slot: SlotId) -> Option<&mut EntityList> {
        let p = Ontology::get().class(self.class).slot_position(slot)?;
        if !matches!(self.slots[p], Value::List(_)) {
            self.slots[p] = Value::List(EntityList::new());
        }
        match &mut self.slots[p] {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    /// Sets the `amount` slot.
    pub fn set_amount(&mut self, amount: Amount) -> bool {
        self.set(slot::AMOUNT, Value::Amount(amount))
    }

    /// The `amount` slot, for ingredients that have one.
    pub fn amount(&self) -> Option<Amount> {
        self.get(slot::AMOUNT).as_amount()
    }

    /// The number a `quantity` entity holds.
    pub fn quantity_value(&self) -> Option<Num> {
        self.get(slot::VALUE).as_number()
    }

    /// Whether this is a `failed-object`: what a primitive binds to its outputs
    /// when it cannot do what it was asked.
    pub fn is_failed(&self) -> bool {
        self.class == Ontology::get().known().failed_object
    }

    /// The same entity under a fresh persistent id: a copy the kitchen must tell
    /// apart from the original.
    pub fn with_new_pid(mut self, ids: &mut IdGen) -> Entity {
        self.pid = ids.fresh();
        self
    }
}

fn default_value(d: &SlotDefault, ids: &mut IdGen) -> Value {
    match d {
        SlotDefault::Nil => Value::Nil,
        SlotDefault::Bool(b) => Value::Bool(*b),
        SlotDefault::Number(n) => Value::Number(*n),
        SlotDefault::EmptyList => Value::List(EntityList::new()),
        SlotDefault::New(c) => Value::Entity(Arc::new(Entity::new(*c, ids))),
        SlotDefault::Amount(v, unit) => Value::Amount(Amount {
            value: *v,
            unit: *unit,
        }),
        SlotDefault::Quantity(v) => Value::Entity(Arc::new(Entity::quantity(*v, ids))),
        SlotDefault::Instances(items) => Value::List(
            items
                .iter()
                .map(|(c, v, unit)| {
                    let mut e = Entity::new(*c, ids);
                    e.set_amount(Amount {
                        value: *v,
                        unit: *unit,
                    });
                    Arc::new(e)
                })
                .collect(),
        ),
    }
}
