//! A node's LP: the node made, its LP set up (path fixings, cuts in scope, a start basis)
//! and solved, the node classified (open, integral, infeasible, pruned by bound) and an integral
//! point checked and kept as the incumbent when it is better.

use super::lp::{LabLp, LpPoint, LpState};
use super::{fractional_columns, Incumbent, Lab, LabError, LabNode, NodeStatus, TOLERANCE};
use crate::check::check;
use crate::clock::Instant;
use crate::objective::ObjectiveSense;
use crate::puzzle::Grid;

impl<L: LabLp> Lab<L> {
    /// Sets the LP to node `id` (bounds and in-scope cuts) and solves it.
    pub(super) fn solve_at(&mut self, id: usize) -> Result<LpPoint, LabError> {
        let bounds = self.bounds_at(id);
        for (col, &b) in bounds.iter().enumerate() {
            if self.current[col] != b {
                self.lp.set_column_bounds(col, b.0, b.1)?;
                self.current[col] = b;
            }
        }
        let path = self.path(id);
        for (i, row) in self.rows.iter().enumerate() {
            let Some(c) = row.cut else { continue };
            let active = path.contains(&self.cuts[c].scope);
            let want = if active {
                (row.lower, row.upper)
            } else {
                (f64::NEG_INFINITY, f64::INFINITY)
            };
            if self.row_bounds[i] != want {
                self.lp.set_row_bounds(i, want.0, want.1)?;
                self.row_bounds[i] = want;
            }
        }
        self.start_basis(id)?;
        let start = Instant::now();
        let point = self.lp.solve()?;
        self.stats.lp_ms += start.elapsed().as_secs_f64() * 1000.0;
        self.stats.lp_solves += 1;
        self.stats.lp_iterations += point.iterations;
        self.solved = Some(id);
        self.nodes[id].lp_solved = true;
        self.nodes[id].iterations += point.iterations;
        self.bases.resize(self.nodes.len(), None);
        self.bases[id] = match point.state {
            LpState::Optimal => Some(self.lp.basis()?),
            _ => None,
        };
        Ok(point)
    }

    /// Hands the LP the basis to start node `id` from: its own (solved before), else its
    /// parent's, unless the LP holds that node's solve already.
    pub(super) fn start_basis(&mut self, id: usize) -> Result<(), LabError> {
        let from = std::iter::once(id)
            .chain(self.nodes[id].parent)
            .find(|&k| self.bases.get(k).is_some_and(Option::is_some));
        if let Some(k) = from {
            if self.solved != Some(k) {
                if let Some(basis) = &self.bases[k] {
                    self.lp.set_basis(basis)?;
                }
            }
        }
        Ok(())
    }

    /// Makes a node under `parent` with `fixings`, solves its LP and classifies it.
    pub(super) fn make_node(
        &mut self,
        parent: Option<usize>,
        label: String,
        fixings: Vec<(usize, f64)>,
    ) -> Result<usize, LabError> {
        let id = self.nodes.len();
        let depth = parent.map_or(0, |p| self.nodes[p].depth + 1);
        self.nodes.push(LabNode {
            id,
            parent,
            depth,
            label,
            fixings,
            propagated: Vec::new(),
            propagation_ran: false,
            lp_solved: false,
            iterations: 0,
            status: NodeStatus::Open,
            objective: f64::NAN,
            values: Vec::new(),
            fractional: Vec::new(),
            row_duals: Vec::new(),
            reduced_costs: Vec::new(),
            order: None,
            children: Vec::new(),
        });
        if let Some(p) = parent {
            self.nodes[p].children.push(id);
        }
        self.stats.nodes = self.nodes.len();
        if self.propagation && !self.propagate_at(id) {
            self.nodes[id].status = NodeStatus::InfeasibleByPropagation;
            return Ok(id);
        }
        if let Some(p) = parent.filter(|_| self.defer_lp) {
            let bound = self.nodes[p].objective;
            self.nodes[id].objective = bound;
            if self.cannot_improve(bound) {
                self.nodes[id].status = NodeStatus::PrunedByBound;
            }
            return Ok(id);
        }
        let point = self.solve_at(id)?;
        self.set_point(id, point)?;
        if self.nodes[id].status != NodeStatus::Open {
            self.release(id);
        }
        Ok(id)
    }

    /// Solves the LP of open node `id` when it was made without one ([`Lab::defer_lp`]) and
    /// classifies the node; nothing for a node whose LP is solved or that is closed.
    pub fn evaluate(&mut self, id: usize) -> Result<(), LabError> {
        let node = self.node(id)?;
        if node.lp_solved || node.status != NodeStatus::Open {
            return Ok(());
        }
        let parent = node.parent;
        let point = self.solve_at(id)?;
        self.set_point(id, point)?;
        if self.nodes[id].status == NodeStatus::Infeasible {
            // Its parent's value was only a bound: an infeasible LP has none.
            self.nodes[id].objective = f64::NAN;
        }
        if self.nodes[id].status != NodeStatus::Open {
            self.release(id);
        }
        if let Some(p) = parent {
            self.release_when_children_solved(p);
        }
        Ok(())
    }

