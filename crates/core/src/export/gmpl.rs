//! GNU MathProg data (`.dat`) of a puzzle, for `models/sudoku.mod` (binary model) and
//! `models/natural.mod` (natural big-M model):
//!
//! ```text
//! data;
//! param n := 9;                 order: values 1..n
//! param R := 3;                 box rows    } boxes of R × C cells; with irregular regions
//! param C := 3;                 box columns } `param region` (an id 1..n per cell) instead
//! param diagonals := 1;         only when both main diagonals are houses too
//! param given :  1 2 … 9 :=     the givens, one table row per grid row; `.` = empty (default 0)
//!   1            5 3 . …
//! ;
//! end;
//! ```
//! `glpsol -m models/sudoku.mod -d puzzle.dat` solves it and prints the grid.
//!
//! A puzzle with variant rules adds, for `models/variants.mod` (the binary model with the four
//! primitives; `sudoku.mod` and `natural.mod` would not read these sets), its rule instances
//! named by their tags, cells 1-based:
//!
//! ```text
//! set GROUPS := cage1 antiknight_r1c1_r2c3 …;    all-different groups
//! set GROUP[cage1] := (1,1) (1,2);
//! param : LINEAR : rel rhs :=                    Σ a·value(r,c) (rel) rhs
//!   cage1_sum '=' 15  thermo1_step1 '<=' -1 ;
//! set TERMS[cage1_sum] := (1,1,1) (1,2,1);        (r, c, a)
//! param : PAIRS : ar ac br bc := white1 1 1 1 2 ; allowed-pair tables
//! set ALLOWED[white1] := (1,2) (2,1) (2,3) …;     (value(a), value(b))
//! param : VALUES : vr vc := odd1 3 4 ;            allowed-value sets
//! set ALLOW[odd1] := 1 3 5 7 9;
//! ```

use super::comment_text;
use crate::puzzle::{Cell, Layout, Puzzle};
use crate::rules::primitive::{Measure, Sightline};
use crate::rules::{LinearRelation, Primitive, Relation};
use std::fmt::Write;

/// Writes the `.dat` of a puzzle.
pub fn write_data(puzzle: &Puzzle) -> String {
    let n = puzzle.order();
    let mut out = String::new();
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    let _ = writeln!(out, "# sudoku-ilp export: GNU MathProg data");
    let _ = writeln!(out, "# puzzle: {name}");
    let _ = writeln!(
        out,
        "# binary model:  glpsol -m models/sudoku.mod -d FILE.dat"
    );
    if puzzle.rules().is_empty() {
        let _ = writeln!(
            out,
            "# natural model: glpsol -m models/natural.mod -d FILE.dat"
        );
    } else {
        let _ = writeln!(
            out,
            "# with its variant rules: glpsol -m models/variants.mod -d FILE.dat"
        );
    }
    let _ = writeln!(out, "data;");
    let _ = writeln!(out, "param n := {n};");
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => {
            let _ = writeln!(out, "param R := {rows};");
            let _ = writeln!(out, "param C := {cols};");
        }
        Layout::Regions(ids) => {
            let _ = writeln!(out, "# region id (1..n) of each cell");
            table(&mut out, "region", n, |i| Some(ids[i] + 1));
        }
    }
    if puzzle.has_diagonals() {
        let _ = writeln!(out, "param diagonals := 1;");
    }
    let givens = puzzle.givens();
    table(&mut out, "given", n, |i| match givens[i] {
        0 => None,
        v => Some(v as usize),
    });
    if !puzzle.rules().is_empty() {
        write_primitives(&mut out, puzzle);
    }
    if let Some(objective) = puzzle.objective() {
        write_objective(&mut out, objective);
    }
    let _ = writeln!(out, "end;");
    out
}

