//! [`LabLp`] on HiGHS compiled to WebAssembly (the `highs` npm package), through the thin
//! binding `highs_glue.js` (global `sudoku_ilp_highs`). The model goes over once (columns,
//! rows as CSR, objective) from [`sudoku_ilp::export::linear`], the same reading of the model
//! the LP and MPS writers use; afterwards only bounds, rows, costs and integrality change, and
//! each solve starts from HiGHS's current basis (warm). The model is freed when the value is
//! dropped (`Highs_destroy`).
//!
//! How the model is set up (integrality, presolve, options) is the interface's decision
//! ([`LpUse::policy`]) and the project's HiGHS defaults ([`sudoku_ilp::solve::TUNED`]), the
//! same as for the native [`sudoku_ilp::solve::lab_lp::NativeLp`]: this file applies them and
//! decides nothing.

use sudoku_ilp::export::{linear, objective_terms};
use sudoku_ilp::formulation::{BuiltModel, Sense};
use sudoku_ilp::lp_interface::{
    dense_costs, Basis, LabLp, LpError, LpPoint, LpState, LpUse, MipPoint, TableauRow,
};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = set, catch)]
    pub fn glue_set(module: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = live)]
    pub fn glue_live() -> u32;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = created)]
    pub fn glue_created() -> u32;
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = create, catch)]
    fn glue_create(
        sense: i32,
        offset: f64,
        col_cost: &[f64],
        col_lower: &[f64],
        col_upper: &[f64],
        row_lower: &[f64],
        row_upper: &[f64],
        starts: &[i32],
        indices: &[i32],
        values: &[f64],
        integrality: &[i32],
    ) -> Result<u32, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = destroy)]
    fn glue_destroy(id: u32);
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = set_option, catch)]
    fn glue_set_option(id: u32, name: &str, value: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = col_bounds, catch)]
    fn glue_col_bounds(id: u32, col: u32, lower: f64, upper: f64) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = row_bounds, catch)]
    fn glue_row_bounds(id: u32, row: u32, lower: f64, upper: f64) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = add_row, catch)]
    fn glue_add_row(
        id: u32,
        lower: f64,
        upper: f64,
        indices: &[i32],
        values: &[f64],
    ) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = objective, catch)]
    fn glue_objective(id: u32, sense: i32, costs: &[f64]) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = integrality, catch)]
    fn glue_integrality(id: u32, columns: u32, on: bool) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = run, catch)]
    fn glue_run(id: u32) -> Result<String, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = objective_value, catch)]
    fn glue_objective_value(id: u32) -> Result<f64, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = run_time, catch)]
    fn glue_run_time(id: u32) -> Result<f64, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = info, catch)]
    fn glue_info(id: u32, name: &str) -> Result<f64, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = solution, catch)]
    fn glue_solution(id: u32) -> Result<Vec<f64>, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = basis, catch)]
    fn glue_basis(id: u32) -> Result<Vec<i32>, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = set_basis, catch)]
    fn glue_set_basis(id: u32, cols: &[i32], rows: &[i32]) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = basic_variables, catch)]
    fn glue_basic_variables(id: u32) -> Result<Vec<i32>, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = reduced_row, catch)]
    fn glue_reduced_row(id: u32, position: u32) -> Result<Vec<f64>, JsValue>;
    #[wasm_bindgen(js_namespace = sudoku_ilp_highs, js_name = inverse_row, catch)]
    fn glue_inverse_row(id: u32, position: u32) -> Result<Vec<f64>, JsValue>;
}

