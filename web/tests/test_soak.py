"""A long session: 5,000 LP solves in one page (the highs package fails after ~4,000 solves when
its models are not freed): the LP relaxation of a grid, solved again and again on HiGHS-wasm
(in the worker, as the page's LP button does); then the page still answers, and the memory of
both WebAssembly instances and of the page's JavaScript heap stays bounded.
"""

from conftest import data, read

SOLVES = 5000


def memory(page):
    wasm = page.api("call", "memory")
    heap = page.driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    js = next(m["value"] for m in heap if m["name"] == "JSHeapUsedSize")
    return wasm["core"], wasm["highs"], js


def test_five_thousand_lp_solves_in_one_page(page):
    page.driver.execute_cdp_cmd("Performance.enable", {})
    page.api("loadText", read(data("seeds", "seed004_annex_4x4.json")))
    page.api("S", "relaxation")
    page.api("call", "repeat", 200, "relaxation")
    start = memory(page)
    page.api("call", "repeat", SOLVES - 200, "relaxation")
    end = memory(page)
    mib = 1 << 20
    assert end[0] - start[0] <= 8 * mib, f"the library's memory grew {start[0]} -> {end[0]} bytes"
    assert end[1] - start[1] <= 8 * mib, f"HiGHS's memory grew {start[1]} -> {end[1]} bytes"
    assert end[2] - start[2] <= 32 * mib, f"the page's JS heap grew {start[2]} -> {end[2]} bytes"
    lp = page.api("S", "relaxation")
    assert lp["status"] == "solved", lp["status"]
    assert page.api("call", "highs_models")["live"] <= 1, "every HiGHS model was freed"
    print(f"soak: {SOLVES} LP solves; wasm memory core {start[0]}->{end[0]}, highs {start[1]}->{end[1]}; JS heap {start[2]:.0f}->{end[2]:.0f}")
