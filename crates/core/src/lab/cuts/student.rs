//! The student's own cut: an inequality `lower ≤ Σ a_j x_j ≤ upper` typed in LP syntax over the
//! model's columns or in the short form over cells and digits ([`crate::linear_text`]).
//!
//! **Valid** means no integer point of the node's subproblem (the model's rows, the node's
//! fixings, the cuts in scope, every column integer) violates it. That is decided exactly by
//! one MILP per finite side, `max Σ a_j x_j` (against `upper`) and `min Σ a_j x_j` (against
//! `lower`), on a fresh LP of the lab's model ([`Lab::exact`]): when the optimum lies outside
//! the bound, its point is a grid (passed by the independent checker) that violates the cut —
//! the counterexample; when the subproblem has no grid, every cut is valid there. A valid cut
//! at an open node is then added like the separators' cuts, and the node re-solved: the
//! bound before and after say how far it moved.

use super::{Cut, CutKind, CutReport};
use crate::check::check;
use crate::lab::lp::{LabLp, LpState};
use crate::lab::{Lab, LabError, NodeStatus, TOLERANCE};
use crate::linear_text::{self, Inequality, Resolved};
use crate::puzzle::Grid;

/// Whether the cut holds at every grid of the node's subproblem.
#[derive(Debug, Clone, PartialEq)]
pub enum Validity {
    /// No grid violates it: `extremes` are the smallest and largest Σ a_j x_j over the
    /// subproblem's grids (for the finite sides); `None` when the subproblem has no grid.
    Valid { extremes: Option<(f64, f64)> },
    /// This grid (checked) lies in the subproblem and violates the cut: Σ a_j x_j = `activity`.
    Invalid { grid: Grid, activity: f64 },
    /// The MILP stopped at the time limit: not decided.
    Undecided,
}

/// What the tool says about a student's cut at a node.
#[derive(Debug, Clone, PartialEq)]
pub struct StudentCutReport {
    pub node: usize,
    /// The cut as read (named `my_K` when added).
    pub cut: Cut,
    /// Names the model leaves out (0 in every grid).
    pub zeros: Vec<String>,
    pub validity: Validity,
    /// How far the node's LP point lies outside the cut (> 0: the cut cuts it off).
    pub violation: f64,
    /// The cut added at the node and the bound's move; `None` when it was not added (not
    /// valid, not decided, or the node not open).
    pub added: Option<CutReport>,
}

impl StudentCutReport {
    /// True when the cut cuts off the node's LP point.
    pub fn cuts_off(&self) -> bool {
        self.violation > TOLERANCE
    }
}

impl<L: LabLp> Lab<L> {
    /// Reads `text` as an inequality over this lab's columns: the model's names
    /// (`x_r1_c1_v1`, `y_cage1_sum_d2`) or candidates `r1c1=1`; a candidate the model leaves out
    /// (the givens rule it out) is 0.
    pub fn parse_cut(&self, text: &str) -> Result<Inequality, LabError> {
        let names: std::collections::HashMap<String, usize> = (0..self.candidate.len())
            .map(|j| (self.column_name(j), j))
            .collect();
        let resolve = |name: &str| {
            if let Some(&j) = names.get(name) {
                return Resolved::Column(j);
            }
            match linear_text::candidate_of(name, self.n) {
                Some((cell, v)) => match self.column_of[cell][usize::from(v) - 1] {
                    Some(j) => Resolved::Column(j),
                    None => Resolved::Zero,
                },
                None => Resolved::Unknown(format!(
                    "not a column of the model (x_r1_c1_v1 … x_r{n}_c{n}_v{n}, the rules' \
                     columns as `export --format lp` names them) nor a candidate rRcC=V",
                    n = self.n
                )),
            }
        };
        Ok(linear_text::parse(text, resolve)?)
    }

    /// Checks the student's cut `text` at node `id` (see the module): valid or not (with a
    /// counterexample grid), whether it cuts off the node's LP point, and, when valid at an
    /// open node, adds it there and reports the bound's move.
    pub fn student_cut(&mut self, id: usize, text: &str) -> Result<StudentCutReport, LabError> {
        self.judge_cut(id, text, true)
    }

