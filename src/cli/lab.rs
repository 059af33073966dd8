//! `sudoku-ilp lab`: a scripted session of the driven branch and bound.

use super::model_args::{ModelArgs, TimeLimitArg};
use super::{emit, Code, Failure};
use clap::Args;
use std::path::PathBuf;
use std::time::Instant;
use sudoku_ilp::lab::{native, script, LabError, NodeStatus};
use sudoku_ilp::report::lab::{incumbent_text, step_text, tree_svg, tree_text};

/// Drive LP branch and bound by hand on the binary model: branch, cut, choose the next node,
/// let HiGHS finish a subtree; each step is printed, then the tree.
///
/// Steps (separated by ';'): branch rRcC=V (x = 1 / x = 0), branch rRcC (one child per
/// digit), branch suggested (lp-bb's cell rule), branch variable (the most fractional
/// column), cut gomory|clique|nogood, next depth|best, node N, finish, prune, suggest,
/// auto [variable|cell] (best bound with an objective, depth first without one),
/// cut my: INEQUALITY (your own cut, e.g. "cut my: x_r1_c1_v1 + x_r1_c2_v1 <= 1" or
/// "cut my: r1c1=1 + r1c2=1 <= 1": checked exactly on the node's subproblem by a MILP, a
/// violating grid shown when it is not valid, added when it is), predict QUESTION ANSWER
/// (graded with the reason: next [best|depth] K, branch NAME, infeasible rRcC=V yes|no,
/// bound rRcC=V VALUE, integral yes|no).
///
/// --time-limit bounds the whole script, root included: a step that reaches it stops there
/// (auto and finish keep what they found), the steps after it are not run, and the exit code
/// is 3.
///
/// Example:
///   sudoku-ilp lab --objective max:diagonal data/seeds/seed004_unique_9x9.json --do "branch variable; next best; cut gomory; finish"
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct LabArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub time_limit: TimeLimitArg,

    /// The steps, separated by ';' (none: only the root is solved).
    #[arg(long = "do", value_name = "STEPS", default_value = "")]
    pub steps: String,

    /// Write the final tree as an SVG picture to this file.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,

    /// Print each step's wall-clock time (the step, its LP re-solves and the tree picture
    /// drawn after it) to standard error as `step K ms T (I iterations, …)`, and the root's
    /// as `root ms T (I iterations, C columns, R rows, …, cpu ms U)`; I counts the simplex
    /// iterations (a warm re-solve needs few), U the CPU time of the step's thread, which a
    /// busy machine does not inflate as it does the wall clock T.
    #[arg(long)]
    pub times: bool,
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// The CPU time this thread has run, in ms (`CLOCK_THREAD_CPUTIME_ID`; NaN where it cannot be
/// read): on a busy machine the wall clock counts the time other processes held the CPU too.
fn cpu_ms() -> f64 {
    cpu_time::ThreadTime::try_now().map_or(f64::NAN, |t| t.as_duration().as_secs_f64() * 1000.0)
}

pub fn run(args: LabArgs) -> Result<Code, Failure> {
    let puzzle = args.model.puzzle("lab")?;
    let limits = args.time_limit.limits()?;
    let start = Instant::now();
    let start_cpu = cpu_ms();
    let mut lab = native(&puzzle, &limits).map_err(Failure::internal)?;
    let picture = tree_svg(&lab, None);
    if args.times {
        eprintln!(
            "root ms {:.3} ({} iterations, {} columns, {} rows, {} bytes drawn, cpu ms {:.3})",
            ms(start),
            lab.stats.lp_iterations,
            lab.candidate.len(),
            lab.rows.len(),
            picture.len(),
            cpu_ms() - start_cpu
        );
    }
    let mut out = format!(
        "root: {}\n",
        sudoku_ilp::report::lab::node_line(&lab, &lab.nodes[0])
    );
    let mut clock = Instant::now();
    let mut clock_cpu = cpu_ms();
    let mut iterations = lab.stats.lp_iterations;
    script::run_each(&mut lab, &args.steps, |lab, k, step| {
        out += &step_text(lab, k, step);
        if args.times {
            let picture = tree_svg(lab, None);
            eprintln!(
                "step {} ms {:.3} ({} iterations, {} bytes drawn, cpu ms {:.3})",
                k + 1,
                ms(clock),
                lab.stats.lp_iterations - iterations,
                picture.len(),
                cpu_ms() - clock_cpu
            );
        }
        iterations = lab.stats.lp_iterations;
        clock = Instant::now();
        clock_cpu = cpu_ms();
    })
    .map_err(lab_failure)?;
    let stopped = lab.hit_limit || lab.nodes[0].status == NodeStatus::Stopped;
    if stopped {
        out += &format!(
            "time limit: the session stopped at --time-limit {} s; the search is not complete\n",
            limits.time_limit
        );
    }
    out += "tree:\n";
    out += &tree_text(&lab);
    out += &incumbent_text(&lab);
    if let Some(path) = &args.tree {
        let svg = tree_svg(&lab, Some("Branch and bound, driven"));
        super::output::write_out(Some(path), &[args.model.file.as_str()], &svg)?;
    }
    emit(&out)?;
    Ok(if stopped {
        Code::LimitOrInternal
    } else {
        Code::Ok
    })
}

/// A step the student got wrong is a usage error (exit 2); an LP failure internal (exit 3).
fn lab_failure(e: LabError) -> Failure {
    if e.is_solver() {
        Failure::internal(e)
    } else {
        Failure::usage(e.to_string())
    }
}
