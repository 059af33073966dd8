//! MiniZinc data (`.dzn`) of a puzzle for `models/sudoku.mzn` (seed 003's constraint model):
//! `n`, `given` (0 = empty), `region` (an id 1..n per cell; boxes are written as regions, box k
//! numbered left to right, top to bottom) and `diagonals`.
//!
//! A puzzle with variant rules targets `models/variants.mzn` instead: the same four items and
//! its rules as the four primitives, each element followed by `% tag` (the rule instance), with
//! cells numbered (r − 1)·n + c:
//! - `group`: all-different sets of cells (`alldifferent`);
//! - `lin_first`/`lin_last`/`lin_rel`/`lin_rhs` and `term_coef`/`term_cell`: Σ a·x (rel) b with
//!   rel −1 (≤), 0 (=), 1 (≥) over its terms `lin_first..lin_last` (`sum`, `<=`);
//! - `pair_a`/`pair_b`/`pair_first`/`pair_last` and `pair_table`: the rows of the allowed
//!   (value(a), value(b)) table (`table`);
//! - `set_cell`/`set_values`: value(cell) ∈ set;
//! - `tup_first`/`tup_last`/`tup_rows`/`tup_start`, `tup_cell` and `tup_value`: the cells of an
//!   allowed-tuples table and its rows, one after the other (`table`).
//! - `sight_kind`/`sight_low`/`sight_high`/`sight_value` and `sight_cell` (one row of n cells
//!   per line, in reading order): the outside clues' sightlines (kind 1: Σ between the cells
//!   holding low and high, 2: Σ of the first value(c₁) cells, 3: cells taller than all before).
//!
//! Both models read the objective (`export --objective`): `maximise` (true: max, false: min)
//! and its nonzero weights as a list, `weight_row[k]`, `weight_col[k]`, `weight_value[k]`,
//! `weight_coef[k]` for k in 1..`n_weights` (1-based): the objective
//! Σ_k weight_coef[k]·[x[weight_row[k], weight_col[k]] = weight_value[k]]. MiniZinc has no
//! default for an array, so the data always carries these items: without an objective
//! `n_weights = 0` (every grid is optimal, as in `solve satisfy`).

use super::comment_text;
use crate::puzzle::{Cell, Layout, Puzzle};
use crate::rules::primitive::{Measure, Sightline};
use crate::rules::{LinearRelation, Primitive, Relation};
use std::fmt::Write;

/// The region id (1-based) of every cell, row-major.
fn regions(puzzle: &Puzzle) -> Vec<usize> {
    let n = puzzle.order();
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => (0..n * n)
            .map(|i| (i / n / rows) * (n / cols) + (i % n) / cols + 1)
            .collect(),
        Layout::Regions(ids) => ids.iter().map(|&id| id + 1).collect(),
    }
}

/// A 2-D MiniZinc array literal `[| a, b | c, d |]`, one row per line.
fn table(n: usize, values: impl Iterator<Item = usize>) -> String {
    let values: Vec<String> = values.map(|v| v.to_string()).collect();
    let rows: Vec<String> = values.chunks(n).map(|r| r.join(", ")).collect();
    format!("[| {} |]", rows.join("\n   | "))
}

