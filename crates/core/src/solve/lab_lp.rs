//! [`NativeLp`]: the one HiGHS instance kept warm behind [`LabLp`], for every LP and every
//! re-solved MILP of the project: the lab and its pictures, the hints, lp-bb, and (with the
//! MILP solves of [`super::session`]) counting, explaining and generating.
//!
//! The model goes to HiGHS as in [`super::solve`] (its objective included); then the policy of
//! its use ([`LpUse::policy`], decided in the interface) is applied: integrality cleared or
//! kept, presolve off or HiGHS's choice. Bounds, rows and costs change in place between
//! solves and each solve starts from the basis HiGHS holds (or one [`LabLp::set_basis`] gave).
//! The HiGHS calls go through [`super::ffi`].

use super::{ffi, ms, set_time_limit, status_of, to_highs, SolveError, SolveOptions, SolveStats};
use crate::clock::Instant;
use crate::formulation::BuiltModel;
use crate::limits::Limits;
use crate::lp_interface::{
    backend, dense_costs, Basis, LabLp, LpBackend, LpError, LpPoint, LpPolicy, LpState, LpUse,
    MipPoint, TableauRow,
};
use crate::status::Status;

/// One model in one HiGHS instance. Column and row indices are those of the [`BuiltModel`] it
/// was made from, followed by whatever was added since, in order.
pub struct NativeLp {
    pub(super) model: highs::Model,
    /// Every column's bounds as last set: a change that changes nothing is not sent.
    pub(super) bounds: Vec<(f64, f64)>,
    pub(super) rows: usize,
    /// The objective's constant, which good_lp does not hand to HiGHS.
    constant: f64,
    /// HiGHS's `time_limit` on its own run clock (∞: none): every LP solve and MILP run of
    /// this instance ends there ([`NativeLp::set_time_limit`]).
    pub(super) time_limit: f64,
    pub(super) policy: LpPolicy,
    /// The options the LP was made with (each MILP solve sizes the feasibility jump by them).
    pub(super) options: SolveOptions,
    /// Totals over the MILP solves ([`NativeLp::solve_milp`]); `solve_ms` also counts passing
    /// the model to HiGHS.
    pub totals: SolveStats,
    /// Number of MILP solves so far.
    pub solves: usize,
    /// How many "infeasible" answers were confirmed by a run without presolve
    /// ([`super::session`]).
    pub confirmations: usize,
    /// How many MILP solves needed the retry without presolve ([`super::session`]).
    pub retries: usize,
    /// Every LP solve ([`NativeLp::solve_lp`]) stops here too (state [`LpState::Stopped`]);
    /// `None`: no wall-clock deadline.
    pub(super) deadline: Option<Instant>,
}

impl From<SolveError> for LpError {
    fn from(e: SolveError) -> LpError {
        LpError(e.to_string())
    }
}

impl NativeLp {
    /// The lab's LP ([`LpUse::Lab`]) of `model` with `options`.
    pub fn new(model: &BuiltModel, options: &SolveOptions) -> Result<NativeLp, SolveError> {
        NativeLp::for_use(model, options, LpUse::Lab)
    }

    /// Passes `model` to HiGHS with `options`, then sets it up as `use_`'s policy says.
    pub fn for_use(
        model: &BuiltModel,
        options: &SolveOptions,
        use_: LpUse,
    ) -> Result<NativeLp, SolveError> {
        let start = Instant::now();
        let policy = use_.policy();
        let mut highs_model = to_highs(model, options)?;
        if policy.relaxed {
            ffi::clear_integrality(&mut highs_model)?;
        }
        for (name, value) in policy.options() {
            ffi::set_option_text(&mut highs_model, name, value)?;
        }
        let bounds = model
            .variables
            .iter_variables_with_def()
            .map(|(_, def)| (def.get_min(), def.get_max()))
            .collect();
        Ok(NativeLp {
            model: highs_model,
            bounds,
            rows: model.rows.len(),
            constant: model.objective.as_ref().map_or(0.0, |o| o.constant),
            time_limit: f64::INFINITY,
            policy,
            options: options.clone(),
            totals: SolveStats {
                solve_ms: ms(start.elapsed()),
                ..SolveStats::default()
            },
            solves: 0,
            confirmations: 0,
            retries: 0,
            deadline: None,
        })
    }

    /// Lets this instance's solves run `seconds` more in all (HiGHS's run clock keeps running
    /// across runs): a solve that reaches the limit returns [`LpState::Stopped`].
    pub fn set_time_limit(&mut self, seconds: f64) -> Result<(), SolveError> {
        self.time_limit = ffi::run_time(&mut self.model) + seconds.max(1e-3);
        ffi::set_double(&mut self.model, c"time_limit", self.time_limit)
    }

    /// Bounds HiGHS's time over every solve from now on by `limits` (lp-bb's whole search).
    pub fn limit_time(&mut self, limits: &Limits) -> Result<(), SolveError> {
        set_time_limit(&mut self.model, &self.options, limits)
    }

    /// Sets `lower ≤ x_column ≤ upper` (nothing is sent to HiGHS when they are unchanged).
    pub fn set_column_bounds(
        &mut self,
        column: usize,
        lower: f64,
        upper: f64,
    ) -> Result<(), SolveError> {
        let count = self.bounds.len();
        let Some(current) = self.bounds.get_mut(column) else {
            return Err(SolveError::Index {
                what: "column",
                index: column,
                count,
            });
        };
        if *current != (lower, upper) {
            ffi::set_column_bounds(&mut self.model, column, lower, upper)?;
            *current = (lower, upper);
        }
        Ok(())
    }

