//! The one LP interface the driven branch and bound runs on, free of FFI types: the native
//! implementation is [`crate::solve::lab_lp::NativeLp`] (HiGHS in-process); a browser build
//! implements the same trait over HiGHS compiled to WebAssembly.
//!
//! The LP is `min/max c·x` subject to `L ≤ A x ≤ U`, `l ≤ x ≤ u`, with the columns and rows of
//! the binary model first and the cuts added later after them. The implementation keeps one LP
//! warm: bound changes keep the basis, and the next solve starts from it.

use crate::formulation::BuiltModel;

/// Makes the LP relaxation of a built model (every integrality dropped, the model's bounds,
/// rows and objective) on one backend: HiGHS in-process, or HiGHS-wasm in the browser.
pub type LpBackend = std::rc::Rc<dyn Fn(&BuiltModel) -> Result<Box<dyn LabLp>, LpError>>;

/// What went wrong in the LP implementation (its own words).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("LP: {0}")]
pub struct LpError(pub String);

/// The outcome of one LP solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LpState {
    Optimal,
    Infeasible,
    /// Anything else (time limit, numerical trouble): no point to read.
    Stopped,
}

/// One LP solve's result.
#[derive(Debug, Clone, PartialEq)]
pub struct LpPoint {
    pub state: LpState,
    /// The objective value (with the model's constant), when optimal.
    pub objective: f64,
    /// Every column's value, when optimal.
    pub columns: Vec<f64>,
    /// Row duals y (one per row) and reduced costs d (one per column), when optimal.
    pub row_duals: Vec<f64>,
    pub reduced_costs: Vec<f64>,
    /// Simplex iterations of this solve.
    pub iterations: i64,
}

/// Where a variable (column or row activity) sits in the basis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BasisStatus {
    Lower,
    Basic,
    Upper,
    /// Nonbasic free variable at zero, or another nonbasic state.
    Other,
}

impl BasisStatus {
    /// From HiGHS's basis status code (both backends run HiGHS): 0 lower, 1 basic, 2 upper.
    pub fn from_highs(code: i32) -> BasisStatus {
        match code {
            0 => BasisStatus::Lower,
            1 => BasisStatus::Basic,
            2 => BasisStatus::Upper,
            _ => BasisStatus::Other,
        }
    }

    /// To HiGHS's basis status code, for `Highs_setBasis`: `Other` is HiGHS's "nonbasic" (4),
    /// which places the variable at a bound itself.
    pub fn to_highs(self) -> i32 {
        match self {
            BasisStatus::Lower => 0,
            BasisStatus::Basic => 1,
            BasisStatus::Upper => 2,
            BasisStatus::Other => 4,
        }
    }
}

/// A basic variable: a column, or a row's activity `a_i x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basic {
    Column(usize),
    Row(usize),
}

impl Basic {
    /// From HiGHS's `Highs_getBasicVariables` entry: column j ≥ 0, row i as −1 − i.
    pub fn from_highs(index: i32) -> Basic {
        if index >= 0 {
            Basic::Column(index as usize)
        } else {
            Basic::Row((-1 - index) as usize)
        }
    }
}

/// The costs `costs` (column, cost) as one cost per column of `columns`, others 0; columns
/// past the end are ignored.
pub fn dense_costs(columns: usize, costs: &[(usize, f64)]) -> Vec<f64> {
    let mut dense = vec![0.0; columns];
    for &(j, c) in costs {
        if let Some(slot) = dense.get_mut(j) {
            *slot = c;
        }
    }
    dense
}

/// The optimal basis: the basic variable of each position of `B`, and every column's and
/// row's status.
#[derive(Debug, Clone, PartialEq)]
pub struct Basis {
    pub basic: Vec<Basic>,
    pub columns: Vec<BasisStatus>,
    pub rows: Vec<BasisStatus>,
}

