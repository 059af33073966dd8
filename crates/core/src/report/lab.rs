//! The driven branch and bound on screen: each step in a line or two, the tree as text and as
//! an SVG picture laid out tidily (node labels: the node's number, the fixing, the LP value, the
//! status; open nodes — the unexplored siblings — dashed; fonts sized for a 1,080-line
//! projector), a cut as a row in LP syntax.

use super::svg::svg_start;
use super::tidy::tidy;
use crate::lab::auto::AutoEnd;
use crate::lab::cuts::short;
use crate::lab::lp::LabLp;
use crate::lab::script::{Step, StepOutcome};
use crate::lab::{Lab, LabNode, NodeStatus};
use std::fmt::Write;

/// A node in one line: `#3 r1c1=5 · LP 14.5 · fractional (12 columns)`.
pub fn node_line<L: LabLp>(lab: &Lab<L>, node: &LabNode) -> String {
    let lp = if node.objective.is_nan() {
        "LP —".to_string()
    } else {
        format!("LP {}", short(node.objective))
    };
    let status = match node.status {
        NodeStatus::Open => format!("fractional ({} columns)", node.fractional.len()),
        NodeStatus::Integral => {
            let mark = lab.incumbent.as_ref().is_some_and(|i| i.node == node.id);
            format!("integral{}", if mark { ", incumbent" } else { "" })
        }
        s => s.name().to_string(),
    };
    format!("node {} {} · {lp} · {status}", node.id, node.label)
}

/// The lab's state in two lines: incumbent and bound.
pub fn summary<L: LabLp>(lab: &Lab<L>) -> String {
    let incumbent = lab.incumbent.as_ref().map_or("none".to_string(), |i| {
        format!("{} (node {})", short(i.value), i.node)
    });
    let bound = lab.bound().map_or("—".into(), short);
    let open = lab
        .nodes
        .iter()
        .filter(|n| n.status == NodeStatus::Open)
        .count();
    let unproven = lab.unproven_prunes();
    let warning = if unproven.is_empty() {
        String::new()
    } else {
        let ids: Vec<String> = unproven.iter().map(usize::to_string).collect();
        format!(
            " · warning: pruned by hand without proof (node {}): the optimum may lie there",
            ids.join(", ")
        )
    };
    format!(
        "nodes {} · open {open} · cuts {} · incumbent {incumbent} · bound {bound}{warning}",
        lab.nodes.len(),
        lab.cuts.len()
    )
}

/// The incumbent: its value, node and whether it is proven optimal, then its grid (which
/// passed the checker when the lab found it); `incumbent: none` without one.
pub fn incumbent_text<L: LabLp>(lab: &Lab<L>) -> String {
    let Some(best) = &lab.incumbent else {
        return "incumbent: none\n".to_string();
    };
    let proof = match (lab.sense, lab.proven()) {
        (None, _) => "a grid of the puzzle, checked",
        (Some(_), true) => "optimal: every node is closed",
        (Some(_), false) => "not proven optimal",
    };
    format!(
        "incumbent: {} (node {}), {proof}\n{}",
        short(best.value),
        best.node,
        crate::format::grid_text(&best.grid, lab.puzzle.layout())
    )
}

