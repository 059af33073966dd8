//! The static chains of one grid, each computed once, for the nested forcing chains
//! ([`super::nested_forcing`]).
//!
//! A nested level runs static chains on the grid of each outer chain that stalls: the step's
//! grid G less what that outer chain turned off (G' ⊆ G). A static chain on G' from the same
//! assumption is the chain on G, node for node, when it read no candidate of G \ G'
//! ([`Chain::same_on`]); such a chain relies on nothing the outer chain turned off, so the
//! nested level keeps nothing from it (its rule parents are empty), and where it is one branch
//! among several it can be reused as it is. Which is why each chain on G is kept here.
//!
//! The levels of one step share these (one [`StaticChains`] per step): level 3's outer chains
//! stall on the grids level 2's did, where the static forcing chains conclude the same
//! ([`StaticChains::unary`] keeps what they concluded on each grid).

use super::implication::{chain, unpot, AdvancedOff, Chain, Layout, Mode, Pot};
use crate::mask::Mask;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Static chains (cell and house links, no nested level).
pub const STATIC: Mode<'static> = Mode {
    dynamic: false,
    cell_links: true,
    advanced: None,
    forcing: false,
};

/// The static chains of one grid, by assumption (a candidate on or off), and what the
/// nested static forcing chains concluded on the grids below it.
#[derive(Default)]
pub struct StaticChains {
    grid: RefCell<Vec<Mask>>,
    chains: RefCell<HashMap<Pot, Rc<Chain>>>,
    unary: RefCell<HashMap<Vec<Mask>, Vec<AdvancedOff>>>,
}

impl StaticChains {
    /// Starts over on a new grid.
    fn on_grid(&self, grid: &[Mask]) {
        if self.grid.borrow().as_slice() != grid {
            *self.grid.borrow_mut() = grid.to_vec();
            self.chains.borrow_mut().clear();
            self.unary.borrow_mut().clear();
        }
    }

    /// What `find` concludes on `sub` (below `grid`), found once.
    pub fn unary(
        &self,
        grid: &[Mask],
        sub: &[Mask],
        find: impl FnOnce() -> Vec<AdvancedOff>,
    ) -> Vec<AdvancedOff> {
        self.on_grid(grid);
        if let Some(known) = self.unary.borrow().get(sub) {
            return known.clone();
        }
        let found = find();
        self.unary.borrow_mut().insert(sub.to_vec(), found.clone());
        found
    }

    /// The static chain from `p` on `grid` (computed once per grid: a new grid starts over).
    pub fn get(&self, layout: &Layout, grid: &[Mask], p: Pot) -> Rc<Chain> {
        self.on_grid(grid);
        let known = self.chains.borrow().get(&p).cloned();
        known.unwrap_or_else(|| {
            let ch = match unpot(layout.g.n, p).2 {
                true => chain(layout, grid, &[p], &[], STATIC),
                false => chain(layout, grid, &[], &[p], STATIC),
            };
            let ch = Rc::new(ch);
            self.chains.borrow_mut().insert(p, ch.clone());
            ch
        })
    }

    /// The static chain from `p` on `sub` (a subset of `grid`) when it is the chain on
    /// `grid`: `None` when it must be computed on `sub`.
    pub fn same(&self, layout: &Layout, grid: &[Mask], sub: &[Mask], p: Pot) -> Option<Rc<Chain>> {
        let ch = self.get(layout, grid, p);
        ch.same_on(sub).then_some(ch)
    }
}
