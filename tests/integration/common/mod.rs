//! Helpers shared by the integration tests: where the shared puzzle collections are, and a
//! checker written here, independently of the library's.
#![allow(dead_code)]

pub mod brute;
pub mod counter;
pub mod killer_lines;
pub mod random_puzzle;

use std::path::{Path, PathBuf};
use sudoku_ilp::check::certificate::{CandidateState, CertificateError, TextRow};
use sudoku_ilp::check::summed::check_certificate;
use sudoku_ilp::hint::Candidates;
use sudoku_ilp::limits::Limits;

/// A limit only a hang reaches: the tests that pass it assert results, not times.
pub const NO_HANG: Limits = Limits { time_limit: 3600.0 };

/// The path of a file in `../shared/data`, or `None` (with a visible SKIPPED message) when the
/// shared folder is absent, as on a clone without its neighbours. With `CI` set the absence is a
/// failure: CI always has the folder, so a skip there would hide a bug. `SUDOKU_ILP_SHARED_DATA`
/// names another folder (for a checkout that does not sit beside `shared`, e.g. a git worktree).
pub fn shared_data(name: &str) -> Option<PathBuf> {
    let folder = std::env::var_os("SUDOKU_ILP_SHARED_DATA").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let path = folder.join(name);
    if path.exists() {
        Some(path)
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is absent, and CI is set: CI always has ../shared/data, so a skip would hide a bug",
            path.display()
        );
        eprintln!(
            "SKIPPED: {} is absent (../shared is not beside the repository)",
            path.display()
        );
        None
    }
}

/// One HiGHS user at a time inside this test binary: tests that solve or read a model in-process
/// hold this guard (HiGHS instances must not live in several threads at once, docs/highs.md).
pub fn highs_lock() -> std::sync::MutexGuard<'static, ()> {
    static HIGHS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HIGHS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Every puzzle line of a collection file, with its 1-based line number.
