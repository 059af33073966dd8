"""The driven branch and bound from Python: a whole session (branch, cut, prune by bound and by
infeasibility, finish), its grid checked, its optimum equal to HiGHS's MILP, the tree inline."""

from pathlib import Path

import pytest
import sudoku_ilp as si

UNIQUE = Path(__file__).resolve().parents[2] / "data" / "seeds" / "seed004_unique_9x9.json"


def test_a_session_driven_from_python_reaches_the_milp_optimum():
    puzzle = si.Puzzle.from_file(str(UNIQUE))
    lab = si.Lab(puzzle, objective="min:random:2")
    assert lab.nodes[0]["status"] == "fractional"
    cut = lab.cut(0, "gomory")
    assert cut is not None and cut["row"].startswith("gomory_1:") and cut["violation"] > 0
    assert cut["bound_after"] >= cut["bound_before"] - 1e-9  # min: a cut can only raise the bound
    children = lab.branch(0, "r1c2")
    assert len(children) >= 2
    best = lab.next("best")
    suggestion = lab.suggest(best)
    assert suggestion["variable"].startswith("x_r")
    lab.finish(best)
    lab.auto()
    statuses = {n["status"] for n in lab.nodes}
    assert "pruned by bound" in statuses or lab.nodes[best]["status"] == "finished by HiGHS"
    # The lab's model has no column a given rules out: the LP refutes some fixings of the loop.
    assert "infeasible" in statuses
    milp = si.solve(puzzle, objective="min:random:2")
    assert lab.incumbent == milp.grid
    assert lab.bound == pytest.approx(lab.value)
    assert lab._repr_svg_().startswith("<svg") and "gomory_1" in lab._repr_html_()


def test_a_script_replays_and_bad_steps_raise_value_error():
    puzzle = si.Puzzle.from_file(str(UNIQUE))
    text = si.Lab(puzzle, objective="max:diagonal").script("branch variable; next best; cut gomory")
    assert "step 3: cut gomory" in text
    assert text == si.Lab(puzzle, objective="max:diagonal").script("branch variable; next best; cut gomory")
    with pytest.raises(ValueError):
        si.Lab(puzzle).branch(0, "r10c1", 5)
    with pytest.raises(ValueError):
        si.Lab(puzzle, objective="sideways")


def test_lp_bb_takes_the_textbook_rule_and_cuts():
    puzzle = si.Puzzle.from_string("................")
    r = si.solve(puzzle, objective="max:diagonal", method="lp-bb", branch="variable", cuts="gomory")
    assert r.status == "solved"
    assert sum(r.grid[i][i] for i in range(4)) == 14
