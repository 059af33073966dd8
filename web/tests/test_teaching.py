"""Issue 43 and issue 42's page items: every sentence the page says about the LP relaxation, the
duals, branch and bound and the exports is true, and the page's choices are the library's
Named lists. Each test asserts the sentence on the puzzles the issue names (the two-solution
seed, the hardest sample, the seed) against the command line.
"""

import json
import os
import re
import subprocess
import time

from conftest import check_grid, cli, data, line_of, read, set_objective, shared_file

SEED = data("seeds", "seed004_unique_9x9.json")
TWO = data("seeds", "seed004_two_solutions_9x9.json")


def data_attrs(svg):
    """The counts a range picture carries: {forced-one, forced-zero, free}."""
    return dict(re.findall(r'data-(forced-one|forced-zero|free)="(\d+)"', svg))


def downloaded(page, name):
    path = os.path.join(page.downloads, name)
    for _ in range(200):
        if os.path.exists(path) and not os.path.exists(path + ".crdownload"):
            return read(path)
        time.sleep(0.05)
    raise AssertionError(f"{name} was not downloaded")


def fresh_download(page, name):
    path = os.path.join(page.downloads, name)
    if os.path.exists(path):
        os.remove(path)


def range_view(page, puzzle_text):
    page.api("loadText", puzzle_text)
    set_objective(page, "")
    page.click("#tabs [data-tab=lp]")
    page.click("#lp-range")
    return page.driver.find_element("id", "svg-lp").get_attribute("innerHTML")


def board_titles(page):
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#board [title]')].map(e => e.title)"
    )


def test_range_view_on_the_two_solution_puzzle(page):
    """What the LP forces: the library's range picture (the CLI's counts); a free candidate is
    drawn small in a dashed box and never said to be fixed; the vertex view says '= 1 at this
    vertex', and seeded objectives switch vertices."""
    svg = range_view(page, read(TWO))
    page.driver.execute_script("return 0")
    cli("render", "--lp", "--range", TWO, "-o", os.path.join(page.downloads, "range.svg"))
    assert data_attrs(svg) == data_attrs(read(os.path.join(page.downloads, "range.svg")))
    ranges = page.api("S", "ranges")
    free = [
        (c["cell"], v) for c in ranges["cells"] for v, lo, hi in c["ranges"] if hi - lo > 1e-6 and lo < 1 - 1e-6
    ]
    assert free, "two solutions: some candidates are free over the polytope"
    caption = page.text("board-caption")
    assert "free (0 at some LP point, positive at another)" in caption, caption
    for cell, v in free:
        r, c = map(int, re.match(r"r(\d+)c(\d+)", cell).groups())
        i = (r - 1) * 9 + c - 1
        shown = page.driver.execute_script(
            f"return [...document.querySelectorAll('#board .cell[data-cell=\"{i}\"] .cand.free')].map(e => e.textContent)"
        )
        assert str(v) in shown, (cell, v, shown)
    titles = board_titles(page)
    assert not any("fixes" in t for t in titles), titles
    assert "fixes" not in page.driver.execute_script("return document.body.innerText")
    # One vertex: '= 1 at this vertex', never 'fixes'.
    page.click("#lp-solve")
    assert "one optimal vertex" in page.text("board-caption")
    titles = board_titles(page)
    assert any(t.endswith("= 1 at this vertex") for t in titles), titles[:5]
    assert not any("fixes" in t for t in titles)
    # Other vertices: the seeded objectives random:1, random:2.
    page.click("#lp-vertex")
    assert re.search(r"objective function: (max:|min:)?random:1 ", page.text("lp-info")), page.text("lp-info")
    page.click("#lp-vertex")
    assert re.search(r"objective function: (max:|min:)?random:2 ", page.text("lp-info"))
    assert "this is one vertex" in page.text("lp-info")


