"""Sudoku as an integer linear program, from Python.

A puzzle (``Puzzle.from_string``, ``from_json``, ``from_grid``, ``from_file``) is solved by
``solve`` with any engine of sudoku-ilp: the binary or natural MILP model solved in-process by
HiGHS (``method="ilp"``, the default), ``"propagate"``, ``"sat"`` (CaDiCaL), ``"backtrack"`` or
``"lp-bb"`` (LP branch and bound). Every grid returned has passed an independent checker.

``compare`` runs formulations side by side (rows for ``pandas.DataFrame``), ``count`` and
``check`` enumerate solutions, ``explain`` finds why a grid has none, ``fix`` the fewest givens
or rules to remove, ``generate`` makes a
puzzle (classic or killer), ``export`` writes the
model for GLPK, CBC or any LP/MPS reader, and ``batch`` solves many puzzles on several threads.
``Puzzle``, ``Result`` and ``Picture`` show themselves as pictures in Jupyter.

Bad input raises ``ValueError`` with the command line's one-line message; a failure of a solver
that is not about the puzzle raises ``SolverError`` (a ``RuntimeError``). The GIL is released
while an engine runs.
"""

from ._native import (
    CAGE_FORMS,
    FORMATS,
    METHODS,
    MODELS,
    PAIR_FORMS,
    BRANCHINGS,
    CUT_POLICIES,
    NODE_RULES,
    CUT_KINDS,
    HINT_LEVELS,
    THERMO_FORMS,
    Batch,
    Count,
    Explanation,
    Lab,
    Lesson,
    LpBbStats,
    MilpStats,
    Picture,
    PropagationStats,
    Puzzle,
    Result,
    SatStats,
    SearchStats,
    SolverError,
    Step,
    StartStats,
    __version__,
    batch,
    check,
    check_lesson,
    compare,
    count,
    explain,
    export,
    fix,
    generate,
    hint,
    lp_picture,
    page,
    prove,
    rate,
    row_check,
    solve,
    solve_lines,
    steps,
)

__all__ = [
    "CAGE_FORMS",
    "FORMATS",
    "METHODS",
    "MODELS",
    "PAIR_FORMS",
    "BRANCHINGS",
    "CUT_POLICIES",
    "NODE_RULES",
    "CUT_KINDS",
    "HINT_LEVELS",
    "THERMO_FORMS",
    "Batch",
    "Count",
    "Explanation",
    "Lab",
    "Lesson",
    "LpBbStats",
    "MilpStats",
    "Picture",
    "PropagationStats",
    "Puzzle",
    "Result",
    "SatStats",
    "SearchStats",
    "SolverError",
    "StartStats",
    "Step",
    "__version__",
    "batch",
    "check",
    "check_lesson",
    "compare",
    "count",
    "explain",
    "export",
    "fix",
    "generate",
    "hint",
    "lp_picture",
    "page",
    "prove",
    "rate",
    "row_check",
    "solve",
    "solve_lines",
    "steps",
]
