//! The catalogue of techniques as one table: for each technique its name, its difficulty, whether
//! it is a pigeon-hole technique, whether it is on Sukaku Explainer's scale, and how the path
//! finds it. The order of the rows is the order the path tries them (Sukaku Explainer's order:
//! the cheapest first); [`super::Technique`] lists the same techniques in the same order.
//!
//! The rows with no Sukaku Explainer equivalent (rule eliminations, innies and outies, LP
//! elimination, guess) carry the project's own values, said in `docs/hints.md`, and are not on
//! its scale: a rating on that scale leaves them out ([`super::rating`]).

use super::dynamic_forcing::Budget;
use super::grid::Candidates;
use super::memo::Memo;
use super::multiple_chains::Late;
use super::rules::{rule_step, RuleCheck};
use super::step::Step;
use super::technique::Technique as T;
use super::{
    chains, cheapest_chain, direct_hidden, direct_locked, dynamic_forcing, dynamic_plus, fish,
    forcing, grouped_links, locked, nested_forcing, singles, subsets, unique, unique_loops, wings,
};
use crate::clock::Instant;

/// What a finder of the catalogue reads beside the grid.
pub struct Context<'a> {
    /// The rules' checks (variants).
    pub rules: &'a [RuleCheck],
    /// Whether uniqueness techniques may be used.
    pub uniqueness: bool,
    /// The parts of finders that found nothing, kept along the path ([`Memo`]: exact).
    pub memo: &'a Memo,
}

/// A finder of the catalogue: the first step of its technique on a grid, if any.
pub type CatalogueFinder = fn(&Candidates, &Context) -> Option<Step>;

/// A finder of the dynamic and nested forcing chains, stopped past its step's budget.
pub type DeepFinder = fn(&Candidates, &Budget) -> Result<Option<Step>, Late>;

/// How the path finds a technique's steps.
#[derive(Clone, Copy)]
pub enum Finder {
    /// Its own finder, tried in the table's order before the LP.
    Catalogue(CatalogueFinder),
    /// Found by the finder of an earlier row (a family found together: the turbot fishes, the
    /// chains, the wings of one finder).
    WithAbove,
    /// After the LP step: the forcing chains, tried in the table's order.
    Forcing(fn(&Candidates) -> Option<Step>),
    /// After the forcing chains: the dynamic and nested forcing chains, tried in the table's
    /// order within a deadline ([`Late`] past it).
    Deep(DeepFinder),
    /// By the path itself: the LP elimination and the guess.
    Path,
}

/// One technique of the catalogue.
pub struct Row {
    pub technique: T,
    /// The name shown to people.
    pub name: &'static str,
    /// The base difficulty (chains add their length, a hidden single in a box is 1.2).
    pub difficulty: f64,
    /// A sum of the binary model's equality rows (every removal is LP-implied).
    pub pigeonhole: bool,
    /// One of Sukaku Explainer's techniques, so its difficulty is on its scale.
    pub se: bool,
    /// It assumes the puzzle has one solution (left out with `--no-uniqueness`).
    pub uniqueness: bool,
    pub finder: Finder,
}

const fn row(
    technique: T,
    name: &'static str,
    difficulty: f64,
    pigeonhole: bool,
    se: bool,
    finder: Finder,
) -> Row {
    Row {
        technique,
        name,
        difficulty,
        pigeonhole,
        se,
        uniqueness: false,
        finder,
    }
}

/// A row of a uniqueness technique.
const fn unique(technique: T, name: &'static str, difficulty: f64, finder: Finder) -> Row {
    Row {
        uniqueness: true,
        ..row(technique, name, difficulty, false, true, finder)
    }
}

use Finder::{Catalogue as C, Deep as D, Forcing as F, Path as P, WithAbove as W};

