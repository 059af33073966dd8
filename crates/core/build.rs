//! Compiles the C++ new-handler shim of `solve/` (`src/solve/out_of_memory.cpp`): see
//! `solve::exit_on_out_of_memory`.

fn main() {
    println!("cargo:rerun-if-changed=src/solve/out_of_memory.cpp");
    cc::Build::new()
        .cpp(true)
        .file("src/solve/out_of_memory.cpp")
        .compile("sudoku_ilp_out_of_memory");
}
