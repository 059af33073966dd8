//! The student's own cut: an inequality `lower ≤ Σ a_j x_j ≤ upper` typed in LP syntax over the
//! model's columns or in the short form over cells and digits ([`crate::linear_text`]).
//!
//! **Valid** means no integer point of the node's subproblem (the model's rows, the node's
//! fixings, the cuts in scope, every column integer) violates it. That is decided exactly on a
//! fresh LP of the lab's model ([`Lab::exact`]) made a MILP. With integer coefficients (every
//! cut typed over candidates with whole multipliers) Σ a_j x_j is an integer at every grid, so
//! the cut is violated exactly when Σ a_j x_j ≥ ⌊upper⌋ + 1 (or ≤ ⌈lower⌉ − 1): that row is
//! added and HiGHS is asked for any integer point, no objective — none means valid (proven:
//! an "infeasible" found with presolve is confirmed by a run without it on both backends, as
//! presolve's "infeasible" alone is no proof, [`crate::solve::session`]), a point is a grid
//! (passed by the independent checker) that violates the cut — the counterexample. Deciding is
//! cheaper than optimising: presolve fixes and propagates from the row, and the first point
//! found ends the search (the objective is 0, so any point is optimal). With fractional
//! coefficients one MILP per finite side optimises Σ a_j x_j (`max` against `upper`, `min`
//! against `lower`) and its optima are reported. A valid cut at an open node is then added
//! like the separators' cuts, and the node re-solved: the bound before and after say how far
//! it moved.

use super::{Cut, CutKind, CutReport};
use crate::check::check;
use crate::lab::lp::{LabLp, LpState};
use crate::lab::{Lab, LabError, NodeStatus, TOLERANCE};
use crate::linear_text::{self, Inequality, Resolved};
use crate::puzzle::Grid;

/// Whether the cut holds at every grid of the node's subproblem.
#[derive(Debug, Clone, PartialEq)]
pub enum Validity {
    /// No grid of the subproblem violates it; `proof` says how that was decided.
    Valid { proof: Proof },
    /// This grid (checked) lies in the subproblem and violates the cut: Σ a_j x_j = `activity`.
    Invalid { grid: Grid, activity: f64 },
    /// The MILP stopped at the time limit: not decided.
    Undecided,
}

/// How a valid cut was proven valid (exactly, by HiGHS's MILP).
#[derive(Debug, Clone, PartialEq)]
pub enum Proof {
    /// Integer coefficients: the subproblem with the row Σ a_j x_j ≥ `at_least` (⌊upper⌋ + 1),
    /// and with Σ a_j x_j ≤ `at_most` (⌈lower⌉ − 1), has no integer point (`None`: that side
    /// is infinite). This says nothing about whether the subproblem has a grid at all.
    NoGridReaches {
        at_least: Option<f64>,
        at_most: Option<f64>,
    },
    /// Fractional coefficients: the smallest and largest Σ a_j x_j over the subproblem's grids
    /// (NaN for an infinite side), each a MILP's optimum; `None` when the subproblem has no
    /// grid.
    Extremes(Option<(f64, f64)>),
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

    /// Decides the cut's validity on node `id`'s subproblem: by feasibility MILPs when its
    /// coefficients are integers ([`Lab::decide`]), else by optimising each finite side
    /// ([`Lab::optimise`]).
    fn validity(&mut self, id: usize, cut: &Cut) -> Result<Validity, LabError> {
        let mut milp = self.subproblem(id)?;
        let seconds = self
            .time_left()
            .unwrap_or(crate::limits::DEFAULT_TIME_LIMIT);
        let validity = if cut.integral {
            self.decide(id, cut, &mut milp, seconds)?
        } else {
            self.optimise(id, cut, &mut milp, seconds)?
        };
        if validity == Validity::Undecided {
            self.hit_limit = true;
        }
        Ok(validity)
    }