    /// [`Lab::student_cut`], adding the cut only when `add` (else the tree does not change:
    /// a lesson's question about a cut).
    pub fn judge_cut(
        &mut self,
        id: usize,
        text: &str,
        add: bool,
    ) -> Result<StudentCutReport, LabError> {
        let node = self.node(id)?.clone();
        let read = self.parse_cut(text)?;
        let mut cut = Cut {
            kind: CutKind::Student,
            name: String::new(),
            integral: read.terms.iter().all(|&(_, a)| a.fract() == 0.0),
            terms: read.terms,
            lower: read.lower,
            upper: read.upper,
            scope: id,
            violation: 0.0,
            origin: format!("the student's cut {}", text.trim()),
        };
        let violation = if node.values.is_empty() {
            f64::NAN
        } else {
            cut.violation_at(&node.values)
        };
        cut.violation = violation;
        let validity = self.validity(id, &cut)?;
        let added = match (&validity, node.status) {
            (Validity::Valid { .. }, NodeStatus::Open) if add => {
                Some(self.add_student_cut(id, cut.clone())?)
            }
            _ => None,
        };
        if let Some(report) = &added {
            cut.name = self.cuts[report.cut].name.clone();
        }
        Ok(StudentCutReport {
            node: id,
            cut,
            zeros: read.zeros,
            validity,
            violation,
            added,
        })
    }

    /// Decides the cut's validity on node `id`'s subproblem by a MILP per finite side.
    fn validity(&mut self, id: usize, cut: &Cut) -> Result<Validity, LabError> {
        let make = self.exact.ok_or(LabError::NoExactCheck)?();
        let model = crate::lab::lab_model(&self.puzzle);
        let mut milp = make(&model)?;
        if milp.column_count() != self.candidate.len() {
            return Err(LabError::NoExactCheck);
        }
        for (col, (lower, upper)) in self.bounds_at(id).into_iter().enumerate() {
            milp.set_column_bounds(col, lower, upper)?;
        }
        let path = self.path(id);
        for row in self.rows.iter().filter(|r| r.cut.is_some()) {
            let scope = row.cut.map(|c| self.cuts[c].scope);
            if scope.is_some_and(|s| path.contains(&s)) {
                milp.add_row(row.lower, row.upper, &row.terms)?;
            }
        }
        let seconds = self
            .time_left()
            .unwrap_or(crate::limits::DEFAULT_TIME_LIMIT);
        let mut extremes = (f64::NAN, f64::NAN);
        for maximise in [true, false] {
            let bound = if maximise { cut.upper } else { cut.lower };
            if !bound.is_finite() {
                continue;
            }
            milp.set_objective(maximise, &cut.terms)?;
            let point = milp.solve_mip(seconds)?;
            match point.state {
                LpState::Infeasible => return Ok(Validity::Valid { extremes: None }),
                LpState::Stopped => {
                    self.hit_limit = true;
                    return Ok(Validity::Undecided);
                }
                LpState::Optimal => {}
            }
            let activity = cut.activity(&point.columns);
            if maximise {
                extremes.1 = activity;
            } else {
                extremes.0 = activity;
            }
            let outside = if maximise {
                activity - cut.upper
            } else {
                cut.lower - activity
            };
            if outside > TOLERANCE * (1.0 + bound.abs()) {
                let grid = self.decode(&point.columns);
                check(&self.puzzle, &grid).map_err(|e| LabError::CheckFailed {
                    node: id,
                    reason: e.to_string(),
                })?;
                return Ok(Validity::Invalid { grid, activity });
            }
        }
        Ok(Validity::Valid {
            extremes: Some(extremes),
        })
    }

    /// Adds the student's cut, found valid, at open node `id` ([`cuts::student`]).
    fn add_student_cut(&mut self, id: usize, mut cut: Cut) -> Result<CutReport, LabError> {
        let node = self.nodes[id].clone();
        if self.solved != Some(id) {
            let point = self.solve_at(id)?;
            if point.state != LpState::Optimal {
                return Err(LabError::NoOptimalPoint(id));
            }
        }
        cut.scope = id;
        self.add_cut(id, cut, &node)
    }
}
