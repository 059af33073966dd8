//! The certificate of an elimination: rows of the binary model (named as `export --format lp`
//! names them) and multipliers whose sum proves x_cv ≤ 0 on the LP relaxation, given the
//! digits placed and the candidates removed so far.
//!
//! A pigeon-hole technique (locked candidates, subsets, fish) states its argument as rows
//! ([`Step::argument`]): the houses and cells its text names, with multipliers ±1. That is the
//! certificate, checked by [`crate::check::certificate`] like any other
//! ([`CertificateFrom::Houses`]). Only for the other techniques is the LP asked
//! ([`CertificateFrom::Lp`]).
//!
//! How the LP's certificate is found and made small: the LP kept warm for the puzzle ([`ImpliedLp`]) maximises
//! x_cv in the grid's current state. A maximum above 0 means the candidate is not implied by
//! the LP relaxation (that maximum is reported). At 0, HiGHS's row duals give a first
//! certificate; its rows (the dual's support) together with the rows of the step's own houses
//! and cells are then handed to [`smallest_combination`], which picks the combination of least
//! L1 norm among them — in practice the few rows of the human argument (a naked pair: two cell
//! rows and two house-value rows). Whichever is used is checked by
//! [`crate::check::certificate`] before it is returned; the smaller one if it passes, else the
//! dual itself, else an error.

use super::grid::Candidates;
use super::step::{ModelRow, Step};
use crate::check::certificate::{CandidateState, RowSense, TextRow};
use crate::check::summed::SummedInequality;
use crate::export::{linear, Linear};
use crate::formulation::binary::Binary;
use crate::formulation::names::{cell_row_name, house_row_name};
use crate::formulation::{Formulation, Sense};
use crate::lp_interface::{LpBackend, LpError};
use crate::puzzle::Puzzle;
use crate::solve::implied::{smallest_combination, ColumnState, ImpliedLp, Maximum, OpenRow};
use crate::solve::SolveError;

/// Multipliers below this are dropped.
const ZERO: f64 = 1e-9;

/// Where a certificate's rows come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CertificateFrom {
    /// The houses and cells the step's text names (a pigeon-hole argument).
    Houses,
    /// HiGHS's dual, made small (the technique is not a pigeon-hole argument).
    Lp,
}

impl CertificateFrom {
    /// `houses` or `lp` (as the JSON writes it).
    pub fn name(self) -> &'static str {
        match self {
            CertificateFrom::Houses => "houses",
            CertificateFrom::Lp => "lp",
        }
    }
}

/// Rows and multipliers that prove an elimination, checked, where they come from, and the
/// inequality they sum to (what the text and every front end write out).
#[derive(Debug, Clone, PartialEq)]
pub struct Certificate {
    pub rows: Vec<(String, f64)>,
    pub from: CertificateFrom,
    pub summed: SummedInequality,
}

impl std::ops::Deref for Certificate {
    type Target = [(String, f64)];
    fn deref(&self) -> &[(String, f64)] {
        &self.rows
    }
}

/// What the LP says about one candidate.
#[derive(Debug, Clone, PartialEq)]
pub enum Proof {
    /// Rows and multipliers, checked.
    Implied(Certificate),
    /// The LP's maximum of x_cv is above 0.
    NotImplied { max: f64 },
}

/// Why no certificate could be given.
#[derive(Debug, thiserror::Error)]
pub enum CertificateFailure {
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error(transparent)]
    Lp(#[from] LpError),
    #[error("the model cannot be read as rows: {0}")]
    Model(String),
    #[error("the LP relaxation is infeasible in this state")]
    Infeasible,
    #[error("no certificate of {0} passed the checker: {1}")]
    Unchecked(String, String),
    /// The time limit passed between two LP solves.
    #[error("the time limit was reached before the LP work was done")]
    TimeLimit,
}

/// The puzzle's LP, its rows as text and the column of every candidate.
pub struct Certifier {
    lp: ImpliedLp,
    backend: LpBackend,
    rows: Vec<TextRow>,
    /// Terms of each row by column index.
    terms: Vec<Vec<(usize, f64)>>,
    n: usize,
    /// Column of candidate (cell, v) at `cell·n + v − 1`.
    column: Vec<usize>,
}

