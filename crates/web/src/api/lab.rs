//! The lab (driven branch and bound) on the binary model: steps in the command line's `lab --do`
//! syntax, the state as the command line prints it in JSON, and node pictures.

use super::{one_line, Core, Failure};
use serde_json::json;
use sudoku_ilp::formulation::BuiltModel;
use sudoku_ilp::lab::{lab_model, script, Lab, NodeStatus};
use sudoku_ilp::lp_interface::LabLp;
use sudoku_ilp::objective::ObjectiveSense;
use sudoku_ilp::report::lab::{step_text, summary, tree_json, tree_svg};
use sudoku_ilp::report::lp_svg::lp_svg;
use sudoku_ilp::solve::{grid_of, GridRelaxation, Relaxation, Status};

impl Core {
    /// Starts the lab on the binary model (objective: as `--objective`, `""` keeps the
    /// session's).
    pub fn lab_start(&mut self, objective: &str) -> Result<String, Failure> {
        let mut puzzle = self.puzzle.clone();
        if !objective.trim().is_empty() {
            let parsed = super::parse_objective(objective, puzzle.order())?;
            puzzle = puzzle.with_objective(Some(parsed));
        }
        let model = lab_model(&puzzle);
        let lp = (self.backends.lab)(&model).map_err(one_line)?;
        let mut lab = Lab::new(&puzzle, &model, lp).map_err(one_line)?;
        lab.exact = self.backends.exact;
        self.lab_log = vec![format!(
            "root: {}",
            sudoku_ilp::report::lab::node_line(&lab, &lab.nodes[0])
        )];
        self.lab = Some(lab);
        self.lab_model = Some(model);
        self.lab_state()
    }

    /// Runs lab steps in the command line's `lab --do` syntax (`branch r1c1=5`, `node 3`,
    /// `cut gomory`, `finish`, `prune`, `cut my: …`, `predict …`); returns the state with the
    /// steps' text and `answers`: the graded steps ([`super::lab_answers`]).
    pub fn lab_do(&mut self, steps: &str) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_mut()
            .ok_or("the lab is not started (lab_start)")?;
        let mut text = String::new();
        let done = script::run_each(lab, steps, |lab, k, step| {
            text += &step_text(lab, k, step);
        })
        .map_err(one_line)?;
        let answers = super::lab_answers::answers(lab, &done);
        self.lab_log.push(text.trim_end().to_string());
        let mut state = self.state_value()?;
        state["answers"] = json!(answers);
        Ok(state.to_string())
    }

    pub fn lab_branch(&mut self, node: usize, cell: &str, value: u8) -> Result<String, Failure> {
        self.lab_do(&format!("node {node}; branch {cell}={value}"))
    }

    pub fn lab_prune(&mut self, node: usize) -> Result<String, Failure> {
        self.lab_do(&format!("node {node}; prune"))
    }

    pub fn lab_cut(&mut self, node: usize, kind: &str) -> Result<String, Failure> {
        self.lab_do(&format!("node {node}; cut {kind}"))
    }

    pub fn lab_finish(&mut self, node: usize, time_limit: f64) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_mut()
            .ok_or("the lab is not started (lab_start)")?;
        lab.node(node).map_err(one_line)?;
        let finish = lab.finish(node, time_limit).map_err(one_line)?;
        let nodes = finish.mip_nodes;
        self.lab_log.push(match finish.end {
            sudoku_ilp::lab::auto::AutoEnd::Done => {
                format!("finish node {node}: HiGHS used {nodes} nodes")
            }
            sudoku_ilp::lab::auto::AutoEnd::TimeLimit => format!(
                "finish node {node}: HiGHS stopped at the time limit after {nodes} nodes; the node stays open"
            ),
        });
        self.lab_state()
    }

    /// The tree (as `lab` prints it in JSON), its picture, the current node's LP picture,
    /// the summary, the incumbent and the log of steps.
    pub fn lab_state(&self) -> Result<String, Failure> {
        self.state_value().map(|v| v.to_string())
    }

    fn state_value(&self) -> Result<serde_json::Value, Failure> {
        let lab = self
            .lab
            .as_ref()
            .ok_or("the lab is not started (lab_start)")?;
        let model = self.lab_model.as_ref().ok_or("the lab is not started")?;
        let node = lab.nodes.last().map_or(0, |n| n.id);
        Ok(json!({
            "tree": tree_json(lab),
            "tree_svg": tree_svg(lab, Some("Branch and bound, driven")),
            "summary": summary(lab),
            "best_bound": best_bound_node(lab),
            "incumbent": lab.incumbent.as_ref().map(|i| json!({
                "node": i.node, "value": i.value, "grid": i.grid.rows()
            })),
            "log": self.lab_log,
            "stats": lab.stats,
            "node_svg": self.node_svg_of(lab, model, node),
        }))
    }

    /// The LP point of `node` on the grid.
    pub fn lab_node_svg(&self, node: usize) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_ref()
            .ok_or("the lab is not started (lab_start)")?;
        let model = self.lab_model.as_ref().ok_or("the lab is not started")?;
        lab.node(node).map_err(one_line)?;
        Ok(self.node_svg_of(lab, model, node))
    }

    fn node_svg_of(&self, lab: &Lab<Box<dyn LabLp>>, model: &BuiltModel, node: usize) -> String {
        let grid = node_grid(lab, model, node);
        let n = &lab.nodes[node];
        lp_svg(
            &lab.puzzle,
            &grid,
            Some(&format!("Node {} ({})", n.id, n.label)),
        )
    }
}

/// A lab node's LP point, cell by cell (its picture and the page's grid draw it).
pub(super) fn node_grid(
    lab: &Lab<Box<dyn LabLp>>,
    model: &BuiltModel,
    node: usize,
) -> GridRelaxation {
    let n = &lab.nodes[node];
    let solved = !n.values.is_empty();
    let relaxation = Relaxation {
        status: if solved {
            Status::Solved
        } else {
            Status::Infeasible
        },
        objective: if solved { n.objective } else { 0.0 },
        fractional: n.fractional.len(),
        values: solved.then(|| n.values.clone()),
    };
    grid_of(&lab.puzzle, model, relaxation)
}

/// The node whose LP value is the global bound ([`Lab::bound`]: the best over the open nodes and
/// those pruned by hand), `None` without an objective (every LP value is 0) or such a node.
fn best_bound_node(lab: &Lab<Box<dyn LabLp>>) -> Option<usize> {
    let sign = match lab.sense? {
        ObjectiveSense::Max => -1.0,
        _ => 1.0,
    };
    lab.nodes
        .iter()
        .filter(|n| matches!(n.status, NodeStatus::Open | NodeStatus::PrunedByHand))
        .min_by(|a, b| (sign * a.objective).total_cmp(&(sign * b.objective)))
        .map(|n| n.id)
}
