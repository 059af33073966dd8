//! Why a lesson cannot be read or played: each reason with its sentence, a step named from 1.

/// Why a lesson cannot be read or played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LessonError {
    /// The lesson file cannot be read (`what` names the file).
    #[error("{what}")]
    Read { path: String, what: String },
    #[error("{path}: line {line}, column {column}: {what}")]
    Json {
        path: String,
        line: usize,
        column: usize,
        what: String,
    },
    #[error("{path}: the puzzle: {what}")]
    Puzzle { path: String, what: String },
    #[error("{path}: the objective {spec:?}: {what}")]
    Objective {
        path: String,
        spec: String,
        what: String,
    },
    #[error("{path}: the model: {what}")]
    Model { path: String, what: String },
    #[error("{path}: the lesson has no steps")]
    NoSteps { path: String },
    /// A step whose action or question cannot be played as written.
    #[error("step {step}: {what}")]
    Step { step: usize, what: String },
    /// The LP or MILP failed (or reached its time limit): not the lesson's fault.
    #[error("step {step}: the solver failed: {what}")]
    Solver { step: usize, what: String },
    /// `answer` was called with no question open.
    #[error("no question is open (show a step with a question first)")]
    NoQuestion,
}

impl LessonError {
    /// True when the solver failed (exit 3), not the lesson file (exit 2).
    pub fn is_solver(&self) -> bool {
        matches!(self, LessonError::Solver { .. })
    }
}
