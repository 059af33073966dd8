// The C++ half of `solve::exit_on_out_of_memory` (see `solve/ffi.rs`): HiGHS and CaDiCaL are
// C++, and an allocation they cannot make throws `std::bad_alloc`, which no Rust frame can
// catch (the process aborts with "Rust cannot catch foreign exceptions", or HiGHS catches it
// half-way and goes on with a broken state). A new-handler runs before `operator new` throws:
// this one hands over to Rust, which says so in one line and ends the process.
#include <new>

extern "C" void sudoku_ilp_out_of_memory(void);

namespace {
void out_of_memory() { sudoku_ilp_out_of_memory(); }
}  // namespace

extern "C" void sudoku_ilp_set_new_handler(void) { std::set_new_handler(out_of_memory); }
