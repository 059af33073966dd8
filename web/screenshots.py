"""The screenshots of docs/web.md: every view of the page in headless Chromium, at 1920×1080 (a
projector) and 1366×768 (a laptop), the viewport set exactly by DevTools' device metrics.

  python web/screenshots.py [OUT_DIR]    (default docs/; the page must be built: bash web/build.sh)

For each SIZE in 1920x1080 and 1366x768 (docs/web-VIEW-SIZE.png):
web-model     the natural model's legend, the rows of r1 (its ne1/ne2 rows), a row written out
web-lp        one LP vertex with max:diagonal, reduced costs on the grid, its nonzero duals, a
              clicked dual's row
web-range     what the LP forces over the polytope on the two-solution seed
web-lab       branch and bound (max:diagonal): two branches, a Gomory cut, a hand prune; the
              selected and the best-bound node marked
web-hint      the first step that removes candidates (level "value"): its certificate written
              out, a clicked row outlined and written out
web-steps     All steps, a step applied: the removals made on the Hint tab's grid
web-solve     lp-bb's grid and node count
web-export    the GMPL data with the objective
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "tests"))
from conftest import ROOT, Page, chromium, data, read, set_objective  # noqa: E402

SIZES = [(1920, 1080), (1366, 768)]



def views(page, shot):
    d = page.driver
    tab = lambda name: page.click(f"#tabs [data-tab={name}]")  # noqa: E731

    page.api("loadText", read(data("seeds", "seed004_unique_9x9.json")))
    set_objective(page, "")
    d.find_element("css selector", "#model option[value=natural]").click()
    page.idle()
    tab("model")
    page.click("#board .label[data-target='r1']")
    page.click("#rows .item")
    shot("web-model")
    d.find_element("css selector", "#model option[value=binary]").click()
    page.idle()

    set_objective(page, "max:diagonal")
    tab("lp")
    page.click("#lp-solve")
    page.click("#lp-duals .item")
    shot("web-lp")

    page.api("loadText", read(data("seeds", "seed004_two_solutions_9x9.json")))
    set_objective(page, "")
    tab("lp")
    page.click("#lp-range")
    shot("web-range")

    page.api("loadText", read(data("seeds", "seed004_unique_9x9.json")))
    set_objective(page, "max:diagonal")
    tab("lab")
    page.click("#lab-start")
    for _ in range(2):
        page.click("#board .cand[data-branch]")
    page.click("#lab-cut-gomory")
    page.click("#lab-nodes [data-node='2']")
    page.click("#lab-prune")
    page.click("#lab-nodes [data-node='3']")
    shot("web-lab")

    page.api("loadText", read(data("seeds", "seed003_minizinc_9x9.json")))
    set_objective(page, "")
    tab("hint")
    page.click("#hint-levels [data-level=value]")
    # The first step that removes candidates (a certificate to write out), and one of its rows.
    steps = page.api("S", "steps", False)["steps"]
    k = next(i for i, s in enumerate(steps) if s["eliminations"])
    page.api("hintGoTo", k)
    page.click("#hint-cert .item")
    shot("web-hint")
    page.click("#hint-apply")
    page.click("#hint-steps")
    shot("web-steps")

    page.api("loadText", read(data("seeds", "seed004_unique_9x9.json")))
    set_objective(page, "max:diagonal")
    tab("solve")
    page.click("#methods [data-method=lp-bb]")
    shot("web-solve")

    tab("export")
    page.click("#formats [data-format=gmpl-data]")
    shot("web-export")
    set_objective(page, "")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs")
    downloads = "/tmp/sudoku-ilp-screenshots"
    os.makedirs(downloads, exist_ok=True)
    d = chromium(downloads, script_timeout=300, extra_args=["--hide-scrollbars"])
    page = Page(d, downloads)
    for width, height in SIZES:
        d.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        page.open()
        def shot(name):
            d.execute_script("window.scrollTo(0, 0)")
            d.save_screenshot(os.path.join(out, f"{name}-{width}x{height}.png"))

        views(page, shot)
    d.quit()


if __name__ == "__main__":
    main()
