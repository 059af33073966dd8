//! Running the tool and the external solvers (glpsol, cbc) on exported files, reading their
//! answers back by variable name and judging them against HiGHS's.

use super::cases::Case;
use crate::common::{exe, json_grid};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The two model files written from a built model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Format {
    /// CPLEX LP (`glpsol --lp`, cbc).
    Lp,
    /// Free MPS (`glpsol --freemps`, cbc).
    Mps,
}

impl Format {
    /// The file extension, which is also how `export -o` infers the format.
    pub(super) fn ext(self) -> &'static str {
        match self {
            Format::Lp => "lp",
            Format::Mps => "mps",
        }
    }

    /// glpsol's option for reading the format.
    fn glpsol_flag(self) -> &'static str {
        match self {
            Format::Lp => "--lp",
            Format::Mps => "--freemps",
        }
    }
}

/// The tested binary as a plain process (its output is judged here, not by `assert_cmd`).
pub(super) fn tool() -> Command {
    Command::new(exe())
}

/// Runs a process to its end; panics (with where the solvers come from) when it cannot start.
pub(super) fn spawn(mut cmd: Command) -> Output {
    let shown = format!("{cmd:?}");
    cmd.output().unwrap_or_else(|e| {
        panic!("{shown}: {e} (glpsol and cbc come from glpk-utils and coinor-cbc: bash .ci/setup)")
    })
}

/// `sudoku-ilp export` of a case to `out`; panics with the tool's message on failure.
pub(super) fn export(case: &Case, extra: &[&str], out: &Path) {
    let mut cmd = tool();
    cmd.arg("export")
        .args(case.args())
        .args(extra)
        .arg("-o")
        .arg(out);
    let output = spawn(cmd);
    assert!(
        output.status.success(),
        "{} export {extra:?}: {}",
        case.label,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// HiGHS's verdict through `sudoku-ilp solve --json`: the grid when solved, `None` when
/// infeasible.
pub(super) fn highs_grid(case: &Case) -> Option<Vec<u32>> {
    let mut cmd = tool();
    cmd.arg("solve").arg("--json").args(case.args());
    let output = spawn(cmd);
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    match doc["status"].as_str() {
        Some("solved") => Some(json_grid(&doc)),
        Some("infeasible") => None,
        other => panic!("{}: HiGHS status {other:?}", case.label),
    }
}

/// What an external solver reported.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Verdict {
    /// Column values by name (names a solver leaves out are 0).
    Solved(HashMap<String, f64>),
    Infeasible,
}

/// Solves with glpsol (`args` name the model file and any options) and reads the `-o` report.
pub(super) fn glpsol(args: &[&str], report: &Path) -> Result<Verdict, String> {
    let mut cmd = Command::new("glpsol");
    cmd.args(args).arg("-o").arg(report);
    let output = spawn(cmd);
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("glpsol {args:?} failed: {stdout}"));
    }
    let text =
        std::fs::read_to_string(report).map_err(|e| format!("glpsol wrote no report: {e}"))?;
    parse_glpsol_report(&text)
}

/// glpsol's printable report: the `Status:` line and the column table, where a name longer than
/// 12 characters sits alone on its line and its values follow on the next one.
fn parse_glpsol_report(text: &str) -> Result<Verdict, String> {
    let status = text
        .lines()
        .find_map(|l| l.strip_prefix("Status:"))
        .ok_or("no Status line")?
        .trim();
    match status {
        // With --minisat glpsol reports a feasible point as NON-OPTIMAL: for these
        // feasibility models (minimise 0) every feasible point is a solution.
        "INTEGER OPTIMAL" | "OPTIMAL" | "INTEGER NON-OPTIMAL" => {}
        "INTEGER EMPTY" | "INFEASIBLE (FINAL)" => return Ok(Verdict::Infeasible),
        other => return Err(format!("glpsol status {other}")),
    }
    let mut lines = text
        .lines()
        .skip_while(|l| !l.contains("Column name"))
        .skip(2);
    let mut values = HashMap::new();
    while let Some(line) = lines.next() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() < 2 || tokens[0].parse::<usize>().is_err() {
            break;
        }
        let name = tokens[1].to_string();
        let rest: Vec<&str> = if tokens.len() > 2 {
            tokens[2..].to_vec()
        } else {
            lines
                .next()
                .ok_or("truncated report")?
                .split_whitespace()
                .collect()
        };
        let activity = rest
            .iter()
            .find_map(|t| t.parse::<f64>().ok())
            .ok_or_else(|| format!("no value for {name}"))?;
        values.insert(name, activity);
    }
    Ok(Verdict::Solved(values))
}

/// Solves a model file with cbc and reads its `solu` file (`index name value cost` per line).
pub(super) fn cbc(model: &Path, solution: &Path) -> Result<Verdict, String> {
    let mut cmd = Command::new("cbc");
    cmd.arg(model).args(["solve", "solu"]).arg(solution);
    let output = spawn(cmd);
    if !output.status.success() {
        return Err(format!(
            "cbc failed: {}",
            String::from_utf8_lossy(&output.stdout)
        ));
    }
    let text =
        std::fs::read_to_string(solution).map_err(|e| format!("cbc wrote no solution: {e}"))?;
    let mut lines = text.lines();
    let status = lines.next().unwrap_or("");
    if status.contains("nfeasible") {
        return Ok(Verdict::Infeasible);
    }
    if !status.starts_with("Optimal") {
        return Err(format!("cbc status {status:?}"));
    }
    let mut values = HashMap::new();
    for line in lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let [_, name, value, ..] = tokens[..] else {
            return Err(format!("cbc solution line {line:?}"));
        };
        values.insert(
            name.to_string(),
            value.parse::<f64>().map_err(|e| e.to_string())?,
        );
    }
    Ok(Verdict::Solved(values))
}

