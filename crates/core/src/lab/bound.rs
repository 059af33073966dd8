//! What the search has proved: the global bound, the prunes made without proof, and whether the
//! answer is proven.

use super::lp::LabLp;
use super::{Lab, NodeStatus};

impl<L: LabLp> Lab<L> {
    /// The best LP value over the open nodes, the nodes pruned by hand and the incumbent: no
    /// grid beats it.
    pub fn bound(&self) -> Option<f64> {
        let open = self
            .nodes
            .iter()
            .filter(|n| matches!(n.status, NodeStatus::Open | NodeStatus::PrunedByHand))
            .map(|n| n.objective);
        let all = open.chain(self.incumbent.as_ref().map(|i| i.value));
        all.min_by(|a, b| self.rank(*a).total_cmp(&self.rank(*b)))
    }

    /// Nodes pruned by hand whose LP value could still beat the incumbent (every one when
    /// there is none): the optimum, or the only grid, may lie below them.
    pub fn unproven_prunes(&self) -> Vec<usize> {
        self.nodes
            .iter()
            .filter(|n| n.status == NodeStatus::PrunedByHand && !self.cannot_improve(n.objective))
            .map(|n| n.id)
            .collect()
    }

    /// True when the search proved its answer: no open node, none stopped, no unproven
    /// prune; the incumbent is then optimal (or no grid exists).
    pub fn proven(&self) -> bool {
        self.nodes
            .iter()
            .all(|n| !matches!(n.status, NodeStatus::Open | NodeStatus::Stopped))
            && self.unproven_prunes().is_empty()
    }
}