def test_range_view_on_the_hardest_sample(page):
    """On the hardest sample the polytope forces no candidate beyond the givens; r1c6 can be
    1, 2 or 3 (issue 43)."""
    path = shared_file("forum_hardest_1905_11plus.txt")
    if path is None:
        return
    line = line_of(path, 1)
    svg = range_view(page, line)
    out = os.path.join(page.downloads, "hard.svg")
    cli("render", "--lp", "--range", "--line", "1", path, "-o", out)
    assert data_attrs(svg) == data_attrs(read(out))
    assert "0 candidates forced to 1 beyond the givens" in page.text("lp-info"), page.text("lp-info")
    r1c6 = page.driver.execute_script(
        "return [...document.querySelectorAll('#board .cell[data-cell=\"5\"] .cand.free')].map(e => e.textContent)"
    )
    assert r1c6 == ["1", "2", "3"], r1c6
    assert not any("fixes" in t for t in board_titles(page))


def test_duals_with_and_without_an_objective(page):
    """Objective 0: the page says why every dual is 0 and offers an objective; with
    max:diagonal the duals are nonzero and a clicked dual's row is written out, its cells
    outlined."""
    d = page.driver
    page.api("loadText", read(SEED))
    set_objective(page, "")
    page.click("#tabs [data-tab=lp]")
    page.click("#lp-solve")
    assert page.text("lp-duals") == "every dual is 0"
    note = page.text("lp-note")
    assert "Objective 0: every feasible point is optimal" in note and "y = 0" in note, note
    page.click("#lp-offer")
    page.idle()
    time.sleep(0.2)
    page.idle()
    assert page.driver.find_element("id", "objective").get_attribute("value") == "max:diagonal"
    items = page.driver.find_elements("css selector", "#lp-duals .item")
    lp = page.api("S", "relaxation")
    assert len(items) == len(lp["duals"]) > 0
    assert "objective function: max:diagonal" in page.text("lp-info")
    assert "nonzero row duals y" in page.text("lp-note")
    dual_svg = d.find_element("id", "svg-dual").get_attribute("innerHTML")
    out = os.path.join(page.downloads, "dual.svg")
    cli("render", "--lp", "--dual", "--objective", "max:diagonal", SEED, "-o", out)
    assert re.findall(r'data-nonzero-reduced="(\d+)"', dual_svg) == re.findall(r'data-nonzero-reduced="(\d+)"', read(out)) != []
    items[0].click()
    page.idle()
    name = items[0].get_attribute("data-row")
    assert page.text("row").startswith(name + ":"), page.text("row")
    assert page.driver.find_elements("css selector", "#board .cell.in-row")
    set_objective(page, "")


