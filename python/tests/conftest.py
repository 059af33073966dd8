"""Shared helpers: the repository's paths, the CLI binary, the public collections, and an
independent checker of solved grids (plain Python, no code shared with the library)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"


def shared_data() -> Path:
    """../shared/data beside the repository (or $SUDOKU_ILP_SHARED_DATA): skipped when missing,
    a failure when CI is set."""
    folder = Path(os.environ.get("SUDOKU_ILP_SHARED_DATA", REPO.parent / "shared" / "data"))
    if not folder.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{folder} is missing (CI is set: the public collections are required)")
        pytest.skip(f"SKIPPED: {folder} is missing")
    return folder


def cli_binary() -> Path:
    """The command-line tool of this checkout ($SUDOKU_ILP_BIN, else target/debug, built by
    `cargo test` before the Python tests run; built here when missing)."""
    given = os.environ.get("SUDOKU_ILP_BIN")
    if given:
        return Path(given)
    binary = REPO / "target" / "debug" / "sudoku-ilp"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--bin", "sudoku-ilp"], cwd=REPO, check=True)
    return binary


def cli(*args: str, stdin: str = None) -> subprocess.CompletedProcess:
    """Runs the CLI; returns the finished process (exit code, stdout, stderr as text)."""
    return subprocess.run(
        [str(cli_binary()), *args], input=stdin, capture_output=True, text=True, cwd=REPO
    )


def cli_json(*args: str) -> dict:
    return json.loads(cli(*args).stdout)


def box_shape(n: int, box) -> tuple:
    if box:
        return tuple(box)
    side = int(round(n**0.5))
    return (side, side)


def assert_solves(givens, grid, box=None):
    """The grid completes the givens, and every row, column and box holds 1..n once."""
    n = len(givens)
    assert len(grid) == n and all(len(row) == n for row in grid)
    for r in range(n):
        for c in range(n):
            if givens[r][c]:
                assert grid[r][c] == givens[r][c], f"r{r + 1}c{c + 1} changes a given"
    full = set(range(1, n + 1))
    for i in range(n):
        assert set(grid[i]) == full, f"row {i + 1}"
        assert {grid[r][i] for r in range(n)} == full, f"column {i + 1}"
    br, bc = box_shape(n, box)
    for top in range(0, n, br):
        for left in range(0, n, bc):
            cells = {grid[top + r][left + c] for r in range(br) for c in range(bc)}
            assert cells == full, f"box at r{top + 1}c{left + 1}"
