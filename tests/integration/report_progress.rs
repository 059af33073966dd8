//! Issue 34: `report` ran a minute and more with no progress. With standard error a terminal
//! it now shows a progress line per stage (`report [k/10] stage (elapsed)`); with standard
//! error a file or a pipe it writes nothing there.

use super::common::exe;
use std::process::Command;

const PUZZLE: &str = "data/seeds/seed004_annex_9x9.json";

#[test]
fn report_shows_its_stages_on_a_terminal_and_nothing_on_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let page = page.to_str().unwrap();
    // `script` runs the command on a pseudo-terminal and copies what it shows.
    let command = format!("{} report {PUZZLE} -o {page}", exe().display());
    let shown = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.status.success(), "{text}");
    assert!(
        text.contains("report [1/10] binary model (HiGHS)"),
        "{text}"
    );
    assert!(std::fs::read_to_string(page).unwrap().contains("</html>"));

    let piped = Command::new(exe())
        .args(["report", PUZZLE, "-o", page])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(piped.status.success());
    assert!(
        piped.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&piped.stderr)
    );
}
