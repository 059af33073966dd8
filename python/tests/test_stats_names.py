"""The statistics classes of _native.pyi name exactly the fields of the JSON report: a class's
attributes are the report's "model" (but "method") and "stats" fields, so the two cannot drift."""

import ast
from pathlib import Path

import sudoku_ilp as si

LINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
CLASSES = {"ilp": "MilpStats", "backtrack": "SearchStats", "propagate": "PropagationStats",
           "lp-bb": "LpBbStats", "sat": "SatStats"}


def stub_fields():
    """Each *Stats class of the stub and the names it annotates."""
    tree = ast.parse(Path(si.__file__).with_name("_native.pyi").read_text())
    return {c.name: {a.target.id for a in c.body if isinstance(a, ast.AnnAssign)}
            for c in tree.body if isinstance(c, ast.ClassDef) and c.name.endswith("Stats")}


def report_fields(result):
    doc = result.to_dict()
    return {k for k in doc["model"] if k != "method"} | set(doc["stats"])


def test_stub_names_are_the_json_report_names():
    stubs = stub_fields()
    puzzle = si.Puzzle.from_string(LINE)
    assert sorted(CLASSES) == sorted(si.METHODS)
    for method, name in CLASSES.items():
        result = si.solve(puzzle, method=method)
        fields = report_fields(result)
        assert type(result.stats).__name__ == name
        if method == "ilp":
            assert fields <= stubs[name], fields - stubs[name]
        else:
            assert fields == stubs[name], fields ^ stubs[name]
        for field in stubs[name]:
            getattr(result.stats, field)
    # The MILP with every optional field: a reduced model, singles and a MIP start.
    full = si.solve(puzzle, reduce=True, singles=True, start="sat")
    assert report_fields(full) == stubs["MilpStats"], report_fields(full) ^ stubs["MilpStats"]
    assert set(full.to_dict()["stats"]["start"]) == stubs["StartStats"]
    assert full.stats.start.engine == "sat" and full.stats.unreduced["variables"] == 729
    assert full.stats.nodes == full.to_dict()["stats"]["nodes"]
