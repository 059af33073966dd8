//! The page's exercises (issue 45) through its API natively, HiGHS in-process as the LP
//! backend: the same verdicts as the library and the command line give (the browser tests,
//! web/tests/test_exercises.py, ask the page for them on HiGHS-wasm).

use serde_json::Value;
use sudoku_ilp::check::check;
use sudoku_ilp::puzzle::Grid;
use sudoku_ilp_web::api::{Backends, Core};

fn backends() -> Backends {
    Backends::on(sudoku_ilp::solve::lab_lp::make).with_exact(sudoku_ilp::solve::lab_lp::mip_backend)
}

fn data(name: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/");
    std::fs::read_to_string(format!("{root}{name}")).unwrap()
}

fn json(text: String) -> Value {
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_certificate_is_graded_as_prove_grades_it() {
    let session = Core::new(&data("seeds/seed003_minizinc_9x9.json"), "", backends()).unwrap();
    let wrong = json(
        session
            .prove("r7c1=5", "col_c1_v5 - box_b1_v5", false)
            .unwrap(),
    );
    assert_eq!(wrong["proves"], false);
    assert_eq!(
        wrong["summed"]["spoilers"],
        serde_json::json!(["x_r1_c3_v5"])
    );
    assert!(wrong["model_answer"].is_null());
    let right = "cell_r1_c3 + col_c1_v5 - col_c3_v3 - box_b1_v5";
    let graded = json(session.prove("r7c1=5", right, true).unwrap());
    assert_eq!(graded["proves"], true, "{}", graded["text"]);
    assert!(graded["text"].as_str().unwrap().starts_with("proven: "));
    assert_eq!(graded["model_answer"]["implied"], true);
    let answer = json(session.prove_answer("r7c1=5").unwrap());
    assert_eq!(answer["model_answer"], graded["model_answer"]);
    assert!(answer["text"]
        .as_str()
        .unwrap()
        .starts_with("model answer: +cell_r1_c3 +col_c1_v5 -col_c3_v3 -box_b1_v5\n"));
    let e = session.prove("r7c1=5", "row_r99_v1", false).unwrap_err();
    assert!(
        e.starts_with("--rows: row \"row_r99_v1\" is not a row"),
        "{e}"
    );
    let e = session.prove("r2c2=1", "cell_r2_c2", false).unwrap_err();
    assert!(e.contains("is a given"), "{e}");
}

fn diagonal_lab() -> Core {
    let mut session = Core::new(&data("seeds/seed004_unique_9x9.json"), "", backends()).unwrap();
    session.lab_start("max:diagonal").unwrap();
    session
}

#[test]
fn a_students_cut_is_valid_or_refused_with_a_checked_counterexample() {
    let mut session = diagonal_lab();
    let state = json(session.lab_do("node 0; cut my: r1c2=2 >= 1").unwrap());
    let answer = &state["answers"][0];
    assert_eq!(answer["kind"], "cut");
    assert_eq!(answer["valid"], false);
    assert_eq!(answer["cuts_off"], true);
    let rows: Vec<Vec<u8>> = serde_json::from_value(answer["counterexample"].clone()).unwrap();
    let grid = Grid {
        n: 9,
        values: rows.concat(),
    };
    check(&session.puzzle, &grid).unwrap();
    assert_eq!(
        grid.values[1], 6,
        "the counterexample violates x_r1_c2_v2 >= 1"
    );
    assert!(answer["added"].is_null());
    let state = json(session.lab_do("node 0; cut my: x_r1_c2_v6 >= 1").unwrap());
    let answer = &state["answers"][0];
    assert_eq!(answer["valid"], true);
    assert_eq!(
        answer["no_grid_with"],
        serde_json::json!({"at_least": null, "at_most": 0.0}),
        "x >= 1 is decided by the MILP with x <= 0 added"
    );
    assert!(answer["extremes"].is_null(), "no optimum is computed");
    assert_eq!(answer["cuts_off"], true);
    assert_eq!(answer["added"]["name"], "my_1");
    let after = answer["added"]["bound_after"].as_f64().unwrap();
    assert_eq!(state["tree"]["nodes"][0]["lp"].as_f64().unwrap(), after);
}

#[test]
fn predictions_are_graded_right_and_wrong() {
    let mut session = diagonal_lab();
    let state = json(
        session
            .lab_do("node 0; predict integral no; predict integral yes; predict branch x_r9_c6_v2")
            .unwrap(),
    );
    let answers = state["answers"].as_array().unwrap();
    let correct: Vec<bool> = answers.iter().map(|a| a["correct"] == true).collect();
    assert_eq!(correct, [true, false, true]);
    assert_eq!(answers[1]["expected"], "no");
    assert_eq!(state["tree"]["nodes"].as_array().unwrap().len(), 1);
}

#[test]
fn a_rule_s_rows_are_checked_exact_and_strong() {
    let rules = r#"{"grid":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"rules":[
     {"type":"killer","cells":["r1c1","r1c2"],"sum":5},
     {"type":"thermometer","cells":["r2c1","r2c2","r2c3"]},
     {"type":"kropki","dot":"white","a":"r3c1","b":"r3c2"}]}"#;
    let session = Core::new(rules, "", backends()).unwrap();
    let names: Vec<String> = serde_json::from_str(&session.check_rules()).unwrap();
    for name in ["cage1", "thermo1", "white1", "row_r1", "col_c4", "box_b4"] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    let wrong = json(
        session
            .row_check("white1", "r3c1=1 + r3c2=1 <= 1; r3c1=1 + r3c2=3 <= 1")
            .unwrap(),
    );
    assert_eq!(wrong["exact"], false);
    assert_eq!(wrong["forbidden_accepted"], "r3c1=1 r3c2=4");
    let value = |cell: &str| {
        (1..=4)
            .map(|v| format!("{v} {cell}={v}"))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let weak = json(
        session
            .row_check(
                "thermo1_step1",
                &format!("{} + 1 <= {}", value("r2c1"), value("r2c2")),
            )
            .unwrap(),
    );
    assert_eq!(weak["exact"], true);
    assert_eq!(weak["strength"], "weaker");
    assert!(weak["point"].as_str().is_some_and(|p| !p.is_empty()));
    let e = session.row_check("cage9", "r1c1=1 <= 1").unwrap_err();
    assert!(e.starts_with("no rule \"cage9\""), "{e}");
}
