//! Making puzzles with the tool itself.
//!
//! 1. A full grid: HiGHS completes a grid whose first row is a random permutation; then random
//!    equivalence transformations (rows within a band, bands, columns within a stack, stacks)
//!    spread the randomness over the whole grid.
//! 2. Removal: the cells are visited in random order and a given is removed when the binary model
//!    with a no-good row cutting off the known solution is still infeasible, i.e. when the
//!    puzzle keeps exactly one solution. `attempts` bounds the number of such solves.

use crate::check::check;
use crate::formulation::{binary::Binary, Formulation};
use crate::puzzle::{Grid, Layout, Puzzle, PuzzleError};
use crate::solve::{solve, SolveError, SolveOptions, Status};

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    pub order: usize,
    /// Box shape (rows, cols); rows · cols = order.
    pub box_shape: (usize, usize),
    pub seed: u64,
    /// How many cells to try to remove (each try is one MILP solve).
    pub attempts: usize,
    pub solve: SolveOptions,
}

/// A generated puzzle, its solution, and whether uniqueness was proven at every step.
#[derive(Debug, Clone)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Grid,
    /// True when every removal was proven to keep a unique solution (a time limit during a
    /// uniqueness check keeps that given instead, so this stays true).
    pub unique: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error(transparent)]
    Shape(#[from] PuzzleError),
    #[error(transparent)]
    Solver(#[from] SolveError),
    #[error("HiGHS did not complete the grid ({0:?})")]
    NotCompleted(Status),
}

/// Generates a puzzle with a unique solution.
pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
    let n = options.order;
    let (rows, cols) = options.box_shape;
    let layout = Layout::Boxes { rows, cols };
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let binary = Binary { reduce: true };

    let mut first_row: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut first_row);
    let mut seed_grid = vec![0u8; n * n];
    seed_grid[..n].copy_from_slice(&first_row);
    let seeded = Puzzle::new(n, layout.clone(), false, seed_grid)?;
    let model = binary.build(&seeded);
    let outcome = solve(&model, &options.solve)?;
    let Some(values) = outcome.values else {
        return Err(GenerateError::NotCompleted(outcome.status));
    };
    let solution = shuffle_equivalent(&model.decode(&values), rows, cols, &mut rng);
    let full = Puzzle::new(n, layout.clone(), false, solution.values.clone())?;
    check(&full, &solution).expect("an equivalence transformation keeps a solution valid");

    let mut givens = solution.values.clone();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for &cell in order.iter().take(options.attempts) {
        let kept = givens[cell];
        givens[cell] = 0;
        let candidate = Puzzle::new(n, layout.clone(), false, givens.clone())?;
        let mut model = binary.build(&candidate);
        model.exclude_grid(&solution);
        if solve(&model, &options.solve)?.status != Status::Infeasible {
            givens[cell] = kept;
        }
    }
    let puzzle = Puzzle::new(n, layout, false, givens)?;
    Ok(Generated {
        puzzle,
        solution,
        unique: true,
    })
}

/// Applies random validity-preserving permutations: rows within each band, the bands, columns
/// within each stack, the stacks.
fn shuffle_equivalent(grid: &Grid, rows: usize, cols: usize, rng: &mut fastrand::Rng) -> Grid {
    let n = grid.n;
    // A band is `rows` rows (n / rows bands); a stack is `cols` columns (n / cols stacks).
    let permutation = |group: usize, groups: usize, rng: &mut fastrand::Rng| -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut order);
        order
            .into_iter()
            .flat_map(|g| {
                let mut inner: Vec<usize> = (0..group).map(|i| g * group + i).collect();
                rng.shuffle(&mut inner);
                inner
            })
            .collect()
    };
    let row_of = permutation(rows, n / rows, rng);
    let col_of = permutation(cols, n / cols, rng);
    let values = (0..n * n)
        .map(|i| grid.values[row_of[i / n] * n + col_of[i % n]])
        .collect();
    Grid { n, values }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generates_a_unique_4x4_deterministically() {
        let options = GenerateOptions {
            order: 4,
            box_shape: (2, 2),
            seed: 7,
            attempts: 16,
            solve: SolveOptions::default(),
        };
        let a = generate(&options).unwrap();
        let b = generate(&options).unwrap();
        assert_eq!(a.puzzle, b.puzzle, "same seed, same puzzle");
        assert!(a.puzzle.given_count() < 16);
        check(&a.puzzle, &a.solution).unwrap();
    }
}
