//! Issue 41's smaller items, one test each: what a command prints and its exit code where the
//! contract (0 ok, 1 no solution, 2 bad input, 3 limit or internal error) was not kept.

use crate::common::run;

/// seed004_unique_9x9's solution as a line: a grid with no empty cell.
const SOLVED: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

fn seed(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/seeds")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn hint_json_on_a_complete_grid_prints_json() {
    let (code, out, err) = run(&["hint", "--json", "-"], Some(SOLVED));
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(doc, serde_json::json!({"status": "complete"}));
    let (code, out, _) = run(&["hint", "-"], Some(SOLVED));
    assert_eq!((code, out.as_str()), (0, "the grid is already complete\n"));
}

#[test]
fn generate_tree_nodes_names_the_seeds_it_tried_and_a_search_without_result_exits_3() {
    // A 4×4 tree of a million nodes does not exist: the two seeds are tried and the search ends.
    let (code, out, err) = run(
        &[
            "generate",
            "--size",
            "4",
            "--seed",
            "7",
            "--tree-nodes",
            "1000000",
            "--tries",
            "2",
        ],
        None,
    );
    assert_eq!(code, 3, "a limit of the search, not bad input: {err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("seeds 7..=8 (2 tried)"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = run(
        &[
            "generate",
            "--size",
            "4",
            "--tree-nodes",
            "5",
            "--tries",
            "0",
        ],
        None,
    );
    assert_eq!(code, 2, "no seed to try is a usage error: {err}");
}

#[test]
fn export_refuses_an_objective_its_format_cannot_carry() {
    let file = seed("seed004_unique_9x9.json");
    for format in ["cnf", "col"] {
        let (code, out, err) = run(
            &[
                "export",
                "--format",
                format,
                "--objective",
                "max:diagonal",
                &file,
            ],
            None,
        );
        assert_eq!(code, 2, "{format}: {err}");
        assert!(out.is_empty(), "{format}: {out}");
        assert_eq!(err.lines().count(), 1, "{format}: {err}");
        assert!(
            err.contains("has no objective and cannot carry max:diagonal"),
            "{err}"
        );
    }
    // The data formats carry it, as their models read it.
    let (code, out, err) = run(
        &[
            "export",
            "--format",
            "dzn",
            "--objective",
            "max:diagonal",
            &file,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("% objective max:diagonal") && out.contains("n_weights = 81;"),
        "{out}"
    );
    let (code, out, err) = run(
        &[
            "export",
            "--format",
            "gmpl-data",
            "--objective",
            "min:first-row",
            &file,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("# objective min:first-row"), "{out}");
}

#[test]
fn steps_svg_makes_one_directory_and_refuses_a_missing_parent_or_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = seed("seed004_unique_9x9.json");
    let deep = dir.path().join("missing/deeper");
    let (code, out, err) = run(&["steps", "--svg", deep.to_str().unwrap(), &file], None);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no such directory") && !err.contains("os error"),
        "{err}"
    );
    assert!(!dir.path().join("missing").exists(), "nothing made");
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, "x").unwrap();
    let (code, _, err) = run(&["steps", "--svg", plain.to_str().unwrap(), &file], None);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a file, not a directory") && !err.contains("os error"),
        "{err}"
    );
    let new = dir.path().join("pictures");
    let (code, _, err) = run(&["steps", "--svg", new.to_str().unwrap(), &file], None);
    assert_eq!(code, 0, "{err}");
    assert!(new.join("step-001.svg").is_file());
}

#[test]
fn explain_and_compare_describe_their_own_time_limit() {
    let (_, explain, _) = run(&["explain", "--help"], None);
    assert!(!explain.contains("compare:"), "{explain}");
    assert!(explain.contains("of the whole explanation"), "{explain}");
    let (_, compare, _) = run(&["compare", "--help"], None);
    assert!(
        compare.contains("of each variant on each puzzle"),
        "{compare}"
    );
    let (_, solve, _) = run(&["solve", "--help"], None);
    assert!(!solve.contains("compare:"), "{solve}");
}

#[test]
fn hint_help_names_exit_code_3() {
    let (_, help, _) = run(&["hint", "--help"], None);
    assert!(help.contains("3 time limit or internal error"), "{help}");
}

#[test]
fn rate_takes_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    let none = "11..............................................................................."
        .replace("11", "1.");
    std::fs::write(&file, format!("{SOLVED}\n{}\n", &none)).unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&["rate", "--no-lp", file], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    let (code, out, err) = run(&["rate", "--no-lp", "--line", "2", file], None);
    assert_eq!(code, 1, "line 2 has several solutions: {err}");
    assert_eq!(out, "several\n");
    let (code, _, err) = run(&["rate", "--no-lp", "--line", "3", file], None);
    assert_eq!(code, 2, "no line 3: {err}");
}

#[test]
fn a_json_word_is_told_it_is_json_but_not_a_puzzle() {
    for word in ["null", "true", "false\n"] {
        let (code, _, err) = run(&["solve", "-"], Some(word));
        assert_eq!(code, 2, "{word}: {err}");
        assert!(err.contains("JSON but not an object"), "{word}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
