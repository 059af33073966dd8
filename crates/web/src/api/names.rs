//! The library's `Named` lists as the page reads them (the command line's and Python's names).

use sudoku_ilp::engine::Method;
use sudoku_ilp::export::Format;
use sudoku_ilp::named::Named;
use sudoku_ilp::report::hint::HintLevel;

fn list<T: Named>() -> serde_json::Value {
    T::all()
        .iter()
        .map(|v| serde_json::json!({"name": v.name(), "about": v.about()}))
        .collect()
}

/// The methods the page runs: [`Method`]'s list without those the WebAssembly build has no
/// engine for (`sat`: CaDiCaL is C++ and is not compiled to WebAssembly).
pub fn page_methods() -> Vec<Method> {
    Method::all()
        .iter()
        .copied()
        .filter(|m| *m != Method::Sat)
        .collect()
}

/// The page's other choices by the library's names: `{"method": [{name, about}] (the page's
/// methods, see [`page_methods`]), "hint_level": …, "format": …}`, in the command line's order.
pub fn names() -> String {
    let methods: Vec<serde_json::Value> = page_methods()
        .into_iter()
        .map(|v| serde_json::json!({"name": v.name(), "about": v.about()}))
        .collect();
    serde_json::json!({
        "method": methods,
        "hint_level": list::<HintLevel>(),
        "format": list::<Format>(),
    })
    .to_string()
}

/// The lab's choices as the library names them (the command line's and Python's names):
/// `{"branching": [{name, about}], "cut_policy": …, "node_rule": …, "cut_kind": …}`, in the
/// order the command line's help lists them.
pub fn lab_names() -> String {
    serde_json::json!({
        "branching": list::<sudoku_ilp::lab::auto::Branching>(),
        "cut_policy": list::<sudoku_ilp::lab::auto::CutPolicy>(),
        "node_rule": list::<sudoku_ilp::lab::NodeRule>(),
        "cut_kind": list::<sudoku_ilp::lab::cuts::CutKind>(),
    })
    .to_string()
}
