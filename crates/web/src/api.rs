//! The page's API in plain Rust: text in, JSON/SVG/text out, errors as the command line's one
//! line. [`crate`]'s wasm-bindgen layer only wraps these; the native tests call them with
//! HiGHS in-process as the LP backend, the browser with HiGHS-wasm ([`crate::wasm_lp`]).
//! No model, search or branch-and-bound logic here: every answer comes from the library.

mod cells;

use serde::Deserialize;
use serde_json::{json, Value};
use sudoku_ilp::check::check;
use sudoku_ilp::engine::spec::ModelSpec;
use sudoku_ilp::engine::{backtrack::Backtrack, propagate::Propagate, Engine, Limits};
use sudoku_ilp::export::{self, Format};
use sudoku_ilp::formulation::{BuiltModel, CageForm, CellEncoding, ModelKind, PairForm, StepForm};
use sudoku_ilp::hint::path::{solve_path_on, PathOptions};
use sudoku_ilp::input::{parse_puzzle, OptionNames, ParseOptions, STDIN_NAME};
use sudoku_ilp::lab::{lab_model, script, Lab};
use sudoku_ilp::lp_interface::{backend, LabLp, LpBackend, LpMaker, LpState, LpUse};
use sudoku_ilp::lp_restore::restore_iterations;
use sudoku_ilp::objective::Objective;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::hint::{hint_text, path_json, step_json, step_svg, HintLevel};
use sudoku_ilp::report::json::puzzle_json;
use sudoku_ilp::report::lab::{step_text, summary, tree_json, tree_svg};
use sudoku_ilp::report::lp_svg::lp_svg;
use sudoku_ilp::report::svg::svg;
use sudoku_ilp::rules::Rule;
use sudoku_ilp::solve::{grid_of, GridRelaxation, Relaxation, Status};

/// The three LP backends of one maker (HiGHS-wasm in the browser, HiGHS in-process in the
/// native tests), each set up for its use as the interface decides ([`LpUse`]).
#[derive(Clone)]
pub struct Backends {
    pub lab: LpBackend,
    pub hints: LpBackend,
    pub mip: LpBackend,
}

impl Backends {
    /// The lab's, the hints' and a one-off MILP's backends on `make`.
    pub fn on(make: LpMaker) -> Backends {
        Backends {
            lab: backend(make, LpUse::Lab),
            hints: backend(make, LpUse::Hints),
            mip: backend(make, LpUse::Mip),
        }
    }
}

/// One line of error text.
pub type Failure = String;

fn one_line(e: impl std::fmt::Display) -> Failure {
    e.to_string().lines().next().unwrap_or("").to_string()
}

/// Reads a puzzle as `sudoku-ilp solve -` reads standard input: the same one-line errors.
pub fn read_puzzle(text: &str, box_shape: Option<(usize, usize)>) -> Result<Puzzle, Failure> {
    let options = ParseOptions {
        box_shape,
        ..ParseOptions::default()
    };
    parse_puzzle(STDIN_NAME, text, options)
        .map_err(|e| one_line(e.said_with(&OptionNames::command_line("solve takes one"))))
}

/// The summary of a puzzle: its JSON (as the input format), order, givens, rule names.
pub fn summary_json(puzzle: &Puzzle) -> Value {
    let rules: Vec<&str> = puzzle.rules().iter().map(rule_name).collect();
    json!({
        "order": puzzle.order(),
        "givens": puzzle.given_count(),
        "rules": rules,
        "name": puzzle.name(),
        "puzzle": puzzle_json(puzzle),
    })
}

fn rule_name(rule: &Rule) -> &'static str {
    rule.kind().name()
}

/// `read(text)`.
pub fn read(text: &str) -> Result<String, Failure> {
    Ok(summary_json(&read_puzzle(text, None)?).to_string())
}

