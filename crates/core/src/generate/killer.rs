//! Killer puzzles made to order, from a full grid (the classic generator's first step):
//!
//! 1. **Cages**: the cells in random order; each cell not yet caged starts a cage of a random
//!    target size (1: 4 %, 2: 30 %, 3: 34 %, 4: 24 %, 5: 8 %, the spread of published killers),
//!    grown one random orthogonal neighbour at a time among the cells not yet caged whose digit
//!    the cage does not hold yet. Then each cage of one cell joins a neighbouring cage of at most
//!    four cells that lacks its digit, when there is one. Every cage is connected, holds different
//!    digits, and its sum is that of its digits.
//! 2. **Givens**: none when the cages alone leave one solution; otherwise CaDiCaL finds another
//!    solution, the given of a random cell where it differs is added, until the solution is
//!    unique; then each given added is taken away again, in random order, while it stays unique.
//! 3. **Merges**: the cages in random order, each tried once with a random neighbouring cage
//!    (union of at most [`MAX_MERGED`] cells, different digits): the merge is kept while the
//!    solution stays unique, until n²/3 cages are left (27 on 9×9, about what krazydad's
//!    published killers have: 3 cells a cage on average). Fewer, larger cages make a harder
//!    puzzle; merging as far as uniqueness allows gave 19 cages of up to 6 cells on seed 1, which
//!    HiGHS took 31 s to count (debug build).
//!
//! "Unique" is decided by counting up to two solutions with **two engines**, CaDiCaL ([`Sat`])
//! and propagation search ([`Propagate`]), which both read the rules; they must agree
//! ([`GenerateError::EnginesDisagree`]). A count stopped by the time limit counts as not unique,
//! so the step is undone.

use super::GenerateError;
use crate::engine::{propagate::Propagate, sat::Sat, CountEnd, Engine, Limits};
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::rules::{killer::Cage, Rule};

/// The largest cage a merge makes.
pub const MAX_MERGED: usize = 6;

/// Target cage sizes and their weights (percent).
const SIZES: [(usize, u32); 5] = [(1, 4), (2, 30), (3, 34), (4, 24), (5, 8)];

/// A killer puzzle (cages, no givens unless needed) whose only solution is `solution`, on the
/// layout of `full` (the puzzle whose givens are the whole `solution`).
pub fn killer(
    full: &Puzzle,
    solution: &Grid,
    rng: &mut fastrand::Rng,
    limits: &Limits,
) -> Result<Puzzle, GenerateError> {
    let n = full.order();
    let mut cages = partition(solution, rng);
    let rules = |cages: &[Vec<Cell>]| -> Vec<Rule> {
        cages
            .iter()
            .map(|cells| {
                let sum = cells.iter().map(|c| solution.get(*c) as i64).sum();
                Rule::Killer(Cage {
                    cells: cells.clone(),
                    sum: Some(sum),
                })
            })
            .collect()
    };
    let mut puzzle = full.clone().with_rules(rules(&cages))?;
    puzzle = fewest_givens(puzzle, solution, rng, limits)?;
    // Merges: each cage of the partition tried once, found again by its first cell.
    let mut heads: Vec<Cell> = cages.iter().map(|c| c[0]).collect();
    rng.shuffle(&mut heads);
    let fewest = n * n / 3;
    for head in heads {
        if cages.len() <= fewest {
            break;
        }
        let Some(at) = cages.iter().position(|c| c.contains(&head)) else {
            continue;
        };
        let partners = merge_partners(&cages, at, solution);
        if partners.is_empty() {
            continue;
        }
        let other = partners[rng.usize(..partners.len())];
        let mut merged = cages.clone();
        let taken = merged[other].clone();
        merged[at].extend(taken);
        merged[at].sort();
        merged.remove(other);
        let candidate = puzzle.clone().with_rules(rules(&merged))?;
        if unique(&candidate, limits)? {
            cages = merged;
            puzzle = candidate;
        }
    }
    Ok(puzzle)
}

/// The cages next to cage `at` that it may merge with: orthogonal neighbours, no digit in both,
/// at most [`MAX_MERGED`] cells together. Indices, increasing.
fn merge_partners(cages: &[Vec<Cell>], at: usize, solution: &Grid) -> Vec<usize> {
    let digits =
        |cells: &[Cell]| -> u64 { cells.iter().fold(0, |m, c| m | 1u64 << solution.get(*c)) };
    let mine = digits(&cages[at]);
    (0..cages.len())
        .filter(|&o| o != at)
        .filter(|&o| cages[at].len() + cages[o].len() <= MAX_MERGED)
        .filter(|&o| digits(&cages[o]) & mine == 0)
        .filter(|&o| {
            cages[o].iter().any(|a| {
                cages[at]
                    .iter()
                    .any(|b| crate::rules::are_neighbours(*a, *b))
            })
        })
        .collect()
}

