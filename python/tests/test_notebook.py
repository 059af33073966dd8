"""The tutorial notebook runs from top to bottom without an error."""

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "tutorial.ipynb"


def test_tutorial_notebook_runs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    shown = [o for o in outputs if o.output_type in ("display_data", "execute_result")]
    svgs = [o for o in shown if "image/svg+xml" in o.data or "<svg" in o.data.get("text/html", "")]
    assert len(svgs) >= 6, "the puzzle, result, LP and tree pictures are shown inline"
    text = "\n".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "no solution: these 11 givens already have no completion" in text
    assert "1 2 unique several" in text
    # The killer section: both models solve it to the same grid, the LP rows of its first
    # cage in each model, and the cage forms compared (the notebook asserts the fractions).
    assert "killer: solved binary" in text and "same grid: True" in text
    assert " cage1_sum: v_r1_c1 + v_r2_c1 = 6" in text
    assert " cage1_sum_sets: y_cage1_sum_d1 + y_cage1_sum_d2 = 1" in text
    assert " cage1_sum_v1: x_r1_c1_v1 + x_r2_c1_v1 - y_cage1_sum_d1 = 0" in text
    assert "binary-cage-sum" in text
    # Section 13: the first elimination of the minizinc seed is a pointing proved by a column
    # row minus a box row; a wing's candidate has LP maximum above 0; the LP levels 0, 1 and 2.
    assert "the first that removes candidates: pointing 2.6" in text
    assert "remove 5 from r7c1: +1 col_c1_v5 -1 box_b1_v5" in text
    # Section 14: a wrong certificate refused with its spoilers, the right one proven.
    assert "box 4 minus column 1: not proven - spoiled by x_r2_c1_v3" in text
    assert "column 1 minus box 4: proven" in text
    assert "model answer: +1 col_c1_v3 -1 box_b4_v3" in text
    # Section 15: a student's cut (valid: the bound moves; not valid: the grid is the
    # counterexample), predictions graded, a student's rows refused by name or called weaker.
    assert "valid: False · counterexample is the grid: True" in text
    assert "integral no: right" in text
    assert "wrong: your rows accept a forbidden assignment · r3c1=1 r3c2=4" in text
    assert "right, but weaker than the project's strong form" in text
    assert "not implied by the LP relaxation (LP maximum 0.500)" in text
    # Section 16: a lesson file played with one wrong answer, and another lesson checked.
    assert "step 3 (number): 60 — wrong, 63" in text
    assert "score: 8 of 9 questions right at the first try (9 answered)" in text
    assert "duality lesson checked: True · 7 questions" in text
    levels = next(line for line in text.splitlines() if line.startswith("hardest "))
    assert "nested forcing chain (+ multiple forcing chains)" in levels and " 2 " in levels
    assert len(svgs) >= 12, "a picture per technique of section 13"
