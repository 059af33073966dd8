"""Variant puzzles from Python (issue 22): f-puzzles JSON and links, rules as plain dicts read
back by from_json, killers made by generate, and explain naming the cage that breaks a killer.
Real data: the f-puzzles links and krazydad killers of ../shared/data/variants (sampled)."""

import json

import pytest
import sudoku_ilp as si
from conftest import shared_data


def variant_lines(name: str) -> list[str]:
    return (shared_data() / "variants" / name).read_text().splitlines()


def test_from_fpuzzles_reads_json_and_links_with_or_without_the_prefix():
    links = variant_lines("fpuzzles_links.txt")
    jsons = variant_lines("fpuzzles_links.fpz.jsonl")
    answers = variant_lines("fpuzzles_links.solutions.txt")
    for k in (0, 7):
        link = links[k]
        assert link.startswith("https://f-puzzles.com/?load=")
        bare = link[len("https://f-puzzles.com/?load=") :]
        a, b, c = si.Puzzle.from_fpuzzles(link), si.Puzzle.from_fpuzzles(bare), si.Puzzle.from_fpuzzles(jsons[k])
        assert a == b == c
        solved = si.solve(a, method="sat")
        assert "".join(str(v) for row in solved.grid for v in row) == answers[k]


def test_from_fpuzzles_refuses_what_is_not_fpuzzles():
    with pytest.raises(ValueError, match="f-puzzles"):
        si.Puzzle.from_fpuzzles('{"grid": [[0]]}')
    with pytest.raises(ValueError, match="f-puzzles"):
        si.Puzzle.from_fpuzzles("53..7....")


def test_rules_are_plain_dicts_that_from_json_reads_back():
    line = variant_lines("krazydad_killer.fpz.jsonl")[0]
    source = json.loads(line)
    puzzle = si.Puzzle.from_fpuzzles(line)
    rules = puzzle.rules
    assert len(rules) == len(source["killercage"])
    first = source["killercage"][0]
    assert rules[0] == {
        "type": "killer",
        "cells": [c.lower() for c in first["cells"]],
        "sum": int(first["value"]),
    }
    again = si.Puzzle.from_json({"grid": puzzle.givens, "rules": rules})
    assert again.rules == rules
    assert si.solve(again, method="propagate").grid == si.solve(puzzle, method="sat").grid
    assert si.Puzzle.from_string("." * 81).rules == []
    # The picture is drawn from the puzzle with its rules (the report layer draws them).
    assert puzzle._repr_svg_().startswith("<svg")


def test_generate_killer_is_seeded_and_unique():
    a = si.generate(9, seed=5, rules="killer")
    b = si.generate(9, seed=5, rules="killer")
    assert a == b and a.rules == b.rules
    assert a.rules and all(r["type"] == "killer" for r in a.rules)
    assert sum(len(r["cells"]) for r in a.rules) == 81
    for method in ("ilp", "sat", "propagate", "backtrack"):
        assert si.count(a, method=method, max=2).count == 1
    with pytest.raises(ValueError, match="rules"):
        si.generate(9, rules="thermo-x")
    t = si.generate(9, seed=1, rules="thermo")
    assert t.rules and all(r["type"] == "thermometer" for r in t.rules)
    assert si.count(t, method="sat", max=2).count == 1


def test_explain_names_the_cage_whose_sum_was_moved():
    line = variant_lines("krazydad_killer.fpz.jsonl")[10]
    puzzle = si.Puzzle.from_fpuzzles(line)
    rules = puzzle.rules
    k = 3
    rules[k]["sum"] += 1 if rules[k]["sum"] < 45 - sum(range(1, 10 - len(rules[k]["cells"]))) else -1
    broken = si.Puzzle.from_json({"grid": puzzle.givens, "rules": rules})
    why = si.explain(broken)
    assert why.status == "infeasible" and why.minimal
    assert k + 1 in [r["index"] for r in why.rules]
    cage = next(r for r in why.rules if r["index"] == k + 1)
    assert cage["type"] == "killer" and cage["rule"] == rules[k]
    assert json.loads(why.to_json())["rules"] == why.rules
    assert f">R{k + 1}</text>" in why._repr_svg_()


@pytest.mark.parametrize(
    "line, form, values",
    [
        (0, "cage_form", ("sets", "sum")),  # f-puzzles link 1: killer cages, thermometers, anti-king
        (0, "thermo_form", ("cumulative", "aggregated")),
        (5, "pair_form", ("support", "conflict")),  # f-puzzles link 6: difference and ratio dots
    ],
)
def test_each_form_of_the_binary_model_solves_to_the_published_solution(line, form, values):
    puzzle = si.Puzzle.from_fpuzzles(variant_lines("fpuzzles_links.fpz.jsonl")[line])
    answer = variant_lines("fpuzzles_links.solutions.txt")[line]
    for value in values:
        solved = si.solve(puzzle, **{form: value})
        assert solved.status == "solved", (form, value)
        assert "".join(str(v) for row in solved.grid for v in row) == answer, (form, value)


def test_an_unknown_form_is_a_value_error_naming_the_forms():
    puzzle = si.generate(9, seed=1, rules="thermo")
    with pytest.raises(ValueError, match=r'thermo_form "steps": expected one of cumulative, aggregated'):
        si.solve(puzzle, thermo_form="steps")
    with pytest.raises(ValueError, match="sets, sum"):
        si.count(puzzle, cage_form="cages")
    with pytest.raises(ValueError, match="support, conflict"):
        si.export(puzzle, "lp", pair_form="table")
