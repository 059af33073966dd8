//! The native side of the Hint tab's "Apply this step" measurements (docs/web.md): the page's
//! API calls with HiGHS in-process as the LP backend, as `web/bench.py` makes them in the page.
//!
//! `cargo run --release -p sudoku-ilp-web --example apply -- FILE [LINES] [WALKS]`
//!
//! For each of the first LINES puzzles of the line file FILE (default 5), in a fresh session:
//! `last`: All steps (`steps`), the step before last opened (`hint_at(n - 2)`), then the Apply
//! to the last step (`hint_at(n - 1)`) timed, as `web/bench.py`'s apply; `walk`: in another
//! fresh session (the first WALKS puzzles only, default 1), step 1 shown and every Apply from there to the end timed (`hint_at(k)` for
//! k = 1..n), as a student clicking through the path. Prints one JSON object (ms).

use std::time::Instant;
use sudoku_ilp_web::api::{Backends, Core};

fn session(line: &str) -> Core {
    let backends = Backends::on(sudoku_ilp::solve::lab_lp::make);
    Core::new(line, "{}", backends).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    })
}

/// The milliseconds of `f`, which must succeed.
fn timed(f: impl FnOnce() -> Result<String, String>) -> f64 {
    let t = Instant::now();
    f().unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(3);
    });
    t.elapsed().as_secs_f64() * 1000.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: apply FILE [LINES] [WALKS]");
        std::process::exit(2);
    };
    let count: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let walks: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("error: {file}: {e}");
        std::process::exit(2);
    });
    let lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(count);
    let (mut last, mut walk, mut steps) = (Vec::new(), Vec::new(), Vec::new());
    for (i, line) in lines.enumerate() {
        let core = session(line);
        let all: serde_json::Value = serde_json::from_str(&core.steps(false).unwrap()).unwrap();
        let n = all["steps"].as_array().map_or(0, |s| s.len());
        steps.push(n);
        core.hint_at(n.saturating_sub(2), "value").unwrap();
        last.push(timed(|| core.hint_at(n - 1, "value")));
        if i >= walks {
            continue;
        }
        let core = session(line);
        core.hint_at(0, "value").unwrap();
        walk.extend((1..=n).map(|k| timed(|| core.hint_at(k, "value"))));
    }
    println!(
        "{}",
        serde_json::json!({"backend": "native", "steps": steps, "last_ms": last, "walk_ms": walk})
    );
}
