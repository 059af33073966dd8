//! Exports of puzzles with outside clues and indexers (issue 44) proven by the real solvers: the
//! binary model's LP and free MPS in cbc and glpsol and the CNF in picosat, each grid equal to
//! the known solution (the natural model's big-M LP is left out: cbc ran past 15 minutes on one
//! of these on a busy machine); the MiniZinc data with `models/variants.mzn` in minizinc and the
//! MathProg data with `models/variants.mod` in glpsol (`--minisat`).

use super::cases::line_of;
use super::solvers::{cbc, decode, for_each_parallel, glpsol, spawn, tool, Verdict};
use super::variants::picosat_grid;
use crate::common::variant_file;
use std::path::{Path, PathBuf};

/// (file stem, line, what): a sandwich, a column indexer, X-sums, skyscrapers.
const SAMPLES: [(&str, usize, &str); 4] = [
    ("fpuzzles_outside", 2, "sandwich sums"),
    ("fpuzzles_outside", 4, "column indexers"),
    ("fpuzzles_outside", 6, "X-sums"),
    ("fpuzzles_more", 16, "skyscrapers"),
];

/// The samples written into `dir` with their solutions; empty (SKIPPED) without the data.
fn samples(dir: &Path) -> Vec<(String, PathBuf, Vec<u32>)> {
    let mut out = Vec::new();
    for (stem, k, what) in SAMPLES {
        let (Some(puzzles), Some(answers)) = (
            variant_file(&format!("{stem}.fpz.jsonl")),
            variant_file(&format!("{stem}.solutions.txt")),
        ) else {
            return Vec::new();
        };
        let file = dir.join(format!("{stem}_{k}.txt"));
        std::fs::write(&file, line_of(&puzzles, k)).unwrap();
        let answer = line_of(&answers, k)
            .bytes()
            .map(|b| (b - b'0') as u32)
            .collect();
        out.push((format!("{stem} line {k} ({what})"), file, answer));
    }
    out
}

/// The sample files written into `dir` (for the test that every rule type is exported).
pub(super) fn sample_files(dir: &Path) -> Vec<PathBuf> {
    samples(dir).into_iter().map(|(_, file, _)| file).collect()
}

fn export(file: &Path, args: &[&str], out: &Path) -> Result<(), String> {
    let mut cmd = tool();
    cmd.arg("export").arg(file).args(args).arg("-o").arg(out);
    let output = spawn(cmd);
    match output.status.success() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}

fn grid_of(verdict: Result<Verdict, String>) -> Result<Vec<u32>, String> {
    match verdict? {
        Verdict::Solved(values) => Ok(decode(&values, 9)),
        Verdict::Infeasible => Err("reported infeasible".into()),
    }
}

#[test]
fn lp_mps_and_cnf_of_outside_clues_solve_in_cbc_glpsol_and_picosat() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    let failures = for_each_parallel(&samples, |(label, file, answer)| {
        let work = tempfile::tempdir().unwrap();
        let mut found: Vec<(String, Result<Vec<u32>, String>)> = Vec::new();
        for (model, ext) in [("binary", "lp"), ("binary", "mps")] {
            let out = work.path().join(format!("{model}.{ext}"));
            if let Err(e) = export(file, &["--model", model], &out) {
                found.push((format!("export {model}.{ext}"), Err(e)));
                continue;
            }
            let solu = work.path().join("cbc.txt");
            found.push((format!("cbc {model}.{ext}"), grid_of(cbc(&out, &solu))));
            let flag = if ext == "lp" { "--lp" } else { "--freemps" };
            let report = work.path().join("glpsol.txt");
            let args = ["--minisat", flag, out.to_str().unwrap()];
            found.push((format!("glpsol {ext}"), grid_of(glpsol(&args, &report))));
        }
        let cnf = work.path().join("p.cnf");
        match export(file, &[], &cnf) {
            Ok(()) => found.push(("picosat".into(), picosat_grid(&cnf))),
            Err(e) => found.push(("export cnf".into(), Err(e))),
        }
        found
            .into_iter()
            .filter_map(|(what, grid)| match grid {
                Ok(g) if &g == answer => None,
                Ok(g) => Some(format!("{label}: {what} gave {g:?}")),
                Err(e) => Some(format!("{label}: {what}: {e}")),
            })
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn minizinc_data_of_outside_clues_solves_with_the_variants_model() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/variants.mzn");
    let failures = for_each_parallel(&samples, |(label, file, answer)| {
        let work = tempfile::tempdir().unwrap();
        let dzn = work.path().join("p.dzn");
        if let Err(e) = export(file, &[], &dzn) {
            return vec![format!("{label}: export dzn: {e}")];
        }
        let mut cmd = std::process::Command::new("minizinc");
        cmd.arg(&model).arg(&dzn);
        let output = spawn(cmd);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let grid: Vec<u32> = stdout
            .lines()
            .filter(|l| l.split_whitespace().count() == 9)
            .flat_map(|l| l.split_whitespace().filter_map(|t| t.parse::<u32>().ok()))
            .collect();
        match &grid == answer {
            true => Vec::new(),
            false => vec![format!("{label}: minizinc printed {stdout:.300}")],
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mathprog_data_of_outside_clues_solves_with_the_variants_model() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/variants.mod");
    let failures = for_each_parallel(&samples, |(label, file, answer)| {
        let work = tempfile::tempdir().unwrap();
        let dat = work.path().join("p.dat");
        if let Err(e) = export(file, &[], &dat) {
            return vec![format!("{label}: export dat: {e}")];
        }
        let mut cmd = std::process::Command::new("glpsol");
        cmd.arg("--minisat")
            .arg("-m")
            .arg(&model)
            .arg("-d")
            .arg(&dat);
        let stdout = String::from_utf8_lossy(&spawn(cmd).stdout).into_owned();
        let grid: Vec<u32> = stdout
            .split("\nSOLUTION\n")
            .nth(1)
            .unwrap_or("")
            .lines()
            .take(9)
            .flat_map(|l| l.split_whitespace().filter_map(|t| t.parse::<u32>().ok()))
            .collect();
        match &grid == answer {
            true => Vec::new(),
            false => vec![format!("{label}: glpsol printed {stdout:.400}")],
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
