//! Hints, paths and ratings as text, JSON (`docs/hint-output.schema.json`) and SVG.

use crate::check::summed::SummedInequality;
use crate::hint::certificate::{CertificateFrom, Proof};
use crate::hint::grid::{values, Candidates};
use crate::hint::path::{Path, PathStep};
use crate::hint::rating::Rating;
use crate::named::{impl_named_text, Named};
use serde_json::{json, Value};

/// How much of the next step a hint shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum HintLevel {
    /// The houses and cells to look at.
    Where,
    /// And the technique.
    Technique,
    /// And the rows of its certificates.
    Rows,
    /// And the values placed and removed.
    #[default]
    Value,
}

/// The hint levels are named through [`Named`], as every choice of the library.
impl Named for HintLevel {
    const WHAT: &'static str = "hint level";
    fn all() -> &'static [HintLevel] {
        &[
            HintLevel::Where,
            HintLevel::Technique,
            HintLevel::Rows,
            HintLevel::Value,
        ]
    }
    fn name(self) -> &'static str {
        match self {
            HintLevel::Where => "where",
            HintLevel::Technique => "technique",
            HintLevel::Rows => "rows",
            HintLevel::Value => "value",
        }
    }
    fn about(self) -> &'static str {
        match self {
            HintLevel::Where => "the houses and cells to look at",
            HintLevel::Technique => "where, and the technique",
            HintLevel::Rows => "the technique, and the LP rows that prove its removals",
            HintLevel::Value => "the rows, and the values placed and removed",
        }
    }
}
impl_named_text!(HintLevel);

fn cell_name(g: &Candidates, c: usize) -> String {
    g.cell(c).to_string()
}

fn proof_json(proof: Option<&Proof>) -> (Value, Value, Value) {
    match proof {
        Some(Proof::Implied(rows)) => (
            json!(true),
            json!(rows
                .iter()
                .map(|(r, m)| json!({"row": r, "multiplier": m}))
                .collect::<Vec<_>>()),
            Value::Null,
        ),
        Some(Proof::NotImplied { max }) => (json!(false), Value::Null, json!(max)),
        None => (Value::Null, Value::Null, Value::Null),
    }
}

/// A certificate written out as JSON: each row times its multiplier, the sum, the sum with the
/// placed and removed columns fixed, and why it forces x ≤ 0 (or why not).
pub fn summed_json(sum: &SummedInequality) -> Value {
    fn columns(terms: &[(String, f64)]) -> Vec<&String> {
        terms.iter().map(|(c, _)| c).collect()
    }
    json!({
        "rows": sum.rows.iter().map(|r| json!({
            "row": r.name, "multiplier": r.multiplier, "text": r.text,
        })).collect::<Vec<_>>(),
        "sum": sum.sum_text(),
        "placed": columns(&sum.placed),
        "removed": columns(&sum.removed),
        "left": sum.left_text(),
        "spoilers": sum.spoilers().map(|(c, _)| c).collect::<Vec<_>>(),
        "proves": sum.proves(),
        "why": sum.why(),
    })
}

/// Where a certificate comes from, and why: `houses` for the step's own argument, `lp` with
/// the reason when the LP's rows are used.
fn from_json(proof: Option<&Proof>, pigeonhole: bool) -> Option<(Value, Value)> {
    let Some(Proof::Implied(c)) = proof else {
        return None;
    };
    let note = match (c.from, pigeonhole) {
        (CertificateFrom::Houses, _) => "the houses and cells the text names",
        (CertificateFrom::Lp, false) => {
            "the LP's dual (the technique is not a pigeon-hole argument over houses)"
        }
        (CertificateFrom::Lp, true) => {
            "the LP's dual (the step's own rows did not pass the checker)"
        }
    };
    Some((json!(c.from.name()), json!(note)))
}

