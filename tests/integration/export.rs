//! Exports proven by the real solvers: every `data/` puzzle and a sample of `../shared/data` is
//! exported as CPLEX LP and free MPS, solved by `glpsol --lp`, `glpsol --freemps` and `cbc` as
//! subprocesses, and their solutions are read back **by variable name** (glpsol's `-o` report,
//! cbc's `solu` file), decoded to a grid, checked by the test's own checker and compared with
//! HiGHS's grid (`sudoku-ilp solve --json`) when the puzzle has one solution; puzzles with no
//! solution must be reported infeasible. The GNU MathProg models solve the exported `.dat`.
//! HiGHS reads every export back and finds the built model's size. Exports are byte-identical
//! from run to run, and a golden file pins a small one.
//!
//! glpk-utils and coinor-cbc must be installed (`bash .ci/setup`).

use crate::common::{exe, is_solution, json_grid, line_givens, shared_data, tdoku_counts};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

// ---------------------------------------------------------------------------------------------
// Puzzles

/// One puzzle to export: where it is, what it holds, what is known about it.
#[derive(Debug, Clone)]
struct Case {
    label: String,
    file: PathBuf,
    /// `--line K` for line files.
    line: Option<usize>,
    givens: Vec<u32>,
    n: usize,
    box_shape: (usize, usize),
    /// Every house as cell indices, for puzzles with irregular regions or diagonals (then
    /// `box_shape` is unused); `None` for boxes.
    houses: Option<Vec<Vec<usize>>>,
    /// Known number of solutions, when the source says.
    solutions: Option<u64>,
}

impl Case {
    /// Arguments naming the puzzle on the command line.
    fn args(&self) -> Vec<String> {
        let mut args = vec![self.file.display().to_string()];
        if let Some(k) = self.line {
            args.extend(["--line".to_string(), k.to_string()]);
        }
        args
    }

