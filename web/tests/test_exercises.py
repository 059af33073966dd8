"""Issue 45 in the page: the student does, the library checks. A certificate built by clicking
rows with + / −, a student's cut, a model row set and predictions are graded with the same
verdict as the command line (`prove`, `lab --do "cut my: …"`, `row-check`, `lab --do "predict
…"`), right and wrong answers of each kind; and the page's state as a link and a session file
reopens the same tree with the same numbering.
"""

import json
import os
import re

from selenium.webdriver.support.ui import WebDriverWait

from conftest import check_grid, cli, data, read

SEED3 = data("seeds", "seed003_minizinc_9x9.json")
SEED4 = data("seeds", "seed004_unique_9x9.json")
RULES_4X4 = json.dumps(
    {
        "grid": [[0] * 4 for _ in range(4)],
        "rules": [
            {"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 5},
            {"type": "thermometer", "cells": ["r2c1", "r2c2", "r2c3"]},
            {"type": "kropki", "dot": "white", "a": "r3c1", "b": "r3c2"},
            {"type": "xv", "a": "r4c1", "b": "r4c2", "sum": 5},
        ],
    }
)


def wait_text(page, css, pattern, timeout=60):
    """Waits until the element's text matches `pattern` (a regex); returns the text."""
    found = {}

    def ready(d):
        els = d.find_elements("css selector", css)
        found["text"] = els[0].text if els else ""
        return bool(re.search(pattern, found["text"]))

    WebDriverWait(page.driver, timeout).until(ready, f"{css} never matched {pattern}")
    page.idle()
    return found["text"]


def click(page, css):
    page.driver.execute_script("document.querySelector(arguments[0]).click()", css)


def set_field(page, id_, value, event="input"):
    page.driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event(arguments[2]))",
        id_,
        value,
        event,
    )


def show_tab(page, name):
    page.driver.execute_script("window.sudokuPage.showTab(arguments[0])", name)


def open_puzzle(page, path, objective=""):
    set_field(page, "objective", objective, "input")
    page.api("loadText", read(path))
    page.idle()


def start_lab(page, path, objective):
    open_puzzle(page, path, objective)
    show_tab(page, "lab")
    click(page, "#lab-start")
    wait_text(page, "#lab-nodes", r"node 0 ")


# ---------------------------------------------------------------- 1. prove it yourself
def test_a_certificate_clicked_row_by_row_is_graded_as_prove_grades_it(page):
    open_puzzle(page, SEED3)
    show_tab(page, "hint")
    page.api("proveTarget", "r7c1=5")
    # The wrong certificate: + col_c1_v5 from the rows of r7c1, − box_b1_v5 from the Rows list
    # at the right (box 1's rows, listed by clicking b1 below the grid).
    click(page, '#prove-rows [data-prove-row="col_c1_v5"] .prove-plus')
    wait_text(page, "#prove-combination", r"^col_c1_v5$")
    page.api("showRowsOf", "b1")
    click(page, '#rows [data-row="box_b1_v5"] .prove-minus')
    wait_text(page, "#prove-combination", r"^col_c1_v5 - box_b1_v5$")
    rows = "col_c1_v5 - box_b1_v5"
    expected, _, _ = cli("prove", SEED3, "--eliminate", "r7c1=5", "--rows", rows)
    sum_line = next(l.strip() for l in expected.splitlines() if l.strip().startswith("sum:"))
    assert sum_line in page.text("prove-sum"), page.text("prove-sum")
    assert page.driver.find_element("id", "prove-answer-box").get_attribute("hidden") is not None
    click(page, "#prove-check")
    verdict = wait_text(page, "#prove-verdict b", r"proven")
    assert verdict.endswith(expected.splitlines()[0]), (verdict, expected)
    assert "not proven" in verdict
    assert "spoiled by (open, coefficient below 0): x_r1_c3_v5" in page.text("prove-verdict")
    # The model answer is shown after the try: the command line's.
    answer = page.text("prove-answer")
    assert answer.startswith("model answer: +cell_r1_c3 +col_c1_v5 -col_c3_v3 -box_b1_v5"), answer
    assert page.driver.find_element("id", "prove-answer-box").get_attribute("hidden") is None
    # The right certificate, by clicks: + cell_r1_c3 and − col_c3_v3 from r1c3's rows.
    page.api("proveClear")
    page.api("showRowsOf", "r1c3")
    click(page, '#rows [data-row="cell_r1_c3"] .prove-plus')
    wait_text(page, "#prove-combination", r"^cell_r1_c3$")
    click(page, '#prove-rows [data-prove-row="col_c1_v5"] .prove-plus')
    wait_text(page, "#prove-combination", r"col_c1_v5$")
    click(page, '#rows [data-row="col_c3_v3"] .prove-minus')
    wait_text(page, "#prove-combination", r"col_c3_v3$")
    page.api("showRowsOf", "b1")
    click(page, '#rows [data-row="box_b1_v5"] .prove-minus')
    rows = "cell_r1_c3 + col_c1_v5 - col_c3_v3 - box_b1_v5"
    wait_text(page, "#prove-combination", "^" + re.escape(rows) + "$")
    click(page, "#prove-check")
    verdict = wait_text(page, "#prove-verdict b", r"proven")
    expected, _, _ = cli("prove", SEED3, "--eliminate", "r7c1=5", "--rows", rows)
    assert expected.startswith("proven: ")
    assert verdict.endswith(expected.splitlines()[0]), (verdict, expected)


