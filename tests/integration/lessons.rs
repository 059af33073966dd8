//! Lessons as files (issue 45, item 5): the three lessons of `data/lessons/` pass `lesson
//! check`; each is played end to end with right answers (full marks) and with wrong ones (each
//! graded wrong with its reason: a refused certificate with its spoilers, an invalid cut with a
//! checked grid, rows that accept a forbidden assignment, a wrong number or choice); a wrong
//! expected answer makes `lesson check` exit 1 naming the step and what the library computes;
//! a bad file is one line and exit 2 naming the step; the JSON Schema in docs/ is the one
//! generated from the types.

use crate::common::{highs_lock, run};
use std::path::{Path, PathBuf};
use sudoku_ilp::lesson::{open, schema_text, NativePlayer};
use sudoku_ilp::limits::Limits;

fn lesson_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/lessons")
        .join(name)
}

fn player(name: &str) -> NativePlayer {
    open(&lesson_path(name), Limits::seconds(60.0).unwrap()).unwrap()
}

/// Plays every step of `player`, answering each question with `answer(step index)` (the
/// lesson's own answer when it gives `None`); returns each graded answer.
fn play_all(
    player: &mut NativePlayer,
    mut answer: impl FnMut(usize) -> Option<String>,
) -> Vec<sudoku_ilp::lesson::Grade> {
    let mut grades = Vec::new();
    while let Some(shown) = player.next_step().unwrap() {
        let Some(question) = player.lesson.steps[shown.index].question.clone() else {
            continue;
        };
        let text = answer(shown.index).unwrap_or_else(|| question.expected());
        grades.push(player.answer(&text).unwrap());
    }
    grades
}

const LESSONS: [&str; 3] = ["formulations.json", "branch-and-bound.json", "duality.json"];

#[test]
fn the_schema_in_docs_is_the_one_the_types_generate() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lesson.schema.json");
    let committed = std::fs::read_to_string(docs).unwrap();
    assert_eq!(
        committed,
        schema_text(),
        "docs/lesson.schema.json is stale: regenerate it with `sudoku-ilp lesson schema > docs/lesson.schema.json`"
    );
    let (code, out, _) = run(&["lesson", "schema"], None);
    assert_eq!((code, out), (0, committed));
}

#[test]
fn every_shipped_lesson_passes_lesson_check() {
    for name in LESSONS {
        let path = lesson_path(name);
        let (code, out, err) = run(&["lesson", "check", path.to_str().unwrap()], None);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(out.contains(": ok: "), "{out}");
    }
    let shipped = std::fs::read_dir(lesson_path(""))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert_eq!(
        shipped,
        LESSONS.len(),
        "a lesson in data/lessons/ is not tested here"
    );
}

#[test]
fn each_lesson_played_with_the_right_answers_scores_full_marks() {
    let _guard = highs_lock();
    for name in LESSONS {
        let mut p = player(name);
        let grades = play_all(&mut p, |_| None);
        assert!(!grades.is_empty());
        for g in &grades {
            assert!(g.correct && g.readable, "{name} step {}: {g:?}", g.step + 1);
        }
        let score = p.score();
        assert_eq!((score.right, score.answered), (grades.len(), grades.len()));
        assert_eq!(score.questions, grades.len());
        assert!(p.done());
    }
}

#[test]
fn branch_and_bound_wrong_predictions_and_numbers_are_graded_wrong_with_the_reason() {
    let _guard = highs_lock();
    let mut p = player("branch-and-bound.json");
    let wrong = [
        "yes",        // the root is integral? It has 26 fractional columns.
        "56",         // the root LP value is 57
        "65",         // the incumbent after branching r1c1 is 63
        "maybe",      // the gap: not a number
        "x_r1_c1_v1", // the most fractional column is x_r1_c2_v2
        "57",         // r1c2=2's LP value is 58
        "no",         // r1c2=1 at node 1 is infeasible
        "63",         // the incumbent is now 58
        "1",          // the gap is now 0
    ];
    let grades = play_all(&mut p, |k| Some(wrong[k].to_string()));
    assert_eq!(grades.len(), wrong.len());
    for g in &grades {
        assert!(!g.correct, "step {}: {g:?}", g.step + 1);
    }
    assert!(
        grades[0].reason.contains("26 fractional columns"),
        "{:?}",
        grades[0]
    );
    assert_eq!(grades[1].expected, "57");
    assert_eq!(grades[2].expected, "63");
    assert!(!grades[3].readable && grades[3].reason.contains("not a number"));
    assert_eq!(grades[4].expected, "x_r1_c2_v2");
    assert!(
        grades[4].reason.contains("yours, x_r1_c1_v1"),
        "{:?}",
        grades[4]
    );
    assert_eq!(grades[5].expected, "58");
    assert_eq!(grades[6].expected, "yes");
    assert!(grades[6].reason.contains("no feasible point"));
    assert_eq!(
        (grades[7].expected.as_str(), grades[8].expected.as_str()),
        ("58", "0")
    );
    assert_eq!(p.score().right, 0);
    assert_eq!(p.score().answered, wrong.len());
}