    /// True when `grid` keeps the givens and fills every house with 1..n.
    fn is_valid(&self, grid: &[u32]) -> bool {
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

    fn stem(&self) -> String {
        self.label.replace(['/', ':', '.'], "_")
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every JSON puzzle under `data/`, sorted.
fn data_cases() -> Vec<Case> {
    crate::common::data_puzzles()
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
fn empty_row_case(dir: &Path) -> Case {
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

#[test]
fn rows_emptied_by_reduce_are_written_and_make_every_solver_report_infeasible() {
    let dir = tempfile::tempdir().unwrap();
    let case = empty_row_case(dir.path());
    let mut cmd = tool();
    cmd.args(["export", "--reduce", "--format", "lp"])
        .args(case.args());
    let lp = String::from_utf8(run(cmd).stdout).unwrap();
    assert!(lp.contains("\n cell_r1_c4: 0 x_r1_c1_v1 = 1\n"), "{lp}");
    assert!(lp.contains("\n row_r1_v4: 0 x_r1_c1_v1 = 1\n"), "{lp}");
    assert_eq!(highs_grid(&case), None, "HiGHS: infeasible");
    let mut failures = round_trip(&case, &["--reduce"], "binary", &None);
    failures.extend(round_trip(&case, &[], "binary", &None));
    assert_none(failures);
}

/// Rows, columns, the given third family of houses (region id per cell), and the diagonals.
fn houses_of(n: usize, regions: &[usize], diagonals: bool) -> Vec<Vec<usize>> {
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
fn json_case(
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
fn region_and_diagonal_cases(dir: &Path) -> Vec<Case> {
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

#[test]
fn regions_and_diagonals_solve_the_same_in_glpsol_cbc_and_the_gmpl_models() {
    let dir = tempfile::tempdir().unwrap();
    let cases = region_and_diagonal_cases(dir.path());
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        let mut failures = round_trip(case, &[], "binary", &highs);
        failures.extend(round_trip(case, &["--reduce"], "binary", &highs));
        let mut models = vec!["sudoku.mod"];
        if case.n == 4 {
            models.push("natural.mod");
            failures.extend(round_trip(case, &["--model", "natural"], "natural", &highs));
        }
        for model in models {
            if let Err(e) = gmpl_round_trip(case, model, &[]) {
                failures.push(format!("{} {model}: {e}", case.label));
            }
        }
        failures
    }));
}

fn data_case(stem: &str) -> Case {
    data_cases()
        .into_iter()
        .find(|c| c.label == stem)
        .unwrap_or_else(|| panic!("data/ has no {stem}.json"))
}

/// A line of a `../shared/data` collection, or `None` when the folder is absent.
fn shared_case(file: &str, line: usize, solutions: Option<u64>) -> Option<Case> {
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
fn shared_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// Running the tool and the solvers

fn tool() -> Command {
    Command::new(exe())
}

fn run(mut cmd: Command) -> Output {
    let shown = format!("{cmd:?}");
    cmd.output().unwrap_or_else(|e| {
        panic!("{shown}: {e} (glpsol and cbc come from glpk-utils and coinor-cbc: bash .ci/setup)")
    })
}

/// `sudoku-ilp export` of a case to `out`; panics with the tool's message on failure.
fn export(case: &Case, extra: &[&str], out: &Path) {
    let mut cmd = tool();
    cmd.arg("export")
        .args(case.args())
        .args(extra)
        .arg("-o")
        .arg(out);
    let output = run(cmd);
    assert!(
        output.status.success(),
        "{} export {extra:?}: {}",
        case.label,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// HiGHS's verdict through `sudoku-ilp solve --json`: the grid when solved, `None` when
/// infeasible.
fn highs_grid(case: &Case) -> Option<Vec<u32>> {
    let mut cmd = tool();
    cmd.arg("solve").arg("--json").args(case.args());
    let output = run(cmd);
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    match doc["status"].as_str() {
        Some("solved") => Some(json_grid(&doc)),
        Some("infeasible") => None,
        other => panic!("{}: HiGHS status {other:?}", case.label),
    }
}

/// What an external solver reported.
#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    /// Column values by name (names a solver leaves out are 0).
    Solved(HashMap<String, f64>),
    Infeasible,
}

/// Solves with glpsol (`args` name the model file and any options) and reads the `-o` report.
fn glpsol(args: &[&str], report: &Path) -> Result<Verdict, String> {
    let mut cmd = Command::new("glpsol");
    cmd.args(args).arg("-o").arg(report);
    let output = run(cmd);
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("glpsol {args:?} failed: {stdout}"));
    }
    let text =
        std::fs::read_to_string(report).map_err(|e| format!("glpsol wrote no report: {e}"))?;
    parse_glpsol_report(&text)
}

/// glpsol's printable report: the `Status:` line and the column table, where a name longer than
/// 12 characters sits alone on its line and its values follow on the next one.
fn parse_glpsol_report(text: &str) -> Result<Verdict, String> {
    let status = text
        .lines()
        .find_map(|l| l.strip_prefix("Status:"))
        .ok_or("no Status line")?
        .trim();
    match status {
        // With --minisat glpsol reports a feasible point as NON-OPTIMAL: for these
        // feasibility models (minimise 0) every feasible point is a solution.
        "INTEGER OPTIMAL" | "OPTIMAL" | "INTEGER NON-OPTIMAL" => {}
        "INTEGER EMPTY" | "INFEASIBLE (FINAL)" => return Ok(Verdict::Infeasible),
        other => return Err(format!("glpsol status {other}")),
    }
    let mut lines = text
        .lines()
        .skip_while(|l| !l.contains("Column name"))
        .skip(2);
    let mut values = HashMap::new();
    while let Some(line) = lines.next() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() < 2 || tokens[0].parse::<usize>().is_err() {
            break;
        }
        let name = tokens[1].to_string();
        let rest: Vec<&str> = if tokens.len() > 2 {
            tokens[2..].to_vec()
        } else {
            lines
                .next()
                .ok_or("truncated report")?
                .split_whitespace()
                .collect()
        };
        let activity = rest
            .iter()
            .find_map(|t| t.parse::<f64>().ok())
            .ok_or_else(|| format!("no value for {name}"))?;
        values.insert(name, activity);
    }
    Ok(Verdict::Solved(values))
}

/// Solves a model file with cbc and reads its `solu` file (`index name value cost` per line).
fn cbc(model: &Path, solution: &Path) -> Result<Verdict, String> {
    let mut cmd = Command::new("cbc");
    cmd.arg(model).args(["solve", "solu"]).arg(solution);
    let output = run(cmd);
    if !output.status.success() {
        return Err(format!(
            "cbc failed: {}",
            String::from_utf8_lossy(&output.stdout)
        ));
    }
    let text =
        std::fs::read_to_string(solution).map_err(|e| format!("cbc wrote no solution: {e}"))?;
    let mut lines = text.lines();
    let status = lines.next().unwrap_or("");
    if status.contains("nfeasible") {
        return Ok(Verdict::Infeasible);
    }
    if !status.starts_with("Optimal") {
        return Err(format!("cbc status {status:?}"));
    }
    let mut values = HashMap::new();
    for line in lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let [_, name, value, ..] = tokens[..] else {
            return Err(format!("cbc solution line {line:?}"));
        };
        values.insert(
            name.to_string(),
            value.parse::<f64>().map_err(|e| e.to_string())?,
        );
    }
    Ok(Verdict::Solved(values))
}

/// A grid from column values by name: `x_r{r}_c{c}_v{v}` = 1 (binary model) or
/// `v_r{r}_c{c}` = value (natural model). A cell with no value or two values is 0.
fn decode(values: &HashMap<String, f64>, n: usize) -> Vec<u32> {
    let mut grid = vec![0u32; n * n];
    let mut count = vec![0u32; n * n];
    let index = |r: &str, c: &str| -> Option<usize> {
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        (1..=n).contains(&r).then_some(())?;
        (1..=n).contains(&c).then_some((r - 1) * n + c - 1)
    };
    for (name, &value) in values {
        let parts: Vec<&str> = name.split('_').collect();
        match parts[..] {
            ["x", r, c, v] if value > 0.5 => {
                let (Some(r), Some(c), Some(v)) = (
                    r.strip_prefix('r'),
                    c.strip_prefix('c'),
                    v.strip_prefix('v'),
                ) else {
                    continue;
                };
                if let (Some(i), Ok(v)) = (index(r, c), v.parse::<u32>()) {
                    grid[i] = v;
                    count[i] += 1;
                }
            }
            ["v", r, c] => {
                if let (Some(r), Some(c)) = (r.strip_prefix('r'), c.strip_prefix('c')) {
                    if let Some(i) = index(r, c) {
                        grid[i] = value.round() as u32;
                        count[i] += 1;
                    }
                }
            }
            _ => {}
        }
    }
    grid.iter()
        .zip(&count)
        .map(|(&v, &k)| if k == 1 { v } else { 0 })
        .collect()
}

/// Checks one solver's verdict against what is known about the case; `Err` says what is wrong.
fn judge(
    case: &Case,
    highs: &Option<Vec<u32>>,
    verdict: Result<Verdict, String>,
) -> Result<(), String> {
    match (verdict?, highs) {
        (Verdict::Infeasible, None) => Ok(()),
        (Verdict::Infeasible, Some(_)) => Err("reported infeasible, HiGHS solved it".into()),
        (Verdict::Solved(_), None) => Err("reported a solution, HiGHS proved there is none".into()),
        (Verdict::Solved(values), Some(theirs)) => {
            let grid = decode(&values, case.n);
            if !case.is_valid(&grid) {
                return Err(format!("not a solution: {grid:?}"));
            }
            if case.solutions == Some(1) && &grid != theirs {
                return Err("a different grid from HiGHS's on a unique puzzle".into());
            }
            Ok(())
        }
    }
}

/// Runs `job` over `items` on two worker threads and collects every failure message.
fn for_each_parallel<T: Sync>(items: &[T], job: impl Fn(&T) -> Vec<String> + Sync) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                let found = job(item);
                failures.lock().unwrap().extend(found);
            });
        }
    });
    failures.into_inner().unwrap()
}

