//! Writing a model for other solvers: CPLEX LP ([`lp`]) and free MPS ([`mps`]) from a
//! [`BuiltModel`], and GNU MathProg data ([`gmpl`]) from a [`Puzzle`] for `models/sudoku.mod` and
//! `models/natural.mod` (`models/variants.mod` for a puzzle with variant rules). Every format but
//! the graph colouring ([`col`]) carries the puzzle's variant rules.
//!
//! Exporters read the built model only, never the solver, and write the same bytes for the same
//! input: good_lp keeps a row's coefficients in a hash map (FNV: the same order in every run,
//! but not column order), so every row is listed sorted by column index (the order in which the
//! formulation added the variables).
//!
//! Every model is a feasibility problem (minimise 0). A row `Σ a_j·x_j (≤|≥|=) b` is written as
//! the formulation stated it, with its original direction (good_lp stores every inequality as
//! `expression ≤ 0`; [`crate::formulation::Row::sense`] keeps the direction).

pub mod cnf;
pub mod col;
pub mod dzn;
pub mod gmpl;
pub mod lp;
pub mod mps;

use crate::format::{grid_text, thousands};
use crate::formulation::{BuiltModel, Formulation, Sense};
use crate::named::{impl_named_text, Named};
use crate::puzzle::{Grid, Layout, Puzzle};
use good_lp::{IntoAffineExpression, Variable};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The file formats `sudoku-ilp export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// CPLEX LP (`.lp`): glpsol --lp, cbc, highs.
    Lp,
    /// Free MPS (`.mps`): glpsol --freemps, cbc, highs.
    Mps,
    /// GNU MathProg data (`.dat`) for models/sudoku.mod and models/natural.mod, or
    /// models/variants.mod with rules.
    GmplData,
    /// DIMACS CNF (`.cnf`): the SAT encoding of seed 001, for any SAT solver.
    Cnf,
    /// DIMACS graph colouring (`.col`): the Sudoku graph, givens as a precolouring in comments.
    Col,
    /// MiniZinc data (`.dzn`) for models/sudoku.mzn, or models/variants.mzn with rules.
    Dzn,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 6] = [
        Format::Lp,
        Format::Mps,
        Format::GmplData,
        Format::Cnf,
        Format::Col,
        Format::Dzn,
    ];

    /// The format named by a file's extension: `.lp`, `.mps`, `.dat`, `.cnf`, `.col`, `.dzn`.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "lp" => Some(Format::Lp),
            "mps" => Some(Format::Mps),
            "dat" => Some(Format::GmplData),
            "cnf" => Some(Format::Cnf),
            "col" => Some(Format::Col),
            "dzn" => Some(Format::Dzn),
            _ => None,
        }
    }

    /// True for the formats written from the built model (LP, MPS); the others are written
    /// from the puzzle alone, so model switches do not apply to them.
    pub fn writes_model(self) -> bool {
        matches!(self, Format::Lp | Format::Mps)
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Lp => "lp",
            Format::Mps => "mps",
            Format::GmplData => "gmpl-data",
            Format::Cnf => "cnf",
            Format::Col => "col",
            Format::Dzn => "dzn",
        }
    }
}

impl Named for Format {
    const WHAT: &'static str = "format";
    fn all() -> &'static [Format] {
        &Format::ALL
    }
    fn name(self) -> &'static str {
        Format::name(self)
    }
    fn about(self) -> &'static str {
        match self {
            Format::Lp => "CPLEX LP (`.lp`): glpsol --lp, cbc, highs",
            Format::Mps => "Free MPS (`.mps`): glpsol --freemps, cbc, highs",
            Format::GmplData => {
                "GNU MathProg data (`.dat`) for models/sudoku.mod and models/natural.mod"
            }
            Format::Cnf => "DIMACS CNF (`.cnf`): the SAT encoding of seed 001, for any SAT solver",
            Format::Col => {
                "DIMACS graph colouring (`.col`): the Sudoku graph, givens as a precolouring in \
                 comments"
            }
            Format::Dzn => {
                "MiniZinc data (`.dzn`) for models/sudoku.mzn, or models/variants.mzn with rules"
            }
        }
    }
}
impl_named_text!(Format);

impl Format {
    /// True for the formats that carry variant rules: LP and MPS (the built model has every
    /// rule's rows), CNF (the SAT engine's rule clauses), MiniZinc data (for
    /// `models/variants.mzn`) and GNU MathProg data (for `models/variants.mod`).
    pub fn carries_rules(self) -> bool {
        !matches!(self, Format::Col)
    }

    /// True for the formats that carry an objective: LP and MPS (the objective row), GNU
    /// MathProg and MiniZinc data (the weights their models read). A CNF and a colouring graph
    /// state a feasibility problem only.
    pub fn carries_objective(self) -> bool {
        !matches!(self, Format::Cnf | Format::Col)
    }

    /// Refuses a puzzle whose variant rules or objective this format cannot write: the graph
    /// colouring knows houses only (a sum is not a colouring constraint), and neither it nor
    /// a CNF has an objective, so writing them would silently drop a rule or the objective
    /// and describe another problem.
    pub fn check_expressible(self, puzzle: &Puzzle) -> Result<(), ExportError> {
        if let Some(objective) = puzzle.objective().filter(|_| !self.carries_objective()) {
            return Err(ExportError::ObjectiveNotExpressed {
                format: self.name(),
                spec: objective.spec(),
            });
        }
        match puzzle.rules().first() {
            Some(rule) if !self.carries_rules() => Err(ExportError::RulesNotExpressed {
                format: self.name(),
                rule: rule.kind_name(),
                others: puzzle.rules().len() - 1,
            }),
            _ => self.check_outside_clues(puzzle),
        }
    }

    /// The MathProg and MiniZinc models read sightlines (outside clues) of n cells only: a
    /// puzzle with another is refused rather than written without it.
    fn check_outside_clues(self, puzzle: &Puzzle) -> Result<(), ExportError> {
        let n = puzzle.order();
        let refused = |p: &&crate::rules::Primitive| match p {
            crate::rules::Primitive::Sightline(line) => {
                matches!(self, Format::GmplData | Format::Dzn) && line.cells.len() != n
            }
            _ => false,
        };
        let sightline = puzzle
            .primitives()
            .iter()
            .find(refused)
            .map(|p| p.tag().to_string());
        match sightline {
            Some(tag) => Err(ExportError::OutsideClues {
                format: self.name(),
                tag,
            }),
            None => Ok(()),
        }
    }
}

/// The longest variable or row name the writers accept (LP readers stop at 255 characters per
/// line; this keeps every line short).
pub const MAX_NAME_LEN: usize = 100;

/// The name of the (empty) objective row in both formats.
pub const OBJECTIVE_NAME: &str = "obj";

/// Why a model cannot be written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExportError {
    #[error(
        "{what} name {name:?} cannot be written: a name is letters, digits and '_', does not start with a digit, and has 1 to {MAX_NAME_LEN} characters"
    )]
    IllegalName { what: &'static str, name: String },
    #[error("{what} name {name:?} is used twice")]
    DuplicateName { what: &'static str, name: String },
    #[error("row name {OBJECTIVE_NAME:?} is reserved for the objective")]
    ReservedName,
    #[error("the model has no variables")]
    NoVariables,
    #[error("row {row}: {value} is not a finite number")]
    NotFinite { row: String, value: f64 },
    #[error("variable {name}: bounds [{lower}, {upper}] are empty or not numbers")]
    BadBounds {
        name: String,
        lower: f64,
        upper: f64,
    },
    #[error("a row refers to a variable that is not in the model")]
    UnknownVariable,
    /// The model cannot carry the puzzle's objective (the reason in words).
    #[error("{0}")]
    Objective(String),
    #[error(
        "the {format} format cannot carry the outside clue {tag} yet: export it as lp, mps or cnf"
    )]
    OutsideClues { format: &'static str, tag: String },
    #[error(
        "the {format} format cannot express the puzzle's {rule}{others}: export it as lp, mps, cnf, dzn or gmpl-data, which carry every rule",
        others = match others { 0 => String::new(), 1 => " and 1 other rule".into(), k => format!(" and {k} other rules") }
    )]
    RulesNotExpressed {
        format: &'static str,
        rule: &'static str,
        others: usize,
    },
    #[error(
        "the {format} format has no objective and cannot carry {spec}: export it as lp, mps, gmpl-data or dzn, or leave the objective out"
    )]
    ObjectiveNotExpressed { format: &'static str, spec: String },
}

/// (maximise, terms) of a model's objective.
pub type ExportObjective = (bool, Vec<(usize, f64)>);

/// The model's objective for a writer: (maximise, terms), or `None` for the feasibility
/// model (minimise 0).
pub fn objective_terms(model: &BuiltModel) -> Result<Option<ExportObjective>, ExportError> {
    let Some(objective) = &model.objective else {
        return Ok(None);
    };
    let terms = objective.terms().map_err(ExportError::Objective)?;
    let maximise = objective.sense == crate::objective::ObjectiveSense::Max;
    Ok(Some((maximise, terms.to_vec())))
}

/// A column as the writers see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Column<'a> {
    pub name: &'a str,
    /// May be −∞.
    pub lower: f64,
    /// May be +∞.
    pub upper: f64,
    pub integer: bool,
}

/// A row `Σ coefficient·x_column (sense) rhs`, terms sorted by column index, zeros left out.
#[derive(Debug, Clone, PartialEq)]
pub struct LinearRow<'a> {
    pub name: &'a str,
    pub sense: Sense,
    pub terms: Vec<(usize, f64)>,
    pub rhs: f64,
}

/// A model in the order it is written: columns as the formulation added them, rows likewise.
#[derive(Debug, Clone, PartialEq)]
pub struct Linear<'a> {
    pub columns: Vec<Column<'a>>,
    pub rows: Vec<LinearRow<'a>>,
}

/// True for `[A-Za-z_][A-Za-z0-9_]*` of at most [`MAX_NAME_LEN`] characters: what glpsol, cbc and
/// HiGHS read the same way in LP and MPS files.
pub fn is_legal_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= MAX_NAME_LEN
}

/// `-0` becomes `0`.
fn plus_zero(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        x
    }
}

/// Reads the model into columns and rows with sorted terms; checks names, bounds and numbers.
///
/// good_lp stores a row as `e ≤ 0` or `e = 0` with `e = Σ a_j·x_j + k`: a `≤` or `=` row is
/// `Σ a_j·x_j (≤|=) −k`; a `≥` row was stored as `rhs − lhs ≤ 0`, so it is `Σ −a_j·x_j ≥ k`.
pub fn linear(model: &BuiltModel) -> Result<Linear<'_>, ExportError> {
    let (columns, column_of) = linear_columns(model)?;
    let mut row_names = HashSet::new();
    let mut rows = Vec::with_capacity(model.rows.len());
    for row in &model.rows {
        let name = row.name();
        check_name("row", name)?;
        if name == OBJECTIVE_NAME {
            return Err(ExportError::ReservedName);
        }
        if !row_names.insert(name) {
            return Err(ExportError::DuplicateName {
                what: "row",
                name: name.into(),
            });
        }
        rows.push(linear_row(row, &column_of)?);
    }
    Ok(Linear { columns, rows })
}

/// An `IllegalName` error unless `name` is a legal LP/MPS name.
fn check_name(what: &'static str, name: &str) -> Result<(), ExportError> {
    if is_legal_name(name) {
        Ok(())
    } else {
        Err(ExportError::IllegalName {
            what,
            name: name.into(),
        })
    }
}

/// The columns in model order (names legal and distinct, bounds ordered) and the column index
/// of each variable.
fn linear_columns(
    model: &BuiltModel,
) -> Result<(Vec<Column<'_>>, HashMap<Variable, usize>), ExportError> {
    let mut column_of: HashMap<Variable, usize> = HashMap::with_capacity(model.variables.len());
    let mut columns = Vec::with_capacity(model.variables.len());
    let mut seen = HashSet::new();
    for (j, (var, def)) in model.variables.iter_variables_with_def().enumerate() {
        let name = def.get_name();
        check_name("variable", name)?;
        if !seen.insert(name) {
            return Err(ExportError::DuplicateName {
                what: "variable",
                name: name.into(),
            });
        }
        let (lower, upper) = (def.get_min(), def.get_max());
        if lower.is_nan() || upper.is_nan() || lower > upper || lower == f64::INFINITY {
            return Err(ExportError::BadBounds {
                name: name.into(),
                lower,
                upper,
            });
        }
        column_of.insert(var, j);
        columns.push(Column {
            name,
            lower: plus_zero(lower),
            upper: plus_zero(upper),
            integer: def.is_integer(),
        });
    }
    if columns.is_empty() {
        return Err(ExportError::NoVariables);
    }
    Ok((columns, column_of))
}

/// One row with finite coefficients sorted by column and `≥` rows read back as `≥` (module notes
/// of [`linear`]).
fn linear_row<'a>(
    row: &'a crate::formulation::Row,
    column_of: &HashMap<Variable, usize>,
) -> Result<LinearRow<'a>, ExportError> {
    let name = row.name();
    let expression = row.constraint.expression();
    let flip = if row.sense == Sense::Ge { -1.0 } else { 1.0 };
    let mut terms = Vec::new();
    for (var, a) in expression.linear_coefficients() {
        if !a.is_finite() {
            return Err(ExportError::NotFinite {
                row: name.into(),
                value: a,
            });
        }
        if a != 0.0 {
            let j = *column_of.get(&var).ok_or(ExportError::UnknownVariable)?;
            terms.push((j, plus_zero(flip * a)));
        }
    }
    terms.sort_by_key(|&(j, _)| j);
    let rhs = -flip * expression.constant();
    if !rhs.is_finite() {
        return Err(ExportError::NotFinite {
            row: name.into(),
            value: rhs,
        });
    }
    Ok(LinearRow {
        name,
        sense: row.sense,
        terms,
        rhs: plus_zero(rhs),
    })
}

/// A number as both formats read it: integers without a decimal point, others in Rust's shortest
/// round-trip form (`0.5`, `1e-7`).
pub fn number(x: f64) -> String {
    let x = plus_zero(x);
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x:?}")
    }
}

/// Printable ASCII only (anything else becomes `?`), so that a puzzle name cannot break a
/// comment line.
pub(crate) fn comment_text(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c == ' ' || c.is_ascii_graphic() {
                c
            } else {
                '?'
            }
        })
        .take(200)
        .collect()
}

/// The comment header both model formats start with (without the comment marker): which model,
/// which puzzle, the model's size, and the grid.
pub(crate) fn header(format: &str, puzzle: &Puzzle, model: &BuiltModel) -> Vec<String> {
    let size = model.size();
    let n = puzzle.order();
    let shape = match puzzle.layout() {
        Layout::Boxes { rows, cols } => format!("boxes {rows}x{cols}"),
        Layout::Regions(_) => "irregular regions".to_string(),
    };
    let diagonals = if puzzle.has_diagonals() {
        ", diagonals"
    } else {
        ""
    };
    let mut lines = vec![
        format!("sudoku-ilp export: {} model, {format}", model.label),
        format!(
            "puzzle: {}",
            comment_text(puzzle.name().unwrap_or("(unnamed)"))
        ),
        format!(
            "order {n}, {shape}{diagonals}, {} givens",
            puzzle.given_count()
        ),
        format!(
            "model: {} variables ({} binary, {} integer), {} constraints, {} nonzeros",
            thousands(size.variables),
            thousands(size.binary),
            thousands(size.integer),
            thousands(size.constraints),
            thousands(size.nonzeros)
        ),
        match &model.objective {
            None => "minimise 0 (a feasibility problem); names are 1-based: r = row, c = column, v = value".to_string(),
            Some(o) => format!("objective {} (whole weights); names are 1-based: r = row, c = column, v = value", o.spec),
        },
        "grid (. = empty):".to_string(),
    ];
    let grid = Grid {
        n,
        values: puzzle.givens().to_vec(),
    };
    lines.extend(grid_text(&grid, puzzle.layout()).lines().map(String::from));
    if let Layout::Regions(ids) = puzzle.layout() {
        lines.push("regions (1-based id per cell):".to_string());
        let region_ids: Vec<u8> = ids.iter().map(|&id| (id + 1) as u8).collect();
        let regions = Grid {
            n,
            values: region_ids,
        };
        lines.extend(
            grid_text(&regions, puzzle.layout())
                .lines()
                .map(String::from),
        );
    }
    lines
}

/// Builds the model (for LP and MPS) and writes it in `format`; GMPL data needs the puzzle only.
pub fn export(
    format: Format,
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
) -> Result<String, ExportError> {
    format.check_expressible(puzzle)?;
    match format {
        Format::Lp => lp::write(puzzle, &formulation.build(puzzle)),
        Format::Mps => mps::write(puzzle, &formulation.build(puzzle)),
        Format::GmplData => Ok(gmpl::write_data(puzzle)),
        Format::Cnf => Ok(cnf::write(puzzle)),
        Format::Col => Ok(col::write(puzzle)),
        Format::Dzn => Ok(dzn::write(puzzle)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulation::binary::Binary;
    use good_lp::variable;

    #[test]
    fn legal_names() {
        for ok in ["x_r1_c1_v1", "y_r1c1_r1c2", "_a", "box_b9_v9", "A"] {
            assert!(is_legal_name(ok), "{ok}");
        }
        let long = "x".repeat(MAX_NAME_LEN + 1);
        for bad in ["", "1x", "x-y", "x y", "x.y", "é", "x[1]", long.as_str()] {
            assert!(!is_legal_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn numbers_are_plain() {
        assert_eq!(number(1.0), "1");
        assert_eq!(number(-0.0), "0");
        assert_eq!(number(-9.0), "-9");
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(1e-7), "1e-7");
    }

    #[test]
    fn format_from_extension() {
        assert_eq!(Format::from_path(Path::new("a/b.LP")), Some(Format::Lp));
        assert_eq!(Format::from_path(Path::new("b.mps")), Some(Format::Mps));
        assert_eq!(
            Format::from_path(Path::new("b.dat")),
            Some(Format::GmplData)
        );
        assert_eq!(Format::from_path(Path::new("b.txt")), None);
        assert_eq!(Format::from_path(Path::new("lp")), None);
    }

    #[test]
    fn ge_rows_keep_their_direction_and_rhs() {
        let mut m = BuiltModel::new("t".into(), 1);
        let (a, _) = m.add_variable(variable().integer().min(1).max(9).name("a"));
        let (b, _) = m.add_variable(variable().binary().name("b"));
        // a − 9b ≥ 1 − 9
        m.add_row("ne2".into(), a - 9 * b, Sense::Ge, -8.0);
        m.add_row("le".into(), 2 * a + b, Sense::Le, 5.0);
        m.add_row("eq".into(), b + 0 * a, Sense::Eq, 1.0);
        let lin = linear(&m).unwrap();
        assert_eq!(lin.rows[0].sense, Sense::Ge);
        assert_eq!(lin.rows[0].terms, vec![(0, 1.0), (1, -9.0)]);
        assert_eq!(lin.rows[0].rhs, -8.0);
        assert_eq!(lin.rows[1].terms, vec![(0, 2.0), (1, 1.0)]);
        assert_eq!(lin.rows[1].rhs, 5.0);
        assert_eq!(
            lin.rows[2].terms,
            vec![(1, 1.0)],
            "zero coefficients are left out"
        );
        assert_eq!(lin.columns[0].lower, 1.0);
        assert_eq!(lin.columns[0].upper, 9.0);
        assert!(lin.columns[1].integer);
    }

    #[test]
    fn bad_names_are_errors_not_panics() {
        let mut m = BuiltModel::new("t".into(), 1);
        m.add_variable(variable().binary().name("x y"));
        assert!(matches!(
            linear(&m),
            Err(ExportError::IllegalName {
                what: "variable",
                ..
            })
        ));
        let mut m = BuiltModel::new("t".into(), 1);
        let (x, _) = m.add_variable(variable().binary().name("x"));
        m.add_row("r".into(), x.into(), Sense::Eq, 1.0);
        m.add_row("r".into(), x.into(), Sense::Eq, 1.0);
        assert!(matches!(
            linear(&m),
            Err(ExportError::DuplicateName { what: "row", .. })
        ));
        let mut m = BuiltModel::new("t".into(), 1);
        let (x, _) = m.add_variable(variable().binary().name("x"));
        m.add_row(OBJECTIVE_NAME.into(), x.into(), Sense::Eq, 1.0);
        assert_eq!(linear(&m), Err(ExportError::ReservedName));
        let m = BuiltModel::new("t".into(), 1);
        assert_eq!(linear(&m), Err(ExportError::NoVariables));
    }

    #[test]
    fn header_lines_stay_under_255_characters_up_to_64x64() {
        let p = Puzzle::with_square_boxes(64, vec![0; 64 * 64]).unwrap();
        let m = BuiltModel::new("binary".into(), 64);
        let lines = header("CPLEX LP", &p, &m);
        assert_eq!(lines.len(), 6 + 64 + 9, "6 lines, 64 grid rows, 9 borders");
        assert!(lines.iter().all(|l| l.len() < 250), "{lines:?}");
    }

    #[test]
    fn rows_are_sorted_by_column_whatever_the_hash_order() {
        let p = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let m = Binary::default().build(&p);
        let lin = linear(&m).unwrap();
        for row in &lin.rows {
            assert!(
                row.terms.windows(2).all(|w| w[0].0 < w[1].0),
                "{}",
                row.name
            );
        }
        // row_r1_v1: x_r1_c{1..4}_v1 are columns 0, 4, 8, 12.
        let r = lin.rows.iter().find(|r| r.name == "row_r1_v1").unwrap();
        let cols: Vec<usize> = r.terms.iter().map(|t| t.0).collect();
        assert_eq!(cols, vec![0, 4, 8, 12]);
    }
}
