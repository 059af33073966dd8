//! The candidate grid the techniques read: for every cell its placed value or the set of values
//! still open, over the puzzle's houses (rows, columns, boxes or regions, diagonals, extra
//! regions: whatever [`Puzzle::houses`] lists; no shape is special).
//!
//! A candidate (cell c, value v) is the column x_cv of the binary model; an open candidate is a
//! column not yet fixed, a removed one a column fixed at 0, a placed value a column fixed at 1.
//! Placing v in c removes v from every peer of c (a cell sharing a house with c): that removal
//! is the house row `Σ_{d∈H} x_dv = 1` minus the placed column, not a step of its own.

use crate::puzzle::{Cell, HouseKind, Puzzle};
use std::sync::Arc;

pub use crate::mask::{bit, values, Mask};

/// One house: its kind (for names) and its cells as indices `row·n + col`.
#[derive(Debug, Clone)]
pub struct GridHouse {
    pub kind: HouseKind,
    pub cells: Vec<usize>,
}

/// Placed values and open candidates of every cell. The layout (houses, houses of a cell,
/// peers) is shared between clones: a clone copies only the two per-cell vectors.
#[derive(Debug, Clone)]
pub struct Candidates {
    pub n: usize,
    pub houses: Arc<Vec<GridHouse>>,
    /// For each cell, the indices of its houses.
    pub houses_of: Arc<Vec<Vec<usize>>>,
    /// For each cell, the cells sharing a house with it (sorted, without itself).
    pub peers: Arc<Vec<Vec<usize>>>,
    /// [`Candidates::peers`] as a bit matrix: cell a's row is `words` u64s from `a · words`,
    /// bit b set when b is a peer of a (the test [`Candidates::sees`] makes in a load).
    peer_bits: Arc<PeerBits>,
    /// For each house a, the other houses sharing two or more cells with it (ascending), each
    /// with the mask over a's cells of those it shares.
    overlaps: Arc<Vec<Vec<(usize, u64)>>>,
    /// For each cell, the open values as a bit mask (the placed value's bit once placed).
    pub cand: Vec<Mask>,
    /// For each cell, its placed value or 0.
    pub value: Vec<u8>,
}

impl Candidates {
    /// Every candidate open, then the givens placed (each removing its value from its peers).
    pub fn new(puzzle: &Puzzle) -> Candidates {
        let n = puzzle.order();
        let index = puzzle.index();
        let houses: Vec<GridHouse> = puzzle
            .houses()
            .iter()
            .zip(index.cells_of.iter())
            .map(|(h, cells)| GridHouse {
                kind: h.kind,
                cells: cells.clone(),
            })
            .collect();
        let full = crate::mask::full(n);
        let overlaps = Arc::new(overlaps_of(&houses, &index.houses_of));
        let mut grid = Candidates {
            n,
            houses: Arc::new(houses),
            houses_of: index.houses_of.clone(),
            peer_bits: Arc::new(PeerBits::of(&index.peers)),
            overlaps,
            peers: index.peers.clone(),
            cand: vec![full; n * n],
            value: vec![0; n * n],
        };
        for (i, &g) in puzzle.givens().iter().enumerate() {
            if g != 0 {
                grid.place(i, g);
            }
        }
        grid
    }

    /// The cell of index i.
    pub fn cell(&self, i: usize) -> Cell {
        Cell {
            row: i / self.n,
            col: i % self.n,
        }
    }

    /// Places v in cell i and removes v from its peers.
    pub fn place(&mut self, i: usize, v: u8) {
        self.value[i] = v;
        self.cand[i] = bit(v);
        for k in 0..self.peers[i].len() {
            let p = self.peers[i][k];
            self.cand[p] &= !bit(v);
        }
    }

    /// Removes candidate v from cell i.
    pub fn eliminate(&mut self, i: usize, v: u8) {
        self.cand[i] &= !bit(v);
    }

    /// Whether v is open (or placed) in cell i.
    pub fn has(&self, i: usize, v: u8) -> bool {
        self.cand[i] & bit(v) != 0
    }

    /// Whether every cell holds a value.
    pub fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The open cells of house h where v is a candidate.
    pub fn places(&self, h: usize, v: u8) -> Vec<usize> {
        self.houses[h]
            .cells
            .iter()
            .copied()
            .filter(|&c| self.value[c] == 0 && self.has(c, v))
            .collect()
    }

    /// How many open cells of house h have v as a candidate ([`Candidates::places`] without
    /// the list).
    pub fn place_count(&self, h: usize, v: u8) -> usize {
        self.place_mask(h, v).count_ones() as usize
    }

