//! Exports of variant puzzles proven by their external solvers, on one small puzzle per rule type
//! from `../shared/data/variants/` (and two made here from a published puzzle and its solution
//! for the rules no data file has: greater-than signs with black dots under the negative rule,
//! and windoku): every grid a solver returns is decoded and must equal the known solution, which
//! HiGHS (`solve --json`) finds too.
//! - LP and free MPS: cbc and glpsol; the binary model on every sample, glpsol through its
//!   built-in MiniSat (`--minisat`) or its branch and bound, whichever finishes ([`SAMPLES`]);
//!   the natural model (integer columns: no `--minisat`) on the samples with many givens, where
//!   its weak big-M relaxation still solves in well under a second;
//! - DIMACS CNF: `picosat` (Debian), its model read back from the variables x(r, c, v) ≤ n³;
//! - MiniZinc data: `minizinc models/variants.mzn` (Gecode);
//! - GNU MathProg data: `glpsol -m models/variants.mod` (`--minisat` as for the LP), and cbc on
//!   the LP file glpsol writes of that model (`--wlp`).

use super::cases::line_of;
use super::solvers::{cbc, decode, for_each_parallel, glpsol, printed_grid, spawn, tool, Verdict};
use crate::common::{json_grid, shared_data};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One puzzle line of `../shared/data/variants/` per rule type, the smallest or easiest there:
/// (file stem, line, what it covers, whether the natural model is solved too, whether glpsol
/// uses its built-in MiniSat).
///
/// The natural model's big-M relaxation is weak: cbc and glpsol solve it in well under a second
/// on the puzzles with 18 givens or more marked here, but ran beyond 30 s (both) on the odd/even
/// puzzle (16 givens). glpsol's branch and bound ran beyond 8 s on the binary model of the
/// thermometer, kropki and hard killer samples, which `--minisat` (0/1 columns, integer
/// coefficients) solves in under half a second; MiniSat in turn ran beyond 8 s on the two
/// little-killer samples (long sums Σ v·x with coefficients up to 9, no digit sets), which the
/// branch and bound solves in under a second.
const SAMPLES: [(&str, usize, &str, bool, bool); 18] = [
    ("krazydad_killer", 1, "killer cages with sums", false, true),
    (
        "iss_examples",
        15,
        "killer cages, two without a sum",
        false,
        true,
    ),
    ("iss_examples", 4, "little killer", false, false),
    ("iss_examples", 2, "thermometer", false, true),
    ("fpuzzles_links", 7, "arrow", true, true),
    ("iss_examples", 3, "kropki white and black, XV", false, true),
    ("iss_examples", 11, "XV", true, true),
    ("iss_examples", 12, "XV with negative", false, true),
    ("iss_examples", 1, "odd and even", false, true),
    ("fpuzzles_links", 3, "extra region", true, true),
    ("fpuzzles_links", 2, "anti-king", true, true),
    (
        "iss_examples",
        16,
        "anti-knight, non-consecutive",
        false,
        true,
    ),
    (
        "iss_examples",
        5,
        "disjoint groups, little killer",
        false,
        false,
    ),
    ("iss_examples", 6, "diagonals", false, true),
    ("iss_examples", 7, "diagonals, extra regions", false, true),
    (
        "fpuzzles_more",
        8,
        "quadruples (allowed tuples)",
        false,
        true,
    ),
    (
        "fpuzzles_more",
        6,
        "between lines (allowed tuples)",
        false,
        true,
    ),
    (
        "fpuzzles_more",
        17,
        "whispers, thermometer, arrow",
        false,
        true,
    ),
];

/// The hard killer of the samples (ISS "Killer sudoku [0 cage, hard]"): MiniZinc's Gecode
/// (sums by bounds reasoning) ran more than 10 minutes on it, glpsol more than 8 s on
/// `variants.mod` (both ways) and cbc more than 7 minutes on the LP that glpsol writes of it (the
/// weak Σ v·x sums); glpsol's MiniSat and cbc on the tool's own LP (digit-set cages) and picosat
/// solve it in seconds. The MiniZinc and MathProg runs leave it out, and so does the HiGHS
/// solve (35 s here with the weak sums of the cages without digit sets).
const HARD: (&str, usize) = ("iss_examples", 15);

/// The samples on which cbc also solves the LP file glpsol writes of `variants.mod` (`--wlp`):
/// cheap there (under a second each), but cbc ran beyond 40 s on that file for the diagonal
/// puzzles (Sudoku X, the windoku one), so the run keeps to these rule types: killer sums,
/// little killer, thermometer, arrow, kropki and XV (and the greater-than puzzle made here).
const CBC_ON_GLPSOL_LP: [(&str, usize); 5] = [
    ("krazydad_killer", 1),
    ("iss_examples", 4),
    ("iss_examples", 2),
    ("fpuzzles_links", 7),
    ("iss_examples", 3),
];

