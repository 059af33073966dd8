//! Formulations: each builds a [`BuiltModel`] from a [`Puzzle`] through good_lp, and the model
//! says how to read a grid back from the solver's column values.
//!
//! Adding a formulation is one new file in this folder plus one line in [`ModelKind`].
//!
//! The built model owns its names: [`BuiltModel::column`] finds x_{cell,v},
//! [`BuiltModel::candidate`] says which (cell, v) a column is, [`BuiltModel::column_names`] and
//! [`BuiltModel::row_names`] give the names, which [`names`] writes in one place.

pub mod binary;
pub mod binary_rows;
pub mod class_rows;
pub mod fix;
pub mod forms;
pub mod names;
pub mod natural;
pub mod natural_rows;
pub mod objective;
pub mod rule_alone;
pub mod sightline_rows;
pub mod tuples;

pub use forms::{CageForm, PairForm, StepForm};

use crate::named::{impl_named_text, Named};
use crate::puzzle::{Grid, Puzzle};
use good_lp::{
    Constraint, Expression, IntoAffineExpression, ProblemVariables, Variable, VariableDefinition,
};

/// The formulations the tool knows, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelKind {
    /// x_rcv ∈ {0,1}: one binary per cell and value; every cell, row×value, column×value and
    /// box×value sums to 1.
    Binary,
    /// The seed's natural model: integer x_rc ∈ [1, n], one binary per pair of cells that share
    /// a house, two big-M rows per pair (M = n). Strengthening switches: --pair-m,
    /// --drop-given-pairs, --exclusions, --sums, --subset-sums.
    Natural,
    /// The natural model with every strengthening switch on but --subset-sums.
    NaturalStrong,
}

impl ModelKind {
    /// Every formulation, in the order help texts list them.
    pub const ALL: [ModelKind; 3] = [
        ModelKind::Binary,
        ModelKind::Natural,
        ModelKind::NaturalStrong,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Binary => "binary",
            ModelKind::Natural => "natural",
            ModelKind::NaturalStrong => "natural-strong",
        }
    }
}

impl Named for ModelKind {
    const WHAT: &'static str = "model";
    fn all() -> &'static [ModelKind] {
        &ModelKind::ALL
    }
    fn name(self) -> &'static str {
        ModelKind::name(self)
    }
    fn about(self) -> &'static str {
        match self {
            ModelKind::Binary => {
                "x_rcv ∈ {0,1}: one binary per cell and value; every cell, row×value, \
                 column×value and box×value sums to 1"
            }
            ModelKind::Natural => {
                "The seed's natural model: integer x_rc ∈ [1, n], one binary per pair of cells \
                 that share a house, two big-M rows per pair (M = n). Strengthening switches: \
                 --pair-m, --drop-given-pairs, --exclusions, --sums, --subset-sums"
            }
            ModelKind::NaturalStrong => {
                "The natural model with every strengthening switch on but --subset-sums"
            }
        }
    }
}
impl_named_text!(ModelKind);

/// What every formulation does: build a model of a puzzle.
pub trait Formulation {
    /// A short name for reports, e.g. `binary` or `binary --reduce`.
    fn label(&self) -> String;
    /// Builds the model; its [`BuiltModel::cells`] says how to decode a grid.
    fn build(&self, puzzle: &Puzzle) -> BuiltModel;
    /// Whether the model leaves out the columns of the values a [`Primitive::Values`] of the
    /// puzzle excludes (binary `--reduce`), so that a presolve can hand it what propagation
    /// ruled out as such primitives ([`crate::engine::milp::Presolve::Singles`]).
    ///
    /// [`Primitive::Values`]: crate::rules::primitive::Primitive::Values
    fn drops_excluded_values(&self) -> bool {
        false
    }
}

/// The direction of a row, as the formulation wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    Le,
    Ge,
    Eq,
}

/// One named row of the model, kept as good_lp built it plus its original direction (good_lp
/// normalises every inequality to `expression ≤ 0`).
#[derive(Debug, Clone)]
pub struct Row {
    pub constraint: Constraint,
    pub sense: Sense,
}

impl Row {
    pub fn name(&self) -> &str {
        self.constraint.name().unwrap_or("")
    }
}

/// How a cell's value is read from the column values.
#[derive(Debug, Clone, PartialEq)]
pub enum CellEncoding {
    /// One binary column per candidate value: the value whose column is 1.
    OneHot(Vec<(usize, u8)>),
    /// One integer column holding the value.
    Integer(usize),
}

