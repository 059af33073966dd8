//! Grading an answer to each kind of question, with its reason: a prediction by the lab
//! ([`crate::lab::predict`]), a certificate by the row sum ([`crate::prove`]), a cut by the
//! exact MILP check ([`crate::lab::cuts::student`]), rows by enumeration
//! ([`crate::row_check`]), a number or a choice against the measures ([`super::measure`]).
//! An answer that cannot be read is wrong, and said so; a question that cannot be asked as
//! written is an error (the lesson's).

use super::format::{Pick, Question};
use super::play::{lab_error, row_check_error, step_error, Grade, Player};
use super::LessonError;
use crate::lab::cuts::short;
use crate::lab::cuts::student::Validity;
use crate::lab::lp::LabLp;
use crate::lab::LabError;
use crate::report::exercise::{row_check_text, student_cut_text};
use crate::row_check::{RowCheckError, Strength};

impl<L: LabLp> Player<L> {
    /// Grades `answer` to `question` of step `step`.
    pub fn grade(
        &mut self,
        step: usize,
        question: &Question,
        answer: &str,
    ) -> Result<Grade, LessonError> {
        let answer = answer.trim();
        let graded = |correct: bool, expected: String, reason: String| Grade {
            step,
            correct,
            given: answer.to_string(),
            expected,
            reason,
            readable: true,
        };
        let unreadable = |what: String| Grade {
            step,
            correct: false,
            given: answer.to_string(),
            expected: question.expected(),
            reason: format!("cannot read your answer: {what}"),
            readable: false,
        };
        match question {
            Question::Predict { ask, .. } => {
                let current = self.current;
                let lab = self.lab(step)?;
                match lab.predict(current, &format!("{ask} {answer}")) {
                    Ok(g) => Ok(graded(g.correct, g.expected, g.reason)),
                    Err(e) if e.is_solver() => Err(lab_error(step, e)),
                    Err(e) => Ok(unreadable(e.to_string())),
                }
            }
            Question::Certificate { eliminate, .. } => {
                let target = crate::prove::parse_elimination(eliminate, &self.puzzle)
                    .map_err(|e| step_error(step, e))?;
                match crate::prove::check_proof(&self.puzzle, target, answer) {
                    Ok(check) => {
                        let text = crate::report::prove::prove_text(&check, None);
                        Ok(graded(check.proves(), question.expected(), text))
                    }
                    Err(crate::prove::ProveError::Model(e)) => Err(step_error(step, e)),
                    Err(e) => Ok(unreadable(e.to_string())),
                }
            }
            Question::Cut { cuts_off, .. } => {
                let current = self.current;
                let lab = self.lab(step)?;
                let report = match lab.judge_cut(current, answer, false) {
                    Ok(report) => report,
                    Err(e) if e.is_solver() || matches!(e, LabError::NoExactCheck) => {
                        return Err(lab_error(step, e))
                    }
                    Err(e) => return Ok(unreadable(e.to_string())),
                };
                let valid = matches!(report.validity, Validity::Valid { .. });
                if report.validity == Validity::Undecided {
                    return Err(super::play::solver_error(
                        step,
                        "the cut's validity was not decided within the time limit",
                    ));
                }
                // The cut is judged, not added: the report's "not added" line (written for a
                // step that adds) is replaced by why.
                let mut reason: String = student_cut_text(lab, &report)
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("not added"))
                    .map(|l| format!("{l}\n"))
                    .collect();
                reason +=
                    "  not added: a question leaves the tree as it is (a lab action adds cuts)\n";
                if valid && *cuts_off && !report.cuts_off() {
                    reason += &format!(
                        "  valid, but it does not cut off node {current}'s LP point: the question asks for one that does\n"
                    );
                }
                let correct = valid && (!cuts_off || report.cuts_off());
                Ok(graded(correct, question.expected(), reason))
            }
            Question::RowCheck { rule, strong, .. } => {
                match crate::row_check::row_check(&self.puzzle, rule, answer, &self.backends.rows) {
                    Ok(check) => {
                        let as_strong = matches!(check.strength, Some(Strength::AsStrong { .. }));
                        let mut reason = row_check_text(&check);
                        if *strong && check.exact() && !as_strong {
                            reason +=
                                "the question asks for rows as strong as the project's form\n";
                        }
                        let correct = check.exact() && (!strong || as_strong);
                        Ok(graded(correct, question.expected(), reason))
                    }
                    Err(e @ (RowCheckError::Row { .. } | RowCheckError::NoRows)) => {
                        Ok(unreadable(e.to_string()))
                    }
                    Err(e) => Err(row_check_error(step, e)),
                }
            }
            Question::Number {
                measure, tolerance, ..
            } => {
                let value = self.measure(step, measure)?;
                let Ok(given) = answer.parse::<f64>() else {
                    return Ok(unreadable(format!("{answer:?} is not a number")));
                };
                let correct = (given - value).abs() <= *tolerance;
                let reason = format!(
                    "the library computes {} (answers within {} count as right)",
                    short(value),
                    short(*tolerance)
                );
                Ok(graded(correct, short(value), reason))
            }
            Question::Choice { options, pick, .. } => {
                let mut values = Vec::with_capacity(options.len());
                for option in options {
                    values.push(self.measure(step, &option.measure)?);
                }
                let best = values.iter().copied().fold(None, |best: Option<f64>, v| {
                    Some(best.map_or(v, |b| match pick {
                        Pick::Largest => b.max(v),
                        Pick::Smallest => b.min(v),
                    }))
                });
                let winners: Vec<usize> = (0..values.len())
                    .filter(|&k| Some(values[k]) == best)
                    .collect();
                let [right] = winners.as_slice() else {
                    return Err(step_error(
                        step,
                        format!("the choice has {} options with the same best value: no one right answer", winners.len()),
                    ));
                };
                let chosen = options
                    .iter()
                    .position(|o| o.text.eq_ignore_ascii_case(answer))
                    .or_else(|| {
                        answer
                            .parse::<usize>()
                            .ok()
                            .filter(|k| (1..=options.len()).contains(k))
                            .map(|k| k - 1)
                    });
                let Some(chosen) = chosen else {
                    let names: Vec<&str> = options.iter().map(|o| o.text.as_str()).collect();
                    return Ok(unreadable(format!(
                        "{answer:?} is none of the options ({}) nor their number",
                        names.join(", ")
                    )));
                };
                let listed: Vec<String> = options
                    .iter()
                    .zip(&values)
                    .map(|(o, v)| format!("{} {}", o.text, short(*v)))
                    .collect();
                let reason = format!(
                    "the values are {}: the {} is {}",
                    listed.join(", "),
                    match pick {
                        Pick::Largest => "largest",
                        Pick::Smallest => "smallest",
                    },
                    options[*right].text
                );
                Ok(graded(
                    chosen == *right,
                    options[*right].text.clone(),
                    reason,
                ))
            }
        }
    }
}
