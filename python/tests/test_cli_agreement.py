"""The package gives the command line's answers: same status, same grid for unique puzzles,
same counts, same JSON, same one-line messages for bad input."""

import json

import pytest
import sudoku_ilp as si
from conftest import DATA, cli, cli_json, shared_data

SEEDS = sorted((DATA / "seeds").glob("*.json"))


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.name)
def test_seed_status_grid_and_count_agree(path):
    puzzle = si.Puzzle.from_file(path)
    mine = si.solve(puzzle)
    theirs = cli_json("solve", "--json", str(path))
    assert mine.status == theirs["status"]
    counted = si.count(puzzle, max=10)
    cli_count = cli_json("count", "--json", "--max", "10", str(path))
    assert counted.count == cli_count["count"]
    assert counted.end == cli_count["status"]
    if counted.count == 1:
        assert mine.grid == theirs["grid"]
    check = si.check(puzzle)
    assert check.answer == cli("check", str(path)).stdout.splitlines()[0]


def sample_lines(name: str, k: int):
    path = shared_data() / name
    lines = [
        (number, line.strip())
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if line.strip() and not line.startswith("#")
    ]
    return path, lines[:k]


@pytest.mark.parametrize(
    "name,method",
    [("magictour_top95.txt", "ilp"), ("forum_hardest_1905_11plus.txt", "propagate"),
     ("grid16_misc.txt", "sat"), ("edge_cases_9x9.txt", "sat")],
)
def test_collection_sample_agrees(name, method):
    path, lines = sample_lines(name, 8)
    for number, _ in lines:
        puzzle = si.Puzzle.from_file(path, line=number)
        mine = si.solve(puzzle, method=method)
        theirs = cli("solve", "--json", "--method", method, "--line", str(number), str(path))
        if theirs.returncode == 2:  # bad input for the CLI: the package refuses it too
            continue
        doc = json.loads(theirs.stdout)
        assert mine.status == doc["status"], number
        counted = si.count(puzzle, method="sat", max=2)
        cli_count = cli_json("count", "--json", "--method", "sat", "--max", "2",
                             "--line", str(number), str(path))
        assert counted.count == cli_count["count"], number
        if counted.count == 1:
            assert mine.grid == doc["grid"], number


def test_solve_json_is_the_clis_object_but_for_times(tmp_path):
    path = DATA / "seeds" / "seed004_unique_9x9.json"
    mine = json.loads(si.solve(si.Puzzle.from_file(path), method="propagate").to_json())
    theirs = cli_json("solve", "--json", "--method", "propagate", str(path))
    for doc in (mine, theirs):
        doc["stats"].pop("solve_ms")
    assert mine == theirs


@pytest.mark.parametrize(
    "text",
    ["1234", "12.4" * 4 + "\n", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.x",
     "11" + "." * 79, '{"grid": [[1, 2], [3]]}', "{not json"],
)
def test_bad_input_raises_value_error_with_the_clis_message(tmp_path, text):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(ValueError) as raised:
        si.Puzzle.from_file(path)
    run = cli("solve", str(path))
    assert run.returncode == 2
    assert run.stderr.strip() == f"sudoku-ilp: {raised.value}"
