"""solve_lines gives batch's result lines; the Dask recipe of docs/scale-out.md runs verbatim on a
LocalCluster of two worker processes and merges into batch's output; a worker killed by pid in
the middle of a run loses and repeats nothing."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import sudoku_ilp as si
from cluster_sample import BAD_LINES, batch_reference, doc_block, key, recipe_env, write_sample
from conftest import cli_binary


def dask_ready():
    """dask.distributed, or a skip (a failure when CI is set: .ci/setup installs it)."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("dask[distributed] missing under CI: .ci/setup installs it")
        pytest.skip("SKIPPED: dask[distributed] missing")


def test_solve_lines_gives_batch_lines_numbered_from_first_line(tmp_path):
    path = write_sample(tmp_path, seventeen=40, hardest=10)
    whole = batch_reference(path, "--method", "propagate")
    lines = path.read_text().splitlines()
    # Two chunks cut anywhere, numbered in the whole file, merge into the one run.
    first = si.solve_lines(lines[:23], file="puzzles.txt", method="propagate")
    second = si.solve_lines(lines[23:], first_line=24, file="puzzles.txt", method="propagate")
    assert [key(l) for l in first + second] == [key(l) for l in whole]
    assert json.loads(first[0]).keys() == json.loads(whole[0]).keys()
    # Trailing newlines (as text readers keep them) change nothing; the default file is <stdin>.
    again = si.solve_lines([l + "\n" for l in lines[:23]], method="propagate")
    assert [key(l)[0] for l in again] == [key(l)[0] for l in first]
    assert {json.loads(l)["file"] for l in again} == {"<stdin>"}


def test_solve_lines_reports_bad_lines_in_place_and_refuses_bad_options():
    out = si.solve_lines(["12345", "", "# c", "." * 81], first_line=7, file="f.txt", fast=True)
    docs = [json.loads(l) for l in out]
    assert [(d["line"], d["status"]) for d in docs] == [(7, "bad_line"), (10, "solved")]
    assert docs[0]["error"].startswith("f.txt:7:")
    with pytest.raises(TypeError):
        si.solve_lines(["." * 81], nonsense=True)
    with pytest.raises(ValueError):
        si.solve_lines(["." * 81, "a\nb"])
    with pytest.raises(ValueError):
        si.solve_lines(["." * 81], first_line=0)


def test_solve_lines_rates_as_batch_rate_does(tmp_path):
    path = write_sample(tmp_path, seventeen=3, hardest=0)
    lines = [l for l in path.read_text().splitlines() if l and not l.startswith("#")]
    whole = batch_reference(path, "--method", "sat", "--rate", "--no-lp")
    ours = si.solve_lines(lines, method="sat", rate="no-lp")
    rated = [json.loads(l) for l in ours]
    assert [r.get("rating") for r in rated] == [json.loads(l).get("rating") for l in whole]
    solved = [r for r in rated if r["status"] == "solved"]
    assert len(solved) == 3
    assert all(r["rating"]["difficulty"] >= 1.0 and r["rating"]["lp_level"] is None for r in solved)
    with pytest.raises(ValueError, match="no-lp"):
        si.solve_lines(lines, rate="sometimes")


def test_the_dask_recipe_runs_verbatim_and_merges_into_batch_output(tmp_path):
    dask_ready()
    path = write_sample(tmp_path)
    whole = batch_reference(path, "--method", "propagate")
    assert len(whole) >= 2000
    script = tmp_path / "recipe.py"
    script.write_text(doc_block("dask"))
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=recipe_env(),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    merged = (tmp_path / "all.jsonl").read_text().splitlines()
    assert [key(l) for l in merged] == [key(l) for l in whole]
    bad = {json.loads(l)["line"] for l in merged if json.loads(l)["status"] == "bad_line"}
    assert bad == {n + 1 for n in BAD_LINES}


# The killed run: long enough on two workers to be killed in the middle.
KILL_RUN_OPTIONS = {"method": "propagate"}
KILL_RUN_CLI = ("--method", "propagate")


def test_a_killed_dask_worker_loses_and_repeats_no_line(tmp_path):
    dask_ready()
    import dask.bag as db
    import dask.distributed as distributed

    path = write_sample(tmp_path)
    whole = batch_reference(path, *KILL_RUN_CLI)
    rows = list(enumerate(path.read_text().splitlines(), start=1))

    def solve(part):  # nested: cloudpickle sends it by value to the workers
        part = list(part)
        if not part:
            return []
        return si.solve_lines([t for _, t in part], first_line=part[0][0], file="puzzles.txt",
                              **KILL_RUN_OPTIONS)

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        parts = db.from_sequence(rows, partition_size=50).map_partitions(solve).to_delayed()
        futures = client.compute(parts)
        next(distributed.as_completed(futures))
        busy = [w for w, tasks in client.processing().items() if tasks]
        done_before = sum(f.done() for f in futures)
        os.kill(pids[busy[0]], signal.SIGKILL)
        results = [line for part in client.gather(futures) for line in part]
    assert done_before < len(futures), "the worker was killed before the run ended"
    numbers = [json.loads(line)["line"] for line in results]
    assert sorted(numbers) == numbers, "parts come back in order"
    assert numbers == [json.loads(line)["line"] for line in whole], "every line exactly once"
    assert [key(l) for l in results] == [key(l) for l in whole]
