"""Writes the one-file page: web/page.html with every {{slot}} filled.

The worker's source (the highs emscripten loader, the crate's binding to it
crates/web/highs_glue.js, the wasm-bindgen glue, web/worker.js) goes in a
<script type="text/plain"> block that app.js turns into a blob: URL, so the page works opened
from file://. Both wasm binaries go in base64; app.js decodes them and hands them to the worker.
The file is written to a temporary name and renamed: nothing half-written is left behind.
"""

import argparse
import base64
import html
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def script_safe(name, text):
    """Text inside <script> must not close it."""
    if "</script" in text.lower():
        sys.exit(f"error: {name} contains '</script': cannot inline it")
    return text


def app_source():
    """web/parts/*.js (in name order: each defines functions a view needs), then web/app.js, which
    starts the page; one script, so every part's functions are visible to app.js and to each other."""
    parts_dir = os.path.join(HERE, "parts")
    names = sorted(n for n in os.listdir(parts_dir) if n.endswith(".js")) if os.path.isdir(parts_dir) else []
    texts = [f"// ---- web/parts/{n}\n" + read(os.path.join(parts_dir, n)) for n in names]
    return "\n".join(texts + ["// ---- web/app.js\n" + read(os.path.join(HERE, "app.js"))])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pkg", required=True, help="wasm-bindgen output folder")
    ap.add_argument("--highs", required=True, help="unpacked highs package (LICENSE, build/)")
    ap.add_argument("--glue", required=True, help="crates/web/highs_glue.js (defines sudoku_ilp_highs)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    worker = "\n;\n".join(
        [
            read(os.path.join(a.highs, "build", "highs.js")),
            "var highs_loader = Module;",
            read(a.glue),
            read(os.path.join(a.pkg, "sudoku_ilp_web.js")),
            read(os.path.join(HERE, "worker.js")),
        ]
    )
    slots = {
        "style": read(os.path.join(HERE, "style.css")),
        "app": script_safe("app.js and web/parts", app_source()),
        "worker": script_safe("worker source", worker),
        "core_wasm": base64.b64encode(
            read(os.path.join(a.pkg, "sudoku_ilp_web_bg.wasm"), "rb")
        ).decode(),
        "highs_wasm": base64.b64encode(
            read(os.path.join(a.highs, "build", "highs.wasm"), "rb")
        ).decode(),
        "highs_license": html.escape(read(os.path.join(a.highs, "LICENSE"))),
    }
    page = read(os.path.join(HERE, "page.html"))
    for key, value in slots.items():
        marker = "{{" + key + "}}"
        if page.count(marker) != 1:
            sys.exit(f"error: web/page.html must hold {marker} once")
        page = page.replace(marker, value)
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        f.write(page)
    os.replace(tmp, a.out)


if __name__ == "__main__":
    main()
