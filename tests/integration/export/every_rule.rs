//! Exports proved for every rule type (issue 44): each rule type the JSON Schema lists is used by
//! a puzzle that one of the export tests writes out and has a real solver solve to its known grid
//! ([`every_rule_type_is_in_an_exported_sample`]); the samples of `variants.rs` and `outside.rs`
//! cover the first rule types, the ones here the rest, on real puzzles where a published one is
//! at hand:
//! - `../shared/data/variants/fpuzzles_more` (palindromes, renban, entropic lines, minimum and
//!   maximum, given pencil marks, the 4×4, 6×6 and 7×7 grids),
//! - `data/variants/fpuzzles_outside` (row and box indexers),
//! - `data/variants/fpuzzles_lines` (region-sum, zipper and lockout lines, clones, modular lines,
//!   nabner, double arrows: Rangsk's solver's puzzles, CC BY 4.0);
//! - and, for the two rule types no published puzzle in reach uses (slow thermometers, numbered
//!   rooms), `data/variants/{slow_thermometer,numbered_room}_9x9.json`, made here so that the
//!   givens alone have several solutions and the rules make it one.
//!
//! Each sample's binary model goes to LP (cbc, or glpsol's MiniSat where cbc is slow) and free MPS
//! (glpsol's MiniSat), its CNF to picosat, its MiniZinc data to `models/variants.mzn` (Gecode) and
//! its MathProg data to `models/variants.mod` (glpsol); the natural model's big-M LP goes to cbc
//! on the samples where it is quick. Every grid read back must equal the known solution.

use super::solvers::{cbc, decode, for_each_parallel, glpsol, printed_grid, spawn, tool, Verdict};
use crate::common::{lines, variant_file};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How the binary model's LP file is solved.
#[derive(Clone, Copy, PartialEq)]
enum LpSolver {
    Cbc,
    /// glpsol `--minisat`: cbc ran past 2 minutes on the LP of the modular/nabner/double-arrow
    /// puzzle, which MiniSat solves in seconds (HiGHS too is slow on it: docs/performance.md).
    GlpsolMinisat,
}

/// (file, line (0: the whole file is one puzzle), what it covers, LP solver, natural model too).
/// cbc solves the natural model's LP of the three marked in under a second; it took 54 s on the
/// lockout one and ran past a minute on the modular and slow-thermometer ones (busy machine).
const SAMPLES: [(&str, usize, &str, LpSolver, bool); 15] = [
    (
        "fpuzzles_more.fpz.jsonl",
        2,
        "palindromes, irregular regions",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_more.fpz.jsonl",
        11,
        "renban, given pencil marks",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_more.fpz.jsonl",
        20,
        "entropic lines",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_more.fpz.jsonl",
        7,
        "minimum and maximum",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_more.fpz.jsonl",
        5,
        "6x6 skyscrapers, irregular regions",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_more.fpz.jsonl",
        21,
        "7x7 regions, kropki",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_more.fpz.jsonl",
        22,
        "4x4 little killer, XV",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_outside.fpz.jsonl",
        3,
        "row indexers",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_outside.fpz.jsonl",
        5,
        "box indexers",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_lines.fpz.jsonl",
        1,
        "region-sum lines",
        LpSolver::Cbc,
        true,
    ),
    (
        "fpuzzles_lines.fpz.jsonl",
        2,
        "zipper lines",
        LpSolver::Cbc,
        true,
    ),
    (
        "fpuzzles_lines.fpz.jsonl",
        3,
        "lockout lines",
        LpSolver::Cbc,
        false,
    ),
    (
        "fpuzzles_lines.fpz.jsonl",
        4,
        "clones, arrows",
        LpSolver::Cbc,
        true,
    ),
    (
        "fpuzzles_lines.fpz.jsonl",
        5,
        "modular lines, nabner, double arrows",
        LpSolver::GlpsolMinisat,
        false,
    ),
    (
        "slow_thermometer_9x9.json",
        0,
        "slow thermometers (made here)",
        LpSolver::Cbc,
        false,
    ),
];

/// The numbered-room puzzle made here, beside [`SAMPLES`] (its known grid is AI Escargot's).
const ROOMS: &str = "numbered_room_9x9.json";

/// One puzzle written to a file, with its size and known grid.
struct Sample {
    label: String,
    file: PathBuf,
    n: usize,
    answer: Vec<u32>,
    lp: LpSolver,
    natural: bool,
}

/// The solution of the puzzles made from AI Escargot (data/seeds/seed004_unique_9x9.json).
const ESCARGOT: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