/// Writes the `.dzn` of a puzzle.
///
/// ```
/// use sudoku_ilp::{export::dzn, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let text = dzn::write(&p);
/// assert!(text.contains("n = 4;") && text.contains("diagonals = false;"));
/// assert!(text.contains("given = [| 1, 0, 0, 0\n   | 0, 0, 3, 0"));
/// assert!(text.contains("region = [| 1, 1, 2, 2\n   | 1, 1, 2, 2\n   | 3, 3, 4, 4"));
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let n = puzzle.order();
    let mut out = String::new();
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    let model = if puzzle.rules().is_empty() {
        "sudoku"
    } else {
        "variants"
    };
    let _ = writeln!(
        out,
        "% sudoku-ilp export: MiniZinc data for models/{model}.mzn"
    );
    let _ = writeln!(out, "% puzzle: {name}");
    let _ = writeln!(out, "% minizinc models/{model}.mzn FILE.dzn");
    let _ = writeln!(out, "n = {n};");
    let _ = writeln!(
        out,
        "given = {};",
        table(n, puzzle.givens().iter().map(|&v| v as usize))
    );
    let _ = writeln!(out, "region = {};", table(n, regions(puzzle).into_iter()));
    let _ = writeln!(out, "diagonals = {};", puzzle.has_diagonals());
    if !puzzle.rules().is_empty() {
        write_primitives(&mut out, puzzle);
    }
    write_objective(&mut out, puzzle.objective());
    out
}

/// The objective items of both models (module documentation): `maximise`, `n_weights` and the
/// nonzero weights w_{r,c,v} as four lists; `n_weights = 0` without an objective.
fn write_objective(out: &mut String, objective: Option<&crate::objective::Objective>) {
    let entries: Vec<[i64; 4]> = objective.map_or_else(Vec::new, |o| {
        let n = o.n;
        (0..n * n)
            .flat_map(|c| (1..=n as u8).map(move |v| (c, v)))
            .filter(|&(c, v)| o.weight(c, v) != 0)
            .map(|(c, v)| {
                [
                    (c / n + 1) as i64,
                    (c % n + 1) as i64,
                    v.into(),
                    o.weight(c, v),
                ]
            })
            .collect()
    });
    let spec = objective.map_or("none".to_string(), |o| o.spec());
    let maximise = objective.is_none_or(|o| o.sense == crate::objective::ObjectiveSense::Max);
    let _ = writeln!(
        out,
        "% objective {spec}: maximise (or minimise) the sum of weight_coef[k] over the k with \
         x[weight_row[k], weight_col[k]] = weight_value[k]"
    );
    let _ = writeln!(out, "maximise = {maximise};");
    let _ = writeln!(out, "n_weights = {};", entries.len());
    for (i, name) in ["weight_row", "weight_col", "weight_value", "weight_coef"]
        .iter()
        .enumerate()
    {
        let list: Vec<String> = entries.iter().map(|e| e[i].to_string()).collect();
        let _ = writeln!(out, "{name} = [{}];", list.join(", "));
    }
}

/// The cell's number in `models/variants.mzn`: (r − 1)·n + c, 1-based.
fn cell_number(n: usize, cell: Cell) -> usize {
    cell.row * n + cell.col + 1
}

/// A 1-D array item, one element per line with its tag as a comment.
fn array_item(out: &mut String, name: &str, elements: &[(String, &str)]) {
    let _ = write!(out, "{name} = [");
    for (i, (element, tag)) in elements.iter().enumerate() {
        let comma = if i + 1 < elements.len() { "," } else { "" };
        let _ = write!(out, "\n  {element}{comma}  % {tag}");
    }
    let _ = writeln!(out, "{}];", if elements.is_empty() { "" } else { "\n" });
}

/// An array's name and the element it takes from each entry.
type Field<'f, T> = (&'f str, &'f dyn Fn(&T) -> String);

/// One [`array_item`] per (name, field) of `fields`: that field of every entry, tagged with the
/// entry's `tag`.
fn field_items<'t, T>(
    out: &mut String,
    entries: &[T],
    tag: impl Fn(&T) -> &'t str,
    fields: &[Field<T>],
) {
    for (name, field) in fields {
        let elements: Vec<(String, &str)> = entries.iter().map(|e| (field(e), tag(e))).collect();
        array_item(out, name, &elements);
    }
}

