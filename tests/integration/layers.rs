//! The library's layers, enforced: every `use crate::…` line of `crates/core/src` (test modules
//! excepted) imports a module of the same layer or of one below it. The layers, bottom first:
//! the leaves (statuses, names); the puzzle with its rules; the checker and the grid text; input
//! (it reads text into a checked puzzle); formulations; solve (HiGHS); exports; engines; tasks;
//! report. A new top-level module must be given a layer here, so the test fails until it is.

use std::path::{Path, PathBuf};

/// The layer of each top-level module of the library, bottom first.
const LAYERS: &[(&str, &[&str])] = &[
    ("leaves", &["status", "named"]),
    ("puzzle", &["puzzle", "rules", "limits"]),
    ("check", &["check", "format"]),
    ("input", &["input"]),
    ("formulation", &["formulation"]),
    ("solve", &["solve"]),
    ("engine", &["engine"]),
    // Above the engines: the CNF export writes the clauses the SAT engine solves (one source).
    ("export", &["export"]),
    (
        "tasks",
        &[
            "batch",
            "classroom",
            "compare",
            "explain",
            "generate",
            "info",
        ],
    ),
    ("report", &["report"]),
];

/// The layer index of a top-level module, or `None` when no layer names it.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The top-level modules a file's `use crate::` lines import, with their line numbers; lines
/// from the first `#[cfg(test)]` on are left out (tests may build puzzles from text).
fn imports(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .enumerate()
        .filter_map(|(i, l)| {
            let rest = l.trim().strip_prefix("pub ").unwrap_or(l.trim());
            let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
            let path = rest.strip_prefix("use crate::")?;
            let module: String = path
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            Some((i + 1, module))
        })
        .collect()
}

#[test]
fn no_library_module_imports_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/src");
    let mut upward = Vec::new();
    let mut checked = 0;
    for file in rust_files(&src) {
        let relative = file.strip_prefix(&src).unwrap();
        let top = relative.components().next().unwrap().as_os_str();
        let top = top.to_str().unwrap().trim_end_matches(".rs");
        if top == "lib" {
            continue;
        }
        let own = layer_of(top).unwrap_or_else(|| panic!("{top}: give it a layer in LAYERS"));
        for (line, module) in imports(&std::fs::read_to_string(&file).unwrap()) {
            let theirs =
                layer_of(&module).unwrap_or_else(|| panic!("{module}: give it a layer in LAYERS"));
            checked += 1;
            if theirs > own {
                upward.push(format!(
                    "{}:{line}: {top} ({}) imports {module} ({})",
                    relative.display(),
                    LAYERS[own].0,
                    LAYERS[theirs].0
                ));
            }
        }
    }
    assert!(checked > 100, "only {checked} `use crate::` lines read");
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

#[test]
fn an_upward_import_is_seen() {
    let text =
        "use crate::puzzle::Grid;\nuse crate::report::text;\n#[cfg(test)]\nuse crate::input;";
    assert_eq!(
        imports(text),
        vec![(1, "puzzle".to_string()), (2, "report".to_string())]
    );
    assert!(layer_of("report") > layer_of("engine"));
}