/// Digits of a solution line, `1-9` then `A-Z` for 10 and more.
fn digits(line: &str) -> Vec<u32> {
    line.chars().map(|c| c.to_digit(36).unwrap()).collect()
}

/// The samples written into `dir`; empty (SKIPPED) without `../shared/data`.
fn samples(dir: &Path) -> Vec<Sample> {
    let mut out = Vec::new();
    let rooms = (ROOMS, 0, "numbered rooms (made here)", LpSolver::Cbc, false);
    for (file, k, what, lp, natural) in SAMPLES.into_iter().chain([rooms]) {
        let Some(path) = variant_file(file) else {
            return Vec::new();
        };
        let (text, answer) = if k == 0 {
            (std::fs::read_to_string(&path).unwrap(), digits(ESCARGOT))
        } else {
            let stem = file.split('.').next().unwrap();
            let answers = variant_file(&format!("{stem}.solutions.txt")).unwrap();
            let nth = |p: &Path| lines(p).into_iter().find(|(i, _)| *i == k).unwrap().1;
            (nth(&path), digits(&nth(&answers)))
        };
        let written = dir.join(format!("{}_{k}.json", file.split('.').next().unwrap()));
        std::fs::write(&written, text).unwrap();
        let n = (answer.len() as f64).sqrt() as usize;
        out.push(Sample {
            label: format!("{file} line {k} ({what})"),
            file: written,
            n,
            answer,
            lp,
            natural,
        });
    }
    out
}

/// `sudoku-ilp export` of a sample; `Err` with the tool's message on failure.
fn export(s: &Sample, args: &[&str], out: &Path) -> Result<(), String> {
    let mut cmd = tool();
    cmd.arg("export").arg(&s.file).args(args).arg("-o").arg(out);
    let output = spawn(cmd);
    match output.status.success() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}

/// The grid of a solver's verdict, decoded by variable name.
fn grid_of(s: &Sample, verdict: Result<Verdict, String>) -> Result<Vec<u32>, String> {
    match verdict? {
        Verdict::Solved(values) => Ok(decode(&values, s.n)),
        Verdict::Infeasible => Err("reported infeasible".into()),
    }
}

/// picosat's model as an n×n grid: x(r, c, v) = (r − 1)·n² + (c − 1)·n + v is true.
fn picosat_grid(file: &Path, n: usize) -> Result<Vec<u32>, String> {
    let output = spawn({
        let mut cmd = Command::new("picosat");
        cmd.arg(file);
        cmd
    });
    let text = String::from_utf8_lossy(&output.stdout);
    if !text.lines().any(|l| l == "s SATISFIABLE") {
        return Err(format!("picosat says {text:.60}"));
    }
    let mut grid = vec![0u32; n * n];
    let literals = text
        .lines()
        .filter(|l| l.starts_with("v "))
        .flat_map(|l| l.split_whitespace().skip(1))
        .filter_map(|t| t.parse::<i64>().ok())
        .filter(|&l| (1..=(n * n * n) as i64).contains(&l));
    for lit in literals {
        let k = (lit - 1) as usize;
        if grid[k / n] != 0 {
            return Err(format!("cell {} holds two values", k / n));
        }
        grid[k / n] = (k % n + 1) as u32;
    }
    Ok(grid)
}

/// The failures of one solver's grids against the sample's known grid.
fn compare(s: &Sample, found: Vec<(String, Result<Vec<u32>, String>)>) -> Vec<String> {
    found
        .into_iter()
        .filter_map(|(what, grid)| match grid {
            Ok(g) if g == s.answer => None,
            Ok(g) => Some(format!("{}: {what} gave {g:?}", s.label)),
            Err(e) => Some(format!("{}: {what}: {e}", s.label)),
        })
        .collect()
}

