//! Random valid puzzles for the property tests: an order and box shape, a solved grid, givens
//! taken from it, and (when asked) the variant parts the writers carry: diagonals, irregular
//! regions, killer cages whose sums the solved grid makes.
//!
//! The solved grid of boxes `rows × cols` is the pattern `v(r, c) = (cols·(r mod rows) +
//! ⌊r / rows⌋ + c) mod n + 1` (each row, column and box holds every value) with its digits,
//! its rows inside each band, its bands, its columns inside each stack and its stacks permuted
//! at random: each step keeps every house complete. With diagonals the grid comes from the
//! propagation engine on the empty diagonal puzzle, digits permuted (which keeps diagonals).

use fastrand::Rng;
use proptest::prelude::*;
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::{Engine, Limits};
use sudoku_ilp::puzzle::{Cell, Layout, Puzzle};
use sudoku_ilp::rules::{killer::Cage, Rule};

/// Box shapes (rows, cols) of orders 4 to 16, rectangular ones both ways.
pub const SHAPES: [(usize, usize); 9] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
];

/// What may be added to the classic rules.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Variants {
    /// Both main diagonals as houses (orders 4, 6 and 9 only: the engine that fills the grid is
    /// quick there).
    pub diagonals: bool,
    /// The boxes given as irregular regions (`"regions"` in JSON).
    pub regions: bool,
    /// Killer cages (horizontal dominoes with the solved grid's sums).
    pub cages: bool,
}

impl Variants {
    pub const NONE: Variants = Variants {
        diagonals: false,
        regions: false,
        cages: false,
    };
    pub const ALL: Variants = Variants {
        diagonals: true,
        regions: true,
        cages: true,
    };
}

/// A random puzzle with the solved grid its givens come from.
#[derive(Debug, Clone)]
pub struct RandomPuzzle {
    pub puzzle: Puzzle,
    /// Box rows × columns (the regions' shape when the layout is irregular).
    pub box_shape: (usize, usize),
    /// A solution, row-major (the puzzle may have others).
    pub solution: Vec<u8>,
}

/// Random puzzles of the shapes whose order is at most `max_order`, with at least `min_givens`
/// (a fraction) of the cells given, and the `allowed` variants each drawn at random.
pub fn random_puzzles(
    max_order: usize,
    min_givens: f64,
    allowed: Variants,
) -> impl Strategy<Value = RandomPuzzle> {
    let shapes: Vec<(usize, usize)> = SHAPES
        .into_iter()
        .filter(|(r, c)| r * c <= max_order)
        .collect();
    (
        prop::sample::select(shapes),
        min_givens..1.0f64,
        any::<u64>(),
    )
        .prop_map(move |(shape, density, seed)| {
            random_puzzle(shape, density, allowed, &mut Rng::with_seed(seed))
        })
}

fn random_puzzle(
    (rows, cols): (usize, usize),
    density: f64,
    allowed: Variants,
    rng: &mut Rng,
) -> RandomPuzzle {
    let n = rows * cols;
    let diagonals = allowed.diagonals && [4, 6, 9].contains(&n) && rng.f64() < 0.3;
    let solution = if diagonals {
        diagonal_grid(rows, cols, rng)
    } else {
        boxed_grid(rows, cols, rng)
    };
    let givens: Vec<u8> = solution
        .iter()
        .map(|&v| if rng.f64() < density { v } else { 0 })
        .collect();
    let box_id = |i: usize| (i / n / rows) * rows + (i % n) / cols;
    let layout = if allowed.regions && rng.f64() < 0.3 {
        let mut labels: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut labels);
        Layout::Regions((0..n * n).map(|i| labels[box_id(i)]).collect())
    } else {
        Layout::Boxes { rows, cols }
    };
    let mut puzzle = Puzzle::new(n, layout, diagonals, givens).expect("givens of a solved grid");
    if allowed.cages && rng.f64() < 0.3 {
        let mut cage_rows: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut cage_rows);
        let cages = cage_rows[..rng.usize(1..=3)].iter().map(|&row| {
            let col = rng.usize(0..n - 1);
            let cells = vec![Cell { row, col }, Cell { row, col: col + 1 }];
            let sum = cells
                .iter()
                .map(|c| i64::from(solution[c.row * n + c.col]))
                .sum();
            Rule::Killer(Cage {
                cells,
                sum: Some(sum),
            })
        });
        puzzle = puzzle
            .with_rules(cages.collect())
            .expect("cages of the solved grid");
    }
    RandomPuzzle {
        puzzle,
        box_shape: (rows, cols),
        solution,
    }
}

/// The pattern grid with digits, rows in bands, bands, columns in stacks and stacks permuted.
fn boxed_grid(rows: usize, cols: usize, rng: &mut Rng) -> Vec<u8> {
    let n = rows * cols;
    // Rows: `cols` bands of `rows` rows; columns: `rows` stacks of `cols` columns.
    let row_order = grouped_permutation(cols, rows, rng);
    let col_order = grouped_permutation(rows, cols, rng);
    let digits = digit_permutation(n, rng);
    let mut grid = vec![0u8; n * n];
    for (r, &pr) in row_order.iter().enumerate() {
        for (c, &pc) in col_order.iter().enumerate() {
            let v = (cols * (pr % rows) + pr / rows + pc) % n;
            grid[r * n + c] = digits[v];
        }
    }
    grid
}

/// A permutation of `groups · size` indices that moves whole groups and indices inside them.
fn grouped_permutation(groups: usize, size: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut order);
    order
        .into_iter()
        .flat_map(|g| {
            let mut inside: Vec<usize> = (g * size..(g + 1) * size).collect();
            rng.shuffle(&mut inside);
            inside
        })
        .collect()
}

/// Values 1..n in random order (index v is the new value of pattern value v, 0-based).
fn digit_permutation(n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    digits
}

/// A solved diagonal grid: the propagation engine on the empty diagonal puzzle, digits permuted.
fn diagonal_grid(rows: usize, cols: usize, rng: &mut Rng) -> Vec<u8> {
    let n = rows * cols;
    let empty = Puzzle::new(n, Layout::Boxes { rows, cols }, true, vec![0; n * n]).unwrap();
    let solution = Propagate::default()
        .solve(&empty, &Limits::default())
        .unwrap();
    let grid = solution
        .grid
        .expect("an empty diagonal grid has a solution");
    let digits = digit_permutation(n, rng);
    grid.values
        .iter()
        .map(|&v| digits[v as usize - 1])
        .collect()
}
