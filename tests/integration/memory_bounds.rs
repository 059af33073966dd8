//! Issue 23, bounded memory: the largest legal input of every reader (a 64×64 puzzle as a JSON
//! document, as a line, as a grid block, and a line padded to just under the 1 MiB line limit,
//! alone and in a batch) is read and solved under `prlimit --as=1G`, and finishes.

use super::common::run;
use std::path::Path;
use std::process::{Command, Stdio};

const GIB: u64 = 1 << 30;
const N: usize = 64;

/// A valid 64×64 grid (8×8 boxes): the pattern value(r, c) = (8·(r mod 8) + ⌊r/8⌋ + c) mod 64 + 1,
/// with every 5th cell emptied (a quick puzzle for propagation).
fn rows() -> Vec<Vec<usize>> {
    (0..N)
        .map(|r| {
            (0..N)
                .map(|c| {
                    let v = (8 * (r % 8) + r / 8 + c) % N + 1;
                    if (r * N + c) % 5 == 0 {
                        0
                    } else {
                        v
                    }
                })
                .collect()
        })
        .collect()
}

fn joined(row: &[usize]) -> String {
    row.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The same puzzle in each reader's format, the last a line padded with spaces to 1 MiB − 1.
fn inputs(dir: &Path) -> Vec<(&'static str, String)> {
    let rows = rows();
    let line = rows.iter().map(|r| joined(r)).collect::<Vec<_>>().join(" ");
    let json = format!(
        "{{\"grid\": [{}]}}",
        rows.iter()
            .map(|r| format!("[{}]", joined(r).replace(' ', ",")))
            .collect::<Vec<_>>()
            .join(",")
    );
    let block = rows
        .iter()
        .map(|r| joined(r))
        .collect::<Vec<_>>()
        .join("\n");
    let padded = format!("{line}{}", " ".repeat((1 << 20) - 1 - line.len()));
    let files = [
        ("json", format!("{json}\n")),
        ("line", format!("{line}\n")),
        ("block", format!("{block}\n")),
        ("padded line", format!("{padded}\n")),
    ];
    files
        .into_iter()
        .enumerate()
        .map(|(i, (what, text))| {
            let path = dir.join(format!("input{i}.txt"));
            std::fs::write(&path, text).unwrap();
            (what, path.to_str().unwrap().to_string())
        })
        .collect()
}

/// The exit status of the tool under a 1 GiB address-space limit, output discarded.
fn within_1gib(args: &[&str]) -> Option<i32> {
    Command::new("prlimit")
        .arg(format!("--as={GIB}"))
        .arg(assert_cmd::cargo::cargo_bin("sudoku-ilp"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .code()
}

#[test]
fn largest_legal_input_of_each_reader_solves_within_1gib() {
    let dir = tempfile::tempdir().unwrap();
    for (what, path) in inputs(dir.path()) {
        // The input is legal: it solves without a limit first (so a failure below is memory).
        let (code, _, err) = run(&["solve", "--method", "propagate", "-q", &path], None);
        assert_eq!(code, 0, "{what}: {err}");
        let solved = within_1gib(&["solve", "--method", "propagate", "-q", &path]);
        assert_eq!(solved, Some(0), "{what}: solve under 1 GiB");
        if what.ends_with("line") {
            let batch = within_1gib(&["batch", "--method", "propagate", "-q", &path]);
            assert_eq!(batch, Some(0), "{what}: batch under 1 GiB");
        }
    }
}
