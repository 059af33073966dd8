//! Reading a lesson: its JSON, its puzzle (a path relative to the lesson file, or inline text)
//! with the objective, and its model. Every failure names the file and what is wrong.

use super::format::{Lesson, ModelChoice, PuzzleSource};
use super::LessonError;
use crate::engine::spec::ModelSpec;
use crate::formulation::ModelKind;
use crate::input::{parse_puzzle, ParseOptions};
use crate::named::parse;
use crate::objective::Objective;
use crate::puzzle::Puzzle;
use std::path::Path;

/// The lesson in `text` (JSON), named `path` in messages.
pub fn parse_lesson(path: &str, text: &str) -> Result<Lesson, LessonError> {
    let lesson: Lesson = serde_json::from_str(text).map_err(|e| LessonError::Json {
        path: path.to_string(),
        line: e.line(),
        column: e.column(),
        what: e.to_string().split(" at line ").next().unwrap_or("").into(),
    })?;
    if lesson.steps.is_empty() {
        return Err(LessonError::NoSteps { path: path.into() });
    }
    Ok(lesson)
}

/// Reads the lesson file at `path` (at most [`crate::input::MAX_INPUT_BYTES`], as every input).
#[cfg(not(target_arch = "wasm32"))]
pub fn read_lesson(path: &Path) -> Result<Lesson, LessonError> {
    let name = path.display().to_string();
    let text = read_file(path).map_err(|what| LessonError::Read {
        path: name.clone(),
        what,
    })?;
    parse_lesson(&name, &text)
}

/// The text of the file at `path`, or why it cannot be read.
#[cfg(not(target_arch = "wasm32"))]
fn read_file(path: &Path) -> Result<String, String> {
    crate::input::read_source(&path.to_string_lossy()).map_err(|e| e.to_string())
}

/// No file system in the browser build: the page hands text.
#[cfg(target_arch = "wasm32")]
fn read_file(path: &Path) -> Result<String, String> {
    Err(format!("{}: files cannot be read here", path.display()))
}

/// The puzzle's text: the file `lesson.puzzle` names, relative to `folder` (the lesson file's
/// folder; `None`: no file system, as in the browser), or the inline text.
pub fn puzzle_text(
    lesson: &Lesson,
    path: &str,
    folder: Option<&Path>,
) -> Result<(String, String), LessonError> {
    match (&lesson.puzzle, folder) {
        (PuzzleSource::Text(text), _) => Ok((format!("{path} (its puzzle)"), text.clone())),
        (PuzzleSource::Path(file), Some(folder)) => {
            let full = folder.join(file);
            let text = read_file(&full).map_err(|what| LessonError::Puzzle {
                path: path.into(),
                what,
            })?;
            Ok((full.display().to_string(), text))
        }
        (PuzzleSource::Path(file), None) => Err(LessonError::Puzzle {
            path: path.into(),
            what: format!("{file:?} is a file, and files cannot be read here: give the text"),
        }),
    }
}

/// The lesson's puzzle from its text (`origin` names it), with the lesson's objective.
pub fn lesson_puzzle(
    lesson: &Lesson,
    path: &str,
    origin: &str,
    text: &str,
) -> Result<Puzzle, LessonError> {
    let options = ParseOptions {
        line: lesson.line,
        ..ParseOptions::default()
    };
    let puzzle = parse_puzzle(origin, text, options).map_err(|e| LessonError::Puzzle {
        path: path.into(),
        what: e.to_string(),
    })?;
    match &lesson.objective {
        None => Ok(puzzle),
        Some(spec) => {
            let objective =
                Objective::parse(spec, puzzle.order()).map_err(|e| LessonError::Objective {
                    path: path.into(),
                    spec: spec.clone(),
                    what: e.to_string(),
                })?;
            Ok(puzzle.with_objective(Some(objective)))
        }
    }
}

/// The model a [`ModelChoice`] names, or what is wrong with it.
pub fn model_spec(choice: &ModelChoice) -> Result<ModelSpec, String> {
    let kind: ModelKind = parse(&choice.kind).map_err(|e| e.to_string())?;
    let mut spec = ModelSpec {
        reduce: choice.reduce,
        ..ModelSpec::of(kind)
    };
    if let Some(form) = &choice.cage_form {
        spec.cages = parse(form).map_err(|e| e.to_string())?;
    }
    if let Some(form) = &choice.thermo_form {
        spec.steps = parse(form).map_err(|e| e.to_string())?;
    }
    if let Some(form) = &choice.pair_form {
        spec.pairs = parse(form).map_err(|e| e.to_string())?;
    }
    spec.formulation().map_err(|e| e.to_string())?;
    Ok(spec)
}
