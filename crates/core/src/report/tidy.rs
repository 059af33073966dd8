//! A tidy layout of a drawn tree (Reingold–Tilford): every subtree is laid out on its own, then
//! siblings are pushed together left to right as close as their contours allow (at every depth
//! the left edge of a subtree stays `gap` right of everything already placed at that depth), and
//! each parent is centred over its first and last child. Boxes may have different widths; all
//! boxes of one depth share a row.
//!
//! Written here rather than taken from a crate: the one crate on crates.io
//! (`reingold-tilford` 1.0.0, 2019) has had no release since and pulls in smallvec 0.6.

/// The left and right edge of a subtree at each depth below its root (index 0: the root's own
/// box), relative to the root's centre.
type Contour = Vec<(f64, f64)>;

/// The horizontal centre of every node of the tree under `root` (nodes not under it keep 0),
/// with the leftmost box edge at 0, and the width of the whole drawing. `children[i]` lists
/// node i's children left to right; `widths[i]` is the width of its box.
///
/// ```
/// use sudoku_ilp::report::tidy::tidy;
/// // A root with two leaves of width 10, 4 apart: the root sits over the middle.
/// let (x, width) = tidy(&[vec![1, 2], vec![], vec![]], &[10.0; 3], 0, 4.0);
/// assert_eq!((x[1], x[2], x[0], width), (5.0, 19.0, 12.0, 24.0));
/// ```
pub fn tidy(children: &[Vec<usize>], widths: &[f64], root: usize, gap: f64) -> (Vec<f64>, f64) {
    let mut offset = vec![0.0; children.len()];
    let contour = place(children, widths, root, gap, &mut offset);
    let left = contour.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let right = contour
        .iter()
        .map(|c| c.1)
        .fold(f64::NEG_INFINITY, f64::max);
    // Offsets are relative to the parent's centre: add them up from the root down.
    let mut x = vec![0.0; children.len()];
    x[root] = -left;
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        for &child in &children[node] {
            x[child] = x[node] + offset[child];
            stack.push(child);
        }
    }
    (x, right - left)
}

/// Lays out the subtree of `node`: sets each child's `offset` from `node`'s centre and returns
/// the subtree's contour.
fn place(
    children: &[Vec<usize>],
    widths: &[f64],
    node: usize,
    gap: f64,
    offset: &mut [f64],
) -> Contour {
    let half = widths[node] / 2.0;
    let kids = &children[node];
    if kids.is_empty() {
        return vec![(-half, half)];
    }
    // The children side by side, the first at 0; `merged` is the contour of those placed so far.
    let mut merged: Contour = Vec::new();
    for &child in kids {
        let contour = place(children, widths, child, gap, offset);
        let shift = merged
            .iter()
            .zip(&contour)
            .map(|(placed, next)| placed.1 + gap - next.0)
            .fold(f64::NEG_INFINITY, f64::max);
        let shift = if merged.is_empty() { 0.0 } else { shift };
        offset[child] = shift;
        for (depth, &(l, r)) in contour.iter().enumerate() {
            match merged.get_mut(depth) {
                Some(level) => level.1 = r + shift,
                None => merged.push((l + shift, r + shift)),
            }
        }
    }
    let (first, last) = (kids[0], kids[kids.len() - 1]);
    let middle = (offset[first] + offset[last]) / 2.0;
    for &child in kids {
        offset[child] -= middle;
    }
    let mut out = vec![(-half, half)];
    out.extend(merged.into_iter().map(|(l, r)| (l - middle, r - middle)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Children lists of a tree given by parents (node 0 is the root).
    fn from_parents(parents: &[usize]) -> Vec<Vec<usize>> {
        let mut children = vec![Vec::new(); parents.len() + 1];
        for (i, &p) in parents.iter().enumerate() {
            children[p].push(i + 1);
        }
        children
    }

    fn depths(children: &[Vec<usize>]) -> Vec<usize> {
        let mut depth = vec![0; children.len()];
        for (p, kids) in children.iter().enumerate() {
            for &k in kids {
                depth[k] = depth[p] + 1;
            }
        }
        depth
    }

    /// Parents centred over their children, boxes of one depth apart by at least `gap`, nothing
    /// left of 0 or right of the width.
    fn assert_tidy(children: &[Vec<usize>], widths: &[f64], gap: f64) -> f64 {
        let (x, width) = tidy(children, widths, 0, gap);
        for (p, kids) in children.iter().enumerate() {
            if let (Some(&a), Some(&b)) = (kids.first(), kids.last()) {
                assert!(
                    (x[p] - (x[a] + x[b]) / 2.0).abs() < 1e-9,
                    "node {p} not centred"
                );
            }
        }
        let depth = depths(children);
        for d in 0..=depth.iter().copied().max().unwrap() {
            let mut row: Vec<usize> = (0..x.len()).filter(|&i| depth[i] == d).collect();
            row.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
            for w in row.windows(2) {
                let (a, b) = (w[0], w[1]);
                let space = (x[b] - widths[b] / 2.0) - (x[a] + widths[a] / 2.0);
                assert!(
                    space >= gap - 1e-9,
                    "depth {d}: {a} and {b} overlap ({space})"
                );
            }
            for &i in &row {
                assert!(x[i] - widths[i] / 2.0 >= -1e-9);
                assert!(x[i] + widths[i] / 2.0 <= width + 1e-9);
            }
        }
        width
    }

    #[test]
    fn a_complete_binary_tree_is_tidy_and_as_wide_as_its_leaves() {
        // 31 nodes: node i's children are 2i+1 and 2i+2.
        let parents: Vec<usize> = (1..31).map(|i| (i - 1) / 2).collect();
        let children = from_parents(&parents);
        let width = assert_tidy(&children, &[20.0; 31], 5.0);
        // 16 leaves side by side, 15 gaps: nothing wider.
        assert_eq!(width, 16.0 * 20.0 + 15.0 * 5.0);
    }

    #[test]
    fn a_deep_subtree_and_shallow_leaves_pack_under_each_other() {
        // A branch-and-bound tree: a spine of 16 nodes, each with two pruned leaves beside the
        // next spine node (49 nodes): the leaves of one level tuck under the previous level.
        let mut parents = Vec::new();
        let mut spine = 0;
        for _ in 0..16 {
            let next = parents.len() + 1;
            parents.extend([spine, spine, spine]);
            spine = next + 1; // the middle child continues the spine
        }
        let children = from_parents(&parents);
        let n = children.len();
        let widths: Vec<f64> = (0..n)
            .map(|i| if children[i].is_empty() { 80.0 } else { 130.0 })
            .collect();
        let width = assert_tidy(&children, &widths, 12.0);
        // Leaf-slot layouts put each leaf in its own column: 33 × 92 ≈ 3,000 units; packed, the
        // drawing is three boxes wide.
        assert!(
            width <= 80.0 + 130.0 + 80.0 + 2.0 * 12.0 + 1e-9,
            "width {width}"
        );
    }

    #[test]
    fn subtrees_of_different_widths_do_not_overlap_below() {
        // Root with three children; the first has a wide subtree two levels down, the second is a
        // leaf, the third a chain: the chain must clear the wide subtree at depth 2.
        let parents = [0, 0, 0, 1, 1, 1, 4, 4, 4, 3, 10];
        let children = from_parents(&parents);
        assert_tidy(&children, &[30.0; 12], 4.0);
    }

    #[test]
    fn a_single_node_is_its_own_width() {
        let (x, width) = tidy(&[vec![]], &[42.0], 0, 10.0);
        assert_eq!((x[0], width), (21.0, 42.0));
    }
}
