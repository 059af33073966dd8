"""The sample the cluster tests share: 2,000+ lines of ../shared/data, mixed 17-clue and hardest
grids, with bad lines, a comment and a blank line among them, written as `puzzles.txt`; the
reference output of one `sudoku-ilp batch` run over it; and the doc blocks the tests run."""

import json
import os
import re
import subprocess
from pathlib import Path

from conftest import REPO, cli_binary, shared_data

BAD_LINES = {100: "12345", 1000: "1.3.5.7.9 not a puzzle", 1777: "x" * 81}


def write_sample(folder: Path, seventeen: int = 1500, hardest: int = 520) -> Path:
    """puzzles.txt in `folder`: `seventeen` 17-clue lines and `hardest` hardest lines
    interleaved (every 4th puzzle a hardest one while they last), three bad lines, a comment
    and a blank line."""
    data = shared_data()
    easy = (data / "sudoku17_tdoku.txt").read_text().split()[::31][:seventeen]
    hard = (data / "forum_hardest_1905_11plus.txt").read_text().split()[::9][:hardest]
    assert len(easy) == seventeen and len(hard) == hardest
    lines = ["# a cluster sample"]
    while easy or hard:
        if len(lines) in BAD_LINES:
            lines.append(BAD_LINES[len(lines)])
        elif len(lines) == 1500:
            lines.append("")
        elif hard and (len(lines) % 4 == 0 or not easy):
            lines.append(hard.pop())
        else:
            lines.append(easy.pop())
    path = folder / "puzzles.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def batch_reference(path: Path, *options: str) -> list:
    """The result lines of one `sudoku-ilp batch` run over `path` (from its folder)."""
    run = subprocess.run(
        [str(cli_binary()), "batch", "--quiet", "--jobs", "2", *options, path.name],
        cwd=path.parent, capture_output=True, text=True,
    )
    assert run.returncode in (0, 2), run.stderr  # 2 when the sample holds its bad lines
    return run.stdout.splitlines()


def key(line: str) -> tuple:
    """What must agree between runs: line, file, status, grid and error (not the times; the
    error from its line number on: a piped input names itself <stdin> where a file has its
    name)."""
    doc = json.loads(line)
    error = doc.get("error")
    if error is not None:
        error = error.split(":", 1)[1]
    return (doc["line"], doc["file"], doc["status"], doc.get("grid"), error)


def doc_block(name: str) -> str:
    """The code block of docs/scale-out.md after `<!-- test: NAME ...-->`, verbatim."""
    text = (REPO / "docs" / "scale-out.md").read_text()
    match = re.search(r"<!-- test: " + re.escape(name) + r" .*?-->\n```\w*\n(.*?)```", text, re.S)
    assert match, f"no block '{name}' in docs/scale-out.md"
    return match.group(1)


def recipe_env() -> dict:
    """The environment of a recipe: the CLI of this checkout first on the PATH."""
    env = dict(os.environ)
    env["PATH"] = f"{cli_binary().parent}{os.pathsep}{env.get('PATH', '')}"
    return env
