"""hint, steps and rate from Python: the first step of a classic puzzle, a path that ends at the
solution, certificates in each step's JSON, and a step's picture."""

import sudoku_ilp as si

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
    hardest = max(s.difficulty for s in path)
    assert rating["difficulty"] == hardest
    assert rating["hardest"] in {s.technique for s in path if s.difficulty == hardest}
    assert rating["lp_level"] in (0, 1, 2)
