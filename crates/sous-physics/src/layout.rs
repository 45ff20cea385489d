//! The physics kitchen as data (`data/layout.toml`, embedded): places,
//! shapes by class and how each ingredient behaves.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::{ClassId, Ontology};

/// The layout file, as compiled into the crate.
pub const LAYOUT_TOML: &str = include_str!("../data/layout.toml");

/// The physics kitchen (`data/layout.toml`): the room, the hand, the
/// simulation's settings, where the places are, the shape of every object
/// class and how every ingredient class behaves.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Layout {
    /// The box bodies must stay in.
    pub room: Room,
    /// How the cook's hand moves and pours.
    pub hand: Hand,
    /// The simulation's settings.
    pub simulation: Simulation,
    /// Each place of the full kitchen (`counter-top`, `oven`), by class name.
    pub places: BTreeMap<String, PlaceLayout>,
    /// The shape of object classes, by class name (nearest ancestor, else
    /// `default`).
    pub shapes: BTreeMap<String, ShapeSpec>,
    /// How ingredient classes behave, by class name (nearest ancestor, else
    /// `default`).
    pub ingredients: BTreeMap<String, IngredientSpec>,
    /// Appearance only (pictures, exports): a colour per ingredient class
    /// for classes the `ingredients` rows leave without a distinct one.
    #[serde(default)]
    pub ingredient_colors: BTreeMap<String, [u8; 3]>,
}

/// The box bodies must stay in: one that leaves it has diverged.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Room {
    /// The lowest corner (m).
    pub min: [f32; 3],
    /// The highest corner (m).
    pub max: [f32; 3],
    /// The height of the floor (m).
    pub floor: f32,
}

/// The cook's hand: kinematic, carrying objects along waypoints.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Hand {
    /// Cruise speed along a path (m/s).
    pub speed: f32,
    /// The height at which objects cross the kitchen (m).
    pub travel_height: f32,
    /// The z at which the hand leaves a place before travelling (m).
    pub reach_front: f32,
    /// How far a source is tipped over its target.
    pub pour_tilt_degrees: f32,
    /// The time to tip it, and again to right it (s).
    pub pour_tilt_seconds: f32,
    /// The time it is held tipped while the contents run out (s).
    pub pour_hold_seconds: f32,
    /// The gap under an object when the hand lets go (m).
    pub drop_height: f32,
}

/// How the rigid-body simulation is stepped and how matter is cut into
/// particles.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Simulation {
    /// Seconds per frame.
    pub dt: f32,
    /// The size of a typical body in metres (rapier scales its tolerances,
    /// contact prediction and sleep thresholds by it).
    pub length_unit: f32,
    /// Constraint solver iterations per frame (rapier's substeps: the
    /// solver's cost grows with them).
    pub solver_iterations: usize,
    /// Natural frequency of contacts (Hz): stiffer contacts sink less
    /// under a load (a pile of potatoes).
    pub contact_frequency: f32,
    /// Angular damping (1/s) of particles and round solids: rolling
    /// resistance, so that a grain or an egg comes to rest.
    pub rolling_damping: f32,
    /// How many frames a released object may take to come to rest.
    pub settle_max_frames: u32,
    /// The most particles a poured portion is made of.
    pub max_particles_per_portion: u32,
    /// The volume of matter one particle stands for, at least (cm³).
    pub min_particle_volume_cm3: f32,
    /// Friction of particles (also their heaps' angle of repose).
    pub particle_friction: f32,
    /// How far ahead (m) a falling particle's contacts are predicted, so
    /// that it does not pass through a thin wall in one frame (rapier's
    /// soft continuous collision detection: predictive contacts instead of
    /// the swept shape casts of full CCD, which cost a sixth of a pour).
    pub particle_ccd_prediction_m: f32,
    /// Friction of rigid bodies.
    pub body_friction: f32,
    /// The share of space the heap model fills (see `heap.rs`).
    pub heap_packing: f32,
}

