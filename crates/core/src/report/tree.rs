//! The LP branch-and-bound tree ([`crate::engine::lp_bb::Tree`]) as JSON (one record per node)
//! and as an SVG picture (one box per node, depth downwards, children left to right in the
//! order they were tried, laid out tidily by [`super::tidy`] to fit a projector's width).

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

/// The width a drawn tree must fit: a 1,920-pixel projector.
pub const CANVAS_WIDTH: usize = 1920;
/// Font size of the boxes' text (the decision a little larger).
const FONT: usize = 13;
const LINE: usize = 16;
/// The tallest box: four lines of text.
const BOX_H: usize = 4 * LINE + 10;
const GAP_X: f64 = 12.0;
const GAP_Y: usize = 34;
const MARGIN: usize = 16;
/// A fold depth is tried only when the nodes it keeps are at most this many.
const MAX_DRAWN: usize = 400;

/// Fill colour of a node by how it ended.
fn fill(end: NodeEnd) -> &'static str {
    match end {
        NodeEnd::Solution => "#c9efc9",
        NodeEnd::PropagationConflict | NodeEnd::LpInfeasible => "#f6c9c9",
        NodeEnd::TimeLimit => "#eeeeee",
        NodeEnd::Branched => "#d6e4f7",
    }
}

/// One box of the drawing: a node of the tree, or a fold holding every descendant of a node.
#[derive(Debug, Clone, PartialEq)]
enum Item {
    Node(usize),
    Fold {
        /// The node whose descendants the fold holds.
        under: usize,
        count: usize,
        solution: bool,
    },
}

/// What is drawn: the boxes, each box's children (indices into `items`), and the fold depth.
#[derive(Debug)]
struct Drawing {
    items: Vec<Item>,
    children: Vec<Vec<usize>>,
    /// Nodes deeper than this are folded (`usize::MAX`: nothing is).
    fold_depth: usize,
}

impl Drawing {
    fn folded(&self) -> usize {
        self.items
            .iter()
            .map(|i| match i {
                Item::Fold { count, .. } => *count,
                Item::Node(_) => 0,
            })
            .sum()
    }
}

/// Per node: how many descendants it has and whether the solution is among them.
fn subtree_counts(nodes: &[Node]) -> (Vec<usize>, Vec<bool>) {
    let mut count = vec![0usize; nodes.len()];
    let mut solution = vec![false; nodes.len()];
    // Nodes are created depth first: a child's id is larger than its parent's.
    for node in nodes.iter().rev() {
        if let Some(p) = node.parent.filter(|&p| p < node.id) {
            count[p] += count[node.id] + 1;
            solution[p] |= solution[node.id] || node.end == NodeEnd::Solution;
        }
    }
    (count, solution)
}

/// The boxes when every node deeper than `fold_depth` is folded: a node at that depth that has
/// children gets one fold box "+N nodes" as its only child.
fn drawing(nodes: &[Node], fold_depth: usize, counts: &(Vec<usize>, Vec<bool>)) -> Drawing {
    let mut items = Vec::new();
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; nodes.len()];
    for node in nodes.iter().filter(|n| n.depth <= fold_depth) {
        let at = items.len();
        index[node.id] = at;
        items.push(Item::Node(node.id));
        children.push(Vec::new());
        if let Some(p) = node
            .parent
            .filter(|&p| p < nodes.len() && index[p] != usize::MAX)
        {
            children[index[p]].push(at);
        }
        if node.depth == fold_depth && counts.0[node.id] > 0 {
            items.push(Item::Fold {
                under: node.id,
                count: counts.0[node.id],
                solution: counts.1[node.id],
            });
            children.push(Vec::new());
            children[at].push(at + 1);
        }
    }
    Drawing {
        items,
        children,
        fold_depth,
    }
}

