//! Outside clues (sandwich, X-sum, skyscraper, numbered room), indexers and the f-puzzles sizes
//! (issue 44): the real puzzles of `../shared/data/variants/fpuzzles_more.*` that use them solve
//! to their known grids with every engine; each rule agrees with the independent brute-force
//! counter on small grids; the link forms people share read as the plain JSON.

use crate::common::brute::{self, Spec, R};
use crate::common::{assert_solves_to, highs_lock, run, shared_data, variant_sample};
use sudoku_ilp::engine::backtrack::Backtrack;
use sudoku_ilp::engine::lp_bb::LpBb;
use sudoku_ilp::engine::milp::{run as milp_run, Presolve};
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::sat::Sat;
use sudoku_ilp::engine::{CountEnd, Engine, Limits, Status};
use sudoku_ilp::formulation::{binary::Binary, natural::Natural};
use sudoku_ilp::input::{parse_batch_line, parse_puzzle, ParseOptions};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::solve::SolveOptions;

/// fpuzzles_more lines whose keys are all read: 5 (6×6 irregular skyscrapers), 14 (X-sums),
/// 16 (skyscrapers), 18 (column indexers, arrows), 21 (7×7 irregular kropki), 22 (4×4 little
/// killers and XV).
const READ: [usize; 6] = [5, 14, 16, 18, 21, 22];

fn more() -> Vec<(usize, Puzzle, Vec<u8>)> {
    variant_sample("fpuzzles_more.fpz.jsonl", 1)
        .into_iter()
        .filter(|(k, ..)| READ.contains(k))
        .map(|(k, line, answer)| {
            let (p, _) = parse_batch_line("fpuzzles_more", k, &line, None).unwrap();
            (k, p, answer)
        })
        .collect()
}

fn limits() -> Limits {
    Limits::seconds(600.0).unwrap()
}

/// HiGHS's solve of the puzzle in the binary and the natural model (no presolve).
fn both_models(puzzle: &Puzzle) -> [sudoku_ilp::engine::Solution; 2] {
    let options = SolveOptions::default();
    let run = |formulation: &dyn sudoku_ilp::formulation::Formulation| {
        milp_run(puzzle, formulation, &options, &limits(), Presolve::None).unwrap()
    };
    [run(&Binary::default()), run(&Natural::default())]
}

fn solves(engine: &dyn Engine, puzzle: &Puzzle, answer: &[u8], what: &str) {
    assert_solves_to(engine, puzzle, &limits(), answer, what);
}

#[test]
fn fpuzzles_more_outside_clues_and_sizes_solve_to_their_grids_with_the_search_engines() {
    let sample = more();
    if sample.is_empty() {
        return;
    }
    assert_eq!(sample.len(), READ.len());
    for (k, puzzle, answer) in &sample {
        let what = format!("fpuzzles_more line {k}");
        solves(&Propagate::default(), puzzle, answer, &what);
        solves(&Sat, puzzle, answer, &what);
        let count = Sat.count(puzzle, 2, &limits()).unwrap();
        assert_eq!(count.end, CountEnd::Complete, "{what}");
        assert_eq!(count.solutions.len(), 1, "sat count on {what}");
        if puzzle.order() <= 7 {
            solves(&Backtrack, puzzle, answer, &what);
        }
    }
}

#[test]
fn fpuzzles_more_outside_clues_and_sizes_solve_to_their_grids_with_both_models() {
    let sample = more();
    if sample.is_empty() {
        return;
    }
    for (k, puzzle, answer) in &sample {
        let what = format!("fpuzzles_more line {k}");
        let _guard = highs_lock();
        for report in both_models(puzzle) {
            assert_eq!(report.status, Status::Solved, "{what}");
            assert_eq!(report.grid.unwrap().values, *answer, "{what}");
        }
        solves(&LpBb::default(), puzzle, answer, &what);
    }
}

/// `fpuzzles_outside.*` (added beside fpuzzles_more): 1 Thermwich and 2 a sandwich sudoku, 3–5
/// the row, column and box indexing tests, 6 X-sums.
#[test]
fn fpuzzles_outside_sandwiches_indexers_skyscrapers_and_x_sums_solve_with_every_engine() {
    let sample = variant_sample("fpuzzles_outside.fpz.jsonl", 1);
    if sample.is_empty() {
        return;
    }
    assert_eq!(sample.len(), 6);
    for (k, line, answer) in &sample {
        let (puzzle, _) = parse_batch_line("fpuzzles_outside", *k, line, None).unwrap();
        let what = format!("fpuzzles_outside line {k}");
        solves(&Propagate::default(), &puzzle, answer, &what);
        solves(&Sat, &puzzle, answer, &what);
        solves(&Backtrack, &puzzle, answer, &what);
        let count = Propagate::default().count(&puzzle, 2, &limits()).unwrap();
        assert_eq!(count.solutions.len(), 1, "propagate count on {what}");
        let _guard = highs_lock();
        for report in both_models(&puzzle) {
            assert_eq!(report.status, Status::Solved, "{what}");
            assert_eq!(report.grid.unwrap().values, *answer, "{what}");
        }
        solves(&LpBb::default(), &puzzle, answer, &what);
    }
}

