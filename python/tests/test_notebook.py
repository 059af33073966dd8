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
