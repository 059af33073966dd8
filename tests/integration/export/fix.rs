//! `export --fix` (issue 35): the fix model of `explain --fix` (a maximum feasible subsystem)
//! as CPLEX LP and free MPS, solved by glpsol, has the optimum HiGHS proved: as many givens and
//! rules kept as `explain --fix --json` says. glpsol's own point is read back by name and its
//! grid checked against the givens it keeps (the test's checker).

use super::solvers::{decode, glpsol, spawn, tool, Verdict};
use crate::common::{is_solution, run_json, seed_arg, seed_givens};

#[test]
fn glpsol_finds_the_optimum_of_the_exported_fix_model_that_highs_proved() {
    let file = seed_arg("seed004_no_solution_9x9.json");
    let givens = seed_givens("seed004_no_solution_9x9.json");
    let (code, doc, err) = run_json(&["explain", "--fix", "--json", &file], None);
    assert_eq!(code, 1, "{err}");
    assert_eq!(doc["status"], "optimal");
    let kept = doc["kept"].as_u64().unwrap() as f64;
    assert_eq!(doc["items"], givens.iter().filter(|&&v| v != 0).count());
    let dir = tempfile::tempdir().unwrap();
    for (ext, flag) in [("lp", "--lp"), ("mps", "--freemps")] {
        let model = dir.path().join(format!("fix.{ext}"));
        let mut cmd = tool();
        cmd.args(["export", "--fix", &file, "-o"]).arg(&model);
        let out = spawn(cmd);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report = dir.path().join("glpsol.out");
        let verdict = glpsol(&[flag, model.to_str().unwrap()], &report).unwrap();
        let Verdict::Solved(columns) = verdict else {
            panic!("{ext}: the fix model is always feasible (every switch 0)");
        };
        let switches: Vec<(&String, &f64)> = columns
            .iter()
            .filter(|(name, _)| name.starts_with("keep_"))
            .collect();
        let glpk_kept: f64 = switches.iter().map(|(_, v)| **v).sum();
        assert_eq!(glpk_kept, kept, "{ext}: glpsol's optimum against HiGHS's");
        // glpsol's grid completes the givens whose switch it left on.
        let mut on = givens.clone();
        for (r, c) in (0..9).flat_map(|r| (0..9).map(move |c| (r, c))) {
            let name = format!("keep_given_r{}_c{}", r + 1, c + 1);
            if columns.get(&name).copied().unwrap_or(0.0) < 0.5 {
                on[r * 9 + c] = 0;
            }
        }
        let grid = decode(&columns, 9);
        assert!(is_solution(&on, &grid, 3, 3), "{ext}: {grid:?}");
    }
}

#[test]
fn export_fix_refuses_formats_and_switches_it_cannot_honour() {
    let file = seed_arg("seed004_no_solution_9x9.json");
    for extra in [
        &["--format", "cnf"][..],
        &["--format", "lp", "--reduce"][..],
        &["--format", "lp", "--model", "natural"][..],
        &["--format", "lp", "--objective", "max:diagonal"][..],
    ] {
        let mut args = vec!["export", "--fix", file.as_str()];
        args.extend_from_slice(extra);
        let (code, out, err) = crate::common::run(&args, None);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty(), "{extra:?}");
        assert!(err.contains("--fix"), "{extra:?}: {err}");
    }
}
