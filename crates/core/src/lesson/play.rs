//! Playing a lesson: each step is shown (its action run and its output kept), then its
//! question graded ([`super::grade`]) as often as the student answers; the score counts the
//! questions answered right at the first try.

use super::format::{Action, Lesson};
use super::LessonError;
use crate::engine::spec::ModelSpec;
use crate::lab::lp::{LabLp, LpBackend};
use crate::lab::{script, Lab, LabError};
use crate::puzzle::Puzzle;
use crate::report::exercise::row_check_text;
use crate::report::lab::{node_line, step_text};
use crate::report::prove::prove_text;

/// Makes the lesson's lab on its puzzle (its root LP solved).
pub type LabMaker<L> = Box<dyn Fn(&Puzzle) -> Result<Lab<L>, LabError>>;

/// The LPs a lesson needs beside its lab, on one backend (HiGHS in-process or in the browser).
#[derive(Clone)]
pub struct Backends {
    /// Root LP relaxations of the measures.
    pub relaxation: LpBackend,
    /// The LP of `prove`'s model answer.
    pub hints: LpBackend,
    /// The LPs of a row check.
    pub rows: LpBackend,
}

/// A step as shown to the student.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// From 0.
    pub index: usize,
    pub text: String,
    /// What the action did, as text (`None`: the step has no action).
    pub action: Option<String>,
    /// The question's kind and prompt.
    pub question: Option<(&'static str, String)>,
    pub hint: Option<String>,
}

/// An answer graded.
#[derive(Debug, Clone, PartialEq)]
pub struct Grade {
    /// The step (from 0).
    pub step: usize,
    pub correct: bool,
    /// The answer as given.
    pub given: String,
    /// A right answer: what the library computes (a prediction, a number, a choice) or the
    /// lesson's model answer (a certificate, a cut, rows), which `lesson check` verified.
    pub expected: String,
    /// Why the answer is right or wrong.
    pub reason: String,
    /// False when the answer could not be read (then it is wrong).
    pub readable: bool,
}

/// How the student did: questions answered right at the first try, answered, and in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub right: usize,
    pub answered: usize,
    pub questions: usize,
}

impl Score {
    /// `3 of 5 questions right at the first try`.
    pub fn text(&self) -> String {
        format!(
            "{} of {} questions right at the first try ({} answered)",
            self.right, self.questions, self.answered
        )
    }
}

/// A lesson being played.
pub struct Player<L: LabLp> {
    pub lesson: Lesson,
    /// The puzzle, with the lesson's objective.
    pub puzzle: Puzzle,
    /// The lesson's model (the measures').
    pub model: ModelSpec,
    pub(super) backends: Backends,
    make_lab: LabMaker<L>,
    lab: Option<Lab<L>>,
    /// The lab's current node (where the next lab action starts).
    pub current: usize,
    /// How many steps were shown (the next step's index).
    pub position: usize,
    /// True once a lab action showed the root (the first one does, even when a question made
    /// the lab before it).
    root_shown: bool,
    /// Each step's first answer: right or not (`None`: not answered, or no question).
    first: Vec<Option<bool>>,
}

impl<L: LabLp> Player<L> {
    /// A player of `lesson` on `puzzle` (its objective set), whose model is `model`.
    pub fn new(
        lesson: Lesson,
        puzzle: Puzzle,
        model: ModelSpec,
        backends: Backends,
        make_lab: LabMaker<L>,
    ) -> Player<L> {
        let first = vec![None; lesson.steps.len()];
        Player {
            lesson,
            puzzle,
            model,
            backends,
            make_lab,
            lab: None,
            current: 0,
            position: 0,
            root_shown: false,
            first,
        }
    }

    /// The lab, made on first use.
    pub fn lab(&mut self, step: usize) -> Result<&mut Lab<L>, LessonError> {
        if self.lab.is_none() {
            let lab = (self.make_lab)(&self.puzzle).map_err(|e| lab_error(step, e))?;
            self.lab = Some(lab);
        }
        Ok(self.lab.as_mut().expect("made above"))
    }

    /// The lab if it was made.
    pub fn lab_made(&self) -> Option<&Lab<L>> {
        self.lab.as_ref()
    }

    /// True when every step was shown.
    pub fn done(&self) -> bool {
        self.position >= self.lesson.steps.len()
    }

    /// Shows the next step: runs its action; `None` after the last step.
    pub fn next_step(&mut self) -> Result<Option<Shown>, LessonError> {
        let index = self.position;
        let Some(step) = self.lesson.steps.get(index).cloned() else {
            return Ok(None);
        };
        let action = match &step.action {
            None => None,
            Some(action) => Some(self.act(index, action)?),
        };
        self.position += 1;
        Ok(Some(Shown {
            index,
            text: step.text.clone(),
            action,
            question: step
                .question
                .as_ref()
                .map(|q| (q.kind(), q.prompt().into())),
            hint: step.hint.clone(),
        }))
    }

