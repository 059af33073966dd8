"""Type stubs of the extension module sudoku_ilp._native (re-exported by sudoku_ilp)."""

from os import PathLike
from typing import Any, Iterable, Iterator, Literal, Optional, Union

from typing_extensions import TypedDict, Unpack  # read by type checkers only

__version__: str
METHODS: list[str]
MODELS: list[str]
FORMATS: list[str]
CAGE_FORMS: list[str]
THERMO_FORMS: list[str]
PAIR_FORMS: list[str]
BRANCHINGS: list[str]
CUT_POLICIES: list[str]
NODE_RULES: list[str]
CUT_KINDS: list[str]
HINT_LEVELS: list[str]

Method = Literal["ilp", "milp", "backtrack", "propagate", "lp-bb", "sat"]
Model = Literal["binary", "natural", "natural-strong"]
Start = Literal["none", "propagate", "backtrack", "sat"]
CageForm = Literal["sets", "sum", "implied"]
ThermoForm = Literal["cumulative", "aggregated"]
PairForm = Literal["support", "conflict"]
HintLevel = Literal["where", "technique", "rows", "value"]
Format = Literal["lp", "mps", "gmpl-data", "cnf", "col", "dzn"]
Grid = list[list[int]]

class SolverError(RuntimeError):
    """HiGHS, CaDiCaL or an engine failed for a reason other than the puzzle."""

class Picture:
    """An SVG picture or an HTML page; Jupyter shows it inline."""
    kind: Literal["svg", "html"]
    text: str
    def save(self, path: Union[str, PathLike[str]]) -> None: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

class Puzzle:
    """A Sudoku puzzle: its order n, its box shape (or irregular regions) and its givens."""
    @staticmethod
    def from_string(
        text: str,
        *,
        box: Optional[tuple[int, int]] = None,
        line: Optional[int] = None,
        format: Literal["auto", "json", "lines", "grid"] = "auto",
    ) -> Puzzle:
        """One line (81 characters, '.' or '0' empty), a grid block or a JSON object."""
    @staticmethod
    def from_json(obj: Union[str, dict[str, Any]]) -> Puzzle:
        """{"grid": [[...], ...], "box": [r, c]?, "regions"?, "diagonals"?, "rules"?, "name"?}."""
    @staticmethod
    def from_fpuzzles(text: str) -> Puzzle:
        """f-puzzles JSON (one object) or link, with or without https://f-puzzles.com/?load=."""
    @staticmethod
    def from_grid(rows: Grid, *, box: Optional[tuple[int, int]] = None) -> Puzzle:
        """n rows of n ints, 0 for an empty cell."""
    @staticmethod
    def from_file(
        path: Union[str, PathLike[str]],
        *,
        box: Optional[tuple[int, int]] = None,
        line: Optional[int] = None,
        format: Literal["auto", "json", "lines", "grid"] = "auto",
    ) -> Puzzle:
        """A JSON file, a line file (pick a line with `line`) or a grid block."""
    @property
    def order(self) -> int: ...
    @property
    def box(self) -> Optional[tuple[int, int]]: ...
    @property
    def givens(self) -> Grid: ...
    @property
    def given_count(self) -> int: ...
    @property
    def name(self) -> Optional[str]: ...
    @property
    def rules(self) -> list[dict[str, Any]]:
        """The variant rules as the project JSON writes them: {"type": "killer", "cells": [...], ...}."""
    def to_line(self) -> str: ...
    def to_json(self) -> str: ...
    def picture(self) -> Picture: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

class StartStats:
    engine: str
    ms: float
    found: bool
    status: str
    certified: bool

class MilpStats:
    formulation: str
    variables: int
    binary: int
    integer: int
    constraints: int
    nonzeros: int
    build_ms: float
    solve_ms: float
    highs_ms: float
    nodes: int
    lp_iterations: int
    singles_fixed: Optional[int]
    start: Optional[StartStats]
    unreduced: Optional[dict[str, int]]

class SearchStats:
    solve_ms: float
    nodes: int