/// The text lines of a box: a node's decision (`root` at the root), how many cells propagation
/// fixed (or `conflict`), its LP status and simplex iterations; a fold's node count.
fn box_lines(item: &Item, nodes: &[Node]) -> Vec<String> {
    match item {
        Item::Node(id) => node_lines(&nodes[*id]),
        Item::Fold {
            count, solution, ..
        } => {
            let mut lines = vec![format!("+{count} nodes")];
            if *solution {
                lines.push("with the solution".into());
            }
            lines
        }
    }
}

/// The width of a box holding `lines` (a character taken as 0.62 font wide).
fn box_width(lines: &[String]) -> f64 {
    let chars = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    (chars as f64 * 0.62 * FONT as f64 + 16.0).max(64.0).round()
}

/// Lays out `d` tidily ([`super::tidy`]): each box's centre x (from 0) and the width.
fn place(d: &Drawing, nodes: &[Node]) -> (Vec<f64>, Vec<f64>, f64) {
    let widths: Vec<f64> = d
        .items
        .iter()
        .map(|i| box_width(&box_lines(i, nodes)))
        .collect();
    let (x, width) = super::tidy::tidy(&d.children, &widths, 0, GAP_X);
    (x, widths, width)
}

/// The drawing to show: the whole tree when it fits [`CANVAS_WIDTH`]; else the deepest fold
/// depth (at least 1: the root's children stay) whose drawing fits.
fn choose(nodes: &[Node]) -> Drawing {
    let counts = subtree_counts(nodes);
    let deepest = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let room = (CANVAS_WIDTH - 2 * MARGIN) as f64;
    let mut kept = vec![0usize; deepest + 1];
    for node in nodes {
        kept[node.depth] += 1;
    }
    let mut at_most = kept.iter().sum::<usize>();
    for depth in (1..=deepest).rev() {
        if at_most <= MAX_DRAWN {
            let d = drawing(nodes, depth, &counts);
            if place(&d, nodes).2 <= room {
                return d;
            }
        }
        at_most -= kept[depth];
    }
    drawing(nodes, 1, &counts)
}

