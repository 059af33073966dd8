//! A scripted session: `branch r1c1=5; cut gomory; next best; finish`, one step after the
//! other on a current node (the root at first), so that a teacher can prepare a walk-through
//! and a test can replay it. Steps:
//! - `branch rRcC=V` (x = 1 / x = 0 on a candidate), `branch rRcC` (one child per open digit),
//!   `branch suggested` (lp-bb's cell rule), `branch variable` (the most fractional column);
//!   the current node becomes the first child;
//! - `cut gomory|clique|nogood` at the current node;
//! - `next depth|best` (the rule's next open node), `node N` (by hand);
//! - `finish` (HiGHS solves the current node's subtree), `prune` (by hand), `suggest`;
//! - `auto [cell|variable]` (the automatic loop from here on, lp-bb's own search: cell
//!   branching unless `variable` is named; best bound with an objective, depth first without
//!   one);
//! - `cut my: INEQUALITY` (the student's own cut at the current node, checked exactly,
//!   [`super::cuts::student`]); `predict QUESTION ANSWER` (graded, [`super::predict`]).
//!
//! A step that reaches [`Lab::deadline`] ends the script: the steps after it are not run.

use super::auto::{self, AutoEnd, AutoOptions, Branching};
use super::cuts::student::StudentCutReport;
use super::cuts::{CutKind, CutReport, NoCut};
use super::lp::LabLp;
use super::predict::Graded;
use super::{Lab, LabError, NodeRule, Suggestion};
use crate::named::parse;

/// How long `finish` may let HiGHS run when the lab has no deadline, in seconds.
pub const FINISH_SECONDS: f64 = crate::limits::DEFAULT_TIME_LIMIT;

/// What one step did.
#[derive(Debug, Clone, PartialEq)]
pub enum StepOutcome {
    /// Node `parent` was branched into these children.
    Branched {
        parent: usize,
        children: Vec<usize>,
    },
    /// A cut was added at `node` (or none was found, and `none_because` says why).
    Cut {
        node: usize,
        kind: CutKind,
        report: Option<CutReport>,
        none_because: Option<NoCut>,
    },
    /// The current node is now `node` (`None`: no open node is left).
    Moved {
        node: Option<usize>,
    },
    /// HiGHS ran on `node`'s subtree for this many nodes: it solved the subtree (`end`
    /// [`AutoEnd::Done`]) or stopped at the time limit.
    Finished {
        node: usize,
        mip_nodes: i64,
        end: AutoEnd,
    },
    Pruned {
        node: usize,
    },
    Suggested {
        node: usize,
        suggestion: Suggestion,
    },
    Auto {
        end: AutoEnd,
    },
    /// The student's cut was checked at its node (and added when valid there).
    StudentCut {
        report: Box<StudentCutReport>,
    },
    /// A prediction at `node`, graded.
    Predicted {
        node: usize,
        graded: Graded,
    },
    /// The deadline had passed: this step and the ones after it were not run.
    NotRun,
}

/// One step of a session: its text and what it did.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub command: String,
    pub outcome: StepOutcome,
}

/// Runs the `;`-separated steps of `script` on `lab`, from the root.
pub fn run<L: LabLp>(lab: &mut Lab<L>, script: &str) -> Result<Vec<Step>, LabError> {
    run_each(lab, script, |_, _, _| {})
}

/// [`run`], calling `after(lab, k, step)` right after step k (to show the lab as it is then).
pub fn run_each<L: LabLp>(
    lab: &mut Lab<L>,
    script: &str,
    after: impl FnMut(&Lab<L>, usize, &Step),
) -> Result<Vec<Step>, LabError> {
    run_from(lab, &mut 0, script, after)
}

