//! `lesson check`: plays every step and grades the lesson's own answer to every question
//! against what the library computes; an answer that is not right is a mismatch, named with its
//! step and what the library says.

use super::format::Question;
use super::play::{step_error, Player};
use super::LessonError;
use crate::lab::lp::LabLp;

/// A question whose expected answer the library does not find right.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// From 1.
    pub step: usize,
    pub kind: &'static str,
    /// The lesson's answer.
    pub expected: String,
    /// The right answer the library computes (for a certificate, a cut or rows: its verdict
    /// on the lesson's answer).
    pub computed: String,
    /// Why the lesson's answer is wrong.
    pub reason: String,
}

/// What `lesson check` found.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckReport {
    pub steps: usize,
    pub questions: usize,
    pub mismatches: Vec<Mismatch>,
}

impl CheckReport {
    /// True when every expected answer is right.
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Plays `player`'s lesson from its first step, grading each expected answer.
pub fn check_lesson<L: LabLp>(player: &mut Player<L>) -> Result<CheckReport, LessonError> {
    let mut report = CheckReport {
        steps: player.lesson.steps.len(),
        questions: 0,
        mismatches: Vec::new(),
    };
    while let Some(shown) = player.next_step()? {
        let Some(question) = player.lesson.steps[shown.index].question.clone() else {
            continue;
        };
        report.questions += 1;
        let expected = question.expected();
        let grade = player.grade(shown.index, &question, &expected)?;
        if !grade.readable {
            return Err(step_error(
                shown.index,
                format!("the expected answer {expected:?}: {}", grade.reason),
            ));
        }
        if !grade.correct {
            report.mismatches.push(Mismatch {
                step: shown.index + 1,
                kind: question.kind(),
                expected,
                computed: match question {
                    Question::Predict { .. }
                    | Question::Number { .. }
                    | Question::Choice { .. } => grade.expected,
                    _ => grade.reason.lines().next().unwrap_or("").trim().to_string(),
                },
                reason: grade.reason,
            });
        }
    }
    Ok(report)
}
