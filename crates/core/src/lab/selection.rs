//! Which node comes next (depth first or best bound) and what lp-bb's two branching rules would
//! choose at a node.

use super::lp::LabLp;
use super::{Lab, LabError, NodeRule, NodeStatus, Suggestion};
use crate::objective::ObjectiveSense;

impl<L: LabLp> Lab<L> {
    /// The next open node by `rule`, or `None` when none is left.
    pub fn next(&self, rule: NodeRule) -> Option<usize> {
        let open = self.nodes.iter().filter(|n| n.status == NodeStatus::Open);
        match rule {
            NodeRule::DepthFirst => open
                .map(|n| n.id)
                .max_by_key(|&id| (self.nodes[id].depth, std::cmp::Reverse(id))),
            NodeRule::BestBound => open
                .min_by(|a, b| self.rank(a.objective).total_cmp(&self.rank(b.objective)))
                .map(|n| n.id),
        }
    }

    /// Smaller is better.
    pub(super) fn rank(&self, objective: f64) -> f64 {
        match self.sense {
            Some(ObjectiveSense::Max) => -objective,
            _ => objective,
        }
    }

    /// What lp-bb's two rules would branch on at node `id`.
    pub fn suggest(&self, id: usize) -> Result<Suggestion, LabError> {
        let node = self.node(id)?;
        let bounds = self.bounds_at(id);
        let open_count = |cell: usize| {
            self.column_of[cell]
                .iter()
                .flatten()
                .filter(|&&c| bounds[c].1 > 0.5 && bounds[c].0 < 0.5)
                .count()
        };
        // The cell rule looks at the cells of fractional x_{c,v} only (a cage's digit-set
        // binary y_D has no cell); the textbook rule at every fractional column, y_D included.
        let cell = node
            .fractional
            .iter()
            .filter_map(|&c| self.candidate[c].map(|(cell, _)| cell))
            .filter(|&cell| open_count(cell) > 1)
            .min_by_key(|&cell| (open_count(cell), cell));
        let variable = node.fractional.iter().copied().min_by(|&a, &b| {
            let d = |c: usize| (node.values[c] - 0.5).abs();
            d(a).total_cmp(&d(b)).then(a.cmp(&b))
        });
        Ok(Suggestion { cell, variable })
    }
}
