//! Maximum-weight assignment (Hungarian algorithm, shortest augmenting
//! paths with potentials, O(n²m)).

/// Best total weight of a one-to-one assignment of `rows` to `cols` with
/// non-negative weights `w(r, c)` (a pair of weight 0 is as good as leaving
/// the row unassigned), and the column chosen for each row.
pub(crate) fn max_weight_assignment(
    rows: usize,
    cols: usize,
    w: impl Fn(usize, usize) -> i64,
) -> (i64, Vec<Option<usize>>) {
    if rows == 0 || cols == 0 {
        return (0, vec![None; rows]);
    }
    if rows > cols {
        let (total, col_to_row) = solve(cols, rows, &|c, r| w(r, c));
        let mut row_to_col = vec![None; rows];
        for (c, r) in col_to_row.into_iter().enumerate() {
            if let Some(r) = r {
                row_to_col[r] = Some(c);
            }
        }
        return (total, row_to_col);
    }
    solve(rows, cols, &w)
}

/// The assignment for `rows <= cols`.
fn solve(n: usize, m: usize, w: &dyn Fn(usize, usize) -> i64) -> (i64, Vec<Option<usize>>) {
    // Minimise cost = -w. 1-based arrays as in the classic formulation.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut p = vec![0usize; m + 1]; // p[j]: row matched to column j (0 = none)
    let mut way = vec![0usize; m + 1];
    let mut minv = vec![0i64; m + 1];
    let mut used = vec![false; m + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0usize;
        minv.fill(i64::MAX);
        used.fill(false);
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0usize;
            for j in 1..=m {
                if !used[j] {
                    let cur = -w(i0 - 1, j - 1) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut row_to_col = vec![None; n];
    let mut total = 0;
    for j in 1..=m {
        if p[j] != 0 {
            row_to_col[p[j] - 1] = Some(j - 1);
            total += w(p[j] - 1, j - 1);
        }
    }
    (total, row_to_col)
}

#[cfg(test)]
mod tests {
    use super::max_weight_assignment;
    use crate::smatch::hill_climb::SplitMix64;

    fn brute(rows: usize, cols: usize, w: &[Vec<i64>]) -> i64 {
        fn go(r: usize, rows: usize, cols: usize, w: &[Vec<i64>], used: &mut Vec<bool>) -> i64 {
            if r == rows {
                return 0;
            }
            let mut best = go(r + 1, rows, cols, w, used);
            for c in 0..cols {
                if !used[c] {
                    used[c] = true;
                    best = best.max(w[r][c] + go(r + 1, rows, cols, w, used));
                    used[c] = false;
                }
            }
            best
        }
        go(0, rows, cols, w, &mut vec![false; cols])
    }

    #[test]
    fn agrees_with_brute_force() {
        let mut rng = SplitMix64::new(42);
        for _ in 0..300 {
            let rows = rng.below(6);
            let cols = rng.below(6);
            let w: Vec<Vec<i64>> = (0..rows)
                .map(|_| (0..cols).map(|_| rng.below(5) as i64).collect())
                .collect();
            let (total, assign) = max_weight_assignment(rows, cols, |r, c| w[r][c]);
            assert_eq!(total, brute(rows, cols, &w), "{w:?}");
            let mut seen = vec![false; cols];
            let mut sum = 0;
            for (r, c) in assign.iter().enumerate() {
                if let Some(c) = *c {
                    assert!(!seen[c]);
                    seen[c] = true;
                    sum += w[r][c];
                }
            }
            assert_eq!(sum, total);
        }
    }
}
