//! The grid pictures draw the variant rules: each rule type's marks, read back from the SVG as
//! XML and checked by position (a cage outline that closes, a sum in its first cell's corner, a
//! dot on the shared edge, …), on puzzles made here and on every puzzle of the variant samples.

use crate::common::killer_lines::fpuzzles;
use crate::common::{lines, shared_data};
use roxmltree::{Document, Node};
use std::collections::HashMap;
use std::path::Path;
use sudoku_ilp::input::{parse_puzzle, ParseOptions};
use sudoku_ilp::puzzle::{Cell, Puzzle};
use sudoku_ilp::report::lp_svg::lp_svg;
use sudoku_ilp::report::svg::{svg, CELL};
use sudoku_ilp::rules::arrow::Arrow;
use sudoku_ilp::rules::extra_region::ExtraRegion;
use sudoku_ilp::rules::greater_than::GreaterThan;
use sudoku_ilp::rules::killer::Cage;
use sudoku_ilp::rules::kropki::{Dot, Kropki};
use sudoku_ilp::rules::little_killer::LittleKiller;
use sudoku_ilp::rules::negative::Negative;
use sudoku_ilp::rules::parity::{Kind, Parity};
use sudoku_ilp::rules::thermometer::Thermometer;
use sudoku_ilp::rules::xv::Xv;
use sudoku_ilp::rules::Rule;
use sudoku_ilp::solve::{CellLp, GridRelaxation, Status};

/// Cell r`row`c`col` (1-based).
fn rc(row: usize, col: usize) -> Cell {
    Cell {
        row: row - 1,
        col: col - 1,
    }
}

fn empty_with(rules: Vec<Rule>) -> Puzzle {
    Puzzle::with_square_boxes(9, vec![0; 81])
        .unwrap()
        .with_rules(rules)
        .unwrap()
}

fn number(node: Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing on {node:?}"))
        .parse()
        .unwrap()
}

/// The grid's top-left corner: the frame is the rectangle with stroke width 4.
fn origin(doc: &Document) -> (f64, f64) {
    let frame = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("stroke-width") == Some("4"))
        .unwrap();
    (number(frame, "x"), number(frame, "y"))
}

/// The centre of `c` in a picture whose grid starts at `o` with cells of `side`.
fn centre(o: (f64, f64), side: f64, c: Cell) -> (f64, f64) {
    (
        o.0 + (c.col as f64 + 0.5) * side,
        o.1 + (c.row as f64 + 0.5) * side,
    )
}

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.11 && (a.1 - b.1).abs() < 0.11
}

fn class<'a, 'i>(doc: &'a Document<'i>, name: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(name))
        .collect()
}

/// `x,y x,y …` as points.
fn points(node: Node) -> Vec<(f64, f64)> {
    node.attribute("points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// The segments of a path made of `Mx yLx y` pairs.
fn segments(d: &str) -> Vec<[(f64, f64); 2]> {
    d.split('M')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (a, b) = s.split_once('L').unwrap();
            let point = |t: &str| {
                let (x, y) = t.split_once(' ').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            };
            [point(a), point(b)]
        })
        .collect()
}

#[test]
fn a_cage_is_a_closed_dashed_outline_inside_its_cells_with_the_sum_in_its_first_corner() {
    // An L of three cells, listed out of reading order: the sum goes to r1c1 all the same.
    let cage = Cage {
        cells: vec![rc(2, 2), rc(1, 2), rc(1, 1)],
        sum: Some(12),
    };
    let text = svg(&empty_with(vec![Rule::Killer(cage)]), None, None);
    let doc = Document::parse(&text).unwrap();
    let o = origin(&doc);
    let paths = class(&doc, "cage");
    assert_eq!(paths.len(), 1);
    assert!(paths[0].attribute("stroke-dasharray").is_some());
    let segs = segments(paths[0].attribute("d").unwrap());
    // Eight unit edges bound the L; each corner joins exactly two segments: a closed outline.
    assert_eq!(segs.len(), 8);
    let mut ends: HashMap<(i64, i64), usize> = HashMap::new();
    for p in segs.iter().flatten() {
        *ends
            .entry(((p.0 * 10.0).round() as i64, (p.1 * 10.0).round() as i64))
            .or_default() += 1;
    }
    assert!(ends.values().all(|&k| k == 2), "open outline: {ends:?}");
    // Inside the cells: every point strictly within the L's bounding box.
    let side = CELL as f64;
    for &(x, y) in segs.iter().flatten() {
        assert!(x > o.0 && x < o.0 + 2.0 * side && y > o.1 && y < o.1 + 2.0 * side);
    }
    let sum = class(&doc, "cage-sum");
    assert_eq!(sum.len(), 1);
    assert_eq!(sum[0].text(), Some("12"));
    let (x, y) = (number(sum[0], "x"), number(sum[0], "y"));
    assert!(
        x - o.0 < side / 3.0 && y - o.1 < side / 3.0,
        "sum at {x},{y}"
    );
}