    /// Sets `lower ≤ a_row x ≤ upper` (±∞ switch a row off).
    pub fn set_row_bounds(&mut self, row: usize, lower: f64, upper: f64) -> Result<(), SolveError> {
        if row >= self.rows {
            return Err(SolveError::Index {
                what: "row",
                index: row,
                count: self.rows,
            });
        }
        ffi::set_row_bounds(&mut self.model, row, lower, upper)
    }

    /// Adds the row `lower ≤ Σ a_j x_j ≤ upper`; returns its index.
    pub fn add_row(
        &mut self,
        lower: f64,
        upper: f64,
        terms: &[(usize, f64)],
    ) -> Result<usize, SolveError> {
        ffi::add_row(&mut self.model, lower, upper, terms)?;
        self.rows += 1;
        Ok(self.rows - 1)
    }

    /// Solves the LP from the current basis and reads its point and this run's iterations.
    pub fn solve_lp(&mut self) -> Result<LpPoint, SolveError> {
        if let Some(deadline) = self.deadline {
            // HiGHS's limit is on its own clock, which runs across solves.
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64();
            let limit = (ffi::run_time(&mut self.model) + left.max(1e-3)).min(self.time_limit);
            ffi::set_double(&mut self.model, c"time_limit", limit)?;
        }
        ffi::run(&mut self.model)?;
        let state = state_of(status_of(ffi::model_status(&mut self.model)?)?);
        let iterations = ffi::int_info(&mut self.model, c"simplex_iteration_count")?.max(0);
        if state != LpState::Optimal {
            return Ok(LpPoint::without_point(state, iterations));
        }
        let (columns, reduced_costs, _, row_duals) = ffi::full_solution(&mut self.model)?;
        Ok(LpPoint {
            state,
            objective: self.objective_value(),
            columns,
            row_duals,
            reduced_costs,
            iterations,
        })
    }

    /// The objective value of the last run, with the model's constant.
    pub(super) fn objective_value(&mut self) -> f64 {
        ffi::objective_value(&mut self.model) + self.constant
    }
}

/// The native [`crate::lp_interface::LpMaker`]: `model` on HiGHS in-process with the default
/// options (one thread, quiet), set up for `use_`.
pub fn make(model: &BuiltModel, use_: LpUse) -> Result<Box<dyn LabLp>, LpError> {
    let lp = NativeLp::for_use(model, &SolveOptions::default(), use_)?;
    Ok(Box::new(lp))
}

/// The backend of the lab's LPs and pictures ([`LpUse::Lab`]).
pub fn lab_backend() -> LpBackend {
    backend(make, LpUse::Lab)
}

/// The backend of the hints' LPs ([`LpUse::Hints`]).
pub fn hint_backend() -> LpBackend {
    backend(make, LpUse::Hints)
}

/// [`hint_backend`] whose every LP solve stops at `deadline` (a hint's, a rating's time
/// limit): a 25×25 root LP alone can run for minutes.
pub fn hint_backend_until(deadline: Option<Instant>) -> LpBackend {
    std::rc::Rc::new(move |model: &BuiltModel| {
        let mut lp = NativeLp::for_use(model, &SolveOptions::default(), LpUse::Hints)?;
        lp.deadline = deadline;
        Ok(Box::new(lp) as Box<dyn LabLp>)
    })
}

/// The backend of a one-off MILP solve ([`LpUse::Mip`]).
pub fn mip_backend() -> LpBackend {
    backend(make, LpUse::Mip)
}

/// An LP state from a solve's status.
pub(super) fn state_of(status: Status) -> LpState {
    match status {
        Status::Solved => LpState::Optimal,
        Status::Infeasible => LpState::Infeasible,
        _ => LpState::Stopped,
    }
}

impl LabLp for NativeLp {
    fn column_count(&self) -> usize {
        self.bounds.len()
    }

    fn row_count(&self) -> usize {
        self.rows
    }

    fn set_column_bounds(&mut self, column: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        Ok(NativeLp::set_column_bounds(self, column, lower, upper)?)
    }

    fn set_row_bounds(&mut self, row: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        Ok(NativeLp::set_row_bounds(self, row, lower, upper)?)
    }

    fn add_row(
        &mut self,
        lower: f64,
        upper: f64,
        terms: &[(usize, f64)],
    ) -> Result<usize, LpError> {
        Ok(NativeLp::add_row(self, lower, upper, terms)?)
    }

    fn set_objective(&mut self, maximise: bool, costs: &[(usize, f64)]) -> Result<(), LpError> {
        let dense = dense_costs(self.bounds.len(), costs);
        ffi::set_objective(&mut self.model, maximise, &dense)?;
        self.constant = 0.0;
        Ok(())
    }

    fn solve(&mut self) -> Result<LpPoint, LpError> {
        Ok(self.solve_lp()?)
    }

    fn basis(&mut self) -> Result<Basis, LpError> {
        let (columns, rows) = ffi::basis_status(&mut self.model)?;
        let basic = ffi::basic_variables(&mut self.model)?;
        Ok(Basis::from_highs(&basic, &columns, &rows))
    }

    fn set_basis(&mut self, basis: &Basis) -> Result<(), LpError> {
        let (columns, rows) = basis.to_highs(self.rows);
        Ok(ffi::set_basis(&mut self.model, &columns, &rows)?)
    }

    fn tableau_row(&mut self, position: usize) -> Result<TableauRow, LpError> {
        let (inverse, reduced) = ffi::tableau_row(&mut self.model, position)?;
        Ok(TableauRow { reduced, inverse })
    }

    fn solve_mip(&mut self, time_limit: f64) -> Result<MipPoint, LpError> {
        Ok(self.solve_integer(time_limit)?)
    }
}
