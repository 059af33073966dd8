//! The candidate grid: what unit propagation leaves in every cell. Each cell has a candidate
//! bitset (bit v−1 = value v); a [`State`] places a value ([`State::assign`]), removes values
//! ([`State::remove`]) and propagates to a fixpoint ([`State::propagate`]): naked and hidden
//! singles on the houses, and the propagators of the primitives ([`propagators`]), which remove
//! a value only when no solution of that primitive takes it. Its trail undoes any step back to
//! a mark ([`State::mark`], [`State::undo`]).
//!
//! The propagation engine searches on it, the MILP presolve and `lp-bb` start from it, and the
//! hint techniques read it. The fixed structure of a grid (houses, peers, propagators) is a
//! [`Shape`], built once per puzzle and primitive list.
//!
//! ```
//! use sudoku_ilp::engine::candidates::{Shape, State};
//! use sudoku_ilp::puzzle::Puzzle;
//! let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]).unwrap();
//! let shape = Shape::new(&p);
//! let mut grid = State::from_givens(&shape, p.givens());
//! grid.propagate().unwrap();
//! assert_eq!(grid.cand(1), 0b1110); // r1c2: not 1
//! let mark = grid.mark();
//! grid.assign(1, 0b0010); // r1c2 = 2
//! grid.propagate().unwrap();
//! assert_eq!(grid.cand(2) & 0b0010, 0); // r1c3 can no longer hold 2
//! grid.undo(mark);
//! assert_eq!(grid.cand(2), 0b1110);
//! ```

mod propagators;
mod state;

pub(crate) use propagators::{has_distinct_sums, sightline_support};
pub use state::{Conflict, Shape, State};

use crate::puzzle::Puzzle;
use crate::rules::Primitive;

/// The candidates unit propagation (with the propagators of `primitives`, usually the puzzle's
/// own, with or without its implied sums) leaves in every cell of `puzzle`, row-major, as bit
/// sets (bit v−1 = value v), or `None` when it derives the empty clause. A cell with one
/// candidate is forced; every value left out is impossible in every solution, so a model may
/// leave out its column.
pub fn candidates_with(puzzle: &Puzzle, primitives: &[Primitive]) -> Option<Vec<u64>> {
    let shape = Shape::with_primitives(puzzle, primitives);
    let mut state = State::from_givens(&shape, puzzle.givens());
    state.propagate().ok()?;
    Some((0..state.cells()).map(|i| state.cand(i)).collect())
}

/// For each cell (row-major), the indices of its houses, and for each house its cells' indices:
/// the puzzle's [`crate::layout_index::LayoutIndex`].
pub(crate) fn house_index(puzzle: &crate::puzzle::Puzzle) -> (&[Vec<usize>], &[Vec<usize>]) {
    let index = puzzle.index();
    (&index.houses_of, &index.cells_of)
}

/// How many open cells an implied sum may cover in the propagation search's primitives and the
/// lab loop's propagation hook ([`crate::engine::propagate`] says why 5).
pub(crate) const SEARCH_IMPLIED_CELLS: usize = 5;
