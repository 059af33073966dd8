//! The steps that close or tighten a node: HiGHS finishes its subtree, the student prunes it,
//! or a cut is added there.

use super::auto::AutoEnd;
use super::cuts::{self, CutKind, CutReport, NoCut};
use super::lp::{LabLp, LpState};
use super::{Cut, Finish, Lab, LabError, LabNode, LabRow, NodeStatus};

impl<L: LabLp> Lab<L> {
    /// Lets HiGHS solve node `id`'s subtree as a MILP (its bounds and cuts) within
    /// `time_limit` seconds and the time left before [`Lab::deadline`]; an optimal grid
    /// becomes a candidate incumbent. When HiGHS stops at the limit the node stays open.
    pub fn finish(&mut self, id: usize, time_limit: f64) -> Result<Finish, LabError> {
        self.evaluate(id)?;
        self.open_node(id, "finished")?;
        self.solve_at(id)?;
        let seconds = self
            .time_left()
            .map_or(time_limit, |left| left.min(time_limit));
        let mip = self.lp.solve_mip(seconds)?;
        self.solved = None;
        self.stats.mip_nodes += mip.nodes.max(0);
        let end = match mip.state {
            LpState::Stopped => {
                self.hit_limit = true;
                AutoEnd::TimeLimit
            }
            LpState::Optimal | LpState::Infeasible => {
                self.expand(id, NodeStatus::Finished);
                self.release(id);
                AutoEnd::Done
            }
        };
        if mip.state == LpState::Optimal {
            self.found(id, &mip.columns)?;
        }
        Ok(Finish {
            mip_nodes: mip.nodes,
            end,
        })
    }

    /// Marks an open node pruned by hand: "pruned by bound" when its LP value cannot beat
    /// the incumbent (a proof), else "pruned by hand" (no proof: its LP value stays in
    /// [`Lab::bound`], and [`Lab::unproven_prunes`] names it).
    pub fn prune(&mut self, id: usize) -> Result<(), LabError> {
        self.open_node(id, "pruned")?;
        let objective = self.nodes[id].objective;
        self.nodes[id].status = if self.cannot_improve(objective) {
            NodeStatus::PrunedByBound
        } else {
            NodeStatus::PrunedByHand
        };
        self.release(id);
        Ok(())
    }

    /// Derives a cut of `kind` at node `id`, adds it (valid in `id`'s subtree) and re-solves
    /// the node; `None` when the separator finds no violated cut ([`Lab::cut_or_why`] says why).
    pub fn cut(&mut self, id: usize, kind: CutKind) -> Result<Option<CutReport>, LabError> {
        Ok(self.cut_or_why(id, kind)?.ok())
    }

    /// [`Lab::cut`], or why the separator found no violated cut at the node's LP point.
    pub fn cut_or_why(
        &mut self,
        id: usize,
        kind: CutKind,
    ) -> Result<Result<CutReport, NoCut>, LabError> {
        self.evaluate(id)?;
        let node = self.open_node(id, "cut")?.clone();
        if self.solved != Some(id) {
            let point = self.solve_at(id)?;
            if point.state != LpState::Optimal {
                return Err(LabError::NoOptimalPoint(id));
            }
        }
        let bounds = self.bounds_at(id);
        let found = match kind {
            CutKind::Gomory => cuts::gomory::separate(
                &mut self.lp,
                &node.values,
                &bounds,
                &self.rows,
                &self.row_bounds,
            )?,
            CutKind::Clique => cuts::clique::separate(self, &node.values, &bounds),
            CutKind::NoGood => cuts::nogood::separate(self, &node.values),
            // The student writes it: no separator finds one ([`Lab::student_cut`]).
            CutKind::Student => Err(NoCut::StudentWrites),
        };
        let mut cut = match found {
            Ok(cut) => cut,
            Err(why) => return Ok(Err(why)),
        };
        cut.scope = id;
        cut.violation = cut.violation_at(&node.values);
        self.add_cut(id, cut, &node).map(Ok)
    }

    /// Adds `cut` (its scope and violation set) at node `id`, whose state before was `before`,
    /// as the next row of the LP, and re-solves the node.
    pub(super) fn add_cut(
        &mut self,
        id: usize,
        mut cut: Cut,
        before: &LabNode,
    ) -> Result<CutReport, LabError> {
        let index = self.cuts.len();
        let row = self.lp.add_row(cut.lower, cut.upper, &cut.terms)?;
        self.rows.push(LabRow {
            lower: cut.lower,
            upper: cut.upper,
            terms: cut.terms.clone(),
            integral: cut.integral,
            cut: Some(index),
        });
        self.row_bounds.push((cut.lower, cut.upper));
        debug_assert_eq!(row + 1, self.rows.len());
        cut.name = format!("{}_{}", cut.kind.name(), index + 1);
        self.cuts.push(cut);
        self.stats.cuts = self.cuts.len();
        let point = self.solve_at(id)?;
        self.set_point(id, point)?;
        let after = &self.nodes[id];
        Ok(CutReport {
            cut: index,
            bound_before: before.objective,
            bound_after: after.objective,
            fractional_before: before.fractional.len(),
            fractional_after: after.fractional.len(),
            status_after: after.status,
        })
    }
}
