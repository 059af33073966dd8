//! Exact reuse between the steps of one path: a part of a finder's search that found nothing
//! finds nothing again on the same data.
//!
//! Some finders split their search into independent parts: a fish or a strong-link fish of
//! value v reads only v's candidates and placements (its [`ValueKeys`]), a naked, hidden or
//! direct hidden subset of house h only the cells of h (its [`house_key`]). Such a part is a function of its
//! key (the grid's layout is fixed along a path), so when its key is the one it last found
//! nothing on, it finds nothing again and the finder may skip it. A finder that returns the
//! first step of its scan, or the best of all parts, returns the same step with the part
//! skipped: a part that finds nothing adds no step. The memo is therefore exact, never a
//! heuristic: a part is recorded only after it was searched to its end and found nothing.

use super::grid::{values, Candidates, Mask, PlaceTable};
use std::cell::{RefCell, RefMut};
use std::rc::Rc;

/// One independent part of a finder's search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A basic fish of `size` (2 to 4) on `value`, rows as base (`rows`) or columns.
    Fish { size: usize, rows: bool, value: u8 },
    /// Sukaku Explainer's turbot fishes of a value.
    Turbot(u8),
    /// Sukaku Explainer's 3 strong-linked fishes of a value.
    ThreeLinks(u8),
    /// Naked subsets of `size` (2 to 4) in a house.
    Naked { size: usize, house: usize },
    /// Hidden subsets of `size` (2 to 4) in a house.
    Hidden { size: usize, house: usize },
    /// Direct hidden subsets of `size` (2 or 3) in a house.
    DirectHidden { size: usize, house: usize },
}

/// How many kinds of part [`Part::slot`] tells apart for one value or house.
const KINDS: usize = 16;

impl Part {
    /// The part's place in the memo's table: its value or house times [`KINDS`], plus its
    /// kind (finder, size, base family).
    fn slot(self) -> usize {
        let (index, kind) = match self {
            Part::Fish { size, rows, value } => {
                (value as usize, 2 * (size - 2) + usize::from(rows))
            }
            Part::Turbot(value) => (value as usize, 6),
            Part::ThreeLinks(value) => (value as usize, 7),
            Part::Naked { size, house } => (house, 6 + size),
            Part::Hidden { size, house } => (house, 9 + size),
            Part::DirectHidden { size, house } => (house, 12 + size),
        };
        index * KINDS + kind
    }
}

/// The keys on which parts found nothing, along one path (one grid layout). A memo that is
/// off remembers nothing: every part is searched.
#[derive(Debug, Default)]
pub struct Memo {
    on: bool,
    /// At each part's [`Part::slot`], the key it last found nothing on (empty: none yet).
    empty: RefCell<Vec<Vec<u64>>>,
    /// The tables made of the grid last read, kept while the finders read that grid.
    derived: RefCell<Derived>,
}

/// Tables that are functions of one grid (its candidates and values; the layout is the
/// path's), kept for the next finder that reads the same grid.
#[derive(Debug, Default)]
struct Derived {
    cand: Vec<Mask>,
    value: Vec<u8>,
    places: Option<Rc<PlaceTable>>,
    keys: Option<Rc<ValueKeys>>,
}

impl Memo {
    /// A memo that remembers (for one path: its grids share one layout).
    pub fn new() -> Memo {
        Memo {
            on: true,
            ..Memo::default()
        }
    }