/// One step as JSON.
pub fn step_json(s: &PathStep) -> Value {
    let g = &s.before;
    let placements: Vec<Value> = s
        .step
        .placements
        .iter()
        .map(|&(c, v)| json!({"cell": cell_name(g, c), "value": v}))
        .collect();
    let eliminations: Vec<Value> = s
        .step
        .eliminations
        .iter()
        .enumerate()
        .map(|(i, &(c, v))| {
            let (implied, cert, max) = proof_json(s.proofs.get(i));
            let mut e = json!({"cell": cell_name(g, c), "value": v});
            if !implied.is_null() {
                e["lp_implied"] = implied;
            }
            if !cert.is_null() {
                e["certificate"] = cert;
            }
            if !max.is_null() {
                e["lp_max"] = max;
            }
            if let Some((from, note)) = from_json(s.proofs.get(i), s.step.technique.is_pigeonhole())
            {
                e["certificate_from"] = from;
                e["certificate_note"] = note;
            }
            if let Some(Proof::Implied(c)) = s.proofs.get(i) {
                e["summed"] = summed_json(&c.summed);
            }
            e
        })
        .collect();
    json!({
        "technique": s.step.technique.name(),
        "difficulty": round1(s.step.difficulty),
        "se_scale": s.step.technique.is_se(),
        "text": s.step.text,
        "cells": s.step.cells.iter().map(|&c| cell_name(g, c)).collect::<Vec<_>>(),
        "houses": s.step.houses.iter().map(|&h| g.houses[h].kind.to_string()).collect::<Vec<_>>(),
        "placements": placements,
        "eliminations": eliminations,
    })
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The difficulty as people read it: `9.5`, or `≥10.5` when the path guessed (a lower bound).
pub fn difficulty_text(rating: &Rating) -> String {
    let at_least = if rating.guessed { "≥" } else { "" };
    format!("{at_least}{:.1}", rating.difficulty)
}

/// The rating object: hardest difficulty (Sukaku Explainer's scale) and technique, LP level;
/// `at_least` when the difficulty is a lower bound (the path guessed).
pub fn rating_json(rating: &Rating) -> Value {
    let level = rating.level.as_ref();
    json!({
        "difficulty": round1(rating.difficulty),
        "hardest": rating.hardest.map_or("none", |t| t.name()),
        "lp_level": level.map(|l| l.level),
        "root_lp_integral": level.map(|l| l.root_integral),
        "lp_bb_nodes": level.and_then(|l| l.lp_bb_nodes),
        "guessed": rating.guessed,
        "at_least": rating.guessed,
    })
}

/// The whole path as one JSON object, with the puzzle's rating.
pub fn path_json(path: &Path, rating: &Rating) -> Value {
    json!({
        "status": if path.complete { "solved" } else { "stopped" },
        "steps": path.steps.iter().map(step_json).collect::<Vec<_>>(),
        "rating": rating_json(rating),
        "solution": path.solution.chunks(path.steps.first().map_or(9, |s| s.before.n)).map(|r| r.to_vec()).collect::<Vec<_>>(),
    })
}

fn certificate_text(proof: Option<&Proof>) -> String {
    match proof {
        Some(Proof::Implied(rows)) => rows
            .iter()
            .map(|(r, m)| format!("{}{r}", multiplier_text(*m)))
            .collect::<Vec<_>>()
            .join(" "),
        Some(Proof::NotImplied { max }) => {
            format!("not implied by the LP relaxation (LP maximum {max:.3})")
        }
        None => String::new(),
    }
}

fn multiplier_text(m: f64) -> String {
    match m {
        1.0 => "+".into(),
        -1.0 => "-".into(),
        m if m >= 0.0 => format!("+{m}·"),
        m => format!("-{}·", -m),
    }
}

/// One step as text lines, numbered `k`.
pub fn step_text(k: usize, s: &PathStep) -> String {
    let g = &s.before;
    let mut out = format!(
        "{k}. {} ({:.1}): {}\n",
        s.step.technique.name(),
        s.step.difficulty,
        s.step.text
    );
    for &(c, v) in &s.step.placements {
        out += &format!("   place {v} in {}\n", cell_name(g, c));
    }
    for (i, &(c, v)) in s.step.eliminations.iter().enumerate() {
        let cert = certificate_text(s.proofs.get(i));
        let sep = if cert.is_empty() { "" } else { ": " };
        out += &format!("   remove {v} from {}{sep}{cert}\n", cell_name(g, c));
        if let Some(Proof::Implied(c)) = s.proofs.get(i) {
            out += &summed_text(&c.summed, "      ");
        }
    }
    out
}

/// A certificate written out, one line each: every row times its multiplier, the sum, and
/// why it forces x ≤ 0 (or why not), each line after `indent`.
pub fn summed_text(sum: &SummedInequality, indent: &str) -> String {
    let mut out = String::new();
    for line in sum.rows_text() {
        out += &format!("{indent}{line}\n");
    }
    out += &format!("{indent}sum: {}\n", sum.sum_text());
    out += &format!("{indent}so: {}\n", sum.why());
    out
}

/// The next step at a hint level.
pub fn hint_text(s: &PathStep, level: HintLevel) -> String {
    let g = &s.before;
    let houses: Vec<String> = s
        .step
        .houses
        .iter()
        .map(|&h| g.houses[h].kind.to_string())
        .collect();
    let cells: Vec<String> = s.step.cells.iter().map(|&c| cell_name(g, c)).collect();
    let mut out = String::new();
    if houses.is_empty() {
        out += &format!("look at {}\n", cells.join(", "));
    } else {
        out += &format!("look at {} ({})\n", houses.join(", "), cells.join(", "));
    }
    if level >= HintLevel::Technique {
        out += &format!(
            "technique: {} ({:.1})\n",
            s.step.technique.name(),
            s.step.difficulty
        );
    }
    if level >= HintLevel::Rows {
        for (i, p) in s.proofs.iter().enumerate() {
            let (c, _) = s.step.eliminations[i];
            let what = if level >= HintLevel::Value {
                format!("{}", s.step.eliminations[i].1)
            } else {
                "a candidate".into()
            };
            out += &format!(
                "rows for {what} in {}: {}\n",
                cell_name(g, c),
                certificate_text(Some(p))
            );
        }
    }
    if level >= HintLevel::Value {
        out += &step_text(1, s);
    }
    out
}

/// One step as an SVG picture: candidates drawn in the cells, the pattern's cells shaded,
/// removed candidates struck in red, placed values in green, the houses of the step and of its
/// certificates outlined.
pub fn step_svg(s: &PathStep) -> String {
    let g = &s.before;
    let n = g.n;
    let cell = 48.0;
    let size = cell * n as f64;
    let sub = (n as f64).sqrt().ceil() as usize;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{w}\" viewBox=\"-4 -4 {w} {w}\" font-family=\"sans-serif\">\n",
        w = size + 8.0
    );
    for &c in &s.step.cells {
        let (r, k) = (c / n, c % n);
        out += &format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"#fff3b0\"/>\n",
            k as f64 * cell,
            r as f64 * cell
        );
    }
    for i in 0..=n {
        let p = i as f64 * cell;
        out += &format!("<line x1=\"0\" y1=\"{p}\" x2=\"{size}\" y2=\"{p}\" stroke=\"#999\"/><line x1=\"{p}\" y1=\"0\" x2=\"{p}\" y2=\"{size}\" stroke=\"#999\"/>\n");
    }
    let mut outlined: Vec<usize> = s.step.houses.clone();
    for p in &s.proofs {
        if let Proof::Implied(rows) = p {
            for (name, _) in rows.iter() {
                for (h, house) in g.houses.iter().enumerate() {
                    let tag = crate::formulation::binary::house_row_name(house.kind, 1);
                    let prefix = tag.trim_end_matches("_v1");
                    if name.starts_with(&format!("{prefix}_v")) && !outlined.contains(&h) {
                        outlined.push(h);
                    }
                }
            }
        }
    }
    for h in outlined {
        for &c in &g.houses[h].cells {
            let (r, k) = (c / n, c % n);
            out += &format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\" opacity=\"0.6\"/>\n",
                k as f64 * cell + 2.0,
                r as f64 * cell + 2.0,
                cell - 4.0,
                cell - 4.0
            );
        }
    }
    for c in 0..n * n {
        let (r, k) = (c / n, c % n);
        let (x0, y0) = (k as f64 * cell, r as f64 * cell);
        if g.value[c] != 0 {
            out += &format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"26\" text-anchor=\"middle\">{}</text>\n",
                x0 + cell / 2.0,
                y0 + cell * 0.7,
                g.value[c]
            );
            continue;
        }
        for v in values(g.cand[c]) {
            let i = v as usize - 1;
            let (cx, cy) = (
                x0 + (i % sub) as f64 * cell / sub as f64 + cell / (2.0 * sub as f64),
                y0 + (i / sub) as f64 * cell / sub as f64 + cell / (2.0 * sub as f64) + 4.0,
            );
            let removed = s.step.eliminations.contains(&(c, v));
            let placed = s.step.placements.contains(&(c, v));
            let colour = if removed {
                "#d1242f"
            } else if placed {
                "#1a7f37"
            } else {
                "#555"
            };
            out += &format!(
                "<text x=\"{cx:.1}\" y=\"{cy:.1}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{colour}\"{}>{v}</text>\n",
                (cell / sub as f64 * 0.8).round(),
                if removed { " text-decoration=\"line-through\"" } else { "" }
            );
        }
    }
    out += &format!(
        "<title>{}: {}</title>\n</svg>\n",
        s.step.technique.name(),
        xml_escape(&s.step.text)
    );
    out
}

fn xml_escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
