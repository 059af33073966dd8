//! The student's own rows for one rule (a killer cage, a thermometer step, a kropki or XV
//! pair, a house): linear rows over the candidates x_{c,v} of the rule's cells, checked two ways.
//!
//! **Exact**: with each cell holding one digit (Σ_v x_{c,v} = 1, beside every rule in the
//! model), the rows must accept exactly the digit assignments the rule allows. Every
//! assignment of the rule's cells is visited by a depth-first enumeration that skips a subtree
//! only when no completion can satisfy the rows (each row's range over the open cells) and
//! none can satisfy the rule ([`Primitive::may_hold`]); the first forbidden assignment
//! accepted and the first allowed one refused (with the row that refuses it) are named.
//!
//! **Strength** (when exact): the project's strong form is the binary model's rows for the
//! rule in its default forms ([`rule_alone`]). A fractional point of the student's LP (the
//! rows, the cell rows, 0 ≤ x ≤ 1) that the strong form cuts off is looked for: each strong
//! row over the x columns alone is maximised (and minimised) over the student's LP — exact
//! for those rows; when the strong form has extra columns (a cage's digit sets y_D) the
//! vertices met while maximising and minimising each x_{c,v} are tested for membership in the
//! strong form (x fixed, y free) — probes, not a proof, and said so.

use crate::formulation::rule_alone::rule_alone;
use crate::lab::cuts::short;
use crate::lab::model_rows;
use crate::linear_text::{self, Inequality, ParseError, Resolved};
use crate::lp_interface::{LabLp, LpBackend, LpError, LpState};
use crate::puzzle::{Cell, Puzzle};
use crate::rules::primitive::Primitive;

/// Visits at most this many partial assignments.
pub const MAX_VISITS: u64 = 200_000_000;

/// Why a row check could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RowCheckError {
    #[error("no rule {name:?} in the puzzle (its rules: {known})")]
    UnknownRule { name: String, known: String },
    #[error("row {index}: {source}")]
    Row { index: usize, source: ParseError },
    #[error("no rows given: write one or more rows separated by ';'")]
    NoRows,
    #[error("more than {MAX_VISITS} partial assignments: pick a rule with fewer cells")]
    TooMany,
    #[error(transparent)]
    Lp(#[from] LpError),
}

/// How the student's LP compares with the strong form's.
#[derive(Debug, Clone, PartialEq)]
pub enum Strength {
    /// Every strong row holds on the student's LP (each maximised and minimised over it).
    AsStrong { how: String },
    /// The student's LP allows `point` (fractional), which the strong form's `row` cuts off.
    Weaker { point: String, row: String },
    /// The strong form has extra columns and no probe found such a point (not a proof).
    NoneFound { probes: usize },
}

/// The outcome of a row check.
#[derive(Debug, Clone, PartialEq)]
pub struct RowCheck {
    pub rule: String,
    pub cells: Vec<String>,
    /// The rule's primitives as text.
    pub primitives: Vec<String>,
    /// n^k assignments of the k cells, and how many the rule allows.
    pub assignments: u128,
    pub allowed: u64,
    /// A forbidden assignment the rows accept (`r1c1=1 r1c2=1`).
    pub forbidden_accepted: Option<String>,
    /// An allowed assignment the rows refuse, and the row (as written) that refuses it.
    pub allowed_refused: Option<(String, String)>,
    /// `None` when the rows are not exact (then strength is not the question).
    pub strength: Option<Strength>,
}

impl RowCheck {
    /// True when the rows accept exactly the allowed assignments.
    pub fn exact(&self) -> bool {
        self.forbidden_accepted.is_none() && self.allowed_refused.is_none()
    }

    /// The answer in one line.
    pub fn verdict(&self) -> String {
        match (
            &self.forbidden_accepted,
            &self.allowed_refused,
            &self.strength,
        ) {
            (Some(_), Some(_), _) => {
                "wrong: your rows accept a forbidden assignment and refuse an allowed one".into()
            }
            (Some(_), None, _) => "wrong: your rows accept a forbidden assignment".into(),
            (None, Some(_), _) => "wrong: your rows refuse an allowed assignment".into(),
            (None, None, Some(Strength::Weaker { .. })) => {
                "right, but weaker than the project's strong form".into()
            }
            (None, None, Some(Strength::AsStrong { .. })) => {
                "right, and as strong as the project's strong form".into()
            }
            _ => "right; no fractional point found that the project's strong form cuts off".into(),
        }
    }
}