/// A grid from column values by name: `x_r{r}_c{c}_v{v}` = 1 (binary model) or
/// `v_r{r}_c{c}` = value (natural model). A cell with no value or two values is 0.
pub(super) fn decode(values: &HashMap<String, f64>, n: usize) -> Vec<u32> {
    let mut grid = vec![0u32; n * n];
    let mut count = vec![0u32; n * n];
    let index = |r: &str, c: &str| -> Option<usize> {
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        (1..=n).contains(&r).then_some(())?;
        (1..=n).contains(&c).then_some((r - 1) * n + c - 1)
    };
    for (name, &value) in values {
        let parts: Vec<&str> = name.split('_').collect();
        match parts[..] {
            ["x", r, c, v] if value > 0.5 => {
                let (Some(r), Some(c), Some(v)) = (
                    r.strip_prefix('r'),
                    c.strip_prefix('c'),
                    v.strip_prefix('v'),
                ) else {
                    continue;
                };
                if let (Some(i), Ok(v)) = (index(r, c), v.parse::<u32>()) {
                    grid[i] = v;
                    count[i] += 1;
                }
            }
            ["v", r, c] => {
                if let (Some(r), Some(c)) = (r.strip_prefix('r'), c.strip_prefix('c')) {
                    if let Some(i) = index(r, c) {
                        grid[i] = value.round() as u32;
                        count[i] += 1;
                    }
                }
            }
            _ => {}
        }
    }
    grid.iter()
        .zip(&count)
        .map(|(&v, &k)| if k == 1 { v } else { 0 })
        .collect()
}

/// Checks one solver's verdict against what is known about the case; `Err` says what is wrong.
pub(super) fn judge(
    case: &Case,
    highs: &Option<Vec<u32>>,
    verdict: Result<Verdict, String>,
) -> Result<(), String> {
    match (verdict?, highs) {
        (Verdict::Infeasible, None) => Ok(()),
        (Verdict::Infeasible, Some(_)) => Err("reported infeasible, HiGHS solved it".into()),
        (Verdict::Solved(_), None) => Err("reported a solution, HiGHS proved there is none".into()),
        (Verdict::Solved(values), Some(theirs)) => {
            let grid = decode(&values, case.n);
            if !case.is_valid(&grid) {
                return Err(format!("not a solution: {grid:?}"));
            }
            if case.solutions == Some(1) && &grid != theirs {
                return Err("a different grid from HiGHS's on a unique puzzle".into());
            }
            Ok(())
        }
    }
}

/// Runs `job` over `items` on two worker threads and collects every failure message.
pub(super) fn for_each_parallel<T: Sync>(
    items: &[T],
    job: impl Fn(&T) -> Vec<String> + Sync,
) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                let found = job(item);
                failures.lock().unwrap().extend(found);
            });
        }
    });
    failures.into_inner().unwrap()
}

/// glpsol's branch and bound needs 15–40 s on this 16×16 grid (92 givens); its built-in
/// MiniSat (`--minisat`, for 0/1 models with integer coefficients) reads the same file and
/// solves it in 0.1 s.
pub(super) fn glpsol_options(case: &Case, model: &str) -> Vec<&'static str> {
    if model == "binary" && case.label == "gen_16x16" {
        vec!["--minisat"]
    } else {
        vec![]
    }
}

/// Exports a case in `format` with `extra` options, solves the file with glpsol and cbc, and
/// checks every answer. Returns the failures.
pub(super) fn round_trip(
    case: &Case,
    extra: &[&str],
    model: &str,
    highs: &Option<Vec<u32>>,
    format: Format,
) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{}.{}", case.stem(), format.ext()));
    export(case, extra, &file);
    let report = dir.path().join("glpsol.txt");
    let solu = dir.path().join("cbc.txt");
    let options = glpsol_options(case, model);
    let glpsol_args = [
        &[format.glpsol_flag(), file.to_str().unwrap()][..],
        &options,
    ]
    .concat();
    let runs = [
        ("glpsol", glpsol(&glpsol_args, &report)),
        ("cbc", cbc(&file, &solu)),
    ];
    runs.into_iter()
        .filter_map(|(solver, verdict)| {
            judge(case, highs, verdict).err().map(|e| {
                format!(
                    "{} {extra:?} .{} with {solver}: {e}",
                    case.label,
                    format.ext()
                )
            })
        })
        .collect()
}

pub(super) fn assert_none(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The first n lines of n numbers after `from` (when given) in a solver's output.
pub(super) fn printed_grid(stdout: &str, n: usize, from: Option<&str>) -> Result<Vec<u32>, String> {
    let start = match from {
        Some(marker) => stdout
            .find(marker)
            .ok_or(format!("no {marker:?} in {stdout:.300}"))?,
        None => 0,
    };
    let values: Vec<u32> = stdout[start..]
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|t| t.len() == n && t.iter().all(|x| x.parse::<u32>().is_ok()))
        .take(n)
        .flat_map(|t| t.into_iter().map(|x| x.parse::<u32>().unwrap()))
        .collect();
    match values.len() == n * n {
        true => Ok(values),
        false => Err(format!("{} values printed: {stdout:.300}", values.len())),
    }
}