class PropagationStats:
    solve_ms: float
    stage: Literal["unit_propagation", "failed_literal", "search"]
    empty_cells: int
    fixed_by_unit_propagation: int
    fixed_by_reasoning: int
    failed_literals: int
    probes: int
    search_needed: bool
    nodes: int

class LpBbStats:
    solve_ms: float
    nodes: int
    lp_solves: int
    lp_iterations: int
    lp_ms: float
    lp_pruned: int
    propagation_pruned: int
    max_depth: int
    cuts: int

class SatStats:
    solve_ms: float
    variables: int
    clauses: int
    solves: int
    encode_ms: float
    cadical_ms: float
    conflicts: int
    decisions: int
    propagations: int

Stats = Union[MilpStats, SearchStats, PropagationStats, LpBbStats, SatStats]

class Result:
    """A solve: status, the checked grid, the time and the engine's typed statistics."""
    @property
    def status(self) -> Literal["solved", "infeasible", "time_limit"]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def grid(self) -> Optional[Grid]: ...
    @property
    def engine(self) -> str: ...
    @property
    def time_ms(self) -> float: ...
    @property
    def nodes(self) -> Optional[int]: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def puzzle(self) -> Puzzle: ...
    def to_json(self) -> str:
        """The object `sudoku-ilp solve --json` prints."""
    def to_dict(self) -> dict[str, Any]: ...
    def lp_picture(self, model: Optional[Model] = None) -> Picture: ...
    def tree_picture(self) -> Picture: ...
    def tree(self) -> dict[str, Any]: ...
    def picture(self) -> Picture: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

class Count:
    """The solutions of `count` or `check`."""
    @property
    def count(self) -> int: ...
    @property
    def solutions(self) -> list[Grid]: ...
    @property
    def end(self) -> Literal["complete", "limit_reached", "time_limit"]: ...
    @property
    def limit_reached(self) -> bool: ...
    @property
    def answer(self) -> Literal["unique", "several", "none", "unknown"]: ...
    @property
    def engine(self) -> str: ...
    @property
    def time_ms(self) -> float: ...
    def to_json(self) -> str: ...

class Explanation:
    """Why a grid has no solution."""
    @property
    def status(self) -> Literal["infeasible", "solved", "time_limit"]: ...
    @property
    def reason(self) -> Optional[Literal["direct_conflict", "no_completion"]]: ...
    @property
    def givens(self) -> list[tuple[int, int, int]]: ...
    @property
    def houses(self) -> list[str]: ...
    @property
    def rules(self) -> list[dict[str, Any]]:
        """Rule instances of the set: {"index", "type", "name", "cells", "rule"}."""
    @property
    def minimal(self) -> bool: ...
    @property
    def grid(self) -> Optional[Grid]: ...
    @property
    def solves(self) -> int: ...
    @property
    def time_ms(self) -> float: ...
    def to_json(self) -> str: ...
    def picture(self) -> Optional[Picture]: ...
    def _repr_svg_(self) -> Optional[str]: ...

class Batch(Iterator[Result]):
    def __iter__(self) -> Batch: ...
    def __next__(self) -> Result: ...

class ModelOptions(TypedDict, total=False):
    """The model and its switches (defaults: "binary", every switch off), and the binary
    model's forms of the variant rules, as --cage-form, --thermo-form, --pair-form (defaults:
    "sets", "cumulative", "support")."""
    model: Model
    reduce: bool
    cage_form: CageForm
    thermo_form: ThermoForm
    pair_form: PairForm
    pair_m: bool
    drop_given_pairs: bool
    exclusions: bool
    sums: bool
    subset_sums: bool

class EngineOptions(ModelOptions, total=False):
    """The options of an engine, as the command line's flags (defaults in brackets):
    method ["ilp"], start [None], start_budget [5.0 s], time_limit [60.0 s], threads [1],
    singles [False], highs [None: a dict of HiGHS option names to values]."""
    method: Method
    start: Optional[Start]
    start_budget: float
    time_limit: float
    threads: int
    singles: bool
    highs: Optional[dict[str, Union[str, int, float, bool]]]
    objective: str
    branch: Literal["cell", "variable"]
    cuts: Literal["none", "gomory", "clique", "all"]