/// One step as text.
pub fn step_text<L: LabLp>(lab: &Lab<L>, index: usize, step: &Step) -> String {
    let mut out = format!("step {}: {}\n", index + 1, step.command);
    match &step.outcome {
        StepOutcome::Branched { children, .. } => {
            for &c in children {
                let _ = writeln!(out, "  {}", node_line(lab, &lab.nodes[c]));
            }
        }
        StepOutcome::Cut { node, report, kind } => match report {
            None => {
                let _ = writeln!(out, "  no violated {} cut at node {node}", kind.name());
            }
            Some(r) => {
                let cut = &lab.cuts[r.cut];
                let _ = writeln!(out, "  {}", cut.lp_text_at_most(12, |j| lab.column_name(j)));
                let _ = writeln!(
                    out,
                    "  from {}; violated by {} · bound {} → {} · fractional columns {} → {} · node now {}",
                    cut.origin,
                    short(cut.violation),
                    short(r.bound_before),
                    short(r.bound_after),
                    r.fractional_before,
                    r.fractional_after,
                    r.status_after.name()
                );
            }
        },
        StepOutcome::Moved { node } => {
            let _ = match node {
                Some(k) => writeln!(out, "  at {}", node_line(lab, &lab.nodes[*k])),
                None => writeln!(out, "  no open node is left"),
            };
        }
        StepOutcome::Finished {
            node,
            mip_nodes,
            end: AutoEnd::Done,
        } => {
            let _ = writeln!(
                out,
                "  HiGHS solved node {node}'s subtree in {mip_nodes} nodes"
            );
        }
        StepOutcome::Finished {
            node,
            mip_nodes,
            end: AutoEnd::TimeLimit,
        } => {
            let _ = writeln!(
                out,
                "  HiGHS stopped at the time limit after {mip_nodes} nodes: node {node} stays open"
            );
        }
        StepOutcome::NotRun => {
            let _ = writeln!(out, "  not run: the time limit was reached");
        }
        StepOutcome::Pruned { node } => {
            let _ = writeln!(out, "  node {node} {}", lab.nodes[*node].status.name());
        }
        StepOutcome::Suggested { node, suggestion } => {
            let cell = suggestion.cell.map_or("—".into(), |c| lab.cell_name(c));
            let var = suggestion.variable.map_or("—".into(), |j| {
                format!(
                    "{} (LP {})",
                    lab.column_name(j),
                    short(lab.nodes[*node].values[j])
                )
            });
            let _ = writeln!(
                out,
                "  lp-bb's cell rule: {cell} · textbook variable rule: {var}"
            );
        }
        StepOutcome::StudentCut { report } => {
            out += &super::exercise::student_cut_text(lab, report);
        }
        StepOutcome::Predicted { graded, .. } => {
            out += &super::exercise::graded_text(graded);
        }
        StepOutcome::Auto { end } => {
            let _ = match end {
                AutoEnd::Done => writeln!(out, "  the loop ended: Done"),
                AutoEnd::TimeLimit => writeln!(out, "  the loop ended: TimeLimit"),
            };
        }
    }
    let _ = writeln!(out, "  {}", summary(lab));
    out
}

/// The tree as indented text, one node a line.
pub fn tree_text<L: LabLp>(lab: &Lab<L>) -> String {
    let mut out = String::new();
    let mut stack = vec![0];
    while let Some(id) = stack.pop() {
        let node = &lab.nodes[id];
        let _ = writeln!(out, "{}{}", "  ".repeat(node.depth), node_line(lab, node));
        stack.extend(node.children.iter().rev());
    }
    out
}

const FONT: usize = 18;
const LINE: usize = 24;
const BOX_H: usize = 3 * LINE + 12;
const GAP_Y: usize = 44;
const MARGIN: usize = 20;

/// A box's lines: `node k fixing` (k the number the text, the JSON and Python use),
/// `LP value`, status.
fn box_lines<L: LabLp>(lab: &Lab<L>, node: &LabNode) -> [String; 3] {
    let lp = if node.objective.is_nan() {
        "LP —".to_string()
    } else {
        format!("LP {}", short(node.objective))
    };
    let status = match node.status {
        NodeStatus::Open => format!("open · {} frac", node.fractional.len()),
        NodeStatus::Integral if lab.incumbent.as_ref().is_some_and(|i| i.node == node.id) => {
            "incumbent".into()
        }
        s => s.name().to_string(),
    };
    [format!("node {} {}", node.id, node.label), lp, status]
}

fn fill(status: NodeStatus) -> &'static str {
    match status {
        NodeStatus::Integral => "#d8f0d8",
        NodeStatus::Finished => "#e6ddf2",
        NodeStatus::Infeasible
        | NodeStatus::InfeasibleByPropagation
        | NodeStatus::PrunedByBound
        | NodeStatus::Stopped => "#f6d6d6",
        NodeStatus::PrunedByHand => "#eeeeee",
        NodeStatus::Branched => "#dce6f6",
        NodeStatus::Open => "#ffffff",
    }
}

