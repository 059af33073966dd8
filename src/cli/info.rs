//! `sudoku-ilp info`: the sizes of every model of an empty grid, computed from the models.

use super::{emit, parse_box, Code, Failure};
use clap::Args;
use sudoku_ilp::info::{info, Info, MAX_RANK_ORDER};
use sudoku_ilp::puzzle::square_box_side;
use sudoku_ilp::report::text::thousands;

/// Print the sizes of the binary, natural, SAT and graph models of an empty N×N grid.
///
/// Everything is computed from the built models and the grid's houses: the binary model's
/// equations and the rank of that system (Gaussian elimination modulo 2^61 − 1), the natural
/// models' sizes, the CNF's variables and clauses, the graph's vertices, degree, edges and
/// cliques.
///
/// Example:
///   sudoku-ilp info --size 9
///   sudoku-ilp info --size 6 --box 2x3 --json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct InfoArgs {
    /// The order N of the grid (N×N cells, values 1..N).
    #[arg(long, value_name = "N", value_parser = super::model_args::parse_positive,
          allow_negative_numbers = true)]
    pub size: usize,

    /// Box shape ROWSxCOLS (default: square boxes when N is a perfect square).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: InfoArgs) -> Result<Code, Failure> {
    let n = args.size;
    if n == 0 {
        return Err(Failure::usage("--size must be at least 1"));
    }
    if n > 36 {
        return Err(Failure::usage(format!(
            "--size {n}: info builds every model; give at most 36"
        )));
    }
    let (rows, cols) = match args.box_shape {
        Some(shape) => shape,
        None => {
            let side = square_box_side(n).filter(|&s| s > 0).ok_or_else(|| {
                Failure::usage(format!(
                    "--size {n} has no square boxes: give --box RxC with R·C = {n}"
                ))
            })?;
            (side, side)
        }
    };
    let info = info(n, rows, cols).map_err(|e| Failure::usage(e.to_string()))?;
    if args.json {
        let json = serde_json::to_string(&info).map_err(Failure::internal)?;
        emit(&format!("{json}\n"))?;
    } else {
        emit(&text(&info))?;
    }
    Ok(Code::Ok)
}

fn text(i: &Info) -> String {
    let t = thousands;
    let rank = match i.binary_rank {
        Some(r) => t(r),
        None => format!("not computed (order > {MAX_RANK_ORDER})"),
    };
    let degree = i.graph_degree.map_or("varies".to_string(), t);
    let size = |s: &sudoku_ilp::formulation::ModelSize| {
        format!(
            "{} variables ({} binary, {} integer), {} rows, {} nonzeros",
            t(s.variables),
            t(s.binary),
            t(s.integer),
            t(s.constraints),
            t(s.nonzeros)
        )
    };
    format!(
        "grid            {n}x{n}, boxes {r}x{c}
binary model    {bv} variables, {eq} equations, rank {rank}, {nz} nonzeros
natural model   {nat}
  strengthened  {strong}
CNF (SAT)       {cv} variables, {cc} clauses (empty grid)
graph           {gv} vertices, degree {degree}, {ge} edges, {gc} cliques
",
        n = i.order,
        r = i.box_rows,
        c = i.box_cols,
        bv = t(i.binary.variables),
        eq = t(i.binary_equations),
        nz = t(i.binary.nonzeros),
        nat = size(&i.natural),
        strong = size(&i.natural_strong),
        cv = t(i.cnf_variables),
        cc = t(i.cnf_clauses),
        gv = t(i.graph_vertices),
        ge = t(i.graph_edges),
        gc = t(i.graph_cliques),
    )
}