/// Row `p` of the optimal tableau: `reduced` = e_p B⁻¹A (one entry per column) and
/// `inverse` = e_p B⁻¹ (one entry per row). Whatever sign convention the implementation's
/// logical columns follow, `Σ_j reduced_j x_j − Σ_i inverse_i (a_i x) = 0` holds for every x,
/// and with the nonbasic variables at their bounds it reads `x_basic(p) = value`.
#[derive(Debug, Clone, PartialEq)]
pub struct TableauRow {
    pub reduced: Vec<f64>,
    pub inverse: Vec<f64>,
}

/// A MILP solve on the current bounds and rows.
#[derive(Debug, Clone, PartialEq)]
pub struct MipPoint {
    pub state: LpState,
    pub objective: f64,
    pub columns: Vec<f64>,
    pub nodes: i64,
}

/// The LP operations the lab needs.
pub trait LabLp {
    fn column_count(&self) -> usize;
    fn row_count(&self) -> usize;
    /// Sets `lower ≤ x_column ≤ upper`.
    fn set_column_bounds(&mut self, column: usize, lower: f64, upper: f64) -> Result<(), LpError>;
    /// Sets `lower ≤ a_row x ≤ upper` (±∞ switch a cut off).
    fn set_row_bounds(&mut self, row: usize, lower: f64, upper: f64) -> Result<(), LpError>;
    /// Adds the row `lower ≤ Σ a_j x_j ≤ upper`; returns its index.
    fn add_row(&mut self, lower: f64, upper: f64, terms: &[(usize, f64)])
        -> Result<usize, LpError>;
    /// Replaces the objective: `maximise` (or minimise) Σ c_j x_j over `costs` (others 0).
    fn set_objective(&mut self, maximise: bool, costs: &[(usize, f64)]) -> Result<(), LpError>;
    /// Solves the LP from the current basis.
    fn solve(&mut self) -> Result<LpPoint, LpError>;
    /// The basis of the last optimal solve.
    fn basis(&mut self) -> Result<Basis, LpError>;
    /// Makes the next solve start from `basis` (one [`LabLp::basis`] returned; rows added
    /// since then are basic, `basic` is not read): a node re-solved from its own or its
    /// parent's basis needs few iterations, wherever the LP was in between. A hint: the
    /// default ignores it, and the next solve starts from the LP's current basis.
    fn set_basis(&mut self, basis: &Basis) -> Result<(), LpError> {
        let _ = basis;
        Ok(())
    }
    /// Row `position` of the last optimal tableau.
    fn tableau_row(&mut self, position: usize) -> Result<TableauRow, LpError>;
    /// Solves the model with every column integer on the current bounds and rows (the LP's
    /// basis may be lost); `time_limit` in seconds.
    fn solve_mip(&mut self, time_limit: f64) -> Result<MipPoint, LpError>;
}

/// A boxed LP (the output of an [`LpBackend`]) is an LP: the lab and the pictures run on it.
impl<T: LabLp + ?Sized> LabLp for Box<T> {
    fn column_count(&self) -> usize {
        (**self).column_count()
    }
    fn row_count(&self) -> usize {
        (**self).row_count()
    }
    fn set_column_bounds(&mut self, column: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        (**self).set_column_bounds(column, lower, upper)
    }
    fn set_row_bounds(&mut self, row: usize, lower: f64, upper: f64) -> Result<(), LpError> {
        (**self).set_row_bounds(row, lower, upper)
    }
    fn add_row(
        &mut self,
        lower: f64,
        upper: f64,
        terms: &[(usize, f64)],
    ) -> Result<usize, LpError> {
        (**self).add_row(lower, upper, terms)
    }
    fn set_objective(&mut self, maximise: bool, costs: &[(usize, f64)]) -> Result<(), LpError> {
        (**self).set_objective(maximise, costs)
    }
    fn solve(&mut self) -> Result<LpPoint, LpError> {
        (**self).solve()
    }
    fn basis(&mut self) -> Result<Basis, LpError> {
        (**self).basis()
    }
    fn tableau_row(&mut self, position: usize) -> Result<TableauRow, LpError> {
        (**self).tableau_row(position)
    }
    fn solve_mip(&mut self, time_limit: f64) -> Result<MipPoint, LpError> {
        (**self).solve_mip(time_limit)
    }
}