/// The line of column `col` read from the top, or row `row` from the right, … (0-based).
fn down(n: usize, col: usize) -> Vec<(usize, usize)> {
    (0..n).map(|r| (r, col)).collect()
}
fn leftward(n: usize, row: usize) -> Vec<(usize, usize)> {
    (0..n).rev().map(|c| (row, c)).collect()
}

/// 4×4 and 6×6 grids with one or two clues of each kind, counted by the brute-force oracle and
/// by every search engine and both models.
fn small_specs() -> Vec<(&'static str, Spec)> {
    let with = |rows, cols, rules: Vec<R>| {
        let mut s = Spec::empty(rows, cols);
        s.rules = rules;
        s
    };
    vec![
        (
            "sandwich",
            with(
                2,
                2,
                vec![R::Sandwich(down(4, 0), 5), R::Sandwich(leftward(4, 1), 0)],
            ),
        ),
        (
            "x-sum",
            with(
                2,
                2,
                vec![R::XSum(down(4, 1), 6), R::XSum(leftward(4, 2), 3)],
            ),
        ),
        (
            "skyscraper",
            with(
                2,
                2,
                vec![
                    R::Skyscraper(down(4, 2), 3),
                    R::Skyscraper(leftward(4, 0), 1),
                ],
            ),
        ),
        (
            "numbered room",
            with(
                2,
                2,
                vec![
                    R::NumberedRoom(down(4, 3), 4),
                    R::NumberedRoom(leftward(4, 3), 2),
                ],
            ),
        ),
        (
            "column indexer",
            with(2, 2, vec![R::ColumnIndexer(vec![(0, 0), (1, 0)])]),
        ),
        (
            "row indexer",
            with(2, 2, vec![R::RowIndexer(vec![(0, 1), (0, 3)])]),
        ),
        (
            "box indexer",
            with(
                2,
                3,
                vec![
                    R::BoxIndexer(vec![(0, 0), (3, 4)]),
                    R::Skyscraper(down(6, 1), 4),
                ],
            ),
        ),
        (
            "sandwich 6",
            with(
                2,
                3,
                vec![R::Sandwich(down(6, 2), 7), R::XSum(leftward(6, 0), 15)],
            ),
        ),
    ]
}

#[test]
fn every_engine_agrees_with_brute_force_on_small_outside_clue_puzzles() {
    for (name, mut spec) in small_specs() {
        if spec.n > 4 {
            // Every third cell of one solution given: few enough solutions to count.
            let one = brute::a_solution(&spec, (1..=6).collect(), 50_000_000).unwrap();
            for i in (0..spec.n * spec.n).step_by(3) {
                spec.givens[i] = one[i];
            }
        }
        let mut want = brute::solutions(&spec, 100_000, 50_000_000).expect("brute force finishes");
        want.sort();
        assert!(!want.is_empty(), "{name}: no solution");
        let puzzle = parse_puzzle(name, &spec.json(), ParseOptions::default()).unwrap();
        let engines: [&dyn Engine; 3] = [&Propagate::default(), &Sat, &Backtrack];
        for engine in engines {
            let c = engine.count(&puzzle, want.len() + 1, &limits()).unwrap();
            assert_eq!(c.end, CountEnd::Complete, "{name}, {}", engine.label());
            let mut found: Vec<Vec<u8>> = c.solutions.into_iter().map(|g| g.values).collect();
            found.sort();
            assert_eq!(found, want, "{name}, {}", engine.label());
        }
        let _guard = highs_lock();
        for report in both_models(&puzzle) {
            assert_eq!(report.status, Status::Solved, "{name}");
            assert!(want.contains(&report.grid.unwrap().values), "{name}");
        }
    }
}

#[test]
fn sudokupad_links_and_the_bare_lz_string_read_as_the_fpuzzles_link() {
    let Some(path) = shared_data("variants/fpuzzles_more.links.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let link = text.lines().nth(15).unwrap().trim().to_string(); // line 16: skyscrapers
    let payload = link.split("load=").nth(1).unwrap().to_string();
    let pad = format!("https://sudokupad.app/fpuzzles{payload}");
    let encoded = payload
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let pad_encoded = format!("https://sudokupad.app/fpuzzles{encoded}");
    // The grid and status, without the timing line.
    let solve = |arg: &str| {
        let (code, out, err) = run(&["solve", arg], None);
        let kept: Vec<&str> = out.lines().filter(|l| !l.starts_with("time")).collect();
        (code, kept.join("\n"), err)
    };
    let (code, want, err) = solve(&link);
    assert_eq!(code, 0, "{err}");
    for form in [pad.as_str(), pad_encoded.as_str()] {
        let (code, out, err) = solve(form);
        assert_eq!((code, out.as_str()), (0, want.as_str()), "{form}: {err}");
    }
    let (code, out, err) = run(&["solve", "-"], Some(&payload));
    let out: Vec<&str> = out.lines().filter(|l| !l.starts_with("time")).collect();
    assert_eq!((code, out.join("\n")), (0, want), "bare lz-string: {err}");
}

#[test]
fn drawing_only_keys_are_noted_and_unknown_keys_refused_by_name() {
    let Some(path) = shared_data("variants/fpuzzles_more.fpz.jsonl") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let x_sums = text.lines().nth(13).unwrap();
    let (code, _, err) = run(&["solve", "-"], Some(x_sums));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("text"),
        "a note names the drawing-only key: {err}"
    );
    // Every key of the shared sample is read once the line rules are in (palindromes among
    // them), so a key no reader knows is added to the X-sums puzzle.
    let mut doc: serde_json::Value = serde_json::from_str(x_sums).unwrap();
    doc["nosuchrule"] = serde_json::json!([{ "cells": ["R1C1"] }]);
    let (code, _, err) = run(&["solve", "-"], Some(&doc.to_string()));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\"nosuchrule\""), "{err}");
}

