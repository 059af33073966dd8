//! The named techniques. Their names, difficulties (on Sukaku Explainer's published scale,
//! `serate`'s ER, its "original" ratings), kinds and finders are one table,
//! [`super::catalogue::CATALOGUE`] (cheapest first, in the order the path tries them); the enum lists them in the
//! same order. Chains add to their base by length as Sudoku Explainer does
//! ([`length_difficulty`]).

use serde::Serialize;

/// A named technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriplet,
    RuleElimination,
    CageCombination,
    InniesOuties,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    GroupedTurbotFish,
    XyWing,
    XyzWing,
    UniqueLoop1,
    UniqueLoop2,
    UniqueLoop3,
    UniqueLoop3Hidden,
    UniqueLoop4,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    ThreeStrongLinks,
    GroupedThreeStrongLinks,
    WxyzWing,
    BugType1,
    BugType2,
    BugType3,
    BugType4,
    VwxyzWing,
    XChain,
    XCycle,
    YCycle,
    XyCycle,
    XyChain,
    WWing,
    Aic,
    LpElimination,
    Nishio,
    CellForcingChain,
    RegionForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
    NestedForcingChain,
    NestedMultipleForcingChain,
    Guess,
}

/// What Sudoku Explainer adds to a chain's base difficulty for its length (`nodes` candidates
/// in the chain): 0.1 each time the length passes 4, 6, 9, 12, 18, 24, … (ceilings growing by
/// 3/2 and 4/3 in turn).
pub fn length_difficulty(nodes: usize) -> f64 {
    let length = nodes as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_ordered_by_difficulty_within_families() {
        let all: Vec<Technique> = Technique::all().collect();
        assert!(all
            .windows(2)
            .all(|w| w[0] < w[1] && w[0].name() != w[1].name()));
        assert!(all.iter().enumerate().all(|(i, &t)| t as usize == i));
        assert_eq!(length_difficulty(4), 0.0);
        assert_eq!(length_difficulty(7), 0.1);
        assert!((length_difficulty(9) - 0.2).abs() < 1e-9);
    }
}