/// glpsol's branch and bound needs 15–40 s on this 16×16 grid (92 givens); its built-in
/// MiniSat (`--minisat`, for 0/1 models with integer coefficients) reads the same file and
/// solves it in 0.1 s.
fn glpsol_options(case: &Case, model: &str) -> Vec<&'static str> {
    if model == "binary" && case.label == "gen_16x16" {
        vec!["--minisat"]
    } else {
        vec![]
    }
}

/// Exports a case as LP and free MPS with `extra` options, solves both files with glpsol and
/// cbc, and checks every answer. Returns the failures.
fn round_trip(case: &Case, extra: &[&str], model: &str, highs: &Option<Vec<u32>>) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let lp = dir.path().join(format!("{}.lp", case.stem()));
    let mps = dir.path().join(format!("{}.mps", case.stem()));
    export(case, extra, &lp);
    export(case, extra, &mps);
    let report = dir.path().join("glpsol.txt");
    let solu = dir.path().join("cbc.txt");
    let options = glpsol_options(case, model);
    let (lp_s, mps_s) = (lp.to_str().unwrap(), mps.to_str().unwrap());
    let runs: Vec<(&str, Result<Verdict, String>)> = vec![
        (
            "glpsol --lp",
            glpsol(&[&["--lp", lp_s][..], &options].concat(), &report),
        ),
        (
            "glpsol --freemps",
            glpsol(&[&["--freemps", mps_s][..], &options].concat(), &report),
        ),
        ("cbc LP", cbc(&lp, &solu)),
        ("cbc MPS", cbc(&mps, &solu)),
    ];
    runs.into_iter()
        .filter_map(|(solver, verdict)| {
            judge(case, highs, verdict)
                .err()
                .map(|e| format!("{} {extra:?} with {solver}: {e}", case.label))
        })
        .collect()
}