class Lab:
    """A branch and bound you drive on the binary model (nodes numbered from 0, the root)."""
    def __init__(self, puzzle: Puzzle, *, objective: Optional[str] = None, time_limit: float = 60.0) -> None: ...
    @property
    def stopped(self) -> bool: ...
    def branch(self, node: int, cell: str, value: Optional[int] = None) -> list[int]: ...
    def cut(self, node: int, kind: str) -> Optional[dict[str, Any]]:
        """A cut of `kind` (gomory, clique, nogood), or your own inequality checked exactly."""
    def predict(self, node: int, question: str) -> dict[str, Any]:
        """Grades a prediction ("next best 3", "branch x_r1_c3_v4", "infeasible r1c1=5 yes",
        "bound r1c1=5 12.5", "integral no") with the reason; the tree does not change."""
    def next(self, rule: str = "best") -> Optional[int]: ...
    def finish(self, node: int) -> int: ...
    def prune(self, node: int) -> None: ...
    def suggest(self, node: int) -> dict[str, Optional[str]]: ...
    def auto(self, branching: str = "cell") -> None: ...
    def script(self, steps: str) -> str: ...
    @property
    def nodes(self) -> list[dict[str, Any]]: ...
    @property
    def incumbent(self) -> Optional[list[list[int]]]: ...
    @property
    def value(self) -> Optional[float]: ...
    @property
    def bound(self) -> Optional[float]: ...
    def describe(self, node: int) -> str: ...
    def tree(self) -> str: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

class Lesson:
    """A lesson file played step by step: next() shows a step (its action run), answer()
    grades the answer to its question with the reason, score() counts the first tries."""
    def __init__(self, path: Union[str, PathLike[str]], *, time_limit: float = 60.0) -> None: ...
    @property
    def title(self) -> str: ...
    @property
    def about(self) -> str: ...
    @property
    def steps(self) -> int: ...
    @property
    def done(self) -> bool: ...
    def next(self) -> Optional[dict[str, Any]]:
        """The next step: "index", "text", "action", "kind", "prompt", "hint"; None at the end."""
    def answer(self, text: str) -> dict[str, Any]:
        """"correct", "given", "expected", "reason", "readable"."""
    def score(self) -> dict[str, Any]:
        """"right" (at the first try), "answered", "questions", "text"."""

def check_lesson(path: Union[str, PathLike[str]], *, time_limit: float = 60.0) -> dict[str, Any]:
    """`lesson check`: "passed", "steps", "questions", "mismatches" (step, kind, expected,
    computed, reason)."""

def solve(puzzle: Puzzle, *, tree: bool = False, **options: Unpack[EngineOptions]) -> Result:
    """Solves the puzzle with any engine; the grid has passed the independent checker.
    tree=True (method "lp-bb") records the branch-and-bound tree."""

def count(puzzle: Puzzle, *, max: int = 1000, **options: Unpack[EngineOptions]) -> Count:
    """Up to `max` solutions, each checked (method "ilp", "sat" or "backtrack")."""

def check(puzzle: Puzzle, **options: Unpack[EngineOptions]) -> Count:
    """Unique, several, none or unknown (`Count.answer`)."""

def explain(puzzle: Puzzle, *, houses: Optional[bool] = None, time_limit: float = 60.0) -> Explanation:
    """A minimal set of givens, rule instances (and houses) that already has no completion;
    houses=None: the houses on a classic grid only."""

def row_check(puzzle: Puzzle, rule: str, rows: str) -> dict[str, Any]:
    """Checks your own rows for one rule of the puzzle: exact (every assignment of its cells
    enumerated; a forbidden one accepted or an allowed one refused is named) and, when exact,
    as strong as the project's form or weaker (with a fractional point it cuts off)."""