/// The message of a JS exception.
pub fn js_message(e: &JsValue) -> String {
    if let Some(error) = e.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

fn lp_error(e: JsValue) -> LpError {
    LpError(js_message(&e))
}

fn index(i: usize) -> Result<i32, LpError> {
    i32::try_from(i).map_err(|_| LpError(format!("index {i} is too large for HiGHS")))
}

/// One model in HiGHS-wasm.
pub struct WasmLp {
    id: u32,
    columns: usize,
    rows: usize,
    /// The objective's constant (HiGHS keeps an offset, set to 0 here as natively).
    constant: f64,
    /// Presolve as HiGHS chooses (else off): a MILP's "infeasible" is then confirmed.
    presolve: bool,
}

impl Drop for WasmLp {
    fn drop(&mut self) {
        glue_destroy(self.id);
    }
}

impl WasmLp {
    /// Passes `model` to HiGHS-wasm and sets it up as `use_`'s policy says.
    pub fn new(model: &BuiltModel, use_: LpUse) -> Result<WasmLp, LpError> {
        let policy = use_.policy();
        let lin = linear(model).map_err(|e| LpError(e.to_string()))?;
        let objective = objective_terms(model).map_err(|e| LpError(e.to_string()))?;
        let columns = lin.columns.len();
        let mut cost = vec![0.0; columns];
        let mut sense = 1;
        if let Some((maximise, terms)) = &objective {
            sense = if *maximise { -1 } else { 1 };
            for &(j, c) in terms {
                cost[j] = c;
            }
        }
        let integrality: Vec<i32> = match policy.relaxed {
            true => Vec::new(),
            false => lin.columns.iter().map(|c| i32::from(c.integer)).collect(),
        };
        let lower: Vec<f64> = lin.columns.iter().map(|c| c.lower).collect();
        let upper: Vec<f64> = lin.columns.iter().map(|c| c.upper).collect();
        let (mut row_lower, mut row_upper) = (Vec::new(), Vec::new());
        let (mut starts, mut indices, mut values) = (vec![0i32], Vec::new(), Vec::new());
        for row in &lin.rows {
            let (lo, up) = match row.sense {
                Sense::Le => (f64::NEG_INFINITY, row.rhs),
                Sense::Ge => (row.rhs, f64::INFINITY),
                Sense::Eq => (row.rhs, row.rhs),
            };
            row_lower.push(lo);
            row_upper.push(up);
            for &(j, a) in &row.terms {
                indices.push(index(j)?);
                values.push(a);
            }
            starts.push(index(indices.len())?);
        }
        let id = glue_create(
            sense,
            0.0,
            &cost,
            &lower,
            &upper,
            &row_lower,
            &row_upper,
            &starts,
            &indices,
            &values,
            &integrality,
        )
        .map_err(lp_error)?;
        let lp = WasmLp {
            id,
            columns,
            rows: lin.rows.len(),
            constant: model.objective.as_ref().map_or(0.0, |o| o.constant),
            presolve: policy.presolve,
        };
        // The project's HiGHS defaults, as natively (`SolveOptions::tuned`): without them
        // HiGHS-wasm's MILPs ran RINS, RENS and an unbounded cut pool at every root.
        for (name, value) in policy.options().iter().chain(&sudoku_ilp::solve::TUNED) {
            lp.option(name, &option_value(value))?;
        }
        Ok(lp)
    }

    fn option(&self, name: &str, value: &JsValue) -> Result<(), LpError> {
        glue_set_option(self.id, name, value).map_err(lp_error)
    }

    /// Sets HiGHS's time limit (seconds of its run clock, which adds up over runs).
    pub fn set_time_limit(&mut self, seconds: f64) -> Result<(), LpError> {
        self.option("time_limit", &JsValue::from_f64(seconds))
    }

    /// Runs HiGHS and reads the state (`other:` statuses are errors).
    fn run(&mut self) -> Result<LpState, LpError> {
        let status = glue_run(self.id).map_err(lp_error)?;
        match status.as_str() {
            "optimal" => Ok(LpState::Optimal),
            "infeasible" => Ok(LpState::Infeasible),
            "time_limit" => Ok(LpState::Stopped),
            other => Err(LpError(format!(
                "HiGHS ended with model status {}",
                other.trim_start_matches("other:")
            ))),
        }
    }

    /// The column values, column duals, row values and row duals of the last run.
    fn solution(&self) -> Result<[Vec<f64>; 4], LpError> {
        let all = glue_solution(self.id).map_err(lp_error)?;
        let (c, r) = (self.columns, self.rows);
        if all.len() != 2 * c + 2 * r {
            return Err(LpError(format!(
                "HiGHS returned {} solution values, expected {}",
                all.len(),
                2 * c + 2 * r
            )));
        }
        Ok([
            all[..c].to_vec(),
            all[c..2 * c].to_vec(),
            all[2 * c..2 * c + r].to_vec(),
            all[2 * c + r..].to_vec(),
        ])
    }

    /// Runs HiGHS on the model as it stands and returns the state, column values when
    /// optimal, nodes and HiGHS's run time in seconds.
    fn solve_model(&mut self) -> Result<(LpState, Vec<f64>, i64, f64), LpError> {
        let state = self.run()?;
        let nodes = glue_info(self.id, "mip_node_count").map_err(lp_error)? as i64;
        let time = glue_run_time(self.id).map_err(lp_error)?;
        let columns = match state {
            LpState::Optimal => self.solution()?[0].clone(),
            _ => Vec::new(),
        };
        Ok((state, columns, nodes, time))
    }

    /// HiGHS 1.15's presolve has called a MILP infeasible that is not (issue 34, see
    /// [`sudoku_ilp::solve::session`]): as natively, such an answer is a proof only once a run
    /// without presolve gives it too. Runs once with presolve off, then sets it back.
    fn confirm_infeasible(&mut self) -> Result<(LpState, Vec<f64>, i64), LpError> {
        self.option("presolve", &JsValue::from_str("off"))?;
        let run = self.solve_model();
        self.option("presolve", &JsValue::from_str("choose"))?;
        let (state, columns, nodes, _) = run?;
        Ok((state, columns, nodes))
    }

    /// The objective value of the last run, with the model's constant.
    pub fn objective(&self) -> Result<f64, LpError> {
        Ok(glue_objective_value(self.id).map_err(lp_error)? + self.constant)
    }
}

fn column(lp: &WasmLp, j: usize) -> Result<u32, LpError> {
    if j < lp.columns {
        Ok(j as u32)
    } else {
        Err(LpError(format!(
            "column {j} is outside the model's {} columns",
            lp.columns
        )))
    }
}

impl LabLp for WasmLp {
    fn column_count(&self) -> usize {
        self.columns
    }

    fn row_count(&self) -> usize {
        self.rows
    }

    fn set_column_bounds(&mut self, j: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        glue_col_bounds(self.id, column(self, j)?, lower, upper).map_err(lp_error)
    }

    fn set_row_bounds(&mut self, row: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        if row >= self.rows {
            return Err(LpError(format!(
                "row {row} is outside the model's {} rows",
                self.rows
            )));
        }
        glue_row_bounds(self.id, row as u32, lower, upper).map_err(lp_error)
    }

    fn add_row(
        &mut self,
        lower: f64,
        upper: f64,
        terms: &[(usize, f64)],
    ) -> Result<usize, LpError> {
        let mut indices = Vec::with_capacity(terms.len());
        for &(j, _) in terms {
            indices.push(column(self, j)? as i32);
        }
        let values: Vec<f64> = terms.iter().map(|&(_, a)| a).collect();
        glue_add_row(self.id, lower, upper, &indices, &values).map_err(lp_error)?;
        self.rows += 1;
        Ok(self.rows - 1)
    }

    fn set_objective(&mut self, maximise: bool, costs: &[(usize, f64)]) -> Result<(), LpError> {
        let dense = dense_costs(self.columns, costs);
        glue_objective(self.id, if maximise { -1 } else { 1 }, &dense).map_err(lp_error)?;
        self.constant = 0.0;
        Ok(())
    }

    fn solve(&mut self) -> Result<LpPoint, LpError> {
        let state = self.run()?;
        let iterations =
            (glue_info(self.id, "simplex_iteration_count").map_err(lp_error)? as i64).max(0);
        if state != LpState::Optimal {
            return Ok(LpPoint::without_point(state, iterations));
        }
        let [columns, reduced_costs, _, row_duals] = self.solution()?;
        Ok(LpPoint {
            state,
            objective: self.objective()?,
            columns,
            row_duals,
            reduced_costs,
            iterations,
        })
    }

    fn basis(&mut self) -> Result<Basis, LpError> {
        let all = glue_basis(self.id).map_err(lp_error)?;
        if all.len() != self.columns + self.rows {
            return Err(LpError("HiGHS returned a basis of the wrong size".into()));
        }
        let basic = glue_basic_variables(self.id).map_err(lp_error)?;
        let (columns, rows) = all.split_at(self.columns);
        Ok(Basis::from_highs(&basic, columns, rows))
    }

    fn set_basis(&mut self, basis: &Basis) -> Result<(), LpError> {
        let (columns, rows) = basis.to_highs(self.rows);
        glue_set_basis(self.id, &columns, &rows).map_err(lp_error)
    }

    fn tableau_row(&mut self, position: usize) -> Result<TableauRow, LpError> {
        if position >= self.rows {
            return Err(LpError(format!(
                "basis position {position} is outside the basis"
            )));
        }
        let inverse = glue_inverse_row(self.id, position as u32).map_err(lp_error)?;
        let reduced = glue_reduced_row(self.id, position as u32).map_err(lp_error)?;
        Ok(TableauRow { reduced, inverse })
    }

    fn solve_mip(&mut self, time_limit: f64) -> Result<MipPoint, LpError> {
        glue_integrality(self.id, self.columns as u32, true).map_err(lp_error)?;
        let before = glue_run_time(self.id).map_err(lp_error)?;
        let limit = self.set_time_limit(before + time_limit.max(1e-3));
        let read = limit.and_then(|()| {
            let (mut state, mut columns, mut nodes, _) = self.solve_model()?;
            if state == LpState::Infeasible && self.presolve {
                (state, columns, nodes) = self.confirm_infeasible()?;
            }
            Ok(MipPoint {
                state,
                objective: self.objective()?,
                columns,
                nodes,
            })
        });
        glue_integrality(self.id, self.columns as u32, false).map_err(lp_error)?;
        // The package refuses an infinite option value; the largest finite one is "no limit".
        self.set_time_limit(f64::MAX)?;
        read
    }
}

/// The browser's [`sudoku_ilp::lp_interface::LpMaker`]: `model` in HiGHS-wasm, set up for
/// `use_`.
pub fn make(model: &BuiltModel, use_: LpUse) -> Result<Box<dyn LabLp>, LpError> {
    Ok(Box::new(WasmLp::new(model, use_)?))
}

/// An option's text as the package's `setOptionValue` takes it: a boolean, a number or a
/// string.
fn option_value(text: &str) -> JsValue {
    match (text, text.parse::<f64>()) {
        ("true" | "false", _) => JsValue::from_bool(text == "true"),
        (_, Ok(number)) => JsValue::from_f64(number),
        _ => JsValue::from_str(text),
    }
}