#[test]
fn the_first_answer_counts_and_a_later_right_one_is_still_graded() {
    let _guard = highs_lock();
    let mut p = player("branch-and-bound.json");
    p.next_step().unwrap();
    assert!(!p.answer("yes").unwrap().correct);
    assert!(p.answer("no").unwrap().correct);
    let score = p.score();
    assert_eq!((score.right, score.answered), (0, 1));
}

#[test]
fn duality_a_wrong_certificate_and_an_invalid_cut_are_refused_with_why() {
    let _guard = highs_lock();
    let mut p = player("duality.json");
    let grades = play_all(&mut p, |k| match k {
        0 => Some("cell_r8_c3".into()),
        2 => Some("r9c6=1 <= 0".into()),
        3 => Some("r9c6=2 <= 1".into()),
        _ => None,
    });
    // A certificate whose right-hand side stays 1.
    assert!(!grades[0].correct && grades[0].readable);
    assert!(
        grades[0].reason.starts_with("not proven"),
        "{}",
        grades[0].reason
    );
    assert!(grades[0]
        .reason
        .contains("the right-hand side is 1, above 0"));
    // An invalid cut: the grid that violates it is the puzzle's solution, which passes the
    // checker.
    let invalid = &grades[1];
    assert!(!invalid.correct);
    assert!(
        invalid.reason.contains("not valid at node 0"),
        "{}",
        invalid.reason
    );
    let p2 = sudoku_ilp::input::parse_puzzle(
        "seed",
        &std::fs::read_to_string(lesson_path("../seeds/seed004_unique_9x9.json")).unwrap(),
        Default::default(),
    )
    .unwrap();
    let rows: Vec<Vec<u8>> = invalid
        .reason
        .lines()
        .filter(|l| l.trim_start().starts_with('|'))
        .map(|l| {
            l.chars()
                .filter_map(|c| c.to_digit(10).map(|d| d as u8))
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 9, "{}", invalid.reason);
    let grid = sudoku_ilp::puzzle::Grid {
        n: 9,
        values: rows.concat(),
    };
    sudoku_ilp::check::check(&p2, &grid).unwrap();
    assert_eq!(
        rows[8][5], 1,
        "the grid has 1 in r9c6, which the cut forbids"
    );
    // A valid cut that does not cut off the root point is not what the question asks.
    let weak = &grades[2];
    assert!(!weak.correct);
    assert!(weak.reason.contains("valid at node 0"), "{}", weak.reason);
    assert!(weak.reason.contains("does not cut off"), "{}", weak.reason);
    // The question leaves the tree alone: the lesson's own cut actions are the only cuts.
    let lab = p.lab_made().unwrap();
    let names: Vec<&str> = lab.cuts.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["my_1", "my_2", "gomory_3"]);
}

#[test]
fn formulations_wrong_choice_and_rows_are_graded_wrong() {
    let _guard = highs_lock();
    let mut p = player("formulations.json");
    let grades = play_all(&mut p, |k| match k {
        0 => Some("729".into()),
        2 => Some("2".into()),
        3 => Some("40".into()),
        5 => Some(
            "r1c1=1 + 2 r1c1=2 + 3 r1c1=3 + 4 r1c1=4 + 5 r1c1=5 + r2c1=1 + 2 r2c1=2 + 3 r2c1=3 + \
             4 r2c1=4 + 5 r2c1=5 = 6"
                .into(),
        ),
        _ => None,
    });
    assert!(!grades[0].correct);
    assert_eq!(grades[0].expected, "861");
    assert!(!grades[2].correct, "option 2 is natural");
    assert_eq!(grades[2].expected, "binary");
    assert!(
        grades[2].reason.contains("binary 40") && grades[2].reason.contains("natural 68"),
        "{}",
        grades[2].reason
    );
    assert!(!grades[3].correct);
    assert_eq!(grades[3].expected, "51.5294");
    let rows = &grades[5];
    assert!(!rows.correct);
    assert!(
        rows.reason.contains("accept a forbidden assignment"),
        "{}",
        rows.reason
    );
    assert!(grades[1].correct && grades[4].correct);
}