/// The lab's choices as the library names them (the command line's and Python's names):
/// `{"branching": [{name, about}], "cut_policy": …, "node_rule": …, "cut_kind": …}`, in the
/// order the command line's help lists them.
pub fn lab_names() -> String {
    use sudoku_ilp::named::Named;
    fn list<T: Named>() -> serde_json::Value {
        T::all()
            .iter()
            .map(|v| serde_json::json!({"name": v.name(), "about": v.about()}))
            .collect()
    }
    serde_json::json!({
        "branching": list::<sudoku_ilp::lab::auto::Branching>(),
        "cut_policy": list::<sudoku_ilp::lab::auto::CutPolicy>(),
        "node_rule": list::<sudoku_ilp::lab::NodeRule>(),
        "cut_kind": list::<sudoku_ilp::lab::cuts::CutKind>(),
    })
    .to_string()
}

/// The gallery: a few of the project's own puzzles (data/ in the repository).
pub fn gallery() -> String {
    let items = [
        (
            "Seed 004: unique 9×9",
            "data/seeds/seed004_unique_9x9.json",
            include_str!("../../../data/seeds/seed004_unique_9x9.json"),
        ),
        (
            "Seed 000: exercise 3 (9×9)",
            "data/seeds/seed000_exercise3_9x9.json",
            include_str!("../../../data/seeds/seed000_exercise3_9x9.json"),
        ),
        (
            "Seed 004: 4×4 annex",
            "data/seeds/seed004_annex_4x4.json",
            include_str!("../../../data/seeds/seed004_annex_4x4.json"),
        ),
        (
            "Seed 004: two solutions",
            "data/seeds/seed004_two_solutions_9x9.json",
            include_str!("../../../data/seeds/seed004_two_solutions_9x9.json"),
        ),
        (
            "Seed 004: no solution",
            "data/seeds/seed004_no_solution_9x9.json",
            include_str!("../../../data/seeds/seed004_no_solution_9x9.json"),
        ),
        (
            "Killer 9×9",
            "data/variants/killer_9x9.json",
            include_str!("../../../data/variants/killer_9x9.json"),
        ),
        (
            "Generated 6×6 (2×3 boxes)",
            "data/generated/gen_6x6_2x3.json",
            include_str!("../../../data/generated/gen_6x6_2x3.json"),
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

fn named<T: sudoku_ilp::named::Named>(
    text: &Option<String>,
    option: &str,
    default: T,
) -> Result<T, Failure> {
    match text {
        None => Ok(default),
        Some(t) => sudoku_ilp::named::parse::<T>(t).map_err(|e| e.said_of(option)),
    }
}

fn parse_box(text: &str) -> Result<(usize, usize), Failure> {
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

    fn spec(&self) -> Result<ModelSpec, Failure> {
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

/// A page's session: one puzzle, its model, and the lab when started.
pub struct Core {
    pub puzzle: Puzzle,
    pub model: BuiltModel,
    backends: Backends,
    lab: Option<Lab<Box<dyn LabLp>>>,
    lab_model: Option<BuiltModel>,
    lab_log: Vec<String>,
}

/// Which cells each column belongs to (one-hot and integer cell columns).
fn column_cells(model: &BuiltModel) -> Vec<Option<usize>> {
    let mut cell_of = vec![None; model.variables.len()];
    for (cell, encoding) in model.cells.iter().enumerate() {
        match encoding {
            CellEncoding::OneHot(options) => {
                for &(col, _) in options {
                    cell_of[col] = Some(cell);
                }
            }
            CellEncoding::Integer(col) => cell_of[*col] = Some(cell),
        }
    }
    cell_of
}

fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// A cell named `r1c1` (1-based), row-major index.
fn parse_cell(text: &str, n: usize) -> Option<usize> {
    script::parse_cell(text, n)
}

impl Core {
    /// `new Session(text, options_json)`.
    pub fn new(text: &str, options_json: &str, backends: Backends) -> Result<Core, Failure> {
        let options = Options::parse(options_json)?;
        let box_shape = options.box_shape.as_deref().map(parse_box).transpose()?;
        let mut puzzle = read_puzzle(text, box_shape)?;
        if let Some(spec) = &options.objective {
            let objective = Objective::parse(spec, puzzle.order())
                .map_err(|e| format!("--objective {spec}: {e}"))?;
            puzzle = puzzle.with_objective(Some(objective));
        }
        let formulation = options.spec()?.formulation().map_err(one_line)?;
        let model = formulation.build(&puzzle);
        Ok(Core {
            puzzle,
            model,
            backends,
            lab: None,
            lab_model: None,
            lab_log: Vec::new(),
        })
    }

    pub fn summary(&self) -> String {
        summary_json(&self.puzzle).to_string()
    }

    /// Columns, rows, nonzeros, the column names and every row's name and cells.
    pub fn model_json(&self) -> Result<String, Failure> {
        let lin = export::linear(&self.model).map_err(one_line)?;
        let n = self.puzzle.order();
        let cell_of = column_cells(&self.model);
        let rows: Vec<Value> = lin
            .rows
            .iter()
            .map(|r| {
                let mut cells: Vec<usize> =
                    r.terms.iter().filter_map(|&(j, _)| cell_of[j]).collect();
                cells.sort_unstable();
                cells.dedup();
                let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
                json!({"name": r.name, "cells": names})
            })
            .collect();
        let nonzeros: usize = lin.rows.iter().map(|r| r.terms.len()).sum();
        let columns: Vec<&str> = lin.columns.iter().map(|c| c.name).collect();
        Ok(json!({
            "model": self.model.label,
            "columns": lin.columns.len(),
            "rows": lin.rows.len(),
            "nonzeros": nonzeros,
            "column_names": columns,
            "rows_list": rows,
        })
        .to_string())
    }

    /// The cells of a target: a cell `r1c1`, a house by its model tag (`r3`, `c5`, `b2`,
    /// `region4`, `diag1`) or a killer cage `k1` (the first cage).
    fn target_cells(&self, target: &str) -> Result<(bool, Vec<usize>), Failure> {
        let n = self.puzzle.order();
        if let Some(cell) = parse_cell(target, n) {
            return Ok((true, vec![cell]));
        }
        for house in self.puzzle.houses() {
            if house.kind.tag() == target {
                let cells = house.cells.iter().map(|c| c.row * n + c.col).collect();
                return Ok((false, cells));
            }
        }
        if let Some(k) = target
            .strip_prefix('k')
            .and_then(|k| k.parse::<usize>().ok())
        {
            let cage = self
                .puzzle
                .rules()
                .iter()
                .filter_map(|r| match r {
                    Rule::Killer(cage) => Some(cage),
                    _ => None,
                })
                .nth(k.wrapping_sub(1));
            if let Some(cage) = cage {
                return Ok((
                    false,
                    cage.cells.iter().map(|c| c.row * n + c.col).collect(),
                ));
            }
        }
        Err(format!(
            "{target:?}: expected a cell r1c1, a house (r1, c1, b1, region1, diag1) or a cage k1"
        ))
    }

    /// The rows of a target: for a cell, every row with a column of it; for a house or a
    /// cage, the rows whose cells are exactly its cells.
    pub fn rows_of(&self, target: &str) -> Result<String, Failure> {
        let (is_cell, mut cells) = self.target_cells(target)?;
        cells.sort_unstable();
        let lin = export::linear(&self.model).map_err(one_line)?;
        let cell_of = column_cells(&self.model);
        let names: Vec<&str> = lin
            .rows
            .iter()
            .filter(|r| {
                let mut own: Vec<usize> = r.terms.iter().filter_map(|&(j, _)| cell_of[j]).collect();
                own.sort_unstable();
                own.dedup();
                if is_cell {
                    own.contains(&cells[0])
                } else {
                    own == cells
                }
            })
            .map(|r| r.name)
            .collect();
        Ok(json!(names).to_string())
    }

    /// One row: sense, right-hand side, and its terms with their cells.
    pub fn row(&self, name: &str) -> Result<String, Failure> {
        let lin = export::linear(&self.model).map_err(one_line)?;
        let n = self.puzzle.order();
        let cell_of = column_cells(&self.model);
        let row =
            lin.rows.iter().find(|r| r.name == name).ok_or_else(|| {
                format!("no row named {name:?} in the {} model", self.model.label)
            })?;
        let terms: Vec<Value> = row
            .terms
            .iter()
            .map(|&(j, a)| {
                json!({
                    "column": lin.columns[j].name,
                    "coefficient": a,
                    "cell": cell_of[j].map(|c| cell_name(n, c)),
                })
            })
            .collect();
        let sense = match row.sense {
            sudoku_ilp::formulation::Sense::Le => "<=",
            sudoku_ilp::formulation::Sense::Ge => ">=",
            sudoku_ilp::formulation::Sense::Eq => "=",
        };
        Ok(json!({"name": row.name, "sense": sense, "rhs": row.rhs, "terms": terms}).to_string())
    }

    /// The text of `export --format <format>` for this model.
    pub fn export(&self, format: &str) -> Result<String, Failure> {
        let format: Format = sudoku_ilp::named::parse(format).map_err(|e| e.said_of("--format"))?;
        format.check_expressible(&self.puzzle).map_err(one_line)?;
        match format {
            Format::Lp => export::lp::write(&self.puzzle, &self.model),
            Format::Mps => export::mps::write(&self.puzzle, &self.model),
            _ => {
                let formulation = ModelSpec::default().formulation().map_err(one_line)?;
                export::export(format, &self.puzzle, formulation.as_ref())
            }
        }
        .map_err(one_line)
    }

    pub fn grid_svg(&self) -> String {
        svg(&self.puzzle, None, None)
    }

    /// Solves with `propagate`, `backtrack` or `highs` (the session's model, MILP).
    pub fn solve(&self, method: &str, time_limit: f64) -> Result<String, Failure> {
        let limits = Limits { time_limit };
        let clock = sudoku_ilp::clock::Instant::now();
        let (status, grid, nodes) = match method {
            "propagate" | "backtrack" => {
                let solution = if method == "propagate" {
                    Propagate::default().solve(&self.puzzle, &limits)
                } else {
                    Backtrack.solve(&self.puzzle, &limits)
                }
                .map_err(one_line)?;
                (solution.status, solution.grid, None)
            }
            "highs" | "ilp" => self.solve_milp(time_limit)?,
            other => {
                return Err(format!(
                    "--method {other:?}: expected one of propagate, backtrack, highs"
                ))
            }
        };
        let ms = clock.elapsed().as_secs_f64() * 1000.0;
        let mut out = json!({
            "status": status,
            "method": method,
            "time_ms": ms,
        });
        if let Some(grid) = grid {
            check(&self.puzzle, &grid).map_err(|e| {
                format!("internal error: {method} returned a grid that fails the check: {e}")
            })?;
            out["grid"] = json!(grid.rows());
            out["svg"] = json!(svg(&self.puzzle, Some(&grid), None));
        }
        if let Some(nodes) = nodes {
            out["nodes"] = json!(nodes);
        }
        Ok(out.to_string())
    }

    /// The session's model as a MILP (every column of both models is integer) on the LP
    /// backend: HiGHS's branch and bound.
    fn solve_milp(
        &self,
        time_limit: f64,
    ) -> Result<(Status, Option<sudoku_ilp::puzzle::Grid>, Option<i64>), Failure> {
        let lin = export::linear(&self.model).map_err(one_line)?;
        if !lin.columns.iter().all(|c| c.integer) {
            return Err("internal error: the model has continuous columns".into());
        }
        let mut lp = (self.backends.mip)(&self.model).map_err(one_line)?;
        let mip = lp.solve_mip(time_limit).map_err(one_line)?;
        Ok(match mip.state {
            LpState::Optimal => (
                Status::Solved,
                Some(self.model.decode(&mip.columns)),
                Some(mip.nodes),
            ),
            LpState::Infeasible => (Status::Infeasible, None, Some(mip.nodes)),
            LpState::Stopped => (Status::TimeLimit, None, Some(mip.nodes)),
        })
    }

    /// Up to `limit` solutions with the propagation engine.
    pub fn count(&self, limit: usize, time_limit: f64) -> Result<String, Failure> {
        let count = Propagate::default()
            .count(&self.puzzle, limit, &Limits { time_limit })
            .map_err(one_line)?;
        let grids: Vec<Value> = count.solutions.iter().map(|g| json!(g.rows())).collect();
        Ok(json!({
            "count": count.solutions.len(),
            "end": count.end,
            "time_ms": count.time_ms,
            "solutions": grids,
        })
        .to_string())
    }

    /// The next step as `hint --json` prints it, with its text at `level` (where, technique,
    /// rows, value) and its picture.
    pub fn hint(&self, level: &str) -> Result<String, Failure> {
        let given = (!level.is_empty()).then(|| level.to_string());
        let level = named(&given, "--level", HintLevel::default())?;
        let options = PathOptions {
            max_steps: 1,
            ..PathOptions::default()
        };
        let path =
            solve_path_on(&self.puzzle, options, self.backends.hints.clone()).map_err(one_line)?;
        let Some(step) = path.steps.first() else {
            return Ok(
                json!({"complete": true, "text": "the grid is already complete"}).to_string(),
            );
        };
        let mut out = step_json(step);
        out["hint"] = json!(hint_text(step, level));
        out["svg"] = json!(step_svg(step));
        Ok(out.to_string())
    }

    /// Every step as `steps --json` prints it (`lp_level`: as `--lp-level`, lp-bb's node count
    /// included: its search runs on the page's LP).
    pub fn steps(&self, lp_level: bool) -> Result<String, Failure> {
        let path = solve_path_on(
            &self.puzzle,
            PathOptions::default(),
            self.backends.hints.clone(),
        )
        .map_err(one_line)?;
        let rating = sudoku_ilp::hint::rating::rate_on(
            &self.puzzle,
            sudoku_ilp::hint::rating::RateOptions {
                lp: lp_level,
                ..Default::default()
            },
            self.backends.hints.clone(),
            Some(&path),
            &Limits::default(),
        )
        .map_err(one_line)?;
        Ok(path_json(&path, &rating).to_string())
    }

    /// The root LP of the session's model: status, objective, nonzero row duals, the picture.
    pub fn relaxation(&self) -> Result<String, Failure> {
        let mut lp = (self.backends.lab)(&self.model).map_err(one_line)?;
        let point = lp.solve().map_err(one_line)?;
        let status = match point.state {
            LpState::Optimal => Status::Solved,
            LpState::Infeasible => Status::Infeasible,
            LpState::Stopped => Status::TimeLimit,
        };
        let values = (status == Status::Solved).then(|| point.columns.clone());
        let fractional = values.as_ref().map_or(0, |v| {
            self.model
                .variables
                .iter_variables_with_def()
                .zip(v)
                .filter(|((_, def), &x)| def.is_integer() && (x - x.round()).abs() > 1e-6)
                .count()
        });
        let relaxation = Relaxation {
            status,
            objective: if status == Status::Solved {
                point.objective
            } else {
                0.0
            },
            fractional,
            values,
        };
        let grid = grid_of(&self.puzzle, &self.model, relaxation);
        let duals: Vec<Value> = self
            .model
            .rows
            .iter()
            .zip(&point.row_duals)
            .filter(|(_, y)| y.abs() > 1e-9)
            .map(|(r, y)| json!({"row": r.name(), "value": y}))
            .collect();
        let title = format!("Root LP relaxation, {} model", self.model.label);
        Ok(json!({
            "status": grid.status,
            "objective": grid.objective,
            "fractional": grid.fractional,
            "gives_grid": grid.gives_grid,
            "iterations": point.iterations,
            "duals": duals,
            "cells": cells::json(&grid, self.puzzle.order()),
            "svg": lp_svg(&self.puzzle, &grid, Some(&title)),
        })
        .to_string())
    }

    /// The range (`range`) or dual (`dual`) picture of the root LP, as `render --lp --range`
    /// and `--dual` draw them.
    pub fn polytope_svg(&self, kind: &str) -> Result<String, Failure> {
        use sudoku_ilp::report::polytope_svg::{dual_picture_on, range_picture_on};
        let picture = match kind {
            "range" => range_picture_on(&self.puzzle, &self.backends.lab, None),
            "dual" => dual_picture_on(&self.puzzle, &self.backends.lab, None),
            other => return Err(format!("{other:?}: expected range or dual")),
        }
        .map_err(one_line)?;
        Ok(picture.unwrap_or_default())
    }

    /// Starts the lab on the binary model (objective: as `--objective`, `""` keeps the
    /// session's).
    pub fn lab_start(&mut self, objective: &str) -> Result<String, Failure> {
        let mut puzzle = self.puzzle.clone();
        if !objective.trim().is_empty() {
            let parsed = Objective::parse(objective, puzzle.order())
                .map_err(|e| format!("--objective {objective}: {e}"))?;
            puzzle = puzzle.with_objective(Some(parsed));
        }
        let model = lab_model(&puzzle);
        let lp = (self.backends.lab)(&model).map_err(one_line)?;
        let lab = Lab::new(&puzzle, &model, lp).map_err(one_line)?;
        self.lab_log = vec![format!(
            "root: {}",
            sudoku_ilp::report::lab::node_line(&lab, &lab.nodes[0])
        )];
        self.lab = Some(lab);
        self.lab_model = Some(model);
        self.lab_state()
    }

    /// Runs lab steps in the command line's `lab --do` syntax (`branch r1c1=5`, `node 3`,
    /// `cut gomory`, `finish`, `prune`, …); returns the state with the steps' text.
    pub fn lab_do(&mut self, steps: &str) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_mut()
            .ok_or("the lab is not started (lab_start)")?;
        let mut text = String::new();
        script::run_each(lab, steps, |lab, k, step| {
            text += &step_text(lab, k, step);
        })
        .map_err(one_line)?;
        self.lab_log.push(text.trim_end().to_string());
        self.lab_state()
    }

    pub fn lab_branch(&mut self, node: usize, cell: &str, value: u8) -> Result<String, Failure> {
        self.lab_do(&format!("node {node}; branch {cell}={value}"))
    }

    pub fn lab_prune(&mut self, node: usize) -> Result<String, Failure> {
        self.lab_do(&format!("node {node}; prune"))
    }

    pub fn lab_cut(&mut self, node: usize, kind: &str) -> Result<String, Failure> {
        self.lab_do(&format!("node {node}; cut {kind}"))
    }

    pub fn lab_finish(&mut self, node: usize, time_limit: f64) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_mut()
            .ok_or("the lab is not started (lab_start)")?;
        lab.node(node).map_err(one_line)?;
        let finish = lab.finish(node, time_limit).map_err(one_line)?;
        let nodes = finish.mip_nodes;
        self.lab_log.push(match finish.end {
            sudoku_ilp::lab::auto::AutoEnd::Done => {
                format!("finish node {node}: HiGHS used {nodes} nodes")
            }
            sudoku_ilp::lab::auto::AutoEnd::TimeLimit => format!(
                "finish node {node}: HiGHS stopped at the time limit after {nodes} nodes; the node stays open"
            ),
        });
        self.lab_state()
    }

    /// The tree (as `lab` prints it in JSON), its picture, the current node's LP picture,
    /// the summary, the incumbent and the log of steps.
    pub fn lab_state(&self) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_ref()
            .ok_or("the lab is not started (lab_start)")?;
        let model = self.lab_model.as_ref().ok_or("the lab is not started")?;
        let node = lab.nodes.last().map_or(0, |n| n.id);
        Ok(json!({
            "tree": tree_json(lab),
            "tree_svg": tree_svg(lab, Some("Branch and bound, driven")),
            "summary": summary(lab),
            "incumbent": lab.incumbent.as_ref().map(|i| json!({
                "node": i.node, "value": i.value, "grid": i.grid.rows()
            })),
            "log": self.lab_log,
            "stats": lab.stats,
            "node_svg": self.node_svg_of(lab, model, node),
        })
        .to_string())
    }

    /// Times the lab's LP on this puzzle's binary model (for the measurements of
    /// docs/performance.md): the model passed to the backend, its cold root solve, then
    /// `rounds` warm re-solves, each after fixing one fractional column of the root point to
    /// 0 (and again after freeing it). Milliseconds: create, root, and the warm solves sorted.
    pub fn measure_lp(&self, rounds: usize) -> Result<String, Failure> {
        let ms = |t: sudoku_ilp::clock::Instant| t.elapsed().as_secs_f64() * 1000.0;
        let model = lab_model(&self.puzzle);
        let t = sudoku_ilp::clock::Instant::now();
        let mut lp = (self.backends.lab)(&model).map_err(one_line)?;
        let create_ms = ms(t);
        let t = sudoku_ilp::clock::Instant::now();
        let root = lp.solve().map_err(one_line)?;
        let root_ms = ms(t);
        let fractional: Vec<usize> = sudoku_ilp::lab::fractional_columns(&root.columns);
        let mut warm = Vec::new();
        let mut iterations = Vec::new();
        for k in 0..rounds {
            let Some(&j) = fractional.get(k % fractional.len().max(1)) else {
                break;
            };
            for (lower, upper) in [(0.0, 0.0), (0.0, 1.0)] {
                lp.set_column_bounds(j, lower, upper).map_err(one_line)?;
                let t = sudoku_ilp::clock::Instant::now();
                let point = lp.solve().map_err(one_line)?;
                warm.push(ms(t));
                iterations.push(point.iterations);
            }
        }
        warm.sort_by(f64::total_cmp);
        Ok(json!({
            "create_ms": create_ms,
            "root_ms": root_ms,
            "root_iterations": root.iterations,
            "root_fractional": fractional.len(),
            "warm_ms": warm,
            "warm_iterations": iterations,
        })
        .to_string())
    }

    /// One node of the lab's LP on this puzzle re-solved cold, from its sibling's basis and
    /// from its own restored basis, through the backend's `Box<dyn LabLp>`
    /// ([`sudoku_ilp::lp_restore`]): `{column, value, cold, from_sibling, restored}` in simplex
    /// iterations.
    pub fn restore_lp(&self) -> Result<String, Failure> {
        let model = lab_model(&self.puzzle);
        let found = restore_iterations(&self.backends.lab, &model).map_err(one_line)?;
        Ok(json!(found).to_string())
    }

    /// The LP point of `node` on the grid.
    pub fn lab_node_svg(&self, node: usize) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_ref()
            .ok_or("the lab is not started (lab_start)")?;
        let model = self.lab_model.as_ref().ok_or("the lab is not started")?;
        lab.node(node).map_err(one_line)?;
        Ok(self.node_svg_of(lab, model, node))
    }

    fn node_svg_of(&self, lab: &Lab<Box<dyn LabLp>>, model: &BuiltModel, node: usize) -> String {
        let grid = node_grid(lab, model, node);
        let n = &lab.nodes[node];
        lp_svg(
            &lab.puzzle,
            &grid,
            Some(&format!("Node {} ({})", n.id, n.label)),
        )
    }
}

/// A lab node's LP point, cell by cell (its picture and the page's grid draw it).
fn node_grid(lab: &Lab<Box<dyn LabLp>>, model: &BuiltModel, node: usize) -> GridRelaxation {
    let n = &lab.nodes[node];
    let solved = !n.values.is_empty();
    let relaxation = Relaxation {
        status: if solved {
            Status::Solved
        } else {
            Status::Infeasible
        },
        objective: if solved { n.objective } else { 0.0 },
        fractional: n.fractional.len(),
        values: solved.then(|| n.values.clone()),
    };
    grid_of(&lab.puzzle, model, relaxation)
}
