"""A whole lesson, as a student clicks it: open the file from disk, paste a held puzzle, switch the
model, branch three times on fractional candidates, add a cut, take a hint, let HiGHS finish,
export. Asserts what the page shows; every grid the page shows passes the command line's checker.
"""

import json
import os
import re
import time

from conftest import check_grid, cli, data, read

PUZZLE = data("seeds", "seed004_unique_9x9.json")


def sizes(text):
    """'binary model: 729 columns, 347 rows, 2,939 nonzeros' -> (729, 347, 2939)."""
    return tuple(int(w.replace(",", "")) for w in re.findall(r"\d[\d,]*\d|\d", text)[:3])


def cli_sizes(model):
    out, _, _ = cli("solve", "--json", "--model", model, PUZZLE)
    m = json.loads(out)["model"]
    return (m["variables"], m["constraints"], m["nonzeros"])


def paste(page, text):
    box = page.driver.find_element("id", "paste")
    box.clear()
    page.driver.execute_script("arguments[0].value = arguments[1]", box, text)
    box.send_keys(" ")  # a keystroke, as a user's paste ends with one
    page.click("#load")


def test_a_whole_lesson(page):
    d = page.driver
    # Bad input first: the command line's one line, in the page.
    paste(page, "12345")
    _, err, code = cli("solve", "-", stdin="12345\n", ok=(2,))
    assert code == 2
    # The CLI: "sudoku-ilp: <stdin>:1:1: 5 cells is not a square number (…)"; the page names no file.
    message = err.strip().split(": ", 1)[1].split("<stdin>:1:1: ", 1)[-1]
    shown = page.text("error")
    assert message in shown and "\n" not in shown, (shown, message)

    paste(page, read(PUZZLE))
    assert page.text("error") == ""
    givens = json.loads(cli("solve", "--json", PUZZLE)[0])["givens"]
    assert f"9×9, {givens} givens" in page.text("summary")
    assert sizes(page.text("model-size")) == cli_sizes("binary")

    # Switch the model: the natural model's sizes, as the command line counts them; then back.
    d.find_element("css selector", "#model option[value=natural]").click()
    page.idle()
    assert page.text("model-size").startswith("natural")
    assert sizes(page.text("model-size")) == cli_sizes("natural")
    d.find_element("css selector", "#model option[value=binary]").click()
    page.idle()
    assert sizes(page.text("model-size")) == cli_sizes("binary")

    # The rows of a clicked cell, and the cells of a clicked row.
    page.click("#board .cell[data-cell='1']")
    assert "r1c2" in page.text("rows-title")
    rows = d.find_elements("css selector", "#rows .item")
    assert rows, "a cell's rows are listed"
    rows[0].click()
    page.idle()
    assert page.text("row").startswith(rows[0].text + ":")

    # The lab: an objective makes the root LP fractional on this grid (as in the README).
    d.find_element("css selector", "#tabs [data-tab=lab]").click()
    d.find_element("id", "objective").send_keys("max:diagonal")
    page.click("#lab-start")
    nodes = len(d.find_elements("css selector", "#lab-nodes .node"))
    assert nodes == 1
    for _ in range(3):
        cands = d.find_elements("css selector", "#board .cand[data-branch]")
        assert cands, "the open node shows fractional candidates to branch on"
        cands[0].click()
        page.idle()
        now = len(d.find_elements("css selector", "#lab-nodes .node"))
        assert now == nodes + 2, "a branch on x makes two children (x = 1, x = 0)"
        nodes = now
    assert "<svg" in d.find_element("id", "svg-tree").get_attribute("innerHTML")

    # A cut at the current node: its row and the bound before and after.
    before = page.text("lab-info")
    page.click("#lab-cut-gomory")
    cut = page.text("lab-cut")
    assert "gomory" in cut, cut
    assert page.text("lab-info") != "" and before != ""

    # A hint, at the value level, as the command line gives it.
    d.find_element("css selector", "#tabs [data-tab=hint]").click()
    page.click("[data-level=value]")
    out, _, _ = cli("hint", "--json", PUZZLE)
    expected = json.loads(out)
    assert expected["technique"] in page.text("hint-text")
    assert expected["text"] in page.text("hint-text")
    shown = d.find_elements("css selector", "#board .cell.hint-cell")
    assert len(shown) == len(expected["cells"])

    # Let HiGHS finish the current node: the incumbent's grid is shown and checked.
    d.find_element("css selector", "#tabs [data-tab=lab]").click()
    # (The current node's subtree may hold no grid: then finish the other open nodes.)
    page.click("#lab-finish")
    for node in page.api("S", "lab_state")["tree"]["nodes"]:
        if page.api("S", "lab_state")["incumbent"]:
            break
        if node["status"] == "fractional":
            d.find_element("css selector", f"#lab-nodes [data-node='{node['id']}']").click()
            page.idle()
            page.click("#lab-finish")
    incumbent = page.api("S", "lab_state")["incumbent"]
    assert incumbent and "incumbent none" not in page.text("lab-info"), page.text("lab-info")
    d.find_element("css selector", f"#lab-nodes [data-node='{incumbent['node']}']").click()
    page.idle()
    grid = page.board()
    assert all(all(row) for row in grid), "the finished node shows the incumbent's grid"
    check_grid(grid)

    # Prune by hand: a new root, one branch, its x = 0 child pruned.
    page.click("#lab-start")
    page.click("#board .cand[data-branch]")
    zero = [n for n in page.api("S", "lab_state")["tree"]["nodes"] if "≠" in (n["fixing"] or "")][0]
    d.find_element("css selector", f"#lab-nodes [data-node='{zero['id']}']").click()
    page.idle()
    page.click("#lab-prune")
    assert "pruned by hand" in d.find_element("css selector", f"#lab-nodes [data-node='{zero['id']}']").text

    # Expand the root on lp-bb's cell: one child per open digit of that cell.
    page.click("#lab-start")
    page.click("#lab-expand")
    children = page.api("S", "lab_state")["tree"]["nodes"][1:]
    assert len(children) >= 2 and len({c["fixing"].split("=")[0] for c in children}) == 1, children

    # Solve with each method: each grid shown passes the checker (without the objective:
    # propagate and backtrack search for a grid, as on the command line).
    d.find_element("id", "objective").clear()
    d.execute_script("document.getElementById('objective').dispatchEvent(new Event('change'))")
    page.idle()
    d.find_element("css selector", "#tabs [data-tab=solve]").click()
    for method in ["propagate", "backtrack", "ilp", "lp-bb"]:
        page.click(f"[data-method={method}]")
        assert "solved" in page.text("solve-info"), page.text("solve-info")
        grid = page.board()
        assert all(all(row) for row in grid)
        check_grid(grid)
    page.click("#count")
    assert "count: 1 " in page.text("solve-info")

    # Export: the downloaded LP file is the command line's, byte for byte.
    d.find_element("css selector", "#tabs [data-tab=export]").click()
    page.click("[data-format=lp]")
    lp, _, _ = cli("export", "--format", "lp", PUZZLE)
    path = os.path.join(page.downloads, "sudoku.lp")
    for _ in range(100):
        if os.path.exists(path):
            break
        time.sleep(0.05)
    assert read(path) == lp
    d.save_screenshot(os.path.join(page.downloads, "lesson.png"))


