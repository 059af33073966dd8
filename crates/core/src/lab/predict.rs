//! Predict, then see: questions about the driven branch and bound that the lab grades from
//! what it computes, each answer with its reason. The tree is not changed: a child's LP is
//! solved aside (the node's bounds with the branch's fixings) and forgotten.
//!
//! Questions (after `predict`, at a node):
//! - `next best|depth K` — the open node the rule picks next (`next K`: the automatic loop's
//!   rule, best bound with an objective and depth first without);
//! - `branch NAME` — the column the most-fractional rule branches on (`x_r1_c3_v4` or `r1c3=4`);
//! - `infeasible rRcC=V yes|no` — whether that child (x = 1; `rRcC!=V` for x = 0) is infeasible;
//! - `bound rRcC=V VALUE|infeasible` — the child's LP value, within [`BOUND_TOLERANCE`];
//! - `integral yes|no` — whether the root LP point is integral (a grid).

use super::cuts::short;
use super::lp::{LabLp, LpPoint, LpState};
use super::{Lab, LabError, NodeRule};
use crate::named::{parse, Named};

/// An LP bound predicted within this (times max(1, |value|)) is right.
pub const BOUND_TOLERANCE: f64 = 1e-3;

/// A graded prediction.
#[derive(Debug, Clone, PartialEq)]
pub struct Graded {
    /// The question as asked, without the answer.
    pub question: String,
    pub given: String,
    /// The right answer.
    pub expected: String,
    pub correct: bool,
    /// Why the right answer is right.
    pub reason: String,
}

fn bad(text: &str) -> LabError {
    LabError::Question(text.to_string())
}

fn yes_no(word: &str, text: &str) -> Result<bool, LabError> {
    match word {
        "yes" | "true" | "y" => Ok(true),
        "no" | "false" | "n" => Ok(false),
        _ => Err(bad(text)),
    }
}