pub fn lines(path: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Line `k` (1-based) of the shared file `file`; `None` (SKIPPED) without `../shared/data`.
pub fn shared_line(file: &str, k: usize) -> Option<String> {
    let path = shared_data(file)?;
    lines(&path)
        .into_iter()
        .find(|(n, _)| *n == k)
        .map(|(_, l)| l)
}

/// Every `step`-th puzzle of a shared collection (at most `count`) as a file `puzzles.txt` in
/// `dir`, after a comment line, with `extra` text (comments, blank or bad lines) put before the
/// puzzle of each given index: not puzzle lines, so line numbers and shards must skip or report
/// them. `None` when `../shared/data` is absent.
pub fn sample_file(
    dir: &Path,
    name: &str,
    step: usize,
    count: usize,
    extra: &[(usize, &str)],
) -> Option<PathBuf> {
    let source = shared_data(name)?;
    let mut text = String::from("# a sample\n");
    for (i, (_, line)) in lines(&source).iter().step_by(step).take(count).enumerate() {
        for (_, inserted) in extra.iter().filter(|(at, _)| *at == i) {
            text += inserted;
        }
        text += line;
        text += "\n";
    }
    let path = dir.join("puzzles.txt");
    std::fs::write(&path, text).unwrap();
    Some(path)
}

/// `PATH` with the tested binary's folder first, for shell recipes that call `sudoku-ilp`.
pub fn path_with_exe() -> String {
    format!(
        "{}:{}",
        exe().parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// The first ```` ```sh ```` block after `marker` in a file of `docs/`, verbatim.
pub fn doc_block(doc: &str, marker: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(doc);
    let text = std::fs::read_to_string(path).unwrap();
    let after = &text[text.find(marker).expect("the marker is in the doc")..];
    let start = after.find("```sh\n").unwrap() + "```sh\n".len();
    after[start..start + after[start..].find("```").unwrap()].to_string()
}

/// Runs an external program (a solver, a browser), asserting that it succeeded; its output.
pub fn run_ok(cmd: &mut std::process::Command) -> std::process::Output {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The solution of a 9×9 grid (givens row-major, 0 = empty) by the `sudoku` crate: a reference
/// that shares nothing with this library.
pub fn sudoku_crate_solution(givens: &[u32]) -> Vec<u32> {
    let line: String = givens
        .iter()
        .map(|&v| char::from_digit(v, 10).unwrap())
        .collect();
    let theirs = sudoku::Sudoku::from_str_line(&line)
        .unwrap()
        .solution()
        .expect("the sudoku crate finds a solution");
    theirs.to_bytes().iter().map(|&b| b as u32).collect()
}

/// The puzzles of `tdoku_test_puzzles.txt` (43 lines, some with repeated givens, none or
/// several solutions) with their reference counts, as (line number, line, count), or `None` when
/// `../shared/data` is absent.
pub fn tdoku_counts() -> Option<Vec<(usize, String, u64)>> {
    let (puzzles, counts) = (
        shared_data("tdoku_test_puzzles.txt")?,
        shared_data("tdoku_test_puzzles.solcount.txt")?,
    );
    let counts: Vec<u64> = std::fs::read_to_string(counts)
        .unwrap()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    let puzzles = lines(&puzzles);
    assert_eq!((puzzles.len(), counts.len()), (43, 43));
    Some(
        puzzles
            .into_iter()
            .zip(counts)
            .map(|((number, line), count)| (number, line, count))
            .collect(),
    )
}

/// The lines of [`tdoku_counts`] that the strict parser reads, as (line number, line, count,
/// puzzle); the lines it refuses (repeated givens) must be those with 0 solutions.
pub fn tdoku_puzzles() -> Option<Vec<(usize, String, u64, sudoku_ilp::puzzle::Puzzle)>> {
    let mut parsed = Vec::new();
    for (number, line, count) in tdoku_counts()? {
        match sudoku_ilp::input::parse_line(&line, None) {
            Ok(puzzle) => parsed.push((number, line, count, puzzle)),
            Err(_) => assert_eq!(count, 0, "line {number} is refused but has solutions"),
        }
    }
    Some(parsed)
}

/// The puzzles of a collection with their published solutions (`<stem>.solutions.txt`, one
/// line per puzzle), as (line number, puzzle line, solution line), or `None` when
/// `../shared/data` is absent.
pub fn with_solutions(file: &str) -> Option<Vec<(usize, String, String)>> {
    let solutions = file.replace(".txt", ".solutions.txt");
    let (puzzles, solutions) = (shared_data(file)?, shared_data(&solutions)?);
    let (puzzles, solutions) = (lines(&puzzles), lines(&solutions));
    assert_eq!(puzzles.len(), solutions.len(), "{file}");
    Some(
        puzzles
            .into_iter()
            .zip(solutions)
            .map(|((number, line), (_, solution))| (number, line, solution))
            .collect(),
    )
}

/// Givens of a line (81 characters, or n² space-separated integers), row-major, 0 = empty.
pub fn line_givens(line: &str) -> Vec<u32> {
    if line.contains(' ') {
        line.split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    } else {
        line.chars().map(|c| c.to_digit(10).unwrap_or(0)).collect()
    }
}

/// True when `grid` (n×n, row-major) keeps every given and every row, column and
/// `box_rows`×`box_cols` box holds 1..n once.
pub fn is_solution(givens: &[u32], grid: &[u32], box_rows: usize, box_cols: usize) -> bool {
    let n = box_rows * box_cols;
    if grid.len() != n * n || givens.len() != n * n {
        return false;
    }
    if givens.iter().zip(grid).any(|(&g, &v)| g != 0 && g != v) {
        return false;
    }
    let complete = |cells: Vec<usize>| {
        let mut values: Vec<u32> = cells.into_iter().map(|i| grid[i]).collect();
        values.sort_unstable();
        values == (1..=n as u32).collect::<Vec<_>>()
    };
    (0..n).all(|k| {
        let (br, bc) = (
            (k / (n / box_cols)) * box_rows,
            (k % (n / box_cols)) * box_cols,
        );
        complete((0..n).map(|c| k * n + c).collect())
            && complete((0..n).map(|r| r * n + k).collect())
            && complete(
                (0..n)
                    .map(|i| (br + i / box_cols) * n + bc + i % box_cols)
                    .collect(),
            )
    })
}

/// The `"grid"` of a `solve --json` output, flattened.
pub fn json_grid(doc: &serde_json::Value) -> Vec<u32> {
    doc["grid"]
        .as_array()
        .expect("a grid")
        .iter()
        .flat_map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as u32)
        })
        .collect()
}

/// A puzzle of the repository's `data/` folder, as its JSON file states it.
pub struct DataPuzzle {
    pub path: PathBuf,
    pub n: usize,
    /// Row-major givens, 0 = empty.
    pub givens: Vec<u32>,
    /// Box rows × columns (square boxes unless the file gives `"box"`).
    pub box_shape: (usize, usize),
    /// The `"solutions"` field, when the file states it.
    pub solutions: Option<u64>,
}

/// Every JSON puzzle under `data/` without variant rules (a file with `"rules"`, such as
/// `data/variants/`, is left out, and so is an f-puzzles document, `*.fpz.json`), sorted by
/// path.
pub fn data_puzzles() -> Vec<DataPuzzle> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("data")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                // data/lessons holds lessons (docs/lessons.md), not puzzles.
                if !path.ends_with("lessons") {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(
        files.len() >= 20,
        "data/ holds the seed and generated grids"
    );
    files
        .into_iter()
        .map(|path| {
            let meta: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            (path, meta)
        })
        // The project's own JSON without rules: f-puzzles files (`.fpz.json`) carry their rules
        // under f-puzzles' keys and are read by the variant tests.
        .filter(|(path, meta)| {
            meta.get("rules").is_none() && !path.to_string_lossy().ends_with(".fpz.json")
        })
        .map(|(path, meta)| {
            let rows = meta["grid"].as_array().expect("grid as rows of integers");
            let n = rows.len();
            let givens = grid_values(&meta["grid"]);
            let box_shape = match meta["box"].as_array() {
                Some(b) => (
                    b[0].as_u64().unwrap() as usize,
                    b[1].as_u64().unwrap() as usize,
                ),
                None => {
                    let s = (n as f64).sqrt() as usize;
                    (s, s)
                }
            };
            DataPuzzle {
                path,
                n,
                givens,
                box_shape,
                solutions: meta["solutions"].as_u64(),
            }
        })
        .collect()
}

/// The `sudoku-ilp` binary cargo built for this test run (for tests that spawn it themselves:
/// signals, pipes, `/dev/full`, a `PATH` for a shell recipe).
pub fn exe() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudoku-ilp"))
}

