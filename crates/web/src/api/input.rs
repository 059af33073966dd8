//! Puzzle text in: the command line's reader and one-line errors, the summary, the gallery and
//! the session's options.

use super::{one_line, Failure};
use serde::Deserialize;
use serde_json::{json, Value};
use sudoku_ilp::engine::spec::ModelSpec;
use sudoku_ilp::formulation::{CageForm, ModelKind, PairForm, StepForm};
use sudoku_ilp::input::{parse_puzzle, OptionNames, ParseOptions, STDIN_NAME};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::json::puzzle_json;
use sudoku_ilp::report::marks::Layer;
use sudoku_ilp::report::overlay::rules_overlay;
use sudoku_ilp::rules::Rule;

/// Reads a puzzle as `sudoku-ilp solve -` reads standard input: the same one-line errors.
pub fn read_puzzle(text: &str, box_shape: Option<(usize, usize)>) -> Result<Puzzle, Failure> {
    let options = ParseOptions {
        box_shape,
        ..ParseOptions::default()
    };
    parse_puzzle(STDIN_NAME, text, options)
        .map_err(|e| one_line(e.said_with(&OptionNames::command_line("solve takes one"))))
}

/// The summary of a puzzle: its JSON (as the input format), order, givens, rule names, and its
/// rules drawn for the board (`drawing`: the under and over layers, killer cages left out).
pub fn summary_json(puzzle: &Puzzle) -> Value {
    let rules: Vec<&str> = puzzle.rules().iter().map(rule_name).collect();
    json!({
        "order": puzzle.order(),
        "givens": puzzle.given_count(),
        "rules": rules,
        "name": puzzle.name(),
        "puzzle": puzzle_json(puzzle),
        "drawing": {
            "under": rules_overlay(puzzle, Layer::Under, false),
            "over": rules_overlay(puzzle, Layer::Over, false),
        },
    })
}

fn rule_name(rule: &Rule) -> &'static str {
    rule.kind().name()
}

/// `read(text)`.
pub fn read(text: &str) -> Result<String, Failure> {
    Ok(summary_json(&read_puzzle(text, None)?).to_string())
}

/// The gallery: a few of the project's own puzzles (data/ in the repository).
pub fn gallery() -> String {
    let items = [
        (
            "Seed 004: unique 9×9",
            "data/seeds/seed004_unique_9x9.json",
            include_str!("../../../../data/seeds/seed004_unique_9x9.json"),
        ),
        (
            "Seed 000: exercise 3 (9×9)",
            "data/seeds/seed000_exercise3_9x9.json",
            include_str!("../../../../data/seeds/seed000_exercise3_9x9.json"),
        ),
        (
            "Seed 004: 4×4 annex",
            "data/seeds/seed004_annex_4x4.json",
            include_str!("../../../../data/seeds/seed004_annex_4x4.json"),
        ),
        (
            "Seed 004: two solutions",
            "data/seeds/seed004_two_solutions_9x9.json",
            include_str!("../../../../data/seeds/seed004_two_solutions_9x9.json"),
        ),
        (
            "Seed 004: no solution",
            "data/seeds/seed004_no_solution_9x9.json",
            include_str!("../../../../data/seeds/seed004_no_solution_9x9.json"),
        ),
        (
            "Killer 9×9",
            "data/variants/killer_9x9.json",
            include_str!("../../../../data/variants/killer_9x9.json"),
        ),
        (
            "Generated 6×6 (2×3 boxes)",
            "data/generated/gen_6x6_2x3.json",
            include_str!("../../../../data/generated/gen_6x6_2x3.json"),
        ),
    ];
    let list: Vec<Value> = items
        .iter()
        .map(|(name, source, text)| json!({"name": name, "source": source, "text": text}))
        .collect();
    Value::Array(list).to_string()
}

/// The session's options: the model and its switches as the command line names them.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub model: Option<String>,
    #[serde(default)]
    pub reduce: bool,
    pub cage_form: Option<String>,
    pub thermo_form: Option<String>,
    pub pair_form: Option<String>,
    #[serde(default)]
    pub pair_m: bool,
    #[serde(default)]
    pub drop_given_pairs: bool,
    #[serde(default)]
    pub exclusions: bool,
    #[serde(default)]
    pub sums: bool,
    #[serde(default)]
    pub subset_sums: bool,
    /// As `--objective` (e.g. `max:diagonal`).
    pub objective: Option<String>,
    /// As `--box RxC`.
    #[serde(rename = "box")]
    pub box_shape: Option<String>,
}

pub(super) fn named<T: sudoku_ilp::named::Named>(
    text: &Option<String>,
    option: &str,
    default: T,
) -> Result<T, Failure> {
    match text {
        None => Ok(default),
        Some(t) => sudoku_ilp::named::parse::<T>(t).map_err(|e| e.said_of(option)),
    }
}

pub(super) fn parse_box(text: &str) -> Result<(usize, usize), Failure> {
    let bad = || format!("--box {text:?}: expected ROWSxCOLS, e.g. 2x3");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

impl Options {
    /// Parses `options_json` (`""` or `{}`: the binary model, default forms).
    pub fn parse(options_json: &str) -> Result<Options, Failure> {
        if options_json.trim().is_empty() {
            return Ok(Options::default());
        }
        serde_json::from_str(options_json).map_err(|e| one_line(format!("options: {e}")))
    }

    pub(super) fn spec(&self) -> Result<ModelSpec, Failure> {
        let kind = named(&self.model, "--model", ModelKind::Binary)?;
        Ok(ModelSpec {
            reduce: self.reduce,
            cages: named(&self.cage_form, "--cage-form", CageForm::default())?,
            steps: named(&self.thermo_form, "--thermo-form", StepForm::default())?,
            pairs: named(&self.pair_form, "--pair-form", PairForm::default())?,
            pair_m: self.pair_m,
            drop_given_pairs: self.drop_given_pairs,
            exclusions: self.exclusions,
            sums: self.sums,
            subset_sums: self.subset_sums,
            ..ModelSpec::of(kind)
        })
    }
}
