//! The classroom page in a real browser: `report` writes the page, headless Chromium loads it
//! and takes a screenshot; the PNG must have the window's size and more than one colour, and
//! the page must hold no script (so no JavaScript error is possible).

use crate::common::{cli, run_ok, seed_arg};
use std::path::Path;

/// The Chromium binary, or `None` (SKIPPED) when absent outside CI; under CI (`.ci/setup`
/// installs it) absence is a failure.
fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser"].into_iter().find(|name| {
        std::process::Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is missing and CI is set: .ci/setup installs it"
        );
        eprintln!("SKIPPED: chromium is not installed");
    }
    found
}

/// Decodes `png` and returns (width, height, number of distinct pixels, up to 3).
fn png_summary(path: &Path) -> (u32, u32, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixel = info.line_size / info.width as usize;
    let bytes = &buf[..info.buffer_size()];
    let mut distinct: Vec<&[u8]> = Vec::new();
    for p in bytes.chunks(pixel) {
        if !distinct.contains(&p) {
            distinct.push(p);
            if distinct.len() == 3 {
                break;
            }
        }
    }
    (info.width, info.height, distinct.len())
}

#[test]
fn classroom_page_renders_in_headless_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let puzzle = &seed_arg("seed004_annex_9x9.json");
    cli()
        .args(["report", puzzle, "-o"])
        .arg(&page)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.to_lowercase().contains("<script"),
        "the page holds no script"
    );
    assert!(
        !html.contains("https://"),
        "nothing is loaded from the network"
    );
    assert!(
        html.matches("<svg").count() >= 5,
        "puzzle, solution, two LP pictures, tree"
    );
    let Some(browser) = chromium() else {
        return;
    };
    let shot = dir.path().join("page.png");
    let out = run_ok(
        headless(browser)
            .arg(format!("--screenshot={}", shot.display()))
            .arg("--window-size=1280,1600")
            .arg(format!("file://{}", page.display())),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("Uncaught"), "a JavaScript error: {stderr}");
    let (width, height, distinct) = png_summary(&shot);
    assert_eq!((width, height), (1280, 1600));
    assert!(distinct > 1, "the screenshot is blank");
}

/// The width and height attributes of an SVG picture's root element.
fn svg_size(svg: &str) -> (u32, u32) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let size = |name| root.attribute(name).unwrap().parse().unwrap();
    (size("width"), size("height"))
}

/// Decodes `png` and returns (width, height, distinct colours up to 16, share of pixels that
/// are not white).
fn png_ink(path: &Path) -> (u32, u32, usize, f64) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixel = info.line_size / info.width as usize;
    let mut distinct: Vec<&[u8]> = Vec::new();
    let (mut ink, mut all) = (0usize, 0usize);
    for p in buf[..info.buffer_size()].chunks(pixel) {
        all += 1;
        if p[..3].iter().any(|&b| b < 250) {
            ink += 1;
        }
        if distinct.len() < 16 && !distinct.contains(&p) {
            distinct.push(p);
        }
    }
    (
        info.width,
        info.height,
        distinct.len(),
        ink as f64 / all as f64,
    )
}

/// Takes a screenshot of the SVG picture at `svg` at its own size into `png` and checks it is a
/// real picture: the picture's size, many colours, a fair share of ink.
fn screenshot(browser: &str, svg: &Path, png: &Path) {
    let (width, height) = svg_size(&std::fs::read_to_string(svg).unwrap());
    run_ok(
        headless(browser)
            .arg(format!("--screenshot={}", png.display()))
            .arg(format!("--window-size={width},{height}"))
            .arg(format!("file://{}", svg.display())),
    );
    let (w, h, colours, ink) = png_ink(png);
    assert_eq!((w, h), (width, height), "{}", png.display());
    assert!(colours >= 8, "{}: {colours} colours", png.display());
    assert!(
        ink > 0.05,
        "{}: only {ink:.3} of the pixels are inked",
        png.display()
    );
}

