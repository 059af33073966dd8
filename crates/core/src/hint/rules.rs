//! Each rule's own eliminations: a candidate of a rule's cell that no assignment of the rule's
//! other cells (from their candidates, different where they share a house) can support. A killer
//! cage's sum is "cage combination" (a digit in no digit set of the cage); an implied sum of the
//! houses and cages (innies and outies, [`crate::implied`]) is "innies and outies"; every
//! other rule is named by its kind and instance, then its row: "whispers line whispers1
//! (whispers1_r1c2_r1c3: …) leaves no room for 5 in r1c2".

use super::grid::{bit, values, Candidates};
use super::step::Step;
use super::technique::Technique;
use crate::puzzle::{Cell, Puzzle};
use crate::rules::primitive::{distinct_sums, Primitive, ValueSet};

/// Assignments tried per rule before it is left alone (a large cage is skipped, not slow).
const BUDGET: usize = 20_000;

/// A rule's primitive with the technique its eliminations are named by.
#[derive(Debug, Clone)]
pub struct RuleCheck {
    pub primitive: Primitive,
    pub technique: Technique,
    /// The rule the primitive comes from, as people name it with its instance tag
    /// (`whispers line whispers1`); `None` for an implied sum.
    pub rule: Option<String>,
    cells: Vec<usize>,
}

/// Each rule's instance tag (`whispers1`, numbered per tag prefix in the rules' order, as
/// [`crate::rules::lower_each`] numbers them), its tag prefix and its kind's name.
fn rule_names(puzzle: &Puzzle) -> Vec<(String, &'static str, &'static str)> {
    let mut counts: std::collections::HashMap<&str, usize> = Default::default();
    puzzle
        .rules()
        .iter()
        .map(|r| {
            let prefix = r.kind().tag_prefix();
            let k = counts.entry(prefix).or_insert(0);
            *k += 1;
            (format!("{prefix}{k}"), prefix, r.kind_name())
        })
        .collect()
}

/// How a step names the rule a primitive's tag belongs to: its kind and instance when the tag
/// is the instance tag or it followed by `_…` (`whispers line whispers1`), its kind alone for
/// the rules over the whole grid whose tags are the prefix and a pair (`anti-knight`), else
/// the tag (`the rule negxv_r1c1_r1c2`).
fn rule_of(tag: &str, names: &[(String, &'static str, &'static str)]) -> String {
    let follows = |base: &str| {
        tag.strip_prefix(base)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('_'))
    };
    if let Some((base, _, kind)) = names.iter().find(|(base, _, _)| follows(base)) {
        return format!("{kind} {base}");
    }
    match names.iter().find(|(_, prefix, _)| follows(prefix)) {
        Some((_, _, kind)) => kind.to_string(),
        None => format!("the rule {tag}"),
    }
}

/// The primitives of the puzzle and its implied sums (over at most `n` open cells), each with
/// its technique.
pub fn rule_checks(puzzle: &Puzzle) -> Vec<RuleCheck> {
    if puzzle.primitives().is_empty() {
        return Vec::new();
    }
    let n = puzzle.order();
    let original = puzzle.primitives().len();
    let all = puzzle.primitives_with_implied(n.min(9));
    let houses: Vec<Vec<Cell>> = puzzle.houses().iter().map(|h| h.cells.clone()).collect();
    let names = rule_names(puzzle);
    let cages: Vec<String> = distinct_sums(&all, &houses)
        .into_iter()
        .map(|d| d.tag)
        .collect();
    all.iter()
        .enumerate()
        .map(|(i, p)| {
            let technique = if i >= original {
                Technique::InniesOuties
            } else if cages.iter().any(|t| t == p.tag()) {
                Technique::CageCombination
            } else {
                Technique::RuleElimination
            };
            RuleCheck {
                cells: p.cells().iter().map(|c| c.row * n + c.col).collect(),
                rule: (i < original).then(|| rule_of(p.tag(), &names)),
                primitive: p.clone(),
                technique,
            }
        })
        .collect()
}

