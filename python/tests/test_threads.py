"""The GIL is released while an engine runs: Python threads solve in parallel."""

import threading
import time

import sudoku_ilp as si
from conftest import assert_solves

HARDEST = [
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
]


def test_two_threads_solve_at_once():
    results = {}

    def work(k):
        results[k] = si.solve(si.Puzzle.from_string(HARDEST[k]))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, line in enumerate(HARDEST):
        assert results[k].status == "solved"
        assert_solves(si.Puzzle.from_string(line).givens, results[k].grid)


def test_python_runs_while_highs_solves():
    # The natural model on a hardest grid keeps HiGHS busy for a while; if the GIL were held,
    # the main thread could not count meanwhile.
    puzzle = si.Puzzle.from_string(HARDEST[0])
    done = threading.Event()
    result = {}

    def work():
        result["r"] = si.solve(puzzle, model="natural", time_limit=2.0)
        done.set()

    worker = threading.Thread(target=work)
    ticks = 0
    worker.start()
    started = time.perf_counter()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    elapsed = time.perf_counter() - started
    worker.join()
    assert result["r"].status in ("solved", "time_limit")
    # Each tick sleeps 1 ms; with the GIL held for the whole solve there would be one tick.
    assert elapsed < 0.05 or ticks > 20, (ticks, elapsed)