    /// Node `id`'s subproblem as a MILP: a fresh LP of the lab's model ([`Lab::exact`]) with
    /// the node's fixings and the cuts in scope (every column is integer in its MILP solves).
    fn subproblem(&self, id: usize) -> Result<Box<dyn LabLp>, LabError> {
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
        Ok(milp)
    }

    /// Integer coefficients over integer columns make Σ a_j x_j an integer at every grid, so
    /// the cut is violated exactly when Σ a_j x_j ≥ ⌊upper⌋ + 1 or Σ a_j x_j ≤ ⌈lower⌉ − 1.
    /// Each finite side's violation is added as a row, with no objective, and HiGHS asked for
    /// any integer point: none (infeasible, proven) for every side ⇒ valid; a point ⇒ the
    /// counterexample. No optimum is computed, so no extremes are known.
    fn decide(
        &self,
        id: usize,
        cut: &Cut,
        milp: &mut Box<dyn LabLp>,
        seconds: f64,
    ) -> Result<Validity, LabError> {
        let at_least = cut.upper.is_finite().then(|| cut.upper.floor() + 1.0);
        let at_most = cut.lower.is_finite().then(|| cut.lower.ceil() - 1.0);
        let sides = [
            at_least.map(|k| (k, f64::INFINITY)),
            at_most.map(|k| (f64::NEG_INFINITY, k)),
        ];
        milp.set_objective(false, &[])?;
        let mut row = None;
        for (lower, upper) in sides.into_iter().flatten() {
            let r = match row {
                Some(r) => {
                    milp.set_row_bounds(r, lower, upper)?;
                    r
                }
                None => milp.add_row(lower, upper, &cut.terms)?,
            };
            row = Some(r);
            let point = milp.solve_mip(seconds)?;
            match point.state {
                LpState::Infeasible => continue,
                LpState::Stopped => return Ok(Validity::Undecided),
                LpState::Optimal => {}
            }
            let integral: Vec<f64> = point.columns.iter().map(|x| x.round()).collect();
            // Integers times whole coefficients: the activity is exact, so is the comparison
            // (`x <= 0.9999999` is violated by x = 1, with no tolerance).
            if cut.violation_at(&integral) <= 0.0 {
                return Err(LabError::CheckFailed {
                    node: id,
                    reason: "the MILP's point does not violate the student's cut".into(),
                });
            }
            return self.counterexample(id, cut, &integral);
        }
        Ok(Validity::Valid {
            proof: Proof::NoGridReaches { at_least, at_most },
        })
    }

    /// Fractional coefficients: one MILP per finite side, max Σ a_j x_j (against `upper`) and
    /// min Σ a_j x_j (against `lower`), each to optimality; an optimum outside its bound is the
    /// counterexample, else the optima are the extremes.
    fn optimise(
        &self,
        id: usize,
        cut: &Cut,
        milp: &mut Box<dyn LabLp>,
        seconds: f64,
    ) -> Result<Validity, LabError> {
        let mut extremes = (f64::NAN, f64::NAN);
        for maximise in [true, false] {
            let bound = if maximise { cut.upper } else { cut.lower };
            if !bound.is_finite() {
                continue;
            }
            milp.set_objective(maximise, &cut.terms)?;
            let point = milp.solve_mip(seconds)?;
            match point.state {
                LpState::Infeasible => {
                    return Ok(Validity::Valid {
                        proof: Proof::Extremes(None),
                    })
                }
                LpState::Stopped => return Ok(Validity::Undecided),
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
                return self.counterexample(id, cut, &point.columns);
            }
        }
        Ok(Validity::Valid {
            proof: Proof::Extremes(Some(extremes)),
        })
    }

    /// The grid of the MILP point `columns`, which violates the cut, once the independent
    /// checker has passed it.
    fn counterexample(&self, id: usize, cut: &Cut, columns: &[f64]) -> Result<Validity, LabError> {
        let grid = self.decode(columns);
        check(&self.puzzle, &grid).map_err(|e| LabError::CheckFailed {
            node: id,
            reason: e.to_string(),
        })?;
        Ok(Validity::Invalid {
            grid,
            activity: cut.activity(columns),
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
