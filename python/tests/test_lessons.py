"""si.Lesson: a lesson file of data/lessons/ played from Python (issue 45, item 5): right answers
score full marks, wrong ones are graded wrong with the reason, the first try counts, and
si.check_lesson is `lesson check` (a wrong expected answer is a mismatch naming the step)."""

import json
from pathlib import Path

import pytest
import sudoku_ilp as si
from conftest import cli

LESSONS = Path(__file__).resolve().parents[2] / "data" / "lessons"
NAMES = ["formulations.json", "branch-and-bound.json", "duality.json"]


def play(name, answers):
    """Plays lesson `name` to the end, answering each question with answers(index, right);
    returns the lesson and the graded answers."""
    questions = [s.get("question") for s in json.loads((LESSONS / name).read_text())["steps"]]
    lesson = si.Lesson(LESSONS / name)
    graded = []
    while (step := lesson.next()) is not None:
        if step["kind"] is not None:
            right = str(questions[step["index"]]["answer"])
            graded.append(lesson.answer(answers(step["index"], right)))
    return lesson, graded


def open_lesson(name):
    return si.Lesson(LESSONS / name)


@pytest.mark.parametrize("name", NAMES)
def test_each_lesson_passes_check_and_right_answers_score_full_marks(name):
    report = si.check_lesson(str(LESSONS / name))
    assert report["passed"] is True and report["mismatches"] == []
    lesson, graded = play(name, lambda i, right: right)
    assert graded and all(g["correct"] and g["readable"] for g in graded)
    score = lesson.score()
    assert (score["right"], score["answered"], score["questions"]) == (len(graded),) * 3
    assert lesson.done
    assert lesson.next() is None


def test_wrong_answers_are_graded_wrong_with_the_reason():
    lesson = open_lesson("branch-and-bound.json")
    step = lesson.next()
    assert step["kind"] == "predict" and "root: node 0 root · LP 57" in step["action"]
    wrong = lesson.answer("yes")
    assert wrong["correct"] is False and wrong["expected"] == "no"
    assert "26 fractional columns" in wrong["reason"]
    assert lesson.answer("no")["correct"] is True  # graded, but the first try counts
    lesson.next()
    unreadable = lesson.answer("fifty-seven")
    assert unreadable["readable"] is False and unreadable["correct"] is False
    assert lesson.score()["right"] == 0 and lesson.score()["answered"] == 2


def test_a_wrong_certificate_and_an_invalid_cut_in_the_duality_lesson():
    lesson = open_lesson("duality.json")
    lesson.next()
    refused = lesson.answer("cell_r8_c3")
    assert refused["correct"] is False
    assert refused["reason"].startswith("not proven")
    assert refused["expected"] == "cell_r8_c3 - box_b7_v1"
    lesson.next()  # the tool's own certificate, no question
    lesson.next()
    lesson.next()
    invalid = lesson.answer("r9c6=1 <= 0")
    assert invalid["correct"] is False
    assert "not valid at node 0" in invalid["reason"]
    assert "| 8 9 7 | 2 6 1 | 3 5 4 |" in invalid["reason"]


def test_a_wrong_choice_and_rows_in_the_formulations_lesson():
    lesson = open_lesson("formulations.json")
    for _ in range(3):
        lesson.next()
    choice = lesson.answer("natural")
    assert choice["correct"] is False and choice["expected"] == "binary"
    assert "natural 68" in choice["reason"]
    for _ in range(3):
        lesson.next()
    rows = lesson.answer("r1c1=1 + r2c1=5 <= 2")
    assert rows["correct"] is False
    assert "accept a forbidden assignment" in rows["reason"]


def test_check_lesson_names_a_wrong_expected_answer_and_a_bad_file_raises(tmp_path):
    doc = json.loads((LESSONS / "branch-and-bound.json").read_text())
    doc["steps"][1]["question"]["answer"] = 60
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(doc))
    report = si.check_lesson(str(path))
    assert report["passed"] is False
    [m] = report["mismatches"]
    assert (m["step"], m["kind"], m["expected"], m["computed"]) == (2, "number", "60", "57")
    run = cli("lesson", "check", str(path))
    assert run.returncode == 1 and "step 2 (number)" in run.stdout
    doc["steps"][2]["action"]["lab"] = "branch r9c9"
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="step 3"):
        si.check_lesson(str(path))
    lesson = si.Lesson(LESSONS / "branch-and-bound.json")
    with pytest.raises(ValueError, match="no question is open"):
        lesson.answer("57")