#[test]
fn thermometers_arrows_and_parity_are_drawn_on_their_cells() {
    let thermo = Thermometer {
        cells: vec![rc(5, 1), rc(4, 2), rc(3, 3)],
    };
    let single = Arrow {
        circle: vec![rc(1, 5)],
        line: vec![rc(2, 5), rc(3, 6)],
    };
    let pill = Arrow {
        circle: vec![rc(9, 1), rc(9, 2)],
        line: vec![rc(8, 3), rc(7, 4)],
    };
    let odd = Parity {
        parity: Kind::Odd,
        cell: rc(6, 6),
    };
    let even = Parity {
        parity: Kind::Even,
        cell: rc(6, 7),
    };
    let rules = vec![
        Rule::Thermometer(thermo.clone()),
        Rule::Arrow(single.clone()),
        Rule::Arrow(pill.clone()),
        Rule::Parity(odd),
        Rule::Parity(even),
    ];
    let text = svg(&empty_with(rules), None, None);
    let doc = Document::parse(&text).unwrap();
    let (o, side) = (origin(&doc), CELL as f64);
    let at = |c| centre(o, side, c);

    let thermos = class(&doc, "thermometer");
    assert_eq!(thermos.len(), 1);
    let bulb = thermos[0]
        .children()
        .find(|n| n.has_tag_name("circle"))
        .unwrap();
    assert!(near((number(bulb, "cx"), number(bulb, "cy")), at(rc(5, 1))));
    let line = thermos[0]
        .children()
        .find(|n| n.has_tag_name("polyline"))
        .unwrap();
    let expected: Vec<_> = thermo.cells.iter().map(|&c| at(c)).collect();
    assert!(points(line)
        .iter()
        .zip(&expected)
        .all(|(&a, &b)| near(a, b)));

    let arrows = class(&doc, "arrow");
    assert_eq!(arrows.len(), 2);
    for (node, arrow) in arrows.iter().zip([&single, &pill]) {
        let circle = node.children().find(|n| n.has_tag_name("rect")).unwrap();
        let (w, h, r) = (
            number(circle, "width"),
            number(circle, "height"),
            number(circle, "rx"),
        );
        // A circle for one cell, a pill as long as its cells for two.
        assert!((h - 2.0 * r).abs() < 0.2);
        let cells = arrow.circle.len() as f64;
        assert!((w - (h + (cells - 1.0) * side)).abs() < 0.2, "{w} {h}");
        let lines: Vec<_> = node
            .children()
            .filter(|n| n.has_tag_name("polyline"))
            .collect();
        let (shaft, head) = (points(lines[0]), points(lines[1]));
        // The shaft leaves the circle at its rim and runs through the line's cells; the
        // arrowhead's point is the last cell's centre.
        let nearest = at(*arrow.circle.last().unwrap());
        let rim = ((shaft[0].0 - nearest.0).powi(2) + (shaft[0].1 - nearest.1).powi(2)).sqrt();
        assert!((rim - r).abs() < 0.3, "rim {rim} radius {r}");
        assert_eq!(shaft.len(), 1 + arrow.line.len());
        assert!(near(head[1], at(*arrow.line.last().unwrap())));
    }

    let odd = class(&doc, "odd");
    assert_eq!(odd.len(), 1);
    assert!(near(
        (number(odd[0], "cx"), number(odd[0], "cy")),
        at(rc(6, 6))
    ));
    let even = class(&doc, "even");
    let (x, y, w) = (
        number(even[0], "x"),
        number(even[0], "y"),
        number(even[0], "width"),
    );
    assert!(near((x + w / 2.0, y + w / 2.0), at(rc(6, 7))));
}

