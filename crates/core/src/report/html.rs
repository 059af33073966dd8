//! The classroom page: one self-contained HTML file (inline SVG and CSS, no script, nothing
//! loaded from the network) with the puzzle and its checked solution, both formulations'
//! sizes and the comparison table, the root LP pictures, the branch-and-bound tree, the head of
//! the LP file and each engine's statistics. Large type and high contrast, for a projector.

use super::lab::tree_svg_to_fit;
use super::lp_svg::lp_svg;
use super::svg::{escape, svg};
use super::text::{size_text, solution_text, status_text};
use crate::classroom::Classroom;
use crate::compare::{Column, MEASURES};
use crate::status::CountEnd;
use std::fmt::Write;

/// The page's style sheet: black on white, 22 px body text, wide tables with strong rules.
const STYLE: &str = "
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 22px; color: #000; background: #fff;
       margin: 0 auto; max-width: 1240px; padding: 24px 32px; line-height: 1.4; }
h1 { font-size: 40px; margin: 0 0 8px; }
h2 { font-size: 30px; margin: 40px 0 12px; border-bottom: 4px solid #1f5fbf; padding-bottom: 4px; }
p.lead { font-size: 24px; }
.pair { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.pair figure { margin: 0; flex: 1 1 540px; }
figcaption { font-size: 20px; margin-top: 6px; }
svg { max-width: 100%; height: auto; }
.wide { overflow-x: auto; border: 2px solid #999; }
.wide svg { max-width: none; }
.tree { width: 100vw; margin-left: calc(50% - 50vw); text-align: center; }
.tree svg { max-width: calc(100vw - 32px); height: auto; border: 2px solid #999; }
table { border-collapse: collapse; font-size: 19px; width: 100%; }
th, td { border: 2px solid #444; padding: 4px 8px; text-align: right; }
th { background: #e8eef8; }
td:first-child, th:first-child { text-align: left; }
pre { font-size: 17px; background: #f4f4f4; border: 2px solid #999; padding: 10px; overflow-x: auto; }
pre.stats { white-space: pre-wrap; overflow-wrap: anywhere; }
pre.stats span { display: block; padding-left: 9ch; text-indent: -9ch; }
";

/// The whole page for `c`, titled `title`.
pub fn html(c: &Classroom, title: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        escape(title)
    );
    let rules = match c.puzzle.rules().len() {
        0 => String::new(),
        k => format!(" and {k} variant rules (drawn on every grid below)"),
    };
    let _ = writeln!(
        out,
        "<p class=\"lead\">A {n}×{n} Sudoku with {} givens{rules}, solved as an integer linear program (HiGHS) and by search.</p>",
        c.puzzle.given_count(),
        n = c.puzzle.order()
    );
    grids(&mut out, c);
    sizes(&mut out, c);
    compare_table(&mut out, &c.columns);
    lp_pictures(&mut out, c);
    tree(&mut out, c);
    lp_file(&mut out, c);
    statistics(&mut out, c);
    out.push_str("</body>\n</html>\n");
    out
}

/// The puzzle and its checked solution side by side.
fn grids(out: &mut String, c: &Classroom) {
    out.push_str("<h2>The puzzle and its solution</h2>\n<div class=\"pair\">\n");
    let givens = match c.puzzle.given_count() {
        0 => "No givens: the rules alone decide the grid.",
        _ => "Givens in bold.",
    };
    let _ = writeln!(
        out,
        "<figure>{}<figcaption>{givens}</figcaption></figure>",
        svg(&c.puzzle, None, Some("Puzzle"))
    );
    match &c.grid {
        Some(grid) => {
            let _ = writeln!(
                out,
                "<figure>{}<figcaption>Solved digits in blue; the grid passed the independent checker. {}</figcaption></figure>",
                svg(&c.puzzle, Some(grid), Some("Solution")),
                uniqueness(c)
            );
        }
        None => {
            out.push_str("<figure><p><strong>No engine found a solution.</strong></p></figure>\n")
        }
    }
    out.push_str("</div>\n");
}

/// Whether the solution shown is the only one, from propagation's count of at most two.
fn uniqueness(c: &Classroom) -> &'static str {
    match (c.count.end, c.count.solutions.len()) {
        (CountEnd::Complete, 1) => {
            "It is the only solution (a search for a second one found none)."
        }
        (CountEnd::LimitReached, _) | (_, 2..) => {
            "It is not the only solution: the puzzle has several."
        }
        _ => "Whether it is the only solution was not decided within the time limit.",
    }
}

/// The two formulations' sizes, from the comparison's model columns.
fn sizes(out: &mut String, c: &Classroom) {
    out.push_str("<h2>Two formulations</h2>\n<ul>\n");
    for column in &c.columns {
        if let (Some(size), "binary" | "natural") = (column.size, column.variant) {
            let _ = writeln!(
                out,
                "<li><strong>{}</strong>: {}</li>",
                column.variant,
                escape(&size_text(&size))
            );
        }
    }
    out.push_str("</ul>\n<p>Binary: x<sub>rcv</sub> = 1 when cell (r,c) holds v; every cell, row×value, column×value and box×value sums to 1. Natural: one integer x<sub>rc</sub> ∈ [1,n] per cell and one binary per pair of cells that share a house, with two big-M rows per pair.</p>\n");
}

/// The comparison table: one row per measure, one column per variant.
fn compare_table(out: &mut String, columns: &[Column]) {
    out.push_str("<h2>Side by side (<code>compare</code>)</h2>\n<div class=\"wide\"><table>\n<tr><th>measure</th>");
    for column in columns {
        let _ = write!(out, "<th>{}</th>", escape(column.variant));
    }
    out.push_str("</tr>\n<tr><td>status</td>");
    for column in columns {
        let _ = write!(out, "<td>{}</td>", status_text(column.status));
    }
    out.push_str("</tr>\n");
    for (name, read) in MEASURES {
        let _ = write!(out, "<tr><td>{name}</td>");
        for column in columns {
            let _ = write!(out, "<td>{}</td>", number(read(column)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table></div>\n");
}

/// A measure as the table shows it: `-` when unavailable, integers without decimals.
fn number(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// Both root LP relaxations on the grid.
fn lp_pictures(out: &mut String, c: &Classroom) {
    out.push_str("<h2>What the LP relaxation sees</h2>\n<p>Drop integrality (0 ≤ x ≤ 1) and solve the LP. Binary model: small digits are the values an open cell still has, shaded by their LP weight; big digits are cells the LP already fixes. Natural model: the LP value of each cell; red cells repeat a value in a house.</p>\n<div class=\"pair\">\n");
    for (relaxation, name) in c.relaxations.iter().zip(["binary", "natural"]) {
        let _ = writeln!(
            out,
            "<figure>{}</figure>",
            lp_svg(
                &c.puzzle,
                relaxation,
                Some(&format!("Root LP, {name} model"))
            )
        );
    }
    out.push_str("</div>\n");
}

/// The LP branch-and-bound tree.
fn tree(out: &mut String, c: &Classroom) {
    out.push_str("<h2>Branch and bound you can follow (<code>--method lp-bb</code>)</h2>\n<p>Each box is a node: its decision, how many cells naked and hidden singles then fixed, and the LP re-solved from the previous basis (status and simplex iterations). Branching takes the open cell with the fewest candidates and tries its values in decreasing LP weight.</p>\n");
    match &c.tree {
        Some(t) => {
            let _ = writeln!(
                out,
                "<div class=\"tree\">{}</div>",
                tree_svg_to_fit(t, None)
            );
        }
        None => out.push_str("<p>No tree was recorded.</p>\n"),
    }
}

/// The first lines of the LP file.
fn lp_file(out: &mut String, c: &Classroom) {
    let _ = writeln!(
        out,
        "<h2>The model as a file (<code>export -o model.lp</code>)</h2>\n<p>The first {} of {} lines of the binary model in CPLEX LP format, which glpsol, cbc and HiGHS read.</p>\n<pre>{}</pre>",
        c.lp_head.len(),
        c.lp_lines,
        escape(&c.lp_head.join("\n"))
    );
}

/// Each engine's statistics block, as `solve` prints it.
fn statistics(out: &mut String, c: &Classroom) {
    out.push_str("<h2>How each engine did</h2>\n");
    for solution in &c.solutions {
        let text = solution_text(&c.puzzle, solution);
        let stats: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("status"))
            .collect();
        // One block per line, wrapped under its value (the labels are 9 characters wide).
        let lines: String = stats
            .iter()
            .map(|l| format!("<span>{}</span>", escape(l)))
            .collect();
        let _ = writeln!(
            out,
            "<h3>{}</h3>\n<pre class=\"stats\">{lines}</pre>",
            escape(&solution.engine)
        );
    }
}
