//! The named techniques and their difficulties, on Sukaku Explainer's published scale
//! (`serate`'s ER, its "original" ratings): one table, cheapest first, in the order the path
//! tries them. Chains add to their base by length as Sudoku Explainer does
//! ([`length_difficulty`]). The rows with no Sudoku Explainer equivalent (rule eliminations,
//! innies and outies, LP elimination, guess) carry the project's own values, said in
//! `docs/hints.md`.

use serde::Serialize;

/// A named technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
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
    XyWing,
    XyzWing,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    WxyzWing,
    VwxyzWing,
    XChain,
    XyChain,
    WWing,
    Aic,
    LpElimination,
    Nishio,
    CellForcingChain,
    RegionForcingChain,
    Guess,
}

impl Technique {
    /// Every technique in the order the path tries them.
    pub const ALL: [Technique; 33] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::RuleElimination,
        Technique::CageCombination,
        Technique::InniesOuties,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::WxyzWing,
        Technique::VwxyzWing,
        Technique::XChain,
        Technique::XyChain,
        Technique::WWing,
        Technique::Aic,
        Technique::LpElimination,
        Technique::Nishio,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::Guess,
    ];

    /// The name shown to people.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::RuleElimination => "rule elimination",
            Technique::CageCombination => "cage combination",
            Technique::InniesOuties => "innies and outies",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::WxyzWing => "WXYZ-wing",
            Technique::VwxyzWing => "VWXYZ-wing",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::Aic => "alternating inference chain",
            Technique::LpElimination => "LP elimination",
            Technique::Nishio => "Nishio forcing chain",
            Technique::CellForcingChain => "cell forcing chain",
            Technique::RegionForcingChain => "region forcing chain",
            Technique::Guess => "guess (verified by search)",
        }
    }

    /// The base difficulty (Sukaku Explainer's scale; chains add [`length_difficulty`]).
    /// A hidden single in a box is 1.2, elsewhere 1.5 (set by the step).
    pub fn difficulty(self) -> f64 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::RuleElimination => 2.0,
            Technique::CageCombination => 2.0,
            Technique::InniesOuties => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::TurbotFish => 4.2,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::WWing => 7.1,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::WxyzWing => 5.5,
            Technique::VwxyzWing => 6.2,
            Technique::XChain => 6.6,
            Technique::XyChain => 7.0,
            Technique::Aic => 7.0,
            Technique::LpElimination => 7.4,
            Technique::Nishio => 7.5,
            Technique::CellForcingChain => 8.0,
            Technique::RegionForcingChain => 8.0,
            Technique::Guess => 11.0,
        }
    }

    /// Whether the technique is a sum of the binary model's equality rows (singles, locked
    /// candidates, subsets, fish: Provan's pigeon-hole techniques), so that every candidate it
    /// removes must be LP-implied.
    pub fn is_pigeonhole(self) -> bool {
        matches!(
            self,
            Technique::FullHouse
                | Technique::HiddenSingle
                | Technique::NakedSingle
                | Technique::Pointing
                | Technique::Claiming
                | Technique::NakedPair
                | Technique::HiddenPair
                | Technique::NakedTriple
                | Technique::HiddenTriple
                | Technique::NakedQuad
                | Technique::HiddenQuad
                | Technique::XWing
                | Technique::Swordfish
                | Technique::Jellyfish
        )
    }
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
        assert!(Technique::ALL
            .windows(2)
            .all(|w| w[0] < w[1] && w[0].name() != w[1].name()));
        assert_eq!(length_difficulty(4), 0.0);
        assert_eq!(length_difficulty(7), 0.1);
        assert!((length_difficulty(9) - 0.2).abs() < 1e-9);
    }
}