    /// The tables kept for `g`: those of the grid last read if `g` is that grid, else none
    /// (and `g` becomes the grid last read).
    fn derived_of(&self, g: &Candidates) -> RefMut<'_, Derived> {
        let mut derived = self.derived.borrow_mut();
        if derived.cand != g.cand || derived.value != g.value {
            derived.cand.clone_from(&g.cand);
            derived.value.clone_from(&g.value);
            derived.places = None;
            derived.keys = None;
        }
        derived
    }

    /// `g`'s [`PlaceTable`], made once for a grid while the memo is on (every finder of a step
    /// reads the same grid).
    pub fn place_table(&self, g: &Candidates) -> Rc<PlaceTable> {
        if !self.on {
            return Rc::new(PlaceTable::of(g));
        }
        let mut derived = self.derived_of(g);
        Rc::clone(
            derived
                .places
                .get_or_insert_with(|| Rc::new(PlaceTable::of(g))),
        )
    }

    /// `g`'s [`ValueKeys`], made once for a grid (empty when the memo is off).
    pub fn value_keys(&self, g: &Candidates) -> Rc<ValueKeys> {
        if !self.on {
            return Rc::new(ValueKeys::of(g, self));
        }
        let mut derived = self.derived_of(g);
        Rc::clone(
            derived
                .keys
                .get_or_insert_with(|| Rc::new(ValueKeys::of(g, self))),
        )
    }

    /// A memo that remembers nothing (every part searched).
    pub fn off() -> Memo {
        Memo::default()
    }

    /// Whether the memo remembers (a finder computes keys only then).
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Whether `part` found nothing the last time it was searched on data `key`.
    pub fn found_nothing(&self, part: Part, key: &[u64]) -> bool {
        self.on
            && self
                .empty
                .borrow()
                .get(part.slot())
                .is_some_and(|k| !k.is_empty() && k == key)
    }

    /// Records that `part`, searched to its end on data `key`, found nothing.
    pub fn record_nothing(&self, part: Part, key: &[u64]) {
        if self.on {
            let mut empty = self.empty.borrow_mut();
            let slot = part.slot();
            if empty.len() <= slot {
                // Room for every part of this value or house and the next ones at once.
                empty.resize((slot / KINDS + 16) * KINDS, Vec::new());
            }
            empty[slot].clear();
            empty[slot].extend_from_slice(key);
        }
    }

    /// `search` of `part`, skipped when it found nothing before on the same `key` (read only
    /// when the memo is on), and recorded when it finds nothing now.
    pub fn search<R>(
        &self,
        part: Part,
        key: &[u64],
        search: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        if self.found_nothing(part, key) {
            return None;
        }
        let found = search();
        if found.is_none() {
            self.record_nothing(part, key);
        }
        found
    }
}

/// Every value's data in one pass over the cells: for value v, the open cells holding v, then
/// the cells where v is placed (two bit sets over the cells, 64 a word). Empty when `memo` is
/// off (nothing reads them then).
#[derive(Debug)]
pub struct ValueKeys {
    words: usize,
    bits: Vec<u64>,
}

impl ValueKeys {
    pub fn of(g: &Candidates, memo: &Memo) -> ValueKeys {
        let cells = g.n * g.n;
        let words = cells.div_ceil(64);
        if !memo.is_on() {
            return ValueKeys {
                words,
                bits: Vec::new(),
            };
        }
        let mut bits = vec![0u64; 2 * words * g.n];
        for c in 0..cells {
            let (word, b) = (c / 64, 1u64 << (c % 64));
            match g.value[c] {
                0 => {
                    for v in values(g.cand[c]) {
                        bits[2 * words * (v as usize - 1) + word] |= b;
                    }
                }
                v => bits[2 * words * (v as usize - 1) + words + word] |= b,
            }
        }
        ValueKeys { words, bits }
    }

    /// Value v's key (empty when the memo is off).
    pub fn key(&self, v: u8) -> &[u64] {
        let at = 2 * self.words * (v as usize - 1);
        self.bits.get(at..at + 2 * self.words).unwrap_or(&[])
    }
}

