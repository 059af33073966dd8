//! Each name once: the Python stubs' `Literal`s (`python/sudoku_ilp/_native.pyi`) are the
//! library's names ([`Named`]), so a name added to the library without the stub fails here; a
//! bad form name is refused by the command line with the library's list, on one line.

use crate::common::run;
use std::collections::BTreeSet;
use std::path::Path;
use sudoku_ilp::engine::Method;
use sudoku_ilp::export::Format;
use sudoku_ilp::formulation::{CageForm, ModelKind, PairForm, StepForm};
use sudoku_ilp::generate::Variant;
use sudoku_ilp::input::InputFormat;
use sudoku_ilp::named::{names, Named};
use sudoku_ilp::report::hint::HintLevel;

/// The quoted names of the first `Literal[...]` on the stub's line that starts with `start`.
fn literal(stub: &str, start: &str) -> BTreeSet<String> {
    let line = stub
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("the stub has no line starting {start:?}"));
    let inside = line
        .split_once("Literal[")
        .and_then(|(_, rest)| rest.split_once(']'))
        .unwrap_or_else(|| panic!("{line:?} has no Literal[...]"))
        .0;
    inside
        .split(',')
        .map(|n| n.trim().trim_matches('"').to_string())
        .collect()
}

/// Every name of `T` and every alias.
fn library<T: Named>() -> BTreeSet<String> {
    let mut all: BTreeSet<String> = names::<T>().into_iter().map(String::from).collect();
    for v in T::all() {
        all.extend(v.aliases().iter().map(|a| a.to_string()));
    }
    all
}

#[test]
fn the_stubs_literals_are_the_librarys_names() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/sudoku_ilp/_native.pyi");
    let stub = std::fs::read_to_string(path).unwrap();
    let pairs = [
        ("Method = ", library::<Method>()),
        ("Model = ", library::<ModelKind>()),
        ("CageForm = ", library::<CageForm>()),
        ("ThermoForm = ", library::<StepForm>()),
        ("PairForm = ", library::<PairForm>()),
        ("HintLevel = ", library::<HintLevel>()),
        ("Format = ", library::<Format>()),
        ("format: Literal[\"auto\"", library::<InputFormat>()),
        ("rules: Literal[", library::<Variant>()),
    ];
    for (start, names) in pairs {
        assert_eq!(literal(&stub, start), names, "{start}");
    }
    assert!(literal(&stub, "CageForm = ").contains("implied"));
}

#[test]
fn a_bad_form_name_is_one_line_with_the_librarys_names() {
    for (option, kind) in [
        ("--cage-form", names::<CageForm>()),
        ("--thermo-form", names::<StepForm>()),
        ("--pair-form", names::<PairForm>()),
    ] {
        let (code, stdout, stderr) = run(&["solve", option, "nope", "x.json"], None);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert_eq!(
            stderr,
            format!(
                "sudoku-ilp: {option} \"nope\": expected one of {}\n",
                kind.join(", ")
            )
        );
    }
}
