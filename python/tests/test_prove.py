"""si.prove: the student's own certificate of an elimination, checked (issue 45, item 1). A right
one is accepted with its sum written out, a wrong one refused with the open columns that spoil
it, an unknown row is a ValueError, and the model answer is the tool's certificate; the dict is
the one `prove --json` prints."""

import json
from pathlib import Path

import pytest
import sudoku_ilp as si
from conftest import cli

SEED = Path(__file__).resolve().parents[2] / "data" / "seeds" / "seed003_minizinc_9x9.json"


def puzzle():
    return si.Puzzle.from_file(str(SEED))


def test_a_right_certificate_is_accepted_with_its_sum():
    answer = si.prove(puzzle(), "r1c1=3", "col_c1_v3 - box_b4_v3")
    assert answer["proves"] is True
    assert answer["column"] == "x_r1_c1_v3"
    assert answer["summed"]["spoilers"] == []
    assert answer["summed"]["why"].endswith("so x_r1_c1_v3 ≤ 0")
    assert answer["text"].startswith("proven: the rows force x_r1_c1_v3 <= 0")
    assert answer["model_answer"]["implied"] is True
    assert answer["model_answer"]["summed"]["proves"] is True


def test_a_wrong_certificate_is_refused_with_the_columns_that_spoil_it():
    answer = si.prove(puzzle(), "r1c1=3", "box_b4_v3 - col_c1_v3", answer=False)
    assert answer["proves"] is False
    spoilers = answer["summed"]["spoilers"]
    assert spoilers and all(c.startswith("x_r") and c.endswith("_c1_v3") for c in spoilers)
    assert "x_r1_c1_v3" not in spoilers
    assert answer["model_answer"] is None
    assert answer["text"].startswith("not proven:")
    # The same verdict as the command line's.
    done = cli("prove", str(SEED), "--eliminate", "r1c1=3", "--rows", "box_b4_v3 - col_c1_v3", "--json", "--no-answer")
    assert done.returncode == 0
    assert json.loads(done.stdout)["summed"] == answer["summed"]


def test_unknown_rows_and_givens_are_value_errors():
    with pytest.raises(ValueError, match="box_b10_v3"):
        si.prove(puzzle(), "r1c1=3", "col_c1_v3 - box_b10_v3")
    with pytest.raises(ValueError, match="given"):
        si.prove(puzzle(), "r2c2=6", "cell_r2_c2")