/// A binary column whose value a complete grid decides: the natural model's disjunction
/// binaries. [`BuiltModel::encode`] sets them from a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Indicator {
    /// 1 exactly when cell `second` holds a larger value than cell `first` (cell indices,
    /// row-major): the pair binary y_ab of x_a ≠ x_b.
    Greater {
        column: usize,
        first: usize,
        second: usize,
    },
    /// 1 exactly when cell `cell` holds a value above `value`: the exclusion binary w of x ≠ h.
    Above {
        column: usize,
        cell: usize,
        value: u8,
    },
    /// 1 exactly when cell `cell` holds `value`: the natural model's value binaries for tables.
    Equals {
        column: usize,
        cell: usize,
        value: u8,
    },
    /// 1 exactly when the cells of [`BuiltModel::cell_groups`]`[group]` hold the values of
    /// `set`: a killer cage's digit-set binary y_D, or a set of values' y_S (renban, nabner).
    DigitSet {
        column: usize,
        group: usize,
        set: crate::rules::ValueSet,
    },
    /// 1 exactly when the cells of [`BuiltModel::cell_groups`]`[group]` hold the values of
    /// [`BuiltModel::tuple_rows`]`[row]`, in order: the column y_t of one allowed tuple of a
    /// [`crate::rules::Primitive::Tuples`].
    Tuple {
        column: usize,
        group: usize,
        row: usize,
    },
    /// An auxiliary column of a sightline (outside clue) over the cells of
    /// [`BuiltModel::cell_groups`]`[group]`, in line order: `fact` at `position`.
    Sightline {
        column: usize,
        group: usize,
        position: usize,
        fact: sightline_rows::LineFact,
    },
}

/// Why a grid cannot be written as column values of a model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("the grid has {grid} cells, the model {model}")]
    Size { grid: usize, model: usize },
    /// The model left the cell's value out (a reduction or a presolve ruled it out).
    #[error("cell {cell}: value {value} is not in the model")]
    NotInModel { cell: usize, value: u8 },
}

/// Size of a model as the solver sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct ModelSize {
    pub variables: usize,
    pub binary: usize,
    pub integer: usize,
    pub constraints: usize,
    pub nonzeros: usize,
}

/// A model built through good_lp: variables (with names and bounds), named rows, the decoding map.
#[derive(Clone)]
pub struct BuiltModel {
    pub label: String,
    pub variables: ProblemVariables,
    pub rows: Vec<Row>,
    /// One entry per cell, row-major ([`BuiltModel::add_cell`], [`BuiltModel::cells`]).
    cells: Vec<CellEncoding>,
    /// Per column (as far as the cells' columns reach), the cell whose value it holds and, for
    /// a one-hot column, that value: the inverse of [`BuiltModel::cells`].
    column_cell: Vec<Option<(usize, Option<u8>)>>,
    /// The size of the same model before an optional reduction left columns out.
    pub unreduced: Option<ModelSize>,
    /// Binary columns that the cells' values decide (the natural model's disjunctions).
    pub indicators: Vec<Indicator>,
    /// Sets of cells (row-major indices) that [`Indicator::DigitSet`] refers to.
    pub cell_groups: Vec<Vec<usize>>,
    /// The value rows that [`Indicator::Tuple`] refers to.
    pub tuple_rows: Vec<Vec<u8>>,
    /// The puzzle's objective in this model's columns ([`objective`]); `None`: minimise 0.
    pub objective: Option<objective::ModelObjective>,
    n: usize,
}

impl BuiltModel {
    /// An empty model for a puzzle of order n.
    pub fn new(label: String, n: usize) -> BuiltModel {
        BuiltModel {
            label,
            variables: ProblemVariables::new(),
            rows: Vec::new(),
            cells: Vec::with_capacity(n * n),
            column_cell: Vec::new(),
            unreduced: None,
            indicators: Vec::new(),
            cell_groups: Vec::new(),
            tuple_rows: Vec::new(),
            objective: None,
            n,
        }
    }

    /// Adds a variable; returns it and its column index.
    pub fn add_variable(&mut self, definition: VariableDefinition) -> (Variable, usize) {
        let column = self.variables.len();
        (self.variables.add(definition), column)
    }

