//! The LP branch-and-bound tree ([`crate::engine::lp_bb::Tree`]) as JSON (one record per node)
//! and as an SVG picture (one box per node, depth downwards, children left to right in the
//! order they were tried).

use super::svg::{escape, svg_start};
use crate::engine::lp_bb::{LpStatus, Node, NodeEnd, NodeLp, Tree};
use serde_json::{json, Value};
use std::fmt::Write;

/// The LP status as the records and pictures name it: `integral`, `12 fractional`,
/// `infeasible`, `time limit`.
pub fn lp_status_text(status: LpStatus) -> String {
    match status {
        LpStatus::Integral => "integral".into(),
        LpStatus::Fractional(k) => format!("{k} fractional"),
        LpStatus::Infeasible => "infeasible".into(),
        LpStatus::TimeLimit => "time limit".into(),
    }
}

/// How a node ended, as the records name it.
pub fn end_text(end: NodeEnd) -> &'static str {
    match end {
        NodeEnd::Branched => "branched",
        NodeEnd::Solution => "solution",
        NodeEnd::PropagationConflict => "pruned: propagation conflict",
        NodeEnd::LpInfeasible => "pruned: LP infeasible",
        NodeEnd::TimeLimit => "time limit",
    }
}

/// One node's JSON record: `id`, `parent`, `depth`, `decision` (`"r3c5=7"`, null at the root),
/// `propagated` (the cells propagation fixed, `"r1c2=4"`), `lp` (null when propagation
/// decided the node; else `status`, `fractional`, `objective`, `iterations`) and `end`.
pub fn node_json(node: &Node) -> Value {
    json!({
        "id": node.id,
        "parent": node.parent,
        "depth": node.depth,
        "decision": node.decision.map(|d| d.to_string()),
        "propagated": node.propagated.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
        "lp": node.lp.map(lp_json),
        "end": end_text(node.end),
    })
}

fn lp_json(lp: NodeLp) -> Value {
    let (status, fractional) = match lp.status {
        LpStatus::Integral => ("integral", 0),
        LpStatus::Fractional(k) => ("fractional", k),
        LpStatus::Infeasible => ("infeasible", 0),
        LpStatus::TimeLimit => ("time_limit", 0),
    };
    json!({
        "status": status,
        "fractional": fractional,
        "objective": lp.objective,
        "iterations": lp.iterations,
    })
}

/// The whole tree: `{"order": n, "nodes": [record, …]}`, one record per node.
pub fn tree_json(tree: &Tree) -> Value {
    json!({
        "order": tree.order,
        "nodes": tree.nodes.iter().map(node_json).collect::<Vec<_>>(),
    })
}

const BOX_W: usize = 184;
const BOX_H: usize = 70;
const GAP_X: usize = 14;
const GAP_Y: usize = 46;
const MARGIN: usize = 16;
/// Trees larger than this are drawn up to this many nodes (a note says so).
pub const MAX_DRAWN: usize = 600;

/// Fill colour of a node by how it ended.
fn fill(end: NodeEnd) -> &'static str {
    match end {
        NodeEnd::Solution => "#c9efc9",
        NodeEnd::PropagationConflict | NodeEnd::LpInfeasible => "#f6c9c9",
        NodeEnd::TimeLimit => "#eeeeee",
        NodeEnd::Branched => "#d6e4f7",
    }
}

/// Horizontal slots: each leaf takes the next slot left to right; a parent sits above the
/// middle of its children. Returns each node's slot (×2, to keep halves integral).
fn layout(nodes: &[Node]) -> Vec<usize> {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for node in nodes {
        if let Some(p) = node.parent.filter(|&p| p < nodes.len()) {
            children[p].push(node.id);
        }
    }
    let mut slot = vec![0usize; nodes.len()];
    let mut next_leaf = 0;
    // Nodes are created depth first, so a reverse pass sees children before parents; leaves
    // are numbered in creation order by a forward pass first.
    for node in nodes {
        if children[node.id].is_empty() {
            slot[node.id] = 2 * next_leaf;
            next_leaf += 1;
        }
    }
    for node in nodes.iter().rev() {
        let kids = &children[node.id];
        if let (Some(&first), Some(&last)) = (kids.first(), kids.last()) {
            slot[node.id] = (slot[first] + slot[last]) / 2;
        }
    }
    slot
}

/// The tree as an SVG picture: per node its decision (`root` at the root), how many cells
/// propagation fixed, the LP status and iterations; green a solution, red a pruned node, blue
/// a node that branched.
pub fn tree_svg(tree: &Tree, title: Option<&str>) -> String {
    let nodes = &tree.nodes[..tree.nodes.len().min(MAX_DRAWN)];
    let slots = layout(nodes);
    let columns = slots.iter().max().map_or(1, |m| m / 2 + 1);
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
    let top = MARGIN + if title.is_some() { 40 } else { 0 };
    let width = (2 * MARGIN + columns * (BOX_W + GAP_X)).max(420);
    let height = top + depth * (BOX_H + GAP_Y) + 40;
    let x_of = |i: usize| MARGIN + slots[i] * (BOX_W + GAP_X) / 2;
    let y_of = |d: usize| top + d * (BOX_H + GAP_Y);
    let data = format!(r#" data-nodes="{}""#, tree.nodes.len());
    let mut out = svg_start(width, height, &data);
    if let Some(t) = title {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="24" font-weight="bold">{}</text>"#,
            MARGIN + 24,
            escape(t)
        );
    }
    let _ = writeln!(out, r##"<g stroke="#555555" stroke-width="2">"##);
    for node in nodes {
        if let Some(p) = node.parent.filter(|&p| p < nodes.len()) {
            let _ = writeln!(
                out,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                x_of(p) + BOX_W / 2,
                y_of(nodes[p].depth) + BOX_H,
                x_of(node.id) + BOX_W / 2,
                y_of(node.depth)
            );
        }
    }
    out.push_str("</g>\n<g font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\">\n");
    for node in nodes {
        let (x, y) = (x_of(node.id), y_of(node.depth));
        let lines = node_lines(node);
        let _ = writeln!(
            out,
            r##"<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8" fill="{}" stroke="#333333" stroke-width="1.5"/>"##,
            fill(node.end)
        );
        for (k, line) in lines.iter().enumerate() {
            let weight = if k == 0 { r#" font-weight="bold""# } else { "" };
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}"{weight}>{}</text>"#,
                x + BOX_W / 2,
                y + 20 + 21 * k,
                escape(line)
            );
        }
    }
    out.push_str("</g>\n");
    let note = if tree.nodes.len() > nodes.len() {
        format!(
            "{} nodes; the first {} drawn",
            tree.nodes.len(),
            nodes.len()
        )
    } else {
        format!(
            "{} nodes · blue: branched · green: solution · red: pruned",
            tree.nodes.len()
        )
    };
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="17">{}</text>"#,
        height - 14,
        escape(&note)
    );
    out.push_str("</svg>\n");
    out
}

/// The three lines of a node's box: decision, propagation, LP.
fn node_lines(node: &Node) -> [String; 3] {
    let decision = node
        .decision
        .map_or_else(|| "root".to_string(), |d| d.to_string());
    let propagation = match node.end {
        NodeEnd::PropagationConflict => "propagation: conflict".to_string(),
        _ => format!("+{} fixed", node.propagated.len()),
    };
    let lp = node.lp.map_or_else(
        || "no LP needed".to_string(),
        |lp| format!("{} · {} it", lp_status_text(lp.status), lp.iterations),
    );
    [decision, propagation, lp]
}
