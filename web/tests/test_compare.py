"""The same puzzles give the same results in the page as on the command line: model sizes (binary
and natural), the checked grids of propagate, backtrack and HiGHS, the hint and every step's
certificate (`hint --json`, `steps --json`), and the export files (LP, MPS) byte for byte.
"""

import json

import pytest

from conftest import check_grid, cli, data, line_of, read, shared_file

REPO = [
    ("seeds", "seed004_unique_9x9.json"),
    ("generated", "gen_6x6_2x3.json"),
    ("variants", "killer_9x9.json"),
    ("seeds", "seed004_annex_4x4.json"),
]
SHARED = [("sudoku_exchange_diabolical.txt", 1), ("forum_hardest_1905_11plus.txt", 1)]


def puzzles():
    """(label, text for the page, CLI arguments) of the repo's puzzles and a sample of the collections."""
    out = []
    for folder, name in REPO:
        path = data(folder, name)
        out.append((name, read(path), [path]))
    for name, k in SHARED:
        path = shared_file(name)
        if path:
            out.append((f"{name}:{k}", line_of(path, k), ["--line", str(k), path]))
    return out


def open_model(page, text, model):
    page.driver.execute_script("document.getElementById('model').value = arguments[0]", model)
    page.api("loadText", text)


def without(doc, *keys):
    return {k: v for k, v in doc.items() if k not in keys}


@pytest.mark.parametrize("label,text,args", puzzles(), ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_page_and_cli_agree(page, label, text, args):
    puzzle = json.loads(text) if text.lstrip().startswith("{") else None
    for model in ["natural", "binary"]:
        open_model(page, text, model)
        m = page.api("S", "model_json")
        out, _, _ = cli("solve", "--json", "--model", model, *args)
        c = json.loads(out)
        assert (m["columns"], m["rows"], m["nonzeros"]) == (
            c["model"]["variables"],
            c["model"]["constraints"],
            c["model"]["nonzeros"],
        ), f"{label} {model}"
    grid = c["grid"]
    check_grid(grid, puzzle)
    for method in ["propagate", "backtrack", "highs"]:
        r = page.api("S", "solve", method, 30)
        assert r["status"] == "solved", (label, method, r)
        assert r["grid"] == grid, f"{label}: {method} in the page gives another grid than the CLI"
    for fmt in ["lp", "mps"]:
        text_cli, _, _ = cli("export", "--format", fmt, *args)
        assert page.api("S", "export", fmt) == text_cli, f"{label}: export {fmt}"
    out, _, code = cli("hint", "--json", *args, ok=(0, 1))
    if code == 0:
        # The step as `hint --json`, plus its picture and its text at the level asked for.
        shown = page.api("S", "hint", "value")
        assert without(shown, "svg", "hint") == json.loads(out), label
        for level in ["where", "technique", "rows", "value"]:
            text, _, _ = cli("hint", "--level", level, *args)
            assert page.api("S", "hint", level)["hint"] == text, f"{label}: hint --level {level}"
    out, _, code = cli("steps", "--json", *args, ok=(0, 1))
    if code == 0:
        assert page.api("S", "steps", False) == json.loads(out), label