#[test]
fn edge_marks_sit_on_the_shared_edge() {
    let white = Kropki {
        dot: Dot::White,
        a: rc(1, 1),
        b: rc(1, 2),
        value: None,
    };
    let black = Kropki {
        dot: Dot::Black,
        a: rc(3, 3),
        b: rc(4, 3),
        value: None,
    };
    let x = Xv {
        a: rc(5, 5),
        b: rc(5, 6),
        sum: 10,
    };
    let v = Xv {
        a: rc(7, 7),
        b: rc(8, 7),
        sum: 5,
    };
    let gt = GreaterThan {
        greater: rc(9, 9),
        lesser: rc(9, 8),
    };
    let rules = vec![
        Rule::Kropki(white),
        Rule::Kropki(black),
        Rule::Xv(x),
        Rule::Xv(v),
        Rule::GreaterThan(gt),
    ];
    let text = svg(&empty_with(rules), None, None);
    let doc = Document::parse(&text).unwrap();
    let (o, side) = (origin(&doc), CELL as f64);
    let edge = |a, b| {
        let (p, q) = (centre(o, side, a), centre(o, side, b));
        ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
    };
    let dot = |name: &str| {
        let d = class(&doc, name);
        assert_eq!(d.len(), 1, "{name}");
        (number(d[0], "cx"), number(d[0], "cy"))
    };
    assert!(near(dot("kropki-white"), edge(rc(1, 1), rc(1, 2))));
    assert!(near(dot("kropki-black"), edge(rc(3, 3), rc(4, 3))));
    let letters: Vec<_> = class(&doc, "xv")
        .into_iter()
        .map(|n| {
            (
                n.text().unwrap().to_string(),
                (number(n, "x"), number(n, "y")),
            )
        })
        .collect();
    assert_eq!(letters.len(), 2);
    assert_eq!(letters[0].0, "X");
    assert!(near(letters[0].1, edge(rc(5, 5), rc(5, 6))));
    assert_eq!(letters[1].0, "V");
    assert!(near(letters[1].1, edge(rc(7, 7), rc(8, 7))));
    // The chevron's point lies towards the smaller cell (r9c8), its arms towards the greater.
    let chevron = points(class(&doc, "greater-than")[0]);
    let lesser = centre(o, side, rc(9, 8));
    let distance = |p: (f64, f64)| (p.0 - lesser.0).abs() + (p.1 - lesser.1).abs();
    assert!(distance(chevron[1]) < distance(chevron[0]));
    assert!(distance(chevron[1]) < distance(chevron[2]));
}

#[test]
fn little_killer_sums_stand_outside_the_grid_with_an_arrow() {
    let diagonal: Vec<Cell> = (0..8).map(|i| rc(1 + i, 2 + i)).collect();
    let lk = LittleKiller {
        cells: diagonal,
        sum: 41,
    };
    let text = svg(&empty_with(vec![Rule::LittleKiller(lk)]), None, None);
    let doc = Document::parse(&text).unwrap();
    let o = origin(&doc);
    let group = class(&doc, "little-killer");
    assert_eq!(group.len(), 1);
    let label = group[0]
        .children()
        .find(|n| n.has_tag_name("text"))
        .unwrap();
    assert_eq!(label.text(), Some("41"));
    // Above the grid (the diagonal starts in row 1), over column 1: outside, inside the canvas.
    let (x, y) = (number(label, "x"), number(label, "y"));
    assert!(
        y < o.1 && y > 0.0 && x > o.0 && x < o.0 + CELL as f64,
        "{x},{y}"
    );
    // The arrow points down and right, along the diagonal.
    let shaft = points(
        group[0]
            .descendants()
            .find(|n| n.has_tag_name("polyline"))
            .unwrap(),
    );
    assert!(shaft[1].0 > shaft[0].0 && shaft[1].1 > shaft[0].1);
}