/// The items of `models/variants.mzn` that hold the puzzle's primitives (module documentation).
fn write_primitives(out: &mut String, puzzle: &Puzzle) {
    let n = puzzle.order();
    let number = |c: &Cell| cell_number(n, *c).to_string();
    let set = |items: Vec<String>| format!("{{{}}}", items.join(", "));
    let (mut groups, mut sets, mut set_cells) = (Vec::new(), Vec::new(), Vec::new());
    let (mut lin, mut terms) = (Vec::new(), Vec::new());
    let (mut pairs, mut rows) = (Vec::new(), Vec::new());
    let (mut tuples, mut tuple_cells, mut tuple_values) = (Vec::new(), Vec::new(), Vec::new());
    let mut sights = Vec::new();
    // MiniZinc data has no set-of-values form: those are written as their pair tables.
    let prims = crate::rules::primitive::pairwise(puzzle.primitives(), n);
    for p in &prims {
        let tag = p.tag();
        match p {
            Primitive::AllDifferent { cells, .. } => {
                groups.push((set(cells.iter().map(number).collect()), tag));
            }
            Primitive::Values { cell, allowed, .. } => {
                set_cells.push((number(cell), tag));
                sets.push((set(allowed.values().map(|v| v.to_string()).collect()), tag));
            }
            Primitive::Linear(LinearRelation {
                terms: t,
                relation,
                rhs,
                ..
            }) => {
                let rel = match relation {
                    Relation::Le => -1,
                    Relation::Eq => 0,
                    Relation::Ge => 1,
                };
                lin.push((terms.len() + 1, terms.len() + t.len(), rel, *rhs, tag));
                terms.extend(t.iter().map(|&(a, c)| (a, number(&c), tag)));
            }
            Primitive::Pairs { a, b, allowed, .. } => {
                let first = rows.len() + 1;
                for (u, ws) in allowed.iter().enumerate() {
                    rows.extend(ws.values().map(|w| (u + 1, w, tag)));
                }
                pairs.push((number(a), number(b), first, rows.len(), tag));
            }
            Primitive::Tuples { cells, allowed, .. } => {
                let first = tuple_cells.len() + 1;
                tuple_cells.extend(cells.iter().map(|c| (number(c), tag)));
                let start = tuple_values.len() + 1;
                for row in allowed {
                    tuple_values.extend(row.iter().map(|v| (v.to_string(), tag)));
                }
                tuples.push((first, tuple_cells.len(), allowed.len(), start, tag));
            }
            Primitive::Sightline(line) => sights.push((line, tag)),
            // None is left: `pairwise` above wrote each as its pair tables.
            Primitive::ValueSets(_) => {}
        }
    }
    let _ = writeln!(out, "% all-different groups (cells (r-1)*n + c)");
    let _ = writeln!(out, "n_groups = {};", groups.len());
    array_item(out, "group", &groups);
    let _ = writeln!(
        out,
        "% linear relations: sum of term_coef * x[term_cell] over lin_first..lin_last, \
         lin_rel -1 (<=), 0 (=), 1 (>=) lin_rhs"
    );
    let _ = writeln!(out, "n_linear = {};", lin.len());
    field_items(
        out,
        &lin,
        |l| l.4,
        &[
            ("lin_first", &|l| l.0.to_string()),
            ("lin_last", &|l| l.1.to_string()),
            ("lin_rel", &|l| l.2.to_string()),
            ("lin_rhs", &|l| l.3.to_string()),
        ],
    );
    let _ = writeln!(out, "n_terms = {};", terms.len());
    let coefs: Vec<(String, &str)> = terms.iter().map(|t| (t.0.to_string(), t.2)).collect();
    array_item(out, "term_coef", &coefs);
    let cells: Vec<(String, &str)> = terms.iter().map(|t| (t.1.clone(), t.2)).collect();
    array_item(out, "term_cell", &cells);
    let _ = writeln!(
        out,
        "% allowed-pair tables: (x[pair_a], x[pair_b]) is a row of pair_table[pair_first..pair_last]"
    );
    let _ = writeln!(out, "n_pairs = {};", pairs.len());
    field_items(
        out,
        &pairs,
        |p| p.4,
        &[
            ("pair_a", &|p| p.0.clone()),
            ("pair_b", &|p| p.1.clone()),
            ("pair_first", &|p| p.2.to_string()),
            ("pair_last", &|p| p.3.to_string()),
        ],
    );
    let _ = writeln!(out, "n_rows = {};", rows.len());
    if rows.is_empty() {
        let _ = writeln!(out, "pair_table = array2d(1..0, 1..2, []);");
    } else {
        let _ = write!(out, "pair_table = [|");
    }
    let mut previous = "";
    for (i, (u, w, tag)) in rows.iter().enumerate() {
        let bar = if i > 0 { " |" } else { "" };
        if *tag != previous {
            let _ = write!(out, "{bar}\n  % {tag}\n ");
            previous = tag;
        } else {
            out.push_str(bar);
        }
        let _ = write!(out, " {u}, {w}");
    }
    if !rows.is_empty() {
        let _ = writeln!(out, "\n|];");
    }
    let _ = writeln!(out, "% allowed-value sets: x[set_cell] in set_values");
    let _ = writeln!(out, "n_sets = {};", sets.len());
    array_item(out, "set_cell", &set_cells);
    array_item(out, "set_values", &sets);
    let _ = writeln!(
        out,
        "% allowed-tuple tables: cells tup_cell[tup_first..tup_last], rows of tup_value from tup_start"
    );
    let _ = writeln!(out, "n_tuples = {};", tuples.len());
    field_items(
        out,
        &tuples,
        |t| t.4,
        &[
            ("tup_first", &|t| t.0.to_string()),
            ("tup_last", &|t| t.1.to_string()),
            ("tup_rows", &|t| t.2.to_string()),
            ("tup_start", &|t| t.3.to_string()),
        ],
    );
    let _ = writeln!(out, "n_tup_cells = {};", tuple_cells.len());
    array_item(out, "tup_cell", &tuple_cells);
    let _ = writeln!(out, "n_tup_values = {};", tuple_values.len());
    array_item(out, "tup_value", &tuple_values);
    write_sightlines(out, n, &sights);
}