def test_typing_a_puzzle_with_the_keyboard(page):
    """An empty 4×4, digits typed with the arrows, one cleared with Delete, a killer cage made by
    selecting two cells (shift+arrow) and typing its sum: the library reads the typed puzzle."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    d = page.driver
    d.execute_script("document.getElementById('order').value = '4'")
    page.click("#empty")
    page.click("#board .cell[data-cell='0']")
    board = d.find_element("id", "board")
    board.send_keys("1", Keys.ARROW_RIGHT, "2", Keys.ARROW_DOWN, "4", Keys.ARROW_LEFT, "3")
    board.send_keys(Keys.ARROW_RIGHT, Keys.DELETE)  # r2c2 (the 4) cleared again
    page.idle()
    board.send_keys(Keys.ARROW_DOWN)  # r3c2
    ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.ARROW_DOWN).key_up(Keys.SHIFT).perform()
    board.send_keys("4", Keys.ENTER)  # cage r3c2 + r4c2 = 4
    page.idle()
    import time

    time.sleep(0.5)  # the edit is read after a 200 ms pause
    page.idle()
    doc = json.loads(d.find_element("id", "paste").get_attribute("value"))
    assert doc["grid"] == [[1, 2, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert doc["rules"] == [{"type": "killer", "cells": ["r3c2", "r4c2"], "sum": 4}]
    assert "4×4, 3 givens" in page.text("summary")
    assert page.text("error") == ""
    out, _, _ = cli("count", "--max", "1000", "-", stdin=json.dumps(doc))
    page.click("#tabs [data-tab=solve]")
    d.execute_script("document.getElementById('count-limit').value = '1000'")
    page.click("#count")
    expected = f"count: {out.split()[1]} solutions (all of them"
    assert page.text("solve-info").startswith(expected), (page.text("solve-info"), out)
    grid = page.board()
    check_grid(grid, doc)


def test_a_long_count_is_stopped_and_the_page_goes_on(page):
    """A long computation runs in the worker: the page answers meanwhile, the Stop button ends
    it (the worker is started again with the same puzzle) and the page goes on working."""
    from selenium.webdriver.support.ui import WebDriverWait

    d = page.driver
    empty = json.dumps({"grid": [[0] * 9 for _ in range(9)]})
    page.api("loadText", empty)
    page.click("#tabs [data-tab=solve]")
    d.execute_script("document.getElementById('count-limit').value = '100000000'")
    d.execute_script("document.getElementById('time-limit').value = '600'")
    d.find_element("id", "count").click()  # not waited for
    WebDriverWait(d, 60).until(lambda d: d.find_element("id", "stop").is_displayed())
    assert d.execute_script("return document.body.dataset.busy") == "1"
    d.find_element("id", "board").click()  # the page still takes clicks while the worker counts
    d.find_element("id", "stop").click()
    page.idle()
    assert page.text("status") == "stopped"
    assert page.text("error").startswith("stopped by the Stop button")
    d.execute_script("document.getElementById('time-limit').value = '10'")
    page.click("[data-method=propagate]")
    assert "solved" in page.text("solve-info")
    check_grid(page.board())


def test_the_file_needs_no_network(page):
    """One file: no script, style or image is fetched; with the network switched off the page
    still opens and solves (both WebAssembly modules are inlined)."""
    from conftest import PAGE

    html = read(PAGE)
    for ref in ['src="http', "src='http", 'href="http', "@import", "<link "]:
        assert ref not in html, ref
    d = page.driver
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0},
    )
    try:
        page.open()
        page.click("#tabs [data-tab=solve]")
        page.click("[data-method=ilp]")
        assert "solved" in page.text("solve-info")
        check_grid(page.board())
    finally:
        d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
