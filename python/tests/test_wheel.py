"""The wheel installs where there is no Rust: into a new virtual environment whose PATH has no
cargo, from the file alone (no index, no build), and solves a grid there; auditwheel accepts its
manylinux tag.

The wheel is the one python/run-tests.sh just built with python/build-wheel.sh, the script that
builds the workers' wheel, in the dev profile: the release profile would compile HiGHS and
CaDiCaL once more in CI (README). Same script, same maturin options, same tags: abi3 (CPython
>= 3.9) and manylinux_2_35."""

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from cluster_sample import doc_block
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


def test_auditwheel_accepts_the_manylinux_tag_and_nothing_else_is_needed():
    """HiGHS and CaDiCaL are inside the extension: the only shared libraries it needs are the C
    and C++ runtimes of the manylinux policy, so auditwheel has nothing to bundle."""
    wheel = built_wheel()
    auditwheel = Path(sys.executable).parent / "auditwheel"
    if not auditwheel.exists():
        if os.environ.get("CI"):
            pytest.fail("auditwheel missing under CI: .ci/setup installs it")
        pytest.skip("SKIPPED: auditwheel missing (bash .ci/setup installs it)")
    show = subprocess.run([str(auditwheel), "show", str(wheel)], capture_output=True, text=True)
    assert show.returncode == 0, show.stderr
    report = " ".join(show.stdout.split())
    assert 'consistent with the following platform tag: "manylinux_2_35_x86_64"' in report, report
    needed = set(re.findall(r"(lib[\w+-]+\.so\.\d+) with versions", report))
    assert needed <= {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"}, report
    assert "libstdc++.so.6" in needed, "HiGHS and CaDiCaL (C++) are linked in"
    assert "external shared libraries are required" not in report, report  # nothing to bundle


def test_the_install_block_of_the_doc_runs_verbatim_without_cargo(tmp_path):
    """docs/scale-out.md's `wheel-install` block, run by sh in a folder holding only the wheel,
    with a new virtual environment first on a PATH that has no cargo, rustc or compiler."""
    wheel = built_wheel()
    env_dir = tmp_path / "clean"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    path = os.pathsep.join([str(bin_dir), "/usr/bin", "/bin"])
    env = {"PATH": path, "HOME": str(tmp_path), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    no_build = subprocess.run(["sh", "-c", "command -v cargo rustc"], env=env,
                              capture_output=True, text=True)
    assert no_build.stdout == "", no_build.stdout
    worker = tmp_path / "worker"
    worker.mkdir()
    shutil.copy(wheel, worker / wheel.name)
    block = doc_block("wheel-install")
    assert GRID in block
    run = subprocess.run(["sh", "-c", block], env=env, cwd=worker,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(run.stdout.splitlines()[-1])
    assert result["status"] == "solved"
    givens = [[int(c) if c != "." else 0 for c in GRID[r * 9:(r + 1) * 9]] for r in range(9)]
    assert_solves(givens, result["grid"])
    where = subprocess.run(["python", "-c", "import sudoku_ilp; print(sudoku_ilp.__file__)"],
                           env=env, cwd=worker, capture_output=True, text=True)
    assert where.stdout.startswith(str(env_dir)), "imported from the new environment"
