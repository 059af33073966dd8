//! A set of values as a bit set ([`ValueSet`]), the unit of the rules' value tables, and the
//! most digit sets a rule lists before it keeps its pair tables ([`MAX_DIGIT_SETS`]).

/// A set of values 1..=64 as a bit set: bit v−1 is value v (a [`crate::mask::Mask`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ValueSet(pub u64);

impl ValueSet {
    /// Every value of 1..=n.
    pub fn full(n: usize) -> ValueSet {
        ValueSet(crate::mask::full(n))
    }

    /// The set of the given values (each 1..=64).
    pub fn of(values: impl IntoIterator<Item = u8>) -> ValueSet {
        ValueSet(crate::mask::of(values))
    }

    pub fn contains(self, v: u8) -> bool {
        (1..=64).contains(&v) && self.0 >> (v - 1) & 1 == 1
    }

    pub fn insert(&mut self, v: u8) {
        self.0 |= crate::mask::bit(v);
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The values in increasing order.
    pub fn values(self) -> impl Iterator<Item = u8> {
        crate::mask::values(self.0)
    }
}

/// The most digit sets a [`DistinctSum`] may have. The digit-set encodings (the binary
/// model's y_D columns, the SAT engine's selectors with pairwise "at most one", propagation's
/// tables) grow with the number of sets, which a large cage on a large grid makes enormous
/// (an empty 25×25 with a 12-cell cage of sum 156: 142,120 sets, and the SAT encoding asked
/// for 3.2 GB). A cage with more sets is left to each engine's plain linear-sum encoding,
/// counted before anything is listed ([`super::primitive::digit_set_count`]).
pub const MAX_DIGIT_SETS: u64 = 1_000;
