//! A certificate written out: each row times its multiplier, the inequality they sum to, and
//! why, with 0 ≤ x ≤ 1, it forces x_t ≤ 0 — or which columns keep it from doing so.
//!
//! With multipliers m_i of the right signs the rows sum to `Σ_j c_j·x_j (= or ≤) b`. Placed
//! columns are fixed at 1 (moved to the right: b' = b − Σ_placed c_j), removed ones at 0
//! (dropped). What is left is `c_t·x_t + Σ_open c_j·x_j ≤ b'`. When c_t ≥ 1, every other
//! open c_j ≥ 0 and b' ≤ 0, then c_t·x_t ≤ b' − Σ_open c_j·x_j ≤ 0 since every x_j ≥ 0, so
//! x_t ≤ 0. Like the checker it serves ([`check_certificate`] reads its
//! verdict), it reads rows as text and shares nothing with the LP.

use super::certificate::{
    parse_column, CandidateState, CertificateError, RowSense, TextRow, TOLERANCE,
};
use std::collections::HashMap;

/// One row of a certificate with its multiplier, written out.
#[derive(Debug, Clone, PartialEq)]
pub struct WrittenRow {
    pub name: String,
    pub multiplier: f64,
    /// The row as `x_… + x_… = 1`.
    pub text: String,
}

/// The certificate's rows summed, and the sum read with the candidates' states.
#[derive(Debug, Clone, PartialEq)]
pub struct SummedInequality {
    pub rows: Vec<WrittenRow>,
    /// The sum's nonzero coefficients, columns in the order the rows first name them.
    pub terms: Vec<(String, f64)>,
    /// `=` when every row is an equation, else `≤`.
    pub sense: RowSense,
    pub rhs: f64,
    /// The eliminated candidate's column and its coefficient.
    pub target: (String, f64),
    /// Columns of placed candidates (fixed at 1) with their coefficients.
    pub placed: Vec<(String, f64)>,
    /// Columns of removed candidates (fixed at 0) with their coefficients.
    pub removed: Vec<(String, f64)>,
    /// The other open columns (0 ≤ x ≤ 1) with their coefficients.
    pub open: Vec<(String, f64)>,
    /// The right-hand side once the placed columns are moved to it.
    pub rhs_left: f64,
}

/// The sign a multiplier of a row of this sense may have, or the sense's text when it is wrong.
fn wrong_sign(sense: RowSense, m: f64) -> Option<&'static str> {
    match sense {
        RowSense::Eq => None,
        RowSense::Le => (m < -TOLERANCE).then_some("<="),
        RowSense::Ge => (m > TOLERANCE).then_some(">="),
    }
}

impl SummedInequality {
    /// Sums the rows of `certificate` (by name in `rows`) and sorts the sum's columns by the
    /// state `state` gives each candidate (1-based row, column, value); `target` is the
    /// eliminated candidate. An unknown row or a multiplier of the wrong sign is an error: the
    /// rows do not sum to an inequality the model implies.
    pub fn of(
        rows: &[TextRow],
        state: impl Fn(usize, usize, usize) -> CandidateState,
        target: (usize, usize, usize),
        certificate: &[(String, f64)],
    ) -> Result<SummedInequality, CertificateError> {
        let by_name: HashMap<&str, &TextRow> = rows.iter().map(|r| (r.name.as_str(), r)).collect();
        let mut order: Vec<String> = Vec::new();
        let mut coefficient: HashMap<String, f64> = HashMap::new();
        let (mut rhs, mut sense, mut written) = (0.0, RowSense::Eq, Vec::new());
        for (name, m) in certificate {
            let row = by_name
                .get(name.as_str())
                .ok_or_else(|| CertificateError::UnknownRow(name.clone()))?;
            if let Some(sense) = wrong_sign(row.sense, *m) {
                return Err(CertificateError::WrongSign {
                    row: name.clone(),
                    sense,
                    multiplier: *m,
                });
            }
            if row.sense != RowSense::Eq {
                sense = RowSense::Le;
            }
            for (column, a) in &row.terms {
                let entry = coefficient.entry(column.clone()).or_insert_with(|| {
                    order.push(column.clone());
                    0.0
                });
                *entry += m * a;
            }
            rhs += m * row.rhs;
            written.push(WrittenRow {
                name: name.clone(),
                multiplier: *m,
                text: row_text(row),
            });
        }
        let target_name = format!("x_r{}_c{}_v{}", target.0, target.1, target.2);
        let mut sum = SummedInequality {
            rows: written,
            terms: Vec::new(),
            sense,
            rhs: clean(rhs),
            target: (target_name.clone(), 0.0),
            placed: Vec::new(),
            removed: Vec::new(),
            open: Vec::new(),
            rhs_left: clean(rhs),
        };
        for column in order {
            let c = clean(coefficient[&column]);
            if c == 0.0 {
                continue;
            }
            sum.terms.push((column.clone(), c));
            if column == target_name {
                sum.target.1 = c;
                continue;
            }
            let s = parse_column(&column).map_or(CandidateState::Open, |(r, k, v)| state(r, k, v));
            match s {
                CandidateState::Placed => {
                    sum.rhs_left = clean(sum.rhs_left - c);
                    sum.placed.push((column, c));
                }
                CandidateState::Removed => sum.removed.push((column, c)),
                CandidateState::Open => sum.open.push((column, c)),
            }
        }
        Ok(sum)
    }