    /// Adds the next cell (row-major) and how its value is read from the columns.
    pub fn add_cell(&mut self, encoding: CellEncoding) {
        let cell = self.cells.len();
        let mut own = |column: usize, value: Option<u8>| {
            if self.column_cell.len() <= column {
                self.column_cell.resize(column + 1, None);
            }
            self.column_cell[column] = Some((cell, value));
        };
        match &encoding {
            CellEncoding::OneHot(options) => {
                for &(column, v) in options {
                    own(column, Some(v));
                }
            }
            CellEncoding::Integer(column) => own(*column, None),
        }
        self.cells.push(encoding);
    }

    /// The order n of the puzzle the model was built for.
    pub fn order(&self) -> usize {
        self.n
    }

    /// How each cell's value is read from the columns, row-major.
    pub fn cells(&self) -> &[CellEncoding] {
        &self.cells
    }

    /// The one-hot column x_{cell,value} (row-major cell, value 1..=n); `None` when the model
    /// left it out or reads the cell from an integer column.
    pub fn column(&self, cell: usize, value: u8) -> Option<usize> {
        match self.cells.get(cell)? {
            CellEncoding::OneHot(options) => {
                options.iter().find(|&&(_, v)| v == value).map(|&(j, _)| j)
            }
            CellEncoding::Integer(_) => None,
        }
    }

    /// The (cell, value) whose one-hot column x_{cell,value} `column` is; `None` for a column
    /// that is no cell's digit (a killer cage's digit-set binary y_D, an indicator, an
    /// integer cell column).
    pub fn candidate(&self, column: usize) -> Option<(usize, u8)> {
        match self.column_cell.get(column).copied().flatten()? {
            (cell, Some(v)) => Some((cell, v)),
            (_, None) => None,
        }
    }

    /// The cell whose value `column` holds or helps to hold: a one-hot x_{cell,v} or an
    /// integer cell column.
    pub fn cell_of_column(&self, column: usize) -> Option<usize> {
        self.column_cell
            .get(column)
            .copied()
            .flatten()
            .map(|(cell, _)| cell)
    }

    /// The columns' names, in column order (`x_r1_c1_v5`, `v_r1_c1`, `y_cage3_d2`, …).
    pub fn column_names(&self) -> Vec<&str> {
        self.variables
            .iter_variables_with_def()
            .map(|(_, def)| def.get_name())
            .collect()
    }

    /// The rows' names, in row order (`cell_r1_c1`, `row_r1_v5`, …).
    pub fn row_names(&self) -> impl Iterator<Item = &str> {
        self.rows.iter().map(Row::name)
    }

    /// Adds the row `name: expression (sense) rhs`.
    pub fn add_row(&mut self, name: String, expression: Expression, sense: Sense, rhs: f64) {
        let constraint = match sense {
            Sense::Le => expression.leq(rhs),
            Sense::Ge => expression.geq(rhs),
            Sense::Eq => expression.eq(rhs),
        };
        self.rows.push(Row {
            constraint: constraint.set_name(name),
            sense,
        });
    }

    /// Counts variables by type, rows and nonzero coefficients.
    pub fn size(&self) -> ModelSize {
        let mut size = ModelSize {
            variables: self.variables.len(),
            constraints: self.rows.len(),
            ..ModelSize::default()
        };
        for (_, def) in self.variables.iter_variables_with_def() {
            if def.is_integer() {
                if def.get_min() == 0.0 && def.get_max() == 1.0 {
                    size.binary += 1;
                } else {
                    size.integer += 1;
                }
            }
        }
        size.nonzeros = self
            .rows
            .iter()
            .map(|r| {
                r.constraint
                    .expression()
                    .linear_coefficients()
                    .filter(|(_, a)| *a != 0.0)
                    .count()
            })
            .sum();
        size
    }

    /// Reads a grid from column values (rounded); a cell that decodes to no single value is 0,
    /// which the checker then rejects.
    pub fn decode(&self, values: &[f64]) -> Grid {
        let n = self.n;
        let value_at = |column: usize| values.get(column).copied().unwrap_or(f64::NAN);
        let values = self
            .cells
            .iter()
            .map(|enc| match enc {
                CellEncoding::OneHot(options) => {
                    let mut chosen = options.iter().filter(|(col, _)| value_at(*col) > 0.5);
                    match (chosen.next(), chosen.next()) {
                        (Some(&(_, v)), None) => v,
                        _ => 0,
                    }
                }
                CellEncoding::Integer(col) => {
                    let x = value_at(*col).round();
                    if x >= 1.0 && x <= n as f64 {
                        x as u8
                    } else {
                        0
                    }
                }
            })
            .collect();
        Grid { n, values }
    }
}

