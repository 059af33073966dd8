//! What the independent checks of several rules share ([`super::RuleKind::holds`]): values
//! pairwise different, equal values a move apart, and a relation over unmarked neighbours. They
//! read values off the grid, with no code of the lowering or of the primitives.

use super::{Broken, Context};
use crate::geometry::{Cell, Grid};
use std::collections::HashSet;

/// The value of a cell of the grid.
pub(super) fn at(grid: &Grid, cell: &Cell) -> i64 {
    grid.get(*cell) as i64
}

/// The failure of the rule `name`.
pub(super) fn broken(name: &str, problem: String) -> Result<(), Broken> {
    Err(Broken {
        rule: name.to_string(),
        problem,
    })
}

/// The values are pairwise different.
pub(super) fn distinct(name: &str, values: impl Iterator<Item = i64>) -> Result<(), Broken> {
    let mut seen = HashSet::new();
    for v in values {
        if !seen.insert(v) {
            return broken(name, format!("holds {v} twice"));
        }
    }
    Ok(())
}

/// The first run of three neighbouring cells of a line (the whole line when shorter) where
/// two cells' values share a `class` (0, 1 or 2), with that class.
pub(super) fn shared_class<'a>(
    grid: &Grid,
    cells: &'a [Cell],
    class: impl Fn(u8) -> u8,
) -> Option<(&'a [Cell], u8)> {
    for w in cells.windows(3.min(cells.len())) {
        let mut seen = [false; 3];
        for &c in w {
            let k = class(grid.get(c));
            if std::mem::replace(&mut seen[k as usize], true) {
                return Some((w, k));
            }
        }
    }
    None
}

/// No two cells `step` apart (either direction) hold the same value.
pub(super) fn apart(grid: &Grid, name: &str, steps: &[(i64, i64)]) -> Result<(), Broken> {
    let n = grid.n as i64;
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in steps {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0 || c2 < 0 || r2 >= n || c2 >= n {
                    continue;
                }
                if grid.values[(r * n + c) as usize] == grid.values[(r2 * n + c2) as usize] {
                    return broken(
                        name,
                        format!(
                            "{} and {} hold the same value",
                            Cell::at((r * n + c) as usize, n as usize),
                            Cell::at((r2 * n + c2) as usize, n as usize),
                        ),
                    );
                }
            }
        }
    }
    Ok(())
}

/// No orthogonal neighbour pair that carries no marker ([`Context::marked`]) has values for
/// which `bad` holds.
pub(super) fn neighbours(
    grid: &Grid,
    ctx: &Context,
    name: &str,
    bad: impl Fn(i64, i64) -> bool,
) -> Result<(), Broken> {
    let n = grid.n;
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 >= n || c2 >= n {
                    continue;
                }
                let (a, b) = (Cell { row: r, col: c }, Cell { row: r2, col: c2 });
                let (u, w) = (grid.get(a) as i64, grid.get(b) as i64);
                if !ctx.marked.contains(&(a, b)) && bad(u, w) {
                    return broken(name, format!("{a} and {b} hold {u} and {w}"));
                }
            }
        }
    }
    Ok(())
}