/// Line `number` of a variant sample file, written alone to `dir/NAME.json`.
fn variant_puzzle(dir: &Path, file: &str, number: usize, name: &str) -> Option<std::path::PathBuf> {
    let path = crate::common::shared_data(&format!("variants/{file}"))?;
    let line = crate::common::lines(&path)
        .into_iter()
        .find(|(n, _)| *n == number)
        .unwrap()
        .1;
    let out = dir.join(format!("{name}.json"));
    std::fs::write(&out, line).unwrap();
    Some(out)
}

/// The pictures of docs/: a killer (solved, and its root LP with the cage sums above the LP's
/// values), a thermometer puzzle and the lp-bb tree of hardest line 1, drawn by the command
/// line and photographed by headless Chromium. `SUDOKU_ILP_UPDATE_DOCS=1` copies the PNGs
/// into docs/.
#[test]
fn rule_pictures_and_the_tree_render_in_headless_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (Some(killer), Some(thermo), Some(hardest)) = (
        variant_puzzle(d, "killer_hard.fpz.jsonl", 1, "killer"),
        variant_puzzle(d, "iss_examples.fpz.jsonl", 2, "thermo"),
        crate::common::shared_data("forum_hardest_1905_11plus.txt"),
    ) else {
        return;
    };
    let render = |args: &[&str], input: &Path, out: &str| {
        let path = d.join(out);
        cli()
            .args(args)
            .arg("-o")
            .arg(&path)
            .arg(input)
            .assert()
            .success();
        (std::fs::read_to_string(&path).unwrap(), path)
    };
    let solved = ["render", "--solve", "--method", "sat", "--title"];
    let (killer_svg, killer_path) = render(
        &[&solved[..], &["Killer: TAREK_ALL #2"]].concat(),
        &killer,
        "killer.svg",
    );
    let (lp_svg, lp_path) = render(
        &["render", "--lp", "--title", "Root LP of the killer"],
        &killer,
        "killer-lp.svg",
    );
    let (thermo_svg, thermo_path) = render(
        &[&solved[..], &["Thermometers (ISS example)"]].concat(),
        &thermo,
        "thermometer.svg",
    );
    // The marks are there: every cage sum in both killer pictures, fractional LP values, four
    // thermometers.
    let sums = |svg: &str| svg.matches("class=\"cage-sum\"").count();
    assert!(sums(&killer_svg) >= 20);
    assert_eq!(sums(&lp_svg), sums(&killer_svg));
    assert!(!lp_svg.contains("data-fractional=\"0\""));
    assert_eq!(thermo_svg.matches("class=\"thermometer\"").count(), 4);
    let tree_path = d.join("lp-bb-tree.svg");
    cli()
        .args(["solve", "--method", "lp-bb", "--line", "1", "--tree"])
        .arg(&tree_path)
        .arg(&hardest)
        .assert()
        .success();
    let tree_svg = std::fs::read_to_string(&tree_path).unwrap();
    assert!(svg_size(&tree_svg).0 <= sudoku_ilp::report::fold::CANVAS_WIDTH as u32);
    // Every node is a box or counted in a fold "+N nodes" (line 1's 50 nodes do not fit the
    // projector in the lab's 18-pixel boxes: the deep subtrees are folded).
    let number = |name: &str| -> usize {
        let key = format!(" {name}=\"");
        let at = tree_svg.find(&key).unwrap() + key.len();
        tree_svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    assert_eq!(
        number("data-drawn") + number("data-folded"),
        number("data-nodes")
    );
    let Some(browser) = chromium() else {
        return;
    };
    for svg in [&killer_path, &lp_path, &thermo_path, &tree_path] {
        let png = svg.with_extension("png");
        screenshot(browser, svg, &png);
        if std::env::var_os("SUDOKU_ILP_UPDATE_DOCS").is_some() {
            let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
            std::fs::copy(&png, docs.join(png.file_name().unwrap())).unwrap();
        }
    }
}

/// Chromium without a window, sandbox, GPU or scroll bars: the start of every screenshot.
fn headless(browser: &str) -> std::process::Command {
    let mut command = std::process::Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
    ]);
    command
}
