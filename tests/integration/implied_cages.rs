//! The binary model's `implied` cage form (`--cage-form implied`): the digit-set form plus the
//! cages the rule of 45 implies. Plain `--method ilp` solves a hard killer with it that the
//! default form leaves unsolved after 10 s in the release build (`killer_hard` line 17: 2,006
//! nodes in 30 s without a solution; with the form 67–193 nodes, about 3.5 s, docs/models.md).

use crate::common::{highs_lock, run, variant_sample};
use sudoku_ilp::engine::milp::{run as milp_run, Presolve};
use sudoku_ilp::engine::Limits;
use sudoku_ilp::formulation::{binary::Binary, CageForm, Formulation};
use sudoku_ilp::input::parse_batch_line;
use sudoku_ilp::solve::{SolveOptions, Status};

const FILE: &str = "killer_hard.fpz.jsonl";
const LINE: usize = 17;

#[test]
fn plain_ilp_with_implied_cages_solves_a_hard_killer_to_its_solution() {
    let Some((_, line, solution)) = variant_sample(FILE, 1)
        .into_iter()
        .find(|(n, ..)| *n == LINE)
    else {
        return;
    };
    let (puzzle, _) = parse_batch_line(FILE, LINE, &line, None).unwrap();
    let implied = Binary {
        cages: CageForm::Implied,
        ..Binary::default()
    };
    let sets = Binary::default().build(&puzzle);
    let model = implied.build(&puzzle);
    let extra = |m: &sudoku_ilp::formulation::BuiltModel| {
        m.rows
            .iter()
            .filter(|r| r.name().starts_with("implied_") && r.name().ends_with("_sets"))
            .count()
    };
    assert_eq!(extra(&sets), 0);
    assert!(extra(&model) > 0, "no implied cage on {FILE} line {LINE}");
    let _guard = highs_lock();
    let (options, limits) = (SolveOptions::default(), Limits::seconds(300.0).unwrap());
    let report = milp_run(&puzzle, &implied, &options, &limits, Presolve::None).unwrap();
    assert_eq!(report.status, Status::Solved, "{}", implied.label());
    assert_eq!(report.grid.unwrap().values, solution);
}

#[test]
fn the_command_line_takes_the_implied_cage_form() {
    let Some((_, line, _)) = variant_sample("krazydad_killer.fpz.jsonl", 1)
        .into_iter()
        .next()
    else {
        return;
    };
    let (code, out, err) = run(
        &["solve", "-", "--json", "--cage-form", "implied"],
        Some(&line),
    );
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "solved");
    assert_eq!(json["model"]["formulation"], "binary --cage-form implied");
}

/// The LP file of the implied form reads and solves in cbc (an external solver, as for every
/// export): the `x_r{r}_c{c}_v{v}` columns at 1 are the known solution of a krazydad killer.
#[test]
fn the_lp_export_of_the_implied_form_solves_in_cbc() {
    let Some((_, line, solution)) = variant_sample("krazydad_killer.fpz.jsonl", 1)
        .into_iter()
        .next()
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (lp, sol) = (dir.path().join("k.lp"), dir.path().join("k.sol"));
    let (code, _, err) = run(
        &[
            "export",
            "-",
            "--cage-form",
            "implied",
            "-o",
            lp.to_str().unwrap(),
        ],
        Some(&line),
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&lp).unwrap();
    assert!(text.contains("implied_"), "no implied cage in the LP file");
    let status = std::process::Command::new("cbc")
        .arg(&lp)
        .args(["solve", "solu"])
        .arg(&sol)
        .output()
        .expect("cbc (Debian coinor-cbc, .ci/setup)");
    assert!(status.status.success());
    let text = std::fs::read_to_string(&sol).unwrap();
    assert!(text.starts_with("Optimal"), "{text}");
    let mut grid = vec![0u8; 81];
    for l in text.lines().skip(1) {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        let (name, value) = (tokens[1], tokens[2].parse::<f64>().unwrap());
        let parts: Vec<&str> = name.split('_').collect();
        if let ["x", r, c, v] = parts[..] {
            if value > 0.5 {
                let r: usize = r[1..].parse().unwrap();
                let c: usize = c[1..].parse().unwrap();
                grid[(r - 1) * 9 + c - 1] = v[1..].parse().unwrap();
            }
        }
    }
    assert_eq!(grid, solution);
}
