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


def test_implied_cage_form_agrees_with_the_cli():
    path = DATA / "variants" / "killer_9x9.json"
    mine = si.solve(si.Puzzle.from_file(path), cage_form="implied")
    theirs = cli_json("solve", "--json", "--cage-form", "implied", str(path))
    assert mine.status == theirs["status"] == "solved"
    assert mine.grid == theirs["grid"]
    assert mine.to_json() and json.loads(mine.to_json())["model"] == theirs["model"]
    assert "implied" in si.CAGE_FORMS


@pytest.mark.parametrize(
    "python,flag,value",
    [("time_limit", "--time-limit", "0"), ("threads", "--threads", "65"),
     ("threads", "--threads", "0"), ("start_budget", "--start-budget", "0")],
)
def test_a_limit_error_reads_the_same_in_both_front_ends(python, flag, value):
    """The library words a limit error once; each front end only names its option."""
    path = DATA / "seeds" / "seed004_unique_9x9.json"
    number = float(value) if python in ("time_limit", "start_budget") else int(value)
    options = {python: number}
    if python == "start_budget":
        options["start"] = "propagate"
    with pytest.raises(ValueError) as raised:
        si.solve(si.Puzzle.from_file(path), **options)
    args = ["solve", flag, value, str(path)] + (["--start", "propagate"] if python == "start_budget" else [])
    run = cli(*args)
    assert run.returncode == 2
    said = run.stderr.strip().removeprefix("sudoku-ilp: ")
    assert said == str(raised.value).replace(python, flag, 1), (said, str(raised.value))


@pytest.mark.parametrize("python,flag,names", [("cage_form", "--cage-form", "CAGE_FORMS"),
                                               ("thermo_form", "--thermo-form", "THERMO_FORMS"),
                                               ("pair_form", "--pair-form", "PAIR_FORMS")])
def test_a_bad_form_name_is_refused_with_the_librarys_names(python, flag, names):
    path = DATA / "seeds" / "seed004_unique_9x9.json"
    with pytest.raises(ValueError) as raised:
        si.solve(si.Puzzle.from_file(path), **{python: "nope"})
    expected = ", ".join(getattr(si, names))
    assert str(raised.value) == f'{python} "nope": expected one of {expected}'
    run = cli("solve", flag, "nope", str(path))
    assert run.returncode == 2
    assert run.stderr == f'sudoku-ilp: {flag} "nope": expected one of {expected}\n'
