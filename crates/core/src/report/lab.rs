//! The branch and bound on screen (the lab's, driven by hand, and lp-bb's, the lab's automatic
//! loop: one tree, one picture): each step in a line or two, the tree as text, as JSON and as an
//! SVG picture laid out tidily and folded to fit a projector (node labels: the node's number,
//! the fixing, the LP value, the status; open nodes — the unexplored siblings — dashed; fonts
//! sized for a 1,080-line projector), a cut as a row in LP syntax.

use super::fold::{fit, Drawing, Item, Shape, CANVAS_WIDTH};
use super::svg::{escape, svg_start};
use crate::lab::auto::AutoEnd;
use crate::lab::cuts::short;
use crate::lab::lp::LabLp;
use crate::lab::script::{Step, StepOutcome};
use crate::lab::{Lab, LabNode, NodeStatus};
use std::fmt::Write;

/// A node in one line: `#3 r1c1=5 · LP 14.5 · fractional (12 columns)`.
pub fn node_line<L: LabLp>(lab: &Lab<L>, node: &LabNode) -> String {
    let lp = lp_text(node);
    let status = match node.status {
        NodeStatus::Open if !node.lp_solved => "open, its LP not solved yet".to_string(),
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
        StepOutcome::Cut {
            node,
            report,
            kind,
            none_because,
        } => match report {
            None => {
                let why = none_because
                    .as_ref()
                    .map_or(String::new(), |w| format!(": {w}"));
                let _ = writeln!(out, "  no violated {} cut at node {node}{why}", kind.name());
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

/// A node's LP value as the text and the boxes show it: `LP 14.5`, `LP —` (no point), or its
/// parent's value when its own LP was never needed (`LP 14.5 (parent's)`).
fn lp_text(node: &LabNode) -> String {
    match (node.objective.is_nan(), node.lp_solved) {
        (true, _) => "LP —".to_string(),
        (false, true) => format!("LP {}", short(node.objective)),
        (false, false) => format!("LP {} (parent's)", short(node.objective)),
    }
}

/// A box's lines: `node k fixing` (k the number the text, the JSON and Python use),
/// `LP value`, status.
fn box_lines<L: LabLp>(lab: &Lab<L>, node: &LabNode) -> Vec<String> {
    let status = match node.status {
        NodeStatus::Open if !node.lp_solved => "open · LP not solved".into(),
        NodeStatus::Open => format!("open · {} frac", node.fractional.len()),
        NodeStatus::Integral if lab.incumbent.as_ref().is_some_and(|i| i.node == node.id) => {
            "incumbent".into()
        }
        s => s.name().to_string(),
    };
    vec![
        format!("node {} {}", node.id, node.label),
        lp_text(node),
        status,
    ]
}

/// A fold box's lines: how many nodes it holds, and whether a grid is among them.
fn fold_lines(count: usize, grid: bool) -> Vec<String> {
    let mut lines = vec![format!("+{count} nodes")];
    if grid {
        lines.push("with the grid".into());
    }
    lines
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

/// The cells propagation placed at a node (`r1c2=4`), beyond its fixing and the givens.
fn placed<L: LabLp>(lab: &Lab<L>, node: &LabNode) -> Vec<String> {
    let givens = lab.puzzle.givens();
    node.propagated
        .iter()
        .filter(|&&(_, v)| v > 0.5)
        .filter_map(|&(col, _)| lab.candidate.get(col).copied().flatten())
        .filter(|&(cell, _)| givens.get(cell).is_some_and(|&g| g == 0))
        .map(|(cell, v)| format!("{}={v}", lab.cell_name(cell)))
        .collect()
}

/// The tree as JSON: `{"order": n, "nodes": [{"id", "parent", "depth", "fixing", "status",
/// "lp", "lp_solved", "fractional", "iterations", "propagated", "eliminated", "order",
/// "children"}], "cuts": k}`: `lp` null when the node's LP has no point, its parent's value
/// when `lp_solved` is false; `propagated` the cells propagation placed there (`"r1c2=4"`),
/// `eliminated` how many candidates it removed.
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
                "lp_solved": n.lp_solved,
                "fractional": n.fractional.len(),
                "iterations": n.iterations,
                "propagated": placed(lab, n),
                "eliminated": n.propagated.iter().filter(|&&(_, v)| v < 0.5).count(),
                "order": n.order,
                "children": n.children,
            })
        })
        .collect();
    serde_json::json!({ "order": lab.n, "nodes": nodes, "cuts": lab.cuts.len() })
}

/// The tree as an SVG picture, every node drawn (tidy layout): the lab's picture, where every
/// node can be read and picked.
pub fn tree_svg<L: LabLp>(lab: &Lab<L>, title: Option<&str>) -> String {
    drawn_tree(lab, title, None)
}

/// The tree as an SVG picture within [`CANVAS_WIDTH`] (lp-bb's `--tree`, the classroom page): a
/// tree too wide for it is cut at the deepest depth at which it fits, each node there
/// standing over one grey dashed box "+N nodes" that holds its whole subtree
/// ([`super::fold`]).
pub fn tree_svg_to_fit<L: LabLp>(lab: &Lab<L>, title: Option<&str>) -> String {
    drawn_tree(lab, title, Some((CANVAS_WIDTH - 2 * MARGIN) as f64))
}

