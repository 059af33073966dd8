"""The Python API: constructors, options, results, pictures, batch, exceptions."""

import json

import pytest
import sudoku_ilp as si
from conftest import DATA, assert_solves

LINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDEST = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"


@pytest.fixture(scope="module")
def puzzle():
    return si.Puzzle.from_string(LINE)


def test_constructors_agree(puzzle):
    rows = puzzle.givens
    assert si.Puzzle.from_grid(rows) == puzzle
    assert si.Puzzle.from_json({"grid": rows}) == puzzle
    assert si.Puzzle.from_json(puzzle.to_json()) == puzzle
    assert si.Puzzle.from_string(str(puzzle)) == puzzle  # the boxed grid reads back
    assert puzzle.to_line() == LINE
    assert (puzzle.order, puzzle.box, puzzle.given_count, puzzle.name) == (9, (3, 3), 32, None)
    six = si.Puzzle.from_grid([[0] * 6 for _ in range(6)], box=(2, 3))
    assert six.box == (2, 3)


def test_every_method_solves_with_typed_stats(puzzle):
    kinds = {"ilp": si.MilpStats, "backtrack": si.SearchStats, "propagate": si.PropagationStats,
             "lp-bb": si.LpBbStats, "sat": si.SatStats}
    assert sorted(si.METHODS) == sorted(kinds)
    grids = set()
    for method, kind in kinds.items():
        result = si.solve(puzzle, method=method)
        assert result.solved and result.status == "solved"
        assert isinstance(result.stats, kind), method
        assert_solves(puzzle.givens, result.grid)
        grids.add(json.dumps(result.grid))
    assert len(grids) == 1
    milp = si.solve(puzzle, model="natural", pair_m=True).stats
    assert milp.formulation == "natural --pair-m" and milp.integer == 81


def test_mip_start_is_reported(puzzle):
    stats = si.solve(si.Puzzle.from_string(HARDEST), start="sat").stats
    assert stats.start.engine == "sat" and stats.start.found and stats.start.certified
    assert stats.nodes == 0


def test_result_json_and_dict(puzzle):
    result = si.solve(puzzle, method="sat")
    doc = json.loads(result.to_json())
    assert doc == result.to_dict()
    assert doc["grid"] == result.grid and doc["model"] == {"method": "sat", "variables": 159, "clauses": 981}
    assert si.Puzzle.from_json(result.to_json()) == puzzle  # the "puzzle" field reads back


def test_infeasible_and_time_limit():
    none = si.Puzzle.from_file(DATA / "seeds" / "seed004_no_solution_9x9.json")
    result = si.solve(none)
    assert (result.status, result.grid, result.solved) == ("infeasible", None, False)
    why = si.explain(none)
    assert why.status == "infeasible" and why.reason == "no_completion" and why.minimal
    assert len(why.givens) == 11 and why.houses == ["row 8", "column 8", "box 8", "box 9"]
    assert json.loads(why.to_json())["givens"][0] == [5, 8, 8]
    slow = si.solve(si.Puzzle.from_string(HARDEST), model="natural", time_limit=0.05)
    assert slow.status in ("time_limit", "solved")


def test_fix_lists_every_single_given_that_fixes_a_typo():
    # AI Escargot with 14 more cells given and r1c8's 9 written as 3: three single givens each
    # leave a solution when removed alone, so the answer cannot say which one is wrong.
    typo = si.Puzzle.from_string(
        "1....7.3..3..2.6.8..96..52...53..9.6.1..8...26....4...35....21..41....67..72..3.4"
    )
    fixed = si.fix(typo)
    assert (fixed["status"], fixed["removed"], fixed["items"]) == ("optimal", 1, 32)
    singles = fixed["single_fixes"]
    assert (singles["count"], singles["complete"], singles["rules"]) == (3, True, [])
    assert singles["givens"] == [[1, 8, 3], [3, 7, 5], [7, 2, 5]]
    assert fixed["remove"]["givens"][0] in singles["givens"]
    assert "single_fixes" not in si.fix(si.Puzzle.from_file(DATA / "seeds" / "seed004_no_solution_9x9.json"))


def test_count_and_check():
    four = si.Puzzle.from_file(DATA / "seeds" / "seed004_four_solutions_9x9.json")
    counted = si.count(four)
    assert (counted.count, counted.end, counted.limit_reached) == (4, "complete", False)
    assert si.count(four, max=2).limit_reached
    assert si.check(four).answer == "several"
    assert len(si.check(four).solutions) == 2
    assert json.loads(counted.to_json())["count"] == 4
    # propagate counts since it learned the variant rules; lp-bb cannot enumerate.
    assert si.count(four, method="propagate").count == 4
    with pytest.raises(ValueError, match="lp-bb cannot count solutions"):
        si.count(four, method="lp-bb")