# ---------------------------------------------------------------- 2. the student's own cut
def cli_step(path, objective, step):
    """The lines `lab` prints under its step 1, without the tree summary line."""
    out, _, _ = cli("lab", "--objective", objective, path, "--do", step)
    lines = out.splitlines()
    start = lines.index(f"step 1: {step}") + 1
    body = []
    for line in lines[start:]:
        if line.startswith("  nodes "):
            break
        body.append(line)
    return "\n".join(body)


def test_a_students_cut_is_valid_or_refused_with_a_checked_counterexample(page):
    start_lab(page, SEED4, "max:diagonal")
    set_field(page, "cut-my", "r1c2=2 >= 1")
    click(page, "#cut-my-check")
    wait_text(page, "#cut-my-verdict b", r"not valid at node 0")
    head = page.driver.find_element("css selector", "#cut-my-verdict b")
    assert head.get_attribute("data-valid") == "false"
    answer = page.driver.execute_script("return window.sudokuPage.state.lab.answers[0]")
    assert answer["valid"] is False and answer["cuts_off"] is True
    assert answer["counterexample"][0][1] != 2, "the counterexample violates x_r1_c2_v2 >= 1"
    check_grid(answer["counterexample"], json.loads(read(SEED4)))
    assert "<svg" in page.driver.find_element("id", "cut-my-grid").get_attribute("innerHTML")
    assert answer["text"].rstrip("\n") == cli_step(SEED4, "max:diagonal", "cut my: r1c2=2 >= 1")
    # A valid cut is added at the node: the bound moves as the lab reports.
    set_field(page, "cut-my", "x_r1_c2_v6 >= 1")
    click(page, "#cut-my-check")
    wait_text(page, "#cut-my-verdict b", r"^(✓ )?valid at node 0")
    answer = page.driver.execute_script("return window.sudokuPage.state.lab.answers[0]")
    assert answer["valid"] is True and answer["added"]["name"] == "my_1"
    # Decided, not optimised: the row x <= 0 added left no integer point; no range computed.
    assert answer["no_grid_with"] == {"at_least": None, "at_most": 0} and answer["extremes"] is None
    assert answer["text"].rstrip("\n") == cli_step(SEED4, "max:diagonal", "cut my: x_r1_c2_v6 >= 1")
    root = page.driver.execute_script("return window.sudokuPage.state.lab.tree.nodes[0]")
    assert abs(root["lp"] - answer["added"]["bound_after"]) < 1e-9
    assert page.driver.find_element("id", "cut-my-grid").get_attribute("innerHTML") == ""


# ---------------------------------------------------------------- 4. predictions
def predict(page, kind, answer, child=None):
    set_field(page, "predict-kind", kind, "change")
    if child is not None:
        set_field(page, "predict-child", child)
    set_field(page, "predict-answer", answer)
    page.driver.execute_script("document.getElementById('predict-verdict').textContent = ''")
    click(page, "#predict-grade")
    wait_text(page, "#predict-verdict b", r"right|wrong")
    return page.driver.execute_script("return document.querySelector('#predict-verdict b').dataset.correct") == "true"


def cli_predictions(steps):
    out, _, _ = cli("lab", "--objective", "max:diagonal", SEED4, "--do", "; ".join(steps))
    return re.findall(r"you said \S+ — (right|wrong)", out)


def test_predictions_are_graded_right_and_wrong_as_the_lab_grades_them(page):
    start_lab(page, SEED4, "max:diagonal")
    cases = [
        ("integral", "no", None),
        ("integral", "yes", None),
        ("branch", "x_r9_c6_v2", None),
        ("branch", "r1c2=2", None),
        ("next best", "0", None),
        ("next depth", "3", None),
        ("infeasible", "no", "r9c6=2"),
        ("bound", "51", "r9c6=2"),
    ]
    page_says = []
    for kind, answer, child in cases:
        right = predict(page, kind, answer, child)
        page_says.append("right" if right else "wrong")
    steps = [f"predict {k}{' ' + c if c else ''} {a}" for k, a, c in cases]
    assert page_says == cli_predictions(steps)
    assert page_says[:6] == ["right", "wrong", "right", "wrong", "right", "wrong"]
    assert page.driver.execute_script("return window.sudokuPage.state.lab.tree.nodes.length") == 1


