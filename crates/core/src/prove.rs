//! `prove`: the student's own certificate of an elimination, checked (issue 45, item 1).
//!
//! Given a puzzle (its givens placed, their peers' candidates removed) and a candidate (cell,
//! digit), the student writes a combination of the binary model's rows, named as `export
//! --format lp` writes them, each with a multiplier: `row_r9_v2 - box_b8_v2`, `2 cell_r1_c1 +
//! 0.5*col_c1_v1`. The rows are summed by [`crate::check::summed`] (which shares nothing with
//! the LP): the combination proves x_cv ≤ 0 on the LP relaxation when, with the placed columns
//! at 1 and the removed ones at 0, its coefficient on x_cv is ≥ 1, every other open column's
//! is ≥ 0 and its right-hand side is ≤ 0; otherwise the check names what spoils it. The tool's
//! own certificate ([`model_answer`], from the LP's dual) is the model answer.

use crate::check::certificate::{CandidateState, CertificateError, TextRow};
use crate::check::summed::SummedInequality;
use crate::export::linear;
use crate::formulation::binary::Binary;
use crate::formulation::Formulation;
use crate::geometry::parse_cell;
use crate::hint::certificate::{text_rows, CertificateFailure, Certifier, Proof};
use crate::hint::grid::bit;
use crate::hint::{Candidates, Step, Technique};
use crate::lp_interface::LpBackend;
use crate::puzzle::{Cell, Puzzle};

/// Why a proof cannot be checked: the elimination or the rows are not understood.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProveError {
    #[error("elimination {0:?}: expected rRcC=V (1-based, e.g. r9c8=2)")]
    BadElimination(String),
    #[error("elimination {text:?}: {what}")]
    OutOfGrid { text: String, what: String },
    #[error("rows {text:?}, at character {at}: {what}")]
    BadRows {
        text: String,
        at: usize,
        what: &'static str,
    },
    #[error("row {0:?} is not a row of the model (names as `export --format lp` writes them: cell_r1_c1, row_r1_v1, col_c1_v1, box_b1_v1, given_r1_c1, ...)")]
    UnknownRow(String),
    #[error("the model cannot be read as rows: {0}")]
    Model(String),
}

/// The candidate to eliminate: `r9c8=2`, checked against the puzzle's order.
pub fn parse_elimination(text: &str, puzzle: &Puzzle) -> Result<(Cell, u8), ProveError> {
    let bad = || ProveError::BadElimination(text.to_string());
    let (cell, value) = text.trim().split_once('=').ok_or_else(bad)?;
    let cell = parse_cell(cell).ok_or_else(bad)?;
    let value: usize = value.trim().parse().map_err(|_| bad())?;
    let n = puzzle.order();
    let out = |what: String| ProveError::OutOfGrid {
        text: text.to_string(),
        what,
    };
    if cell.row >= n || cell.col >= n {
        return Err(out(format!("{cell} is outside the {n}x{n} grid")));
    }
    if !(1..=n).contains(&value) {
        return Err(out(format!("the digit {value} is outside 1..{n}")));
    }
    if let Some(g) = puzzle.given(cell) {
        return Err(out(format!(
            "{cell} is a given ({g}): nothing to eliminate"
        )));
    }
    Ok((cell, value as u8))
}

/// A combination of rows: `[sign] [number [*]] name`, joined by `+` or `-`. The same row twice
/// adds its multipliers.
pub fn parse_rows(text: &str) -> Result<Vec<(String, f64)>, ProveError> {
    let chars: Vec<char> = text.chars().collect();
    let bad = |at: usize, what: &'static str| ProveError::BadRows {
        text: text.to_string(),
        at: at + 1,
        what,
    };
    let skip = |mut i: usize| {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let mut out: Vec<(String, f64)> = Vec::new();
    let mut i = skip(0);
    while i < chars.len() {
        let mut sign = 1.0;
        if chars[i] == '+' || chars[i] == '-' {
            sign = if chars[i] == '-' { -1.0 } else { 1.0 };
            i = skip(i + 1);
        } else if !out.is_empty() {
            return Err(bad(i, "expected + or - between rows"));
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
            i += 1;
        }
        let mut multiplier = 1.0;
        if i > start {
            let number: String = chars[start..i].iter().collect();
            multiplier = number.parse().map_err(|_| bad(start, "not a number"))?;
            i = skip(i);
            if i < chars.len() && chars[i] == '*' {
                i = skip(i + 1);
            }
        }
        let name_start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i == name_start || chars[name_start].is_ascii_digit() {
            return Err(bad(name_start, "expected a row name"));
        }
        let name: String = chars[name_start..i].iter().collect();
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 += sign * multiplier,
            None => out.push((name, sign * multiplier)),
        }
        i = skip(i);
    }
    if out.is_empty() {
        return Err(bad(0, "no rows"));
    }
    Ok(out)
}

