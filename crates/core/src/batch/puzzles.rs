//! A batch of puzzles already read (the Python package's `batch`): the same engine on every
//! puzzle, on a fixed set of worker threads that live for the whole call (one HiGHS model per
//! thread at a time: DESIGN's thread rules), results in input order.

use crate::engine::{Engine, EngineError, Limits, Solution};
use crate::puzzle::Puzzle;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Solves every puzzle with `engine` within `limits` on up to `jobs` threads; the results in
/// the order of `puzzles`.
///
/// ```
/// use sudoku_ilp::{batch::solve_puzzles, engine::{backtrack::Backtrack, Limits}, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let solved = solve_puzzles(&Backtrack, &[p.clone(), p], &Limits::default(), 2);
/// assert!(solved.iter().all(|s| s.as_ref().unwrap().grid.is_some()));
/// ```
pub fn solve_puzzles<P: AsRef<Puzzle> + Sync>(
    engine: &dyn Engine,
    puzzles: &[P],
    limits: &Limits,
    jobs: usize,
) -> Vec<Result<Solution, EngineError>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Solution, EngineError>>>> =
        Mutex::new(vec![None; puzzles.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(puzzles.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(puzzle) = puzzles.get(i) else {
                    break;
                };
                let solved = engine.solve(puzzle.as_ref(), limits);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(solved);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every index was solved by a worker"))
        .collect()
}