/// The tree as an SVG picture, laid out tidily (parents centred over their children, subtrees
/// packed as close as their outlines allow) within [`CANVAS_WIDTH`]: per node its decision,
/// how many cells propagation fixed, the LP status and iterations; green a solution, red a
/// pruned node, blue a node that branched. A tree too wide for the canvas is cut at the deepest
/// depth at which it fits, each node there standing over one grey box "+N nodes" that holds
/// its whole subtree. The root element carries `data-nodes` (all nodes), `data-drawn` (node
/// boxes) and `data-folded` (nodes inside fold boxes).
pub fn tree_svg(tree: &Tree, title: Option<&str>) -> String {
    let nodes = &tree.nodes;
    if nodes.is_empty() {
        return svg_start(420, 60, r#" data-nodes="0" data-drawn="0" data-folded="0""#)
            + "</svg>\n";
    }
    let d = choose(nodes);
    let (x, widths, layout_width) = place(&d, nodes);
    let depth_of = |item: &Item| match item {
        Item::Node(id) => nodes[*id].depth,
        Item::Fold { under, .. } => nodes[*under].depth + 1,
    };
    let levels = d.items.iter().map(depth_of).max().unwrap_or(0) + 1;
    let top = MARGIN + if title.is_some() { 40 } else { 0 };
    let folded = d.folded();
    let note = legend(nodes.len(), folded, d.fold_depth);
    // The canvas holds the layout and the legend below it (a one-node tree's legend is the
    // widest thing drawn): 17-pixel text, a character taken as 0.62 of it.
    let note_width = (note.chars().count() as f64 * 17.0 * 0.62).ceil() as usize + 2 * MARGIN;
    let width = (layout_width.ceil() as usize + 2 * MARGIN)
        .max(420)
        .max(note_width);
    let height = top + levels * (BOX_H + GAP_Y) + 40;
    // Centre the layout when the canvas is wider (a small tree under a long note).
    let x0 = (width as f64 - layout_width) / 2.0;
    let y_of = |depth: usize| top + depth * (BOX_H + GAP_Y);
    let data = format!(
        r#" data-nodes="{}" data-drawn="{}" data-folded="{folded}""#,
        nodes.len(),
        d.items.len()
            - d.items
                .iter()
                .filter(|i| matches!(i, Item::Fold { .. }))
                .count(),
    );
    let mut out = svg_start(width, height, &data);
    if let Some(t) = title {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="24" font-weight="bold">{}</text>"#,
            MARGIN + 24,
            escape(t)
        );
    }
    let lines: Vec<Vec<String>> = d.items.iter().map(|i| box_lines(i, nodes)).collect();
    let box_h = |k: usize| lines[k].len() * LINE + 10;
    let _ = writeln!(out, r##"<g stroke="#555555" stroke-width="2">"##);
    for (p, kids) in d.children.iter().enumerate() {
        for &k in kids {
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{}" x2="{:.1}" y2="{}"/>"#,
                x0 + x[p],
                y_of(depth_of(&d.items[p])) + box_h(p),
                x0 + x[k],
                y_of(depth_of(&d.items[k]))
            );
        }
    }
    let _ = writeln!(
        out,
        "</g>\n<g font-family=\"sans-serif\" font-size=\"{FONT}\" text-anchor=\"middle\">"
    );
    for (k, item) in d.items.iter().enumerate() {
        let (cx, y) = (x0 + x[k], y_of(depth_of(item)));
        let (class, ground, border) = match item {
            Item::Node(id) => ("node", fill(nodes[*id].end), r##"stroke="#333333""##),
            Item::Fold { solution, .. } => (
                "fold",
                if *solution { "#e3f4e3" } else { "#f2f2f2" },
                r##"stroke="#777777" stroke-dasharray="5 3""##,
            ),
        };
        let _ = writeln!(
            out,
            r#"<rect class="{class}" x="{:.1}" y="{y}" width="{}" height="{}" rx="6" fill="{ground}" {border} stroke-width="1.5"/>"#,
            cx - widths[k] / 2.0,
            widths[k],
            box_h(k)
        );
        for (i, line) in lines[k].iter().enumerate() {
            let weight = if i == 0 {
                r#" font-weight="bold" font-size="14""#
            } else {
                ""
            };
            let _ = writeln!(
                out,
                r#"<text x="{cx:.1}" y="{}"{weight}>{}</text>"#,
                y + 5 + LINE * (i + 1) - 3,
                escape(line)
            );
        }
    }
    out.push_str("</g>\n");
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="17">{}</text>"#,
        height - 14,
        escape(&note)
    );
    out.push_str("</svg>\n");
    out
}

/// The line under the tree: how many nodes, what the colours mean, what was folded.
fn legend(nodes: usize, folded: usize, fold_depth: usize) -> String {
    let mut note = format!("{nodes} nodes · blue: branched · green: solution · red: pruned");
    if folded > 0 {
        let _ = write!(
            note,
            " · grey: {folded} nodes below depth {fold_depth} folded"
        );
    }
    note
}