/// A puzzle written to a file, with its known (unique) solution.
struct Sample {
    label: String,
    file: PathBuf,
    answer: Vec<u32>,
    /// The natural model's LP and MPS are solved too.
    natural: bool,
    /// [`HARD`]: left out of the HiGHS, MiniZinc and MathProg runs.
    hard: bool,
    /// glpsol runs with `--minisat` (else its branch and bound).
    minisat: bool,
    /// cbc solves glpsol's LP of `variants.mod` too ([`CBC_ON_GLPSOL_LP`]).
    cbc_on_glpsol_lp: bool,
}

/// The givens of an f-puzzles JSON object as a 9×9 array (0 = empty).
fn fpuzzles_givens(doc: &Value) -> Vec<Vec<u32>> {
    doc["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|c| match c["given"].as_bool() {
                    Some(true) => c["value"].as_u64().unwrap() as u32,
                    _ => 0,
                })
                .collect()
        })
        .collect()
}

/// The samples written into `dir`; empty (SKIPPED) without `../shared/data`.
fn samples(dir: &Path) -> Vec<Sample> {
    let mut out = Vec::new();
    for (stem, k, what, natural, minisat) in SAMPLES {
        let Some(path) = shared_data(&format!("variants/{stem}.fpz.jsonl")) else {
            return Vec::new();
        };
        let answers = shared_data(&format!("variants/{stem}.solutions.txt")).unwrap();
        let file = dir.join(format!("{stem}_{k}.txt"));
        std::fs::write(&file, line_of(&path, k)).unwrap();
        out.push(Sample {
            label: format!("{stem} line {k} ({what})"),
            file,
            answer: line_of(&answers, k)
                .bytes()
                .map(|b| (b - b'0') as u32)
                .collect(),
            natural,
            hard: (stem, k) == HARD,
            minisat,
            cbc_on_glpsol_lp: CBC_ON_GLPSOL_LP.contains(&(stem, k)),
        });
    }
    out.extend(made_here(dir));
    out
}

/// The sample files written into `dir` (for the test that every rule type is exported).
pub(super) fn sample_files(dir: &Path) -> Vec<PathBuf> {
    samples(dir).into_iter().map(|s| s.file).collect()
}

/// Two puzzles in the project's JSON for rules no data line has, built from published puzzles
/// and their solutions so that the solution still holds and stays the only one:
/// - ISS example 7 with its four extra regions (the windoku windows) as the `windoku` rule;
/// - f-puzzles line 2 (anti-king) without its givens in rows 1–3, with a greater-than sign
///   between horizontal neighbours of those rows, a black dot on every pair of orthogonal
///   neighbours of the solution in ratio 2, and the negative rule for black dots.
fn made_here(dir: &Path) -> Vec<Sample> {
    let (Some(iss), Some(iss_answers), Some(fpz), Some(fpz_answers)) = (
        shared_data("variants/iss_examples.fpz.jsonl"),
        shared_data("variants/iss_examples.solutions.txt"),
        shared_data("variants/fpuzzles_links.fpz.jsonl"),
        shared_data("variants/fpuzzles_links.solutions.txt"),
    ) else {
        return Vec::new();
    };
    let digits = |s: String| -> Vec<u32> { s.bytes().map(|b| (b - b'0') as u32).collect() };
    let windoku: Value = serde_json::from_str(&line_of(&iss, 7)).unwrap();
    let windoku_doc = json!({
        "name": "ISS example 7 with windoku",
        "grid": fpuzzles_givens(&windoku),
        "diagonals": true,
        "rules": [{"type": "windoku"}],
    });
    let anti_king: Value = serde_json::from_str(&line_of(&fpz, 2)).unwrap();
    let solution = digits(line_of(&fpz_answers, 2));
    let mut grid = fpuzzles_givens(&anti_king);
    grid.iter_mut().take(3).for_each(|row| row.fill(0));
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    let mut rules = vec![
        json!({"type": "anti_king"}),
        json!({"type": "negative", "ratio": true}),
    ];
    for i in 0..27 {
        if i % 9 < 8 {
            let (greater, lesser) = if solution[i] > solution[i + 1] {
                (i, i + 1)
            } else {
                (i + 1, i)
            };
            rules.push(
                json!({"type": "greater_than", "greater": name(greater), "lesser": name(lesser)}),
            );
        }
    }
    for i in 0..81 {
        for j in [i + 1, i + 9] {
            let neighbours = (j == i + 1 && i % 9 < 8) || (j == i + 9 && j < 81);
            let (u, w) = (solution[i], solution.get(j).copied().unwrap_or(0));
            if neighbours && (u == 2 * w || w == 2 * u) {
                rules.push(json!({"type": "kropki", "dot": "black", "a": name(i), "b": name(j)}));
            }
        }
    }
    let gt_doc = json!({
        "name": "anti-king, greater-than, black dots with negative",
        "grid": grid,
        "rules": rules,
    });
    let mut out = Vec::new();
    for (stem, doc, answer, what) in [
        (
            "windoku",
            windoku_doc,
            digits(line_of(&iss_answers, 7)),
            "windoku, diagonals",
        ),
        (
            "greater_than",
            gt_doc,
            solution,
            "greater-than, black dots, negative, anti-king",
        ),
    ] {
        let file = dir.join(format!("{stem}.json"));
        std::fs::write(&file, doc.to_string()).unwrap();
        out.push(Sample {
            label: format!("made here: {what}"),
            file,
            answer,
            natural: false,
            hard: false,
            // glpsol's MiniSat took 7 s on the greater-than puzzle's MathProg model, its
            // branch and bound 1.5 s.
            minisat: stem == "windoku",
            cbc_on_glpsol_lp: stem == "greater_than",
        });
    }
    out
}