/// A place of the kitchen: a box with the surfaces objects stand on.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlaceLayout {
    /// The lowest corner (m).
    pub min: [f32; 3],
    /// The highest corner (m).
    pub max: [f32; 3],
    /// Heights of the surfaces objects stand on, lowest first.
    pub shelves: Vec<f32>,
    /// Whether it has doors (the oven, the fridge): it holds only what the
    /// cook puts in.
    pub closed: bool,
    /// The colour it is drawn in.
    pub color: [u8; 3],
}

impl PlaceLayout {
    /// Whether a point is inside the place's box (with a margin).
    pub fn contains(&self, p: [f32; 3], margin: f32) -> bool {
        (0..3).all(|i| p[i] >= self.min[i] - margin && p[i] <= self.max[i] + margin)
    }
}

/// How a body is built from convex pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShapeKind {
    /// A bowl: a round floor and a ring of wall slabs (radius, height).
    Bowl,
    /// A pot, built as a bowl.
    Pot,
    /// A jar, built as a bowl.
    Jar,
    /// A plate: a flat disc, with a low rim when it is tall enough (radius, height).
    Plate,
    /// A pan, built as a plate.
    Pan,
    /// A lid, built as a plate.
    Lid,
    /// A tray: a slab with a low rim (size).
    Tray,
    /// A baking tin, built as a tray.
    Tin,
    /// A cutting board: a slab on which liquids spread to a film and run off.
    Board,
    /// A sheet (baking paper): a thin box on which liquids spread to a film and run off.
    Sheet,
    /// A wire rack: a slab that holds no liquid.
    Rack,
    /// A tool: a box (size).
    Tool,
}

/// The shape of an object class.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ShapeSpec {
    /// How the body is built.
    pub kind: ShapeKind,
    /// Inner radius of a round shape (m).
    #[serde(default)]
    pub radius: f32,
    /// Height of a round shape (m).
    #[serde(default)]
    pub height: f32,
    /// Extents of a slab or box, x, y, z (m).
    #[serde(default)]
    pub size: [f32; 3],
    /// Thickness of the walls (m).
    #[serde(default)]
    pub wall: f32,
    /// Density (kg/m³), for the body's mass.
    pub density: f32,
    /// How much higher the next one of a stack stands (nested bowls, plates).
    #[serde(default)]
    pub nest: f32,
    /// The colour it is drawn in.
    #[serde(default = "grey")]
    pub color: [u8; 3],
}

fn grey() -> [u8; 3] {
    [170, 170, 170]
}

impl ShapeSpec {
    /// Whether the shape is round (radius, height) rather than a slab or box.
    pub fn is_round(&self) -> bool {
        matches!(
            self.kind,
            ShapeKind::Bowl
                | ShapeKind::Pot
                | ShapeKind::Jar
                | ShapeKind::Plate
                | ShapeKind::Pan
                | ShapeKind::Lid
        )
    }

    /// Half extents of the footprint on a surface (x, z) and the height.
    pub fn extent(&self) -> ([f32; 2], f32) {
        if self.is_round() {
            (
                [self.radius + self.wall, self.radius + self.wall],
                self.height,
            )
        } else {
            ([self.size[0] / 2.0, self.size[2] / 2.0], self.size[1])
        }
    }

    /// Whether things put on it lie on a flat floor (trays, plates, boards)
    /// rather than in a well (bowls, pots, jars).
    pub fn is_flat(&self) -> bool {
        !matches!(self.kind, ShapeKind::Bowl | ShapeKind::Pot | ShapeKind::Jar)
    }

    /// Inner floor radius or half extents (x, z) where contents can lie.
    pub fn inner(&self) -> [f32; 2] {
        if self.is_round() {
            [self.radius, self.radius]
        } else {
            [
                (self.size[0] / 2.0 - self.wall).max(0.01),
                (self.size[2] / 2.0 - self.wall).max(0.01),
            ]
        }
    }