/// The binary as an `assert_cmd` command, for tests that need more than [`run`] (a working
/// folder, a timeout, bytes on standard input).
pub fn cli() -> assert_cmd::Command {
    assert_cmd::Command::new(exe())
}

/// Runs the binary with `args` and `stdin`: exit code, standard output, standard error. Asserts
/// that the process ended with an exit code (no signal) and did not panic.
pub fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = cli();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_string());
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
    )
}

/// [`run`], with standard output read as one JSON value (`Null` when it is not JSON).
pub fn run_json(args: &[&str], stdin: Option<&str>) -> (i32, serde_json::Value, String) {
    let (code, stdout, stderr) = run(args, stdin);
    let doc = serde_json::from_str(&stdout).unwrap_or(serde_json::Value::Null);
    (code, doc, stderr)
}

/// A puzzle of the repository's `data/seeds/` (the seed documents' grids).
pub fn seed(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/seeds")
        .join(name)
}

/// [`seed`] as a command-line argument.
pub fn seed_arg(name: &str) -> String {
    seed(name).to_string_lossy().into_owned()
}

/// The givens of a JSON seed grid, row-major, 0 = empty.
pub fn seed_givens(name: &str) -> Vec<u32> {
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(seed(name)).unwrap()).unwrap();
    json_grid(&doc)
}

/// The puzzles of `edge_cases_9x9.txt` that the strict parser reads, with their reference
/// counts from the meta file (the second field: a number, or `>=N`), as (line number, line,
/// count, puzzle), or `None` when `../shared/data` is absent. The lines the parser refuses
/// (repeated givens) must be those with 0 solutions.
pub fn edge_cases() -> Option<Vec<(usize, String, String, sudoku_ilp::puzzle::Puzzle)>> {
    let (puzzles, meta) = (
        shared_data("edge_cases_9x9.txt")?,
        shared_data("edge_cases_9x9.meta.tsv")?,
    );
    let meta = std::fs::read_to_string(meta).unwrap();
    let counts = meta.lines().skip(1).map(|l| l.split('\t').nth(1).unwrap());
    let mut parsed = Vec::new();
    for ((number, line), count) in lines(&puzzles).into_iter().zip(counts) {
        match sudoku_ilp::input::parse_line(&line, None) {
            Ok(puzzle) => parsed.push((number, line, count.to_string(), puzzle)),
            Err(_) => assert_eq!(count, "0", "line {number} is refused but has solutions"),
        }
    }
    Some(parsed)
}

