"""Issue 45 items 2-4 from Python: the student's own cut (valid: added, the bound moves; not
valid: a counterexample grid that the checker passes), graded predictions, and a student's rows
for one rule (a forbidden assignment named; a weak correct form called weaker, with its point)."""

from pathlib import Path

import pytest
import sudoku_ilp as si

UNIQUE = Path(__file__).resolve().parents[2] / "data" / "seeds" / "seed004_unique_9x9.json"

RULES_4X4 = """{"grid":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"rules":[
 {"type":"killer","cells":["r1c1","r1c2"],"sum":5},
 {"type":"thermometer","cells":["r2c1","r2c2","r2c3"]},
 {"type":"kropki","dot":"white","a":"r3c1","b":"r3c2"}]}"""


def test_a_valid_cut_moves_the_bound_and_an_invalid_one_shows_a_checked_grid():
    puzzle = si.Puzzle.from_file(str(UNIQUE))
    grid = si.solve(puzzle).grid
    lab = si.Lab(puzzle, objective="max:diagonal")
    # Some candidate of the grid: "x <= 0" is not valid; the counterexample is the grid.
    r, c = next((r, c) for r in range(9) for c in range(9) if puzzle.givens[r][c] == 0)
    bad = lab.cut(0, f"r{r + 1}c{c + 1}={grid[r][c]} <= 0")
    assert bad["valid"] is False and bad["added"] is False
    assert bad["counterexample"] == grid
    # A digit the grid does not hold there: "x <= 0" is valid and added.
    # (A digit the givens rule out has no column: such a cut has no term and is refused.)
    good = None
    for other in (v for v in range(1, 10) if v != grid[r][c]):
        try:
            good = lab.cut(0, f"r{r + 1}c{c + 1}={other} + 0 <= 0")
            break
        except ValueError:
            continue
    assert good is not None
    assert good["valid"] is True and good["counterexample"] is None
    if good["added"]:
        assert good["bound_after"] <= good["bound_before"] + 1e-9
        assert good["name"] == "my_1"
    with pytest.raises(ValueError):
        lab.cut(0, "x_r1_c1_v1 + <= 1")


def test_predictions_are_graded_with_their_reason():
    lab = si.Lab(si.Puzzle.from_file(str(UNIQUE)))
    right = lab.predict(0, "integral no")
    assert right["correct"] and "fractional columns" in right["reason"]
    wrong = lab.predict(0, "next best 3")
    assert not wrong["correct"] and wrong["expected"] == "0"
    variable = lab.suggest(0)["variable"]
    assert lab.predict(0, f"branch {variable}")["correct"]
    with pytest.raises(ValueError):
        lab.predict(0, "what next")


def test_row_check_names_a_forbidden_assignment_and_calls_a_weak_form_weaker():
    puzzle = si.Puzzle.from_json(RULES_4X4)
    wrong = si.row_check(puzzle, "white1", "r3c1=1 + r3c2=1 <= 1; r3c1=1 + r3c2=3 <= 1")
    assert not wrong["exact"] and wrong["forbidden_accepted"] == "r3c1=1 r3c2=4"
    value = lambda cell: " + ".join(f"{v} {cell}={v}" for v in range(1, 5))
    weak = si.row_check(puzzle, "thermo1_step1", f"{value('r2c1')} + 1 <= {value('r2c2')}")
    assert weak["exact"] and weak["strength"] == "weaker"
    assert weak["verdict"].startswith("right, but weaker") and weak["point"]
    with pytest.raises(ValueError):
        si.row_check(puzzle, "cage9", "r1c1=1 <= 1")