/// The lines of a node's box: decision, propagation, and (when an LP ran) its status and
/// simplex iterations.
fn node_lines(node: &Node) -> Vec<String> {
    let decision = node
        .decision
        .map_or_else(|| "root".to_string(), |d| d.to_string());
    let propagation = match node.end {
        NodeEnd::PropagationConflict => "conflict".to_string(),
        _ => format!("+{} fixed", node.propagated.len()),
    };
    let mut lines = vec![decision, propagation];
    match node.lp {
        Some(lp) => {
            lines.push(lp_status_text(lp.status));
            let plural = if lp.iterations == 1 { "" } else { "s" };
            lines.push(format!("{} iteration{plural}", lp.iterations));
        }
        None if node.end != NodeEnd::PropagationConflict => lines.push("no LP needed".into()),
        None => {}
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::lp_bb::Decision;

    /// A synthetic search tree: node i's parent is `parents[i - 1]`; leaves end in conflicts, the
    /// last leaf is the solution.
    fn tree(parents: &[usize]) -> Tree {
        let n = parents.len() + 1;
        let mut depth = vec![0; n];
        let mut has_kids = vec![false; n];
        for (i, &p) in parents.iter().enumerate() {
            depth[i + 1] = depth[p] + 1;
            has_kids[p] = true;
        }
        let nodes = (0..n)
            .map(|id| Node {
                id,
                parent: id.checked_sub(1).map(|i| parents[i]),
                depth: depth[id],
                decision: (id > 0).then_some(Decision {
                    row: id % 9,
                    col: id / 9 % 9,
                    value: 7,
                }),
                propagated: Vec::new(),
                lp: has_kids[id].then_some(NodeLp {
                    status: LpStatus::Fractional(12),
                    objective: 0.0,
                    iterations: 191,
                }),
                end: match (has_kids[id], id + 1 == n) {
                    (true, _) => NodeEnd::Branched,
                    (false, true) => NodeEnd::Solution,
                    (false, false) => NodeEnd::PropagationConflict,
                },
            })
            .collect();
        Tree { order: 9, nodes }
    }

    fn attribute(svg: &str, name: &str) -> usize {
        let key = format!(" {name}=\"");
        let at = svg.find(&key).unwrap() + key.len();
        svg[at..].split('"').next().unwrap().parse().unwrap()
    }

    fn canvas_width(svg: &str) -> usize {
        attribute(svg, "width")
    }

    #[test]
    fn a_tree_of_fifty_nodes_fits_the_projector_unfolded() {
        // A spine of 16 branched nodes, each with two pruned siblings of the next: 49 nodes.
        let mut parents = Vec::new();
        let mut spine = 0;
        for _ in 0..16 {
            let next = parents.len() + 1;
            parents.extend([spine, spine, spine]);
            spine = next + 1;
        }
        let picture = tree_svg(&tree(&parents), None);
        assert_eq!(attribute(&picture, "data-nodes"), 49);
        assert_eq!(attribute(&picture, "data-drawn"), 49);
        assert_eq!(attribute(&picture, "data-folded"), 0);
        assert!(canvas_width(&picture) <= CANVAS_WIDTH);
        assert!(!picture.contains("font-size=\"1\"") && picture.contains("font-size=\"13\""));
    }

    #[test]
    fn a_wide_tree_folds_its_deep_subtrees_into_counts() {
        // A complete ternary tree of depth 5: 364 nodes, 243 leaves, far wider than 1,920.
        let parents: Vec<usize> = (1..364).map(|i| (i - 1) / 3).collect();
        let picture = tree_svg(&tree(&parents), Some("t"));
        let (drawn, folded) = (
            attribute(&picture, "data-drawn"),
            attribute(&picture, "data-folded"),
        );
        assert_eq!(drawn + folded, 364, "every node drawn or counted in a fold");
        assert!(folded > 0 && canvas_width(&picture) <= CANVAS_WIDTH);
        // Depth 3 (27 boxes with 27 folds under them) does not fit, depth 2 does: 13 nodes.
        assert_eq!(drawn, 13);
        assert_eq!(picture.matches("class=\"fold\"").count(), 9);
        assert!(picture.contains(">+39 nodes</text>"));
        assert_eq!(picture.matches(">with the solution</text>").count(), 1);
    }

    #[test]
    fn node_boxes_name_decision_propagation_and_lp() {
        let t = tree(&[0, 0]);
        assert_eq!(
            node_lines(&t.nodes[0]),
            ["root", "+0 fixed", "12 fractional", "191 iterations"]
        );
        assert_eq!(node_lines(&t.nodes[1]), ["r2c1=7", "conflict"]);
        assert_eq!(
            node_lines(&t.nodes[2]),
            ["r3c1=7", "+0 fixed", "no LP needed"]
        );
    }
}
