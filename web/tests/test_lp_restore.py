"""The LP interface's basis restore on HiGHS-wasm (the page's backend, crates/web/src/wasm_lp.rs):
one node of the lab's LP re-solved from its own basis, handed back through the backend's
`Box<dyn LabLp>`, needs fewer simplex iterations than a fresh LP and than from its sibling's
basis. Before issue 42 the boxed LP dropped `set_basis`, and the page's lab never restored one.
"""

# AI Escargot (data/seeds/seed004_unique_9x9.json): its root LP is fractional.
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def test_a_restored_basis_saves_iterations_in_the_browser(page):
    page.api("loadText", ESCARGOT)
    found = page.api("S", "restore_lp")
    assert found["restored"] < found["cold"], found
    assert found["restored"] < found["from_sibling"], found
    print(f"restored basis on HiGHS-wasm: {found}")
