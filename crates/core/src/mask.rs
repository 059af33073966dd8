//! The candidate mask: a set of values 1..=n (n ≤ 64) as the bits of a `u64`, bit v−1 for value
//! v. Both candidate grids hold one per cell (the propagation state
//! [`crate::candidates::State`] and the techniques' [`crate::hint::grid::Candidates`]), the
//! engines and propagators build them, and [`crate::rules::ValueSet`] wraps one for the rules.
//! Its helpers are written here once. A plain `u64` (not a new type) because the propagation
//! loops do their own bit arithmetic on it.

/// A set of values, bit v−1 for value v.
pub type Mask = u64;

/// The mask of value v alone (1 ≤ v ≤ 64).
#[inline]
pub fn bit(v: u8) -> Mask {
    1u64 << (v - 1)
}

/// Every value of 1..=n.
#[inline]
pub fn full(n: usize) -> Mask {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Exactly one value (without a `popcnt` instruction on the baseline target, a popcount is a
/// dozen instructions).
#[inline(always)]
pub fn is_single(m: Mask) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// The smallest value of a non-empty mask.
#[inline]
pub fn lowest(m: Mask) -> u8 {
    m.trailing_zeros() as u8 + 1
}

/// The largest value of a non-empty mask.
#[inline]
pub fn highest(m: Mask) -> u8 {
    64 - m.leading_zeros() as u8
}

/// The values of a mask, ascending.
pub fn values(m: Mask) -> impl Iterator<Item = u8> {
    single_bits(m).map(lowest)
}

/// The one-value masks of `m`, lowest first.
pub fn single_bits(mut m: Mask) -> impl Iterator<Item = Mask> {
    std::iter::from_fn(move || {
        let bit = m & m.wrapping_neg();
        m &= m.wrapping_sub(1);
        (bit != 0).then_some(bit)
    })
}

/// The mask of these values (each 1..=64).
pub fn of(values: impl IntoIterator<Item = u8>) -> Mask {
    values.into_iter().fold(0, |m, v| m | bit(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_hold_values_from_one() {
        let m = of([1, 3, 64]);
        assert_eq!(values(m).collect::<Vec<_>>(), vec![1, 3, 64]);
        assert_eq!(single_bits(m).collect::<Vec<_>>(), vec![1, 4, 1 << 63]);
        assert_eq!((lowest(m), highest(m)), (1, 64));
        assert!(is_single(bit(7)) && !is_single(m) && !is_single(0));
        assert_eq!(full(4), 0b1111);
        assert_eq!(full(64), u64::MAX);
    }
}
