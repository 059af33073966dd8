//! What can go wrong between the project and HiGHS, as one typed error.

/// Why HiGHS did not take an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionReason {
    /// HiGHS has no option of that name.
    Unknown,
    /// The text is not a value of the option's type (`bool`, `int`, `double` or `string`).
    WrongType(&'static str),
    /// The value has the right type but HiGHS refused it (out of range, not one of the
    /// allowed words).
    Refused,
    /// The name or the value holds a NUL byte, which no C string can carry.
    NulByte,
    /// An option of [`super::CUTS_OFF`]: it can cut off solutions, so "no solution" would not
    /// be a proof.
    CutsOff,
    /// An option that names or writes a file ([`super::writes_files`]): HiGHS would write it
    /// past the checks of `-o` (an input overwritten, a file half-written).
    Files,
    /// A tolerance above [`super::MAX_TOLERANCE`]: HiGHS would take fractional or
    /// infeasible points for solutions.
    Tolerance,
}

/// HiGHS failed in a way that says nothing about the puzzle.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// An option (the project's own or one given with `--highs NAME=VALUE`) was not taken.
    #[error("{}", option_message(name, value, *reason))]
    Option {
        name: String,
        value: String,
        reason: OptionReason,
    },
    /// A HiGHS call returned an error status (`kHighsStatusError` is -1).
    #[error("HiGHS: cannot {what} (HiGHS status {status})")]
    Status { what: &'static str, status: i32 },
    /// HiGHS ended a solve with a model status that a feasibility model never has.
    #[error("HiGHS: {what} ended with the unexpected model status {status}")]
    UnexpectedModelStatus { what: &'static str, status: String },
    /// The model cannot carry the puzzle's objective (the reason in words).
    #[error("{0}")]
    Objective(String),
    /// HiGHS stopped at a limit a `--highs` option set (`mip_max_nodes`, an iteration
    /// limit, …) before it found a solution or proved there is none.
    #[error("HiGHS stopped at {limit} set with --highs, before an answer: neither a solution nor a proof of none")]
    Stopped { limit: &'static str },
    /// HiGHS ran out of memory (its memory-limit status, or an allocation it failed).
    #[error("HiGHS ran out of memory")]
    OutOfMemory,
    /// `Highs_create` returned no instance.
    #[error("HiGHS: cannot create an instance")]
    Create,
    /// good_lp could not hand the model to HiGHS.
    #[error("HiGHS: cannot pass the model: {0}")]
    Pass(String),
    /// A model file could not be read back.
    #[error("{path}: {reason}")]
    Read { path: String, reason: String },
    /// A column or row index outside the model.
    #[error("HiGHS: {what} {index} does not exist ({count} in the model)")]
    Index {
        what: &'static str,
        index: usize,
        count: usize,
    },
    /// HiGHS holds a model of another size than the caller expects.
    #[error("HiGHS holds {highs_columns} columns and {highs_rows} rows, the caller expects {columns} and {rows}")]
    SizeMismatch {
        highs_columns: usize,
        highs_rows: usize,
        columns: usize,
        rows: usize,
    },
    /// A grid cell's value has no column in the model (a no-good cut or a start).
    #[error("HiGHS: cell {cell}: value {value} has no column in the model")]
    NoColumn { cell: usize, value: u8 },
    /// A solution enumeration found the same grid twice: a no-good row failed.
    #[error(
        "internal error: the {model} model returned solution {again} twice (a no-good row failed)"
    )]
    Repeated { model: String, again: usize },
}

/// The one line a user reads for an option that was not taken.
fn option_message(name: &str, value: &str, reason: OptionReason) -> String {
    match reason {
        OptionReason::Unknown => format!("unknown HiGHS option {name}"),
        OptionReason::WrongType(kind) => {
            format!("HiGHS option {name} takes {kind} values, not {value:?}")
        }
        OptionReason::Refused => format!("HiGHS refused the value {value:?} for option {name}"),
        OptionReason::NulByte => format!("HiGHS option {name:?}={value:?} holds a NUL byte"),
        OptionReason::CutsOff => format!(
            "HiGHS option {name} is refused: it can cut off solutions, and \"no solution\" would then be no proof"
        ),
        OptionReason::Files => format!(
            "HiGHS option {name} is refused: it makes HiGHS read or write files past the checks of -o; use -o or export"
        ),
        OptionReason::Tolerance => format!(
            "HiGHS option {name}={value} is refused: a tolerance above {} lets HiGHS take fractional or infeasible points for solutions",
            super::MAX_TOLERANCE
        ),
    }
}

impl SolveError {
    /// True for an option that was not taken: a usage error, not a solver failure.
    pub fn is_option(&self) -> bool {
        matches!(self, SolveError::Option { .. })
    }
}