/// `sudoku-ilp export` of a sample; panics with the tool's message on failure.
fn export(sample: &Sample, args: &[&str], out: &Path) {
    let mut cmd = tool();
    cmd.arg("export")
        .arg(&sample.file)
        .args(args)
        .arg("-o")
        .arg(out);
    let output = spawn(cmd);
    assert!(
        output.status.success(),
        "{} export {args:?}: {}",
        sample.label,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `Ok` when a solver's grid is the known solution.
fn same(sample: &Sample, what: &str, grid: Result<Vec<u32>, String>) -> Vec<String> {
    match grid {
        Ok(g) if g == sample.answer => Vec::new(),
        Ok(g) => vec![format!("{}: {what} gave {g:?}", sample.label)],
        Err(e) => vec![format!("{}: {what}: {e}", sample.label)],
    }
}

/// The grid of a solved verdict, decoded by variable name.
fn grid_of(verdict: Result<Verdict, String>) -> Result<Vec<u32>, String> {
    match verdict? {
        Verdict::Solved(values) => Ok(decode(&values, 9)),
        Verdict::Infeasible => Err("reported infeasible".into()),
    }
}

fn assert_none(failures: Vec<String>) {
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lp_and_mps_of_every_rule_type_solve_in_glpsol_and_cbc_as_in_highs() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    assert_none(for_each_parallel(&samples, |s| {
        let mut failures = Vec::new();
        if !s.hard {
            let mut solve = tool();
            solve.arg("solve").arg("--json").arg(&s.file);
            let doc: Value = serde_json::from_slice(&spawn(solve).stdout).unwrap();
            let grid = match doc["status"].as_str() {
                Some("solved") => Ok(json_grid(&doc)),
                other => Err(format!("status {other:?}")),
            };
            failures.extend(same(s, "HiGHS", grid));
        }
        let work = tempfile::tempdir().unwrap();
        let models: &[&str] = if s.natural {
            &["binary", "natural"]
        } else {
            &["binary"]
        };
        for &model in models {
            for (ext, flag) in [("lp", "--lp"), ("mps", "--freemps")] {
                let file = work.path().join(format!("{model}.{ext}"));
                export(s, &["--model", model], &file);
                let what = format!("{model} .{ext}");
                let solu = work.path().join("cbc.txt");
                failures.extend(same(s, &format!("cbc {what}"), grid_of(cbc(&file, &solu))));
                let report = work.path().join("glpsol.txt");
                let mut args = vec![flag, file.to_str().unwrap()];
                if model == "binary" && s.minisat {
                    args.insert(0, "--minisat");
                }
                let verdict = glpsol(&args, &report);
                failures.extend(same(s, &format!("glpsol {what}"), grid_of(verdict)));
            }
        }
        failures
    }));
}

/// The LP file of the binary model with `--cage-form implied` (the rule of 45's cages added as
/// digit-set cages) carries those cages and solves in cbc to the known solution, on the first
/// sample (a krazydad killer).
#[test]
fn lp_of_the_implied_cage_form_solves_in_cbc() {
    let dir = tempfile::tempdir().unwrap();
    let Some(s) = samples(dir.path()).into_iter().next() else {
        return;
    };
    let (lp, solu) = (dir.path().join("implied.lp"), dir.path().join("cbc.txt"));
    export(&s, &["--cage-form", "implied"], &lp);
    let text = std::fs::read_to_string(&lp).unwrap();
    assert!(
        text.contains(" implied_"),
        "{}: no implied cage in the LP file",
        s.label
    );
    assert_none(same(&s, "cbc implied .lp", grid_of(cbc(&lp, &solu))));
}

/// picosat's model (`v` lines) as a grid: x(r, c, v) = (r − 1)·81 + (c − 1)·9 + v is true.
pub(super) fn picosat_grid(file: &Path) -> Result<Vec<u32>, String> {
    let mut cmd = Command::new("picosat");
    cmd.arg(file);
    let output = cmd
        .output()
        .map_err(|e| format!("picosat: {e} (Debian package picosat: bash .ci/setup)"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !text.lines().any(|l| l == "s SATISFIABLE") {
        return Err(format!("picosat says {:.60}", text));
    }
    let mut grid = vec![0u32; 81];
    for lit in text
        .lines()
        .filter(|l| l.starts_with("v "))
        .flat_map(|l| l.split_whitespace().skip(1))
        .filter_map(|t| t.parse::<i64>().ok())
        .filter(|&l| (1..=729).contains(&l))
    {
        let k = (lit - 1) as usize;
        if grid[k / 9] != 0 {
            return Err(format!("cell {} holds two values", k / 9));
        }
        grid[k / 9] = (k % 9 + 1) as u32;
    }
    Ok(grid)
}

#[test]
fn cnf_of_every_rule_type_solves_in_picosat() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    assert_none(for_each_parallel(&samples, |s| {
        let work = tempfile::tempdir().unwrap();
        let file = work.path().join("p.cnf");
        export(s, &[], &file);
        let text = std::fs::read_to_string(&file).unwrap();
        let mut failures = Vec::new();
        if s.label.contains("killer") && !text.lines().any(|l| l.starts_with("c rules: ")) {
            failures.push(format!("{}: no `c rules:` comment line", s.label));
        }
        failures.extend(same(s, "picosat", picosat_grid(&file)));
        failures
    }));
}

/// The model file `models/NAME`.
fn model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(name)
}

#[test]
fn dzn_of_every_rule_type_solves_in_minizinc_with_the_variants_model() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    assert_none(for_each_parallel(&samples, |s| {
        let work = tempfile::tempdir().unwrap();
        let file = work.path().join("p.dzn");
        export(s, &[], &file);
        let text = std::fs::read_to_string(&file).unwrap();
        // The data names its model: sudoku.mzn for the puzzle without rules (diagonals only).
        let target = if text.contains("% minizinc models/variants.mzn FILE.dzn") {
            "variants.mzn"
        } else {
            "sudoku.mzn"
        };
        let mut failures = Vec::new();
        if s.label.contains("killer") && target != "variants.mzn" {
            failures.push(format!("{}: the data does not name variants.mzn", s.label));
        }
        if s.hard {
            return failures;
        }
        let mut cmd = Command::new("minizinc");
        cmd.arg(model(target)).arg(&file);
        let output = spawn(cmd);
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        failures.extend(same(s, "minizinc", printed_grid(&stdout, 9, None)));
        failures
    }));
}

/// Column values of cbc's `solu` file for glpsol's LP names `x(r,c,v)`, renamed `x_r_c_v`.
fn glpsol_lp_names(values: HashMap<String, f64>) -> HashMap<String, f64> {
    values
        .into_iter()
        .map(|(name, v)| {
            let plain = name.strip_prefix("x(").and_then(|s| s.strip_suffix(')'));
            let renamed = match plain.map(|s| s.split(',').collect::<Vec<_>>()).as_deref() {
                Some([r, c, v]) => format!("x_r{r}_c{c}_v{v}"),
                _ => name,
            };
            (renamed, v)
        })
        .collect()
}

#[test]
fn gmpl_data_of_every_rule_type_solves_with_the_variants_model() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    assert_none(for_each_parallel(&samples, |s| {
        let work = tempfile::tempdir().unwrap();
        let dat = work.path().join("p.dat");
        export(s, &[], &dat);
        let lp = work.path().join("glpsol.lp");
        if s.hard {
            return Vec::new();
        }
        let mut cmd = Command::new("glpsol");
        if s.minisat {
            cmd.arg("--minisat");
        }
        cmd.arg("-m")
            .arg(model("variants.mod"))
            .arg("-d")
            .arg(&dat)
            .arg("--wlp")
            .arg(&lp);
        let output = spawn(cmd);
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let mut failures = same(
            s,
            "glpsol variants.mod",
            printed_grid(&stdout, 9, Some("\nSOLUTION\n")),
        );
        if !s.cbc_on_glpsol_lp {
            return failures;
        }
        let solu = work.path().join("cbc.txt");
        let verdict = cbc(&lp, &solu).map(|v| match v {
            Verdict::Solved(values) => Verdict::Solved(glpsol_lp_names(values)),
            other => other,
        });
        failures.extend(same(
            s,
            "cbc on glpsol's LP of variants.mod",
            grid_of(verdict),
        ));
        failures
    }));
}