/// The note on drawing-only keys comes from every command that reads an f-puzzles puzzle, not
/// only `solve`: `compare`, `explain`, a line file's `--line K`, and `batch` (one line for the
/// file: the first such line and how many more); standard output carries only the data.
#[test]
fn compare_explain_batch_and_line_choices_note_drawing_only_keys() {
    let lines = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/variants/fpuzzles_lines.fpz.jsonl");
    let file = lines.to_str().unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    // Line 1 (region-sum lines) draws with f-puzzles' `line` key; line 4 (clones) has none.
    let first = text.lines().next().unwrap();
    let note = "note: f-puzzles line is drawing only, read and ignored";
    for args in [
        vec!["compare", "--variants", "binary", "-"],
        vec!["explain", "-"],
    ] {
        let (code, out, err) = run(&args, Some(first));
        assert!(code == 0 || code == 1, "{args:?}: {err}");
        assert!(err.contains(note), "{args:?}: {err}");
        assert!(!out.contains("note:"), "{args:?}: {out}");
    }
    let (code, _, err) = run(&["check", "--line", "1", file], None);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(note), "check --line 1: {err}");
    let (code, _, err) = run(&["check", "--line", "4", file], None);
    assert_eq!(code, 0, "{err}");
    assert!(
        !err.contains("note:"),
        "check --line 4 (no drawing key): {err}"
    );
    let (_, out, err) = run(&["batch", "--time-limit", "1", file], None);
    let want = "note: line 1: f-puzzles line is drawing only, read and ignored \
                (and 3 more lines with drawing-only keys)";
    assert!(err.contains(want), "batch: {err}");
    assert!(!out.contains("note:"), "batch: {out}");
}

#[test]
fn pictures_draw_each_outside_clue_beside_its_line_and_shade_indexers() {
    let sample = variant_sample("fpuzzles_outside.fpz.jsonl", 1);
    if sample.is_empty() {
        return;
    }
    for (k, clue_key, class) in [
        (2, "sandwichsum", "outside-clue"),
        (4, "columnindexer", "indexer"),
    ] {
        let line = &sample[k - 1].1;
        let (puzzle, _) = parse_batch_line("fpuzzles_outside", k, line, None).unwrap();
        let picture = sudoku_ilp::report::svg::svg(&puzzle, None, None);
        let doc = roxmltree::Document::parse(&picture).unwrap();
        let groups: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .collect();
        let source: serde_json::Value = serde_json::from_str(line).unwrap();
        let clues = source[clue_key].as_array().unwrap();
        if class == "outside-clue" {
            assert_eq!(groups.len(), clues.len(), "line {k}");
            let texts: Vec<String> = groups
                .iter()
                .filter_map(|g| g.descendants().find(|n| n.has_tag_name("text")))
                .filter_map(|t| t.text().map(str::to_string))
                .collect();
            for clue in clues {
                assert!(texts.contains(&clue["value"].as_str().unwrap().to_string()));
            }
        } else {
            let cells: usize = clues
                .iter()
                .map(|e| e["cells"].as_array().unwrap().len())
                .sum();
            let rects = groups[0]
                .children()
                .filter(|n| n.has_tag_name("rect"))
                .count();
            assert_eq!(rects, cells, "line {k}");
        }
    }
}

#[test]
fn every_fpuzzles_size_reads_with_its_default_boxes() {
    use sudoku_ilp::puzzle::Layout;
    for n in 3..=16usize {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        let grid = vec![row; n].join(",");
        let text = format!(r#"{{"size":{n},"grid":[{grid}]}}"#);
        let puzzle = parse_puzzle("size", &text, ParseOptions::default()).unwrap();
        let want = match n {
            4 | 9 | 16 => (n.isqrt(), n.isqrt()),
            6 | 8 | 10 | 14 => (2, n / 2),
            12 | 15 => (3, n / 3),
            _ => (1, n),
        };
        match puzzle.layout() {
            Layout::Boxes { rows, cols } => assert_eq!((*rows, *cols), want, "size {n}"),
            Layout::Regions(_) => panic!("size {n}: regions"),
        }
    }
}