#[test]
fn lesson_play_grades_answers_from_a_file_with_a_hint_and_the_score() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, "yes\n?\n57\n63\n\nx_r1_c2_v2\n58\nyes\n58\n0\n").unwrap();
    let path = lesson_path("branch-and-bound.json");
    let (code, out, err) = run(
        &[
            "lesson",
            "play",
            path.to_str().unwrap(),
            "--answers",
            answers.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("you said yes — wrong (a right answer: no)"),
        "{out}"
    );
    assert!(
        out.contains("hint: Read it from the root's line above."),
        "{out}"
    );
    assert!(out.contains("not answered"), "{out}");
    assert!(
        out.contains("node 6 r1c2≠2 · LP 62.3333 · pruned by bound"),
        "{out}"
    );
    assert!(
        out.ends_with("score: 7 of 9 questions right at the first try (8 answered) — Branch and bound with a bound\n"),
        "{out}"
    );
}

/// Writes `lesson` (JSON) into a fresh folder as `lesson.json`; returns the folder and path.
fn lesson_file(lesson: &serde_json::Value) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lesson.json");
    std::fs::write(&path, lesson.to_string()).unwrap();
    (dir, path.to_string_lossy().into_owned())
}

fn branch_and_bound() -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(lesson_path("branch-and-bound.json")).unwrap())
        .unwrap()
}

#[test]
fn a_wrong_expected_answer_exits_1_naming_the_step_and_what_the_library_computes() {
    let mut lesson = branch_and_bound();
    lesson["steps"][1]["question"]["answer"] = serde_json::json!(60);
    lesson["steps"][5]["question"]["answer"] = serde_json::json!("59");
    let (_dir, path) = lesson_file(&lesson);
    let (code, out, _) = run(&["lesson", "check", &path], None);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("step 2 (number): the lesson expects \"60\", but the library computes \"57\""),
        "{out}"
    );
    assert!(
        out.contains(
            "step 6 (predict): the lesson expects \"59\", but the library computes \"58\""
        ),
        "{out}"
    );
    assert!(out.contains("2 of 9 expected answers are wrong"), "{out}");
}

#[test]
fn a_bad_lesson_file_is_one_line_and_exit_2_naming_what_is_wrong() {
    let bad = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut lesson = branch_and_bound();
        edit(&mut lesson);
        let (_dir, path) = lesson_file(&lesson);
        let (code, out, err) = run(&["lesson", "check", &path], None);
        assert_eq!(code, 2, "{out}{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.is_empty(), "{out}");
        err
    };
    let err = bad(&|l| l["steps"][2]["action"]["lab"] = "branch r9c9".into());
    assert!(err.contains("step 3: step \"branch r9c9\""), "{err}");
    let err = bad(&|l| l["steps"][0]["question"]["answer"] = "perhaps".into());
    assert!(
        err.contains("step 1: the expected answer \"perhaps\""),
        "{err}"
    );
    let err = bad(&|l| l["steps"][1]["question"]["kind"] = "essay".into());
    assert!(
        err.contains("line 1, column") && err.contains("essay"),
        "{err}"
    );
    let err = bad(&|l| l["steps"][0]["action"] = serde_json::json!({"hint": {"level": "all"}}));
    assert!(err.contains("step 1: ") && err.contains("\"all\""), "{err}");
    let err = bad(&|l| l["colour"] = "red".into());
    assert!(err.contains("unknown field `colour`"), "{err}");
    let err = bad(&|l| l["objective"] = "max:nothing".into());
    assert!(err.contains("the objective \"max:nothing\""), "{err}");
    let err = bad(&|l| l["model"] = serde_json::json!({"kind": "ternary"}));
    assert!(err.contains("the model:"), "{err}");
    let err = bad(&|l| l["puzzle"] = serde_json::json!({"path": "no-such-puzzle.json"}));
    assert!(
        err.contains("the puzzle:") && err.contains("no-such-puzzle.json"),
        "{err}"
    );
    let err = bad(&|l| l["steps"] = serde_json::json!([]));
    assert!(err.contains("the lesson has no steps"), "{err}");
    let err = bad(&|l| {
        l["steps"][1]["question"]["measure"] = serde_json::json!({"of": "node_lp", "node": 40})
    });
    assert!(err.contains("step 2: no node 40"), "{err}");
    let (code, _, err) = run(&["lesson", "check", "/no/such/lesson.json"], None);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/lesson.json"), "{err}");
}

#[test]
fn a_hint_action_shows_the_next_step_of_the_path_at_its_level() {
    let path = lesson_path("duality.json");
    let (code, out, err) = run(&["lesson", "play", path.to_str().unwrap()], Some(""));
    assert_eq!(code, 0, "{err}");
    let step1 = out.split("step 2 of").next().unwrap();
    assert!(
        step1.contains("    look at box 7 (r8c3)\n    technique: hidden single (1.2)\n"),
        "{step1}"
    );
    assert!(
        !step1.contains("place 1 in r8c3"),
        "the technique level does not give the value"
    );
    assert!(out.ends_with("score: 0 of 7 questions right at the first try (0 answered) — Duality: certificates and cuts\n"), "{out}");
}
