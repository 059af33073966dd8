//! The session's solving path, kept between calls: "Apply this step", a step opened from the
//! All steps list, Undo and All steps read one path instead of computing it again from the
//! start each time (step k of the path used to cost the k steps before it, their certificates
//! included).
//!
//! Why a kept path answers exactly: the library's path is one deterministic loop over the
//! session's puzzle, whatever its `max_steps` (a time limit ends it with an error, never with
//! other steps), so the first k steps of a longer path are the steps of a shorter one, each with
//! the certificates the checker passed when the step was found, on the grid it starts from.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use sudoku_ilp::hint::path::{HintError, Path};

/// The longest path computed so far for the session's puzzle.
#[derive(Default)]
pub struct PathCache {
    kept: RefCell<Option<Rc<Path>>>,
    /// The whole path reached the time limit once: each later step computes its path alone.
    whole_too_long: Cell<bool>,
}

/// Whether `path` answers for step `k`: it holds it, or the grid was complete before it.
fn answers(path: &Path, k: usize) -> bool {
    k < path.steps.len() || path.complete
}

impl PathCache {
    /// A path that answers for step `k`: the kept one when it does; else one computed by
    /// `compute(max_steps)`, which is then kept. The first step alone is computed for k = 0
    /// (a hint); for a later step the whole path (the next Apply and the All steps list then
    /// read it), or, once the whole path has reached the time limit, the path up to step k.
    pub fn answering(
        &self,
        k: usize,
        compute: impl Fn(usize) -> Result<Path, HintError>,
    ) -> Result<Rc<Path>, HintError> {
        if let Some(path) = self.kept.borrow().as_ref().filter(|p| answers(p, k)) {
            return Ok(path.clone());
        }
        let up_to_k = k.saturating_add(1);
        let path = match k {
            0 => compute(1)?,
            _ if self.whole_too_long.get() => compute(up_to_k)?,
            _ => match compute(usize::MAX) {
                Err(HintError::TimeLimit(_)) => {
                    self.whole_too_long.set(true);
                    compute(up_to_k)?
                }
                path => path?,
            },
        };
        let path = Rc::new(path);
        *self.kept.borrow_mut() = Some(path.clone());
        Ok(path)
    }

    /// The whole path: the kept one when it is complete, else computed and kept.
    pub fn whole(
        &self,
        compute: impl Fn(usize) -> Result<Path, HintError>,
    ) -> Result<Rc<Path>, HintError> {
        if let Some(path) = self.kept.borrow().as_ref().filter(|p| p.complete) {
            return Ok(path.clone());
        }
        let path = Rc::new(compute(usize::MAX)?);
        *self.kept.borrow_mut() = Some(path.clone());
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path without steps, complete or stopped: only which paths are asked is looked at here.
    fn path(complete: bool) -> Path {
        Path {
            steps: Vec::new(),
            solution: Vec::new(),
            complete,
            lp_solves: 0,
        }
    }

    /// The first step alone for a hint; the whole path at the first later step, then kept;
    /// once the whole path reached the time limit, only the path up to each step asked.
    #[test]
    fn paths_are_computed_once_and_the_whole_path_only_until_it_is_too_long() {
        let asked = RefCell::new(Vec::new());
        let cache = PathCache::default();
        let fits = |max: usize| {
            asked.borrow_mut().push(max);
            Ok(path(max == usize::MAX))
        };
        cache.answering(0, fits).unwrap();
        cache.answering(3, fits).unwrap();
        cache.answering(7, fits).unwrap();
        cache.whole(fits).unwrap();
        assert_eq!(*asked.borrow(), vec![1, usize::MAX]);

        let asked = RefCell::new(Vec::new());
        let cache = PathCache::default();
        let too_long = |max: usize| {
            asked.borrow_mut().push(max);
            match max {
                usize::MAX => Err(HintError::TimeLimit("the path was complete")),
                _ => Ok(path(false)),
            }
        };
        cache.answering(2, too_long).unwrap();
        cache.answering(3, too_long).unwrap();
        assert_eq!(*asked.borrow(), vec![usize::MAX, 3, 4]);
    }
}