# ---------------------------------------------------------------- 3. row check
def test_a_rules_rows_are_refused_named_accepted_or_called_weaker(page):
    set_field(page, "objective", "")
    page.api("loadText", RULES_4X4)
    page.idle()
    show_tab(page, "model")
    page.driver.execute_script("document.getElementById('row-check').open = true")
    names = page.api("rowCheckRules")
    assert {"cage1", "thermo1_step1", "white1", "xv1", "row_r1", "box_b4"} <= set(names or [])
    path = os.path.join(page.downloads, "rules4.json")
    with open(path, "w") as f:
        f.write(RULES_4X4)
    value = lambda cell: " + ".join(f"{v} {cell}={v}" for v in range(1, 5))
    support = "; ".join(
        [
            "r3c1=1 <= r3c2=2",
            "r3c1=2 <= r3c2=1 + r3c2=3",
            "r3c1=3 <= r3c2=2 + r3c2=4",
            "r3c1=4 <= r3c2=3",
            "r3c2=1 <= r3c1=2",
            "r3c2=2 <= r3c1=1 + r3c1=3",
            "r3c2=3 <= r3c1=2 + r3c1=4",
            "r3c2=4 <= r3c1=3",
        ]
    )
    cases = [
        ("white1", "r3c1=1 + r3c2=1 <= 1; r3c1=1 + r3c2=3 <= 1", "wrong: your rows accept a forbidden assignment"),
        ("thermo1_step1", f"{value('r2c1')} + 1 <= {value('r2c2')}", "right, but weaker"),
        ("white1", support, "right, and as strong"),
    ]
    for rule, rows, verdict in cases:
        set_field(page, "row-check-rule", rule, "change")
        set_field(page, "row-check-rows", rows)
        page.driver.execute_script("document.getElementById('row-check-verdict').textContent = ''")
        click(page, "#row-check-go")
        shown = wait_text(page, "#row-check-verdict b", r"right|wrong")
        expected, _, _ = cli("row-check", path, "--rule", rule, "--rows", rows)
        assert shown.endswith(expected.splitlines()[0]) and verdict in shown, (shown, expected)
        shown_all = page.text("row-check-verdict").rstrip("\n")
        assert shown_all.endswith(expected.split("\n", 1)[1].rstrip("\n")), shown_all
    assert "r3c1=1 r3c2=4" in cli("row-check", path, "--rule", "white1", "--rows", cases[0][1])[0]


# ---------------------------------------------------------------- 6. the state as a link
def lab_view(page):
    return page.driver.execute_script(
        "const s = window.sudokuPage.state;"
        "return {nodes: s.lab.tree.nodes.map(n => [n.id, n.parent, n.fixing, n.status, n.lp]),"
        " cuts: JSON.stringify(s.lab.tree.cuts), node: s.node,"
        " objective: document.getElementById('objective').value, text: s.text}"
    )


def test_a_copied_link_reopens_the_same_tree_and_numbering(page):
    start_lab(page, SEED4, "max:diagonal")
    page.api("cutMy", "x_r1_c2_v6 >= 1")
    page.api("labCall", "lab_do", "node 0; branch variable; next best; branch variable")
    # The lessons' slot is passed through untouched.
    page.driver.execute_script("window.sudokuPage.state.lesson = {file: 'duality.json', step: 3}")
    page.driver.execute_script("window.sudokuPage.state.node = 2")
    page.api("drawLab")
    before = lab_view(page)
    assert len(before["nodes"]) >= 5 and before["node"] == 2
    click(page, "#copy-link")
    link = WebDriverWait(page.driver, 30).until(
        lambda d: d.execute_script("return document.getElementById('state-link').value")
    )
    assert "#state=" in link
    saved = page.driver.execute_script("return window.sudokuPage.saveSession()")
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    try:
        page.driver.get(link)
        WebDriverWait(page.driver, 120).until(
            lambda d: d.execute_script("return document.body.dataset.ready || ''")
        )
        page.idle(120)
        assert page.text("error") == ""
        after = lab_view(page)
        assert after == before
        assert page.driver.execute_script("return window.sudokuPage.state.tab") == "lab"
        lesson = page.driver.execute_script("return window.sudokuPage.pageState().lesson")
        assert lesson == {"file": "duality.json", "step": 3}
        # A session file restores the same state too (here over another puzzle).
        page.api("loadText", read(SEED3))
        page.api("loadSession", saved)
        assert lab_view(page) == before
        # A broken link says why in one line and opens the gallery's puzzle.
        page.driver.get(link.split("#")[0] + "#state=bm90IGpzb24")
        WebDriverWait(page.driver, 120).until(lambda d: d.execute_script("return document.getElementById('error').textContent"))
        assert page.text("error").startswith("link: the link's state is not JSON"), page.text("error")
    finally:
        page.driver.close()
        page.driver.switch_to.window(first)
