"""The same puzzles give the same results in the page as on the command line: model sizes (binary
and natural), the checked grids of propagate, backtrack and HiGHS, the hint and every step's
certificate (`hint --json`, `steps --json`), and the export files (LP, MPS) byte for byte (every step only on the puzzles without
rules: a killer's whole path takes ~15 s on either side).
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
    """(label, text) of the repo's puzzles and a sample of the collections: the page reads the
    text, the command line the same text from standard input (`-`), so that even the export
    files' header line (`\\ puzzle: <stdin> line 1`) is the same."""
    out = []
    for folder, name in REPO:
        out.append((name, read(data(folder, name))))
    for name, k in SHARED:
        path = shared_file(name)
        if path:
            out.append((f"{name}:{k}", line_of(path, k) + "\n"))
    return out


def open_model(page, text, model):
    page.driver.execute_script("document.getElementById('model').value = arguments[0]", model)
    page.api("loadText", text)


def without(doc, *keys):
    return {k: v for k, v in doc.items() if k not in keys}


PUZZLES = puzzles()


@pytest.mark.parametrize("label,text", PUZZLES, ids=[p[0] for p in PUZZLES])
def test_page_and_cli_agree(page, label, text):
    def run(*args, ok=(0,)):
        return cli(*args, "-", stdin=text, ok=ok)

    puzzle = json.loads(text) if text.lstrip().startswith("{") else None
    for model in ["natural", "binary"]:
        open_model(page, text, model)
        m = page.api("S", "model_json")
        out, _, _ = run("solve", "--json", "--model", model)
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
        text_cli, _, _ = run("export", "--format", fmt)
        assert page.api("S", "export", fmt) == text_cli, f"{label}: export {fmt}"
    out, _, code = run("hint", "--json", ok=(0, 1))
    if code == 0:
        # The step as `hint --json`, plus its picture and its text at the level asked for.
        shown = page.api("S", "hint", "value")
        assert without(shown, "svg", "hint") == json.loads(out), label
        for level in ["where", "technique", "rows", "value"]:
            shown_text, _, _ = run("hint", "--level", level)
            assert page.api("S", "hint", level)["hint"] == shown_text, f"{label}: hint --level {level}"
    if puzzle and puzzle.get("rules"):
        return  # every step of a killer takes ~15 s on either side; its hint is compared above
    out, _, code = run("steps", "--json", ok=(0, 1))
    if code == 0:
        assert page.api("S", "steps", False) == json.loads(out), label
