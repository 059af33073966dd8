//! A lesson file played in the page ([`sudoku_ilp::lesson`]): the lesson's JSON (and its
//! puzzle's text when the lesson names a file, which the page cannot read), then each step
//! shown, each answer graded with its reason, and the score, all as JSON.

use super::{one_line, Failure};
use serde_json::json;
use sudoku_ilp::lab::{lab_model, Lab};
use sudoku_ilp::lesson::format::PuzzleSource;
use sudoku_ilp::lesson::read::parse_lesson;
use sudoku_ilp::lesson::{player_on, Backends, LabMaker, Player};
use sudoku_ilp::lp_interface::{backend, LabLp, LpBackend, LpMaker, LpUse};

/// A lesson being played on one LP backend.
pub struct LessonCore {
    player: Player<Box<dyn LabLp>>,
}

impl LessonCore {
    /// The lesson in `lesson_json`; `puzzle_text` replaces a puzzle the lesson names by path
    /// (`""`: the lesson's own inline puzzle). LPs come from `make`; `exact` gives the
    /// backend of the exact MILP check of a cut (`None`: cut questions cannot be graded).
    pub fn new(
        lesson_json: &str,
        puzzle_text: &str,
        make: LpMaker,
        exact: Option<fn() -> LpBackend>,
    ) -> Result<LessonCore, Failure> {
        let mut lesson = parse_lesson("lesson", lesson_json).map_err(one_line)?;
        if !puzzle_text.trim().is_empty() {
            lesson.puzzle = PuzzleSource::Text(puzzle_text.to_string());
        }
        let backends = Backends {
            relaxation: backend(make, LpUse::Relaxation),
            hints: backend(make, LpUse::Hints),
            rows: backend(make, LpUse::Lab),
        };
        let make_lab: LabMaker<Box<dyn LabLp>> = Box::new(move |puzzle| {
            let model = lab_model(puzzle);
            let lp = make(&model, LpUse::Lab).map_err(sudoku_ilp::lab::LabError::Lp)?;
            let mut lab = Lab::new(puzzle, &model, lp)?;
            lab.exact = exact;
            Ok(lab)
        });
        let player = player_on(lesson, "lesson", None, backends, make_lab).map_err(one_line)?;
        Ok(LessonCore { player })
    }

    /// The lesson's title, about line, step count and question count.
    pub fn summary(&self) -> String {
        let lesson = &self.player.lesson;
        json!({
            "title": lesson.title,
            "about": lesson.about,
            "steps": lesson.steps.len(),
            "questions": self.player.score().questions,
        })
        .to_string()
    }

    /// Shows the next step (its action run): `{index, text, action, kind, prompt, hint}`, or
    /// `null` after the last step.
    pub fn next_step(&mut self) -> Result<String, Failure> {
        let shown = self.player.next_step().map_err(one_line)?;
        Ok(match shown {
            None => "null".into(),
            Some(s) => {
                let (kind, prompt) = s.question.unzip();
                json!({
                    "index": s.index, "text": s.text, "action": s.action,
                    "kind": kind, "prompt": prompt, "hint": s.hint,
                })
                .to_string()
            }
        })
    }

    /// Grades `text` as the answer to the step shown last: `{correct, given, expected, reason,
    /// readable}`.
    pub fn answer(&mut self, text: &str) -> Result<String, Failure> {
        let g = self.player.answer(text).map_err(one_line)?;
        Ok(json!({
            "correct": g.correct, "given": g.given, "expected": g.expected,
            "reason": g.reason, "readable": g.readable,
        })
        .to_string())
    }

    /// `{right, answered, questions, text}`: the questions right at the first try.
    pub fn score(&self) -> String {
        let s = self.player.score();
        let text = sudoku_ilp::lesson::text::score_text(&s, &self.player.lesson.title);
        json!({
            "right": s.right, "answered": s.answered, "questions": s.questions,
            "text": text.trim_end(),
        })
        .to_string()
    }
}