/// `param maximise` and `param weight` (the nonzero w_{r,c,v}) of `models/sudoku.mod`'s
/// objective; only that model reads them.
fn write_objective(out: &mut String, objective: &crate::objective::Objective) {
    let n = objective.n;
    let _ = writeln!(
        out,
        "# objective {} (models/sudoku.mod reads it)",
        objective.spec()
    );
    let maximise = u8::from(objective.sense == crate::objective::ObjectiveSense::Max);
    let _ = writeln!(out, "param maximise := {maximise};");
    let entries: Vec<String> = (0..n * n)
        .flat_map(|c| (1..=n as u8).map(move |v| (c, v)))
        .filter(|&(c, v)| objective.weight(c, v) != 0)
        .map(|(c, v)| format!("{} {} {v} {}", c / n + 1, c % n + 1, objective.weight(c, v)))
        .collect();
    let _ = writeln!(out, "param weight :=");
    for chunk in entries.chunks(6) {
        let _ = writeln!(out, "  {}", chunk.join("  "));
    }
    let _ = writeln!(out, ";");
}

/// `(r,c)`, 1-based.
fn pair(cell: &Cell) -> String {
    format!("({},{})", cell.row + 1, cell.col + 1)
}

/// The sets and parameters of `models/variants.mod` (module documentation), in the order the
/// data section needs them: an index set before the sets indexed over it.
fn write_primitives(out: &mut String, puzzle: &Puzzle) {
    // MathProg data has no set-of-values form: those are written as their pair tables.
    let prims = &crate::rules::primitive::pairwise(puzzle.primitives(), puzzle.order());
    let tags = |keep: fn(&Primitive) -> bool| -> Vec<&str> {
        prims.iter().filter(|p| keep(p)).map(|p| p.tag()).collect()
    };
    let groups = tags(|p| matches!(p, Primitive::AllDifferent { .. }));
    if !groups.is_empty() {
        let _ = writeln!(out, "# all-different groups");
        let _ = writeln!(out, "set GROUPS := {};", groups.join(" "));
    }
    let mut linear_rows = Vec::new();
    let mut pair_rows = Vec::new();
    let mut value_rows = Vec::new();
    let mut tuple_tags = Vec::new();
    let mut sight_rows = Vec::new();
    let mut sight_cells: [Vec<String>; 2] = Default::default();
    let mut members = Vec::new();
    for p in prims {
        let tag = p.tag();
        match p {
            Primitive::AllDifferent { cells, .. } => {
                let cells: Vec<String> = cells.iter().map(pair).collect();
                members.push(format!("set GROUP[{tag}] := {};", cells.join(" ")));
            }
            Primitive::Linear(LinearRelation {
                terms,
                relation,
                rhs,
                ..
            }) => {
                let rel = match relation {
                    Relation::Le => "'<='",
                    Relation::Eq => "'='",
                    Relation::Ge => "'>='",
                };
                linear_rows.push(format!("  {tag} {rel} {rhs}"));
                let terms: Vec<String> = terms
                    .iter()
                    .map(|(a, c)| format!("({},{},{a})", c.row + 1, c.col + 1))
                    .collect();
                members.push(format!("set TERMS[{tag}] := {};", terms.join(" ")));
            }
            Primitive::Pairs { a, b, allowed, .. } => {
                let (ar, ac, br, bc) = (a.row + 1, a.col + 1, b.row + 1, b.col + 1);
                pair_rows.push(format!("  {tag} {ar} {ac} {br} {bc}"));
                let table: Vec<String> = allowed
                    .iter()
                    .enumerate()
                    .flat_map(|(u, ws)| ws.values().map(move |w| format!("({},{w})", u + 1)))
                    .collect();
                members.push(format!("set ALLOWED[{tag}] := {};", table.join(" ")));
            }
            Primitive::Values { cell, allowed, .. } => {
                value_rows.push(format!("  {tag} {} {}", cell.row + 1, cell.col + 1));
                let values: Vec<String> = allowed.values().map(|v| v.to_string()).collect();
                members.push(format!("set ALLOW[{tag}] := {};", values.join(" ")));
            }
            Primitive::Tuples { cells, allowed, .. } => {
                tuple_tags.push(tag);
                let cells: Vec<String> = cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("({},{},{})", i + 1, c.row + 1, c.col + 1))
                    .collect();
                members.push(format!("set TCELL[{tag}] := {};", cells.join(" ")));
                let rows: Vec<String> = allowed
                    .iter()
                    .enumerate()
                    .flat_map(|(t, row)| {
                        row.iter()
                            .enumerate()
                            .map(move |(i, v)| format!("({},{},{v})", t + 1, i + 1))
                    })
                    .collect();
                members.push(format!("set TROW[{tag}] := {};", rows.join(" ")));
            }
            Primitive::Sightline(line) => sight_rows.push(sightline_row(line, &mut sight_cells)),
            // None is left: `pairwise` above wrote each as its pair tables.
            Primitive::ValueSets(_) => {}
        }
    }
    if !tuple_tags.is_empty() {
        let _ = writeln!(out, "# allowed-tuple tables over a few cells");
        let _ = writeln!(out, "set TUPLES := {};", tuple_tags.join(" "));
    }
    let mut index = |title: &str, header: &str, rows: &[String]| {
        if !rows.is_empty() {
            let _ = writeln!(out, "# {title}");
            let _ = writeln!(out, "param : {header} :=\n{}\n;", rows.join("\n"));
        }
    };
    index(
        "linear relations: sum of a * value(r,c) over TERMS (rel) rhs",
        "LINEAR : rel rhs",
        &linear_rows,
    );
    index(
        "allowed-pair tables between cell a and cell b",
        "PAIRS : ar ac br bc",
        &pair_rows,
    );
    index("allowed-value sets", "VALUES : vr vc", &value_rows);
    for (name, items) in ["sr", "sc"].iter().zip(&sight_cells) {
        if !items.is_empty() {
            members.push(format!("param {name} := {};", items.join("  ")));
        }
    }
    index(
        "sightlines (outside clues): kind, end values, number",
        "SIGHTS : skind slow shigh svalue",
        &sight_rows,
    );
    let _ = writeln!(out, "# the members of each rule instance");
    for line in members {
        let _ = writeln!(out, "{line}");
    }
}

