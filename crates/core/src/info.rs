//! Sizes of every model of an empty n×n grid, computed from the built models and the puzzle's
//! houses rather than from formulas (`sudoku-ilp info`).
//!
//! - binary model: n³ variables x_rcv and 4n² equations (one per cell, and one per house and
//!   value); the rank of that 0/1 equality system (249 for 9×9, seed 004) by Gaussian
//!   elimination modulo the prime p = 2⁶¹ − 1, which equals the rank over the rationals unless
//!   p divides every maximal non-zero minor;
//! - natural model (textbook and strengthened): variables, rows, nonzeros as built;
//! - CNF (seed 001): n³ variables and the rule clauses;
//! - graph (seed 004): n² vertices, an edge between two cells sharing a house, each vertex of
//!   degree 2(n−1) + (r−1)(c−1) with boxes r×c, and the houses as cliques (3n).

use crate::export::{cnf, linear, ExportError};
use crate::formulation::{binary::Binary, natural::Natural, Formulation, ModelSize, Sense};
use crate::puzzle::{Layout, Puzzle, PuzzleError};

/// The largest order whose rank `info` computes (the elimination costs about 4n²·rank·n³).
pub const MAX_RANK_ORDER: usize = 16;

/// What `info` reports for one shape.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Info {
    pub order: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    pub binary: ModelSize,
    /// Equality rows of the binary model.
    pub binary_equations: usize,
    /// Rank of the binary model's equality system (`None` above [`MAX_RANK_ORDER`]).
    pub binary_rank: Option<usize>,
    pub natural: ModelSize,
    pub natural_strong: ModelSize,
    pub cnf_variables: usize,
    pub cnf_clauses: usize,
    pub graph_vertices: usize,
    /// Every vertex's degree, when all are equal (as with boxes).
    pub graph_degree: Option<usize>,
    pub graph_edges: usize,
    pub graph_cliques: usize,
}

/// Why the sizes cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InfoError {
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// Computes the sizes for an empty grid of order n with boxes `rows × cols`.
pub fn info(n: usize, rows: usize, cols: usize) -> Result<Info, InfoError> {
    let puzzle = Puzzle::new(n, Layout::Boxes { rows, cols }, false, vec![0; n * n])?;
    let model = Binary::default().build(&puzzle);
    let lin = linear(&model)?;
    let equations: Vec<Vec<usize>> = lin
        .rows
        .iter()
        .filter(|r| r.sense == Sense::Eq)
        .map(|r| r.terms.iter().map(|&(j, _)| j).collect())
        .collect();
    let binary_rank = (n <= MAX_RANK_ORDER).then(|| rank_mod_p(&equations, lin.columns.len()));
    let mut degrees: Vec<usize> = puzzle.cells().map(|c| puzzle.peers(c).len()).collect();
    let graph_edges = degrees.iter().sum::<usize>() / 2;
    degrees.dedup();
    Ok(Info {
        order: n,
        box_rows: rows,
        box_cols: cols,
        binary: model.size(),
        binary_equations: equations.len(),
        binary_rank,
        natural: Natural::default().build(&puzzle).size(),
        natural_strong: Natural::strengthened().build(&puzzle).size(),
        cnf_variables: n * n * n,
        cnf_clauses: cnf::clauses(&puzzle).len(),
        graph_vertices: n * n,
        graph_degree: (degrees.len() == 1).then(|| degrees[0]),
        graph_edges,
        graph_cliques: puzzle.houses().len(),
    })
}

/// 2⁶¹ − 1, a Mersenne prime.
const P: u128 = (1 << 61) - 1;

fn inverse(a: u128) -> u128 {
    // a^(p−2) mod p (Fermat).
    let (mut base, mut exp, mut acc) = (a % P, P - 2, 1u128);
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc * base % P;
        }
        base = base * base % P;
        exp >>= 1;
    }
    acc
}

/// The rank modulo p of a 0/1 matrix given as the column indices of each row's ones.
///
/// ```
/// use sudoku_ilp::info::rank_mod_p;
/// // x + y, y + z, x + 2y + z (= the sum of the first two): rank 2.
/// assert_eq!(rank_mod_p(&[vec![0, 1], vec![1, 2]], 3), 2);
/// assert_eq!(rank_mod_p(&[vec![0, 1], vec![1, 2], vec![0, 1], vec![]], 3), 2);
/// ```
pub fn rank_mod_p(rows: &[Vec<usize>], columns: usize) -> usize {
    let mut matrix: Vec<Vec<u128>> = rows
        .iter()
        .map(|ones| {
            let mut row = vec![0u128; columns];
            for &j in ones {
                row[j] = 1;
            }
            row
        })
        .collect();
    let mut rank = 0;
    for col in 0..columns {
        let Some(pivot) = (rank..matrix.len()).find(|&i| matrix[i][col] != 0) else {
            continue;
        };
        matrix.swap(rank, pivot);
        let inv = inverse(matrix[rank][col]);
        let pivot_row: Vec<u128> = matrix[rank].iter().map(|&a| a * inv % P).collect();
        for row in matrix.iter_mut().skip(rank + 1) {
            let f = row[col];
            if f == 0 {
                continue;
            }
            for (a, &b) in row.iter_mut().zip(&pivot_row).skip(col) {
                *a = (*a + P - f * b % P) % P;
            }
        }
        matrix[rank] = pivot_row;
        rank += 1;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_matches_seed_004() {
        let i = info(9, 3, 3).unwrap();
        assert_eq!(i.binary.variables, 729);
        assert_eq!(i.binary_equations, 324);
        assert_eq!(i.binary_rank, Some(249));
        assert_eq!((i.cnf_variables, i.cnf_clauses), (729, 11_988));
        assert_eq!(
            (i.graph_vertices, i.graph_degree, i.graph_edges),
            (81, Some(20), 810)
        );
        assert_eq!(i.graph_cliques, 27);
    }

    #[test]
    fn degree_formula_for_rectangular_boxes() {
        for (n, r, c) in [(4, 2, 2), (6, 2, 3), (6, 3, 2), (8, 2, 4), (12, 3, 4)] {
            let i = info(n, r, c).unwrap();
            let degree = 2 * (n - 1) + (r - 1) * (c - 1);
            assert_eq!(i.graph_degree, Some(degree), "{n} {r}x{c}");
            assert_eq!(i.graph_edges, n * n * degree / 2);
            assert_eq!(i.binary_equations, 4 * n * n);
            assert_eq!(i.graph_cliques, 3 * n);
        }
        // Square boxes k×k: N(k) = 3k² − 2k − 1.
        for k in 2..=4 {
            let i = info(k * k, k, k).unwrap();
            assert_eq!(i.graph_degree, Some(3 * k * k - 2 * k - 1));
        }
    }
}