/// A grid's values, row-major, as the checker above takes them.
pub fn grid_u32(grid: &sudoku_ilp::puzzle::Grid) -> Vec<u32> {
    grid.values.iter().map(|&v| v as u32).collect()
}

/// A variant collection's file: the repository's `data/variants/FILE` when the project keeps it
/// (`fpuzzles_outside.*`), else `../shared/data/variants/FILE` (`None` without the shared folder,
/// a failure under `CI`).
pub fn variant_file(file: &str) -> Option<PathBuf> {
    let own = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/variants")
        .join(file);
    match own.is_file() {
        true => Some(own),
        false => shared_data(&format!("variants/{file}")),
    }
}

/// Every `every`-th line of `data/variants/FILE` or `../shared/data/variants/FILE` with its solution line as digits
/// (empty when the shared folder is absent).
pub fn variant_sample(file: &str, every: usize) -> Vec<(usize, String, Vec<u8>)> {
    let Some(path) = variant_file(file) else {
        return Vec::new();
    };
    let stem = file.split('.').next().unwrap();
    let answers = lines(&variant_file(&format!("{stem}.solutions.txt")).unwrap());
    lines(&path)
        .into_iter()
        .zip(answers)
        .step_by(every)
        .map(|((number, line), (_, answer))| {
            let grid = answer.bytes().map(|b| b - b'0').collect();
            (number, line, grid)
        })
        .collect()
}

/// The values of a JSON grid given as rows of integers, row by row.
pub fn grid_values(rows: &serde_json::Value) -> Vec<u32> {
    let rows = rows.as_array().expect("grid as rows of integers");
    rows.iter()
        .flat_map(|r| r.as_array().unwrap().iter())
        .map(|v| v.as_u64().unwrap() as u32)
        .collect()
}

/// The state of candidate (1-based row, column, value) in `g`, as the certificate checker reads
/// it: placed, open or removed.
pub fn candidate_state(g: &Candidates, r: usize, c: usize, v: usize) -> CandidateState {
    let cell = (r - 1) * g.n + c - 1;
    if g.value[cell] == v as u8 {
        CandidateState::Placed
    } else if g.value[cell] == 0 && g.has(cell, v as u8) {
        CandidateState::Open
    } else {
        CandidateState::Removed
    }
}

/// The independent checker's verdict on `certificate` for removing `v` from `cell` (row-major)
/// of the grid `before`.
pub fn check_removal(
    rows: &[TextRow],
    before: &Candidates,
    (cell, v): (usize, u8),
    certificate: &[(String, f64)],
) -> Result<(), CertificateError> {
    let target = (cell / before.n + 1, cell % before.n + 1, v as usize);
    check_certificate(
        rows,
        |r, c, w| candidate_state(before, r, c, w),
        target,
        certificate,
    )
}

/// The solution of a 9×9 puzzle line by the tests' own counter (independent of the library),
/// asserting that it is the only one.
pub fn unique_solution(line: &str) -> Vec<u8> {
    let givens: Vec<u32> = line
        .chars()
        .map(|ch| ch.to_digit(10).unwrap_or(0))
        .collect();
    let solutions = counter::solutions(&givens, 3, 3, 2);
    assert_eq!(solutions.len(), 1, "{line}: one solution");
    solutions[0].iter().map(|&v| v as u8).collect()
}

/// `engine` solves `puzzle` within `limits` to the known grid `answer` (`what` names the puzzle
/// in messages).
pub fn assert_solves_to(
    engine: &dyn sudoku_ilp::engine::Engine,
    puzzle: &sudoku_ilp::puzzle::Puzzle,
    limits: &sudoku_ilp::engine::Limits,
    answer: &[u8],
    what: &str,
) {
    let s = engine.solve(puzzle, limits).unwrap();
    let label = engine.label();
    assert_eq!(
        s.status,
        sudoku_ilp::engine::Status::Solved,
        "{label} on {what}"
    );
    assert_eq!(s.grid.unwrap().values, answer, "{label} on {what}");
}
