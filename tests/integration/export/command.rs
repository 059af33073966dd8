//! The `export` command itself, whatever the format: the same bytes from run to run, golden
//! files for a small grid, the format inferred from the file name, and bad usage.

use super::solvers::{spawn, tool};
use crate::common::seed_arg;
use std::path::Path;

fn export_stdout(args: &[&str]) -> Vec<u8> {
    let mut cmd = tool();
    cmd.arg("export").args(args);
    let output = spawn(cmd);
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
    let unique = &seed_arg("seed004_unique_9x9.json");
    let six = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_6x6_2x3.json");
    let six = six.to_str().unwrap();
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
    let puzzle = &seed_arg("seed004_annex_4x4.json");
    for (golden, format) in [
        ("seed004_annex_4x4.lp", "lp"),
        ("seed004_annex_4x4.mps", "mps"),
        ("seed004_annex_4x4.dat", "gmpl-data"),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(golden);
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

fn export_fails(args: &[&str]) -> String {
    let mut cmd = tool();
    cmd.arg("export").args(args);
    let output = spawn(cmd);
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
    let p = &seed_arg("seed004_annex_4x4.json");
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
    let p = seed_arg("seed004_annex_4x4.json");
    let dir = tempfile::tempdir().unwrap();
    for (name, start) in [
        ("m.lp", "\\ sudoku-ilp export"),
        ("m.mps", "* sudoku-ilp export"),
        ("m.dat", "# sudoku-ilp export"),
    ] {
        let out = dir.path().join(name);
        let mut cmd = tool();
        cmd.arg("export").arg(&p).arg("-o").arg(&out);
        let output = spawn(cmd);
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
    let help = String::from_utf8(spawn(cmd).stdout).unwrap();
    assert!(
        help.contains("Example:") && help.contains("--format"),
        "{help}"
    );
}