fn assert_none(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Round trips through glpsol and cbc

#[test]
fn every_data_puzzle_binary_model_solves_the_same_in_glpsol_and_cbc() {
    let cases = data_cases();
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        if case.solutions == Some(0) {
            assert!(
                highs.is_none(),
                "{}: HiGHS solved a puzzle with no solution",
                case.label
            );
        }
        round_trip(case, &[], "binary", &highs)
    }));
}

#[test]
fn every_data_puzzle_reduced_binary_model_solves_the_same_in_glpsol_and_cbc() {
    let cases = data_cases();
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        round_trip(case, &["--reduce"], "binary", &highs)
    }));
}

#[test]
fn shared_sample_binary_model_solves_the_same_in_glpsol_and_cbc() {
    let cases = shared_cases();
    if cases.is_empty() {
        return;
    }
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        match case.solutions {
            Some(0) => assert!(highs.is_none(), "{}: HiGHS found a grid", case.label),
            Some(_) => assert!(highs.is_some(), "{}: HiGHS found none", case.label),
            None => {}
        }
        let mut failures = round_trip(case, &[], "binary", &highs);
        failures.extend(round_trip(case, &["--reduce"], "binary", &highs));
        failures
    }));
}

/// The natural model's puzzles: every 4×4, 6×6 and 8×8 of `data/`, and the 9×9 grids that
/// glpsol and cbc solve in under a second (the big-M relaxation is weak: seed000_exercise3,
/// seed003_minizinc and seed004_unique take from 5 s to over 10 minutes).
fn natural_cases() -> Vec<Case> {
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

#[test]
fn natural_model_solves_the_same_in_glpsol_and_cbc() {
    let cases = natural_cases();
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        // natural-strong adds ≤ rows (exclusions) and house sums to the ≥ rows of the big-M pairs.
        let mut failures = round_trip(case, &["--model", "natural"], "natural", &highs);
        failures.extend(round_trip(
            case,
            &["--model", "natural-strong"],
            "natural",
            &highs,
        ));
        failures
    }));
}

// ---------------------------------------------------------------------------------------------
// GNU MathProg

/// The grid glpsol prints after `SOLUTION` (boxed rows between `|`, or plain rows of numbers for
/// irregular regions), or `None` when it proved there is none.
fn gmpl_grid(stdout: &str, n: usize) -> Result<Option<Vec<u32>>, String> {
    if [
        "NO PRIMAL FEASIBLE",
        "NO INTEGER FEASIBLE",
        "UNSATISFIABLE",
        "NO SOLUTION",
    ]
    .iter()
    .any(|m| stdout.contains(m))
    {
        return Ok(None);
    }
    let start = stdout.find("\nSOLUTION\n").ok_or("no SOLUTION block")?;
    let values: Vec<u32> = stdout[start..]
        .lines()
        .skip(2)
        .take_while(|l| {
            !l.trim().is_empty()
                && l.split_whitespace()
                    .all(|t| t == "|" || t.starts_with('+') || t.parse::<u32>().is_ok())
        })
        .flat_map(|l| l.split_whitespace().filter_map(|t| t.parse().ok()))
        .collect();
    if values.len() != n * n {
        return Err(format!("{} values printed", values.len()));
    }
    Ok(Some(values))
}

