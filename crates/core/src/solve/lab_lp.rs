//! [`LabLp`] on HiGHS in-process: one LP relaxation kept warm for the driven branch and bound.
//!
//! The model goes to HiGHS as in [`super::solve`] (its objective included), every
//! integrality is cleared, and presolve is off, so each run is a simplex solve that leaves the
//! factored basis the tableau rows are read from (HiGHS refuses `Highs_getReducedRow` without
//! one). [`LabLp::solve_mip`] switches integrality on for one MILP run and off again.

use super::{ffi, status_of, to_highs, SolveError, SolveOptions, Status};
use crate::clock::Instant;
use crate::formulation::BuiltModel;
use crate::lp_interface::{
    dense_costs, Basic, Basis, BasisStatus, LabLp, LpBackend, LpError, LpPoint, LpState, MipPoint,
    TableauRow,
};

/// The binary model's LP relaxation in one HiGHS instance.
pub struct NativeLp {
    model: highs::Model,
    columns: usize,
    rows: usize,
    /// The objective's constant, which good_lp does not hand to HiGHS.
    constant: f64,
    /// Every [`LabLp::solve`] stops here (state [`LpState::Stopped`]); `None`: no limit.
    deadline: Option<Instant>,
}

impl From<SolveError> for LpError {
    fn from(e: SolveError) -> LpError {
        LpError(e.to_string())
    }
}

impl NativeLp {
    /// Passes `model` to HiGHS, clears integrality and switches presolve off.
    pub fn new(model: &BuiltModel, options: &SolveOptions) -> Result<NativeLp, SolveError> {
        let mut highs_model = to_highs(model, options)?;
        ffi::clear_integrality(&mut highs_model)?;
        ffi::set_string(&mut highs_model, c"presolve", "off")?;
        Ok(NativeLp {
            model: highs_model,
            columns: model.variables.len(),
            rows: model.rows.len(),
            constant: model.objective.as_ref().map_or(0.0, |o| o.constant),
            deadline: None,
        })
    }
}

/// The backend of the lab's LPs and pictures: [`NativeLp::new`] with the default options.
pub fn lab_backend() -> LpBackend {
    std::rc::Rc::new(|model: &BuiltModel| {
        let lp = NativeLp::new(model, &SolveOptions::default())?;
        Ok(Box::new(lp) as Box<dyn LabLp>)
    })
}

/// The backend of the hints' LPs ([`crate::solve::implied`]): HiGHS in-process, one thread,
/// quiet, integrality cleared, presolve off: every solve but the first starts from the previous
/// basis, and on the first (an LP of n³ columns) presolve cost more than the simplex it saves.
pub fn hint_backend() -> LpBackend {
    hint_backend_until(None)
}

/// [`hint_backend`] whose every LP solve stops at `deadline` (a hint's, a rating's time
/// limit): a 25×25 root LP alone can run for minutes.
pub fn hint_backend_until(deadline: Option<Instant>) -> LpBackend {
    std::rc::Rc::new(move |model: &BuiltModel| {
        let mut lp = quiet_lp(model, false)?;
        lp.deadline = deadline;
        Ok(Box::new(lp) as Box<dyn LabLp>)
    })
}

/// The backend of a one-off MILP solve ([`LabLp::solve_mip`] on a fresh LP): as
/// [`hint_backend`], with HiGHS's own presolve choice.
pub fn mip_backend() -> LpBackend {
    std::rc::Rc::new(|model: &BuiltModel| Ok(Box::new(quiet_lp(model, true)?) as Box<dyn LabLp>))
}

/// The model on HiGHS in-process, one thread, quiet, integrality cleared; presolve as HiGHS
/// chooses or off.
fn quiet_lp(model: &BuiltModel, presolve: bool) -> Result<NativeLp, LpError> {
    let options = SolveOptions {
        threads: 1,
        verbose: false,
        tuned: false,
        ..SolveOptions::default()
    };
    let mut highs_model = to_highs(model, &options)?;
    ffi::clear_integrality(&mut highs_model)?;
    if !presolve {
        ffi::set_string(&mut highs_model, c"presolve", "off")?;
    }
    let lp = NativeLp {
        model: highs_model,
        columns: model.variables.len(),
        rows: model.rows.len(),
        constant: model.objective.as_ref().map_or(0.0, |o| o.constant),
        deadline: None,
    };
    Ok(lp)
}

