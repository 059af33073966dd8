//! The layout index of a puzzle: for every cell the houses that hold it and its peers (the
//! cells sharing a house with it), for every house its cells, all as row-major indices. Built
//! once from the puzzle's houses and cached on the puzzle ([`crate::puzzle::Puzzle::index`]);
//! the engines, the candidate grids, the techniques and the cuts read it there. Its parts are
//! shared (`Arc`), so a candidate grid holds them without copying.

use crate::geometry::House;
use std::sync::{Arc, Mutex};

/// Houses of a cell, peers of a cell, cells of a house (module notes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutIndex {
    /// For each cell, the indices into the puzzle's houses of the houses that hold it, ascending.
    pub houses_of: Arc<Vec<Vec<usize>>>,
    /// For each cell, the cells sharing at least one house with it: sorted, each once, not itself.
    pub peers: Arc<Vec<Vec<usize>>>,
    /// For each house, its cells in the house's order.
    pub cells_of: Arc<Vec<Vec<usize>>>,
}

impl LayoutIndex {
    /// The index of an n×n grid with these houses.
    pub fn new(n: usize, houses: &[House]) -> LayoutIndex {
        let cells_of: Vec<Vec<usize>> = houses
            .iter()
            .map(|h| h.cells.iter().map(|c| c.index(n)).collect())
            .collect();
        let mut houses_of = vec![Vec::new(); n * n];
        for (h, cells) in cells_of.iter().enumerate() {
            for &c in cells {
                houses_of[c].push(h);
            }
        }
        let peers = houses_of
            .iter()
            .enumerate()
            .map(|(c, hs)| {
                let mut p: Vec<usize> = hs
                    .iter()
                    .flat_map(|&h| cells_of[h].iter().copied())
                    .filter(|&d| d != c)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        LayoutIndex {
            houses_of: Arc::new(houses_of),
            peers: Arc::new(peers),
            cells_of: Arc::new(cells_of),
        }
    }

    /// [`LayoutIndex::new`], reusing the index built last when the houses are the same (a file
    /// of puzzles of one layout builds it once).
    pub fn shared(n: usize, houses: &[House]) -> Arc<LayoutIndex> {
        type Last = Option<(usize, Vec<House>, Arc<LayoutIndex>)>;
        static LAST: Mutex<Last> = Mutex::new(None);
        let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((m, same, index)) = &*last {
            if *m == n && same[..] == houses[..] {
                return Arc::clone(index);
            }
        }
        let index = Arc::new(LayoutIndex::new(n, houses));
        *last = Some((n, houses.to_vec(), Arc::clone(&index)));
        index
    }
}

#[cfg(test)]
mod tests {
    use crate::puzzle::Puzzle;

    #[test]
    fn a_classic_cell_has_three_houses_and_twenty_peers() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let index = p.index();
        assert_eq!(index.houses_of[40].len(), 3);
        assert_eq!(index.peers[40].len(), 20);
        assert!(!index.peers[40].contains(&40));
        assert_eq!(index.cells_of.len(), 27);
        // Cloned puzzles share the index built once.
        let q = p.clone();
        assert!(std::sync::Arc::ptr_eq(&q.index().peers, &index.peers));
    }

    /// A puzzle of the same layout reuses the index; another layout gets its own.
    #[test]
    fn the_same_layout_shares_its_index() {
        let a = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let mut givens = vec![0; 81];
        givens[0] = 5;
        let b = Puzzle::with_square_boxes(9, givens).unwrap();
        let c = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let (ia, ib) = (a.index().clone(), b.index().clone());
        assert_eq!(ia, ib);
        assert_eq!(c.index().cells_of.len(), 12);
        assert_eq!(*c.index(), super::LayoutIndex::new(4, c.houses()));
        let d = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        assert_eq!(*d.index(), ia);
    }
}
