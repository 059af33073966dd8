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


def test_lab_auto_lp_bb_and_the_cli_open_the_same_nodes():
    """One branch and bound: lp-bb is the lab's automatic loop, so the same puzzle through
    `Lab.auto()`, `solve(method="lp-bb")` (its statistics and its tree), `rate` (lp-bb's nodes at
    LP level 2) and the command line (`solve --method lp-bb`, `lab --do auto`) gives one node
    count. The Rust side is tests/integration/lp_bb.rs; the page is to join once it offers lp-bb
    (issue 42 item 1: the page's helper adds it)."""
    from conftest import cli, cli_json

    puzzle = si.Puzzle.from_file(str(UNIQUE))
    lab = si.Lab(puzzle)
    lab.auto()
    assert not lab.stopped
    assert lab.incumbent is not None
    nodes = len(lab.nodes)
    assert nodes > 1
    r = si.solve(puzzle, method="lp-bb", tree=True)
    assert r.status == "solved"
    assert r.stats.nodes == nodes == len(r.tree()["nodes"])
    assert [n["fixing"] for n in r.tree()["nodes"]] == [n["label"] for n in lab.nodes]
    assert si.rate(puzzle)["lp_bb_nodes"] == nodes
    doc = cli_json("solve", "--method", "lp-bb", "--json", str(UNIQUE))
    assert doc["stats"]["nodes"] == nodes
    run = cli("lab", str(UNIQUE), "--do", "auto")
    assert run.returncode == 0
    assert f"nodes {nodes} · open 0" in run.stdout


def test_lab_names_and_errors_are_the_librarys():
    assert si.BRANCHINGS == ["cell", "variable"]
    assert si.CUT_POLICIES == ["none", "gomory", "clique", "all"]
    assert si.NODE_RULES == ["depth", "best"]
    assert si.CUT_KINDS == ["gomory", "clique", "nogood"]
    lab = si.Lab(si.Puzzle.from_file(str(UNIQUE)))
    with pytest.raises(ValueError, match='^cut kind "nope": expected one of gomory, clique, nogood$'):
        lab.cut(0, "nope")
    with pytest.raises(ValueError, match='^node rule "nope": expected one of depth, best$'):
        lab.next("nope")
    with pytest.raises(ValueError, match='^branching "nope": expected one of cell, variable$'):
        lab.auto("nope")
    with pytest.raises(ValueError, match='^branch "nope": expected one of cell, variable$'):
        si.solve(si.Puzzle.from_file(str(UNIQUE)), method="lp-bb", branch="nope")
    with pytest.raises(ValueError, match="^r1c1 has no candidate 9$"):
        lab.branch(0, "r1c1", 9)
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        si.Lab(si.Puzzle.from_file(str(UNIQUE)), time_limit=0)


def test_a_hand_prune_keeps_its_bound_and_warns():
    lab = si.Lab(si.Puzzle.from_file(str(UNIQUE)), objective="max:diagonal")
    children = lab.branch(0, "r1c2")
    bound = lab.bound
    lab.prune(children[0])
    assert lab.nodes[children[0]]["status"] == "pruned by hand"
    assert lab.bound == bound
    assert "warning: pruned by hand without proof" in lab._repr_html_()
