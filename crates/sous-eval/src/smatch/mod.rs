//! Smatch between two recipe networks, as the benchmark computes it.
