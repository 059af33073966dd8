//! The library's layers, enforced: every `use crate::…` line of `crates/core/src` (test modules
//! excepted) imports a module of the same layer or of one below it. The layers, bottom first:
//! the leaves (statuses, names); the puzzle with its rules; the checker and the grid text; input
//! (it reads text into a checked puzzle); formulations; solve (HiGHS); exports; engines; tasks;
//! report; lessons (they play tasks and show their reports). A new top-level module must be
//! given a layer here, so the test fails until it is.
//!
//! Within a layer, no two modules may import each other, directly or round a longer circle: every
//! `crate::…` and `super::…` path of `crates/core/src` (test modules excepted) is an edge between
//! the two sibling modules that hold its two ends, and the graph of those edges has no cycle.
//!
//! And `unsafe` code lives in two files alone: every HiGHS C call in `solve/ffi/c_api.rs`, and the
//! out-of-memory exit in `solve/out_of_memory.rs`.

use std::path::{Path, PathBuf};

/// The layer of each top-level module of the library, bottom first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "leaves",
        &[
            "status",
            "named",
            "geometry",
            "clock",
            "linear_text",
            "mask",
        ],
    ),
    (
        "puzzle",
        &[
            "puzzle",
            "layout_index",
            "rules",
            "implied",
            "limits",
            "objective",
        ],
    ),
    ("check", &["check", "format"]),
    ("input", &["input"]),
    // The candidate grids and their propagators (the engines' and the lab loop's).
    ("candidates", &["candidates"]),
    ("formulation", &["formulation"]),
    // The LP interface makes an LP of a built model (`LpBackend`); solve implements it natively.
    ("solve", &["solve", "lp_interface"]),
    // The driven branch and bound sits with the engines (lp-bb runs its loop); lp_restore
    // measures the lab's basis restore on any LP backend.
    ("engine", &["engine", "lab", "lp_restore"]),
    // Above the engines: the CNF export writes the clauses the SAT engine solves (one source).
    ("export", &["export"]),
    (
        "tasks",
        &[
            "batch",
            "classroom",
            "compare",
            "explain",
            "fix",
            "generate",
            "hint",
            "info",
            "prove",
            "row_check",
        ],
    ),
    ("report", &["report"]),
    // Lessons play tasks and show their reports (`lesson::text`).
    ("lessons", &["lesson"]),
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

/// The module path of a library file: `rules/killer.rs` is `["rules", "killer"]`,
/// `engine/propagate/mod.rs` is `["engine", "propagate"]`, `lib.rs` is `[]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| {
            c.as_os_str()
                .to_str()
                .unwrap()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The paths a file names through `crate::` or `super::` outside comments (and before its
/// first `#[cfg(test)]`), resolved to module paths from the root; each is cut to the longest
/// prefix that is a module of `modules`.
fn named_modules(text: &str, own: &[String], modules: &[Vec<String>]) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .enumerate()
    {
        let code = line.split("//").next().unwrap();
        for (at, _) in code
            .match_indices("crate::")
            .chain(code.match_indices("super::"))
        {
            let before = code[..at].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: Vec<&str> = code[at..]
                .split("::")
                .map(|s| {
                    let end = s
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(s.len());
                    &s[..end]
                })
                .take_while(|s| !s.is_empty())
                .collect();
            let mut resolved: Vec<String> = match path[0] {
                "crate" => Vec::new(),
                _ => {
                    // `super` of a file module is its parent; chained `super`s climb on.
                    let ups = path.iter().take_while(|&&s| s == "super").count();
                    let base = own.len().saturating_sub(ups.min(own.len()));
                    own[..base].to_vec()
                }
            };
            resolved.extend(
                path.iter()
                    .skip_while(|&&s| s == "crate" || s == "super")
                    .map(|s| s.to_string()),
            );
            while !resolved.is_empty() && !modules.contains(&resolved) {
                resolved.pop();
            }
            out.push((i + 1, resolved));
        }
    }
    out
}

/// The edge between the two sibling modules that hold `a` and `b` (below their deepest common
/// ancestor), or `None` when one holds the other (a module may use its parent's items).
fn sibling_edge(a: &[String], b: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    (common < a.len() && common < b.len()).then(|| (a[..=common].to_vec(), b[..=common].to_vec()))
}

