"""Throughput of a cluster that is already up (benches/scale-out.sh runs it): the jobs of the
recipes of docs/scale-out.md (same partitions, numbering, solve_lines or `batch -` per
partition, output files), timed after the cluster has started and has run one small warm-up
job, and before it stops — a long-lived cluster's cost per job, where the cold rows of
scale-out.sh also pay the framework's start and stop. Prints: way, method, seconds of the job.

Usage: python scale-out-warm.py dask|spark-pipe|spark-python METHOD puzzles.txt"""

import os
import sys
import time

WAY, METHOD, PUZZLES = (sys.argv + ["", "", ""])[1:4]
OPTIONS = {"method": METHOD}


def solve(rows):
    """One partition of (line number, text) rows: its result lines, as the Dask recipe does."""
    import sudoku_ilp

    rows = list(rows)
    if not rows:
        return []
    return sudoku_ilp.solve_lines([text for _, text in rows], first_line=rows[0][0],
                                  file="puzzles.txt", **OPTIONS)


def timed(job) -> float:
    job(100, "warm")   # a small job first: workers started, sudoku_ilp imported, JIT-free
    start = time.perf_counter()
    job(None, "timed")
    return time.perf_counter() - start


def dask_run() -> float:
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    with open(PUZZLES) as f:
        lines = list(enumerate(f.read().splitlines(), start=1))

    def job(count, name):
        bag = db.from_sequence(lines[:count], partition_size=1000)
        bag.map_partitions(solve).to_textfiles(f"warm-dask-{name}/*.jsonl", last_endline=True)

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
        return timed(job)


def spark_run(pipe: bool) -> float:
    from pyspark import SparkContext

    sc = SparkContext("local[2]", "warm")
    batch = ("sh -c 'read offset || exit 0; exec sudoku-ilp batch --quiet --jobs 1 --method "
             f"{METHOD} --file-name puzzles.txt --line-offset \"$offset\" -'")

    def with_offset(rows):
        rows = list(rows)
        if rows:
            yield str(rows[0][1])
            yield from (text for text, _ in rows)

    def job(count, name):
        lines = sc.textFile(PUZZLES).zipWithIndex()
        if count:
            lines = sc.parallelize(lines.take(count), 2)
        if pipe:
            out = lines.mapPartitions(with_offset).pipe(batch, env={"PATH": os.environ["PATH"]})
        else:
            out = lines.mapPartitions(lambda rows: solve((i + 1, t) for t, i in rows))
        out.saveAsTextFile(f"warm-{WAY}-{name}")

    try:
        return timed(job)
    finally:
        sc.stop()


if __name__ == "__main__":  # Dask's worker processes import this file again
    runs = {"dask": dask_run, "spark-pipe": lambda: spark_run(True),
            "spark-python": lambda: spark_run(False)}
    if WAY not in runs:
        sys.exit(f"unknown way {WAY}")
    os.system(f"rm -rf warm-{WAY}-* warm-dask-*")
    seconds = runs[WAY]()
    os.system(f"rm -rf warm-{WAY}-* warm-dask-*")
    print(f"{WAY}\t{METHOD}\t{seconds:.2f}", flush=True)