/// The tree as JSON: `{"nodes": [{"id", "parent", "depth", "fixing", "status", "lp", "fractional",
/// "order", "children"}], "cuts": k}`, `lp` null when the node's LP is infeasible.
pub fn tree_json<L: LabLp>(lab: &Lab<L>) -> serde_json::Value {
    let nodes: Vec<serde_json::Value> = lab
        .nodes
        .iter()
        .map(|n| {
            serde_json::json!({
                "id": n.id,
                "parent": n.parent,
                "depth": n.depth,
                "fixing": n.label,
                "status": n.status.name(),
                "lp": n.objective.is_finite().then_some(n.objective),
                "fractional": n.fractional.len(),
                "order": n.order,
                "children": n.children,
            })
        })
        .collect();
    serde_json::json!({ "nodes": nodes, "cuts": lab.cuts.len() })
}

/// The tree as an SVG picture (tidy layout).
pub fn tree_svg<L: LabLp>(lab: &Lab<L>, title: Option<&str>) -> String {
    let nodes = &lab.nodes;
    let lines: Vec<[String; 3]> = nodes.iter().map(|n| box_lines(lab, n)).collect();
    let widths: Vec<f64> = lines
        .iter()
        .map(|l| {
            l.iter().map(|s| s.chars().count()).max().unwrap_or(4) as f64 * FONT as f64 * 0.6 + 20.0
        })
        .collect();
    let children: Vec<Vec<usize>> = nodes.iter().map(|n| n.children.clone()).collect();
    let (x, layout_width) = tidy(&children, &widths, 0, 16.0);
    let levels = nodes.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
    let top = MARGIN + if title.is_some() { 40 } else { 0 };
    let legend = legend_lines(lab);
    let legend_width = legend.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64
        * LEGEND_FONT as f64
        * 0.6;
    let width = (layout_width.ceil() as usize + 2 * MARGIN)
        .max(legend_width.ceil() as usize + 2 * MARGIN)
        .max(480);
    let height = top + levels * (BOX_H + GAP_Y) + 20 + LINE * legend.len();
    let x0 = (width as f64 - layout_width) / 2.0;
    let y_of = |d: usize| top + d * (BOX_H + GAP_Y);
    let mut out = svg_start(width, height, &format!(r#" data-nodes="{}""#, nodes.len()));
    super::tree::heading(&mut out, title, 26);
    let _ = writeln!(out, r##"<g stroke="#555555" stroke-width="2">"##);
    for node in nodes {
        for &k in &node.children {
            let dash = if nodes[k].status == NodeStatus::Open {
                r#" stroke-dasharray="6 4""#
            } else {
                ""
            };
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{}" x2="{:.1}" y2="{}"{dash}/>"#,
                x0 + x[node.id],
                y_of(node.depth) + BOX_H,
                x0 + x[k],
                y_of(nodes[k].depth)
            );
        }
    }
    let _ = writeln!(
        out,
        "</g>\n<g font-family=\"sans-serif\" font-size=\"{FONT}\" text-anchor=\"middle\">"
    );
    for node in nodes {
        let (cx, y) = (x0 + x[node.id], y_of(node.depth));
        let dash = if node.status == NodeStatus::Open {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r##"<rect class="node" data-status="{}" x="{:.1}" y="{y}" width="{:.1}" height="{BOX_H}" rx="6" fill="{}" stroke="#333333" stroke-width="2"{dash}/>"##,
            node.status.name(),
            cx - widths[node.id] / 2.0,
            widths[node.id],
            fill(node.status)
        );
        super::tree::box_text(
            &mut out,
            (cx, y + 4),
            LINE,
            &lines[node.id],
            r#" font-weight="bold""#,
        );
    }
    out.push_str("</g>\n");
    let (last, before) = legend.split_last().expect("three legend lines");
    for (k, line) in before.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="{LEGEND_FONT}">{}</text>"#,
            height - 14 - LINE * (before.len() - k),
            super::svg::escape(line)
        );
    }
    super::tree::footer(&mut out, height, LEGEND_FONT, last);
    out
}

const LEGEND_FONT: usize = 16;

/// The lines under the tree: the summary, then what the numbers and colours mean (each short
/// enough to be read whole).
fn legend_lines<L: LabLp>(lab: &Lab<L>) -> [String; 3] {
    [
        summary(lab),
        "node k: the number the steps, the JSON and Python use · dashed: open · blue: branched"
            .into(),
        "green: grid · violet: finished by HiGHS · red: infeasible or pruned by bound · grey: pruned by hand"
            .into(),
    ]
}