fn gmpl_round_trip(case: &Case, model: &str, options: &[&str]) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let dat = dir.path().join(format!("{}.dat", case.stem()));
    export(case, &[], &dat);
    let mut cmd = Command::new("glpsol");
    cmd.args(options)
        .arg("-m")
        .arg(root().join("models").join(model))
        .arg("-d")
        .arg(&dat);
    let output = run(cmd);
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("glpsol {model} failed:\n{stdout}"));
    }
    let highs = highs_grid(case);
    match (gmpl_grid(&stdout, case.n)?, &highs) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err("glpsol found no grid, HiGHS did".into()),
        (Some(_), None) => Err("glpsol printed a grid, HiGHS proved there is none".into()),
        (Some(grid), Some(theirs)) => {
            if !case.is_valid(&grid) {
                return Err(format!("printed grid is not a solution: {grid:?}"));
            }
            if case.solutions == Some(1) && &grid != theirs {
                return Err("a different grid from HiGHS's on a unique puzzle".into());
            }
            Ok(())
        }
    }
}

#[test]
fn sudoku_mod_solves_every_exported_dat() {
    let mut cases = data_cases();
    cases.extend(shared_case("grid16_janko.txt", 1, Some(1)));
    for n in [4, 9, 16] {
        assert!(cases.iter().any(|c| c.n == n), "a {n}x{n} GMPL case");
    }
    assert_none(for_each_parallel(&cases, |case| {
        let options = glpsol_options(case, "binary");
        gmpl_round_trip(case, "sudoku.mod", &options)
            .err()
            .map(|e| format!("{} sudoku.mod: {e}", case.label))
            .into_iter()
            .collect()
    }));
}

#[test]
fn natural_mod_solves_the_natural_cases() {
    let cases = natural_cases();
    assert_none(for_each_parallel(&cases, |case| {
        gmpl_round_trip(case, "natural.mod", &[])
            .err()
            .map(|e| format!("{} natural.mod: {e}", case.label))
            .into_iter()
            .collect()
    }));
}

// ---------------------------------------------------------------------------------------------
// Fixed MPS through glpsol's converter, as models/README.md describes

