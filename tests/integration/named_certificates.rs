//! Hints' certificates use the houses the text names (issue 43, item 4): on a sample of the
//! diabolical bank every elimination of a pigeon-hole step (locked candidates, subsets, fish)
//! is certified by exactly the house rows (and cell rows) its text names, every certificate
//! passes the independent checker, and the JSON says where each certificate comes from.

use crate::common::{check_removal, highs_lock, lines, shared_data, NO_HANG};
use std::collections::BTreeSet;
use sudoku_ilp::formulation::binary::house_row_name;
use sudoku_ilp::hint::certificate::{CertificateFrom, Certifier, Proof};
use sudoku_ilp::hint::path::{solve_path, PathOptions, PathStep};
use sudoku_ilp::hint::Candidates;
use sudoku_ilp::input::parse_line;
use sudoku_ilp::report::hint::step_json;

/// The text's words: runs of letters and digits (`box`, `1`, `r1c2`).
fn words(text: &str) -> Vec<&str> {
    text.split(|ch: char| !ch.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The houses the text names (`box 1`, `column 7`), as indices.
fn named_houses(g: &Candidates, text: &str) -> BTreeSet<usize> {
    let w = words(text);
    g.houses
        .iter()
        .enumerate()
        .filter(|(_, h)| {
            let name = h.kind.to_string();
            let name: Vec<&str> = name.split(' ').collect();
            w.windows(name.len()).any(|x| x == name.as_slice())
        })
        .map(|(i, _)| i)
        .collect()
}

/// A pigeon-hole step's certificates name exactly the houses, cells and values of its text
/// (the part before ", so", which states the eliminations' argument; after it a direct
/// technique names the house of its single).
fn check_named(s: &PathStep) {
    let g = &s.before;
    let text = s.step.text.split(", so ").next().unwrap();
    let houses = named_houses(g, text);
    let cells: BTreeSet<String> = words(text)
        .into_iter()
        .filter(|w| w.starts_with('r') && w.contains('c'))
        .map(str::to_string)
        .collect();
    for (i, &(_, v)) in s.step.eliminations.iter().enumerate() {
        let Proof::Implied(cert) = &s.proofs[i] else {
            panic!("{}: a pigeon-hole elimination is LP-implied", s.step.text);
        };
        assert_eq!(cert.from, CertificateFrom::Houses, "{}", s.step.text);
        let (mut in_rows, mut values) = (BTreeSet::new(), BTreeSet::new());
        for (name, m) in cert.iter() {
            assert_eq!(m.abs(), 1.0, "{}: {name} {m}", s.step.text);
            if let Some(cell) = name.strip_prefix("cell_") {
                assert!(
                    cells.contains(&cell.replace('_', "")),
                    "{}: {name} is a cell the text names",
                    s.step.text
                );
                continue;
            }
            let (h, w) = (0..g.houses.len())
                .flat_map(|h| (1..=g.n).map(move |w| (h, w)))
                .find(|&(h, w)| house_row_name(g.houses[h].kind, w) == *name)
                .unwrap_or_else(|| panic!("{name} is a house row"));
            in_rows.insert(h);
            values.insert(w);
        }
        assert_eq!(in_rows, houses, "{}: {:?}", s.step.text, cert.rows);
        // The values: the text's set `{1,2}` for a subset, else the one removed.
        let want: BTreeSet<usize> = match (text.find('{'), text.find('}')) {
            (Some(a), Some(b)) => text[a + 1..b]
                .split(',')
                .map(|x| x.parse().unwrap())
                .collect(),
            _ => BTreeSet::from([v as usize]),
        };
        assert_eq!(values, want, "{}: {:?}", s.step.text, cert.rows);
    }
}

#[test]
fn pigeonhole_certificates_are_the_houses_the_text_names() {
    let Some(file) = shared_data("sudoku_exchange_diabolical.txt") else {
        return;
    };
    let _guard = highs_lock();
    let options = PathOptions {
        limits: NO_HANG,
        ..PathOptions::default()
    };
    let (mut pigeon, mut other) = (0, 0);
    for (k, line) in lines(&file).into_iter().step_by(1301).take(30) {
        let puzzle = parse_line(&line, None).unwrap();
        let rows = Certifier::new(&puzzle).unwrap().rows().to_vec();
        let path = solve_path(&puzzle, options).unwrap();
        for s in &path.steps {
            let json = step_json(s);
            for (i, &(c, v)) in s.step.eliminations.iter().enumerate() {
                let Proof::Implied(cert) = &s.proofs[i] else {
                    continue;
                };
                let checked = check_removal(&rows, &s.before, (c, v), cert);
                assert!(checked.is_ok(), "line {k}: {}: {checked:?}", s.step.text);
                let e = &json["eliminations"][i];
                assert_eq!(e["certificate_from"], cert.from.name());
                assert_eq!(e["summed"]["proves"], true, "{e}");
                let why = e["summed"]["why"].as_str().unwrap();
                assert!(why.ends_with(&format!("so {} ≤ 0", cert.summed.target.0)));
            }
            if s.step.technique.is_pigeonhole() && !s.step.eliminations.is_empty() {
                check_named(s);
                pigeon += 1;
            } else if !s.step.eliminations.is_empty() {
                other += 1;
            }
        }
    }
    assert!(pigeon >= 20, "the sample has pigeon-hole steps ({pigeon})");
    eprintln!("{pigeon} pigeon-hole steps checked, {other} other steps with eliminations");
}
