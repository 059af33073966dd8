//! Forcing chains as Sukaku Explainer defines them, over its implication engine
//! ([`super::implication`], [`super::multiple_chains`]):
//!
//! - Nishio forcing chains (7.5 plus length): dynamic chains along one value's places (a
//!   candidate on turns its value off in its peers; a house left with one other place turns it
//!   on); a candidate whose assumption, on or off, makes a candidate both on and off is false
//!   (or true).
//! - Multiple forcing chains (8.0 plus length): static chains through cells and houses from
//!   each value of a cell of three values or more (cell forcing chain) and from each place of a
//!   value in a house (region forcing chain); what every branch concludes holds.
//!
//! The length is Sukaku Explainer's: the distinct ancestors of each branch's conclusion.
//! [`breaks`] (assume a candidate and follow every single) is the LP level's cheap probe.

use super::dynamic_forcing::{chain_step, Budget};
use super::grid::{values, Candidates};
use super::multiple_chains::{Kind, Search};
use super::step::Step;
use super::technique::Technique;

/// Places v in c and follows naked and hidden singles to a fixpoint: whether the grid breaks
/// (a cell or a value with no place left).
fn assume(g: &Candidates, c: usize, v: u8) -> bool {
    let mut grid = g.clone();
    grid.place(c, v);
    loop {
        if grid.contradiction() {
            return true;
        }
        let mut moved = false;
        for cell in 0..grid.n * grid.n {
            if grid.value[cell] == 0 && grid.cand[cell].count_ones() == 1 {
                let w = values(grid.cand[cell]).next().unwrap_or(1);
                grid.place(cell, w);
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
                    moved = true;
                }
            }
        }
        if !moved {
            return false;
        }
    }
}

/// Whether assuming v in c breaks the grid by singles. Each single is implied by the binary
/// model's rows once x_cv = 1 (a cell or house row with one open column left), and a broken
/// grid is a row with every column at 0: the LP with x_cv fixed to 1 is then infeasible, so a
/// candidate that breaks is removed by LP probing too ([`super::level`] uses this to skip
/// most of its LP solves).
pub fn breaks(g: &Candidates, c: usize, v: u8) -> bool {
    assume(g, c, v)
}

/// Nishio forcing chains.
pub fn nishio(g: &Candidates) -> Option<Step> {
    let search = Search {
        dynamic: true,
        nishio: true,
        advanced: None,
        outer: None,
        deadline: None,
        reuse: None,
    };
    chain_step(
        g,
        search,
        &Budget::unlimited(),
        &|_| Technique::Nishio,
        ("Nishio ", ""),
    )
    .ok()
    .flatten()
}

/// Multiple forcing chains: the cell or region forcing chain of least length.
pub fn cell_forcing(g: &Candidates) -> Option<Step> {
    let search = Search {
        dynamic: false,
        nishio: false,
        advanced: None,
        outer: None,
        deadline: None,
        reuse: None,
    };
    let technique = |k| match k {
        Kind::Region => Technique::RegionForcingChain,
        _ => Technique::CellForcingChain,
    };
    chain_step(g, search, &Budget::unlimited(), &technique, ("", ""))
        .ok()
        .flatten()
}
