//! Why a lab step failed, each reason a variant with its sentence: cells named as people do
//! (`r2c5`), nodes by the number the tree shows.

use super::lp::LpError;
use crate::named::UnknownName;

/// A cell as people name it, `r2c5` (row and column from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellName {
    pub row: usize,
    pub col: usize,
}

impl CellName {
    /// The name of cell `cell` (row-major, from 0) of an n×n grid.
    pub fn of(cell: usize, n: usize) -> CellName {
        CellName {
            row: cell / n.max(1) + 1,
            col: cell % n.max(1) + 1,
        }
    }
}

impl std::fmt::Display for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cell = crate::puzzle::Cell {
            row: self.row - 1,
            col: self.col - 1,
        };
        write!(f, "{cell}")
    }
}

/// Why a lab step failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LabError {
    /// The LP implementation failed (a solver failure, not the student's input).
    #[error(transparent)]
    Lp(#[from] LpError),
    #[error("no node {0} (the tree has {1})")]
    NoNode(usize, usize),
    #[error("node {0} is {1}, not open: only an open (fractional) node can be {2}")]
    NotOpen(usize, &'static str, &'static str),
    #[error("the lab runs on the binary model (one column per candidate)")]
    NotBinary,
    /// An integral LP point that is no grid of the puzzle (a bug, never the input).
    #[error("node {node}'s integral point fails the checker: {reason}")]
    CheckFailed { node: usize, reason: String },
    #[error("{cell}={value} is already fixed at node {node}")]
    AlreadyFixed {
        cell: CellName,
        value: u8,
        node: usize,
    },
    #[error("{cell} has {open} open digit(s) at node {node}: nothing to branch on")]
    FewDigits {
        cell: CellName,
        open: usize,
        node: usize,
    },
    #[error("{cell} has no candidate {value}")]
    NoCandidate { cell: CellName, value: u8 },
    #[error("node {0}'s LP has no optimal point")]
    NoOptimalPoint(usize),
    #[error("the model has no column {0}")]
    NoColumn(usize),
    #[error("{name} is already fixed at node {node}")]
    ColumnFixed { name: String, node: usize },
    #[error("node {0} has nothing to branch on")]
    NothingToBranch(usize),
    #[error(
        "unknown step (expected branch, cut, cut my: INEQUALITY, next, node, finish, prune, suggest, auto, predict)"
    )]
    UnknownStep,
    /// A cut kind, node rule or branching rule that has no such name.
    #[error(transparent)]
    Name(#[from] UnknownName),
    #[error("{0:?} is not a node number")]
    NotNodeNumber(String),
    #[error("{0:?} is not a cell rRcC")]
    NotCell(String),
    #[error("{0:?} is not rRcC=V")]
    NotCandidate(String),
    #[error("digit {text:?} is not in 1..={n}")]
    BadDigit { text: String, n: usize },
    /// A student's cut that is no inequality over the model's columns.
    #[error(transparent)]
    CutText(#[from] crate::linear_text::ParseError),
    #[error("this lab has no exact MILP check (its LP backend offers none)")]
    NoExactCheck,
    /// A prediction that cannot be read (its text).
    #[error(
        "cannot read the prediction {0:?} (expected: next [best|depth] K, branch NAME, \
         infeasible rRcC=V yes|no, bound rRcC=V VALUE|infeasible, integral yes|no)"
    )]
    Question(String),
    /// A step of a script failed.
    #[error("step {command:?}: {source}")]
    InStep {
        command: String,
        source: Box<LabError>,
    },
}

impl LabError {
    /// The reason itself, without the script step around it.
    pub fn root(&self) -> &LabError {
        match self {
            LabError::InStep { source, .. } => source.root(),
            e => e,
        }
    }

    /// True when the LP implementation (or the checker) failed, not the student's input.
    pub fn is_solver(&self) -> bool {
        matches!(self.root(), LabError::Lp(_) | LabError::CheckFailed { .. })
    }
}