/// Column names of a free MPS file in order (first field of each COLUMNS line).
fn mps_columns(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let section = text
        .lines()
        .skip_while(|l| *l != "COLUMNS")
        .skip(1)
        .take_while(|l| l.starts_with(' '));
    for line in section {
        let name = line.split_whitespace().next().unwrap();
        if name != "MARKER" && names.last().map(String::as_str) != Some(name) {
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn fixed_mps_from_glpsol_wmps_solves_with_short_names() {
    for (stem, extra) in [
        ("seed004_unique_9x9", &[][..]),
        ("gen_6x6_2x3", &["--reduce"][..]),
    ] {
        let case = data_case(stem);
        let dir = tempfile::tempdir().unwrap();
        let free = dir.path().join("free.mps");
        let fixed = dir.path().join("fixed.mps");
        export(&case, extra, &free);
        let mut cmd = Command::new("glpsol");
        cmd.arg("--freemps")
            .arg(&free)
            .arg("--check")
            .arg("--wmps")
            .arg(&fixed);
        assert!(run(cmd).status.success(), "{stem}: glpsol --wmps");
        let fixed_text = std::fs::read_to_string(&fixed).unwrap();
        for line in fixed_text.lines().filter(|l| l.starts_with(' ')) {
            let first = line.split_whitespace().next().unwrap();
            let name = if ["N", "E", "L", "G", "UP", "LO", "FX", "BV", "MI", "FR"].contains(&first)
            {
                line.split_whitespace().last().unwrap()
            } else {
                first
            };
            assert!(
                name.len() <= 8 || name.starts_with('\''),
                "{stem}: {name} in fixed MPS"
            );
        }
        let columns = mps_columns(&std::fs::read_to_string(&free).unwrap());
        let report = dir.path().join("report.txt");
        let verdict = glpsol(&["--mps", fixed.to_str().unwrap()], &report).unwrap();
        let Verdict::Solved(values) = verdict else {
            panic!("{stem}: fixed MPS infeasible")
        };
        // glpsol names a column it had to shorten C{position:07}.
        let renamed: HashMap<String, f64> = values
            .into_iter()
            .map(
                |(name, v)| match name.strip_prefix('C').and_then(|k| k.parse::<usize>().ok()) {
                    Some(k) if name.len() == 8 => (columns[k - 1].clone(), v),
                    _ => (name, v),
                },
            )
            .collect();
        judge(&case, &highs_grid(&case), Ok(Verdict::Solved(renamed)))
            .unwrap_or_else(|e| panic!("{stem} fixed MPS: {e}"));
    }
}

// ---------------------------------------------------------------------------------------------
// HiGHS reads the exports back

#[test]
fn highs_reads_every_export_back_with_the_built_size_and_names() {
    use sudoku_ilp::export::{lp, mps};
    use sudoku_ilp::formulation::{binary::Binary, natural::Natural, Formulation};
    use sudoku_ilp::input::{parse_puzzle, ParseOptions};
    use sudoku_ilp::solve::read::read_model;

    let dir = tempfile::tempdir().unwrap();
    let natural: Vec<String> = natural_cases().into_iter().map(|c| c.label).collect();
    let mut checked = 0;
    // HiGHS in this process: one thread, one model at a time (docs/highs.md, "Threads").
    let cases = data_cases().into_iter().chain(shared_cases());
    let extra = region_and_diagonal_cases(dir.path());
    for case in cases.chain([empty_row_case(dir.path())]).chain(extra) {
        let text = std::fs::read_to_string(&case.file).unwrap();
        let options = ParseOptions {
            line: case.line,
            ..ParseOptions::default()
        };
        let puzzle = parse_puzzle(&case.label, &text, options).unwrap();
        let mut formulations: Vec<Box<dyn Formulation>> = vec![
            Box::new(Binary {
                reduce: false,
                ..Binary::default()
            }),
            Box::new(Binary {
                reduce: true,
                ..Binary::default()
            }),
        ];
        if natural.contains(&case.label) {
            formulations.push(Box::new(Natural::textbook()));
            formulations.push(Box::new(Natural::strengthened()));
        }
        for formulation in formulations {
            let model = formulation.build(&puzzle);
            let names: Vec<String> = model
                .variables
                .iter_variables_with_def()
                .map(|(_, d)| d.get_name().to_string())
                .collect();
            for (ext, text) in [
                ("lp", lp::write(&puzzle, &model).unwrap()),
                ("mps", mps::write(&puzzle, &model).unwrap()),
            ] {
                let path = dir.path().join(format!("model.{ext}"));
                std::fs::write(&path, text).unwrap();
                let read = read_model(&path).unwrap();
                let what = format!("{} {} .{ext}", case.label, model.label);
                assert_eq!(read.size, model.size(), "{what}: size as HiGHS reads it");
                // MPS keeps the model's column order; an LP file has none, and readers number
                // columns by first appearance (the natural model's rows interleave v and y).
                let mut read_names = read.column_names;
                let mut built_names = names.clone();
                if ext == "lp" {
                    read_names.sort();
                    built_names.sort();
                }
                assert_eq!(read_names, built_names, "{what}: column names");
                checked += 1;
            }
        }
    }
    assert!(checked >= 80, "{checked} files read back");
}

// ---------------------------------------------------------------------------------------------
// Determinism and the golden file

fn export_stdout(args: &[&str]) -> Vec<u8> {
    let mut cmd = tool();
    cmd.arg("export").args(args);
    let output = run(cmd);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

#[test]
fn exports_are_byte_identical_from_run_to_run() {
    // Each run is a new process. good_lp's FNV hash maps list a row's terms in the same order
    // in every process, but not in column order (the golden files catch a missing sort); this
    // guards against any other source of variation, such as a std HashMap with its random seed.
    let unique = root().join("data/seeds/seed004_unique_9x9.json");
    let six = root().join("data/generated/gen_6x6_2x3.json");
    let (unique, six) = (unique.to_str().unwrap(), six.to_str().unwrap());
    for args in [
        vec![unique, "--format", "lp"],
        vec![unique, "--format", "mps"],
        vec![unique, "--format", "lp", "--reduce"],
        vec![unique, "--format", "mps", "--reduce"],
        vec![unique, "--format", "gmpl-data"],
        vec![six, "--format", "lp", "--model", "natural"],
        vec![six, "--format", "mps", "--model", "natural"],
    ] {
        let first = export_stdout(&args);
        for _ in 0..2 {
            assert!(
                first == export_stdout(&args),
                "{args:?} differs between runs"
            );
        }
    }
}

/// `tests/golden/NAME` against `sudoku-ilp export` of the 4×4 annex grid; set UPDATE_GOLDEN=1
/// to rewrite the files after an intended change (and review the diff).
#[test]
fn golden_files_pin_the_4x4_exports() {
    let puzzle = root().join("data/seeds/seed004_annex_4x4.json");
    let puzzle = puzzle.to_str().unwrap();
    for (golden, format) in [
        ("seed004_annex_4x4.lp", "lp"),
        ("seed004_annex_4x4.mps", "mps"),
        ("seed004_annex_4x4.dat", "gmpl-data"),
    ] {
        let path = root().join("tests/golden").join(golden);
        let actual = String::from_utf8(export_stdout(&[puzzle, "--format", format])).unwrap();
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&path, &actual).unwrap();
        }
        let expected = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
        if actual != expected {
            let line = actual
                .lines()
                .zip(expected.lines())
                .position(|(a, e)| a != e);
            panic!(
                "{golden} changed (first different line: {line:?}); UPDATE_GOLDEN=1 rewrites it"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command line

fn export_fails(args: &[&str]) -> String {
    let mut cmd = tool();
    cmd.arg("export").args(args);
    let output = run(cmd);
    assert_eq!(output.status.code(), Some(2), "{args:?}: exit 2");
    assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr.lines().count(),
        1,
        "{args:?}: one line, got {stderr:?}"
    );
    assert!(stderr.starts_with("sudoku-ilp: "), "{stderr}");
    stderr
}

#[test]
fn bad_usage_is_one_line_and_exit_2() {
    let p = root().join("data/seeds/seed004_annex_4x4.json");
    let p = p.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("out.txt");
    let mps = dir.path().join("out.mps");
    let missing_dir = dir.path().join("no/such/dir/out.lp");
    assert!(export_fails(&[p]).contains("--format"));
    assert!(export_fails(&[p, "-o", txt.to_str().unwrap()]).contains("cannot tell the format"));
    assert!(
        export_fails(&[p, "--format", "lp", "-o", mps.to_str().unwrap()])
            .contains("does not match")
    );
    assert!(export_fails(&[p, "--format", "gmpl-data", "--reduce"]).contains("--reduce"));
    for format in ["cnf", "col", "dzn"] {
        let err = export_fails(&[p, "--format", format, "--model", "natural", "--sums"]);
        assert!(err.contains("written from the puzzle alone"), "{err}");
    }
    assert!(
        export_fails(&[p, "--format", "lp", "-o", missing_dir.to_str().unwrap()])
            .contains("cannot write")
    );
    assert!(export_fails(&["no-such-file.json", "--format", "lp"]).contains("no such file"));
    assert!(!txt.exists() && !mps.exists());
}

#[test]
fn format_is_inferred_from_the_extension_and_help_has_an_example() {
    let p = root().join("data/seeds/seed004_annex_4x4.json");
    let dir = tempfile::tempdir().unwrap();
    for (name, start) in [
        ("m.lp", "\\ sudoku-ilp export"),
        ("m.mps", "* sudoku-ilp export"),
        ("m.dat", "# sudoku-ilp export"),
    ] {
        let out = dir.path().join(name);
        let mut cmd = tool();
        cmd.arg("export").arg(&p).arg("-o").arg(&out);
        let output = run(cmd);
        assert!(
            output.status.success() && output.stdout.is_empty(),
            "{name}"
        );
        assert!(
            std::fs::read_to_string(&out).unwrap().starts_with(start),
            "{name}"
        );
    }
    let mut cmd = tool();
    cmd.args(["export", "--help"]);
    let help = String::from_utf8(run(cmd).stdout).unwrap();
    assert!(
        help.contains("Example:") && help.contains("--format"),
        "{help}"
    );
}