/// The sightline items of `models/variants.mzn` (module documentation); every line has n cells
/// ([`super::Format::check_expressible`] refuses others).
fn write_sightlines(out: &mut String, n: usize, sights: &[(&Sightline, &str)]) {
    let _ = writeln!(
        out,
        "% sightlines (outside clues) along sight_cell[k, 1..n]: kind 1 = sum strictly between \
         the cells holding sight_low and sight_high, 2 = sum of the first x[sight_cell[k, 1]] \
         cells, 3 = cells taller than all before them; = sight_value"
    );
    let _ = writeln!(out, "n_sights = {};", sights.len());
    let ends = |l: &Sightline| match l.measure {
        Measure::Between { low, high } => (low as i64, high as i64),
        _ => (0, 0),
    };
    let kind = |l: &Sightline| match l.measure {
        Measure::Between { .. } => 1,
        Measure::Prefix => 2,
        Measure::Visible => 3,
    };
    field_items(
        out,
        sights,
        |s| s.1,
        &[
            ("sight_kind", &|s| kind(s.0).to_string()),
            ("sight_low", &|s| ends(s.0).0.to_string()),
            ("sight_high", &|s| ends(s.0).1.to_string()),
            ("sight_value", &|s| s.0.value.to_string()),
        ],
    );
    if sights.is_empty() {
        let _ = writeln!(out, "sight_cell = array2d(1..0, 1..{n}, []);");
        return;
    }
    let _ = write!(out, "sight_cell = [|");
    for (i, (line, tag)) in sights.iter().enumerate() {
        let cells: Vec<String> = line
            .cells
            .iter()
            .map(|c| cell_number(n, *c).to_string())
            .collect();
        let bar = if i > 0 { " |" } else { "" };
        let _ = write!(out, "{bar}\n  % {tag}\n  {}", cells.join(", "));
    }
    let _ = writeln!(out, "\n|];");
}