/// The cells and primitives of rule `name`: the primitives tagged `name` or `name_…`
/// (`cage1` is its all-different and its sum), or a house by its rows' name (`row_r1`,
/// `col_c2`, `box_b3`).
pub fn find_rule(
    puzzle: &Puzzle,
    name: &str,
) -> Result<(Vec<Cell>, Vec<Primitive>), RowCheckError> {
    let prefix = format!("{name}_");
    let mut primitives: Vec<Primitive> = puzzle
        .primitives()
        .iter()
        .filter(|p| p.tag() == name || p.tag().starts_with(&prefix))
        .cloned()
        .collect();
    let n = puzzle.order();
    for house in puzzle.houses() {
        let row = crate::formulation::binary::house_row_name(house.kind, 1);
        if row.strip_suffix("_v1") == Some(name) {
            primitives.push(Primitive::AllDifferent {
                tag: name.to_string(),
                cells: house.cells.clone(),
            });
        }
    }
    if primitives.is_empty() {
        let mut known: Vec<String> = puzzle
            .primitives()
            .iter()
            .map(|p| {
                p.tag()
                    .split("_step")
                    .next()
                    .unwrap_or("")
                    .trim_end_matches("_sum")
                    .to_string()
            })
            .collect();
        known.dedup();
        known.push(format!("houses row_r1 … row_r{n}, col_c1 …, box_b1 …"));
        return Err(RowCheckError::UnknownRule {
            name: name.into(),
            known: known.join(", "),
        });
    }
    let mut cells: Vec<Cell> = Vec::new();
    for c in primitives.iter().flat_map(Primitive::cells) {
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    Ok((cells, primitives))
}

/// Checks the student's `rows` (separated by `;` or new lines) for rule `name` of `puzzle`;
/// `backend` makes the LPs of the strength comparison.
pub fn row_check(
    puzzle: &Puzzle,
    name: &str,
    rows: &str,
    backend: &LpBackend,
) -> Result<RowCheck, RowCheckError> {
    let (cells, primitives) = find_rule(puzzle, name)?;
    let n = puzzle.order();
    let texts: Vec<&str> = rows
        .split([';', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    if texts.is_empty() {
        return Err(RowCheckError::NoRows);
    }
    let cell_names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    let resolve = |text: &str| match linear_text::candidate_of(text, n) {
        Some((cell, v)) => match cells.iter().position(|c| c.row * n + c.col == cell) {
            Some(k) => Resolved::Column(k * n + usize::from(v) - 1),
            None => Resolved::Unknown(format!(
                "not a candidate of the rule's cells ({})",
                cell_names.join(" ")
            )),
        },
        None => Resolved::Unknown("not a candidate x_rR_cC_vV or rRcC=V".into()),
    };
    let parsed: Vec<Inequality> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            linear_text::parse(t, resolve).map_err(|source| RowCheckError::Row {
                index: i + 1,
                source,
            })
        })
        .collect::<Result<_, _>>()?;
    let mut walk = Walk::new(n, &cells, &primitives, &parsed);
    walk.visit(0)?;
    let name_of = |values: &[u8]| {
        cells
            .iter()
            .zip(values)
            .map(|(c, v)| format!("{c}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut check = RowCheck {
        rule: name.to_string(),
        cells: cell_names.clone(),
        primitives: primitives.iter().map(ToString::to_string).collect(),
        assignments: (n as u128).pow(cells.len() as u32),
        allowed: walk.allowed,
        forbidden_accepted: walk.forbidden_accepted.as_deref().map(name_of),
        allowed_refused: walk
            .allowed_refused
            .as_ref()
            .map(|(values, row)| (name_of(values), texts[*row].to_string())),
        strength: None,
    };
    if check.exact() {
        let point_text = |x: &[f64]| {
            let mut parts = Vec::new();
            for (k, cell) in cells.iter().enumerate() {
                for v in 1..=n {
                    let value = x[k * n + v - 1];
                    if value > 1e-9 {
                        parts.push(format!("{cell}={v}: {}", short(value)));
                    }
                }
            }
            parts.join(", ")
        };
        check.strength = Some(strength(
            puzzle,
            &cells,
            &primitives,
            &parsed,
            backend,
            &point_text,
        )?);
    }
    Ok(check)
}

/// The depth-first enumeration of the assignments (see the module).
struct Walk<'a> {
    n: usize,
    cells: &'a [Cell],
    primitives: &'a [Primitive],
    /// Each row: its bounds, and each cell's coefficient per digit (`coefficients[k][v − 1]`).
    rows: Vec<(f64, f64, Vec<Vec<f64>>)>,
    values: Vec<u8>,
    visits: u64,
    allowed: u64,
    forbidden_accepted: Option<Vec<u8>>,
    /// The assignment and the index of the row that refuses it.
    allowed_refused: Option<(Vec<u8>, usize)>,
}

impl<'a> Walk<'a> {
    fn new(
        n: usize,
        cells: &'a [Cell],
        primitives: &'a [Primitive],
        rows: &[Inequality],
    ) -> Walk<'a> {
        let rows = rows
            .iter()
            .map(|q| {
                let mut coefficients = vec![vec![0.0; n]; cells.len()];
                for &(j, a) in &q.terms {
                    coefficients[j / n][j % n] += a;
                }
                (q.lower, q.upper, coefficients)
            })
            .collect();
        Walk {
            n,
            cells,
            primitives,
            rows,
            values: vec![0; cells.len()],
            visits: 0,
            allowed: 0,
            forbidden_accepted: None,
            allowed_refused: None,
        }
    }

    /// The first row that no completion of the current values can satisfy.
    fn row_out(&self) -> Option<usize> {
        self.rows.iter().position(|(lower, upper, coefficients)| {
            let (mut low, mut high) = (0.0, 0.0);
            for (k, by_digit) in coefficients.iter().enumerate() {
                match self.values[k] {
                    0 => {
                        low += by_digit.iter().copied().fold(f64::INFINITY, f64::min);
                        high += by_digit.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    }
                    v => {
                        low += by_digit[usize::from(v) - 1];
                        high += by_digit[usize::from(v) - 1];
                    }
                }
            }
            high < lower - 1e-9 || low > upper + 1e-9
        })
    }

    fn rule_may_hold(&self, complete: bool) -> bool {
        let value_of = |c: Cell| {
            self.cells
                .iter()
                .position(|&d| d == c)
                .map_or(0, |k| self.values[k])
        };
        self.primitives.iter().all(|p| {
            if complete {
                p.holds(value_of)
            } else {
                p.may_hold(self.n, value_of)
            }
        })
    }

    fn visit(&mut self, depth: usize) -> Result<(), RowCheckError> {
        self.visits += 1;
        if self.visits > MAX_VISITS {
            return Err(RowCheckError::TooMany);
        }
        let complete = depth == self.cells.len();
        let row_out = self.row_out();
        let rule = self.rule_may_hold(complete);
        if complete {
            match (rule, row_out) {
                (true, None) => self.allowed += 1,
                (true, Some(row)) => {
                    self.allowed += 1;
                    if self.allowed_refused.is_none() {
                        self.allowed_refused = Some((self.values.clone(), row));
                    }
                }
                (false, None) => {
                    if self.forbidden_accepted.is_none() {
                        self.forbidden_accepted = Some(self.values.clone());
                    }
                }
                (false, Some(_)) => {}
            }
            return Ok(());
        }
        // Nothing to find below: no completion is accepted, none allowed; or none allowed and
        // a forbidden accepted one is known already.
        if !rule && (row_out.is_some() || self.forbidden_accepted.is_some()) {
            return Ok(());
        }
        for v in 1..=self.n as u8 {
            self.values[depth] = v;
            self.visit(depth + 1)?;
        }
        self.values[depth] = 0;
        Ok(())
    }
}

/// Compares the student's LP with the strong form's (see the module).
fn strength(
    puzzle: &Puzzle,
    cells: &[Cell],
    primitives: &[Primitive],
    rows: &[Inequality],
    backend: &LpBackend,
    point_text: &dyn Fn(&[f64]) -> String,
) -> Result<Strength, RowCheckError> {
    let n = puzzle.order();
    let x_columns = cells.len() * n;
    let mut student = backend(&rule_alone(puzzle, cells, primitives, false))?;
    for q in rows {
        student.add_row(q.lower, q.upper, &q.terms)?;
    }
    let strong_model = rule_alone(puzzle, cells, primitives, true);
    let (_, strong_rows) = model_rows(&strong_model);
    let names: Vec<&str> = strong_model.rows.iter().map(|r| r.name()).collect();
    let mut extremes =
        |maximise: bool, terms: &[(usize, f64)]| -> Result<Option<Vec<f64>>, RowCheckError> {
            student.set_objective(maximise, terms)?;
            let point = student.solve()?;
            Ok((point.state == LpState::Optimal).then_some(point.columns))
        };
    let mut probed = 0;
    for (row, name) in strong_rows.iter().zip(&names) {
        if name.starts_with("cell_") || row.terms.iter().any(|&(j, _)| j >= x_columns) {
            continue;
        }
        for (maximise, bound) in [(true, row.upper), (false, row.lower)] {
            if !bound.is_finite() {
                continue;
            }
            let Some(x) = extremes(maximise, &row.terms)? else {
                continue;
            };
            probed += 1;
            let activity: f64 = row.terms.iter().map(|&(j, a)| a * x[j]).sum();
            let outside = if maximise {
                activity - bound
            } else {
                bound - activity
            };
            if outside > 1e-6 {
                return Ok(Strength::Weaker {
                    point: point_text(&x),
                    row: format!("the row {name}"),
                });
            }
        }
    }
    if strong_model.variables.len() == x_columns {
        return Ok(Strength::AsStrong {
            how: format!(
                "each of its rows over the candidates, maximised and minimised over your LP \
                 ({probed} LPs), stays within its bounds"
            ),
        });
    }
    // Extra columns: probe vertices of the student's LP for membership in the strong form.
    let mut strong = backend(&strong_model)?;
    strong.set_objective(false, &[])?;
    let mut probes = 0;
    for j in 0..x_columns {
        for maximise in [true, false] {
            let Some(x) = extremes(maximise, &[(j, 1.0)])? else {
                continue;
            };
            probes += 1;
            for (col, &value) in x.iter().enumerate().take(x_columns) {
                strong.set_column_bounds(col, value, value)?;
            }
            if strong.solve()?.state == LpState::Infeasible {
                return Ok(Strength::Weaker {
                    point: point_text(&x),
                    row: "the project's strong form (its digit-set rows: no y_D completes it)"
                        .into(),
                });
            }
        }
    }
    Ok(Strength::NoneFound { probes })
}