/// The index row of a sightline (`tag 'kind' low high value`); its cells in reading order go to
/// `cells` as the entries `tag k row` of `sr` and `tag k column` of `sc`.
fn sightline_row(line: &Sightline, cells: &mut [Vec<String>; 2]) -> String {
    let (kind, low, high) = match line.measure {
        Measure::Between { low, high } => ("between", low, high),
        Measure::Prefix => ("prefix", 0, 0),
        Measure::Visible => ("visible", 0, 0),
    };
    let tag = &line.tag;
    for (k, c) in line.cells.iter().enumerate() {
        cells[0].push(format!("{tag} {} {}", k + 1, c.row + 1));
        cells[1].push(format!("{tag} {} {}", k + 1, c.col + 1));
    }
    format!("  {tag} '{kind}' {low} {high} {}", line.value)
}

/// A two-dimensional parameter in tabular form; `None` is written `.` (the default).
fn table(out: &mut String, name: &str, n: usize, value: impl Fn(usize) -> Option<usize>) {
    let width = n.to_string().len();
    let _ = write!(out, "param {name} :{:width$}", "");
    for c in 1..=n {
        let _ = write!(out, " {c:>width$}");
    }
    let _ = writeln!(out, " :=");
    for r in 1..=n {
        let _ = write!(out, "  {r:>width$}");
        for c in 1..=n {
            let cell = value((r - 1) * n + c - 1).map_or(".".to_string(), |v| v.to_string());
            let _ = write!(out, " {cell:>width$}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, ";");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_by_four_data() {
        let mut g = vec![0u8; 16];
        g[0] = 2;
        g[5] = 3;
        let p = Puzzle::with_square_boxes(4, g).unwrap();
        let text = write_data(&p);
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(
            body,
            [
                "data;",
                "param n := 4;",
                "param R := 2;",
                "param C := 2;",
                "param given :  1 2 3 4 :=",
                "  1 2 . . .",
                "  2 . 3 . .",
                "  3 . . . .",
                "  4 . . . .",
                ";",
                "end;"
            ]
        );
    }

    #[test]
    fn regions_and_diagonals() {
        let ids: Vec<usize> = (0..16).map(|i| (i / 4 + i % 4) % 4).collect();
        let p = Puzzle::new(4, Layout::Regions(ids), true, vec![0; 16]).unwrap();
        let text = write_data(&p);
        assert!(text.contains("param region :  1 2 3 4 :=\n  1 1 2 3 4\n  2 2 3 4 1\n"));
        assert!(text.contains("param diagonals := 1;\n"));
        assert!(!text.contains("param R"));
    }
}
