"""hint, steps and rate from Python: the first step of a classic puzzle, a path that ends at the
solution, certificates in each step's JSON, a step's picture, and the time limit."""

import pytest
import sudoku_ilp as si
from conftest import cli, shared_data

LINE = "083020090000800100029300008000098700070000060006740000300006980002005000010030540"


def test_hint_steps_and_rate():
    p = si.Puzzle.from_string(LINE)
    first = si.hint(p)
    assert first.technique == "hidden single"
    assert first._repr_svg_().startswith("<svg")
    path = si.steps(p)
    grid = [int(ch) for ch in LINE]
    for step in path:
        for pl in step.json()["placements"]:
            r, c = (int(x) for x in pl["cell"][1:].split("c"))
            grid[(r - 1) * 9 + c - 1] = pl["value"]
    assert 0 not in grid
    implied = [e for s in path for e in s.json()["eliminations"] if e.get("lp_implied")]
    assert implied and all(e["certificate"] for e in implied)
    rating = si.rate(p)
    assert rating["lp_level"] in (0, 1, 2)
    # The difficulty is on Sukaku Explainer's scale: the same without the LP level, and read
    # from a path without LP steps.
    assert rating["difficulty"] == si.rate(p, lp=False)["difficulty"]
    if all(s.json()["se_scale"] or s.technique != "LP elimination" for s in path):
        hardest = max(s.difficulty for s in path)
        assert rating["difficulty"] == hardest
        assert rating["hardest"] in {s.technique for s in path if s.difficulty == hardest}


def test_hint_levels_are_the_librarys_names_and_errors_are_typed():
    p = si.Puzzle.from_string(LINE)
    assert si.HINT_LEVELS == ["where", "technique", "rows", "value"]
    where = si.hint(p, level="where")
    assert where.hint.startswith("look at") and "technique:" not in where.hint
    assert "technique:" in si.hint(p, level="technique").hint
    with pytest.raises(ValueError) as raised:
        si.hint(p, level="nope")
    expected = ", ".join(si.HINT_LEVELS)
    assert str(raised.value) == f'level "nope": expected one of {expected}'
    run = cli("hint", "--level", "nope", "x.json")
    assert run.returncode == 2
    assert run.stderr == f'sudoku-ilp: --level "nope": expected one of {expected}\n'
    with pytest.raises(ValueError, match="several solutions"):
        si.rate(si.Puzzle.from_string("." * 81))


def test_a_time_limit_is_a_timeout_never_no_solution():
    """hint, steps and rate keep `time_limit` (seconds): a hard killer that takes minutes to
    rate raises TimeoutError at 1 s, never ValueError ("no solution")."""
    line = (shared_data() / "variants" / "killer_hard.fpz.jsonl").read_text().splitlines()[0]
    p = si.Puzzle.from_fpuzzles(line)
    with pytest.raises(TimeoutError):
        si.rate(p, time_limit=1)
    with pytest.raises(TimeoutError):
        si.steps(p, time_limit=1)
    with pytest.raises(ValueError):
        si.hint(si.Puzzle.from_string(LINE), time_limit=0)
