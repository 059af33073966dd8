"""The type stubs (sudoku_ilp/_native.pyi) name every export and type-check real use with mypy."""

import subprocess
import sys
import textwrap

import pytest
import sudoku_ilp as si


def test_stubs_name_everything_the_module_exports():
    import ast
    from pathlib import Path

    stub = Path(si.__file__).with_name("_native.pyi")
    tree = ast.parse(stub.read_text())
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    stubbed |= {t.id for n in tree.body if isinstance(n, ast.AnnAssign) for t in [n.target]}
    exported = {name for name in si.__all__}
    assert exported <= stubbed, exported - stubbed
    for name in ["solve", "count", "check", "explain", "export", "compare", "batch", "page", "lp_picture"]:
        assert getattr(si, name).__doc__, name


def test_mypy_accepts_real_use_and_catches_a_misspelt_option(tmp_path):
    pytest.importorskip("mypy")
    script = tmp_path / "use.py"
    script.write_text(textwrap.dedent("""
        import sudoku_ilp as si
        p = si.Puzzle.from_string("1.3.........4..2")
        r = si.solve(p, method="sat", time_limit=5.0)
        reveal_type(r.stats)
        c = si.count(p, max=3, method="backtrack")
        rows = si.compare(p, ["binary"])
        for x in si.batch([p, "1.3.........4..2"], jobs=2, method="propagate"):
            reveal_type(x)
        si.export(p, "lp", model="natural", sums=True)
        si.count(p, cage_form="sum", thermo_form="aggregated", pair_form="conflict")
        si.solve(p, methd="sat")
    """))
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", str(script)],
                         capture_output=True, text=True)
    out = run.stdout
    assert "MilpStats | sudoku_ilp._native.SearchStats" in out or "Union[sudoku_ilp._native.MilpStats" in out, out
    assert 'Revealed type is "sudoku_ilp._native.Result"' in out, out
    assert 'Unexpected keyword argument "methd" for "solve"' in out, out
    assert "Found 1 error in 1 file" in out, out