impl BuiltModel {
    /// Writes a complete grid as a value for every column, the inverse of
    /// [`BuiltModel::decode`]: x_rcv = 1 for the grid's values (one-hot cells), v_rc = the value
    /// (integer cells), and every [`Indicator`] as the grid decides it; any other column is 0.
    /// A value the model left out (a reduction, or singles filled before the build) is an error.
    ///
    /// ```
    /// use sudoku_ilp::formulation::{binary::Binary, Formulation};
    /// use sudoku_ilp::puzzle::{Grid, Puzzle};
    /// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
    /// let g = Grid { n: 4, values: vec![1,3,2,4, 4,2,3,1, 2,4,1,3, 3,1,4,2] };
    /// let model = Binary { reduce: true, ..Binary::default() }.build(&p);
    /// let columns = model.encode(&g).unwrap();
    /// assert_eq!(model.decode(&columns), g);
    /// ```
    pub fn encode(&self, grid: &Grid) -> Result<Vec<f64>, EncodeError> {
        if grid.values.len() != self.cells.len() {
            return Err(EncodeError::Size {
                grid: grid.values.len(),
                model: self.cells.len(),
            });
        }
        let bounds: Vec<(f64, f64)> = self
            .variables
            .iter_variables_with_def()
            .map(|(_, def)| (def.get_min(), def.get_max()))
            .collect();
        let mut columns = vec![0.0; bounds.len()];
        for (cell, (encoding, &value)) in self.cells.iter().zip(&grid.values).enumerate() {
            let missing = EncodeError::NotInModel { cell, value };
            let column = match encoding {
                CellEncoding::OneHot(_) => (self.column(cell, value).ok_or(missing)?, 1.0),
                CellEncoding::Integer(column) => {
                    let x = f64::from(value);
                    match bounds.get(*column) {
                        Some(&(lo, hi)) if lo <= x && x <= hi => (*column, x),
                        _ => return Err(missing),
                    }
                }
            };
            columns[column.0] = column.1;
        }
        for indicator in &self.indicators {
            if let Indicator::Sightline {
                column,
                group,
                position,
                fact,
            } = *indicator
            {
                let values: Vec<u8> = self.cell_groups[group]
                    .iter()
                    .map(|&c| grid.values[c])
                    .collect();
                columns[column] = fact.evaluate(&values, position);
                continue;
            }
            let (column, on) = match *indicator {
                Indicator::Greater {
                    column,
                    first,
                    second,
                } => (column, grid.values[second] > grid.values[first]),
                Indicator::Above {
                    column,
                    cell,
                    value,
                } => (column, grid.values[cell] > value),
                Indicator::Equals {
                    column,
                    cell,
                    value,
                } => (column, grid.values[cell] == value),
                Indicator::DigitSet { column, group, set } => {
                    let values = self.cell_groups[group].iter().map(|&c| grid.values[c]);
                    let values = values.filter(|&v| v > 0);
                    (column, crate::rules::ValueSet::of(values) == set)
                }
                Indicator::Tuple { column, group, row } => {
                    let cells = self.cell_groups[group].iter().map(|&c| grid.values[c]);
                    (column, cells.eq(self.tuple_rows[row].iter().copied()))
                }
                Indicator::Sightline { .. } => continue,
            };
            columns[column] = if on { 1.0 } else { 0.0 };
        }
        Ok(columns)
    }

    /// Adds the no-good row `Σ_cells x_{cell, grid(cell)} ≤ n² − 1`, which every assignment but
    /// `grid` satisfies (one-hot models only; returns false for other encodings).
    pub fn exclude_grid(&mut self, grid: &Grid) -> bool {
        if !self
            .cells
            .iter()
            .all(|e| matches!(e, CellEncoding::OneHot(_)))
        {
            return false;
        }
        let columns: Vec<usize> = (grid.values.iter().enumerate())
            .filter_map(|(cell, &v)| self.column(cell, v))
            .collect();
        let vars: Vec<Variable> = self
            .variables
            .iter_variables_with_def()
            .map(|(var, _)| var)
            .collect();
        let expr = sum_of(columns.iter().map(|&c| vars[c]));
        let k = self
            .rows
            .iter()
            .filter(|r| r.name().starts_with("nogood_"))
            .count()
            + 1;
        let bound = (self.cells.len() - 1) as f64;
        self.add_row(format!("nogood_{k}"), expr, Sense::Le, bound);
        true
    }
}

