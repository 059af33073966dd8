"""Both Spark recipes of docs/scale-out.md run verbatim in local[2] mode (pyspark, Java 17) on the
cluster sample, and each merged output equals batch's line for line."""

import os
import shutil
import subprocess
import sys

import pytest
from cluster_sample import batch_reference, doc_block, key, recipe_env, write_sample


def spark_ready():
    """pyspark and a Java runtime, or a skip (a failure when CI is set: .ci/setup installs them)."""
    missing = []
    try:
        import pyspark  # noqa: F401
    except ImportError:
        missing.append("pyspark")
    if not shutil.which("java"):
        missing.append("java")
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{', '.join(missing)} missing under CI: .ci/setup installs them")
        pytest.skip(f"SKIPPED: {', '.join(missing)} missing")


@pytest.mark.parametrize("name,output", [("spark-pipe", "all-pipe.jsonl"),
                                         ("spark-python", "all-python.jsonl")])
def test_the_spark_recipes_run_verbatim_and_merge_into_batch_output(tmp_path, name, output):
    spark_ready()
    path = write_sample(tmp_path)
    whole = batch_reference(path, "--method", "propagate")
    script = tmp_path / "recipe.py"
    script.write_text(doc_block(name))
    env = recipe_env()
    env["PYSPARK_PYTHON"] = sys.executable  # the executors' Python: the one with sudoku_ilp
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    merged = (tmp_path / output).read_text().splitlines()
    assert [key(l) for l in merged] == [key(l) for l in whole]
