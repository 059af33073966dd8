"""The page draws every rule of a real puzzle as the library's pictures do (issue 44): for each
puzzle, the marks over the board (web/parts/rules_draw.js) are those of `sudoku-ilp render`,
class for class and count for count (killer cages apart: drawCage draws them), each line starts
on its rule's first cell on screen, and clues outside the grid stand outside the board's cells.
Puzzles: the shared samples of real f-puzzles puzzles (fpuzzles_more, fpuzzles_links), the real puzzles kept in
data/variants (fpuzzles_lines, fpuzzles_outside, fpuzzles_pad) and the slow-thermometer and numbered-room
puzzles made there; together one of each rule family.
"""

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from conftest import cli, data, read, shared_file

# Marks the board draws itself (the cage editor).
OWN = {"cage", "cage-sum"}
# Marks drawn as a line from the rule's first cell (a polyline or a one-cell dot).
LINES = {
    "palindrome": "palindrome",
    "renban": "renban",
    "whispers": "whispers",
    "nabner": "nabner",
    "entropic": "entropic",
    "modular": "modular",
    "region_sum": "region-sum",
    "zipper": "zipper",
    "between": "between",
    "lockout": "lockout",
    "double_arrow": "double-arrow",
    "thermometer": "thermometer",
    "slow_thermometer": "slow-thermometer",
}
# One mark of each family must be seen on the page over all the puzzles.
FAMILIES = [
    "palindrome", "renban", "whispers", "nabner", "entropic", "modular", "region-sum", "zipper",
    "between", "lockout", "double-arrow", "slow-thermometer", "thermometer", "arrow",
    "quadruple", "minimum", "maximum", "odd", "even", "clone", "pencil-marks",
    "kropki-white", "kropki-black", "xv", "extra-region", "little-killer", "outside-clue",
    "indexer",
]


def puzzles():
    out = []
    for name in ["fpuzzles_lines.fpz.jsonl", "fpuzzles_outside.fpz.jsonl", "fpuzzles_pad.fpz.jsonl"]:
        for k, line in enumerate(read(data("variants", name)).splitlines(), 1):
            out.append((f"{name}:{k}", line))
    for name in ["slow_thermometer_9x9.json", "numbered_room_9x9.json"]:
        out.append((name, read(data("variants", name))))
    for name in ["fpuzzles_more", "fpuzzles_links"]:
        path = shared_file(f"variants/{name}.fpz.jsonl")
        if path:
            for k, line in enumerate(read(path).splitlines(), 1):
                out.append((f"{name}:{k}", line))
    return out


def library_marks(text):
    """The classes of the rule marks in `render`'s picture of the puzzle, counted."""
    out, _, _ = cli("render", "-", stdin=text)
    root = ET.fromstring(out)
    counts = Counter()
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        if group.get("class") in ("rules-under", "rules-over"):
            for el in group.iter():
                cls = el.get("class")
                if el is not group and cls and cls not in OWN:
                    counts[cls] += 1
    return counts


# In the page: each mark's class, for lines the cell under their first point on screen, and
# whether the mark lies outside the board.
PAGE_MARKS = """
const cells = [...document.querySelectorAll('#board .cell')];
const first = (el) => {
  const shape = el.matches('polyline, circle') ? el : el.querySelector('polyline, circle');
  if (!shape) return null;
  const [x, y] = shape.tagName === 'polyline'
    ? [shape.points.getItem(0).x, shape.points.getItem(0).y]
    : [shape.cx.baseVal.value, shape.cy.baseVal.value];
  const p = new DOMPoint(x, y).matrixTransform(shape.getScreenCTM());
  const cell = cells.find((c) => {
    const r = c.getBoundingClientRect();
    return p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom;
  });
  return cell ? Number(cell.dataset.cell) : -1;
};
const board = document.getElementById('board').getBoundingClientRect();
const marks = [];
for (const svg of document.querySelectorAll('#rules-under, #rules-over')) {
  for (const el of svg.querySelectorAll('[class]')) {
    const cls = el.getAttribute('class');
    if (cls.startsWith('rules-')) continue;
    const box = el.getBoundingClientRect();
    const outside = box.right <= board.left + 2 || box.left >= board.right - 2
      || box.bottom <= board.top + 2 || box.top >= board.bottom - 2;
    marks.push({cls, first: first(el), outside});
  }
}
return marks;
"""


def cell_index(name, n):
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


PUZZLES = puzzles()


@pytest.mark.parametrize("label,text", PUZZLES, ids=[p[0] for p in PUZZLES])
def test_the_page_draws_each_rule_as_the_library_does(page, label, text):
    page.api("loadText", text)
    marks = page.driver.execute_script(PAGE_MARKS)
    drawn = Counter(m["cls"] for m in marks if m["cls"] not in OWN)
    assert drawn == library_marks(text), label
    summary = page.driver.execute_script("return window.sudokuPage.state.summary")
    n = summary["order"]
    starts = {}
    for rule in summary["puzzle"].get("rules", []):
        cls = LINES.get(rule["type"])
        if cls:
            starts.setdefault(cls, []).append(cell_index(rule["cells"][0], n))
    for cls, want in starts.items():
        got = [m["first"] for m in marks if m["cls"] == cls]
        assert got == want, f"{label}: {cls} lines start on cells {got}, not {want}"
    for m in marks:
        if m["cls"] in ("outside-clue", "little-killer"):
            assert m["outside"], f"{label}: a {m['cls']} inside the board"
        elif m["cls"] in LINES.values():
            assert not m["outside"], f"{label}: a {m['cls']} off the board"


def test_the_puzzles_hold_every_family():
    """With the test above (the page draws what `render` draws, puzzle by puzzle): the page drew
    one mark of each family."""
    if not shared_file("variants/fpuzzles_more.fpz.jsonl"):
        return
    seen = set()
    for _, text in PUZZLES:
        seen.update(library_marks(text))
    missing = [f for f in FAMILIES if f not in seen]
    assert not missing, f"no puzzle draws {missing}"


def test_the_rules_follow_the_cells_when_the_window_changes_size(page):
    """The cells' size follows the window's height (style.css --cell): the layers are laid again."""
    text = read(data("variants", "fpuzzles_lines.fpz.jsonl")).splitlines()[0]
    page.api("loadText", text)
    summary = page.driver.execute_script("return window.sudokuPage.state.summary")
    n = summary["order"]
    want = [cell_index(r["cells"][0], n) for r in summary["puzzle"]["rules"] if r["type"] == "region_sum"]
    assert want
    try:
        for width, height in [(1200, 640), (1920, 1080)]:
            page.driver.set_window_size(width, height)
            page.driver.execute_script("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            marks = page.driver.execute_script(PAGE_MARKS)
            got = [m["first"] for m in marks if m["cls"] == "region-sum"]
            assert got == want, f"{width}x{height}: region-sum lines start on {got}, not {want}"
    finally:
        page.driver.set_window_size(1920, 1080)
