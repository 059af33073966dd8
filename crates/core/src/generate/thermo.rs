//! Thermometer puzzles made to order, from a full grid (the classic generator's first step):
//!
//! 1. **Thermometers**: up to [`TRIES`] tries, until there are [`COUNT`]; each starts at a random cell on no thermometer
//!    yet and walks to a random neighbour (orthogonal or diagonal) on no thermometer whose digit
//!    is larger, up to [`LONGEST`] cells; walks of fewer than 3 cells are dropped. Each is a
//!    thermometer of the solution (digits strictly increase from the bulb).
//! 2. **Givens**: as for killers ([`super::killer::fewest_givens`]): none when the
//!    thermometers alone leave one solution, else a few, then each taken away again while the
//!    solution stays unique (sat and propagate must both count one).

use super::killer::fewest_givens;
use super::GenerateError;
use crate::engine::Limits;
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::rules::{thermometer::Thermometer, Rule};

/// Tries at a thermometer.
pub const TRIES: usize = 40;
/// The most thermometers drawn.
pub const COUNT: usize = 12;
/// The longest thermometer drawn.
pub const LONGEST: usize = 6;

/// A thermometer puzzle whose only solution is `solution`, on the layout of `full`.
pub fn thermo(
    full: &Puzzle,
    solution: &Grid,
    rng: &mut fastrand::Rng,
    limits: &Limits,
) -> Result<Puzzle, GenerateError> {
    let rules = thermometers(solution, rng)
        .into_iter()
        .map(|cells| Rule::Thermometer(Thermometer { cells }))
        .collect();
    fewest_givens(full.clone().with_rules(rules)?, solution, rng, limits)
}

/// Random increasing walks on the solution (module notes), bulb first.
pub fn thermometers(solution: &Grid, rng: &mut fastrand::Rng) -> Vec<Vec<Cell>> {
    let n = solution.n;
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..TRIES {
        if out.len() == COUNT {
            break;
        }
        let free: Vec<usize> = (0..n * n).filter(|&i| !used[i]).collect();
        if free.is_empty() {
            break;
        }
        let start = free[rng.usize(..free.len())];
        let mut walk = vec![start];
        while walk.len() < LONGEST {
            let last = *walk.last().expect("a cell");
            let (r, c) = ((last / n) as i64, (last % n) as i64);
            let next: Vec<usize> = (-1..=1i64)
                .flat_map(|dr| (-1..=1i64).map(move |dc| (r + dr, c + dc)))
                .filter(|&(nr, nc)| nr >= 0 && nc >= 0 && nr < n as i64 && nc < n as i64)
                .map(|(nr, nc)| nr as usize * n + nc as usize)
                .filter(|&i| !used[i] && !walk.contains(&i))
                .filter(|&i| solution.values[i] > solution.values[last])
                .collect();
            if next.is_empty() {
                break;
            }
            walk.push(next[rng.usize(..next.len())]);
        }
        if walk.len() >= 3 {
            for &i in &walk {
                used[i] = true;
            }
            out.push(
                walk.into_iter()
                    .map(|i| Cell {
                        row: i / n,
                        col: i % n,
                    })
                    .collect(),
            );
        }
    }
    out
}
