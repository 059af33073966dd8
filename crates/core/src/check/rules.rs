//! The independent check of the variant rules, from each rule's own data: it reads values off
//! the grid and tests what the rule says in words, with no code of the lowering or of the
//! primitives (no pair tables, no linear terms).

use super::CheckError;
use crate::puzzle::{Cell, Grid, Layout, Puzzle};
use crate::rules::kropki::Dot;
use crate::rules::parity::Kind;
use crate::rules::Rule;
use std::collections::HashSet;

/// Checks every rule of `puzzle` on a grid whose cells all hold 1..n.
pub(super) fn check_rules(puzzle: &Puzzle, grid: &Grid) -> Result<(), CheckError> {
    let n = puzzle.order();
    let at = |c: &Cell| grid.values[c.row * n + c.col] as i64;
    let fail = |rule: String, problem: String| Err(CheckError::Rule { rule, problem });
    let mut marked: HashSet<(Cell, Cell)> = HashSet::new();
    for rule in puzzle.rules() {
        match rule {
            Rule::Kropki(k) => {
                marked.insert((k.a, k.b));
                marked.insert((k.b, k.a));
            }
            Rule::Xv(x) => {
                marked.insert((x.a, x.b));
                marked.insert((x.b, x.a));
            }
            _ => {}
        }
    }
    for rule in puzzle.rules() {
        let place = rule
            .cells()
            .first()
            .map_or(String::new(), |c| format!(" at {c}"));
        let name = format!("{}{place}", rule.kind_name());
        match rule {
            Rule::Killer(cage) => {
                distinct(&name, cage.cells.iter().map(at))?;
                let total: i64 = cage.cells.iter().map(at).sum();
                if let Some(sum) = cage.sum.filter(|&s| s != total) {
                    return fail(name, format!("sums to {total}, not {sum}"));
                }
            }
            Rule::LittleKiller(lk) => {
                let total: i64 = lk.cells.iter().map(at).sum();
                if total != lk.sum {
                    return fail(name, format!("sums to {total}, not {}", lk.sum));
                }
            }
            Rule::Thermometer(t) => {
                if let Some(w) = t.cells.windows(2).find(|w| at(&w[0]) >= at(&w[1])) {
                    return fail(name, format!("{} is not below {}", w[0], w[1]));
                }
            }
            Rule::Arrow(a) => {
                let number = a.circle.iter().fold(0, |acc, c| acc * 10 + at(c));
                let total: i64 = a.line.iter().map(at).sum();
                if number != total {
                    return fail(
                        name,
                        format!("the line sums to {total}, the circle reads {number}"),
                    );
                }
            }
            Rule::Kropki(k) => {
                let (u, w) = (at(&k.a), at(&k.b));
                let ok = match k.dot {
                    Dot::White => (u - w).abs() == k.value.unwrap_or(1),
                    Dot::Black => {
                        let r = k.value.unwrap_or(2);
                        u == r * w || w == r * u
                    }
                };
                if !ok {
                    return fail(name, format!("{u} and {w} do not fit the dot"));
                }
            }
            Rule::Xv(x) => {
                if at(&x.a) + at(&x.b) != x.sum {
                    return fail(name, format!("does not sum to {}", x.sum));
                }
            }
            Rule::GreaterThan(g) => {
                if at(&g.greater) <= at(&g.lesser) {
                    return fail(name, format!("{} is not above {}", g.greater, g.lesser));
                }
            }
            Rule::Parity(p) => {
                let odd = at(&p.cell) % 2 == 1;
                if odd != (p.parity == Kind::Odd) {
                    return fail(name, format!("holds {}", at(&p.cell)));
                }
            }
            Rule::ExtraRegion(r) => distinct(&name, r.cells.iter().map(at))?,
            Rule::Windoku => windows(puzzle, grid)?,
            Rule::AntiKnight => apart(grid, &name, &[(1, 2), (2, 1), (1, -2), (2, -1)])?,
            Rule::AntiKing => apart(grid, &name, &[(1, 1), (1, -1)])?,
            Rule::DisjointGroups => disjoint(puzzle, grid)?,
            Rule::NonConsecutive => neighbours(grid, &marked, &name, |u, w| (u - w).abs() == 1)?,
            Rule::Negative(neg) => {
                if neg.xv {
                    neighbours(grid, &marked, "negative X/V", |u, w| {
                        u + w == 5 || u + w == 10
                    })?;
                }
                if neg.ratio {
                    neighbours(grid, &marked, "negative ratio", |u, w| {
                        u == 2 * w || w == 2 * u
                    })?;
                }
            }
        }
    }
    Ok(())
}

