//! Equivalence transformations (seed 004): relabelling the digits, swapping rows inside a band,
//! columns inside a stack, bands, stacks, transposing, rotating, reflecting. A transformed puzzle
//! has the transformed solutions, as many as the original: checked with proptest on random
//! compositions of transformations (few cases: each is a MILP solve or count), and once per
//! kind of transformation. The library runs in-process, one HiGHS model at a time (docs/highs.md).

use crate::common::{highs_lock, seed_givens};
use proptest::prelude::*;
use std::collections::BTreeSet;
use sudoku_ilp::engine::milp::{run, Presolve};
use sudoku_ilp::formulation::binary::Binary;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::solve::count::{count, CountEnd};
use sudoku_ilp::solve::{SolveOptions, Status};

/// One elementary transformation of a 9×9 grid (indices 0-based).
#[derive(Debug, Clone)]
enum Op {
    /// Digit v becomes `perm[v − 1]`.
    Relabel(Vec<u8>),
    /// Swap rows 3b + i and 3b + j.
    RowsInBand(usize, usize, usize),
    /// Swap columns 3s + i and 3s + j.
    ColsInStack(usize, usize, usize),
    Bands(usize, usize),
    Stacks(usize, usize),
    Transpose,
    /// A quarter turn clockwise.
    Rotate,
    /// Left–right mirror.
    Reflect,
}

impl Op {
    /// The cell whose value lands on (r, c).
    fn source(&self, r: usize, c: usize) -> (usize, usize) {
        let swap = |x: usize, a: usize, b: usize| match x {
            x if x == a => b,
            x if x == b => a,
            x => x,
        };
        let swap_group = |x: usize, a: usize, b: usize| {
            let g = swap(x / 3, a, b);
            3 * g + x % 3
        };
        match *self {
            Op::Relabel(_) => (r, c),
            Op::RowsInBand(b, i, j) => (swap(r, 3 * b + i, 3 * b + j), c),
            Op::ColsInStack(s, i, j) => (r, swap(c, 3 * s + i, 3 * s + j)),
            Op::Bands(a, b) => (swap_group(r, a, b), c),
            Op::Stacks(a, b) => (r, swap_group(c, a, b)),
            Op::Transpose => (c, r),
            // new[r][c] = old[8 − c][r]
            Op::Rotate => (8 - c, r),
            Op::Reflect => (r, 8 - c),
        }
    }

    fn apply(&self, grid: &[u8]) -> Vec<u8> {
        (0..81)
            .map(|i| {
                let (r, c) = self.source(i / 9, i % 9);
                let v = grid[r * 9 + c];
                match (self, v) {
                    (Op::Relabel(perm), v) if v > 0 => perm[v as usize - 1],
                    _ => v,
                }
            })
            .collect()
    }
}

fn apply_all(ops: &[Op], grid: &[u8]) -> Vec<u8> {
    ops.iter().fold(grid.to_vec(), |g, op| op.apply(&g))
}

fn op_strategy() -> impl Strategy<Value = Op> {
    let pair = (0usize..3, 0usize..3);
    prop_oneof![
        Just((1..=9u8).collect::<Vec<u8>>())
            .prop_shuffle()
            .prop_map(Op::Relabel),
        (0usize..3, pair.clone()).prop_map(|(b, (i, j))| Op::RowsInBand(b, i, j)),
        (0usize..3, pair.clone()).prop_map(|(s, (i, j))| Op::ColsInStack(s, i, j)),
        pair.clone().prop_map(|(a, b)| Op::Bands(a, b)),
        pair.prop_map(|(a, b)| Op::Stacks(a, b)),
        Just(Op::Transpose),
        Just(Op::Rotate),
        Just(Op::Reflect),
    ]
}

/// The givens of a seed JSON grid, as the library's grids hold them.
fn seed(name: &str) -> Vec<u8> {
    seed_givens(name).into_iter().map(|v| v as u8).collect()
}

/// The sorted set of all solutions (at most 100) of a 9×9 grid, by the library's count.
fn all_solutions(givens: &[u8], reduce: bool) -> BTreeSet<Vec<u8>> {
    let _guard = highs_lock();
    let puzzle = Puzzle::with_square_boxes(9, givens.to_vec()).unwrap();
    let counted = count(
        &puzzle,
        &Binary {
            reduce,
            ..Binary::default()
        },
        100,
        &SolveOptions::default(),
        &Default::default(),
    )
    .unwrap();
    assert_eq!(counted.end, CountEnd::Complete);
    counted.solutions.into_iter().map(|g| g.values).collect()
}

