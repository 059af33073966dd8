//! A list of linked candidates per candidate, filled the first time a search expands the
//! candidate and read again by every later start of the same search: the chain and cycle
//! searches expand the same candidates from hundreds of starts on one grid.

use std::ops::Range;

/// One list of candidates per candidate (numbered 0..count), filled on first use.
pub(super) struct LinkLists {
    /// Where each candidate's list lies in `to` (`None`: not listed yet).
    range: Vec<Option<(u32, u32)>>,
    /// The lists, one after another.
    pub(super) to: Vec<usize>,
}

impl LinkLists {
    pub(super) fn new(count: usize) -> LinkLists {
        LinkLists {
            range: vec![None; count],
            to: Vec::new(),
        }
    }

    /// Forgets every list (the links they were filled with changed).
    pub(super) fn clear(&mut self) {
        self.range.fill(None);
        self.to.clear();
    }

    /// The positions in `to` of candidate `id`'s list, listed by `fill` if not yet.
    pub(super) fn of(&mut self, id: usize, fill: impl FnOnce(&mut Vec<usize>)) -> Range<usize> {
        let (a, b) = match self.range[id] {
            Some(r) => r,
            None => {
                let a = self.to.len() as u32;
                fill(&mut self.to);
                let r = (a, self.to.len() as u32);
                self.range[id] = Some(r);
                r
            }
        };
        a as usize..b as usize
    }
}
