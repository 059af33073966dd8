//! The certificate checker: does a weighted sum of named model rows prove x_t ≤ 0 on the LP
//! relaxation, given which candidates are placed and removed?
//!
//! It shares no code with the LP or the techniques: it reads rows as text names, column names
//! and numbers, parses the binary model's column names `x_rR_cC_vV` itself, and adds the rows up.
//! A certificate holds when
//! - every multiplier has the sign its row allows (any on `=`, ≥ 0 on `≤`, ≤ 0 on `≥`), so the
//!   combined row `Σ m_i·a_i·x ≤ Σ m_i·b_i` is implied by the rows;
//! - its coefficient on x_t is ≥ 1 and on every other open column ≥ 0 (columns of removed
//!   candidates are 0 and may have any coefficient; every column not named `x_…` is taken as
//!   open, with x ≥ 0);
//! - its right-hand side minus the coefficients of the placed columns (fixed at 1) is ≤ 0.
//!
//! Then c_t·x_t ≤ rhs − Σ_placed c_j − Σ_open c_j·x_j ≤ 0, so x_t ≤ 0. Numbers are compared
//! with a tolerance of 1e-6 (multipliers come from a floating-point dual). This file holds the
//! rows, states and errors; the check itself (`check_certificate`) is in `summed.rs`, which
//! writes the sum out first.

/// The tolerance of every comparison.
pub const TOLERANCE: f64 = 1e-6;

/// A row's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowSense {
    Le,
    Ge,
    Eq,
}

/// One row as text: `Σ coefficient·column (sense) rhs`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRow {
    pub name: String,
    pub sense: RowSense,
    pub terms: Vec<(String, f64)>,
    pub rhs: f64,
}

/// A candidate's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CandidateState {
    Open,
    Removed,
    Placed,
}

/// Why a certificate does not prove its elimination.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CertificateError {
    #[error("the certificate names row {0}, which the model does not have")]
    UnknownRow(String),
    #[error("row {row} is '{sense}' but its multiplier {multiplier} has the wrong sign")]
    WrongSign {
        row: String,
        sense: &'static str,
        multiplier: f64,
    },
    #[error("the combined row's coefficient on {column} is {coefficient}, below 1")]
    TargetTooSmall { column: String, coefficient: f64 },
    #[error("the combined row's coefficient on open {column} is {coefficient}, below 0")]
    NegativeOpen { column: String, coefficient: f64 },
    #[error("the combined row's right-hand side after the placed digits is {0}, above 0")]
    PositiveRhs(f64),
}

/// (row, column, value), 1-based, of a column named `x_rR_cC_vV`.
pub fn parse_column(name: &str) -> Option<(usize, usize, usize)> {
    let rest = name.strip_prefix("x_r")?;
    let (r, rest) = rest.split_once("_c")?;
    let (c, v) = rest.split_once("_v")?;
    Some((r.parse().ok()?, c.parse().ok()?, v.parse().ok()?))
}

/// The row `Σ_{c ∈ cols} c = 1` named `name` (the tests' house rows).
#[cfg(test)]
pub(super) fn one_of(name: &str, cols: &[&str]) -> TextRow {
    TextRow {
        name: name.into(),
        sense: RowSense::Eq,
        terms: cols.iter().map(|c| (c.to_string(), 1.0)).collect(),
        rhs: 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::summed::check_certificate;
    use super::*;

    #[test]
    fn a_house_row_minus_a_placed_digit_removes_the_rest() {
        // row 1, value 5: x_r1_c1_v5 + x_r1_c2_v5 = 1 with r1c1 = 5 placed removes r1c2's 5.
        let rows = vec![one_of("row_r1_v5", &["x_r1_c1_v5", "x_r1_c2_v5"])];
        let state = |r: usize, c: usize, _v: usize| {
            if (r, c) == (1, 1) {
                CandidateState::Placed
            } else {
                CandidateState::Open
            }
        };
        let cert = vec![("row_r1_v5".to_string(), 1.0)];
        assert_eq!(check_certificate(&rows, state, (1, 2, 5), &cert), Ok(()));
        let open = |_: usize, _: usize, _: usize| CandidateState::Open;
        assert!(matches!(
            check_certificate(&rows, open, (1, 2, 5), &cert),
            Err(CertificateError::PositiveRhs(_))
        ));
        let unknown = vec![("row_r9_v5".to_string(), 1.0)];
        assert!(check_certificate(&rows, state, (1, 2, 5), &unknown).is_err());
        assert_eq!(parse_column("x_r12_c3_v16"), Some((12, 3, 16)));
    }
}
