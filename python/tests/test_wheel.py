"""The wheel installs where there is no Rust: into a new virtual environment whose PATH has no
cargo, from the file alone (no index, no build), and solves a grid there.

The wheel is the one python/run-tests.sh just built (dev profile, to spare CI a second HiGHS
build); it carries the same tags as the release wheel of python/build-wheel.sh: abi3 (CPython
>= 3.9) and the manylinux tag maturin's audit gives."""

import json
import os
import subprocess
import venv
from pathlib import Path

import pytest
from conftest import REPO, assert_solves

GRID = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def built_wheel() -> Path:
    wheels = sorted((REPO / "target" / "wheels").glob("sudoku_ilp-*.whl"))
    if not wheels:
        if os.environ.get("CI"):
            pytest.fail("no wheel in target/wheels under CI: python/run-tests.sh builds it")
        pytest.skip("SKIPPED: no wheel in target/wheels (run python/run-tests.sh)")
    return wheels[-1]


def test_the_wheel_is_abi3_and_manylinux():
    name = built_wheel().name
    assert "-cp39-abi3-" in name, name
    assert "manylinux_" in name, name


def test_the_wheel_installs_without_cargo_and_solves(tmp_path):
    wheel = built_wheel()
    env_dir = tmp_path / "clean"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    path = os.pathsep.join([str(bin_dir), "/usr/bin", "/bin"])
    env = {"PATH": path, "HOME": str(tmp_path), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    no_cargo = subprocess.run(["sh", "-c", "command -v cargo rustc cc c++"], env=env,
                              capture_output=True, text=True)
    assert "cargo" not in no_cargo.stdout and "rustc" not in no_cargo.stdout
    install = subprocess.run([str(bin_dir / "pip"), "install", "--no-index", "--no-deps",
                              "--no-build-isolation", str(wheel)], env=env,
                             capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    script = (
        "import sudoku_ilp as si, json\n"
        f"r = si.solve(si.Puzzle.from_string({GRID!r}))\n"
        "print(json.dumps({'status': r.status, 'grid': r.grid, 'file': si.__file__}))\n"
    )
    run = subprocess.run([str(bin_dir / "python"), "-c", script], env=env, cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["status"] == "solved"
    assert result["file"].startswith(str(env_dir)), "imported from the new environment"
    givens = [[int(c) if c != "." else 0 for c in GRID[r * 9:(r + 1) * 9]] for r in range(9)]
    assert_solves(givens, result["grid"])