def test_export_formats(puzzle):
    assert si.FORMATS == ["lp", "mps", "gmpl-data", "cnf", "col", "dzn"]
    lp = si.export(puzzle)
    assert "Subject To" in lp and "cell_r1_c1:" in lp
    assert si.export(puzzle, "mps").startswith("*") or "ROWS" in si.export(puzzle, "mps")
    assert si.export(puzzle, "cnf").count("p cnf") == 1
    assert "x_r1c1" in si.export(puzzle, "lp", model="natural") or "Subject To" in si.export(puzzle, "lp", model="natural")
    with pytest.raises(ValueError, match="format \"xls\""):
        si.export(puzzle, "xls")


def test_compare_rows_make_a_data_frame(puzzle):
    pandas = pytest.importorskip("pandas")
    rows = si.compare(puzzle, ["binary", "natural", "propagate"])
    frame = pandas.DataFrame(rows).set_index("variant")
    assert list(frame.index) == ["binary", "natural", "propagate"]
    assert frame.loc["binary", "variables"] == 729
    assert frame.loc["natural", "integer"] == 81
    assert bool(frame["grids_agree"].all()) and set(frame["status"]) == {"solved"}
    assert frame.loc["propagate", "variables"] is None or pandas.isna(frame.loc["propagate", "variables"])
    with pytest.raises(ValueError, match="variant \"nope\""):
        si.compare(puzzle, ["nope"])


def test_pictures(puzzle):
    assert puzzle._repr_svg_().startswith("<svg")
    assert "32 givens" in puzzle._repr_html_()
    result = si.solve(puzzle)
    assert result._repr_svg_().startswith("<svg")
    html = result._repr_html_()
    assert "<svg" in html and "<th>status</th><td>solved</td>" in html
    lp = si.solve(si.Puzzle.from_string(HARDEST)).lp_picture()
    assert lp.kind == "svg" and 'data-fractional="139"' in lp.text
    assert lp._repr_svg_() == lp.text and lp._repr_html_() is None
    tree = si.solve(si.Puzzle.from_string(HARDEST), method="lp-bb", tree=True)
    assert tree.tree_picture().text.startswith("<svg")
    assert len(tree.tree()["nodes"]) == tree.stats.nodes
    with pytest.raises(ValueError, match="no tree was recorded"):
        result.tree_picture()


def test_page_is_the_classroom_page(tmp_path):
    page = si.page(si.Puzzle.from_file(DATA / "seeds" / "seed004_annex_4x4.json"), title="Annex 4x4")
    assert page.kind == "html" and page._repr_html_().startswith("<!DOCTYPE html>")
    assert "<title>Annex 4x4</title>" in page.text
    page.save(tmp_path / "page.html")
    assert (tmp_path / "page.html").read_text() == page.text


def test_batch_keeps_the_order_and_accepts_strings():
    puzzles = [LINE, si.Puzzle.from_string(HARDEST)] * 5
    results = list(si.batch(puzzles, jobs=2, method="propagate"))
    assert [r.puzzle.to_line() for r in results] == [LINE, HARDEST] * 5
    assert all(r.solved for r in results)
    endless = (LINE for _ in iter(int, 1))
    first = next(si.batch(endless, jobs=2, method="sat"))
    assert first.solved
    with pytest.raises(ValueError, match="batch item 2: "):
        list(si.batch([LINE, "123"], method="sat"))


def test_options_are_checked(puzzle):
    with pytest.raises(ValueError, match="method \"simplex\": expected one of"):
        si.solve(puzzle, method="simplex")
    with pytest.raises(ValueError, match="a MIP start applies to method ilp, not sat"):
        si.solve(puzzle, method="sat", start="propagate")
    with pytest.raises(ValueError, match="reduce applies to the binary model"):
        si.solve(puzzle, model="natural", reduce=True)
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        si.solve(puzzle, time_limit=0)
    with pytest.raises(ValueError):
        si.solve(puzzle, highs={"no_such_option": 1})
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        si.solve(puzzle, colour="red")
    assert si.solve(puzzle, highs={"mip_heuristic_effort": 0, "presolve": "off"}).solved


def test_several_lines_need_a_line_number():
    text = "1.3.........4..2\n.2..........4..1\n"
    with pytest.raises(ValueError, match=r"2 puzzle lines; a Puzzle is one \(pick one with line=K\)"):
        si.Puzzle.from_string(text)
    assert si.Puzzle.from_string(text, line=2).to_line() == ".2..........4..1"