#[test]
fn regions_are_shaded_a_lone_diagonal_is_a_line_and_global_rules_are_named() {
    let region = ExtraRegion {
        cells: vec![rc(2, 2), rc(2, 3), rc(3, 2)],
    };
    let anti_diagonal = ExtraRegion {
        cells: (1..=9).map(|r| rc(r, 10 - r)).collect(),
    };
    let rules = vec![
        Rule::ExtraRegion(region),
        Rule::ExtraRegion(anti_diagonal),
        Rule::Windoku,
        Rule::AntiKnight,
        Rule::NonConsecutive,
        Rule::Negative(Negative {
            xv: true,
            ratio: false,
        }),
    ];
    let text = svg(&empty_with(rules), None, None);
    let doc = Document::parse(&text).unwrap();
    let shaded = class(&doc, "extra-region");
    assert_eq!(shaded.len(), 1);
    assert_eq!(
        shaded[0]
            .children()
            .filter(|n| n.has_tag_name("rect"))
            .count(),
        3
    );
    let windows = class(&doc, "windoku");
    assert_eq!(windows.len(), 4);
    assert!(windows.iter().all(|w| w.children().count() == 9));
    let diagonal = class(&doc, "diagonal");
    assert_eq!(diagonal.len(), 1);
    let o = origin(&doc);
    let side = 9.0 * CELL as f64;
    assert!(near(
        (number(diagonal[0], "x1"), number(diagonal[0], "y1")),
        (o.0 + side, o.1)
    ));
    let caption: String = class(&doc, "caption")[0]
        .children()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    for name in [
        "anti-knight (no equal digits a knight's move apart)",
        "non-consecutive",
        "negative (unmarked neighbours: no sum 5 or 10 (X/V))",
        "the diagonal line holds different digits",
        "windoku",
    ] {
        assert!(caption.contains(name), "{name} not in {caption:?}");
    }
    // A puzzle whose rules all have marks has no caption.
    let plain = svg(
        &empty_with(vec![Rule::Thermometer(Thermometer {
            cells: vec![rc(1, 1)],
        })]),
        None,
        None,
    );
    assert!(!plain.contains("class=\"caption\""));
}

#[test]
fn the_lp_picture_keeps_cage_sums_clear_of_its_small_digits() {
    let cage = Cage {
        cells: vec![rc(1, 1), rc(1, 2)],
        sum: Some(17),
    };
    let puzzle = empty_with(vec![Rule::Killer(cage)]);
    // Every value at weight 1/9 in every cell: every keypad square is drawn.
    let weights: Vec<(u8, f64)> = (1..=9).map(|v| (v, 1.0 / 9.0)).collect();
    let relaxation = GridRelaxation {
        model: "binary".into(),
        status: Status::Solved,
        objective: 0.0,
        fractional: 729,
        fractional_other: 0,
        cells: vec![CellLp::Weights(weights); 81],
        gives_grid: false,
    };
    let text = lp_svg(&puzzle, &relaxation, Some("LP"));
    let doc = Document::parse(&text).unwrap();
    let sum = class(&doc, "cage-sum")[0];
    assert_eq!(sum.text(), Some("17"));
    // The sum is drawn after (above) the LP's squares, and its band is free of them: no square
    // of its cell reaches above the sum's baseline band.
    let (sx, sy, font) = (number(sum, "x"), number(sum, "y"), number(sum, "font-size"));
    let squares: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill-opacity").is_some())
        .collect();
    assert_eq!(squares.len(), 729);
    for square in squares {
        let (x, y, w) = (
            number(square, "x"),
            number(square, "y"),
            number(square, "width"),
        );
        let overlaps_x = x < sx + 2.0 * font && x + w > sx;
        let overlaps_y = y < sy + font && y + w > sy;
        assert!(
            !(overlaps_x && overlaps_y),
            "a square at {x},{y} covers the sum"
        );
    }
    let nodes: Vec<_> = doc.descendants().collect();
    let sum_at = nodes.iter().position(|n| *n == sum).unwrap();
    let last_square = nodes
        .iter()
        .rposition(|n| n.attribute("fill-opacity").is_some())
        .unwrap();
    assert!(sum_at > last_square, "the sum is drawn over the squares");
}