fn candidate_state(g: &Candidates, cell: usize, v: u8) -> CandidateState {
    if g.value[cell] == v {
        CandidateState::Placed
    } else if g.value[cell] == 0 && g.has(cell, v) {
        CandidateState::Open
    } else {
        CandidateState::Removed
    }
}

impl Certifier {
    /// [`Certifier::with_backend`] on HiGHS in-process.
    #[cfg(feature = "highs")]
    pub fn new(puzzle: &Puzzle) -> Result<Certifier, CertificateFailure> {
        Certifier::with_backend(puzzle, crate::solve::lab_lp::hint_backend())
    }

    /// Builds the binary model of the puzzle (as `export --format lp` writes it) and its LP on
    /// `backend`.
    pub fn with_backend(
        puzzle: &Puzzle,
        backend: LpBackend,
    ) -> Result<Certifier, CertificateFailure> {
        let model = Binary::default().build(puzzle);
        let lin = linear(&model).map_err(|e| CertificateFailure::Model(e.to_string()))?;
        let n = puzzle.order();
        // The unreduced binary model has every x_{cell,v}.
        let column = (0..n * n)
            .flat_map(|cell| (1..=n as u8).map(move |v| (cell, v)))
            .map(|(cell, v)| model.column(cell, v).unwrap_or(usize::MAX))
            .collect();
        let rows = text_rows(&lin);
        let terms = lin.rows.iter().map(|r| r.terms.clone()).collect();
        Ok(Certifier {
            lp: ImpliedLp::new(&model, &backend)?,
            backend,
            rows,
            terms,
            n,
            column,
        })
    }

    /// The model's rows as text (for tests and pictures).
    pub fn rows(&self) -> &[TextRow] {
        &self.rows
    }

    /// LP solves so far.
    pub fn solves(&self) -> usize {
        self.lp.solves
    }

    /// Sets the LP's bounds to the grid's state.
    pub fn sync(&mut self, g: &Candidates) -> Result<(), CertificateFailure> {
        for cell in 0..g.n * g.n {
            for v in 1..=g.n as u8 {
                let j = self.column[cell * self.n + v as usize - 1];
                let state = match candidate_state(g, cell, v) {
                    CandidateState::Placed => ColumnState::Placed,
                    CandidateState::Open => ColumnState::Open,
                    CandidateState::Removed => ColumnState::Removed,
                };
                self.lp.set_state(j, state)?;
            }
        }
        Ok(())
    }

    /// The column of candidate (cell, v).
    pub fn column_of(&self, cell: usize, v: u8) -> usize {
        self.column[cell * self.n + v as usize - 1]
    }

    /// The LP's maximum of the sum of these candidates' columns (after [`Certifier::sync`]);
    /// `None` when the LP is infeasible.
    pub fn maximum(
        &mut self,
        candidates: &[(usize, u8)],
    ) -> Result<Option<f64>, CertificateFailure> {
        let cols: Vec<usize> = candidates
            .iter()
            .map(|&(c, v)| self.column_of(c, v))
            .collect();
        Ok(match self.lp.maximise(&cols)? {
            Maximum::Infeasible => None,
            Maximum::Value { max, .. } => Some(max),
        })
    }