/// The one solution HiGHS returns (or None when infeasible).
fn solve(givens: &[u8], reduce: bool) -> Option<Vec<u8>> {
    let _guard = highs_lock();
    let puzzle = Puzzle::with_square_boxes(9, givens.to_vec()).unwrap();
    let report = run(
        &puzzle,
        &Binary {
            reduce,
            ..Binary::default()
        },
        &SolveOptions::default(),
        &Default::default(),
        Presolve::None,
    )
    .unwrap();
    match report.status {
        Status::Solved => Some(report.grid.unwrap().values),
        Status::Infeasible => None,
        Status::TimeLimit => panic!("a 9×9 seed grid hit the time limit"),
    }
}

/// Every kind of transformation once, on the grid with four solutions: the four transformed
/// solutions are exactly the transformed grid's solutions.
#[test]
fn each_transformation_maps_solutions_to_solutions() {
    let four = seed("seed004_four_solutions_9x9.json");
    let original = all_solutions(&four, false);
    assert_eq!(original.len(), 4);
    let ops = [
        Op::Relabel(vec![3, 1, 2, 9, 8, 7, 4, 6, 5]),
        Op::RowsInBand(1, 0, 2),
        Op::ColsInStack(2, 1, 2),
        Op::Bands(0, 2),
        Op::Stacks(0, 1),
        Op::Transpose,
        Op::Rotate,
        Op::Reflect,
    ];
    for op in ops {
        let moved = op.apply(&four);
        assert_ne!(moved, four, "{op:?} changes the grid");
        let expected: BTreeSet<Vec<u8>> = original.iter().map(|g| op.apply(g)).collect();
        for g in &expected {
            assert!(
                crate::common::is_solution(
                    &moved.iter().map(|&v| v as u32).collect::<Vec<_>>(),
                    &g.iter().map(|&v| v as u32).collect::<Vec<_>>(),
                    3,
                    3
                ),
                "{op:?}: a transformed solution solves the transformed grid"
            );
        }
        assert_eq!(all_solutions(&moved, false), expected, "{op:?}");
    }
}

#[test]
fn four_rotations_and_two_transpositions_are_the_identity() {
    let g = seed("seed004_unique_9x9.json");
    assert_eq!(
        apply_all(&[Op::Rotate, Op::Rotate, Op::Rotate, Op::Rotate], &g),
        g
    );
    assert_eq!(apply_all(&[Op::Transpose, Op::Transpose], &g), g);
    assert_eq!(apply_all(&[Op::Reflect, Op::Reflect], &g), g);
    assert_ne!(apply_all(&[Op::Rotate], &g), g);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// A unique grid: the transformed puzzle's solution is the transformed solution.
    #[test]
    fn transformed_unique_grid_has_the_transformed_solution(
        ops in prop::collection::vec(op_strategy(), 1..6),
        reduce in any::<bool>(),
    ) {
        let puzzle = seed("seed004_unique_9x9.json");
        let solution = solve(&puzzle, reduce).expect("the seed grid is solvable");
        let moved = apply_all(&ops, &puzzle);
        prop_assert_eq!(solve(&moved, reduce), Some(apply_all(&ops, &solution)));
        prop_assert_eq!(all_solutions(&moved, reduce).len(), 1);
    }

    /// Grids with two and four solutions keep their counts and map their solution sets; the grid
    /// with none stays without.
    #[test]
    fn transformed_grids_keep_their_counts(
        ops in prop::collection::vec(op_strategy(), 1..6),
        which in 0usize..3,
    ) {
        let name = [
            "seed004_two_solutions_9x9.json",
            "seed004_four_solutions_9x9.json",
            "seed004_no_solution_9x9.json",
        ][which];
        let puzzle = seed(name);
        let original = all_solutions(&puzzle, false);
        prop_assert_eq!(original.len(), [2, 4, 0][which]);
        let moved = apply_all(&ops, &puzzle);
        let expected: BTreeSet<Vec<u8>> = original.iter().map(|g| apply_all(&ops, g)).collect();
        prop_assert_eq!(all_solutions(&moved, false), expected);
    }
}