fn assert_none(failures: Vec<String>) {
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The rule types the JSON Schema lists (`"const"` and `"enum"` of the rules' `"type"`).
fn schema_rule_types() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/solve-output.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rules = schema["$defs"]["rule"]["oneOf"]
        .as_array()
        .expect("$defs.rule.oneOf in the schema");
    rules
        .iter()
        .flat_map(|r| {
            let t = &r["properties"]["type"];
            match (t["const"].as_str(), t["enum"].as_array()) {
                (Some(one), _) => vec![one.to_string()],
                (None, Some(all)) => all.iter().map(|v| v.as_str().unwrap().into()).collect(),
                _ => Vec::new(),
            }
        })
        .collect()
}

/// The rule types of a puzzle file as the library reads them.
fn rule_types(file: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let origin = file.display().to_string();
    let puzzle = sudoku_ilp::input::parse_puzzle(&origin, &text, Default::default())
        .unwrap_or_else(|e| panic!("{origin}: {e}"));
    puzzle
        .rules()
        .iter()
        .map(|r| {
            serde_json::to_value(r).unwrap()["type"]
                .as_str()
                .unwrap()
                .into()
        })
        .collect()
}

#[test]
fn every_rule_type_is_in_an_exported_sample() {
    let dir = tempfile::tempdir().unwrap();
    let mine = samples(dir.path());
    if mine.is_empty() {
        return;
    }
    let files: Vec<PathBuf> = mine
        .iter()
        .map(|s| s.file.clone())
        .chain(super::variants::sample_files(dir.path()))
        .chain(super::outside::sample_files(dir.path()))
        .collect();
    let covered: BTreeSet<String> = files.iter().flat_map(|f| rule_types(f)).collect();
    let listed = schema_rule_types();
    assert!(listed.len() >= 36, "the schema lists {listed:?}");
    let missing: Vec<&String> = listed.difference(&covered).collect();
    assert!(missing.is_empty(), "no export test covers {missing:?}");
}

/// Solves an exported file and reads the grid back.
type Solver<'a> = dyn Fn(&Path) -> Result<Vec<u32>, String> + 'a;

#[test]
fn lp_mps_and_cnf_of_every_new_rule_type_solve_in_cbc_glpsol_and_picosat() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    assert_none(for_each_parallel(&samples, |s| {
        let work = tempfile::tempdir().unwrap();
        let path = |name: &str| work.path().join(name);
        let mut found: Vec<(String, Result<Vec<u32>, String>)> = Vec::new();
        let mut solve =
            |what: &str, file: PathBuf, args: &[&str], run: &Solver| match export(s, args, &file) {
                Ok(()) => found.push((what.to_string(), run(&file))),
                Err(e) => found.push((format!("export {what}"), Err(e))),
            };
        let lp: &Solver = match s.lp {
            LpSolver::Cbc => &|f| grid_of(s, cbc(f, &path("cbc.txt"))),
            LpSolver::GlpsolMinisat => &|f| {
                let args = ["--minisat", "--lp", f.to_str().unwrap()];
                grid_of(s, glpsol(&args, &path("glpsol.txt")))
            },
        };
        solve("binary .lp", path("b.lp"), &[], lp);
        solve("binary .mps in glpsol", path("b.mps"), &[], &|f| {
            let args = ["--minisat", "--freemps", f.to_str().unwrap()];
            grid_of(s, glpsol(&args, &path("glpsol.txt")))
        });
        solve("cnf in picosat", path("p.cnf"), &[], &|f| {
            picosat_grid(f, s.n)
        });
        if s.natural {
            let args = ["--model", "natural"];
            solve("natural .lp in cbc", path("n.lp"), &args, &|f| {
                grid_of(s, cbc(f, &path("cbc.txt")))
            });
        }
        compare(s, found)
    }));
}

#[test]
fn minizinc_and_mathprog_data_of_every_new_rule_type_solve_with_the_variants_models() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    assert_none(for_each_parallel(&samples, |s| {
        let work = tempfile::tempdir().unwrap();
        let (dzn, dat) = (work.path().join("p.dzn"), work.path().join("p.dat"));
        let mut found = Vec::new();
        match export(s, &[], &dzn) {
            Ok(()) => {
                let mut cmd = Command::new("minizinc");
                cmd.arg(models.join("variants.mzn")).arg(&dzn);
                let stdout = String::from_utf8_lossy(&spawn(cmd).stdout).into_owned();
                found.push(("minizinc".into(), printed_grid(&stdout, s.n, None)));
            }
            Err(e) => found.push(("export dzn".into(), Err(e))),
        }
        match export(s, &[], &dat) {
            Ok(()) => {
                let mut cmd = Command::new("glpsol");
                cmd.arg("--minisat")
                    .arg("-m")
                    .arg(models.join("variants.mod"))
                    .arg("-d")
                    .arg(&dat);
                let stdout = String::from_utf8_lossy(&spawn(cmd).stdout).into_owned();
                let grid = printed_grid(&stdout, s.n, Some("\nSOLUTION\n"));
                found.push(("glpsol variants.mod".into(), grid));
            }
            Err(e) => found.push(("export dat".into(), Err(e))),
        }
        compare(s, found)
    }));
}
