//! Running out of memory ends the process with one line and exit code 3, never with an abort:
//! the C++ new-handler of HiGHS and CaDiCaL (installed through the shim `out_of_memory.cpp`) and
//! Rust's global allocator [`ExitOnOutOfMemory`] both end here. For programs, not libraries:
//! it ends the process ([`super::exit_on_out_of_memory`]). The HiGHS calls are in
//! [`super::ffi`]; this file holds the process's last words and nothing of HiGHS.

use std::ffi::c_int;
use std::io::Write;

/// The line said when an allocation fails, before the process ends with exit code 3.
const OUT_OF_MEMORY: &str =
    "out of memory: an allocation failed (the memory this process may use is exhausted)\n";

/// What runs before the process ends for lack of memory (removing temporary files), and the
/// line to say (the program's own, else [`OUT_OF_MEMORY`]).
static CLEANUP: std::sync::OnceLock<(fn(), &'static str)> = std::sync::OnceLock::new();

/// Set by the first thread that runs out of memory; the others wait for it to end the process.
static ENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" {
    /// `solve/out_of_memory.cpp`: installs the C++ new-handler that calls
    /// [`sudoku_ilp_out_of_memory`].
    fn sudoku_ilp_set_new_handler();
    /// POSIX `_exit`: ends the process at once, with no exit handlers and no C++ static
    /// destructors (which could touch the state a failed allocation left half-made).
    fn _exit(code: c_int) -> !;
}

/// Makes every failed C++ allocation (HiGHS, CaDiCaL) end the process through
/// [`out_of_memory`], after `cleanup`.
pub(crate) fn set_new_handler(line: &'static str, cleanup: fn()) {
    let _ = CLEANUP.set((cleanup, line));
    // SAFETY: the shim only calls `std::set_new_handler` with a function of its own.
    unsafe { sudoku_ilp_set_new_handler() }
}

/// Called by the C++ new-handler when `operator new` cannot allocate.
#[no_mangle]
extern "C" fn sudoku_ilp_out_of_memory() {
    out_of_memory()
}

/// Ends the process for lack of memory: the cleanup, one line on standard error, exit code 3.
/// Nothing here allocates (the line is static, standard error is unbuffered).
fn out_of_memory() -> ! {
    if ENDING.swap(true, std::sync::atomic::Ordering::SeqCst) {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
    let line = match CLEANUP.get() {
        Some((cleanup, line)) => {
            cleanup();
            line
        }
        None => OUT_OF_MEMORY,
    };
    let _ = std::io::stderr().write_all(line.as_bytes());
    // SAFETY: `_exit` takes any status and does not return.
    unsafe { _exit(3) }
}

/// The system allocator, except that an allocation it cannot make ends the process through
/// [`out_of_memory`] (one line, exit code 3) instead of Rust's abort.
pub struct ExitOnOutOfMemory;

/// A pointer, or the end of the process when it is null.
fn or_exit(ptr: *mut u8) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory()
    }
    ptr
}

// SAFETY: every call is passed to `System` unchanged; only a null result is handled, by not
// returning.
unsafe impl std::alloc::GlobalAlloc for ExitOnOutOfMemory {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        or_exit(unsafe { std::alloc::System.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on.
        or_exit(unsafe { std::alloc::System.alloc_zeroed(layout) })
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc`, passed on.
        or_exit(unsafe { std::alloc::System.realloc(ptr, layout, size) })
    }
}
