//! A tree drawing that must fit a projector's width: laid out tidily ([`super::tidy`]), and when
//! too wide, cut at the deepest depth at which it fits, each node there with descendants
//! standing over one fold box "+N nodes" that counts its whole subtree (so drawn boxes plus
//! folded nodes always equal the node count).

/// The width a drawn tree must fit: a 1,920-pixel projector.
pub const CANVAS_WIDTH: usize = 1920;
/// A fold depth is tried only when the nodes it keeps are at most this many.
const MAX_DRAWN: usize = 400;

/// The tree's shape: per node its parent (made before it) and depth, and whether it is a grid.
pub struct Shape<'a> {
    pub parents: &'a [Option<usize>],
    pub depths: &'a [usize],
    pub grids: &'a [bool],
}

/// One box of the drawing: a node of the tree, or a fold holding every descendant of a node.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Node(usize),
    Fold {
        /// The node whose descendants the fold holds.
        under: usize,
        count: usize,
        /// A grid is among them.
        grid: bool,
    },
}

/// What is drawn: the boxes, each box's children (indices into `items`), the fold depth, and
/// the tidy layout (each box's centre x from 0, its width, the layout's width).
#[derive(Debug)]
pub struct Drawing {
    pub items: Vec<Item>,
    pub children: Vec<Vec<usize>>,
    /// Nodes deeper than this are folded (`usize::MAX`: nothing is).
    pub fold_depth: usize,
    pub x: Vec<f64>,
    pub widths: Vec<f64>,
    pub width: f64,
}

impl Drawing {
    /// Nodes inside fold boxes.
    pub fn folded(&self) -> usize {
        self.items
            .iter()
            .map(|i| match i {
                Item::Fold { count, .. } => *count,
                Item::Node(_) => 0,
            })
            .sum()
    }

    /// Node boxes.
    pub fn drawn(&self) -> usize {
        self.items
            .iter()
            .filter(|i| matches!(i, Item::Node(_)))
            .count()
    }

    /// The depth a box is drawn at.
    pub fn depth_of(&self, item: &Item, shape: &Shape) -> usize {
        match item {
            Item::Node(id) => shape.depths[*id],
            Item::Fold { under, .. } => shape.depths[*under] + 1,
        }
    }
}

/// Per node: how many descendants it has and whether a grid is among them (or is it).
fn subtree_counts(shape: &Shape) -> (Vec<usize>, Vec<bool>) {
    let n = shape.parents.len();
    let mut count = vec![0usize; n];
    let mut grid = shape.grids.to_vec();
    // A child is made after its parent: its id is larger.
    for id in (0..n).rev() {
        if let Some(p) = shape.parents[id].filter(|&p| p < id) {
            count[p] += count[id] + 1;
            grid[p] |= grid[id];
        }
    }
    (count, grid)
}

/// The boxes when every node deeper than `fold_depth` is folded.
fn items(shape: &Shape, fold_depth: usize, counts: &(Vec<usize>, Vec<bool>)) -> Drawing {
    let n = shape.parents.len();
    let mut items = Vec::new();
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; n];
    for id in (0..n).filter(|&id| shape.depths[id] <= fold_depth) {
        let at = items.len();
        index[id] = at;
        items.push(Item::Node(id));
        children.push(Vec::new());
        if let Some(p) = shape.parents[id].filter(|&p| p < n && index[p] != usize::MAX) {
            children[index[p]].push(at);
        }
        if shape.depths[id] == fold_depth && counts.0[id] > 0 {
            items.push(Item::Fold {
                under: id,
                count: counts.0[id],
                grid: counts.1[id] && !shape.grids[id],
            });
            children.push(Vec::new());
            children[at].push(at + 1);
        }
    }
    Drawing {
        items,
        children,
        fold_depth,
        x: Vec::new(),
        widths: Vec::new(),
        width: 0.0,
    }
}

/// Lays `d` out tidily with each box `width(item)` wide and `gap` between neighbours.
fn place(mut d: Drawing, width: &dyn Fn(&Item) -> f64, gap: f64) -> Drawing {
    d.widths = d.items.iter().map(width).collect();
    let (x, w) = super::tidy::tidy(&d.children, &d.widths, 0, gap);
    d.x = x;
    d.width = w;
    d
}

/// The drawing to show: the whole tree when it fits `room` pixels (or `room` is `None`); else
/// the deepest fold depth (at least 1: the root's children stay) whose layout fits.
pub fn fit(shape: &Shape, width: &dyn Fn(&Item) -> f64, gap: f64, room: Option<f64>) -> Drawing {
    let counts = subtree_counts(shape);
    let Some(room) = room else {
        return place(items(shape, usize::MAX, &counts), width, gap);
    };
    let deepest = shape.depths.iter().copied().max().unwrap_or(0);
    let mut kept = vec![0usize; deepest + 1];
    for &depth in shape.depths {
        kept[depth] += 1;
    }
    let mut at_most = kept.iter().sum::<usize>();
    for depth in (1..=deepest).rev() {
        if at_most <= MAX_DRAWN {
            let d = place(items(shape, depth, &counts), width, gap);
            if d.width <= room {
                return d;
            }
        }
        at_most -= kept[depth];
    }
    place(items(shape, deepest.min(1), &counts), width, gap)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Node i's parent is `parents[i - 1]`; the last node is the grid.
    fn fitted(parents: &[usize], room: f64) -> Drawing {
        let n = parents.len() + 1;
        let parents: Vec<Option<usize>> = (0..n)
            .map(|i| i.checked_sub(1).map(|k| parents[k]))
            .collect();
        let mut depths = vec![0; n];
        for i in 1..n {
            depths[i] = depths[parents[i].unwrap()] + 1;
        }
        let grids: Vec<bool> = (0..n).map(|i| i + 1 == n).collect();
        let shape = Shape {
            parents: &parents,
            depths: &depths,
            grids: &grids,
        };
        fit(&shape, &|_| 150.0, 12.0, Some(room))
    }

    #[test]
    fn a_narrow_tree_is_drawn_whole() {
        // A spine of 16 branched nodes, each with two pruned siblings of the next: 49 nodes.
        let mut parents = Vec::new();
        let mut spine = 0;
        for _ in 0..16 {
            let next = parents.len() + 1;
            parents.extend([spine, spine, spine]);
            spine = next + 1;
        }
        let d = fitted(&parents, 1888.0);
        assert_eq!((d.drawn(), d.folded()), (49, 0));
        assert!(d.width <= 1888.0);
    }

    #[test]
    fn a_wide_tree_folds_its_deep_subtrees_into_counts() {
        // A complete ternary tree of depth 5: 364 nodes, 243 leaves.
        let parents: Vec<usize> = (1..364).map(|i| (i - 1) / 3).collect();
        let d = fitted(&parents, 1888.0);
        assert_eq!(d.drawn() + d.folded(), 364, "every node drawn or counted");
        assert!(d.folded() > 0 && d.width <= 1888.0);
        // Depth 2 fits (9 boxes of 150 with a fold under each), depth 3 does not.
        assert_eq!(d.drawn(), 13);
        let folds: Vec<&Item> = d
            .items
            .iter()
            .filter(|i| matches!(i, Item::Fold { .. }))
            .collect();
        assert_eq!(folds.len(), 9);
        assert!(folds
            .iter()
            .all(|f| matches!(f, Item::Fold { count: 39, .. })));
        let with_grid = folds
            .iter()
            .filter(|f| matches!(f, Item::Fold { grid: true, .. }))
            .count();
        assert_eq!(with_grid, 1);
    }
}
