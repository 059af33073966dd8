//! Forcing chains, the last resort before a guess: assume a candidate and follow the singles it
//! forces (naked and hidden singles, to a fixpoint).
//!
//! Nishio: an assumption that breaks the grid (a cell or a value with no place left) is false.
//! Cell forcing chain: every candidate of one cell, assumed in turn, forces the same placement
//! or removal, which therefore holds. Region forcing chain: the same over every place of one
//! value in one house. Their difficulty is Sudoku Explainer's base (Nishio 7.5, multiple
//! chains 8.0) plus the length of the longest branch (singles followed).

use super::grid::{values, Candidates};
use super::step::{cell_list, Step};
use super::technique::{length_difficulty, Technique};

/// What an assumption forced: the grid after the singles, how many singles, and whether it broke.
struct Outcome {
    grid: Candidates,
    length: usize,
    broken: bool,
}

/// Places v in c and follows singles to a fixpoint (or a contradiction).
fn assume(g: &Candidates, c: usize, v: u8) -> Outcome {
    let mut grid = g.clone();
    grid.place(c, v);
    let mut length = 1;
    loop {
        if grid.contradiction() {
            return Outcome {
                grid,
                length,
                broken: true,
            };
        }
        let mut moved = false;
        for cell in 0..grid.n * grid.n {
            if grid.value[cell] == 0 && grid.cand[cell].count_ones() == 1 {
                let w = values(grid.cand[cell]).next().unwrap_or(1);
                grid.place(cell, w);
                length += 1;
                moved = true;
            }
        }
        for h in 0..grid.houses.len() {
            for w in 1..=grid.n as u8 {
                if grid.place_count(h, w) != 1 || grid.house_has_value(h, w) {
                    continue;
                }
                if let [only] = grid.places(h, w)[..] {
                    grid.place(only, w);
                    length += 1;
                    moved = true;
                }
            }
        }
        if !moved {
            return Outcome {
                grid,
                length,
                broken: false,
            };
        }
    }
}

/// Whether assuming v in c breaks the grid by singles. Each single is implied by the binary
/// model's rows once x_cv = 1 (a cell or house row with one open column left), and a broken
/// grid is a row with every column at 0: the LP with x_cv fixed to 1 is then infeasible, so a
/// candidate that breaks is removed by LP probing too ([`super::level`] uses this to skip
/// most of its LP solves).
pub fn breaks(g: &Candidates, c: usize, v: u8) -> bool {
    assume(g, c, v).broken
}

/// Nishio: the first candidate whose assumption breaks the grid.
pub fn nishio(g: &Candidates) -> Option<Step> {
    for c in g.open_cells() {
        for v in values(g.cand[c]) {
            let out = assume(g, c, v);
            if out.broken {
                let mut s = Step::new(
                    Technique::Nishio,
                    format!("{v} in {} forces singles that leave no place for a value or cell: it is false", g.cell(c)),
                );
                // Sukaku Explainer counts every candidate of its chains, the "off" that forces each
                // single as well as the "on": about two per single of ours.
                s.difficulty += length_difficulty(2 * out.length + 1);
                s.eliminations = vec![(c, v)];
                s.cells = vec![c];
                return Some(s);
            }
        }
    }
    None
}

/// A list of (cell, value).
type Pairs = Vec<(usize, u8)>;

/// What every branch agrees on: placements and removals (relative to `g`).
fn common(g: &Candidates, branches: &[Outcome]) -> (Pairs, Pairs) {
    let live: Vec<&Outcome> = branches.iter().filter(|o| !o.broken).collect();
    let (mut place, mut elim) = (Vec::new(), Vec::new());
    if live.is_empty() {
        return (place, elim);
    }
    for c in g.open_cells() {
        let v0 = live[0].grid.value[c];
        if v0 != 0 && live.iter().all(|o| o.grid.value[c] == v0) {
            place.push((c, v0));
            continue;
        }
        let kept = live.iter().fold(0u64, |m, o| m | o.grid.cand[c]);
        for v in values(g.cand[c] & !kept) {
            elim.push((c, v));
        }
    }
    (place, elim)
}

fn forcing_step(
    g: &Candidates,
    technique: Technique,
    branches: Vec<Outcome>,
    what: String,
    cells: Vec<usize>,
) -> Option<Step> {
    let (place, elim) = common(g, &branches);
    if place.is_empty() && elim.is_empty() {
        return None;
    }
    let length: usize = branches.iter().map(|o| o.length).sum();
    let mut s = Step::new(technique, what);
    s.difficulty += length_difficulty(length + 2);
    // One conclusion per step, as a person would write it: a placement if there is one.
    if let Some(&p) = place.first() {
        s.placements = vec![p];
    } else {
        s.eliminations = elim;
    }
    s.cells = cells;
    Some(s)
}

/// Cell forcing chain over the cells with fewest candidates first.
pub fn cell_forcing(g: &Candidates) -> Option<Step> {
    let mut cells: Vec<usize> = g.open_cells().collect();
    cells.sort_by_key(|&c| g.cand[c].count_ones());
    for c in cells {
        let branches: Vec<Outcome> = values(g.cand[c]).map(|v| assume(g, c, v)).collect();
        let what = format!("whichever value {} holds, the same follows", g.cell(c));
        if let Some(s) = forcing_step(g, Technique::CellForcingChain, branches, what, vec![c]) {
            return Some(s);
        }
    }
    None
}

/// Region forcing chain over the values with fewest places first.
pub fn region_forcing(g: &Candidates) -> Option<Step> {
    let mut pairs: Vec<(usize, u8, Vec<usize>)> = Vec::new();
    for h in 0..g.houses.len() {
        for v in 1..=g.n as u8 {
            if !g.house_has_value(h, v) {
                let p = g.places(h, v);
                if p.len() >= 2 {
                    pairs.push((h, v, p));
                }
            }
        }
    }
    pairs.sort_by_key(|(_, _, p)| p.len());
    for (h, v, places) in pairs {
        let branches: Vec<Outcome> = places.iter().map(|&c| assume(g, c, v)).collect();
        let what = format!(
            "wherever {v} goes in {} ({}), the same follows",
            g.houses[h].kind,
            cell_list(g, &places)
        );
        if let Some(mut s) = forcing_step(g, Technique::RegionForcingChain, branches, what, places)
        {
            s.houses = vec![h];
            return Some(s);
        }
    }
    None
}
