//! `sudoku-ilp export`: the model of one puzzle as a CPLEX LP or free MPS file, or the puzzle as
//! GNU MathProg data, DIMACS CNF, a DIMACS colouring graph or MiniZinc data.

use super::model_args::ModelArgs;
use super::output::{finish, is_stdout, write_out, Destination};
use super::values::named;
use super::{Code, Failure};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use sudoku_ilp::export::{cnf, export, Format};
use sudoku_ilp::formulation::ModelKind;

/// Write a puzzle's model for other solvers (glpsol, cbc, highs), or its GNU MathProg data.
///
/// lp: CPLEX LP; mps: free MPS; gmpl-data: the .dat for models/sudoku.mod (binary model) and
/// models/natural.mod (natural model); cnf: DIMACS CNF of seed 001's SAT encoding; col: the
/// Sudoku graph in DIMACS format (givens as a precolouring in comments); dzn: MiniZinc data for
/// models/sudoku.mzn. A puzzle's variant rules go into every format but col: the rows of lp and
/// mps, the SAT engine's clauses in cnf, and gmpl-data and dzn for models/variants.mod and
/// models/variants.mzn. Names are 1-based: x_r{r}_c{c}_v{v}, rows cell_r{r}_c{c},
/// row_r{r}_v{v}, col_c{c}_v{v}, box_b{b}_v{v}, given_r{r}_c{c}; natural model v_r{r}_c{c},
/// y_r{r1}c{c1}_r{r2}c{c2}, rows ne1_…, ne2_…. Without -o the file goes to
/// standard output; with -o the format may be left out when OUT ends in .lp, .mps, .dat, .cnf,
/// .col or .dzn.
///
/// --fix writes, instead of the puzzle's model, the model of `explain --fix` (lp and mps only):
/// the binary model with a binary keep_given_r{r}_c{c} per given and keep_rule{k} per rule
/// instance, the rows of each relaxed by big-M when its switch is 0, and Σ switches maximised.
/// Its optimum is the most givens and rules that keep a solution.
///
/// Example:
///   sudoku-ilp export data/seeds/seed004_unique_9x9.json -o unique.lp
///   sudoku-ilp export --fix data/seeds/seed004_no_solution_9x9.json -o fix.lp
///   glpsol --lp unique.lp -o unique.txt
///   sudoku-ilp export --reduce data/generated/gen_16x16.json --format mps | head
///   sudoku-ilp export data/generated/gen_9x9.json -o gen.dat
///   glpsol -m models/sudoku.mod -d gen.dat
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct ExportArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    /// File format (inferred from OUT's extension when left out).
    #[arg(long, value_parser = named::<Format>())]
    pub format: Option<Format>,

    /// Write to this file instead of standard output ('-': standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Write the fix model of `explain --fix` (maximum feasible subsystem; lp or mps).
    #[arg(long)]
    pub fix: bool,
}

pub fn run(args: ExportArgs) -> Result<Code, Failure> {
    let format = format_of(&args)?;
    if !format.writes_model() && args.model.has_model_switches() {
        return Err(Failure::usage(format!(
            "--reduce and the natural-model switches shape a model; --format {} is written from the puzzle alone",
            format.name()
        )));
    }
    let puzzle_alone = !format.writes_model() && format != Format::GmplData;
    if puzzle_alone && args.model.choice.model != ModelKind::Binary {
        return Err(Failure::usage(format!(
            "--model {} shapes a model; --format {} is written from the puzzle alone",
            args.model.choice.model.name(),
            format.name()
        )));
    }
    if args.fix {
        return export_fix(&args, format);
    }
    let formulation = args.model.formulation()?;
    let puzzle = args.model.puzzle("export")?;
    format
        .check_expressible(&puzzle)
        .map_err(|e| Failure::usage(format!("{}: {e}", args.model.file)))?;
    if format == Format::Cnf {
        return stream_cnf(&args, &puzzle);
    }
    let text = export(format, &puzzle, formulation.as_ref()).map_err(|e| match e {
        // A model that cannot carry the puzzle's objective is the user's choice: exit 2.
        sudoku_ilp::export::ExportError::Objective(_) => Failure::usage(e.to_string()),
        e => Failure::internal(e),
    })?;
    write_out(args.output.as_deref(), &[&args.model.file], &text)?;
    Ok(Code::Ok)
}

/// `export --fix`: the fix model ([`sudoku_ilp::formulation::fix`]) as LP or MPS.
fn export_fix(args: &ExportArgs, format: Format) -> Result<Code, Failure> {
    if !format.writes_model() {
        return Err(Failure::usage(format!(
            "--fix writes a model: give --format lp or mps, not {}",
            format.name()
        )));
    }
    if args.model.has_model_switches() || args.model.choice.model != ModelKind::Binary {
        return Err(Failure::usage(
            "--fix builds its own model from the binary one: leave out --model, --reduce and the form switches",
        ));
    }
    if args.model.objective.is_some() {
        return Err(Failure::usage(
            "--fix has its own objective (the givens and rules kept): leave out --objective",
        ));
    }
    let puzzle = args.model.puzzle("export")?;
    let fix = sudoku_ilp::formulation::fix::build(&puzzle).map_err(Failure::internal)?;
    let text = match format {
        Format::Mps => sudoku_ilp::export::mps::write(&puzzle, &fix.model),
        _ => sudoku_ilp::export::lp::write(&puzzle, &fix.model),
    }
    .map_err(Failure::internal)?;
    write_out(args.output.as_deref(), &[&args.model.file], &text)?;
    Ok(Code::Ok)
}

/// Streams the DIMACS CNF clause by clause (a 64×64 grid has 34 million clauses): standard
/// output, or a file put in place when complete.
fn stream_cnf(args: &ExportArgs, puzzle: &sudoku_ilp::puzzle::Puzzle) -> Result<Code, Failure> {
    let out = args.output.as_deref();
    let name = match out.filter(|p| !is_stdout(p)) {
        Some(path) => path.display().to_string(),
        None => "standard output".to_string(),
    };
    let mut destination = Destination::open(out, &[&args.model.file])?;
    let written = cnf::write_to(puzzle, &mut destination).and_then(|()| destination.flush());
    finish(&name, written)?;
    destination.commit()?;
    Ok(Code::Ok)
}

/// The format: `--format`, or OUT's extension; a disagreement between them is a usage error.
fn format_of(args: &ExportArgs) -> Result<Format, Failure> {
    let inferred = args
        .output
        .as_deref()
        .filter(|p| !is_stdout(p))
        .and_then(Format::from_path);
    match (args.format, inferred) {
        (Some(f), Some(g)) if f != g => Err(Failure::usage(format!(
            "--format {} does not match the extension of {} ({})",
            f.name(),
            args.output.as_deref().unwrap_or_else(|| "".as_ref()).display(),
            g.name()
        ))),
        (Some(f), _) | (None, Some(f)) => Ok(f),
        (None, None) => Err(Failure::usage(match args.output.as_deref().filter(|p| !is_stdout(p)) {
            Some(path) => format!(
                "cannot tell the format from {}: give --format lp|mps|gmpl-data|cnf|col|dzn or end OUT in .lp, .mps, .dat, .cnf, .col or .dzn",
                path.display()
            ),
            None => "give --format lp|mps|gmpl-data|cnf|col|dzn (or -o OUT ending in .lp, .mps, .dat, .cnf, .col or .dzn)".into(),
        })),
    }
}
