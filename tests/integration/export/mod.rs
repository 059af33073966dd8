//! Exports proven by the real solvers: every `data/` puzzle and a sample of `../shared/data` is
//! exported as CPLEX LP and free MPS, solved by `glpsol --lp`, `glpsol --freemps` and `cbc` as
//! subprocesses, and their solutions are read back **by variable name** (glpsol's `-o` report,
//! cbc's `solu` file), decoded to a grid, checked by the test's own checker and compared with
//! HiGHS's grid (`sudoku-ilp solve --json`) when the puzzle has one solution; puzzles with no
//! solution must be reported infeasible. The GNU MathProg models solve the exported `.dat`.
//! HiGHS reads every export back and finds the built model's size. Exports are byte-identical
//! from run to run, and a golden file pins a small one.
//!
//! glpk-utils and coinor-cbc must be installed (`bash .ci/setup`).

//!
//! One file per format (`lp.rs`, `mps.rs`, `gmpl.rs`; CNF, graph colouring and MiniZinc data
//! are tested in `methods.rs`), every format on every rule type in `variants.rs`, `outside.rs`
//! and `every_rule.rs` (which checks that every rule type of the JSON Schema is covered), the
//! checks both model files share in `suites.rs`, the puzzles in `cases.rs`, the solvers in
//! `solvers.rs`, and the command's own behaviour in `command.rs`.

mod cases;
mod command;
mod every_rule;
mod fix;
mod gmpl;
mod lp;
mod mps;
mod objective;
mod outside;
mod solvers;
mod suites;
mod variants;