/// The values are pairwise different.
fn distinct(name: &str, values: impl Iterator<Item = i64>) -> Result<(), CheckError> {
    let mut seen = HashSet::new();
    for v in values {
        if !seen.insert(v) {
            return Err(CheckError::Rule {
                rule: name.to_string(),
                problem: format!("holds {v} twice"),
            });
        }
    }
    Ok(())
}

/// No two cells `step` apart (either direction) hold the same value.
fn apart(grid: &Grid, name: &str, steps: &[(i64, i64)]) -> Result<(), CheckError> {
    let n = grid.n as i64;
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in steps {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0 || c2 < 0 || r2 >= n || c2 >= n {
                    continue;
                }
                if grid.values[(r * n + c) as usize] == grid.values[(r2 * n + c2) as usize] {
                    return Err(CheckError::Rule {
                        rule: name.to_string(),
                        problem: format!(
                            "r{}c{} and r{}c{} hold the same value",
                            r + 1,
                            c + 1,
                            r2 + 1,
                            c2 + 1
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

/// No orthogonal neighbour pair outside `marked` has values for which `bad` holds.
fn neighbours(
    grid: &Grid,
    marked: &HashSet<(Cell, Cell)>,
    name: &str,
    bad: impl Fn(i64, i64) -> bool,
) -> Result<(), CheckError> {
    let n = grid.n;
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 >= n || c2 >= n {
                    continue;
                }
                let (a, b) = (Cell { row: r, col: c }, Cell { row: r2, col: c2 });
                let (u, w) = (grid.get(a) as i64, grid.get(b) as i64);
                if !marked.contains(&(a, b)) && bad(u, w) {
                    return Err(CheckError::Rule {
                        rule: name.to_string(),
                        problem: format!("{a} and {b} hold {u} and {w}"),
                    });
                }
            }
        }
    }
    Ok(())
}

/// The windoku windows (square boxes of side s: s×s squares starting at 1, s + 2, … ) hold
/// different values.
fn windows(puzzle: &Puzzle, grid: &Grid) -> Result<(), CheckError> {
    let n = puzzle.order();
    let Layout::Boxes { rows: s, .. } = *puzzle.layout() else {
        return Ok(());
    };
    let mut start = 1;
    let mut starts = Vec::new();
    while start + s <= n {
        starts.push(start);
        start += s + 1;
    }
    for &r0 in &starts {
        for &c0 in &starts {
            let values = (r0..r0 + s).flat_map(|r| (c0..c0 + s).map(move |c| (r, c)));
            let name = format!("windoku window at r{}c{}", r0 + 1, c0 + 1);
            distinct(&name, values.map(|(r, c)| grid.values[r * n + c] as i64))?;
        }
    }
    Ok(())
}

/// Cells with the same position inside their box hold different values.
fn disjoint(puzzle: &Puzzle, grid: &Grid) -> Result<(), CheckError> {
    let n = puzzle.order();
    let Layout::Boxes { rows, cols } = *puzzle.layout() else {
        return Ok(());
    };
    let mut groups: Vec<Vec<i64>> = vec![Vec::new(); n];
    for r in 0..n {
        for c in 0..n {
            groups[(r % rows) * cols + c % cols].push(grid.values[r * n + c] as i64);
        }
    }
    for (p, values) in groups.into_iter().enumerate() {
        distinct(&format!("disjoint group {}", p + 1), values.into_iter())?;
    }
    Ok(())
}