/// A random partition of the grid into connected cages of different digits (module notes),
/// each sorted row-major, ordered by first cell.
pub fn partition(solution: &Grid, rng: &mut fastrand::Rng) -> Vec<Vec<Cell>> {
    let n = solution.n;
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for start in order {
        if owner[start].is_some() {
            continue;
        }
        let target = target_size(rng);
        let k = cages.len();
        let mut cage = vec![cell_at(start, n)];
        owner[start] = Some(k);
        while cage.len() < target {
            let options = frontier(&cage, &owner, solution, |o| o.is_none());
            if options.is_empty() {
                break;
            }
            let next = options[rng.usize(..options.len())];
            owner[next.row * n + next.col] = Some(k);
            cage.push(next);
        }
        cages.push(cage);
    }
    // Single cells join a neighbouring cage of at most four cells without their digit.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let hosts: Vec<usize> = frontier(&cages[k], &owner, solution, |_| true)
            .iter()
            .filter_map(|c| owner[c.row * n + c.col])
            .filter(|&h| h != k && (1..=4).contains(&cages[h].len()))
            .filter(|&h| {
                let d = solution.get(cages[k][0]);
                cages[h].iter().all(|c| solution.get(*c) != d)
            })
            .collect();
        if let Some(&h) = hosts.first() {
            let cell = cages[k].pop().expect("one cell");
            owner[cell.row * n + cell.col] = Some(h);
            cages[h].push(cell);
        }
    }
    let mut cages: Vec<Vec<Cell>> = cages.into_iter().filter(|c| !c.is_empty()).collect();
    for c in &mut cages {
        c.sort();
    }
    cages.sort();
    cages
}

/// The orthogonal neighbours of `cage` outside it whose owner passes `free` and whose digit the
/// cage does not hold, row-major, without repeats.
fn frontier(
    cage: &[Cell],
    owner: &[Option<usize>],
    solution: &Grid,
    free: impl Fn(Option<usize>) -> bool,
) -> Vec<Cell> {
    let n = solution.n;
    let mut out: Vec<Cell> = Vec::new();
    for c in cage {
        let (r, col) = (c.row as i64, c.col as i64);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, col + dc);
            if nr < 0 || nc < 0 || nr >= n as i64 || nc >= n as i64 {
                continue;
            }
            let next = Cell {
                row: nr as usize,
                col: nc as usize,
            };
            let digit = solution.get(next);
            if free(owner[next.row * n + next.col])
                && !cage.contains(&next)
                && cage.iter().all(|x| solution.get(*x) != digit)
                && !out.contains(&next)
            {
                out.push(next);
            }
        }
    }
    out.sort();
    out
}

fn cell_at(i: usize, n: usize) -> Cell {
    Cell {
        row: i / n,
        col: i % n,
    }
}

/// A cage size drawn from [`SIZES`].
fn target_size(rng: &mut fastrand::Rng) -> usize {
    let total: u32 = SIZES.iter().map(|s| s.1).sum();
    let mut pick = rng.u32(..total);
    for (size, weight) in SIZES {
        if pick < weight {
            return size;
        }
        pick -= weight;
    }
    SIZES[SIZES.len() - 1].0
}

/// `puzzle` (whose rules `solution` keeps) with as few givens of `solution` as keep it unique:
/// none when the rules alone do; else a few, added where another solution found by CaDiCaL
/// differs, then each taken away again, in random order, while the solution stays unique.
pub(super) fn fewest_givens(
    puzzle: Puzzle,
    solution: &Grid,
    rng: &mut fastrand::Rng,
    limits: &Limits,
) -> Result<Puzzle, GenerateError> {
    let n = puzzle.order();
    let mut puzzle = puzzle.with_givens(vec![0; n * n])?;
    let mut added = Vec::new();
    while let Some(other) = another_solution(&puzzle, solution, limits)? {
        let differ: Vec<usize> = (0..n * n)
            .filter(|&i| other.values[i] != solution.values[i])
            .collect();
        let cell = differ[rng.usize(..differ.len())];
        let mut givens = puzzle.givens().to_vec();
        givens[cell] = solution.values[cell];
        puzzle = puzzle.with_givens(givens)?;
        added.push(cell);
    }
    rng.shuffle(&mut added);
    for cell in added {
        let mut givens = puzzle.givens().to_vec();
        givens[cell] = 0;
        let fewer = puzzle.with_givens(givens)?;
        if unique(&fewer, limits)? {
            puzzle = fewer;
        }
    }
    if !unique(&puzzle, limits)? {
        return Err(GenerateError::NotUnique);
    }
    Ok(puzzle)
}

/// A solution of `puzzle` other than `solution`, found by CaDiCaL, or `None` when there is
/// none (or the time limit came first: the caller's uniqueness check then fails).
fn another_solution(
    puzzle: &Puzzle,
    solution: &Grid,
    limits: &Limits,
) -> Result<Option<Grid>, GenerateError> {
    let count = Sat.count(puzzle, 1, limits)?;
    Ok(count
        .solutions
        .into_iter()
        .chain(count.beyond)
        .find(|g| g != solution))
}

/// Whether `puzzle` has exactly one solution, by CaDiCaL and by propagation search (both count
/// up to two; they must agree). A time limit counts as not unique.
pub fn unique(puzzle: &Puzzle, limits: &Limits) -> Result<bool, GenerateError> {
    let engines: [&dyn Engine; 2] = [&Sat, &Propagate::default()];
    let mut verdicts = Vec::with_capacity(2);
    for engine in engines {
        let count = engine.count(puzzle, 1, limits)?;
        verdicts.push(match count.end {
            CountEnd::TimeLimit => return Ok(false),
            CountEnd::LimitReached => false,
            CountEnd::Complete => count.solutions.len() == 1,
        });
    }
    if verdicts[0] != verdicts[1] {
        return Err(GenerateError::EnginesDisagree);
    }
    Ok(verdicts[0])
}
