//! A search that is over, kept for its tree: the lab with its LP let go ([`Lab::finished`]),
//! so that a result can hold it (and send it between threads) for its pictures and JSON.

use super::lp::{Basis, LabLp, LpError, LpPoint, MipPoint, TableauRow};
use super::Lab;

/// The LP of a finished search: it has no rows or columns and every call fails.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoLp;

fn over<T>() -> Result<T, LpError> {
    Err(LpError("the search is over: its LP was let go".into()))
}

impl LabLp for NoLp {
    fn column_count(&self) -> usize {
        0
    }
    fn row_count(&self) -> usize {
        0
    }
    fn set_column_bounds(&mut self, _: usize, _: f64, _: f64) -> Result<(), LpError> {
        over()
    }
    fn set_row_bounds(&mut self, _: usize, _: f64, _: f64) -> Result<(), LpError> {
        over()
    }
    fn add_row(&mut self, _: f64, _: f64, _: &[(usize, f64)]) -> Result<usize, LpError> {
        over()
    }
    fn set_objective(&mut self, _: bool, _: &[(usize, f64)]) -> Result<(), LpError> {
        over()
    }
    fn solve(&mut self) -> Result<LpPoint, LpError> {
        over()
    }
    fn basis(&mut self) -> Result<Basis, LpError> {
        over()
    }
    fn set_basis(&mut self, _: &Basis) -> Result<(), LpError> {
        over()
    }
    fn tableau_row(&mut self, _: usize) -> Result<TableauRow, LpError> {
        over()
    }
    fn solve_mip(&mut self, _: f64) -> Result<MipPoint, LpError> {
        over()
    }
}

/// A finished lab: its tree, incumbent, cuts and counters, no LP.
pub type Finished = Lab<NoLp>;

impl<L: LabLp> Lab<L> {
    /// The lab without its LP (its bases and propagators dropped too): for the tree's
    /// pictures and JSON.
    pub fn finished(self) -> Finished {
        Lab {
            lp: NoLp,
            puzzle: self.puzzle,
            n: self.n,
            sense: self.sense,
            column_of: self.column_of,
            candidate: self.candidate,
            base: self.base,
            current: self.current,
            rows: self.rows,
            row_bounds: self.row_bounds,
            nodes: self.nodes,
            cuts: self.cuts,
            incumbent: self.incumbent,
            solved: None,
            bases: Vec::new(),
            expansions: self.expansions,
            stats: self.stats,
            deadline: self.deadline,
            hit_limit: self.hit_limit,
            names: self.names,
            propagation: self.propagation,
            defer_lp: self.defer_lp,
            shape: None,
            exact: None,
        }
    }
}