    /// Forgets branched node `id`'s basis once every open child has its LP solved (a child
    /// waiting for its LP starts from it).
    pub(super) fn release_when_children_solved(&mut self, id: usize) {
        let waiting = self.nodes[id]
            .children
            .iter()
            .any(|&k| !self.nodes[k].lp_solved && self.nodes[k].status == NodeStatus::Open);
        if !waiting {
            self.release(id);
        }
    }

    /// Forgets node `id`'s basis once it is closed and its children are made: only an open
    /// node is solved again (from its own basis) or made children of (from its basis), so a
    /// long search keeps one basis per open node, not one per node.
    pub(super) fn release(&mut self, id: usize) {
        if let Some(basis) = self.bases.get_mut(id) {
            *basis = None;
        }
    }

    /// Records an LP point at node `id` and classifies the node.
    pub(super) fn set_point(&mut self, id: usize, point: LpPoint) -> Result<(), LabError> {
        let node = &mut self.nodes[id];
        match point.state {
            LpState::Infeasible => node.status = NodeStatus::Infeasible,
            LpState::Stopped => {
                // A stopped LP (natively only HiGHS's time limit) leaves the search incomplete.
                node.status = NodeStatus::Stopped;
                self.hit_limit = true;
            }
            LpState::Optimal => {
                node.fractional = fractional_columns(&point.columns);
                node.objective = point.objective;
                node.values = point.columns;
                node.row_duals = point.row_duals;
                node.reduced_costs = point.reduced_costs;
                if node.fractional.is_empty() {
                    node.status = NodeStatus::Integral;
                    let values = node.values.clone();
                    self.found(id, &values)?;
                } else {
                    let objective = node.objective;
                    self.nodes[id].status = if self.cannot_improve(objective) {
                        NodeStatus::PrunedByBound
                    } else {
                        NodeStatus::Open
                    };
                }
            }
        }
        Ok(())
    }

    /// True when a node with LP value `bound` cannot beat the incumbent (whole weights: the
    /// best grid under it is ⌊bound⌋ for max, ⌈bound⌉ for min).
    pub fn cannot_improve(&self, bound: f64) -> bool {
        let Some(best) = &self.incumbent else {
            return false;
        };
        match self.sense {
            None => true,
            Some(ObjectiveSense::Max) => (bound + TOLERANCE).floor() <= best.value + TOLERANCE,
            Some(ObjectiveSense::Min) => (bound - TOLERANCE).ceil() >= best.value - TOLERANCE,
        }
    }

    /// An integral point at node `id`: decoded, checked, and kept when it beats the
    /// incumbent; open nodes that cannot beat it are pruned.
    pub(super) fn found(&mut self, id: usize, values: &[f64]) -> Result<(), LabError> {
        let grid = self.decode(values);
        check(&self.puzzle, &grid).map_err(|e| LabError::CheckFailed {
            node: id,
            reason: e.to_string(),
        })?;
        let value = self
            .puzzle
            .objective()
            .map_or(0.0, |o| o.value(&grid.values) as f64);
        let better = match (&self.incumbent, self.sense) {
            (None, _) => true,
            (Some(best), Some(sense)) => sense.better(value, best.value, TOLERANCE),
            (Some(_), None) => false,
        };
        if better {
            self.incumbent = Some(Incumbent {
                node: id,
                value,
                grid,
            });
            for k in 0..self.nodes.len() {
                if self.nodes[k].status == NodeStatus::Open
                    && self.cannot_improve(self.nodes[k].objective)
                {
                    self.nodes[k].status = NodeStatus::PrunedByBound;
                    self.release(k);
                }
            }
        }
        Ok(())
    }

    /// The grid of an integral point: in each cell the value whose column is 1.
    pub fn decode(&self, values: &[f64]) -> Grid {
        let cells = self
            .column_of
            .iter()
            .map(|by_value| {
                by_value
                    .iter()
                    .position(|c| c.is_some_and(|c| values.get(c).is_some_and(|&x| x > 0.5)))
                    .map_or(0, |v| v as u8 + 1)
            })
            .collect();
        Grid {
            n: self.n,
            values: cells,
        }
    }

    pub(super) fn expand(&mut self, id: usize, status: NodeStatus) {
        self.nodes[id].status = status;
        self.nodes[id].order = Some(self.expansions);
        self.expansions += 1;
    }
}