def test_exports_gmpl_is_solved_by_glpsol_and_a_node_lp(page):
    """The GMPL model and data downloaded from the page (with the objective) are solved by the
    real glpsol to the optimum lp-bb finds; the data equals the CLI's; the current lab node's
    LP file's relaxation is the node's LP value; an error appears next to the buttons."""
    d = page.driver
    page.api("loadText", read(SEED))
    set_objective(page, "max:diagonal")
    page.click("#tabs [data-tab=export]")
    for name in ["sudoku.dat", "sudoku.mod", "node1.lp"]:
        fresh_download(page, name)
    page.click("#formats [data-format=gmpl-data]")
    dat = downloaded(page, "sudoku.dat")
    expected, _, _ = cli("export", "--format", "gmpl-data", "--objective", "max:diagonal", SEED)
    assert dat == expected
    page.click("#export-gmpl-model")
    assert downloaded(page, "sudoku.mod") == read(os.path.join(os.path.dirname(SEED), "..", "..", "models", "sudoku.mod"))
    assert "with the objective max:diagonal" in page.text("export-note")
    run = subprocess.run(
        ["glpsol", "-m", "sudoku.mod", "-d", "sudoku.dat"], cwd=page.downloads, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OBJECTIVE 40" in run.stdout, run.stdout
    rows = [list(map(int, re.findall(r"\d", l))) for l in run.stdout.splitlines() if l.startswith("| ")]
    check_grid(rows)
    # The format list is the library's (the CLI's --format values).
    formats = [b.get_attribute("data-format") for b in d.find_elements("css selector", "#formats button")]
    assert formats == ["lp", "mps", "gmpl-data", "cnf", "col", "dzn"]
    # An error, next to the button that caused it.
    page.click("#formats [data-format=col]")
    _, err, _ = cli("export", "--format", "col", "--objective", "max:diagonal", SEED, ok=(2,))
    assert page.text("export-error") and page.text("export-error") in err, (page.text("export-error"), err)
    # The current lab node's LP: its relaxation (glpsol --nomip) is the node's LP value.
    page.click("#tabs [data-tab=lab]")
    page.click("#lab-start")
    page.click("#board .cand[data-branch]")
    state = page.api("S", "lab_state")
    node = page.api("S", "lab_state")["tree"]["nodes"][1]
    d.find_element("css selector", "#lab-nodes [data-node='1']").click()
    page.idle()
    page.click("#tabs [data-tab=export]")
    page.click("#export-node-lp")
    text = downloaded(page, "node1.lp")
    assert f"lab node 1: {node['status']}" in text and node["fixing"] in text
    run = subprocess.run(
        ["glpsol", "--lp", "node1.lp", "--nomip", "-o", "node1.txt"], cwd=page.downloads, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout
    objective = float(re.search(r"Objective:\s+obj = ([-\d.e+]+)", read(os.path.join(page.downloads, "node1.txt"))).group(1))
    assert abs(objective - node["lp"]) < 1e-6, (objective, node, state["summary"])
    set_objective(page, "")


def help_values(args, option):
    """The possible values of `option` in the command line's help: [(name, about)]."""
    out, _, _ = cli(*args, "--help")
    block = out.split(option, 1)[1].split("[default", 1)[0]
    return re.findall(r"^\s+- ([\w-]+):\s+(.*)$", block, re.M)


def test_methods_and_hint_levels_are_the_named_lists(page):
    """The page's methods are the CLI's --method values it has an engine for (not sat), its hint
    levels the CLI's --level values, each with the CLI's sentence as its tooltip."""
    d = page.driver
    methods = [(b.get_attribute("data-method"), b.get_attribute("title")) for b in d.find_elements("css selector", "#methods button")]
    expected = [m for m in help_values(["solve"], "--method <METHOD>") if m[0] != "sat"]
    assert methods == expected, (methods, expected)
    levels = [(b.get_attribute("data-level"), b.get_attribute("title")) for b in d.find_elements("css selector", "#hint-levels button")]
    assert levels == help_values(["hint"], "--level <LEVEL>")


def lab_auto_nodes(objective):
    """The node count of the CLI's `lab --do "auto cell"` (the lab's automatic loop)."""
    args = ["lab", SEED, "--do", "auto cell"] + (["--objective", objective] if objective else [])
    out, _, _ = cli(*args)
    return int(re.findall(r"^\s*nodes (\d+) ", out, re.M)[-1])


def test_lp_bb_in_the_page_takes_the_cli_node_count(page):
    """lp-bb in the page is the lab's automatic loop: its node count is the CLI's
    `solve --method lp-bb` and the CLI's `lab --do "auto cell"` on the same puzzle, with and
    without an objective (the Rust and Python tests check the same count there)."""
    for objective in ["max:diagonal", ""]:
        page.api("loadText", read(SEED))
        set_objective(page, objective)
        page.click("#tabs [data-tab=solve]")
        page.click("#methods [data-method=lp-bb]")
        nodes = lab_auto_nodes(objective)
        args = ["--objective", objective] if objective else []
        out, _, _ = cli("solve", "--method", "lp-bb", "--json", SEED, *args)
        assert json.loads(out)["stats"]["nodes"] == nodes
        info = page.text("solve-info")
        assert info.startswith("lp-bb: solved") and f"· {nodes} nodes" in info, (info, nodes, objective)
        check_grid(page.board())
    set_objective(page, "")


def test_the_lab_says_what_the_library_says(page):
    """The issue's script: statuses, numbering, bound and the hand-prune warning as the CLI
    prints them; the selected and the best-bound node marked; a restart clears the logs; undo
    takes a step back; Stop keeps the session (its steps replayed)."""
    d = page.driver
    page.api("loadText", read(SEED))
    set_objective(page, "max:diagonal")
    page.click("#tabs [data-tab=lab]")
    page.click("#lab-start")
    script = "branch r1c2=2; next best; prune"
    d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.sudokuPage.labDo(window.sudokuPage.labCall('lab_do', arguments[0])).then(() => done(0), e => done(e.message));",
        script,
    )
    page.idle()
    out, _, _ = cli("lab", "--objective", "max:diagonal", SEED, "--do", script)
    summaries = [l.strip() for l in out.splitlines() if l.strip().startswith("nodes ")]
    assert page.text("lab-info") == summaries[-1], (page.text("lab-info"), summaries[-1])
    assert "warning: pruned by hand without proof" in page.text("lab-info")
    tree_cli = [l.strip() for l in out.split("tree:", 1)[1].splitlines() if l.strip().startswith("node ")]
    listed = [b.text for b in d.find_elements("css selector", "#lab-nodes .node")]
    shown = {int(b.get_attribute("data-node")): b.text for b in d.find_elements("css selector", "#lab-nodes .node")}
    assert len(shown) == len(tree_cli)
    for line in tree_cli:
        node_id, fixing = int(line.split()[1]), line.split()[2]
        status = line.split(" · ")[-1].split(" (")[0]
        assert f"node {node_id} {fixing} " in shown[node_id] and f"· {status}" in shown[node_id], (line, shown[node_id])
    assert any("pruned by hand" in t for t in listed)
    # The selected node: outlined in the tree and marked in the list; the best bound: ★.
    assert d.find_elements("css selector", "#svg-tree rect.node[data-selected=true]")
    assert sum(t.startswith("▶") for t in listed) == 1
    state = page.api("S", "lab_state")
    best = state["best_bound"]
    assert best is not None
    assert d.find_elements("css selector", "#svg-tree rect.node[data-best-bound=true]")
    assert any(f"node {best} " in t and "best bound" in t for t in listed)
    # Undo the prune: the node is open again, the warning gone.
    page.click("#undo")
    assert "warning" not in page.text("lab-info"), page.text("lab-info")
    # A cut's log, cleared by a restart.
    page.click("#lab-cut-gomory")
    assert page.text("lab-cut")
    page.click("#lab-start")
    assert page.text("lab-cut") == ""
    # Stop keeps the session: the lab's steps are replayed in the new worker.
    page.click("#board .cand[data-branch]")
    before = page.api("S", "lab_state")["tree"]
    d.execute_async_script("const done = arguments[arguments.length - 1]; window.sudokuPage.stop().then(() => done(0));")
    page.idle()
    assert page.api("S", "lab_state")["tree"] == before
    assert "the lab's 2 steps replayed" in page.text("error"), page.text("error")
    set_objective(page, "")


def test_a_room_a_class_can_see(page):
    """At 1366×768: one grid; grid and tree together above the fold; list text ≥ 16 px,
    candidate digits ≥ 12 px; the natural model's rows named and explained, r1's rows listed."""
    d = page.driver
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False})
    try:
        page.api("loadText", read(SEED))
        assert not d.find_elements("css selector", "#tab-model svg"), "one grid: no second copy"
        set_objective(page, "max:diagonal")
        page.click("#tabs [data-tab=lab]")
        page.click("#lab-start")
        page.click("#board .cand[data-branch]")
        # Keyboard: a fractional candidate is reached with Tab and branched on with Enter.
        from selenium.webdriver.common.keys import Keys

        nodes = len(d.find_elements("css selector", "#lab-nodes .node"))
        cand = d.find_element("css selector", "#board .cand[data-branch]")
        assert cand.get_attribute("tabindex") == "0"
        cand.send_keys(Keys.ENTER)
        page.idle()
        assert len(d.find_elements("css selector", "#lab-nodes .node")) == nodes + 2
        height = d.execute_script("return window.innerHeight")
        bottom = d.execute_script("return document.querySelector('#board .cell[data-cell=\"80\"]').getBoundingClientRect().bottom")
        assert bottom <= height, (bottom, height)
        tree_top = d.execute_script("return document.getElementById('svg-tree').getBoundingClientRect().top")
        assert tree_top + 120 <= height, (tree_top, height)
        px = lambda css: d.execute_script(f"return parseFloat(getComputedStyle(document.querySelector('{css}')).fontSize)")  # noqa: E731
        assert px("#board .cand") >= 12, px("#board .cand")
        assert px("#lab-nodes .node") >= 16
        assert px("#lab-legend") >= 16
        page.click("#board .label[data-target='r1']")
        assert px("#rows .item") >= 16
        # Status in words (and shape) beside colour: every node button says its status.
        for b in d.find_elements("css selector", "#lab-nodes .node"):
            assert re.search(r"(fractional|branched|integral|infeasible|pruned|finished|stopped)", b.text), b.text
        # The natural model's rows.
        set_objective(page, "")
        d.find_element("css selector", "#model option[value=natural]").click()
        page.idle()
        page.click("#tabs [data-tab=model]")
        legend = page.text("model-legend")
        assert "ne1_a_b" in legend and "ne2_a_b" in legend and "y_a_b" in legend, legend
        page.click("#board .label[data-target='r1']")
        rows = [i.text for i in d.find_elements("css selector", "#rows .item")]
        assert len(rows) == 72 and all(r.startswith(("ne1_", "ne2_")) for r in rows), rows[:4]
        d.find_element("css selector", "#rows .item").click()
        page.idle()
        assert "with y = 0: v_r1_c1 ≥ v_r1_c2 + 1" in page.text("row"), page.text("row")
        # Keyboard: a row of the list is reached with Tab and opened with Enter.
        item = d.find_element("css selector", "#rows .item")
        assert item.get_attribute("tabindex") == "0"
        d.find_element("css selector", "#model option[value=binary]").click()
        page.idle()
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_hint_is_applied_and_every_step_listed(page):
    """Apply this step: the hint's placements are made on the Hint tab's grid (as `hint --json`
    places them), undo takes them back; All steps lists `steps --json`'s steps and rating."""
    puzzle = data("seeds", "seed003_minizinc_9x9.json")
    page.api("loadText", read(puzzle))
    set_objective(page, "")
    page.click("#tabs [data-tab=hint]")
    page.click("#hint-levels [data-level=value]")
    expected = json.loads(cli("hint", "--json", puzzle)[0])
    assert expected["placements"], "the first step of this puzzle places a digit"
    before = page.board()
    page.click("#hint-apply")
    time.sleep(0.2)
    page.idle()
    after = page.board()
    for p in expected["placements"]:
        r, c = map(int, re.match(r"r(\d+)c(\d+)", p["cell"]).groups())
        assert before[r - 1][c - 1] == 0 and after[r - 1][c - 1] == p["value"]
        assert f"{p['cell']} = {p['value']}" in page.text("hint-note")
    page.click("#undo")
    time.sleep(0.2)
    page.idle()
    assert page.board() == before
    page.click("#hint-steps")
    steps = json.loads(cli("steps", "--json", puzzle)[0])
    assert len(page.driver.find_elements("css selector", "#hint-path .item")) == len(steps["steps"])
    assert f"rating {steps['rating']['difficulty']} (hardest: {steps['rating']['hardest']})" in page.text("hint-note")