/// Every technique, in the order the path tries them.
#[rustfmt::skip]
pub const CATALOGUE: [Row; 56] = [
    row(T::FullHouse, "full house", 1.0, true, true, C(|g, _| singles::full_house(g))),
    row(T::HiddenSingle, "hidden single", 1.5, true, true, C(|g, x| singles::hidden_single_with(g, x.memo))),
    row(T::DirectPointing, "direct pointing", 1.7, true, true, C(|g, x| direct_locked::direct_pointing_with(g, x.memo))),
    row(T::DirectClaiming, "direct claiming", 1.9, true, true, C(|g, x| direct_locked::direct_claiming_with(g, x.memo))),
    row(T::DirectHiddenPair, "direct hidden pair", 2.0, true, true, C(|g, x| direct_hidden::direct_hidden_pair_with(g, x.memo))),
    row(T::NakedSingle, "naked single", 2.3, true, true, C(|g, _| singles::naked_single(g))),
    row(T::DirectHiddenTriplet, "direct hidden triplet", 2.5, true, true, C(|g, x| direct_hidden::direct_hidden_triplet_with(g, x.memo))),
    row(T::RuleElimination, "rule elimination", 2.0, false, false, C(|g, x| rule_step(g, x.rules, T::RuleElimination))),
    row(T::CageCombination, "cage combination", 2.0, false, false, C(|g, x| rule_step(g, x.rules, T::CageCombination))),
    row(T::InniesOuties, "innies and outies", 2.5, false, false, C(|g, x| rule_step(g, x.rules, T::InniesOuties))),
    row(T::Pointing, "pointing", 2.6, true, true, C(|g, x| locked::pointing_with(g, x.memo))),
    row(T::Claiming, "claiming", 2.8, true, true, C(|g, x| locked::claiming_with(g, x.memo))),
    row(T::NakedPair, "naked pair", 3.0, true, true, C(|g, x| subsets::naked_with(g, 2, x.memo))),
    row(T::XWing, "X-wing", 3.2, true, true, C(|g, x| fish::fish_with(g, 2, x.memo))),
    row(T::HiddenPair, "hidden pair", 3.4, true, true, C(|g, x| subsets::hidden_with(g, 2, x.memo))),
    row(T::NakedTriple, "naked triple", 3.6, true, true, C(|g, x| subsets::naked_with(g, 3, x.memo))),
    row(T::Swordfish, "swordfish", 3.8, true, true, C(|g, x| fish::fish_with(g, 3, x.memo))),
    row(T::HiddenTriple, "hidden triple", 4.0, true, true, C(|g, x| subsets::hidden_with(g, 3, x.memo))),
    row(T::Skyscraper, "skyscraper", 4.0, false, true, C(|g, x| if grouped_links::classic(g) { grouped_links::turbot_fish_with(g, x.memo) } else { chains::turbot(g) })),
    row(T::TwoStringKite, "two-string kite", 4.1, false, true, W),
    row(T::TurbotFish, "turbot fish", 4.2, false, true, W),
    row(T::GroupedTurbotFish, "grouped turbot fish", 4.3, false, true, W),
    row(T::XyWing, "XY-wing", 4.2, false, true, C(|g, _| wings::xy_wing(g, false))),
    row(T::XyzWing, "XYZ-wing", 4.4, false, true, C(|g, _| wings::xy_wing(g, true))),
    unique(T::UniqueLoop1, "unique rectangle/loop type 1", 4.5, C(unique_loops::unique_loop)),
    unique(T::UniqueLoop2, "unique rectangle/loop type 2", 4.5, W),
    unique(T::UniqueLoop3, "unique rectangle/loop type 3", 4.6, W),
    unique(T::UniqueLoop3Hidden, "unique rectangle/loop type 3, hidden set", 4.5, W),
    unique(T::UniqueLoop4, "unique rectangle/loop type 4", 4.5, W),
    row(T::NakedQuad, "naked quad", 5.0, true, true, C(|g, x| subsets::naked_with(g, 4, x.memo))),
    row(T::Jellyfish, "jellyfish", 5.2, true, true, C(|g, x| fish::fish_with(g, 4, x.memo))),
    row(T::HiddenQuad, "hidden quad", 5.4, true, true, C(|g, x| subsets::hidden_with(g, 4, x.memo))),
    row(T::ThreeStrongLinks, "3 strong-linked fish", 5.4, false, true, C(|g, x| if grouped_links::classic(g) { grouped_links::three_strong_links_with(g, x.memo) } else { chains::three_strong_links(g) })),
    row(T::GroupedThreeStrongLinks, "3 strong-linked fish, grouped", 5.7, false, true, W),
    row(T::WxyzWing, "WXYZ-wing", 5.5, false, true, C(|g, _| wings::wing_of_size(g, 4))),
    unique(T::BugType1, "BUG type 1", 5.6, C(|g, x| if x.rules.is_empty() { unique::bug_type_1(g) } else { None })),
    unique(T::BugType2, "BUG type 2", 5.7, C(|g, x| if x.rules.is_empty() { unique::bug_types_2_to_4(g) } else { None })),
    unique(T::BugType3, "BUG type 3", 5.8, W),
    unique(T::BugType4, "BUG type 4", 5.7, W),
    row(T::VwxyzWing, "VWXYZ-wing", 6.2, false, true, C(|g, _| wings::wing_of_size(g, 5))),
    row(T::XChain, "X-chain", 6.6, false, true, C(|g, _| cheapest_chain(g))),
    row(T::XCycle, "bidirectional X-cycle", 6.5, false, true, W),
    row(T::YCycle, "bidirectional Y-cycle", 6.5, false, true, W),
    row(T::XyCycle, "bidirectional cycle", 7.0, false, true, W),
    row(T::XyChain, "XY-chain", 7.0, false, true, W),
    row(T::WWing, "W-wing", 7.1, false, true, W),
    row(T::Aic, "alternating inference chain", 7.0, false, true, W),
    row(T::LpElimination, "LP elimination", 7.4, false, false, P),
    row(T::Nishio, "Nishio forcing chain", 7.5, false, true, F(forcing::nishio)),
    row(T::CellForcingChain, "cell forcing chain", 8.0, false, true, F(forcing::cell_forcing)),
    row(T::RegionForcingChain, "region forcing chain", 8.0, false, true, W),
    row(T::DynamicForcingChain, "dynamic forcing chain", 8.5, false, true, D(dynamic_forcing::dynamic_forcing)),
    row(T::DynamicForcingChainPlus, "dynamic forcing chain (+)", 9.0, false, true, D(dynamic_plus::dynamic_plus)),
    row(T::NestedForcingChain, "nested forcing chain (+ forcing chains)", 9.5, false, true, D(nested_forcing::nested_forcing)),
    row(T::NestedMultipleForcingChain, "nested forcing chain (+ multiple forcing chains)", 10.0, false, true, D(nested_forcing::nested_multiple)),
    row(T::Guess, "guess (verified by search)", 11.0, false, false, P),
];