fn word(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

impl<L: LabLp> Lab<L> {
    /// Grades the prediction `text` at node `id` (see the module).
    pub fn predict(&mut self, id: usize, text: &str) -> Result<Graded, LabError> {
        self.node(id)?;
        let words: Vec<&str> = text.split_whitespace().collect();
        let (question, given, expected, reason) = match words.as_slice() {
            ["next", answer] => {
                let rule = NodeRule::for_sense(self.sense);
                let (expected, reason) = self.next_reason(rule);
                let given = answer.trim_start_matches("node").to_string();
                let reason = format!("the loop's rule here is {}: {reason}", rule.about());
                (format!("next ({})", rule.name()), given, expected, reason)
            }
            ["next", rule, answer] => {
                let rule: NodeRule = parse(rule)?;
                let (expected, reason) = self.next_reason(rule);
                let given = answer.trim_start_matches("node").to_string();
                (format!("next {}", rule.name()), given, expected, reason)
            }
            ["branch", answer] => {
                let (expected, reason) = self.branch_reason(id, answer)?;
                ("branch".into(), answer.to_string(), expected, reason)
            }
            ["infeasible", child, answer] => {
                let given = yes_no(answer, text)?;
                let point = self.child_point(id, child)?;
                let infeasible = point.state == LpState::Infeasible;
                let reason = match point.state {
                    LpState::Infeasible => format!(
                        "{child}'s LP (node {id}'s bounds with {child}) has no feasible point"
                    ),
                    LpState::Optimal => format!(
                        "{child}'s LP has a point, of value {}",
                        short(point.objective)
                    ),
                    LpState::Stopped => return Err(LabError::NoOptimalPoint(id)),
                };
                (
                    format!("infeasible {child}"),
                    word(given),
                    word(infeasible),
                    reason,
                )
            }
            ["bound", child, answer] => {
                let point = self.child_point(id, child)?;
                let (expected, reason) = match point.state {
                    LpState::Infeasible => ("infeasible".to_string(), format!("{child}'s LP has no feasible point")),
                    LpState::Optimal => (
                        short(point.objective),
                        format!(
                            "{child}'s LP value is {} (node {id}'s is {}); within {} counts as right",
                            short(point.objective),
                            short(self.nodes[id].objective),
                            BOUND_TOLERANCE
                        ),
                    ),
                    LpState::Stopped => return Err(LabError::NoOptimalPoint(id)),
                };
                let correct = match (answer.parse::<f64>(), point.state) {
                    (Ok(v), LpState::Optimal) => {
                        (v - point.objective).abs()
                            <= BOUND_TOLERANCE * point.objective.abs().max(1.0)
                    }
                    (Err(_), LpState::Infeasible) => *answer == "infeasible",
                    _ => false,
                };
                return Ok(Graded {
                    question: format!("bound {child}"),
                    given: answer.to_string(),
                    expected,
                    correct,
                    reason,
                });
            }
            ["integral", answer] => {
                let given = yes_no(answer, text)?;
                let root = &self.nodes[0];
                let integral = root.fractional.is_empty() && !root.values.is_empty();
                let reason = match root.fractional.first() {
                    None if root.values.is_empty() => "the root LP has no point".to_string(),
                    None => "every column of the root LP point is 0 or 1: it is a grid".to_string(),
                    Some(&j) => format!(
                        "the root LP point has {} fractional columns, e.g. {} = {}",
                        root.fractional.len(),
                        self.column_name(j),
                        short(root.values[j])
                    ),
                };
                ("integral".into(), word(given), word(integral), reason)
            }
            _ => return Err(bad(text)),
        };
        Ok(Graded {
            correct: given == expected,
            question,
            given,
            expected,
            reason,
        })
    }

    /// The node `rule` picks next, and why.
    fn next_reason(&self, rule: NodeRule) -> (String, String) {
        let Some(k) = self.next(rule) else {
            return ("none".into(), "no open node is left".into());
        };
        let open: Vec<String> = self
            .nodes
            .iter()
            .filter(|n| n.status == super::NodeStatus::Open)
            .map(|n| match rule {
                NodeRule::BestBound => format!("{} ({})", n.id, short(n.objective)),
                NodeRule::DepthFirst => format!("{} (depth {})", n.id, n.depth),
            })
            .collect();
        let node = &self.nodes[k];
        let reason = match (rule, self.sense) {
            (NodeRule::BestBound, None) => format!(
                "without an objective every LP value is 0, and ties go to the node made first; \
                 open: {}",
                open.join(", ")
            ),
            (NodeRule::BestBound, Some(sense)) => format!(
                "node {k} has the best LP value ({}, {}) of the open nodes {}",
                short(node.objective),
                match sense {
                    crate::objective::ObjectiveSense::Max => "the largest: maximising",
                    crate::objective::ObjectiveSense::Min => "the smallest: minimising",
                },
                open.join(", ")
            ),
            (NodeRule::DepthFirst, _) => format!(
                "node {k} is the deepest open node (depth {}), the first made at that depth; \
                 open: {}",
                node.depth,
                open.join(", ")
            ),
        };
        (k.to_string(), reason)
    }

    /// The column the most-fractional rule branches on at node `id` (by name), and why;
    /// `answer` is compared by column, so either name form is right.
    fn branch_reason(&self, id: usize, answer: &str) -> Result<(String, String), LabError> {
        let node = self.node(id)?;
        let Some(col) = self.suggest(id)?.variable else {
            return Ok(("none".into(), format!("node {id} has no fractional column")));
        };
        let name = self.column_name(col);
        let x = node.values[col];
        let mut reason = format!(
            "{name} = {}: |x − 0.5| = {} is the smallest among node {id}'s {} fractional columns \
             (ties: the first column)",
            short(x),
            short((x - 0.5).abs()),
            node.fractional.len()
        );
        let given = self
            .parse_cut(&format!("{answer} <= 1"))
            .ok()
            .and_then(|q| q.terms.first().map(|&(j, _)| j));
        if let Some(j) = given.filter(|&j| j != col) {
            reason += &format!(
                "; yours, {}, is {}",
                self.column_name(j),
                short(node.values[j])
            );
        }
        let expected = if given == Some(col) {
            answer.to_string()
        } else {
            name
        };
        Ok((expected, reason))
    }

    /// The LP point of node `id`'s child `child` (`rRcC=V`: x = 1 with the zeros it forces,
    /// as a branch makes it; `rRcC!=V`: x = 0), solved aside: the tree does not change.
    fn child_point(&mut self, id: usize, child: &str) -> Result<LpPoint, LabError> {
        self.open_node(id, "asked about")?;
        let (one, text) = match child.split_once("!=").or_else(|| child.split_once('≠')) {
            Some((cell, v)) => (false, format!("{cell}={v}")),
            None => (true, child.to_string()),
        };
        let (cell, value) = crate::linear_text::candidate_of(&text, self.n)
            .ok_or_else(|| LabError::NotCandidate(child.to_string()))?;
        let col = self.column(cell, value)?;
        let bounds = self.bounds_at(id);
        let fixings = if one {
            self.fix_one(col, &bounds)
        } else {
            vec![(col, 0.0)]
        };
        self.solve_at(id)?;
        for (col, v) in fixings {
            if self.current[col] != (v, v) {
                self.lp.set_column_bounds(col, v, v)?;
                self.current[col] = (v, v);
            }
        }
        let point = self.lp.solve()?;
        self.solved = None;
        Ok(point)
    }
}
