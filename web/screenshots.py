"""The screenshots of docs/web.md: the page's main views in headless Chromium at 1920×1080.

  python web/screenshots.py [OUT_DIR]    (default docs/; the page must be built: bash web/build.sh)

web-model.png  the rows of a clicked cell, a clicked row's cells outlined
web-lp.png     the LP relaxation on the grid and its duals
web-lab.png    branch and bound after three branches and a Gomory cut, the tree beside
web-hint.png   a hint at the level "rows", its certificate's rows outlined
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "tests"))
from conftest import ROOT, Page, data, read  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs")
    opts = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1920,1080", "--hide-scrollbars"]:
        opts.add_argument(a)
    d = webdriver.Chrome(options=opts, service=Service("/usr/bin/chromedriver"))
    d.set_script_timeout(300)
    page = Page(d, "/tmp")
    page.open()
    shot = lambda name: d.save_screenshot(os.path.join(out, name))  # noqa: E731

    page.api("loadText", read(data("seeds", "seed003_minizinc_9x9.json")))
    page.click("#board .cell[data-cell='0']")
    rows = [r for r in d.find_elements("css selector", "#rows .item") if r.text.startswith("box_")]
    rows[4].click()
    page.idle()
    shot("web-model.png")

    d.find_element("css selector", "#tabs [data-tab=lp]").click()
    page.api("loadText", read(data("seeds", "seed004_unique_9x9.json")))
    d.find_element("css selector", "#tabs [data-tab=lp]").click()
    page.click("#lp-solve")
    shot("web-lp.png")

    d.find_element("css selector", "#tabs [data-tab=lab]").click()
    d.find_element("id", "objective").send_keys("max:diagonal")
    page.click("#lab-start")
    for _ in range(3):
        page.click("#board .cand.frac")
    page.click("#lab-cut-gomory")
    shot("web-lab.png")

    page.api("loadText", read(data("seeds", "seed003_minizinc_9x9.json")))
    d.find_element("css selector", "#tabs [data-tab=hint]").click()
    # Walk to the first step that removes candidates (a certificate to outline).
    for _ in range(60):
        h = page.api("S", "hint", "rows")
        if h.get("eliminations"):
            break
        for p in h.get("placements", []):
            page.api("placeDigit", p["cell"], p["value"])
    page.click("[data-level=rows]")
    shot("web-hint.png")
    d.quit()


if __name__ == "__main__":
    main()