    /// Every reason the sum does not force x_t ≤ 0 (empty when it does): the coefficient on
    /// x_t below 1, each open column with a negative coefficient, a right-hand side above 0.
    pub fn failures(&self) -> Vec<CertificateError> {
        let mut out = Vec::new();
        if self.target.1 < 1.0 - TOLERANCE {
            out.push(CertificateError::TargetTooSmall {
                column: self.target.0.clone(),
                coefficient: self.target.1,
            });
        }
        for (column, c) in self.spoilers() {
            out.push(CertificateError::NegativeOpen {
                column: column.clone(),
                coefficient: *c,
            });
        }
        if self.rhs_left > TOLERANCE {
            out.push(CertificateError::PositiveRhs(self.rhs_left));
        }
        out
    }

    /// The open columns whose negative coefficient keeps the sum from forcing x_t ≤ 0.
    pub fn spoilers(&self) -> impl Iterator<Item = &(String, f64)> {
        self.open.iter().filter(|(_, c)| *c < -TOLERANCE)
    }

    /// Whether the sum forces x_t ≤ 0.
    pub fn proves(&self) -> bool {
        self.failures().is_empty()
    }

    /// `+1·(row_r9_v2: x_… = 1) −1·(box_b8_v2: …)`, one row per line.
    pub fn rows_text(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| format!("{} × {}: {}", number(r.multiplier), r.name, r.text))
            .collect()
    }

    /// The summed inequality, `x_… − x_… = 0`.
    pub fn sum_text(&self) -> String {
        format!(
            "{} {} {}",
            terms_text(&self.terms),
            sense_text(self.sense),
            number(self.rhs)
        )
    }

    /// The sum with placed columns at 1 and removed ones at 0: `c_t·x_t + Σ_open ≤ b'`.
    pub fn left_text(&self) -> String {
        let mut left = vec![self.target.clone()];
        left.extend(self.open.iter().cloned());
        format!(
            "{} {} {}",
            terms_text(&left),
            sense_text(self.sense),
            number(self.rhs_left)
        )
    }

    /// Why the sum forces x_t ≤ 0, or why not, in one sentence.
    pub fn why(&self) -> String {
        let mut fixed = Vec::new();
        if !self.placed.is_empty() {
            fixed.push(format!("placed {} = 1", names(&self.placed)));
        }
        if !self.removed.is_empty() {
            fixed.push(format!("removed {} = 0", names(&self.removed)));
        }
        let fixed = if fixed.is_empty() {
            String::new()
        } else {
            format!("with {}: ", fixed.join(", "))
        };
        let t = &self.target.0;
        if self.proves() {
            let others = if self.open.is_empty() {
                String::new()
            } else {
                ", every other coefficient is ≥ 0 and every x ≥ 0".to_string()
            };
            return format!(
                "{fixed}{}; the coefficient of {t} is ≥ 1{others}, and the right-hand side is ≤ 0, so {t} ≤ 0",
                self.left_text()
            );
        }
        let reasons: Vec<String> = self
            .failures()
            .iter()
            .map(|e| match e {
                CertificateError::TargetTooSmall { coefficient, .. } => {
                    format!(
                        "the coefficient of {t} is {}, below 1",
                        number(*coefficient)
                    )
                }
                CertificateError::NegativeOpen {
                    column,
                    coefficient,
                } => format!(
                    "open {column} has coefficient {}, below 0",
                    number(*coefficient)
                ),
                CertificateError::PositiveRhs(b) => {
                    format!("the right-hand side is {}, above 0", number(*b))
                }
                e => e.to_string(),
            })
            .collect();
        format!(
            "{fixed}{}; it does not force {t} ≤ 0: {}",
            self.left_text(),
            reasons.join("; ")
        )
    }
}