/// Σ of the variables with coefficient 1, built in one expression (summing one expression per
/// variable would allocate a map per term).
pub fn sum_of(vars: impl IntoIterator<Item = Variable>) -> Expression {
    let vars = vars.into_iter();
    let mut expr = Expression::with_capacity(vars.size_hint().0);
    for var in vars {
        expr.add_mul(1.0, var);
    }
    expr
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulation::{binary::Binary, natural::Natural};
    use good_lp::Solution as _;
    use std::collections::HashMap;

    /// Names of the rows that `columns` violates.
    fn violated(model: &BuiltModel, columns: &[f64]) -> Vec<String> {
        let values: HashMap<Variable, f64> = model
            .variables
            .iter_variables_with_def()
            .map(|(var, _)| var)
            .zip(columns.iter().copied())
            .collect();
        model
            .rows
            .iter()
            .filter(|row| {
                let lhs = values.eval(row.constraint.expression());
                if row.constraint.is_equality() {
                    lhs.abs() > 1e-9
                } else {
                    lhs > 1e-9
                }
            })
            .map(|row| row.name().to_string())
            .collect()
    }

    #[test]
    fn encoded_solutions_satisfy_every_row_of_every_formulation() {
        // r1c3 = 2 leaves r1c2 with the domain {1, 3, 4}: a hole at 2 for the exclusions.
        let p = Puzzle::with_square_boxes(4, vec![0, 0, 2, 0, 0, 0, 0, 1, 0, 4, 0, 0, 3, 0, 0, 0])
            .unwrap();
        let g = Grid {
            n: 4,
            values: vec![1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2],
        };
        let formulations: Vec<Box<dyn Formulation>> = vec![
            Box::new(Binary {
                reduce: false,
                ..Binary::default()
            }),
            Box::new(Binary {
                reduce: true,
                ..Binary::default()
            }),
            Box::new(Natural::textbook()),
            Box::new(Natural::strengthened()),
            Box::new(Natural {
                subset_sums: true,
                ..Natural::strengthened()
            }),
        ];
        for f in formulations {
            let model = f.build(&p);
            let columns = model.encode(&g).unwrap();
            assert_eq!(model.decode(&columns), g, "{}", model.label);
            assert_eq!(
                violated(&model, &columns),
                Vec::<String>::new(),
                "{}",
                model.label
            );
        }
    }

    #[test]
    fn the_model_names_its_columns_and_finds_them_by_cell_and_value() {
        let p = Puzzle::with_square_boxes(4, vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap();
        let model = Binary {
            reduce: true,
            ..Binary::default()
        }
        .build(&p);
        let names = model.column_names();
        // r1c1 keeps only its given; r1c2 loses the 1.
        assert_eq!(model.column(0, 2), None);
        assert_eq!(model.column(1, 1), None);
        let j = model.column(1, 3).unwrap();
        assert_eq!(names[j], "x_r1_c2_v3");
        assert_eq!(model.candidate(j), Some((1, 3)));
        assert_eq!(model.cell_of_column(j), Some(1));
        for (j, name) in names.iter().enumerate() {
            let (cell, v) = model.candidate(j).unwrap();
            assert_eq!(model.column(cell, v), Some(j), "{name}");
        }
        assert_eq!(model.row_names().next(), Some("cell_r1_c1"));
        let natural = Natural::textbook().build(&p);
        let v = natural.column_names().iter().position(|&c| c == "v_r2_c3");
        assert_eq!(natural.cell_of_column(v.unwrap()), Some(6));
        assert_eq!(natural.candidate(v.unwrap()), None);
        assert_eq!(natural.column(6, 1), None);
    }

    #[test]
    fn a_value_the_model_left_out_is_an_error() {
        let p = Puzzle::with_square_boxes(4, vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap();
        // Not a solution: r1c2 = 1 repeats the given, and --reduce left x_r1_c2_v1 out.
        let g = Grid {
            n: 4,
            values: vec![1, 1, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 2, 1, 3],
        };
        let model = Binary {
            reduce: true,
            ..Binary::default()
        }
        .build(&p);
        assert_eq!(
            model.encode(&g),
            Err(EncodeError::NotInModel { cell: 1, value: 1 })
        );
    }
}
