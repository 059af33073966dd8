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
        std::process::Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
            ])
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