/// A number as the text writes it: integers without a fraction, others to 6 digits.
pub fn number(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() + 0.0)
    } else {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A coefficient within the tolerance of an integer is that integer (sums of ±1 rows stay
/// exact); one within the tolerance of 0 is 0.
fn clean(x: f64) -> f64 {
    if (x - x.round()).abs() < 1e-9 {
        x.round() + 0.0
    } else {
        x
    }
}

fn sense_text(sense: RowSense) -> &'static str {
    match sense {
        RowSense::Eq => "=",
        RowSense::Le => "<=",
        RowSense::Ge => ">=",
    }
}

fn names(terms: &[(String, f64)]) -> String {
    terms
        .iter()
        .map(|(n, _)| n.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `x_a - x_b + 2 x_c` (LP file style), `0` when empty.
pub fn terms_text(terms: &[(String, f64)]) -> String {
    let mut out = String::new();
    for (k, (column, c)) in terms.iter().enumerate() {
        let sign = if *c < 0.0 { "-" } else { "+" };
        let size = c.abs();
        let factor = if (size - 1.0).abs() < 1e-9 {
            String::new()
        } else {
            format!("{} ", number(size))
        };
        match (k, sign) {
            (0, "+") => out += &format!("{factor}{column}"),
            (0, _) => out += &format!("-{factor}{column}"),
            _ => out += &format!(" {sign} {factor}{column}"),
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

fn row_text(row: &TextRow) -> String {
    format!(
        "{} {} {}",
        terms_text(&row.terms),
        sense_text(row.sense),
        number(row.rhs)
    )
}

/// Checks that `certificate` proves x_target ≤ 0 with candidates in the states `state` gives
/// (by 1-based row, column, value): the first reason its sum
/// ([`SummedInequality`]) does not, if any.
pub fn check_certificate(
    rows: &[TextRow],
    state: impl Fn(usize, usize, usize) -> CandidateState,
    target: (usize, usize, usize),
    certificate: &[(String, f64)],
) -> Result<(), CertificateError> {
    let sum = SummedInequality::of(rows, state, target, certificate)?;
    match sum.failures().into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::certificate::one_of;
    use super::*;

    #[test]
    fn a_pointing_pair_sums_to_the_line_outside_the_box() {
        // Column 1 and box 1 for value 5 on a toy: r1c1, r2c1 in both; r7c1 only in the
        // column; r3c2 only in the box, removed.
        let rows = vec![
            one_of("col_c1_v5", &["x_r1_c1_v5", "x_r2_c1_v5", "x_r7_c1_v5"]),
            one_of("box_b1_v5", &["x_r1_c1_v5", "x_r2_c1_v5", "x_r3_c2_v5"]),
        ];
        let state = |r: usize, c: usize, _: usize| {
            if (r, c) == (3, 2) {
                CandidateState::Removed
            } else {
                CandidateState::Open
            }
        };
        let cert = vec![("col_c1_v5".to_string(), 1.0), ("box_b1_v5".into(), -1.0)];
        let sum = SummedInequality::of(&rows, state, (7, 1, 5), &cert).unwrap();
        assert_eq!(sum.sum_text(), "x_r7_c1_v5 - x_r3_c2_v5 = 0");
        assert_eq!(sum.left_text(), "x_r7_c1_v5 = 0");
        assert!(sum.proves(), "{}", sum.why());
        assert!(sum.why().ends_with("so x_r7_c1_v5 ≤ 0"), "{}", sum.why());
        assert_eq!(
            sum.rows_text()[1],
            "-1 × box_b1_v5: x_r1_c1_v5 + x_r2_c1_v5 + x_r3_c2_v5 = 1"
        );
        // The wrong way round: the box minus the column spoils on r3c2 once it is open.
        let open = |_: usize, _: usize, _: usize| CandidateState::Open;
        let wrong = SummedInequality::of(&rows, open, (7, 1, 5), &cert).unwrap();
        let spoilers: Vec<&str> = wrong.spoilers().map(|(c, _)| c.as_str()).collect();
        assert_eq!(spoilers, ["x_r3_c2_v5"]);
        assert!(wrong.why().contains("does not force"), "{}", wrong.why());
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(-2.0), "-2");
    }
}