/// [`run_each`] from node `*current`, which is left at the node the last step made current (a
/// lesson's lab actions go on from one another).
pub fn run_from<L: LabLp>(
    lab: &mut Lab<L>,
    current: &mut usize,
    script: &str,
    mut after: impl FnMut(&Lab<L>, usize, &Step),
) -> Result<Vec<Step>, LabError> {
    let mut steps = Vec::new();
    for command in script
        .split([';', '\n'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let outcome = if lab.hit_limit || lab.out_of_time() {
            lab.hit_limit = true;
            StepOutcome::NotRun
        } else {
            step(lab, current, command).map_err(|e| LabError::InStep {
                command: command.to_string(),
                source: Box::new(e),
            })?
        };
        let done = Step {
            command: command.to_string(),
            outcome,
        };
        after(lab, steps.len(), &done);
        let stop = done.outcome == StepOutcome::NotRun;
        steps.push(done);
        if stop {
            break;
        }
    }
    Ok(steps)
}

/// Reads `rRcC` (1-based) as a cell index.
pub use crate::geometry::parse_cell_index as parse_cell;

fn step<L: LabLp>(
    lab: &mut Lab<L>,
    current: &mut usize,
    command: &str,
) -> Result<StepOutcome, LabError> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let id = *current;
    if let Some(text) = command.strip_prefix("cut my:") {
        let report = Box::new(lab.student_cut(id, text)?);
        return Ok(StepOutcome::StudentCut { report });
    }
    match words.as_slice() {
        ["predict", question @ ..] => Ok(StepOutcome::Predicted {
            node: id,
            graded: lab.predict(id, &question.join(" "))?,
        }),
        ["branch", what] => {
            let children = branch(lab, id, what)?;
            *current = children[0];
            Ok(StepOutcome::Branched {
                parent: id,
                children,
            })
        }
        ["cut", kind] => {
            let kind: CutKind = parse(kind)?;
            let (report, none_because) = match lab.cut_or_why(id, kind)? {
                Ok(report) => (Some(report), None),
                Err(why) => (None, Some(why)),
            };
            Ok(StepOutcome::Cut {
                node: id,
                kind,
                report,
                none_because,
            })
        }
        ["next", rule] => {
            let rule: NodeRule = parse(rule)?;
            let node = lab.next(rule);
            *current = node.unwrap_or(id);
            Ok(StepOutcome::Moved { node })
        }
        ["node", k] => {
            let k: usize = k
                .parse()
                .map_err(|_| LabError::NotNodeNumber(k.to_string()))?;
            lab.node(k)?;
            *current = k;
            Ok(StepOutcome::Moved { node: Some(k) })
        }
        ["finish"] => {
            let finish = lab.finish(id, FINISH_SECONDS)?;
            Ok(StepOutcome::Finished {
                node: id,
                mip_nodes: finish.mip_nodes,
                end: finish.end,
            })
        }
        ["prune"] => lab.prune(id).map(|()| StepOutcome::Pruned { node: id }),
        ["suggest"] => {
            lab.evaluate(id)?;
            Ok(StepOutcome::Suggested {
                node: id,
                suggestion: lab.suggest(id)?,
            })
        }
        ["auto", rest @ ..] => {
            let branching = match rest {
                [] => Branching::default(),
                [name] => parse(name)?,
                _ => return Err(LabError::UnknownStep),
            };
            let options = AutoOptions::for_lab(lab, branching);
            let end = auto::run(lab, &options)?;
            Ok(StepOutcome::Auto { end })
        }
        _ => Err(LabError::UnknownStep),
    }
}

/// Branches node `id` as `what` says; returns the children.
fn branch<L: LabLp>(lab: &mut Lab<L>, id: usize, what: &str) -> Result<Vec<usize>, LabError> {
    let n = lab.n;
    match what {
        "suggested" | "variable" => {
            lab.evaluate(id)?;
            let s = lab.suggest(id)?;
            match (what, s.cell, s.variable) {
                ("suggested", Some(cell), _) => lab.branch_cell(id, cell),
                ("variable", _, Some(col)) => lab.branch_column(id, col),
                _ => Err(LabError::NothingToBranch(id)),
            }
        }
        _ => match what.split_once('=') {
            Some((cell, v)) => {
                let cell =
                    parse_cell(cell, n).ok_or_else(|| LabError::NotCandidate(what.to_string()))?;
                let v: u8 = v
                    .parse()
                    .ok()
                    .filter(|v| (1..=n).contains(&usize::from(*v)))
                    .ok_or_else(|| LabError::BadDigit {
                        text: v.to_string(),
                        n,
                    })?;
                lab.branch_candidate(id, cell, v)
            }
            None => {
                let cell =
                    parse_cell(what, n).ok_or_else(|| LabError::NotCell(what.to_string()))?;
                lab.branch_cell(id, cell)
            }
        },
    }
}
