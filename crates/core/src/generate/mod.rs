//! Making puzzles with the tool itself.
//!
//! 1. A full grid: HiGHS completes a grid whose first row is a random permutation; then random
//!    equivalence transformations (rows within a band, bands, columns within a stack, stacks)
//!    spread the randomness over the whole grid.
//! 2. Removal: one binary model of the full grid, with a no-good row cutting off the known
//!    solution, is passed to HiGHS once ([`NativeLp`]). The cells are visited in random order;
//!    a given is removed by relaxing its row `x_{c,g} = 1` to `0 ≤ x_{c,g} ≤ 1`, and the removal
//!    is kept when the model stays infeasible, i.e. when the puzzle keeps exactly one solution
//!    (otherwise the row is fixed again). `attempts` bounds the number of such solves.
//!
//! With [`Variant::Killer`] step 2 is [`killer`]'s instead: cages on the full grid, then givens
//! and cages taken away while two counting engines agree the solution stays unique; with
//! [`Variant::Thermo`], [`thermo`]'s: thermometers on the full grid, then givens taken away.

pub mod exercise;
pub mod killer;
pub mod thermo;

use crate::check::check;
use crate::formulation::{binary::Binary, Formulation};
use crate::limits::Limits;
use crate::lp_interface::LpUse;
use crate::named::{impl_named_text, Named};
use crate::puzzle::{Grid, Layout, Puzzle, PuzzleError};
use crate::solve::lab_lp::NativeLp;
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
    /// The time limit of each MILP solve (and of each count of a killer's uniqueness check).
    pub limits: Limits,
    /// Which variant rules the puzzle carries.
    pub variant: Variant,
}

/// The rules a generated puzzle carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Variant {
    /// Givens only.
    #[default]
    Classic,
    /// Killer cages (and givens only when the cages need some): [`killer`].
    Killer,
    /// Thermometers and the givens they need: [`thermo`].
    Thermo,
}

/// The rules' names (`--rules`, `rules=`), through [`Named`] as every choice of the library.
impl Named for Variant {
    const WHAT: &'static str = "rules";
    fn all() -> &'static [Variant] {
        &[Variant::Classic, Variant::Killer, Variant::Thermo]
    }
    fn name(self) -> &'static str {
        match self {
            Variant::Classic => "none",
            Variant::Killer => "killer",
            Variant::Thermo => "thermo",
        }
    }
    fn about(self) -> &'static str {
        match self {
            Variant::Classic => "givens only",
            Variant::Killer => "killer cages (and givens only when the cages need some)",
            Variant::Thermo => "thermometers and the givens they need",
        }
    }
}
impl_named_text!(Variant);

/// A generated puzzle with a unique solution (a time limit during a uniqueness check keeps that
/// given), and its solution.
#[derive(Debug, Clone)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Grid,
}

#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error(transparent)]
    Shape(#[from] PuzzleError),

    #[error(transparent)]
    Solver(#[from] SolveError),
    #[error("HiGHS did not complete the grid ({0:?})")]
    NotCompleted(Status),
    #[error(transparent)]
    Engine(#[from] crate::engine::EngineError),
    /// CaDiCaL and propagation search counted different numbers of solutions: a bug.
    #[error("internal error: sat and propagate disagree on whether the puzzle is unique")]
    EnginesDisagree,
    /// The puzzle with every given added was still not unique (a time limit of the counts).
    #[error("the killer is not unique within the time limit")]
    NotUnique,
    /// The time limit of the whole search ended it (`generate --tree-nodes`).
    #[error("the time limit was reached before a puzzle with that tree was found")]
    TimeLimit,
}

/// Generates a puzzle with a unique solution.
pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
    let n = options.order;
    let (rows, cols) = options.box_shape;
    let layout = Layout::Boxes { rows, cols };
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let binary = Binary {
        reduce: true,
        ..Binary::default()
    };

    let mut first_row: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut first_row);
    let mut seed_grid = vec![0u8; n * n];
    seed_grid[..n].copy_from_slice(&first_row);
    let seeded = Puzzle::new(n, layout.clone(), false, seed_grid)?;
    let model = binary.build(&seeded);
    let outcome = solve(&model, &options.solve, &options.limits)?;
    let Some(values) = outcome.values else {
        return Err(GenerateError::NotCompleted(outcome.status));
    };
    let solution = shuffle_equivalent(&model.decode(&values), rows, cols, &mut rng);
    let full = Puzzle::new(n, layout.clone(), false, solution.values.clone())?;
    check(&full, &solution).expect("an equivalence transformation keeps a solution valid");

    let variant = match options.variant {
        Variant::Classic => None,
        Variant::Killer => Some(killer::killer(&full, &solution, &mut rng, &options.limits)?),
        Variant::Thermo => Some(thermo::thermo(&full, &solution, &mut rng, &options.limits)?),
    };
    if let Some(puzzle) = variant {
        check(&puzzle, &solution).expect("the rules are drawn on the solution");
        return Ok(Generated { puzzle, solution });
    }
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    order.truncate(options.attempts);
    let givens = remove_givens(&full, &solution, &order, options)?;
    Ok(Generated {
        puzzle: Puzzle::new(n, layout, false, givens)?,
        solution,
    })
}

/// Tries to remove the givens of `cells` in turn from the full grid `full`, keeping each removal
/// that leaves `solution` the only completion; returns the remaining givens.
fn remove_givens(
    full: &Puzzle,
    solution: &Grid,
    cells: &[usize],
    options: &GenerateOptions,
) -> Result<Vec<u8>, GenerateError> {
    let mut model = Binary {
        reduce: false,
        ..Binary::default()
    }
    .build(full);
    model.exclude_grid(solution);
    let given_rows: Vec<usize> = model
        .rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.name().starts_with("given_"))
        .map(|(i, _)| i)
        .collect();
    let mut session = NativeLp::for_use(&model, &options.solve, LpUse::Search)?;
    let mut givens = solution.values.clone();
    for &cell in cells {
        // The given rows come in row-major cell order, one per cell of the full grid.
        let row = given_rows[cell];
        session.set_row_bounds(row, 0.0, 1.0)?;
        if session.solve_milp(options.limits.time_limit)?.status == Status::Infeasible {
            givens[cell] = 0;
        } else {
            session.set_row_bounds(row, 1.0, 1.0)?;
        }
    }
    Ok(givens)
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
            limits: Limits::default(),
            variant: Variant::Classic,
        };
        let a = generate(&options).unwrap();
        let b = generate(&options).unwrap();
        assert_eq!(a.puzzle, b.puzzle, "same seed, same puzzle");
        assert!(a.puzzle.given_count() < 16);
        check(&a.puzzle, &a.solution).unwrap();
    }
}