    /// The volume it holds (m³) up to its rim, or for a liquid on a
    /// surface without walls (a board, a sheet of paper), a film `film`
    /// thick over its floor; a rack holds no liquid at all.
    pub fn capacity(&self, film: Option<f32>) -> f64 {
        let inner = self.inner();
        let area = if self.is_round() {
            std::f64::consts::PI * (inner[0] as f64).powi(2)
        } else {
            4.0 * inner[0] as f64 * inner[1] as f64
        };
        let walls = !matches!(self.kind, ShapeKind::Board | ShapeKind::Sheet);
        let height = match (film, self.kind) {
            (Some(_), ShapeKind::Rack) => 0.0,
            (Some(film), _) if !walls => film as f64,
            _ => self.rim() as f64,
        };
        area * height
    }

    /// The height of the walls (how high contents may stand inside it).
    pub fn rim(&self) -> f32 {
        if self.is_round() {
            self.height
        } else {
            self.size[1]
        }
    }
}

/// How an ingredient's matter is simulated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// Poured as particles whose masses add up exactly to the portion's.
    Particles,
    /// One rigid body (a block of butter), placed rather than poured.
    Block,
    /// Counted items, one rigid body each (eggs, potatoes).
    Pieces,
}

/// How an ingredient class behaves.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct IngredientSpec {
    /// How its matter is simulated.
    pub form: Form,
    /// Bulk density (kg/m³), for the volume of a portion.
    pub density: f32,
    /// The colour it is drawn in.
    pub color: [u8; 3],
    /// A liquid: how thick a film it spreads to on an open surface (m).
    /// It is poured wherever it goes, flat surfaces included, and what a
    /// surface cannot hold runs off.
    #[serde(default)]
    pub film: Option<f32>,
}

/// Why the layout file is unusable.
#[derive(Debug, thiserror::Error)]
pub enum LayoutError {
    /// The file does not read.
    #[error("layout.toml: {0}")]
    Toml(#[from] toml::de::Error),
    /// A place is no place of the full kitchen.
    #[error("layout.toml: place `{0}` is not a place of the full kitchen")]
    UnknownPlace(String),
    /// A shape or ingredient entry names no class of the ontology.
    #[error("layout.toml: shape `{0}` is not a class of the ontology")]
    UnknownClass(String),
    /// An entry every layout needs (`shapes.default`) is missing.
    #[error("layout.toml: `{0}` has no entry but every layout needs one")]
    Missing(&'static str),
}

impl Layout {
    /// The embedded layout (checked by the tests, so it always parses).
    pub fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout::parse(LAYOUT_TOML).expect("the embedded layout is valid"))
    }

    /// Parses a layout, checking that every name is a class of the ontology and
    /// the defaults are there.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let layout: Layout = toml::from_str(text)?;
        let onto = Ontology::get();
        for name in layout
            .shapes
            .keys()
            .chain(layout.ingredients.keys())
            .chain(layout.ingredient_colors.keys())
        {
            if name != "default" && onto.id(name).is_none() {
                return Err(LayoutError::UnknownClass(name.clone()));
            }
        }
        for name in layout.places.keys() {
            if onto.id(name).is_none() {
                return Err(LayoutError::UnknownPlace(name.clone()));
            }
        }
        if !layout.shapes.contains_key("default") {
            return Err(LayoutError::Missing("shapes.default"));
        }
        if !layout.ingredients.contains_key("default") {
            return Err(LayoutError::Missing("ingredients.default"));
        }
        Ok(layout)
    }

    /// The shape of a class: its own entry, else its nearest ancestor's.
    pub fn shape(&self, class: ClassId) -> &ShapeSpec {
        nearest(&self.shapes, class).unwrap_or(&self.shapes["default"])
    }

    /// How an ingredient class behaves: its own entry, else its nearest ancestor's.
    pub fn ingredient(&self, class: ClassId) -> &IngredientSpec {
        nearest(&self.ingredients, class).unwrap_or(&self.ingredients["default"])
    }

    /// How an ingredient class looks: the most specific colour along its
    /// is-a chain from either `ingredient-colors` or `ingredients` (so a
    /// colour row never changes how the class behaves), else the default's.
    pub fn ingredient_color(&self, class: ClassId) -> [u8; 3] {
        let onto = Ontology::get();
        std::iter::once(&class)
            .chain(&onto.class(class).precedence)
            .find_map(|c| {
                let name = onto.name(*c);
                self.ingredient_colors
                    .get(name)
                    .copied()
                    .or_else(|| self.ingredients.get(name).map(|i| i.color))
            })
            .unwrap_or(self.ingredients["default"].color)
    }

    /// The box of a place class (`oven`), if the layout has it.
    pub fn place(&self, class: ClassId) -> Option<&PlaceLayout> {
        self.places.get(Ontology::get().name(class))
    }
}

