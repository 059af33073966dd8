//! The native side of the browser build's measurements (docs/performance.md, "The browser
//! build (issue 37)"): the same API calls as `tests/node-measure.mjs` makes in WebAssembly,
//! with HiGHS in-process as the LP backend.
//!
//! `cargo run --release -p sudoku-ilp-web --example measure -- PUZZLE_LINE [ROUNDS]`
//! prints one JSON object: the lab LP's create/root/warm times and propagate's solve times.

use sudoku_ilp_web::api::{Backends, Core};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(line) = args.next() else {
        eprintln!("usage: measure PUZZLE_LINE [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(20);
    let backends = Backends::on(sudoku_ilp::solve::lab_lp::make);
    let core = Core::new(&line, "{}", backends).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    });
    let mut lps = Vec::new();
    for _ in 0..rounds.clamp(1, 5) {
        lps.push(
            serde_json::from_str::<serde_json::Value>(&core.measure_lp(rounds).unwrap()).unwrap(),
        );
    }
    let mut propagate = Vec::new();
    for _ in 0..rounds {
        let solved: serde_json::Value =
            serde_json::from_str(&core.solve("propagate", 60.0).unwrap()).unwrap();
        propagate.push(solved["time_ms"].as_f64().unwrap_or(f64::NAN));
    }
    println!(
        "{}",
        serde_json::json!({"backend": "native", "lp": lps, "propagate_ms": propagate})
    );
}
