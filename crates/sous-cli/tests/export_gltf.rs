//! `sous run --mode quantitative --export-gltf DIR` and `--render DIR`: one
//! file per step, named after the recipe.

mod common;

use std::path::PathBuf;

const NETWORK: &str = "#tiny-sugar
(get-kitchen ?kitchen)
(fetch-and-proportion ?sugar ?ks-with-sugar ?kitchen ?bowl white-sugar 120 g)
";

/// A fresh directory for one test (removed first if a crashed run left it).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sous-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The JSON chunk of a GLB file.
fn glb_json(glb: &[u8]) -> serde_json::Value {
    assert_eq!(&glb[0..4], b"glTF");
    assert_eq!(u32::from_le_bytes(glb[4..8].try_into().unwrap()), 2);
    assert_eq!(
        u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize,
        glb.len()
    );
    let n = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
    assert_eq!(&glb[16..20], b"JSON");
    serde_json::from_slice(&glb[20..20 + n]).unwrap()
}

#[test]
fn export_gltf_writes_one_glb_per_step_with_the_poured_sugar() {
    let dir = scratch("glb");
    let file = dir.join("tiny.solution");
    std::fs::write(&file, NETWORK).unwrap();
    let out_dir = dir.join("out");
    let png_dir = dir.join("png");
    let out = common::sous(&[
        "run",
        "--mode",
        "quantitative",
        "--export-gltf",
        out_dir.to_str().unwrap(),
        "--render",
        png_dir.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let names = |step: &str| -> Vec<String> {
        let glb = std::fs::read(out_dir.join(format!("tiny-sugar-step-{step}.glb"))).unwrap();
        glb_json(&glb)["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["name"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let (first, second) = (names("01"), names("02"));
    assert!(first.iter().any(|n| n == "place-oven"), "{first:?}");
    let sugar = |v: &[String]| {
        v.iter()
            .filter(|n| n.starts_with("white-sugar-") && n.contains("-(particles)"))
            .count()
    };
    assert!(
        sugar(&second) > sugar(&first),
        "the proportioned sugar is a new particle node"
    );
    for step in ["01", "02"] {
        let png = std::fs::read(png_dir.join(format!("tiny-sugar-step-{step}.png"))).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
    assert!(!out_dir.join("tiny-sugar-step-03.glb").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_gltf_needs_the_quantitative_mode() {
    let dir = scratch("qualitative");
    let file = dir.join("tiny.solution");
    std::fs::write(&file, NETWORK).unwrap();
    let out_dir = dir.join("out");
    let out = common::sous(&[
        "run",
        "--export-gltf",
        out_dir.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("--mode quantitative"), "{}", out.stderr);
    assert!(!out_dir.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
