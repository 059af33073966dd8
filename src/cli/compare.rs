//! `sudoku-ilp compare`: the formulations side by side on one puzzle, or aggregated over the
//! first puzzles of a line file.

use super::model_args::{parse_positive, InputArgs, TimeLimitArg};
use super::{emit, input_failure, parse_box, Code, Failure};
use clap::Args;
use std::io::IsTerminal;
use sudoku_ilp::compare::{compare, summarise, variants_named, Column, Variant};
use sudoku_ilp::engine::Status;
use sudoku_ilp::input::InputError;
use sudoku_ilp::input::{origin_name, parse_line, parse_puzzle, puzzle_lines, read_source};
use sudoku_ilp::report::chart::times_svg;
use sudoku_ilp::report::compare::{batch_table, single_table};
use sudoku_ilp::solve::SolveOptions;

/// Run the formulations side by side on one puzzle and print one table.
///
/// A column per formulation: sizes, size after HiGHS presolve, the root LP relaxation, nodes,
/// simplex iterations, times, status, and whether the grids agree.
///
/// Variants: binary, binary-reduce, binary-cage-sum (killer cages as Σ v·x = S), natural (the seed's textbook big-M model), natural-pair-m,
/// natural-drop-given-pairs, natural-exclusions, natural-sums, natural-subset-sums (one
/// strengthening switch each), natural-strong (all switches but subset sums); and three
/// methods without a model: propagate (unit propagation, failed-literal rule, then search),
/// sat (the SAT clauses solved by CaDiCaL) and backtrack (depth-first search). Model measures
/// are "-" for the methods.
///
/// Only when named in --variants: lp-bb (the textbook LP branch and bound) and
/// lp-bb-cuts-gomory, lp-bb-cuts-clique, lp-bb-cuts-all (branch and cut, as `solve --method
/// lp-bb --cuts K`): their nodes, cuts and time. When the puzzle's JSON carries an objective,
/// "objective" and "objective bound" show each optimising column's optimum and proved bound.
///
/// With --batch, FILE is a line file and the table aggregates the first --limit puzzles:
/// solved counts, then median, p90 and max of every measure.
///
/// Example:
///   sudoku-ilp compare --line 1 ../shared/data/magictour_top95.txt
///   sudoku-ilp compare --markdown --variants binary,natural-strong data/generated/gen_9x9.json
///   sudoku-ilp compare --batch ../shared/data/magictour_top95.txt --limit 10 --time-limit 20
///   sudoku-ilp compare --batch --limit 95 --variants binary,binary-reduce,propagate,backtrack \
///       --chart times.svg ../shared/data/magictour_top95.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
#[command(mut_arg("time_limit", |a| a.help("Time limit in seconds, of each variant on each puzzle")))]
pub struct CompareArgs {
    /// Puzzle file (JSON, line file or grid block), or '-' for standard input.
    pub file: String,

    /// Aggregate over the first --limit puzzles of the line file FILE.
    #[arg(long)]
    pub batch: bool,

    /// With --batch: how many puzzles (from the top of the file).
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = parse_positive,
          allow_negative_numbers = true, requires = "batch")]
    pub limit: usize,

    /// With --batch: take every K-th puzzle line (1 = all).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_positive,
          allow_negative_numbers = true)]
    pub step: usize,

    #[command(flatten)]
    pub input: InputArgs,

    /// Box shape ROWSxCOLS for grids whose order is not a perfect square.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Comma-separated variants to run (default: all).
    #[arg(long, value_delimiter = ',')]
    pub variants: Vec<String>,

    #[command(flatten)]
    pub time_limit: TimeLimitArg,

    /// With --batch: also draw the solve times per variant (one dot per puzzle, log scale)
    /// as an SVG chart in FILE.
    #[arg(long, value_name = "FILE", requires = "batch")]
    pub chart: Option<std::path::PathBuf>,

    /// Print JSON.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,

    /// Print a Markdown table.
    #[arg(long)]
    pub markdown: bool,
}

fn chosen_variants(names: &[String], options: &SolveOptions) -> Result<Vec<Variant>, Failure> {
    variants_named(names, options).map_err(|e| Failure::usage(format!("--variants: {e}")))
}

pub fn run(args: CompareArgs) -> Result<Code, Failure> {
    if args.chart.as_deref().is_some_and(super::output::is_stdout) {
        return Err(Failure::usage(
            "--chart -: the table goes to standard output; write the chart to a file",
        ));
    }
    let options = SolveOptions::default();
    let limits = args.time_limit.limits()?;
    let variants = chosen_variants(&args.variants, &options)?;
    let origin = origin_name(&args.file);
    let text = read_source(&args.file)?;
    if args.batch {
        if args.input.line.is_some() {
            return Err(Failure::usage("--line and --batch do not go together"));
        }
        if args.step == 0 {
            return Err(Failure::usage("--step must be at least 1"));
        }
        let lines: Vec<(usize, &str)> = puzzle_lines(&text)
            .step_by(args.step)
            .take(args.limit)
            .collect();
        let progress = std::io::stderr().is_terminal();
        let mut runs = Vec::with_capacity(lines.len());
        for (k, &(number, line)) in lines.iter().enumerate() {
            if progress {
                eprint!("\rcompare: puzzle {}/{}", k + 1, lines.len());
            }
            let puzzle = parse_line(line, args.box_shape)
                .map_err(|e| InputError::at_line(&origin, number, e))?;
            runs.push(compare(&puzzle, &variants, &options, &limits).map_err(Failure::internal)?);
        }
        if progress {
            eprintln!();
        }
        if let Some(path) = &args.chart {
            let rows: Vec<(String, Vec<f64>)> = variants
                .iter()
                .enumerate()
                .map(|(v, variant)| {
                    let times = runs.iter().map(|r| solved_ms(&r[v])).collect();
                    (variant.name.to_string(), times)
                })
                .collect();
            let title = format!("{origin}: {} puzzles", runs.len());
            super::output::write_out(Some(path), &[&args.file], &times_svg(&title, &rows))?;
        }
        let summaries = summarise(&runs);
        if args.json {
            emit(&format!(
                "{}\n",
                serde_json::json!({ "file": origin, "summaries": summaries })
            ))?;
        } else {
            emit(&batch_table(&summaries, args.markdown))?;
        }
        return Ok(Code::Ok);
    }
    let parse = args.input.options(args.box_shape);
    let puzzle = parse_puzzle(&origin, &text, parse).map_err(|e| input_failure("compare", e))?;
    if let Some(note) = sudoku_ilp::input::drawing_note_at(&text, parse.line) {
        eprintln!("{note}");
    }
    let columns = compare(&puzzle, &variants, &options, &limits).map_err(Failure::internal)?;
    if args.json {
        emit(&format!("{}\n", serde_json::json!({ "columns": columns })))?;
    } else {
        emit(&single_table(&columns, args.markdown))?;
    }
    Ok(Code::Ok)
}

/// A column's solve time when it solved the puzzle, NaN otherwise (left out of the chart).
fn solved_ms(column: &Column) -> f64 {
    if column.status == Status::Solved {
        column.stats.solve_ms
    } else {
        f64::NAN
    }
}