    /// Grades `answer` to the question of the step shown last; the first answer counts
    /// towards the score.
    pub fn answer(&mut self, answer: &str) -> Result<Grade, LessonError> {
        let index = self
            .position
            .checked_sub(1)
            .ok_or(LessonError::NoQuestion)?;
        let question = self.lesson.steps[index]
            .question
            .clone()
            .ok_or(LessonError::NoQuestion)?;
        let grade = self.grade(index, &question, answer)?;
        if self.first[index].is_none() {
            self.first[index] = Some(grade.correct);
        }
        Ok(grade)
    }

    /// The score so far.
    pub fn score(&self) -> Score {
        let questions = self
            .lesson
            .steps
            .iter()
            .filter(|s| s.question.is_some())
            .count();
        Score {
            right: self.first.iter().filter(|f| **f == Some(true)).count(),
            answered: self.first.iter().filter(|f| f.is_some()).count(),
            questions,
        }
    }

    /// Runs `action` of step `index`, returning what it did as text.
    fn act(&mut self, index: usize, action: &Action) -> Result<String, LessonError> {
        match action {
            Action::Lab(steps) => {
                let mut current = self.current;
                let first = !self.root_shown;
                self.root_shown = true;
                let lab = self.lab(index)?;
                let mut out = if first {
                    format!("root: {}\n", node_line(lab, &lab.nodes[0]))
                } else {
                    String::new()
                };
                script::run_from(lab, &mut current, steps, |lab, k, step| {
                    out += &step_text(lab, k, step);
                })
                .map_err(|e| lab_error(index, e))?;
                self.current = current;
                Ok(out)
            }
            Action::Prove { eliminate, rows } => {
                let target = crate::prove::parse_elimination(eliminate, &self.puzzle)
                    .map_err(|e| step_error(index, e))?;
                let check = crate::prove::check_proof(&self.puzzle, target, rows)
                    .map_err(|e| step_error(index, e))?;
                let answer =
                    crate::prove::model_answer(&self.puzzle, target, self.backends.hints.clone())
                        .map_err(|e| solver_error(index, e))?;
                Ok(prove_text(&check, Some(&answer)))
            }
            Action::Hint { level } => self.hint(index, level.as_deref()),
            Action::RowCheck { rule, rows } => {
                let check =
                    crate::row_check::row_check(&self.puzzle, rule, rows, &self.backends.rows)
                        .map_err(|e| row_check_error(index, e))?;
                Ok(row_check_text(&check))
            }
        }
    }
}

impl<L: LabLp> Player<L> {
    /// The next step of the puzzle's path at `level`, as `hint` prints it.
    fn hint(&mut self, index: usize, level: Option<&str>) -> Result<String, LessonError> {
        use crate::hint::path::{solve_path_on, HintError, PathOptions};
        use crate::report::hint::{hint_text, HintLevel};
        let level: HintLevel = match level {
            None => HintLevel::default(),
            Some(name) => crate::named::parse(name).map_err(|e| step_error(index, e))?,
        };
        let options = PathOptions {
            max_steps: 1,
            ..PathOptions::default()
        };
        let path = solve_path_on(&self.puzzle, options, self.backends.hints.clone()).map_err(
            |e| match e {
                HintError::NoSolution | HintError::Several => step_error(index, e),
                e => solver_error(index, e),
            },
        )?;
        Ok(match path.steps.first() {
            Some(step) => hint_text(step, level),
            None => "the grid is already complete\n".into(),
        })
    }
}

/// The lesson's step `step` cannot be played as written.
pub(super) fn step_error(step: usize, e: impl std::fmt::Display) -> LessonError {
    LessonError::Step {
        step: step + 1,
        what: e.to_string(),
    }
}

/// The solver failed at step `step`.
pub(super) fn solver_error(step: usize, e: impl std::fmt::Display) -> LessonError {
    LessonError::Solver {
        step: step + 1,
        what: e.to_string(),
    }
}

/// A lab error at step `step`: the solver's, or the lesson's.
pub(super) fn lab_error(step: usize, e: LabError) -> LessonError {
    if e.is_solver() {
        solver_error(step, e)
    } else {
        step_error(step, e)
    }
}

/// A row check's error at step `step`.
pub(super) fn row_check_error(step: usize, e: crate::row_check::RowCheckError) -> LessonError {
    use crate::row_check::RowCheckError;
    match e {
        RowCheckError::Lp(_) | RowCheckError::TooMany => solver_error(step, e),
        e => step_error(step, e),
    }
}
