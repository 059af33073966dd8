//! Candidate propagation at a node: the engines' own propagation on the node's candidate grid,
//! its eliminations fixed at 0 and its placements at 1, a contradiction closing the node.

use super::lp::LabLp;
use super::{Lab, LabError, NodeStatus};

impl<L: LabLp> Lab<L> {
    /// Runs candidate propagation at node `id` (the engines' own unit propagation with the
    /// puzzle's propagators and its implied sums of at most 5 open cells, as the propagation
    /// engine's search uses them, [`crate::candidates::State`]) on its candidate grid: the
    /// givens, a candidate without a column or fixed at 0 removed, one fixed at 1 placed. Every
    /// candidate it eliminates becomes x = 0 and every cell it forces x = 1 in the node's
    /// `propagated` fixings (each removal holds in every solution under the node, so the
    /// node's integer points are the same). False when it derives a contradiction: no grid
    /// lies under the node.
    pub(super) fn propagate_at(&mut self, id: usize) -> bool {
        use crate::candidates::{Shape, State};
        let shape = &*self.shape.get_or_insert_with(|| {
            let primitives = self
                .puzzle
                .primitives_with_implied(crate::candidates::SEARCH_IMPLIED_CELLS);
            Shape::with_primitives(&self.puzzle, &primitives)
        });
        let bounds = {
            let mut bounds = self.base.clone();
            let mut k = Some(id);
            let mut path = Vec::new();
            while let Some(p) = k {
                path.push(p);
                k = self.nodes[p].parent;
            }
            for &p in path.iter().rev() {
                let node = &self.nodes[p];
                for &(col, v) in node.fixings.iter().chain(&node.propagated) {
                    bounds[col] = (v, v);
                }
            }
            bounds
        };
        let mut state = State::from_givens(shape, self.puzzle.givens());
        for (cell, columns) in self.column_of.iter().enumerate() {
            for (v, col) in columns.iter().enumerate() {
                let bit = 1u64 << v;
                match col.map(|c| bounds[c]) {
                    Some((lower, _)) if lower > 0.5 => state.assign(cell, bit),
                    Some((_, upper)) if upper > 0.5 => {}
                    _ => state.remove(cell, bit),
                }
            }
        }
        self.nodes[id].propagation_ran = true;
        if state.propagate().is_err() {
            return false;
        }
        let mut propagated = Vec::new();
        for (cell, columns) in self.column_of.iter().enumerate() {
            let mask = state.cand(cell);
            for (v, col) in columns.iter().enumerate() {
                let Some(c) = *col else { continue };
                let want = if mask & (1u64 << v) == 0 {
                    0.0
                } else if mask.count_ones() == 1 {
                    1.0
                } else {
                    continue;
                };
                if bounds[c] != (want, want) {
                    propagated.push((c, want));
                }
            }
        }
        self.nodes[id].propagated = propagated;
        true
    }

    /// Runs propagation at open node `id` made before [`Lab::propagation`] was on (the root,
    /// or a node made by hand) and re-solves its LP when it fixed a column; nothing when it
    /// ran there already.
    pub fn propagate_open(&mut self, id: usize) -> Result<(), LabError> {
        if self.nodes[id].propagation_ran || self.nodes[id].status != NodeStatus::Open {
            return Ok(());
        }
        if !self.propagate_at(id) {
            self.nodes[id].status = NodeStatus::InfeasibleByPropagation;
            self.release(id);
            return Ok(());
        }
        if !self.nodes[id].propagated.is_empty() {
            let point = self.solve_at(id)?;
            self.set_point(id, point)?;
            if self.nodes[id].status != NodeStatus::Open {
                self.release(id);
            }
        }
        Ok(())
    }
}
