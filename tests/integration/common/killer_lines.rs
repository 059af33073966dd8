//! TEMPORARY (engines branch): a minimal converter of the two killer line shapes of
//! `../shared/data/variants` into a puzzle with primitives, written only so that the engines can
//! be tested and measured before the real readers (rules branch: f-puzzles, SudoCue) exist.
//! At merge, the lead replaces every use of it by the real reader and deletes this file.
//!
//! Killer cages only: each cage is `AllDifferent` over its cells plus `Linear` Σ = sum; both
//! diagonals are the puzzle's diagonal flag, a single one an `AllDifferent` of 9 cells.
//! Givens of the f-puzzles `grid` are kept. Panics on anything else (test data only).
#![allow(dead_code)]

use sudoku_ilp::puzzle::{Cell, Layout, Puzzle};
use sudoku_ilp::rules::primitive::{Primitive, Relation};

/// The two primitives of a killer cage.
fn cage(k: usize, cells: Vec<Cell>, sum: i64) -> [Primitive; 2] {
    [
        Primitive::AllDifferent {
            tag: format!("cage{k}"),
            cells: cells.clone(),
        },
        Primitive::Linear {
            tag: format!("cage{k}_sum"),
            terms: cells.into_iter().map(|c| (1, c)).collect(),
            relation: Relation::Eq,
            rhs: sum,
        },
    ]
}

/// A SudoCue killer line: `3x3:[d]:k:` then 81 numbers `sum·256 + cage id`, `:`-separated.
pub fn sudocue(line: &str) -> Puzzle {
    let rest = line
        .trim()
        .strip_prefix("3x3:")
        .expect("a 3x3: SudoCue line");
    let (flags, numbers) = rest.split_once("k:").expect("a killer (k:) SudoCue line");
    let diagonals = flags.contains('d');
    let numbers: Vec<u32> = numbers
        .split(':')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a number"))
        .collect();
    assert_eq!(numbers.len(), 81, "81 cells");
    let mut cages: Vec<(u32, Vec<Cell>, i64)> = Vec::new();
    for (i, &x) in numbers.iter().enumerate() {
        let cell = Cell {
            row: i / 9,
            col: i % 9,
        };
        let (id, sum) = (x % 256, (x / 256) as i64);
        match cages.iter_mut().find(|c| c.0 == id) {
            Some(c) => c.1.push(cell),
            None => cages.push((id, vec![cell], sum)),
        }
    }
    let primitives = cages
        .into_iter()
        .enumerate()
        .flat_map(|(k, (_, cells, sum))| cage(k + 1, cells, sum))
        .collect();
    Puzzle::new(
        9,
        Layout::Boxes { rows: 3, cols: 3 },
        diagonals,
        vec![0; 81],
    )
    .unwrap()
    .with_primitives(primitives)
    .unwrap()
}

/// `R3C7` → the cell (0-based).
fn fpz_cell(name: &str) -> Cell {
    let (r, c) = name[1..].split_once('C').expect("RxCy");
    Cell {
        row: r.parse::<usize>().unwrap() - 1,
        col: c.parse::<usize>().unwrap() - 1,
    }
}

/// One line of plain f-puzzles JSON with `killercage`, `diagonal+`, `diagonal-` and givens only.
pub fn fpuzzles(line: &str) -> Puzzle {
    let json: serde_json::Value = serde_json::from_str(line).expect("JSON");
    let mut givens = vec![0u8; 81];
    for (r, row) in json["grid"].as_array().unwrap().iter().enumerate() {
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            if cell["given"].as_bool() == Some(true) {
                givens[r * 9 + c] = cell["value"].as_u64().unwrap() as u8;
            }
        }
    }
    let mut primitives = Vec::new();
    for (k, c) in json["killercage"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let cells: Vec<Cell> = c["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| fpz_cell(n.as_str().unwrap()))
            .collect();
        match c["value"].as_str() {
            Some(v) => primitives.extend(cage(k + 1, cells, v.parse().unwrap())),
            None => primitives.push(Primitive::AllDifferent {
                tag: format!("cage{}", k + 1),
                cells,
            }),
        }
    }
    let plus = json["diagonal+"].as_bool() == Some(true);
    let minus = json["diagonal-"].as_bool() == Some(true);
    if plus != minus {
        let cells = (0..9)
            .map(|r| Cell {
                row: r,
                col: if minus { r } else { 8 - r },
            })
            .collect();
        primitives.push(Primitive::AllDifferent {
            tag: "diagonal".into(),
            cells,
        });
    }
    Puzzle::new(9, Layout::Boxes { rows: 3, cols: 3 }, plus && minus, givens)
        .unwrap()
        .with_primitives(primitives)
        .unwrap()
}
