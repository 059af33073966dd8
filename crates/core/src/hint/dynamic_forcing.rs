//! Dynamic forcing chains (Sukaku Explainer's "Dynamic Forcing Chains", 8.5 plus length):
//! the multiple forcing chains ([`super::multiple_chains`]) with dynamic chains, so a chain
//! sees the candidates it has turned off; contradictions and double implications included.
//! The nested levels ([`super::dynamic_plus`], [`super::nested_forcing`]) are the same search
//! with more implications when a chain stops; this file turns the best hint into a step.

use super::grid::Candidates;
use super::implication::{Advanced, Layout};
use super::multiple_chains::{best, hints, ChainHint, Kind, Late, Search};
use super::static_chains::StaticChains;
use super::step::{cell_list, Step};
use super::technique::{length_difficulty, Technique};
use crate::clock::Instant;

/// The most implications the dynamic and nested chains follow at one step, all their levels
/// together (a cost bound, the same on every machine: past it the step is a guess and the
/// rating says "at least" the level that ran out; about 1 s of one core in a release build).
/// The steps of the 20 SE ≥ 11 puzzles of `benches/se_hardest.sh` need at most 11·10⁶.
pub const WORK_PER_STEP: u64 = 12_000_000;

/// What the chains of one step may spend: a deadline, and implications (`limit`, of which
/// `spent` are followed already, by the levels searched before); with the static chains its
/// nested levels share.
pub struct Budget {
    pub deadline: Option<Instant>,
    pub limit: u64,
    pub spent: std::cell::Cell<u64>,
    pub chains: StaticChains,
}

impl Budget {
    /// [`WORK_PER_STEP`] implications, nothing spent yet.
    pub fn per_step(deadline: Option<Instant>) -> Budget {
        Budget {
            deadline,
            limit: WORK_PER_STEP,
            spent: std::cell::Cell::new(0),
            chains: StaticChains::default(),
        }
    }

    /// No bound (the forcing chains, whose search is short).
    pub fn unlimited() -> Budget {
        Budget {
            deadline: None,
            limit: u64::MAX,
            spent: std::cell::Cell::new(0),
            chains: StaticChains::default(),
        }
    }
}

/// Chains are searched on grids up to 9×9 (Sukaku Explainer's scale is a 9×9 one; the
/// implication sets grow with n³).
pub const MAX_N: usize = 9;

/// The best hint of dynamic multiple chains at a nested level (`advanced`), as a step of
/// `technique` named with Sukaku Explainer's `suffix`; [`Late`] past the budget.
pub fn dynamic_step(
    g: &Candidates,
    technique: Technique,
    suffix: &str,
    advanced: Option<&dyn Advanced>,
    budget: &Budget,
) -> Result<Option<Step>, Late> {
    let search = Search {
        dynamic: true,
        nishio: false,
        advanced,
        outer: None,
        deadline: budget.deadline,
        reuse: None,
    };
    chain_step(g, search, budget, &|_| technique, ("Dynamic ", suffix))
}

/// The best hint of `search` on `g` as a step (its technique by the hint's kind), named
/// `prefix` + Sukaku Explainer's kind + `suffix`; [`Late`] past the deadline or the budget's
/// implications (those followed are added to what it has spent).
pub fn chain_step(
    g: &Candidates,
    search: Search,
    budget: &Budget,
    technique: &dyn Fn(Kind) -> Technique,
    (prefix, suffix): (&str, &str),
) -> Result<Option<Step>, Late> {
    if g.n > MAX_N {
        return Ok(None);
    }
    let layout = Layout::new(g, budget.limit);
    layout.work.set(budget.spent.get());
    let found = hints(&layout, &layout.masks, search);
    budget.spent.set(layout.work.get());
    let found = found?;
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
pub fn dynamic_forcing(g: &Candidates, budget: &Budget) -> Result<Option<Step>, Late> {
    dynamic_step(g, Technique::DynamicForcingChain, "", None, budget)
}
