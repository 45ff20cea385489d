//! Reads `data/signatures.toml` and writes, into `OUT_DIR`:
//! - `signatures.rs`: the `SIGNATURES` table `signature.rs` serves, its
//!   `MAX_ARITY`, and
//!   `PrimitiveKind`, one variant per entry of the table, to dispatch on;
//! - `calls.rs`: one type per primitive (`Bake`), implementing
//!   `call::Primitive`, and one module of argument constants per primitive
//!   (`bake::THING_TO_BAKE: Role<Bake>`), so that naming an argument a
//!   primitive lacks fails to build.

use std::fmt::Write as _;
use std::path::PathBuf;

use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    primitive: Vec<Primitive>,
}

#[derive(Deserialize)]
struct Primitive {
    name: String,
    #[serde(default)]
    legacy: bool,
    args: Vec<(String, String)>,
    cases: Vec<Vec<String>>,
}

fn camel(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn snake(name: &str) -> String {
    name.replace('-', "_")
}

fn main() {
    let path = "data/signatures.toml";
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).expect("data/signatures.toml is readable");
    let file: File = toml::from_str(&text).expect("data/signatures.toml is valid");
    let legacy: Vec<String> = file
        .primitive
        .iter()
        .filter(|p| p.legacy)
        .map(|p| format!("`{}`", p.name))
        .collect();
    let legacy_text = if legacy.is_empty() {
        String::new()
    } else {
        format!(
            "\n/// and the legacy forms of {} (only old networks use them)",
            legacy.join(", ")
        )
    };
    let mut table = format!(
        "/// Every primitive's signature, in the order of `data/signatures.toml`:\n\
         /// {} current forms{legacy_text}.\n\
         /// [`PrimitiveKind`] numbers the entries; [`signature`] looks one up by name.\n\
         pub static SIGNATURES: &[Signature] = &[\n",
        file.primitive.len() - legacy.len(),
    );
    let mut calls = String::new();
    let mut kinds = String::new();
    for (index, p) in file.primitive.iter().enumerate() {
        for case in &p.cases {
            for arg in case {
                assert!(
                    p.args.iter().any(|(a, _)| a == arg),
                    "{}: case names `{arg}`, which is no argument",
                    p.name
                );
            }
        }
        let args: Vec<String> = p
            .args
            .iter()
            .map(|(a, t)| format!("ArgSpec::new({a:?}, {t:?})"))
            .collect();
        let cases: Vec<String> = p.cases.iter().map(|c| format!("&{c:?}")).collect();
        let position = |name: &str| p.args.iter().position(|(a, _)| a == name);
        let masks: Vec<String> = p
            .cases
            .iter()
            .map(|c| {
                let mask: u32 = c.iter().map(|a| 1u32 << position(a).unwrap()).sum();
                mask.to_string()
            })
            .collect();
        // Each argument's role, as `Signature::role` tells it.
        let (ks_in, ks_out) = (position("kitchen-state-in"), position("kitchen-state-out"));
        let roles: Vec<&str> = (0..p.args.len())
            .map(|i| {
                if ks_in == Some(i) {
                    return "KitchenStateIn";
                }
                if ks_out == Some(i) {
                    return "KitchenStateOut";
                }
                let bound_in = p
                    .cases
                    .iter()
                    .filter(|c| c.iter().any(|a| position(a) == Some(i)))
                    .count();
                match bound_in {
                    0 => "Output",
                    n if n == p.cases.len() => "Input",
                    _ => "Optional",
                }
            })
            .collect();
        let role_words: Vec<&str> = roles
            .iter()
            .map(|r| match *r {
                "KitchenStateIn" => "the kitchen state it starts from",
                "KitchenStateOut" => "the kitchen state it makes",
                "Output" => "an output it binds",
                "Input" => "an input every case needs",
                _ => "an optional input, defaulted when left unbound",
            })
            .collect();
        let roles: Vec<String> = roles.iter().map(|r| format!("ArgRole::{r}")).collect();
        let suffix = if p.legacy { "-legacy" } else { "" };
        let ty = camel(&format!("{}{suffix}", p.name));
        writeln!(
            table,
            "    Signature {{ name: {:?}, args: &[{}], cases: &[{}], legacy: {}, kind: PrimitiveKind::{ty}, \
             masks: &[{}], ks_in: {:?}, ks_out: {:?}, roles: &[{}] }},",
            p.name,
            args.join(", "),
            cases.join(", "),
            p.legacy,
            masks.join(", "),
            ks_in,
            ks_out,
            roles.join(", "),
        )
        .unwrap();
        let form = if p.legacy { " (its legacy form)" } else { "" };
        let module = snake(&format!("{}{suffix}", p.name));
        writeln!(
            kinds,
            "    /// `{}`{form}, entry {index} of [`SIGNATURES`].\n    {ty} = {index},",
            p.name
        )
        .unwrap();
        writeln!(
            calls,
            "/// The primitive `{}`{form} as a type: `Call<{ty}>` builds its actions,\n\
             /// and the {} constants of [`{module}`](mod@{module}) name its arguments.\n\
             #[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub struct {ty};\n\
             impl Primitive for {ty} {{\n    const INDEX: usize = {index};\n    \
             const KIND: PrimitiveKind = PrimitiveKind::{ty};\n}}\n",
            p.name,
            p.args.len()
        )
        .unwrap();
        writeln!(
            calls,
            "/// The arguments of `{}`{form}, in the signature's order.\npub mod {module} {{",
            p.name
        )
        .unwrap();
        writeln!(calls, "    use super::{{Role, {ty}}};").unwrap();
        for (i, (a, t)) in p.args.iter().enumerate() {
            writeln!(
                calls,
                "    /// `{a}` (position {i}, class `{t}`): {}.\n    pub const {}: Role<{ty}> = Role::at({i});",
                role_words[i],
                snake(a).to_uppercase()
            )
            .unwrap();
        }
        writeln!(calls, "}}\n").unwrap();
    }
    table.push_str("];\n\n");
    let max_arity = file
        .primitive
        .iter()
        .map(|p| p.args.len())
        .max()
        .unwrap_or(0);
    table.push_str(&format!(
        "/// The most arguments any primitive takes.\npub const MAX_ARITY: usize = {max_arity};\n\n"
    ));
    let n = file.primitive.len();
    write!(
        table,
        "/// Which primitive a signature is: one variant per entry of [`SIGNATURES`]\n\
         /// (the legacy `cut` included), numbered by its position there.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum PrimitiveKind {{\n{kinds}}}\n\n\
         impl PrimitiveKind {{\n    \
         /// Every primitive, in the table's order.\n    \
         pub const ALL: [PrimitiveKind; {n}] = [{}];\n}}\n",
        file.primitive
            .iter()
            .map(|p| format!(
                "PrimitiveKind::{}",
                camel(&format!(
                    "{}{}",
                    p.name,
                    if p.legacy { "-legacy" } else { "" }
                ))
            ))
            .collect::<Vec<_>>()
            .join(", ")
    )
    .unwrap();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("signatures.rs"), table).expect("OUT_DIR is writable");
    std::fs::write(out.join("calls.rs"), calls).expect("OUT_DIR is writable");
}