def fix(puzzle: Puzzle, *, time_limit: float = 60.0) -> dict[str, Any]:
    """The fewest givens and rule instances to remove so that the puzzle has a solution, as
    the dict of `explain --fix --json`; "single_fixes" lists every single removal that leaves a
    solution when one removal is the fewest (several: the puzzle does not say which is wrong)."""

def generate(
    size: int = 9,
    *,
    box: Optional[tuple[int, int]] = None,
    seed: int = 1,
    rules: Literal["none", "killer", "thermo"] = "none",
    attempts: Optional[int] = None,
    time_limit: float = 60.0,
) -> Puzzle:
    """A puzzle with a unique solution; rules="killer" makes a killer (cages, usually no givens)."""

def export(puzzle: Puzzle, format: Format = "lp", **options: Unpack[ModelOptions]) -> str:
    """The model (LP, MPS) or the puzzle (GMPL data, CNF, COL, DZN) as text."""

def compare(
    puzzle: Puzzle,
    variants: Optional[list[str]] = None,
    *,
    time_limit: float = 60.0,
) -> list[dict[str, Any]]:
    """One record per variant (in compare's column order), for pandas.DataFrame."""

def page(puzzle: Puzzle, *, title: Optional[str] = None, time_limit: float = 60.0) -> Picture:
    """The classroom page (HTML)."""

def lp_picture(puzzle: Puzzle, *, model: Model = "binary", title: Optional[str] = None) -> Picture:
    """The root LP relaxation drawn on the grid (SVG)."""

class LinesOptions(EngineOptions, total=False):
    """The options of `solve_lines`: an engine's, plus fast [False] (as `batch --fast`),
    jobs [1] (worker threads) and rate [False] (as `batch --rate`; "no-lp": without the LP
    level)."""
    fast: bool
    jobs: int
    rate: Union[bool, Literal["no-lp"]]

def solve_lines(
    lines: list[str], first_line: int = 1, file: Optional[str] = None, **engine_options: Unpack[LinesOptions]
) -> list[str]:
    """The JSON result lines `sudoku-ilp batch` writes for these puzzle lines, numbered from
    `first_line`, with "file": file; `sudoku-ilp merge` joins the lines of all chunks."""

def batch(
    puzzles: Iterable[Union[Puzzle, str]], *, jobs: int = 2, **options: Unpack[EngineOptions]
) -> Batch:
    """A Result per puzzle, in input order, solved on `jobs` threads."""

class Step:
    """One step of a path of human techniques; shows itself as its picture in Jupyter."""
    technique: str
    difficulty: float
    text: str
    hint: str
    def json(self) -> dict[str, Any]:
        """technique, difficulty, se_scale, placements, eliminations (lp_implied, certificate rows)."""
    def _repr_svg_(self) -> str: ...

def hint(puzzle: Puzzle, *, level: HintLevel = "value", time_limit: float = 60.0) -> Optional[Step]:
    """The next step (None when the grid is complete), its `hint` text at `level`; ValueError
    without a unique solution or for an unknown level, SolverError when an LP fails, TimeoutError at the time limit."""

def steps(puzzle: Puzzle, *, certificates: bool = True, time_limit: float = 60.0) -> list[Step]:
    """The path to the solution, each elimination with the LP rows that prove it; TimeoutError at the time limit."""

def prove(puzzle: Puzzle, eliminate: str, rows: str, *, answer: bool = True, time_limit: float = 60.0) -> dict[str, Any]:
    """Checks a student's combination of the model's rows (names as export(p, "lp") writes them) as a proof
    that `eliminate` ("r9c8=2") leaves the puzzle: proves, rows, summed (written out, why), error,
    model_answer (the tool's certificate), text; ValueError for an unknown row, TimeoutError at the time limit."""

def rate(puzzle: Puzzle, *, lp: bool = True, uniqueness: bool = True, time_limit: float = 60.0) -> dict[str, Any]:
    """difficulty (Sukaku Explainer's scale, the same with lp=False), hardest, lp_level,
    root_lp_integral, lp_bb_nodes, guessed, at_least (the path guessed: difficulty is a lower
    bound, "≥"); uniqueness=False leaves out BUG; TimeoutError at the time limit."""
