//! Test data for the simulator tests.
#![allow(dead_code)]

pub use sous_testdata::*;

/// (file stem, current time, 2023 time) for the 30 gold networks.
pub fn expected_times() -> Vec<(String, f64, f64)> {
    include_str!("../fixtures/gold-execution-times.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}