/// The picture, folded to fit `room` pixels when given. The root element carries
/// `data-nodes` (all nodes), `data-drawn` (node boxes) and `data-folded` (nodes inside fold
/// boxes).
fn drawn_tree<L: LabLp>(lab: &Lab<L>, title: Option<&str>, room: Option<f64>) -> String {
    let nodes = &lab.nodes;
    let lines: Vec<Vec<String>> = nodes.iter().map(|n| box_lines(lab, n)).collect();
    let text_width = |l: &[String]| {
        l.iter().map(|s| s.chars().count()).max().unwrap_or(4) as f64 * FONT as f64 * 0.6 + 20.0
    };
    let item_lines = |item: &Item| match item {
        Item::Node(id) => lines[*id].clone(),
        Item::Fold { count, grid, .. } => fold_lines(*count, *grid),
    };
    let parents: Vec<Option<usize>> = nodes.iter().map(|n| n.parent).collect();
    let depths: Vec<usize> = nodes.iter().map(|n| n.depth).collect();
    let grids: Vec<bool> = nodes
        .iter()
        .map(|n| n.status == NodeStatus::Integral)
        .collect();
    let shape = Shape {
        parents: &parents,
        depths: &depths,
        grids: &grids,
    };
    let width_of = |item: &Item| text_width(&item_lines(item));
    let d = fit(&shape, &width_of, 16.0, room);
    let levels = d
        .items
        .iter()
        .map(|i| d.depth_of(i, &shape))
        .max()
        .unwrap_or(0)
        + 1;
    let top = MARGIN + if title.is_some() { 40 } else { 0 };
    let legend = legend_lines(lab, &d);
    let legend_width = legend.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64
        * LEGEND_FONT as f64
        * 0.6;
    let width = (d.width.ceil() as usize + 2 * MARGIN)
        .max(legend_width.ceil() as usize + 2 * MARGIN)
        .max(480);
    let height = top + levels * (BOX_H + GAP_Y) + 20 + LINE * legend.len();
    let x0 = (width as f64 - d.width) / 2.0;
    let y_of = |item: &Item| top + d.depth_of(item, &shape) * (BOX_H + GAP_Y);
    let data = format!(
        r#" data-nodes="{}" data-drawn="{}" data-folded="{}""#,
        nodes.len(),
        d.drawn(),
        d.folded()
    );
    let mut out = svg_start(width, height, &data);
    heading(&mut out, title, 26);
    let dashed = |item: &Item| match item {
        Item::Node(id) => nodes[*id].status == NodeStatus::Open,
        Item::Fold { .. } => true,
    };
    let _ = writeln!(out, r##"<g stroke="#555555" stroke-width="2">"##);
    for (p, kids) in d.children.iter().enumerate() {
        for &k in kids {
            let dash = if dashed(&d.items[k]) {
                r#" stroke-dasharray="6 4""#
            } else {
                ""
            };
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{}" x2="{:.1}" y2="{}"{dash}/>"#,
                x0 + d.x[p],
                y_of(&d.items[p]) + BOX_H,
                x0 + d.x[k],
                y_of(&d.items[k])
            );
        }
    }
    let _ = writeln!(
        out,
        "</g>\n<g font-family=\"sans-serif\" font-size=\"{FONT}\" text-anchor=\"middle\">"
    );
    for (k, item) in d.items.iter().enumerate() {
        let (cx, y) = (x0 + d.x[k], y_of(item));
        let dash = if dashed(item) {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        let (class, status, ground) = match item {
            Item::Node(id) => ("node", nodes[*id].status.name(), fill(nodes[*id].status)),
            Item::Fold { grid: true, .. } => ("fold", "folded", "#e3f4e3"),
            Item::Fold { .. } => ("fold", "folded", "#f2f2f2"),
        };
        let _ = writeln!(
            out,
            r##"<rect class="{class}" data-status="{status}" x="{:.1}" y="{y}" width="{:.1}" height="{BOX_H}" rx="6" fill="{ground}" stroke="#333333" stroke-width="2"{dash}/>"##,
            cx - d.widths[k] / 2.0,
            d.widths[k],
        );
        box_text(
            &mut out,
            (cx, y + 4),
            LINE,
            &item_lines(item),
            r#" font-weight="bold""#,
        );
    }
    out.push_str("</g>\n");
    for (k, line) in legend.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="{LEGEND_FONT}">{}</text>"#,
            height - 14 - LINE * (legend.len() - 1 - k),
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The lines of a box, centred at `cx` from `top`, `line` apart; the first line gets the
/// attributes `first` (bold).
fn box_text(out: &mut String, (cx, top): (f64, usize), line: usize, lines: &[String], first: &str) {
    for (i, text) in lines.iter().enumerate() {
        let weight = if i == 0 { first } else { "" };
        let _ = writeln!(
            out,
            r#"<text x="{cx:.1}" y="{}"{weight}>{}</text>"#,
            top + line * (i + 1),
            escape(text)
        );
    }
}

/// The title of a tree picture, when it has one, in `size` px.
fn heading(out: &mut String, title: Option<&str>, size: usize) {
    if let Some(t) = title {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="{size}" font-weight="bold">{}</text>"#,
            MARGIN + size,
            escape(t)
        );
    }
}

const LEGEND_FONT: usize = 16;

/// The lines under the tree: the summary, then what the numbers, colours and dashes mean (each
/// short enough to be read whole), and what was folded.
fn legend_lines<L: LabLp>(lab: &Lab<L>, d: &Drawing) -> Vec<String> {
    let mut lines = vec![
        summary(lab),
        "node k: the number the steps, the JSON and Python use · dashed: open · blue: branched"
            .into(),
        "green: grid · violet: finished by HiGHS · red: infeasible or pruned by bound · grey: pruned by hand"
            .into(),
    ];
    if d.folded() > 0 {
        lines.push(format!(
            "grey dashed: {} nodes below depth {} folded (green when the grid is inside)",
            d.folded(),
            d.fold_depth
        ));
    }
    lines
}