/// A cycle of the graph, as its modules in order, if it has one.
fn find_cycle(edges: &[(String, String)]) -> Option<Vec<String>> {
    use std::collections::BTreeMap;
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    // Depth-first search with the path on a stack: 0 unseen, 1 on the path, 2 done.
    fn visit<'a>(
        node: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        state: &mut BTreeMap<&'a str, u8>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        state.insert(node, 1);
        path.push(node);
        for &m in next.get(node).map(Vec::as_slice).unwrap_or(&[]) {
            match state.get(m).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|&p| p == m).unwrap();
                    let mut cycle: Vec<String> =
                        path[from..].iter().map(|s| s.to_string()).collect();
                    cycle.push(m.to_string());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, next, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node, 2);
        None
    }
    let mut state = BTreeMap::new();
    let nodes: Vec<&str> = next.keys().copied().collect();
    for node in nodes {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(node, &next, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The sibling edges of the library's sources, each with the file and line that makes it.
fn library_edges() -> Vec<(String, String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/src");
    let files = rust_files(&src);
    let modules: Vec<Vec<String>> = files
        .iter()
        .map(|f| module_of(f.strip_prefix(&src).unwrap()))
        .collect();
    let mut edges = Vec::new();
    for (file, own) in files.iter().zip(&modules) {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, target) in named_modules(&text, own, &modules) {
            if let Some((a, b)) = sibling_edge(own, &target) {
                let place = format!("{}:{line}", file.strip_prefix(&src).unwrap().display());
                edges.push((a.join("::"), b.join("::"), place));
            }
        }
    }
    edges
}

#[test]
fn no_two_library_modules_import_each_other() {
    let edges = library_edges();
    assert!(edges.len() > 100, "only {} edges read", edges.len());
    let pairs: Vec<(String, String)> = edges
        .iter()
        .map(|(a, b, _)| (a.clone(), b.clone()))
        .collect();
    if let Some(cycle) = find_cycle(&pairs) {
        let places: Vec<String> = cycle
            .windows(2)
            .filter_map(|w| edges.iter().find(|(a, b, _)| *a == w[0] && *b == w[1]))
            .map(|(a, b, place)| format!("{place}: {a} -> {b}"))
            .collect();
        panic!(
            "an import circle: {}\n{}",
            cycle.join(" -> "),
            places.join("\n")
        );
    }
}

/// The circle this test was written against (issue 33): at 387b818 the puzzle took `Rule`,
/// `Primitive` and `lower_all` from `rules`, and every rule file took `Cell` from `puzzle`
/// (`rules/killer.rs`: `use crate::puzzle::Cell;`); a `super::` path counts as well.
#[test]
fn the_old_puzzle_rules_circle_is_seen() {
    let modules: Vec<Vec<String>> = [&["puzzle"][..], &["rules"], &["rules", "killer"]]
        .iter()
        .map(|m| m.iter().map(|s| s.to_string()).collect())
        .collect();
    let puzzle = named_modules(
        "use crate::rules::{lower_all, Rule};",
        &modules[0],
        &modules,
    );
    let killer = named_modules(
        "use super::RuleProblem;\nuse crate::puzzle::Cell; // r1c1",
        &modules[2],
        &modules,
    );
    assert_eq!(killer.len(), 2);
    let mut pairs = Vec::new();
    for (own, found) in [(&modules[0], puzzle), (&modules[2], killer)] {
        for (_, target) in found {
            if let Some((a, b)) = sibling_edge(own, &target) {
                pairs.push((a.join("::"), b.join("::")));
            }
        }
    }
    assert_eq!(
        pairs,
        [
            ("puzzle".into(), "rules".into()),
            ("rules".into(), "puzzle".into())
        ]
    );
    assert!(find_cycle(&pairs).is_some());
    assert!(find_cycle(&pairs[..1]).is_none());
}

/// The files that may hold `unsafe` code: every HiGHS C call in one file, and the out-of-memory
/// exit (a C++ new-handler and the global allocator).
const UNSAFE_FILES: &[&str] = &["solve/ffi/c_api.rs", "solve/out_of_memory.rs"];

/// The lines of `text` that use `unsafe` code (not comments, not the lint's name).
fn unsafe_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or("");
            code.split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|word| word == "unsafe")
        })
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn unsafe_code_is_in_the_c_api_file_and_the_out_of_memory_exit_alone() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/src");
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&file).unwrap();
        let lines = unsafe_lines(&text);
        if UNSAFE_FILES.contains(&relative.as_str()) {
            assert!(
                !lines.is_empty(),
                "{relative} is listed but holds no unsafe code"
            );
        } else if let Some(line) = lines.first() {
            found.push(format!("{relative}:{line}"));
        }
    }
    assert!(
        found.is_empty(),
        "unsafe code outside {UNSAFE_FILES:?}: {found:?}"
    );
}

#[test]
fn an_unsafe_block_is_seen_and_a_comment_is_not() {
    assert_eq!(
        unsafe_lines("let x = unsafe { f() };\n// unsafe here\n#![deny(unsafe_code)]"),
        vec![1]
    );
}
