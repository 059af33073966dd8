//! Dynamic forcing chains (Sukaku Explainer's "Dynamic Forcing Chains", 8.5 plus length):
//! the multiple forcing chains ([`super::multiple_chains`]) with dynamic chains, so a chain
//! sees the candidates it has turned off; contradictions and double implications included.
//! The nested levels ([`super::dynamic_plus`], [`super::nested_forcing`]) are the same search
//! with more implications when a chain stops; this file turns the best hint into a step.

use super::grid::Candidates;
use super::implication::{Advanced, Layout};
use super::multiple_chains::{best, hints, ChainHint, Kind, Late, Search};
use super::step::{cell_list, Step};
use super::technique::{length_difficulty, Technique};
use crate::clock::Instant;

/// The most implications the dynamic and nested chains follow at one step (a cost bound, the
/// same on every machine: past it the step is a guess and the rating says "at least" the level
/// that ran out; about 5 s of one core on a hard 9×9).
pub const WORK_PER_STEP: u64 = 30_000_000;

/// Chains are searched on grids up to 9×9 (Sukaku Explainer's scale is a 9×9 one; the
/// implication sets grow with n³).
pub const MAX_N: usize = 9;

/// The best hint of dynamic multiple chains at a nested level (`advanced`), as a step of
/// `technique` named with Sukaku Explainer's `suffix`; [`Late`] past the deadline.
pub fn dynamic_step(
    g: &Candidates,
    technique: Technique,
    suffix: &str,
    advanced: Option<&dyn Advanced>,
    deadline: Option<Instant>,
) -> Result<Option<Step>, Late> {
    let search = Search {
        dynamic: true,
        nishio: false,
        advanced,
        outer: None,
        deadline,
    };
    chain_step(
        g,
        search,
        WORK_PER_STEP,
        &|_| technique,
        ("Dynamic ", suffix),
    )
}

/// The best hint of `search` on `g` as a step (its technique by the hint's kind), named
/// `prefix` + Sukaku Explainer's kind + `suffix`; [`Late`] past the deadline or `budget`
/// implications.
pub fn chain_step(
    g: &Candidates,
    search: Search,
    budget: u64,
    technique: &dyn Fn(Kind) -> Technique,
    (prefix, suffix): (&str, &str),
) -> Result<Option<Step>, Late> {
    if g.n > MAX_N {
        return Ok(None);
    }
    let layout = Layout::new(g, budget);
    let found = hints(&layout, &layout.masks, search)?;
    Ok(best(found).map(|h| step(g, technique(h.kind), (prefix, suffix), &h)))
}

/// A step from a hint.
fn step(
    g: &Candidates,
    technique: Technique,
    (prefix, suffix): (&str, &str),
    h: &ChainHint,
) -> Step {
    let (c, v, on) = h.target;
    let concl = match on {
        true => format!("{} is {v}", g.cell(c)),
        false => format!("{v} is not in {}", g.cell(c)),
    };
    let why = match (h.kind, h.assumed) {
        (Kind::Contradiction, Some((a, w))) if on => {
            format!(
                "without {w} in {}, a candidate would be both true and false",
                g.cell(a)
            )
        }
        (Kind::Contradiction, Some((a, w))) => {
            format!("{w} in {} makes a candidate both true and false", g.cell(a))
        }
        (Kind::Double, Some((a, w))) => {
            format!("{w} in {} true and false both imply it", g.cell(a))
        }
        (Kind::Region, _) => {
            let h_kind = h
                .house
                .map(|k| g.houses[k].kind.to_string())
                .unwrap_or_default();
            format!(
                "every place of {v0} in {h_kind} ({}) implies it",
                cell_list(g, &h.cells),
                v0 = place_value(h)
            )
        }
        _ => format!("every value of {} implies it", cell_list(g, &h.cells)),
    };
    let mut s = Step::new(
        technique,
        format!(
            "{prefix}{}{suffix}: {concl}: {why} (chains of {} candidates)",
            h.kind.se_name(),
            h.complexity
        ),
    );
    s.difficulty = technique.difficulty() + length_difficulty(h.complexity);
    s.eliminations = h.removals.clone();
    s.cells = h.cells.clone();
    s.cells.push(c);
    s.houses = h.house.into_iter().collect();
    s
}

/// The value of a region chain (the value whose places were assumed).
fn place_value(h: &ChainHint) -> u8 {
    h.assumed.map(|(_, v)| v).unwrap_or(h.target.1)
}

/// Dynamic forcing chains: no nested level.
pub fn dynamic_forcing(g: &Candidates, deadline: Option<Instant>) -> Result<Option<Step>, Late> {
    dynamic_step(g, Technique::DynamicForcingChain, "", None, deadline)
}
