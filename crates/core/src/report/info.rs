//! The sizes of every model of an empty grid ([`crate::info::Info`]) as people read them.

use crate::info::{Info, MAX_RANK_ORDER};
use crate::report::text::thousands;

/// One line per model: the grid, the binary model with its rank, both natural models, the CNF
/// and the graph.
pub fn info_text(i: &Info) -> String {
    let t = thousands;
    let rank = match i.binary_rank {
        Some(r) => t(r),
        None => format!("not computed (order > {MAX_RANK_ORDER})"),
    };
    let degree = i.graph_degree.map_or("varies".to_string(), t);
    let size = |s: &crate::formulation::ModelSize| {
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