    /// The places of v in house h as a mask over the house's cells (bit i: its i-th cell is
    /// open and holds v) — [`Candidates::places`] without the list.
    pub fn place_mask(&self, h: usize, v: u8) -> u64 {
        let b = bit(v);
        self.houses[h]
            .cells
            .iter()
            .enumerate()
            .fold(0, |m, (i, &c)| {
                let open = self.value[c] == 0 && self.cand[c] & b != 0;
                m | u64::from(open) << i
            })
    }

    /// The cells of house h at the bits of `mask` (a [`Candidates::place_mask`]), in the
    /// house's order.
    pub fn cells_at(&self, h: usize, mask: u64) -> impl Iterator<Item = usize> + '_ {
        let cells = &self.houses[h].cells;
        crate::mask::single_bits(mask).map(move |b| cells[b.trailing_zeros() as usize])
    }

    /// Whether house h already holds v.
    pub fn house_has_value(&self, h: usize, v: u8) -> bool {
        self.houses[h].cells.iter().any(|&c| self.value[c] == v)
    }

    /// Whether cells a and b share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits.has(a, b)
    }

    /// The other houses sharing two or more cells with house a, ascending, each with the mask
    /// over a's cells of the cells it shares (as a [`Candidates::place_mask`]).
    pub fn overlaps(&self, a: usize) -> &[(usize, u64)] {
        &self.overlaps[a]
    }

    /// Cell a's peers as a bit set over the cells: [`Candidates::set_words`] u64s, bit b of
    /// word b / 64 set when b sees a.
    pub fn peer_set(&self, a: usize) -> &[u64] {
        self.peer_bits.row(a)
    }

    /// How many u64 words a bit set over the cells takes (as [`Candidates::peer_set`]).
    pub fn set_words(&self) -> usize {
        self.peer_bits.words
    }

    /// Whether the grid is broken: an empty cell with no candidate, or a house where a value
    /// has no place left.
    pub fn contradiction(&self) -> bool {
        if (0..self.n * self.n).any(|c| self.value[c] == 0 && self.cand[c] == 0) {
            return true;
        }
        // A value is placed in a house or open in one of its cells: the house's placed
        // values and open candidates together are every value.
        let full = crate::mask::full(self.n);
        self.houses.iter().any(|house| {
            let covered = house.cells.iter().fold(0, |m, &c| match self.value[c] {
                0 => m | self.cand[c],
                v => m | bit(v),
            });
            covered & full != full
        })
    }

    /// The open (unplaced) cells.
    pub fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n * self.n).filter(|&c| self.value[c] == 0)
    }

    /// The houses that hold every cell of `cells`.
    pub fn common_houses(&self, cells: &[usize]) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.houses_of[first]
            .iter()
            .copied()
            .filter(|&h| rest.iter().all(|c| self.houses_of[*c].contains(&h)))
            .collect()
    }
}

/// For each house, the other houses sharing two or more of its cells (ascending) with the mask
/// of those cells over the house's cells.
fn overlaps_of(houses: &[GridHouse], houses_of: &[Vec<usize>]) -> Vec<Vec<(usize, u64)>> {
    houses
        .iter()
        .enumerate()
        .map(|(a, house)| {
            let mut shared: Vec<(usize, u64)> = Vec::new();
            for (i, &c) in house.cells.iter().enumerate() {
                for &b in houses_of[c].iter().filter(|&&b| b != a) {
                    match shared.iter_mut().find(|(h, _)| *h == b) {
                        Some((_, mask)) => *mask |= 1 << i,
                        None => shared.push((b, 1 << i)),
                    }
                }
            }
            shared.retain(|(_, mask)| mask.count_ones() >= 2);
            shared.sort_unstable();
            shared
        })
        .collect()
}

/// Every house's places of every value ([`Candidates::place_mask`]) and placed values, made once for a grid and read by several finders ([`super::memo::Memo::place_table`]).
#[derive(Debug)]
pub struct PlaceTable {
    n: usize,
    /// [`Candidates::place_mask`] of every house and value, at `house · n + v − 1`.
    masks: Vec<u64>,
    /// For each house, the values its cells hold.
    placed: Vec<Mask>,
}