fn state_of(status: Status) -> LpState {
    match status {
        Status::Solved => LpState::Optimal,
        Status::Infeasible => LpState::Infeasible,
        _ => LpState::Stopped,
    }
}

impl LabLp for NativeLp {
    fn column_count(&self) -> usize {
        self.columns
    }

    fn row_count(&self) -> usize {
        self.rows
    }

    fn set_column_bounds(&mut self, column: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        Ok(ffi::set_column_bounds(
            &mut self.model,
            column,
            lower,
            upper,
        )?)
    }

    fn set_row_bounds(&mut self, row: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        Ok(ffi::set_row_bounds(&mut self.model, row, lower, upper)?)
    }

    fn add_row(
        &mut self,
        lower: f64,
        upper: f64,
        terms: &[(usize, f64)],
    ) -> Result<usize, LpError> {
        ffi::add_row(&mut self.model, lower, upper, terms)?;
        self.rows += 1;
        Ok(self.rows - 1)
    }

    fn set_objective(&mut self, maximise: bool, costs: &[(usize, f64)]) -> Result<(), LpError> {
        let dense = dense_costs(self.columns, costs);
        ffi::set_objective(&mut self.model, maximise, &dense)?;
        self.constant = 0.0;
        Ok(())
    }

    fn solve(&mut self) -> Result<LpPoint, LpError> {
        if let Some(deadline) = self.deadline {
            // HiGHS's limit is on its own clock, which runs across solves.
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64();
            let now = ffi::run_time(&mut self.model);
            ffi::set_double(&mut self.model, c"time_limit", now + left.max(1e-3))?;
        }
        ffi::run(&mut self.model)?;
        let state = state_of(status_of(ffi::model_status(&mut self.model)?)?);
        let iterations = ffi::int_info(&mut self.model, c"simplex_iteration_count")?.max(0);
        if state != LpState::Optimal {
            return Ok(LpPoint {
                state,
                objective: f64::NAN,
                columns: Vec::new(),
                row_duals: Vec::new(),
                reduced_costs: Vec::new(),
                iterations,
            });
        }
        let (columns, reduced_costs, _, row_duals) = ffi::full_solution(&mut self.model)?;
        Ok(LpPoint {
            state,
            objective: ffi::objective_value(&mut self.model) + self.constant,
            columns,
            row_duals,
            reduced_costs,
            iterations,
        })
    }

    fn basis(&mut self) -> Result<Basis, LpError> {
        let (cols, rows) = ffi::basis_status(&mut self.model)?;
        let basic = ffi::basic_variables(&mut self.model)?;
        Ok(Basis {
            basic: basic.into_iter().map(Basic::from_highs).collect(),
            columns: cols.into_iter().map(BasisStatus::from_highs).collect(),
            rows: rows.into_iter().map(BasisStatus::from_highs).collect(),
        })
    }

    fn set_basis(&mut self, basis: &Basis) -> Result<(), LpError> {
        let cols: Vec<i32> = basis.columns.iter().map(|s| s.to_highs()).collect();
        let mut rows: Vec<i32> = basis.rows.iter().map(|s| s.to_highs()).collect();
        rows.resize(self.rows, 1);
        Ok(ffi::set_basis(&mut self.model, &cols, &rows)?)
    }

    fn tableau_row(&mut self, position: usize) -> Result<TableauRow, LpError> {
        let (inverse, reduced) = ffi::tableau_row(&mut self.model, position)?;
        Ok(TableauRow { reduced, inverse })
    }

    fn solve_mip(&mut self, time_limit: f64) -> Result<MipPoint, LpError> {
        ffi::set_all_integrality(&mut self.model, true)?;
        let before = ffi::run_time(&mut self.model);
        ffi::set_double(
            &mut self.model,
            c"time_limit",
            before + time_limit.max(1e-3),
        )?;
        let run = ffi::run(&mut self.model);
        let read = run.and_then(|()| {
            let state = state_of(status_of(ffi::model_status(&mut self.model)?)?);
            let nodes = ffi::int64_info(&mut self.model, c"mip_node_count")?;
            let columns = match state {
                LpState::Optimal => ffi::column_values(&mut self.model)?,
                _ => Vec::new(),
            };
            let objective = ffi::objective_value(&mut self.model) + self.constant;
            Ok(MipPoint {
                state,
                objective,
                columns,
                nodes,
            })
        });
        ffi::set_all_integrality(&mut self.model, false)?;
        ffi::set_double(&mut self.model, c"time_limit", f64::INFINITY)?;
        Ok(read?)
    }
}