/// The cheapest catalogue step on `g` before the LP and the forcing chains, if any.
pub fn catalogue_step(g: &Candidates, context: &Context) -> Option<Step> {
    CATALOGUE.iter().find_map(|row| match row.finder {
        Finder::Catalogue(find) if context.uniqueness || !row.uniqueness => find(g, context),
        _ => None,
    })
}

/// The forcing chains, after the LP: Nishio, then cell and region forcing chains.
pub fn forcing_step(g: &Candidates) -> Option<Step> {
    CATALOGUE.iter().find_map(|row| match row.finder {
        Finder::Forcing(find) => find(g),
        _ => None,
    })
}

/// The first technique Sukaku Explainer has beyond the catalogue: "Dynamic Forcing Chains
/// (+ Dynamic Forcing Chains)", 10.5 plus length. A puzzle that needs it is rated "≥ 10.5".
pub const BEYOND_CATALOGUE: f64 = 10.5;

/// Why the dynamic and nested forcing chains found no step: none applies (every level was
/// searched), or the level of this row ran out of time. Either way Sukaku Explainer's step
/// here is at least [`DeepEnd::bound`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DeepEnd {
    NoneApplies,
    Late(T),
}

impl DeepEnd {
    /// The least difficulty Sukaku Explainer's step can have here: the base of the first
    /// level not searched to its end.
    pub fn bound(self) -> f64 {
        match self {
            DeepEnd::NoneApplies => BEYOND_CATALOGUE,
            DeepEnd::Late(t) => t.difficulty(),
        }
    }
}