/// The verdict on a student's combination.
#[derive(Debug, Clone, PartialEq)]
pub struct ProofCheck {
    /// The candidate and its column's name.
    pub cell: Cell,
    pub value: u8,
    pub column: String,
    /// The rows and multipliers, as read.
    pub rows: Vec<(String, f64)>,
    /// The rows summed and read with the candidates' states, or the row whose multiplier has
    /// a sign its inequality does not allow (then the rows sum to nothing the model implies).
    pub summed: Result<SummedInequality, CertificateError>,
}

impl ProofCheck {
    /// Whether the combination proves the elimination on the LP relaxation.
    pub fn proves(&self) -> bool {
        self.summed.as_ref().is_ok_and(|s| s.proves())
    }
}

/// The binary model's rows as text (as `export --format lp` writes them).
pub fn model_rows(puzzle: &Puzzle) -> Result<Vec<TextRow>, ProveError> {
    let model = Binary::default().build(puzzle);
    let lin = linear(&model).map_err(|e| ProveError::Model(e.to_string()))?;
    Ok(text_rows(&lin))
}

/// Checks the student's `rows` (text) as a proof that `value` leaves `cell` in `puzzle`'s
/// state. A row name the model does not have is an error (bad input), a wrong proof is not.
pub fn check_proof(
    puzzle: &Puzzle,
    (cell, value): (Cell, u8),
    rows: &str,
) -> Result<ProofCheck, ProveError> {
    let combination = parse_rows(rows)?;
    let model = model_rows(puzzle)?;
    if let Some((name, _)) = combination
        .iter()
        .find(|(name, _)| !model.iter().any(|r| r.name == *name))
    {
        return Err(ProveError::UnknownRow(name.clone()));
    }
    let g = Candidates::new(puzzle);
    let state = |r: usize, c: usize, v: usize| {
        let i = (r - 1) * g.n + c - 1;
        if g.value[i] == v as u8 {
            CandidateState::Placed
        } else if g.value[i] == 0 && g.has(i, v as u8) {
            CandidateState::Open
        } else {
            CandidateState::Removed
        }
    };
    let target = (cell.row + 1, cell.col + 1, value as usize);
    let summed = SummedInequality::of(&model, state, target, &combination);
    if let Err(CertificateError::UnknownRow(name)) = summed {
        return Err(ProveError::UnknownRow(name));
    }
    Ok(ProofCheck {
        cell,
        value,
        column: format!("x_r{}_c{}_v{value}", cell.row + 1, cell.col + 1),
        rows: combination,
        summed,
    })
}

/// The tool's own certificate of the elimination (the model answer), from the LP on
/// `backend`: [`Proof::Implied`] with its rows, or [`Proof::NotImplied`] with the LP's maximum
/// of x_cv — then, by LP duality, no combination of rows proves it.
pub fn model_answer(
    puzzle: &Puzzle,
    (cell, value): (Cell, u8),
    backend: LpBackend,
) -> Result<Proof, CertificateFailure> {
    let mut certifier = Certifier::with_backend(puzzle, backend)?;
    let mut g = Candidates::new(puzzle);
    let c = cell.row * g.n + cell.col;
    if g.value[c] == 0 {
        // A candidate a given already rules out is opened again: with its column fixed at 0
        // the LP's maximum says nothing, open it is held at 0 by the rows (a house row with
        // the given placed), which are its certificate.
        g.cand[c] |= bit(value);
    }
    certifier.sync(&g)?;
    let mut step = Step::new(Technique::LpElimination, String::new());
    step.eliminations.push((c, value));
    step.cells.push(c);
    certifier.prove(&g, &step, c, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_read_with_signs_and_multipliers() {
        assert_eq!(
            parse_rows("row_r9_v2 - box_b8_v2").unwrap(),
            vec![("row_r9_v2".into(), 1.0), ("box_b8_v2".into(), -1.0)]
        );
        assert_eq!(
            parse_rows("-2 cell_r1_c1 + 0.5*col_c1_v1 + cell_r1_c1").unwrap(),
            vec![("cell_r1_c1".into(), -1.0), ("col_c1_v1".into(), 0.5)]
        );
        assert!(matches!(
            parse_rows("row_r9_v2 box_b8_v2"),
            Err(ProveError::BadRows { at: 11, .. })
        ));
        assert!(parse_rows("row_r9_v2 - 3").is_err());
        assert!(parse_rows("  ").is_err());
    }
}
