"""What a Dask or Spark run costs beyond solving (benches/scale-out.sh runs it): the recipes of
docs/scale-out.md with the solver taken out. Each way moves the same lines the same way (same
partitions, same numbering, same output files) but a task only wraps each line into a short JSON
line instead of solving it. Prints one line per phase: way, phase, seconds.

Usage: python scale-out-overhead.py dask|spark-pipe|spark-python puzzles.txt"""

import json
import os
import subprocess
import sys
import time

WAY, PUZZLES = (sys.argv + ["", ""])[1:3]
T0 = time.perf_counter()


def phase(name: str, since: float) -> float:
    now = time.perf_counter()
    print(f"{WAY}\t{name}\t{now - since:.2f}", flush=True)
    return now


def unsolved(text: str, number: int) -> str:
    """A result line of the size of batch's, with nothing solved."""
    return json.dumps({"line": number, "file": "puzzles.txt", "status": "none", "grid": text})


def dask_run() -> None:
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    def wrap(rows):
        return [unsolved(text, number) for number, text in rows]

    t = T0
    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        t = phase("start 2 worker processes and the scheduler", t)
        client.run(lambda: __import__("sudoku_ilp"))
        t = phase("import sudoku_ilp on the workers", t)
        with open(PUZZLES) as f:
            lines = list(enumerate(f.read().splitlines(), start=1))
        bag = db.from_sequence(lines, partition_size=1000)
        bag.map_partitions(wrap).to_textfiles("overhead-dask/*.jsonl", last_endline=True)
        t = phase("move the lines through map_partitions and to_textfiles, no solving", t)
    phase("close the cluster", t)


def spark_run(pipe: bool) -> None:
    from pyspark import SparkContext

    t = T0
    sc = SparkContext("local[2]", "overhead")
    t = phase("start the JVM and the SparkContext", t)
    lines = sc.textFile(PUZZLES).zipWithIndex()
    if pipe:
        def with_offset(rows):
            rows = list(rows)
            if rows:
                yield str(rows[0][1])
                yield from (text for text, _ in rows)
        # `cat` in place of `batch -`: one process per partition, the lines piped through it.
        out = lines.mapPartitions(with_offset).pipe("sh -c 'read offset || exit 0; exec cat'",
                                                   env={"PATH": os.environ["PATH"]})
    else:
        out = lines.mapPartitions(lambda rows: [unsolved(t, i + 1) for t, i in rows])
    out.saveAsTextFile("overhead-" + WAY)
    t = phase(f"move the lines through {'pipe (cat)' if pipe else 'mapPartitions'}, no solving", t)
    sc.stop()
    phase("stop the SparkContext", t)


if __name__ == "__main__":  # Dask's worker processes import this file again
    if WAY == "dask":
        dask_run()
    elif WAY in ("spark-pipe", "spark-python"):
        spark_run(WAY == "spark-pipe")
    else:
        sys.exit(f"unknown way {WAY}")
    subprocess.run(["rm", "-rf", f"overhead-{WAY}"], check=True)
    phase("in all", T0)