    /// Of these candidates, those whose LP maximum is 0 (after [`Certifier::sync`]): maximise
    /// the sum of those not yet decided; every candidate positive at the optimum has a positive
    /// maximum and is dropped; when the sum's maximum is 0, all that are left are 0 on the
    /// whole polytope. Each round drops at least one candidate, and usually many.
    pub fn zero_on_lp(
        &mut self,
        candidates: &[(usize, u8)],
    ) -> Result<Vec<(usize, u8)>, CertificateFailure> {
        let mut rest: Vec<(usize, u8)> = candidates.to_vec();
        while !rest.is_empty() {
            let cols: Vec<usize> = rest.iter().map(|&(c, v)| self.column_of(c, v)).collect();
            match self.lp.maximise(&cols)? {
                Maximum::Infeasible => return Err(CertificateFailure::Infeasible),
                Maximum::Value { max, point, .. } => {
                    if max <= 1e-7 {
                        return Ok(rest);
                    }
                    let before = rest.len();
                    rest.retain(|&(c, v)| point[self.column_of(c, v)] <= 1e-9);
                    if rest.len() == before {
                        // Numerically positive sum with every value at 0: decide one by one.
                        let mut zero = Vec::new();
                        for &(c, v) in &rest {
                            if self.maximum(&[(c, v)])?.is_some_and(|m| m <= 1e-7) {
                                zero.push((c, v));
                            }
                        }
                        return Ok(zero);
                    }
                }
            }
        }
        Ok(rest)
    }

    /// Fixes candidate (cell, v) to 1 (probing) and returns a feasible LP point then, or
    /// `None` when the LP becomes infeasible; its state is restored.
    pub fn probe(&mut self, cell: usize, v: u8) -> Result<Option<Vec<f64>>, CertificateFailure> {
        let j = self.column_of(cell, v);
        let before = self.lp.state(j);
        self.lp.set_state(j, ColumnState::Placed)?;
        let out = self.lp.maximise(&[]);
        self.lp.set_state(j, before)?;
        Ok(match out? {
            Maximum::Infeasible => None,
            Maximum::Value { point, .. } => Some(point),
        })
    }

    /// Removes candidate (cell, v) from the LP (after a probe found it infeasible).
    pub fn remove(&mut self, cell: usize, v: u8) -> Result<(), CertificateFailure> {
        let j = self.column_of(cell, v);
        Ok(self.lp.set_state(j, ColumnState::Removed)?)
    }

    /// The proof that candidate (cell, v) is 0 on the LP in the grid's state `g` (synced):
    /// the step's own argument when it has one and it passes the checker, else the LP's,
    /// preferring the rows of the step's houses and cells.
    pub fn prove(
        &mut self,
        g: &Candidates,
        step: &Step,
        cell: usize,
        v: u8,
    ) -> Result<Proof, CertificateFailure> {
        let mut tried = Vec::new();
        if !step.argument.is_empty() {
            let named = argument_rows(g, &step.argument);
            match self.checked(g, (cell, v), named, CertificateFrom::Houses) {
                Ok(c) => return Ok(Proof::Implied(c)),
                Err(e) => tried.push(format!("the step's own rows: {e}")),
            }
        }
        let target = self.column_of(cell, v);
        let (max, duals) = match self.lp.maximise(&[target])? {
            Maximum::Infeasible => return Err(CertificateFailure::Infeasible),
            Maximum::Value {
                max, multipliers, ..
            } => (max, multipliers),
        };
        if max > 1e-7 {
            return Ok(Proof::NotImplied { max });
        }
        let dual: Vec<(usize, f64)> = duals
            .iter()
            .enumerate()
            .filter(|(_, m)| m.abs() > ZERO)
            .map(|(i, &m)| (i, m))
            .collect();
        let mut chosen: Vec<usize> = dual.iter().map(|&(i, _)| i).collect();
        chosen.extend(self.step_rows(g, step));
        chosen.sort_unstable();
        chosen.dedup();
        let small = self.shrink(g, &chosen, target)?;
        for candidate in [small, Some(dual)].into_iter().flatten() {
            let named = self.named(&candidate);
            match self.checked(g, (cell, v), named, CertificateFrom::Lp) {
                Ok(c) => return Ok(Proof::Implied(c)),
                Err(e) => tried.push(e),
            }
        }
        Err(CertificateFailure::Unchecked(
            format!("{v} in {}", g.cell(cell)),
            tried.join("; "),
        ))
    }

