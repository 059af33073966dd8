//! The puzzles the export tests write: every JSON puzzle of `data/`, a sample of
//! `../shared/data`, a 4×4 grid whose `--reduce` model has rows without columns, and JSON
//! puzzles with irregular regions or diagonals.

use crate::common::{data_puzzles, is_solution, line_givens, shared_data, tdoku_counts};
use std::path::{Path, PathBuf};

/// One puzzle to export: where it is, what it holds, what is known about it.
#[derive(Debug, Clone)]
pub(super) struct Case {
    pub label: String,
    pub file: PathBuf,
    /// `--line K` for line files.
    pub line: Option<usize>,
    pub givens: Vec<u32>,
    pub n: usize,
    pub box_shape: (usize, usize),
    /// Every house as cell indices, for puzzles with irregular regions or diagonals (then
    /// `box_shape` is unused); `None` for boxes.
    pub houses: Option<Vec<Vec<usize>>>,
    /// Known number of solutions, when the source says.
    pub solutions: Option<u64>,
}

impl Case {
    /// Arguments naming the puzzle on the command line.
    pub fn args(&self) -> Vec<String> {
        let mut args = vec![self.file.display().to_string()];
        if let Some(k) = self.line {
            args.extend(["--line".to_string(), k.to_string()]);
        }
        args
    }

    /// True when `grid` keeps the givens and fills every house with 1..n.
    pub fn is_valid(&self, grid: &[u32]) -> bool {
        let Some(houses) = &self.houses else {
            let (br, bc) = self.box_shape;
            return is_solution(&self.givens, grid, br, bc);
        };
        let all: Vec<u32> = (1..=self.n as u32).collect();
        grid.len() == self.n * self.n
            && self
                .givens
                .iter()
                .zip(grid)
                .all(|(&g, &v)| g == 0 || g == v)
            && houses.iter().all(|h| {
                let mut values: Vec<u32> = h.iter().map(|&i| grid[i]).collect();
                values.sort_unstable();
                values == all
            })
    }

    pub fn stem(&self) -> String {
        self.label.replace(['/', ':', '.'], "_")
    }
}

/// Every JSON puzzle under `data/`, sorted.
pub(super) fn data_cases() -> Vec<Case> {
    data_puzzles()
        .into_iter()
        .map(|p| Case {
            label: p.path.file_stem().unwrap().to_string_lossy().into_owned(),
            file: p.path,
            line: None,
            givens: p.givens,
            n: p.n,
            box_shape: p.box_shape,
            houses: None,
            solutions: p.solutions,
        })
        .collect()
}

/// A 4×4 puzzle whose cell r1c4 has no candidate left (1, 2, 3 in its row, 4 below it in its
/// column and box): `--reduce` leaves the rows `cell_r1_c4` and `row_r1_v4` without a column,
/// written `0 x_first = 1`. Written into `dir`.
pub(super) fn empty_row_case(dir: &Path) -> Case {
    let path = dir.join("empty_row_4x4.json");
    let json =
        r#"{"name": "no candidate at r1c4", "grid": [[1,2,3,0],[0,0,0,4],[0,0,0,0],[0,0,0,0]]}"#;
    std::fs::write(&path, json).unwrap();
    let mut givens = vec![0u32; 16];
    givens[..3].copy_from_slice(&[1, 2, 3]);
    givens[7] = 4;
    Case {
        label: "empty_row_4x4".into(),
        file: path,
        line: None,
        givens,
        n: 4,
        box_shape: (2, 2),
        houses: None,
        solutions: Some(0),
    }
}

/// Rows, columns, the given third family of houses (region id per cell), and the diagonals.
pub(super) fn houses_of(n: usize, regions: &[usize], diagonals: bool) -> Vec<Vec<usize>> {
    let mut houses: Vec<Vec<usize>> = Vec::new();
    houses.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    let mut ids: Vec<usize> = regions.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        houses.push((0..n * n).filter(|&i| regions[i] == id).collect());
    }
    if diagonals {
        houses.push((0..n).map(|i| i * n + i).collect());
        houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    houses
}

/// Writes a JSON puzzle with irregular regions and/or diagonals into `dir`.
pub(super) fn json_case(
    dir: &Path,
    label: &str,
    givens: Vec<u32>,
    regions: Option<Vec<usize>>,
    diagonals: bool,
    solutions: Option<u64>,
) -> Case {
    let n = (givens.len() as f64).sqrt() as usize;
    let rows = |v: &[u32]| -> Vec<Vec<u32>> { v.chunks(n).map(|r| r.to_vec()).collect() };
    let mut doc = serde_json::json!({ "name": label, "grid": rows(&givens) });
    if let Some(ids) = &regions {
        let ids: Vec<u32> = ids.iter().map(|&i| i as u32).collect();
        doc["regions"] = serde_json::json!(rows(&ids));
    }
    if diagonals {
        doc["diagonals"] = serde_json::json!(true);
    }
    let path = dir.join(format!("{label}.json"));
    std::fs::write(&path, doc.to_string()).unwrap();
    let s = (n as f64).sqrt() as usize;
    let box_ids: Vec<usize> = (0..n * n).map(|i| (i / n / s) * s + (i % n) / s).collect();
    Case {
        label: label.into(),
        file: path,
        line: None,
        givens,
        n,
        box_shape: (s, s),
        houses: Some(houses_of(
            n,
            regions.as_deref().unwrap_or(&box_ids),
            diagonals,
        )),
        solutions,
    }
}

