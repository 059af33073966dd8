//! All integration tests in one binary, so `cargo test` links once (as ripgrep does).

mod bad_input;
mod batch;
mod browser;
mod cli_data;
mod cli_edges;
mod collections;
mod common;
mod count;
mod equivalence;
mod export;
mod highs;
mod hostile;
mod hostile_table;
mod layers;
mod lp_bb;
mod lp_render;
mod methods;
mod natural;
mod propagate;
mod render;
mod resume;
mod sat;
mod scale;
mod tutorial;
mod variant_rules;
mod variants;