/// How many marks of each kind a puzzle's rules should give.
fn expected_marks(puzzle: &Puzzle) -> HashMap<&'static str, usize> {
    let mut out = HashMap::new();
    for rule in puzzle.rules() {
        let class = match rule {
            Rule::Killer(_) => "cage",
            Rule::LittleKiller(_) => "little-killer",
            Rule::Thermometer(_) => "thermometer",
            Rule::Arrow(_) => "arrow",
            Rule::Kropki(k) if k.dot == Dot::White => "kropki-white",
            Rule::Kropki(_) => "kropki-black",
            Rule::Xv(_) => "xv",
            Rule::GreaterThan(_) => "greater-than",
            Rule::Parity(p) if p.parity == Kind::Odd => "odd",
            Rule::Parity(_) => "even",
            Rule::ExtraRegion(r)
                if r.cells.len() == 9
                    && r.cells.iter().all(|c| c.row == c.col || c.row + c.col == 8) =>
            {
                "diagonal"
            }
            Rule::ExtraRegion(_) => "extra-region",
            _ => "caption",
        };
        *out.entry(class).or_default() += 1;
    }
    if puzzle.has_diagonals() {
        out.entry("caption").or_insert(1);
    }
    out
}

#[test]
fn every_variant_sample_puzzle_shows_one_mark_per_rule() {
    let mut kinds = HashMap::new();
    for file in ["iss_examples.fpz.jsonl", "fpuzzles_links.fpz.jsonl"] {
        let Some(path) = shared_data(&format!("variants/{file}")) else {
            return;
        };
        for (number, line) in lines(&path) {
            let puzzle = fpuzzles(&line);
            let text = svg(&puzzle, None, None);
            let doc = Document::parse(&text).unwrap();
            for (class, count) in expected_marks(&puzzle) {
                let drawn = doc
                    .descendants()
                    .filter(|n| n.attribute("class") == Some(class))
                    .count();
                let wanted = if class == "caption" { 1 } else { count };
                assert_eq!(drawn, wanted, "{file} line {number}: {class}");
                *kinds.entry(class).or_insert(0) += count;
            }
            let sums = class(&doc, "cage-sum").len();
            let with_sum = puzzle
                .rules()
                .iter()
                .filter(|r| matches!(r, Rule::Killer(Cage { sum: Some(_), .. })))
                .count();
            assert_eq!(sums, with_sum, "{file} line {number}: cage sums");
        }
    }
    // The samples cover every mark the f-puzzles format has.
    for class in [
        "cage",
        "little-killer",
        "thermometer",
        "arrow",
        "kropki-white",
        "kropki-black",
        "xv",
        "odd",
        "even",
        "extra-region",
        "caption",
    ] {
        assert!(kinds.contains_key(class), "no {class} in the samples");
    }
}

/// One rule of each JSON `"type"` on a 9×9 grid, as the project's JSON writes it; `None` for a
/// type this table does not know yet (the test below then fails, naming it).
fn sample_rule(kind: &str) -> Option<serde_json::Value> {
    use serde_json::json;
    let row1 = |from: usize, to: usize| -> Vec<String> {
        (from..=to).map(|c| format!("r1c{c}")).collect()
    };
    let line = row1(2, 5);
    Some(match kind {
        "killer" => json!({"type": kind, "cells": ["r1c1", "r1c2"], "sum": 3}),
        "little_killer" => {
            let cells: Vec<String> = (1..=8).map(|i| format!("r{i}c{}", i + 1)).collect();
            json!({"type": kind, "cells": cells, "sum": 40})
        }
        "thermometer" => json!({"type": kind, "cells": ["r1c1", "r1c2", "r1c3"]}),
        "arrow" => json!({"type": kind, "circle": ["r1c1"], "line": ["r1c2", "r1c3"]}),
        "kropki" => json!({"type": kind, "dot": "white", "a": "r1c1", "b": "r1c2"}),
        "xv" => json!({"type": kind, "a": "r1c1", "b": "r1c2", "sum": 10}),
        "greater_than" => json!({"type": kind, "greater": "r1c1", "lesser": "r1c2"}),
        "parity" => json!({"type": kind, "parity": "odd", "cell": "r1c1"}),
        "extra_region" => json!({"type": kind, "cells": ["r1c1", "r2c2", "r3c4"]}),
        "windoku" | "anti_knight" | "anti_king" | "non_consecutive" | "disjoint_groups" => {
            json!({ "type": kind })
        }
        "negative" => json!({"type": kind, "xv": true}),
        "palindrome" | "renban" | "nabner" | "entropic" | "modular" | "between" | "lockout"
        | "region_sum" | "zipper" | "double_arrow" | "slow_thermometer" | "whispers" => {
            json!({"type": kind, "cells": line})
        }
        "clone" => json!({"type": kind, "cells": ["r1c1"], "copies": ["r9c9"]}),
        "extremum" => json!({"type": kind, "extreme": "minimum", "cells": ["r5c5"]}),
        "quadruple" => {
            json!({"type": kind, "cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "values": [1, 2]})
        }
        "pencil_marks" => json!({"type": kind, "cell": "r1c1", "values": [1, 2]}),
        "sandwich" => json!({"type": kind, "cells": row1(1, 9), "sum": 10}),
        "x_sum" => json!({"type": kind, "cells": row1(1, 9), "sum": 15}),
        "skyscraper" => json!({"type": kind, "cells": row1(1, 9), "count": 3}),
        "numbered_room" => json!({"type": kind, "cells": row1(1, 9), "digit": 5}),
        "indexer" => json!({"type": kind, "axis": "column", "cells": ["r1c1", "r2c1"]}),
        _ => return None,
    })
}

/// The rule types the JSON Schema lists (`$defs.rule.oneOf`, each a `const` or an `enum`).
fn schema_rule_types() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/solve-output.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut types = Vec::new();
    for entry in schema["$defs"]["rule"]["oneOf"].as_array().unwrap() {
        let ty = &entry["properties"]["type"];
        match (ty.get("const"), ty.get("enum")) {
            (Some(one), _) => types.push(one.as_str().unwrap().to_string()),
            (None, Some(many)) => types.extend(
                many.as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap().to_string()),
            ),
            _ => panic!("a rule entry without a type: {entry}"),
        }
    }
    types
}