impl PlaceTable {
    pub fn of(g: &Candidates) -> PlaceTable {
        let houses = g.houses.len();
        let mut table = PlaceTable {
            n: g.n,
            masks: Vec::with_capacity(houses * g.n),
            placed: Vec::with_capacity(houses),
        };
        table.masks.resize(houses * g.n, 0);
        for (h, house) in g.houses.iter().enumerate() {
            let places = &mut table.masks[h * g.n..(h + 1) * g.n];
            let mut placed = 0;
            for (i, &c) in house.cells.iter().enumerate() {
                if g.value[c] != 0 {
                    placed |= bit(g.value[c]);
                    continue;
                }
                let mut cand = g.cand[c];
                while cand != 0 {
                    places[cand.trailing_zeros() as usize] |= 1 << i;
                    cand &= cand - 1;
                }
            }
            table.placed.push(placed);
        }
        table
    }

    /// The places of every value in every house, at `house · n + v − 1`.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// House h's row: its places of each value and its placed values.
    pub fn house(&self, h: usize) -> HouseRow<'_> {
        HouseRow {
            places: &self.masks[h * self.n..(h + 1) * self.n],
            placed: self.placed[h],
        }
    }
}

/// One house's row of a [`PlaceTable`].
#[derive(Debug, Clone, Copy)]
pub struct HouseRow<'a> {
    /// For value v at index v − 1, its places as a mask over the house's cells.
    pub places: &'a [u64],
    /// The values placed in the house.
    pub placed: Mask,
}

impl HouseRow<'_> {
    /// The places of v (a mask over the house's cells).
    #[inline]
    pub fn of(&self, v: u8) -> u64 {
        self.places[v as usize - 1]
    }
}

/// The peer relation as a bit matrix (see [`Candidates::peers`]).
#[derive(Debug)]
struct PeerBits {
    words: usize,
    bits: Vec<u64>,
}

impl PeerBits {
    fn of(peers: &[Vec<usize>]) -> PeerBits {
        let words = peers.len().div_ceil(64);
        let mut bits = vec![0u64; words * peers.len()];
        for (a, ps) in peers.iter().enumerate() {
            for &b in ps {
                bits[a * words + b / 64] |= 1 << (b % 64);
            }
        }
        PeerBits { words, bits }
    }

    /// a's row: its peers as a bit set.
    #[inline]
    fn row(&self, a: usize) -> &[u64] {
        &self.bits[a * self.words..(a + 1) * self.words]
    }

    /// Whether b is a peer of a (never a cell of itself).
    #[inline]
    fn has(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_line;

    /// The masks, tables and peer bits give what the lists give, on a grid with givens and
    /// removals (a classic 9×9, and a 16×16 whose cells have more than one word of peers).
    #[test]
    fn masks_and_peer_bits_agree_with_the_lists() {
        let classic =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut g = Candidates::new(&parse_line(classic, None).unwrap());
        g.eliminate(1, 1);
        g.eliminate(10, 2);
        let big = Candidates::new(&parse_line(&".".repeat(256), None).unwrap());
        // 1 has no place left in the first row: a contradiction.
        let mut broken = big.clone();
        for c in 0..16 {
            broken.eliminate(c, 1);
        }
        assert!(broken.contradiction() && !big.contradiction());
        for g in [g, big, broken] {
            let table = PlaceTable::of(&g);
            for h in 0..g.houses.len() {
                let house = table.house(h);
                for v in 1..=g.n as u8 {
                    let mask = g.place_mask(h, v);
                    assert_eq!(g.cells_at(h, mask).collect::<Vec<_>>(), g.places(h, v));
                    assert_eq!(g.place_count(h, v), g.places(h, v).len());
                    assert_eq!(house.of(v), mask);
                    assert_eq!(table.masks()[h * g.n + v as usize - 1], mask);
                    assert_eq!(house.placed & bit(v) != 0, g.house_has_value(h, v));
                }
            }
            let slow = (0..g.houses.len()).any(|h| {
                (1..=g.n as u8).any(|v| g.place_count(h, v) == 0 && !g.house_has_value(h, v))
            });
            assert_eq!(g.contradiction(), slow);
            for a in 0..g.n * g.n {
                for b in 0..g.n * g.n {
                    assert_eq!(g.sees(a, b), g.peers[a].binary_search(&b).is_ok());
                }
            }
            for a in 0..g.houses.len() {
                let slow: Vec<(usize, u64)> = (0..g.houses.len())
                    .filter(|&b| b != a)
                    .map(|b| {
                        let cells = g.houses[a].cells.iter().enumerate();
                        let shared = cells.filter(|(_, c)| g.houses[b].cells.contains(c));
                        (b, shared.fold(0, |m, (i, _)| m | 1 << i))
                    })
                    .filter(|(_, m): &(usize, u64)| m.count_ones() >= 2)
                    .collect();
                assert_eq!(g.overlaps(a), &slow[..]);
            }
        }
    }
}
