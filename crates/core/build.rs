//! Compiles the C++ new-handler shim of `solve/` (`src/solve/out_of_memory.cpp`): see
//! `solve::exit_on_out_of_memory`.

fn main() {
    println!("cargo:rerun-if-changed=src/solve/out_of_memory.cpp");
    // Only the `highs` feature has `solve/ffi/`, which calls the shim (the browser build has
    // neither the shim nor a C++ compiler for wasm32).
    if std::env::var_os("CARGO_FEATURE_HIGHS").is_none() {
        return;
    }
    cc::Build::new()
        .cpp(true)
        .file("src/solve/out_of_memory.cpp")
        .compile("sudoku_ilp_out_of_memory");
}