/// The values each cell of the rule can take in some full assignment of the rule's cells, or
/// `None` when the budget ran out.
fn supported(g: &Candidates, rule: &RuleCheck) -> Option<Vec<u64>> {
    if let Primitive::ValueSets(choice) = &rule.primitive {
        return Some(set_support(g, &rule.cells, &choice.sets));
    }
    let k = rule.cells.len();
    let mut assign = vec![0u8; k];
    let mut seen = vec![0u64; k];
    let mut budget = BUDGET;
    fn go(
        g: &Candidates,
        rule: &RuleCheck,
        i: usize,
        assign: &mut Vec<u8>,
        seen: &mut Vec<u64>,
        budget: &mut usize,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let value_of = |cell: Cell| -> u8 {
            let idx = cell.row * g.n + cell.col;
            rule.cells
                .iter()
                .position(|&c| c == idx)
                .map_or(g.value[idx], |j| assign[j])
        };
        if !rule.primitive.may_hold(g.n, value_of) {
            return true;
        }
        if i == assign.len() {
            if rule.primitive.holds(value_of) {
                for j in 0..assign.len() {
                    seen[j] |= bit(assign[j]);
                }
            }
            return true;
        }
        let c = rule.cells[i];
        for v in values(g.cand[c]) {
            let clash = (0..i).any(|j| assign[j] == v && g.sees(rule.cells[j], c));
            if clash {
                continue;
            }
            assign[i] = v;
            if !go(g, rule, i + 1, assign, seen, budget) {
                return false;
            }
        }
        assign[i] = 0;
        true
    }
    let exact = go(g, rule, 0, &mut assign, &mut seen, &mut budget).then_some(seen);
    match (&rule.primitive, exact) {
        // An outside clue over an open line: its automaton's support never gives up (values
        // may repeat along the line in it, so it removes less, and only what no line holds).
        (Primitive::Sightline(line), None) => {
            let masks: Vec<u64> = rule.cells.iter().map(|&c| g.cand[c]).collect();
            Some(crate::candidates::sightline_support(line, &masks).unwrap_or(vec![0; k]))
        }
        (_, exact) => exact,
    }
}

/// The values each cell of a set of values (a renban's windows, a nabner's sets) takes in some
/// matching of the line's cells to the values of one set, each cell within its candidates:
/// every full assignment of the rule, found without listing the line's orders.
fn set_support(g: &Candidates, cells: &[usize], sets: &[ValueSet]) -> Vec<u64> {
    let mut seen = vec![0u64; cells.len()];
    for set in sets {
        for (i, &c) in cells.iter().enumerate() {
            for v in values(g.cand[c] & set.0 & !seen[i]) {
                if matches_rest(g, cells, i, set.0 & !bit(v)) {
                    seen[i] |= bit(v);
                }
            }
        }
    }
    seen
}

/// Whether the cells but `skip` can take the values of `rest` one each, within their
/// candidates (a perfect matching, found by augmenting paths).
fn matches_rest(g: &Candidates, cells: &[usize], skip: usize, rest: u64) -> bool {
    fn augment(
        g: &Candidates,
        cells: &[usize],
        j: usize,
        owner: &mut [Option<usize>; 64],
        tried: &mut u64,
        rest: u64,
    ) -> bool {
        for v in values(g.cand[cells[j]] & rest & !*tried) {
            *tried |= bit(v);
            let slot = v as usize - 1;
            let free = match owner[slot] {
                None => true,
                Some(k) => augment(g, cells, k, owner, tried, rest),
            };
            if free {
                owner[slot] = Some(j);
                return true;
            }
        }
        false
    }
    let mut owner = [None; 64];
    (0..cells.len())
        .filter(|&j| j != skip)
        .all(|j| augment(g, cells, j, &mut owner, &mut 0, rest))
}

/// The first rule (in the technique order given) that removes a candidate.
pub fn rule_step(g: &Candidates, rules: &[RuleCheck], technique: Technique) -> Option<Step> {
    for rule in rules.iter().filter(|r| r.technique == technique) {
        if rule.cells.iter().all(|&c| g.value[c] != 0) {
            continue;
        }
        let Some(seen) = supported(g, rule) else {
            continue;
        };
        let elim: Vec<(usize, u8)> = rule
            .cells
            .iter()
            .zip(&seen)
            .filter(|(c, _)| g.value[**c] == 0)
            .flat_map(|(&c, &s)| values(g.cand[c] & !s).map(move |v| (c, v)))
            .collect();
        if elim.is_empty() {
            continue;
        }
        let who = match &rule.rule {
            Some(name) => name.clone(),
            None => "the implied sum".into(),
        };
        let mut s = Step::new(
            technique,
            format!(
                "{who} ({}) leaves no room for {}",
                rule.primitive,
                elim.iter()
                    .map(|&(c, v)| format!("{v} in {}", g.cell(c)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        s.eliminations = elim;
        s.cells = rule.cells.clone();
        return Some(s);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::rule_of;

    #[test]
    fn a_step_names_the_rule_its_row_comes_from() {
        let names = vec![
            ("thermo1".to_string(), "thermo", "thermometer"),
            ("thermo10".to_string(), "thermo", "thermometer"),
            ("whispers1".to_string(), "whispers", "whispers line"),
            ("antiknight1".to_string(), "antiknight", "anti-knight"),
        ];
        assert_eq!(rule_of("thermo1_step2", &names), "thermometer thermo1");
        assert_eq!(rule_of("thermo10_step1", &names), "thermometer thermo10");
        assert_eq!(
            rule_of("whispers1_r1c2_r1c3", &names),
            "whispers line whispers1"
        );
        assert_eq!(rule_of("antiknight_r1c1_r2c3", &names), "anti-knight");
        assert_eq!(
            rule_of("negxv_r1c1_r1c2", &names),
            "the rule negxv_r1c1_r1c2"
        );
    }
}
