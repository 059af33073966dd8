"""The page in headless Chromium, driven by chromedriver (selenium), and the command line beside it.

Fixtures: `page` (one browser per test module, the built file opened from disk), `cli` (runs
target/debug/sudoku-ilp), `shared` (the public collections in ../shared/data: SKIPPED when
absent, a failure when the environment variable CI is set).
"""

import json
import os
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PAGE = os.environ.get("PAGE", os.path.join(ROOT, "target", "web", "sudoku-ilp.html"))
BINARY = os.path.join(ROOT, "target", "debug", "sudoku-ilp")
# The public collections: ../shared/data beside the repository, or SUDOKU_ILP_SHARED_DATA (as the
# Rust tests read them, tests/integration/common/mod.rs).
SHARED = os.environ.get("SUDOKU_ILP_SHARED_DATA") or os.path.join(ROOT, "..", "shared", "data")


def data(*parts):
    return os.path.join(ROOT, "data", *parts)


def read(path):
    with open(path) as f:
        return f.read()


def cli(*args, stdin=None, ok=(0,)):
    """Runs the command line; returns (stdout, stderr, code); asserts the code is in `ok`."""
    p = subprocess.run([BINARY, *args], input=stdin, capture_output=True, text=True, timeout=120)
    assert p.returncode in ok, f"sudoku-ilp {' '.join(args)}: exit {p.returncode}: {p.stderr}"
    return p.stdout, p.stderr, p.returncode


def check_grid(grid, puzzle=None):
    """The command line's checker on a grid the page showed: it must be a complete, valid grid
    of `puzzle` (a JSON puzzle: its box shape, regions and rules apply)."""
    doc = dict(puzzle or {})
    doc["grid"] = grid
    out, err, code = cli("check", "-", stdin=json.dumps(doc), ok=(0, 1, 2))
    assert code == 0 and out.startswith("unique"), f"the checker rejects {grid}: {out}{err}"


def shared_file(name):
    """A file of ../shared/data, or None after printing SKIPPED (a failure under CI)."""
    path = os.path.join(SHARED, name)
    if os.path.exists(path):
        return path
    assert "CI" not in os.environ, f"{path} is missing and CI is set"
    print(f"SKIPPED: {path} is absent")
    return None


def chromium(downloads=None, script_timeout=600, extra_args=()):
    """Headless Chromium (1920×1080) driven by /usr/bin/chromedriver: what the tests, the
    benchmarks and the screenshots open the page in. Files the page saves go to `downloads` when
    given; an async script may run `script_timeout` seconds."""
    opts = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1920,1080", *extra_args]:
        opts.add_argument(a)
    if downloads:
        opts.add_experimental_option(
            "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False}
        )
    driver = webdriver.Chrome(options=opts, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(script_timeout)
    return driver


def set_objective(page, spec):
    """Types `spec` into the objective box (as a change event) and waits until the page is idle."""
    page.driver.execute_script(
        "const o = document.getElementById('objective'); o.value = arguments[0];"
        "o.dispatchEvent(new Event('change'))",
        spec,
    )
    page.idle()
    time.sleep(0.2)
    page.idle()


def line_of(path, k):
    with open(path) as f:
        return f.read().splitlines()[k - 1]


class Page:
    """The page in a browser; `api` calls window.sudokuPage (what the buttons call)."""

    def __init__(self, driver, downloads):
        self.driver = driver
        self.downloads = downloads

    def open(self):
        self.driver.get("file://" + PAGE)
        WebDriverWait(self.driver, 60).until(
            lambda d: d.execute_script("return document.body.dataset.ready || ''")
            or d.execute_script("return document.getElementById('error').textContent")
        )
        assert self.text("error") == "", self.text("error")

    def idle(self, timeout=60):
        WebDriverWait(self.driver, timeout).until(
            lambda d: d.execute_script("return document.body.dataset.busy") == "0"
        )

    def text(self, id_):
        return self.driver.execute_script(f"return document.getElementById('{id_}').textContent")

    def click(self, css):
        self.driver.find_element("css selector", css).click()
        self.idle()

    def api(self, name, *args):
        """await window.sudokuPage[name](...args); raises on a thrown error."""
        r = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const [name, args] = [arguments[0], arguments[1]];"
            "window.sudokuPage[name](...args).then(v => done({ok: true, v}),"
            " e => done({ok: false, e: e.message}));",
            name,
            list(args),
        )
        if not r["ok"]:
            raise RuntimeError(r["e"])
        return r["v"]

    def board(self):
        """The digits the board shows (givens and solved), as rows; 0 = empty."""
        cells = self.driver.execute_script(
            "return [...document.querySelectorAll('#board .cell')].map(c =>"
            " c.firstChild && c.firstChild.nodeType === 3 ? Number(c.firstChild.textContent) : 0)"
        )
        n = int(round(len(cells) ** 0.5))
        return [cells[r * n : r * n + n] for r in range(n)]


@pytest.fixture(scope="module")
def page():
    downloads = tempfile.mkdtemp(prefix="sudoku-ilp-downloads-")
    driver = chromium(downloads)
    p = Page(driver, downloads)
    p.open()
    yield p
    logs = driver.get_log("browser")
    driver.quit()
    severe = [l for l in logs if l.get("level") == "SEVERE" and "favicon" not in l.get("message", "")]
    assert not severe, f"errors in the browser console: {severe}"
