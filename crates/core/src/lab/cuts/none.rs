//! Why a separator found no violated cut at a node's LP point, in the words a student reads
//! ("no violated gomory cut at node 3: …").

use std::fmt;

/// Why no cut was added.
#[derive(Debug, Clone, PartialEq)]
pub enum NoCut {
    /// Gomory: no basic column is fractional (a nonbasic column sits at a bound), so no
    /// tableau row has a fractional right-hand side to cut from.
    IntegralRows,
    /// Gomory: rows of fractional basic columns were tried and none gave a violated cut.
    NoRowCuts {
        /// Fractional basic columns, and how many of their rows were tried (the 20 nearest ½).
        fractional: usize,
        tried: usize,
        /// Rows with a nonbasic row activity whose bound cannot be read (a free row).
        unreadable: usize,
        /// Rows whose right-hand side did not reproduce the LP value (numerical trouble), or
        /// whose fraction is within 10⁻³ of an integer.
        numerical: usize,
        /// Rows whose cut, once the fixed columns moved to the right-hand side, the LP point
        /// satisfies (or which kept no open column).
        satisfied: usize,
    },
    /// Clique: the heaviest clique of conflicting open candidates the greedy search found sums
    /// to `weight` ≤ 1 at the point.
    CliqueNotViolated { weight: f64 },
    /// Clique: no open candidate has a positive LP value.
    NothingPositive,
    /// No-good: the point is fractional in this many columns (a no-good excludes a grid).
    Fractional { columns: usize },
    /// No-good: the point sets no open cell (every cell at 1 is a given).
    OnlyGivens,
    /// The student's own cut: written with `cut my: …`, never separated.
    StudentWrites,
}

impl fmt::Display for NoCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoCut::IntegralRows => write!(
                f,
                "the LP point is integral on every row (no basic column is fractional)"
            ),
            NoCut::NoRowCuts {
                fractional,
                tried,
                unreadable,
                numerical,
                satisfied,
            } => write!(
                f,
                "{fractional} basic columns are fractional; of the {tried} tableau rows tried \
                 (the nearest ½ first), {satisfied} give a cut this point satisfies once the \
                 fixed columns move to the right-hand side, {numerical} were set aside for \
                 numerical trouble and {unreadable} have a free nonbasic row"
            ),
            NoCut::CliqueNotViolated { weight } => write!(
                f,
                "no clique row is violated at this point: the heaviest clique of conflicting \
                 candidates found sums to {} ≤ 1 (in the binary model every clique lies in a \
                 row = 1 already)",
                super::short(*weight)
            ),
            NoCut::NothingPositive => write!(
                f,
                "no clique row is violated at this point: no open candidate has a positive LP value"
            ),
            NoCut::Fractional { columns } => write!(
                f,
                "no no-good applies: the LP point is fractional in {columns} columns, and a \
                 no-good excludes a grid (an integral point)"
            ),
            NoCut::OnlyGivens => write!(
                f,
                "no no-good applies: the point sets no open cell (every cell at 1 is a given)"
            ),
            NoCut::StudentWrites => write!(
                f,
                "your own cut is not separated: write it with `cut my: INEQUALITY`"
            ),
        }
    }
}
