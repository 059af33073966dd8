//! A lesson on screen: a step as shown (its text, what its action did, the question), a graded
//! answer with its reason, the score, and what `lesson check` found. (Lessons sit above the
//! report layer: they show the reports of the tasks they play, so their own text is here.)

use super::{CheckReport, Grade, Score, Shown};
use std::fmt::Write;

/// Step `shown` of `total`: a heading, the text, the action's output, the question.
pub fn shown_text(shown: &Shown, total: usize) -> String {
    let mut out = format!("step {} of {total}\n", shown.index + 1);
    for line in shown.text.lines() {
        let _ = writeln!(out, "  {line}");
    }
    if let Some(action) = &shown.action {
        out += "  the tool:\n";
        for line in action.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    if let Some((kind, prompt)) = &shown.question {
        let _ = writeln!(out, "question ({}): {prompt}", kind.replace('_', " "));
    }
    out
}

/// A graded answer: the verdict in the first line, then the reason.
pub fn grade_text(grade: &Grade) -> String {
    let verdict = if grade.correct {
        "right".to_string()
    } else {
        format!("wrong (a right answer: {})", grade.expected)
    };
    let mut out = format!("you said {} — {verdict}\n", grade.given);
    for line in grade.reason.lines() {
        let _ = writeln!(out, "  {}", line.trim_start());
    }
    out
}

/// The score line, with the lesson's title.
pub fn score_text(score: &Score, title: &str) -> String {
    format!("score: {} — {title}\n", score.text())
}

/// `lesson check`'s findings for the lesson at `path`: one line when every answer is right,
/// else a line per mismatch (step, kind, the lesson's answer, the library's) and its reason.
pub fn check_text(path: &str, report: &CheckReport) -> String {
    if report.passed() {
        return format!(
            "{path}: ok: {} steps played, the expected answers of its {} questions are what the library computes\n",
            report.steps, report.questions
        );
    }
    let mut out = String::new();
    for m in &report.mismatches {
        let _ = writeln!(
            out,
            "{path}: step {} ({}): the lesson expects {:?}, but the library computes {:?}",
            m.step,
            m.kind.replace('_', " "),
            m.expected,
            m.computed
        );
        for line in m.reason.lines() {
            let _ = writeln!(out, "  {}", line.trim_start());
        }
    }
    let _ = writeln!(
        out,
        "{path}: {} of {} expected answers are wrong",
        report.mismatches.len(),
        report.questions
    );
    out
}
