//! Lessons as files (issue 45, item 5): a JSON file holds a puzzle, the model and its forms, an
//! objective, then steps — text to read, an action the tool takes (lab steps, a proof, a row
//! check), a question with its kind and expected answer, a hint. `lesson check` plays every step
//! and verifies every expected answer against what the library computes; a player shows the
//! steps and grades a student's answers, each with its reason, and keeps a score.
//!
//! Files by job: `format.rs` the file's types (serde, schemars: `docs/lesson.schema.json`),
//! `read.rs` reading the file, its puzzle and model, `play.rs` the player, `grade.rs` grading
//! each kind of question, `measure.rs` the numbers questions ask about, `check.rs` the check,
//! `text.rs` the lesson on screen, `error.rs` what can go wrong. Lessons are the library's top
//! layer: they play tasks and show their reports.

mod check;
mod error;
pub mod format;
mod grade;
mod measure;
mod play;
pub mod read;
pub mod text;

pub use check::{check_lesson, CheckReport, Mismatch};
pub use error::LessonError;
pub use format::{schema_text, Lesson};
pub use play::{Backends, Grade, LabMaker, Player, Score, Shown};

use crate::lab::lp::LabLp;
use std::path::Path;

/// A player of `lesson` (named `path` in messages), its puzzle read from `folder` (the lesson
/// file's folder; `None`: only an inline puzzle), on `backends` and labs from `make_lab`.
pub fn player_on<L: LabLp>(
    lesson: Lesson,
    path: &str,
    folder: Option<&Path>,
    backends: Backends,
    make_lab: LabMaker<L>,
) -> Result<Player<L>, LessonError> {
    let (origin, text) = read::puzzle_text(&lesson, path, folder)?;
    let puzzle = read::lesson_puzzle(&lesson, path, &origin, &text)?;
    let model = read::model_spec(&lesson.model).map_err(|what| LessonError::Model {
        path: path.into(),
        what,
    })?;
    Ok(Player::new(lesson, puzzle, model, backends, make_lab))
}

/// A lesson player on HiGHS in-process.
#[cfg(feature = "highs")]
pub type NativePlayer = Player<crate::solve::lab_lp::NativeLp>;

/// Reads the lesson file at `path` and makes its player on HiGHS in-process; every LP and the
/// lab's session within `limits`.
#[cfg(all(feature = "highs", not(target_arch = "wasm32")))]
pub fn open(path: &Path, limits: crate::limits::Limits) -> Result<NativePlayer, LessonError> {
    use crate::lp_interface::{backend, LpUse};
    use crate::solve::lab_lp::make;
    let lesson = read::read_lesson(path)?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let backends = Backends {
        relaxation: backend(make, LpUse::Relaxation),
        hints: crate::solve::lab_lp::hint_backend_until(limits.deadline()),
        rows: crate::solve::lab_lp::lab_backend(),
    };
    let make_lab: LabMaker<_> = Box::new(move |puzzle| crate::lab::native(puzzle, &limits));
    player_on(
        lesson,
        &path.display().to_string(),
        Some(folder),
        backends,
        make_lab,
    )
}