/// House h's data (each of its cells' placed value and open candidates) into `key`, when the
/// memo is on.
pub fn house_key(g: &Candidates, h: usize, memo: &Memo, key: &mut Vec<u64>) {
    key.clear();
    if memo.is_on() {
        key.extend(
            g.houses[h]
                .cells
                .iter()
                .flat_map(|&c| [u64::from(g.value[c]), g.cand[c]]),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A part is skipped only on the key it found nothing on, and never when the memo is off;
    /// parts do not share their records.
    #[test]
    fn skips_only_on_the_same_key() {
        let part = Part::Turbot(3);
        let memo = Memo::new();
        let runs = Cell::new(0);
        let search = |key: &[u64], found: bool| {
            memo.search(part, key, || {
                runs.set(runs.get() + 1);
                found.then_some(())
            })
        };
        assert_eq!(search(&[1, 2], false), None);
        assert_eq!(search(&[1, 2], false), None);
        assert_eq!(runs.get(), 1, "the same key is not searched again");
        assert_eq!(search(&[1, 3], true), Some(()));
        assert_eq!(runs.get(), 2, "another key is searched");
        let off = Memo::off();
        off.record_nothing(part, &[1, 2]);
        assert!(!off.found_nothing(part, &[1, 2]));
        assert!(!memo.found_nothing(Part::ThreeLinks(3), &[1, 2]));
    }

    /// Along the paths of real puzzles (three from the diabolical bank, whose paths take
    /// fishes, subsets and strong-link fishes), the catalogue's step with the memo kept from
    /// step to step is the step without it, every time.
    #[test]
    fn the_catalogue_finds_the_same_steps_with_the_memo() {
        use crate::hint::catalogue::{catalogue_step, forcing_step, Context};
        use crate::hint::rules::rule_checks;
        use crate::hint::Technique as T;
        let puzzles = [
            "800000002007509100000324000004030800630000051000102000000401000100293006400060009",
            "002100300080090540430007001003000009010000050700000800300700085048050090009002100",
            "020000030907000106030604020003010800000705000006030200070502060309000402060000090",
        ];
        let mut remembered = Vec::new();
        for line in puzzles {
            let puzzle = crate::input::parse_line(line, None).unwrap();
            let rules = rule_checks(&puzzle);
            let (on, off) = (Memo::new(), Memo::off());
            let context = |memo| Context {
                rules: &rules,
                uniqueness: true,
                memo,
            };
            let mut g = Candidates::new(&puzzle);
            while !g.solved() {
                let with = catalogue_step(&g, &context(&on));
                assert_eq!(with, catalogue_step(&g, &context(&off)), "{line}");
                let Some(step) = with.or_else(|| forcing_step(&g)) else {
                    break;
                };
                remembered.push(step.technique);
                step.apply(&mut g);
            }
            assert!(
                g.solved(),
                "{line}: the catalogue and forcing chains finish it"
            );
        }
        let memo_techniques = [
            T::NakedPair,
            T::XWing,
            T::HiddenPair,
            T::Swordfish,
            T::Jellyfish,
            T::Skyscraper,
            T::TwoStringKite,
            T::ThreeStrongLinks,
            T::GroupedThreeStrongLinks,
        ];
        let used = memo_techniques
            .iter()
            .filter(|t| remembered.contains(t))
            .count();
        assert!(
            used >= 4,
            "the paths use parts the memo skips: {remembered:?}"
        );
    }

    /// Every part has its own slot.
    #[test]
    fn slots_are_distinct() {
        let mut parts = vec![];
        for i in 1..=9u8 {
            parts.extend([Part::Turbot(i), Part::ThreeLinks(i)]);
            for size in 2..=4 {
                let house = i as usize;
                parts.extend([Part::Naked { size, house }, Part::Hidden { size, house }]);
                if size < 4 {
                    parts.push(Part::DirectHidden { size, house });
                }
                for rows in [true, false] {
                    parts.push(Part::Fish {
                        size,
                        rows,
                        value: i,
                    });
                }
            }
        }
        let mut slots: Vec<usize> = parts.iter().map(|p| p.slot()).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), parts.len());
    }
}
