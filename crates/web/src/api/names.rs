//! The library's `Named` lists as the page reads them (the command line's and Python's names).

/// The lab's choices as the library names them (the command line's and Python's names):
/// `{"branching": [{name, about}], "cut_policy": …, "node_rule": …, "cut_kind": …}`, in the
/// order the command line's help lists them.
pub fn lab_names() -> String {
    use sudoku_ilp::named::Named;
    fn list<T: Named>() -> serde_json::Value {
        T::all()
            .iter()
            .map(|v| serde_json::json!({"name": v.name(), "about": v.about()}))
            .collect()
    }
    serde_json::json!({
        "branching": list::<sudoku_ilp::lab::auto::Branching>(),
        "cut_policy": list::<sudoku_ilp::lab::auto::CutPolicy>(),
        "node_rule": list::<sudoku_ilp::lab::NodeRule>(),
        "cut_kind": list::<sudoku_ilp::lab::cuts::CutKind>(),
    })
    .to_string()
}
