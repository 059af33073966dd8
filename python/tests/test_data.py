"""Every grid of data/ solved and checked, with the count the files state."""

import json

import pytest
import sudoku_ilp as si
from conftest import DATA, assert_solves

# data/lessons holds lessons (docs/lessons.md), not puzzles.
FILES = sorted(p for p in DATA.glob("*/*.json") if p.parent.name != "lessons")


def expected_solutions(doc: dict) -> int:
    # data/seeds/README.md: files without "solutions" were counted to have exactly one.
    return doc.get("solutions", 1)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_data_grid_is_solved_and_checked(path):
    doc = json.loads(path.read_text())
    puzzle = si.Puzzle.from_file(path)
    assert puzzle.order == len(doc["grid"])
    # The MILP on grids up to 16x16 (a MIP start from propagation on the 25x25 one, whose
    # plain MILP takes long in a debug build); propagation and SAT on every grid.
    start = "propagate" if puzzle.order > 16 else None
    for options in [dict(method="ilp", start=start), dict(method="propagate"), dict(method="sat")]:
        result = si.solve(puzzle, **options)
        if expected_solutions(doc) == 0:
            assert result.status == "infeasible", options
            assert result.grid is None
        else:
            assert result.status == "solved", options
            assert_solves(doc["grid"], result.grid, doc.get("box"))


# Counting proves that no further solution exists: up to 16x16 (the 25x25 proof is slow for
# the MILP in a debug build; the CLI's tests count it with SAT).
SMALL = [p for p in FILES if len(json.loads(p.read_text())["grid"]) <= 16]


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
def test_counts_match_the_files(path):
    doc = json.loads(path.read_text())
    puzzle = si.Puzzle.from_file(path)
    # Backtracking checks the rules only as cells are placed: on a killer with no givens
    # (data/variants/) its count takes minutes, so rule files are counted by the MILP and SAT.
    methods = ["ilp", "sat"] if "rules" in doc else ["ilp", "sat", "backtrack"]
    for method in methods:
        counted = si.count(puzzle, method=method, max=10)
        assert counted.count == expected_solutions(doc), method
        assert counted.end == "complete"
        for grid in counted.solutions:
            assert_solves(doc["grid"], grid, doc.get("box"))
        assert len({json.dumps(g) for g in counted.solutions}) == counted.count
