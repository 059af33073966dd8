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