/// The entry of `class` or of its nearest ancestor (the ontology's class
/// precedence list, most specific first).
pub(crate) fn nearest<T>(table: &BTreeMap<String, T>, class: ClassId) -> Option<&T> {
    let onto = Ontology::get();
    std::iter::once(&class)
        .chain(&onto.class(class).precedence)
        .find_map(|c| table.get(onto.name(*c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_liquid_is_held_to_the_rim_of_a_well_as_a_film_on_a_board_and_not_by_a_rack() {
        let layout = Layout::get();
        let onto = Ontology::get();
        let shape = |n: &str| layout.shape(onto.id(n).unwrap());
        let film = layout.ingredient(onto.id("milk").unwrap()).film;
        assert!(film.is_some(), "milk is a liquid");
        let bowl = shape("small-bowl");
        assert_eq!(bowl.capacity(film), bowl.capacity(None));
        let board = shape("cutting-board");
        let [x, _, z] = board.size;
        let area = (x as f64) * (z as f64);
        assert!((board.capacity(film) - area * film.unwrap() as f64).abs() < 1e-9);
        assert!(board.capacity(film) < board.capacity(None));
        assert_eq!(shape("wire-rack").capacity(film), 0.0);
        assert!(layout
            .ingredient(onto.id("white-sugar").unwrap())
            .film
            .is_none());
    }

    #[test]
    fn the_embedded_layout_parses_and_names_every_place() {
        let layout = Layout::parse(LAYOUT_TOML).unwrap();
        for place in [
            "counter-top",
            "kitchen-cabinet",
            "pantry",
            "fridge",
            "freezer",
            "oven",
            "stove",
            "microwave",
            "kitchen-sink",
        ] {
            assert!(layout.places.contains_key(place), "{place}");
        }
    }

    #[test]
    fn classes_without_an_entry_take_their_ancestors() {
        let onto = Ontology::get();
        let layout = Layout::get();
        assert_eq!(layout.shape(onto.known().medium_bowl).radius, 0.09);
        assert_eq!(
            layout.ingredient(onto.known().homogeneous_mixture).form,
            Form::Particles
        );
    }

    #[test]
    fn colours_come_from_the_most_specific_class_of_either_table() {
        let onto = Ontology::get();
        let layout = Layout::get();
        let c = |n| layout.ingredient_color(onto.id(n).unwrap());
        assert_eq!(c("tomato"), layout.ingredient_colors["tomato"]);
        assert_eq!(c("white-sugar"), layout.ingredients["white-sugar"].color);
        // brown-sugar has no row of its own in `ingredients`, and sugar's
        // row must not hide its own colour.
        assert_eq!(c("brown-sugar"), layout.ingredient_colors["brown-sugar"]);
        assert_eq!(c("caster-sugar"), layout.ingredient_colors["sugar"]);
        assert_ne!(c("tomato"), c("cucumber"));
    }

    #[test]
    fn a_misspelt_class_is_refused() {
        let text = LAYOUT_TOML.replace("[shapes.whisk]", "[shapes.wisk]");
        assert!(matches!(
            Layout::parse(&text),
            Err(LayoutError::UnknownClass(c)) if c == "wisk"
        ));
    }
}