/// What a picture draws for its rules: the children of its two rule layers and its caption.
fn rule_drawing(text: &str) -> (usize, Option<String>) {
    let doc = Document::parse(text).unwrap();
    let marks = ["rules-under", "rules-over"]
        .iter()
        .flat_map(|layer| class(&doc, layer))
        .map(|g| g.descendants().filter(|n| n.is_element()).count() - 1)
        .sum();
    let caption = class(&doc, "caption").first().map(|c| {
        c.descendants()
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join(" ")
    });
    (marks, caption)
}

#[test]
fn every_rule_type_of_the_json_schema_is_drawn_in_a_sample_picture() {
    let types = schema_rule_types();
    assert!(
        types.len() >= 36,
        "the schema lists {} rule types",
        types.len()
    );
    let empty = r#"{"grid": ".................................................................................", "rules": []}"#;
    let read = |text: &str| parse_puzzle("sample", text, ParseOptions::default()).unwrap();
    let (none, no_caption) = rule_drawing(&svg(&read(empty), None, None));
    assert_eq!((none, no_caption), (0, None));
    let mut missing = Vec::new();
    for kind in &types {
        let Some(rule) = sample_rule(kind) else {
            missing.push(kind.clone());
            continue;
        };
        let mut doc: serde_json::Value = serde_json::from_str(empty).unwrap();
        doc["rules"] = serde_json::json!([rule]);
        let puzzle = read(&doc.to_string());
        assert_eq!(puzzle.rules().len(), 1, "{kind}");
        let picture = svg(&puzzle, None, None);
        let (marks, caption) = rule_drawing(&picture);
        let layer = sudoku_ilp::report::marks::layer_of(&puzzle.rules()[0]);
        match layer {
            Some(_) => assert!(marks > 0, "{kind}: nothing drawn in its layer"),
            None => assert!(
                caption.is_some(),
                "{kind}: neither drawn nor in the caption"
            ),
        }
        // The LP picture draws it the same way.
        let lp = lp_svg(&puzzle, &no_relaxation(), None);
        assert_eq!(rule_drawing(&lp).0, marks, "{kind}: the LP picture");
    }
    assert!(
        missing.is_empty(),
        "rule types without a sample picture: {missing:?}"
    );
}

/// An LP relaxation with no values (an empty LP picture: the grid and the rules).
fn no_relaxation() -> GridRelaxation {
    GridRelaxation {
        model: "binary".into(),
        status: Status::Solved,
        objective: 0.0,
        fractional: 0,
        fractional_other: 0,
        cells: vec![CellLp::Weights(Vec::new()); 81],
        gives_grid: false,
    }
}