    /// The certificate `rows` of candidate (cell, v) if the checker passes it in the state `g`,
    /// else why not.
    fn checked(
        &self,
        g: &Candidates,
        (cell, v): (usize, u8),
        rows: Vec<(String, f64)>,
        from: CertificateFrom,
    ) -> Result<Certificate, String> {
        let state =
            |r: usize, c: usize, w: usize| candidate_state(g, (r - 1) * g.n + c - 1, w as u8);
        let target = (g.cell(cell).row + 1, g.cell(cell).col + 1, v as usize);
        let summed =
            SummedInequality::of(&self.rows, state, target, &rows).map_err(|e| e.to_string())?;
        match summed.failures().first() {
            Some(e) => Err(e.to_string()),
            None => Ok(Certificate { rows, from, summed }),
        }
    }

    /// Row indices of the step's houses (every value) and cells.
    fn step_rows(&self, g: &Candidates, step: &Step) -> Vec<usize> {
        let mut names: Vec<String> = Vec::new();
        for &h in &step.houses {
            for v in 1..=g.n {
                names.push(house_row_name(g.houses[h].kind, v));
            }
        }
        for &c in step
            .cells
            .iter()
            .chain(step.eliminations.iter().map(|(c, _)| c))
        {
            names.push(cell_row_name(g.cell(c)));
        }
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| names.contains(&r.name))
            .map(|(i, _)| i)
            .collect()
    }

    /// The least-L1 combination of the `chosen` rows (multipliers rounded to 1e-6, integers kept
    /// exact), or `None`.
    fn shrink(
        &self,
        g: &Candidates,
        chosen: &[usize],
        target: usize,
    ) -> Result<Option<Vec<(usize, f64)>>, CertificateFailure> {
        let open_rows: Vec<OpenRow> = chosen
            .iter()
            .map(|&i| {
                let mut rhs = self.rows[i].rhs;
                let mut terms = Vec::new();
                for &(j, a) in &self.terms[i] {
                    match self.lp.state(j) {
                        ColumnState::Placed => rhs -= a,
                        ColumnState::Open => terms.push((j, a)),
                        ColumnState::Removed => {}
                    }
                }
                OpenRow {
                    direction: match self.rows[i].sense {
                        RowSense::Le => 1,
                        RowSense::Ge => -1,
                        RowSense::Eq => 0,
                    },
                    terms,
                    rhs,
                }
            })
            .collect();
        let _ = g;
        let Some(m) = smallest_combination(&open_rows, target, &self.backend)? else {
            return Ok(None);
        };
        Ok(Some(
            chosen
                .iter()
                .zip(m)
                .filter(|(_, m)| m.abs() > ZERO)
                .map(|(&i, m)| (i, round(m)))
                .collect(),
        ))
    }

    fn named(&self, multipliers: &[(usize, f64)]) -> Vec<(String, f64)> {
        multipliers
            .iter()
            .map(|&(i, m)| (self.rows[i].name.clone(), round(m)))
            .collect()
    }
}

/// The rows of a model as text (names as `export --format lp` writes them), for the checker.
pub fn text_rows(lin: &Linear) -> Vec<TextRow> {
    lin.rows
        .iter()
        .map(|r| TextRow {
            name: r.name.to_string(),
            sense: match r.sense {
                Sense::Le => RowSense::Le,
                Sense::Ge => RowSense::Ge,
                Sense::Eq => RowSense::Eq,
            },
            terms: r
                .terms
                .iter()
                .map(|&(j, a)| (lin.columns[j].name.to_string(), a))
                .collect(),
            rhs: r.rhs,
        })
        .collect()
}

/// The rows of a step's argument by their names in `export --format lp`.
fn argument_rows(g: &Candidates, argument: &[(ModelRow, f64)]) -> Vec<(String, f64)> {
    argument
        .iter()
        .map(|&(row, m)| {
            let name = match row {
                ModelRow::House(h, v) => house_row_name(g.houses[h].kind, v as usize),
                ModelRow::Cell(c) => cell_row_name(g.cell(c)),
            };
            (name, m)
        })
        .collect()
}

/// A multiplier within 1e-9 of an integer becomes that integer (the usual case: the rows of a
/// pigeon-hole argument add up with multipliers ±1); others are kept as HiGHS gave them.
fn round(m: f64) -> f64 {
    if (m - m.round()).abs() < 1e-9 {
        m.round() + 0.0
    } else {
        m
    }
}
