//! The one LP interface every LP kept warm in the project runs on (one-off solves, the MILP
//! engine's and the root LP's, call HiGHS directly in [`crate::solve`]), free of FFI types: the native
//! implementation is [`crate::solve::lab_lp::NativeLp`] (HiGHS in-process: the lab, its
//! pictures, the hints, lp-bb, counting, explaining and generating); a browser build implements
//! the same trait over HiGHS compiled to WebAssembly.
//!
//! The LP is `min/max c·x` subject to `L ≤ A x ≤ U`, `l ≤ x ≤ u`, with the columns and rows of
//! the binary model first and the cuts added later after them. The implementation keeps one LP
//! warm: bound changes keep the basis, and the next solve starts from it.
//!
//! How an LP is set up (integrality dropped or kept, presolve off or HiGHS's choice) is decided
//! here, once, by what it is for ([`LpUse`]); a backend applies [`LpUse::policy`] and decides
//! nothing itself.

use crate::formulation::BuiltModel;

/// Makes the LP of a built model (its bounds, rows and objective) on one backend, HiGHS
/// in-process or HiGHS-wasm in the browser, set up for one use ([`backend`]).
pub type LpBackend = std::rc::Rc<dyn Fn(&BuiltModel) -> Result<Box<dyn LabLp>, LpError>>;

/// A backend's one constructor: the model on that backend, set up as [`LpUse::policy`] says.
pub type LpMaker = fn(&BuiltModel, LpUse) -> Result<Box<dyn LabLp>, LpError>;

/// The [`LpBackend`] that makes every LP with `make` for `use_`.
pub fn backend(make: LpMaker, use_: LpUse) -> LpBackend {
    std::rc::Rc::new(move |model: &BuiltModel| make(model, use_))
}

/// What an LP is for; it decides the LP's [`LpPolicy`] for every backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LpUse {
    /// The lab and its pictures: tableau rows are read from the factored basis, which HiGHS
    /// keeps only after a simplex solve without presolve (it refuses `Highs_getReducedRow`
    /// without one).
    Lab,
    /// The hints' LPs ([`crate::solve::implied`]): every solve but the first starts from the
    /// previous basis, and on the first (an LP of n³ columns) presolve cost more than the
    /// simplex it saves.
    Hints,
    /// A one-off MILP solve ([`LabLp::solve_mip`] on a fresh LP): presolve pays for itself.
    Mip,
    /// The LP relaxation as HiGHS chooses to solve it: the root LP of the pictures and of
    /// `compare` ([`crate::solve::root_relaxation`]), and lp-bb's own depth-first search,
    /// whose first solve is that root LP, presolved; HiGHS skips presolve by itself afterwards,
    /// when the basis is useful.
    Relaxation,
    /// Counting, explaining and generating: the model kept integer and solved as a MILP again
    /// and again between small changes; presolve as HiGHS chooses on the first solve, every
    /// "infeasible" it gives confirmed without it, and off on every later solve
    /// ([`crate::solve::session`]).
    Search,
}

/// How an LP is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LpPolicy {
    /// Every integrality dropped (the LP relaxation); else the model's integrality is kept.
    pub relaxed: bool,
    /// HiGHS's presolve as it (or a `--highs presolve=…`) chooses; else off.
    pub presolve: bool,
}

impl LpUse {
    /// The one place where each use's setup is decided.
    pub const fn policy(self) -> LpPolicy {
        match self {
            LpUse::Lab | LpUse::Hints => LpPolicy {
                relaxed: true,
                presolve: false,
            },
            LpUse::Mip | LpUse::Relaxation => LpPolicy {
                relaxed: true,
                presolve: true,
            },
            LpUse::Search => LpPolicy {
                relaxed: false,
                presolve: true,
            },
        }
    }
}

impl LpPolicy {
    /// The HiGHS options (name, value) a backend sets after passing the model: an exact MILP
    /// gap (HiGHS's default stops within 0.01 % of the bound, which is no proof of optimality),
    /// and presolve off unless the policy leaves it to HiGHS.
    pub fn options(self) -> &'static [(&'static str, &'static str)] {
        if self.presolve {
            &[("mip_rel_gap", "0")]
        } else {
            &[("mip_rel_gap", "0"), ("presolve", "off")]
        }
    }
}

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

impl LpPoint {
    /// A solve that ended without an optimal point (`state` not optimal): nothing to read.
    pub fn without_point(state: LpState, iterations: i64) -> LpPoint {
        LpPoint {
            state,
            objective: f64::NAN,
            columns: Vec::new(),
            row_duals: Vec::new(),
            reduced_costs: Vec::new(),
            iterations,
        }
    }
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

impl Basis {
    /// From HiGHS's basic variables and its column and row status codes (both backends run
    /// HiGHS).
    pub fn from_highs(basic: &[i32], columns: &[i32], rows: &[i32]) -> Basis {
        let statuses = |codes: &[i32]| codes.iter().map(|&c| BasisStatus::from_highs(c)).collect();
        Basis {
            basic: basic.iter().map(|&b| Basic::from_highs(b)).collect(),
            columns: statuses(columns),
            rows: statuses(rows),
        }
    }

    /// HiGHS's status codes of every column and of `rows` rows, for `Highs_setBasis`: the rows
    /// added after this basis was read (cuts) are basic, their slack free to take any value.
    pub fn to_highs(&self, rows: usize) -> (Vec<i32>, Vec<i32>) {
        let columns = self.columns.iter().map(|s| s.to_highs()).collect();
        let mut codes: Vec<i32> = self.rows.iter().map(|s| s.to_highs()).collect();
        codes.resize(rows, BasisStatus::Basic.to_highs());
        (columns, codes)
    }
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

/// The LP operations the lab, the hints, the pictures and the searches need. No method has a
/// default body: an implementation, or a forwarding one, that leaves one out does not compile.
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
    /// parent's basis needs few iterations, wherever the LP was in between.
    fn set_basis(&mut self, basis: &Basis) -> Result<(), LpError>;
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
    fn set_basis(&mut self, basis: &Basis) -> Result<(), LpError> {
        (**self).set_basis(basis)
    }
    fn tableau_row(&mut self, position: usize) -> Result<TableauRow, LpError> {
        (**self).tableau_row(position)
    }
    fn solve_mip(&mut self, time_limit: f64) -> Result<MipPoint, LpError> {
        (**self).solve_mip(time_limit)
    }
}
