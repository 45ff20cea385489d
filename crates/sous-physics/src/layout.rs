//! The physics kitchen as data (`data/layout.toml`, embedded): places,
//! shapes by class and how each ingredient behaves.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use sous_kitchen::{ClassId, Ontology};

/// The layout file, as compiled into the crate.
pub const LAYOUT_TOML: &str = include_str!("../data/layout.toml");

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Layout {
    pub room: Room,
    pub hand: Hand,
    pub simulation: Simulation,
    pub places: BTreeMap<String, PlaceLayout>,
    pub shapes: BTreeMap<String, ShapeSpec>,
    pub ingredients: BTreeMap<String, IngredientSpec>,
    /// Appearance only (pictures, exports): a colour per ingredient class
    /// for classes the `ingredients` rows leave without a distinct one.
    #[serde(default)]
    pub ingredient_colors: BTreeMap<String, [u8; 3]>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Room {
    pub min: [f32; 3],
    pub max: [f32; 3],
    pub floor: f32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Hand {
    pub speed: f32,
    pub travel_height: f32,
    pub reach_front: f32,
    pub pour_tilt_degrees: f32,
    pub pour_tilt_seconds: f32,
    pub pour_hold_seconds: f32,
    pub drop_height: f32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Simulation {
    pub dt: f32,
    /// The size of a typical body in metres (rapier scales its tolerances,
    /// contact prediction and sleep thresholds by it).
    pub length_unit: f32,
    /// Constraint solver iterations per frame.
    pub solver_iterations: usize,
    /// Natural frequency of contacts (Hz): stiffer contacts sink less
    /// under a load (a pile of potatoes).
    pub contact_frequency: f32,
    /// Angular damping (1/s) of particles and round solids: rolling
    /// resistance, so that a grain or an egg comes to rest.
    pub rolling_damping: f32,
    pub settle_max_frames: u32,
    pub max_particles_per_portion: u32,
    pub min_particle_volume_cm3: f32,
    pub particle_friction: f32,
    pub body_friction: f32,
    /// The share of space the heap model fills (see `heap.rs`).
    pub heap_packing: f32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlaceLayout {
    pub min: [f32; 3],
    pub max: [f32; 3],
    /// Heights of the surfaces objects stand on, lowest first.
    pub shelves: Vec<f32>,
    pub closed: bool,
    pub color: [u8; 3],
}

impl PlaceLayout {
    /// Whether a point is inside the place's box (with a margin).
    pub fn contains(&self, p: [f32; 3], margin: f32) -> bool {
        (0..3).all(|i| p[i] >= self.min[i] - margin && p[i] <= self.max[i] + margin)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShapeKind {
    Bowl,
    Pot,
    Jar,
    Plate,
    Pan,
    Lid,
    Tray,
    Tin,
    Board,
    Sheet,
    Rack,
    Tool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ShapeSpec {
    pub kind: ShapeKind,
    #[serde(default)]
    pub radius: f32,
    #[serde(default)]
    pub height: f32,
    #[serde(default)]
    pub size: [f32; 3],
    #[serde(default)]
    pub wall: f32,
    pub density: f32,
    /// How much higher the next one of a stack stands (nested bowls, plates).
    #[serde(default)]
    pub nest: f32,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    Particles,
    Block,
    Pieces,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct IngredientSpec {
    pub form: Form,
    pub density: f32,
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
    #[error("layout.toml: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("layout.toml: place `{0}` is not a place of the full kitchen")]
    UnknownPlace(String),
    #[error("layout.toml: shape `{0}` is not a class of the ontology")]
    UnknownClass(String),
    #[error("layout.toml: `{0}` has no entry but every layout needs one")]
    Missing(&'static str),
}

impl Layout {
    /// The embedded layout (checked by the tests, so it always parses).
    pub fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout::parse(LAYOUT_TOML).expect("the embedded layout is valid"))
    }

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