/// The dynamic and nested forcing chains in order, up to `levels` rows (all of them within
/// `deadline` and one step's budget of implications, [`Budget::per_step`]), after the forcing
/// chains found nothing.
pub fn deep_step(
    g: &Candidates,
    levels: usize,
    deadline: Option<Instant>,
) -> Result<Step, DeepEnd> {
    let deep = CATALOGUE.iter().filter_map(|row| match row.finder {
        Finder::Deep(find) => Some((row.technique, find)),
        _ => None,
    });
    let budget = Budget::per_step(deadline);
    for (k, (t, find)) in deep.enumerate() {
        if k >= levels {
            return Err(DeepEnd::Late(t));
        }
        match find(g, &budget) {
            Ok(Some(s)) => return Ok(s),
            Ok(None) => {}
            Err(Late) => return Err(DeepEnd::Late(t)),
        }
    }
    Err(DeepEnd::NoneApplies)
}

/// The technique's data, read from its row of [`CATALOGUE`] (here, so that the table and the
/// enum it names do not import each other round a circle).
impl T {
    /// Every technique in the order the path tries them (the catalogue's rows).
    pub fn all() -> impl Iterator<Item = T> {
        CATALOGUE.iter().map(|row| row.technique)
    }

    /// The technique's row of the catalogue.
    pub fn row(self) -> &'static Row {
        &CATALOGUE[self as usize]
    }

    /// The name shown to people.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The base difficulty (Sukaku Explainer's scale; chains add [`length_difficulty`]).
    /// A hidden single in a box is 1.2, elsewhere 1.5 (set by the step).
    pub fn difficulty(self) -> f64 {
        self.row().difficulty
    }

    /// Whether the technique is a sum of the binary model's equality rows (singles, locked
    /// candidates, subsets, fish: Provan's pigeon-hole techniques), so that every candidate it
    /// removes must be LP-implied.
    pub fn is_pigeonhole(self) -> bool {
        self.row().pigeonhole
    }

    /// Whether the technique assumes the puzzle has one solution (a uniqueness technique).
    pub fn assumes_uniqueness(self) -> bool {
        self.row().uniqueness
    }

    /// Whether the technique is one of Sukaku Explainer's, so that its difficulty is on its
    /// scale (the rules' eliminations, the LP elimination and the guess are not).
    pub fn is_se(self) -> bool {
        self.row().se
    }
}

/// Calls `visit` with each grid along the catalogue's path of the classic puzzle `line` (the
/// catalogue's step, else the forcing chains', applied each time), until the grid is full or no
/// step is found: the grids the finders' tests compare their searches on.
#[cfg(test)]
pub(crate) fn along_path(line: &str, mut visit: impl FnMut(&Candidates)) {
    let puzzle = crate::input::parse_line(line, None).unwrap();
    let memo = Memo::off();
    let context = Context {
        rules: &[],
        uniqueness: true,
        memo: &memo,
    };
    let mut g = Candidates::new(&puzzle);
    while !g.solved() {
        visit(&g);
        let Some(step) = catalogue_step(&g, &context).or_else(|| forcing_step(&g)) else {
            break;
        };
        step.apply(&mut g);
    }
}