/// Irregular regions (the first janko jigsaw of `../shared/data`, unique) and the diagonal rule
/// (empty 4×4 and 9×9 grids, many solutions), which `data/` does not exercise.
pub(super) fn region_and_diagonal_cases(dir: &Path) -> Vec<Case> {
    let mut cases = vec![
        json_case(dir, "diagonal_4x4", vec![0; 16], None, true, None),
        json_case(dir, "diagonal_9x9", vec![0; 81], None, true, None),
    ];
    if let Some(path) = shared_data("jigsaw_9x9_janko.txt") {
        let text = std::fs::read_to_string(path).unwrap();
        let fields: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
        let regions: Vec<usize> = fields[1]
            .chars()
            .map(|c| c.to_digit(10).unwrap() as usize)
            .collect();
        let mut case = json_case(
            dir,
            "jigsaw_9x9_janko_1",
            line_givens(fields[0]),
            Some(regions),
            false,
            Some(1),
        );
        assert!(
            case.is_valid(&line_givens(fields[2])),
            "the published solution is valid"
        );
        case.label = "jigsaw_9x9_janko_1".into();
        cases.push(case);
    }
    cases
}

pub(super) fn data_case(stem: &str) -> Case {
    data_cases()
        .into_iter()
        .find(|c| c.label == stem)
        .unwrap_or_else(|| panic!("data/ has no {stem}.json"))
}

/// A line of a `../shared/data` collection, or `None` when the folder is absent.
pub(super) fn shared_case(file: &str, line: usize, solutions: Option<u64>) -> Option<Case> {
    let path = shared_data(file)?;
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzle_line = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .nth(line - 1)
        .unwrap_or_else(|| panic!("{file} has no line {line}"));
    let givens = line_givens(puzzle_line.trim());
    let n = (givens.len() as f64).sqrt() as usize;
    let s = (n as f64).sqrt() as usize;
    Some(Case {
        label: format!("{file}:{line}"),
        file: path,
        line: Some(line),
        givens,
        n,
        box_shape: (s, s),
        houses: None,
        solutions,
    })
}

/// The sample of `../shared/data`: hard 9×9 grids, 17-clue grids, 16×16 grids, and tdoku's test
/// puzzles with 0 and several solutions (counts from its `.solcount.txt`).
pub(super) fn shared_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (file, line) in [
        ("magictour_top95.txt", 1),
        ("magictour_top95.txt", 48),
        ("magictour_top95.txt", 95),
        ("sudoku17_tdoku.txt", 1),
        ("sudoku17_tdoku.txt", 20_000),
        ("forum_hardest_1905_11plus.txt", 1),
        ("grid16_janko.txt", 1),
        ("grid16_janko.txt", 60),
    ] {
        cases.extend(shared_case(file, line, Some(1)));
    }
    if let Some(tdoku) = tdoku_counts() {
        let counts: Vec<u64> = tdoku.iter().map(|&(_, _, count)| count).collect();
        let none = counts
            .iter()
            .position(|&c| c == 0)
            .expect("a line with 0 solutions");
        let many = counts
            .iter()
            .position(|&c| c > 1)
            .expect("a line with several");
        for i in [none, many] {
            cases.extend(shared_case(
                "tdoku_test_puzzles.txt",
                i + 1,
                Some(counts[i]),
            ));
        }
    }
    cases
}

/// The natural model's puzzles: every 4×4, 6×6 and 8×8 of `data/`, and the 9×9 grids that
/// glpsol and cbc solve in under a second (the big-M relaxation is weak: seed000_exercise3,
/// seed003_minizinc and seed004_unique take from 5 s to over 10 minutes).
pub(super) fn natural_cases() -> Vec<Case> {
    let easy_9x9 = [
        "gen_9x9",
        "seed002_glpk_solution_9x9",
        "seed003_adaptive_search_9x9",
        "seed003_java_backtracking_9x9",
        "seed004_annex_9x9",
        "seed004_four_solutions_9x9",
        "seed004_no_solution_9x9",
        "seed004_two_solutions_9x9",
    ];
    let cases: Vec<Case> = data_cases()
        .into_iter()
        .filter(|c| c.n < 9 || easy_9x9.contains(&c.label.as_str()))
        .collect();
    for n in [4, 6, 9] {
        assert!(cases.iter().any(|c| c.n == n), "a {n}x{n} natural case");
    }
    cases
}

/// Line `k` (1-based) of a file.
pub(super) fn line_of(path: &Path, k: usize) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .nth(k - 1)
        .unwrap_or_else(|| panic!("{} has no line {k}", path.display()))
        .to_string()
}
