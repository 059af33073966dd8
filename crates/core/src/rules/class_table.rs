//! Tables that say "the cells hold values of pairwise different classes" (a window of an
//! entropic or modular line: the classes {1,2,3}, {4,5,6}, {7,8,9} or the residues mod 3),
//! recognised from an allowed-tuples table's rows alone, so that formulations and propagators
//! can use the classes without knowing the rule: two values are of one class when no allowed
//! tuple holds both; a table is a class table when that relation is a partition and the table
//! holds exactly the tuples whose classes differ pairwise (every such tuple, each once).

use std::collections::HashSet;

/// The class (0-based) of each value 1..=n (index 0 unused) when `allowed`, over `k` cells, is
/// exactly "pairwise different classes" with at least k classes; `None` otherwise.
pub fn classes_of_table(n: usize, k: usize, allowed: &[Vec<u8>]) -> Option<Vec<usize>> {
    if k < 2 || allowed.is_empty() {
        return None;
    }
    let mut together = vec![vec![false; n + 1]; n + 1];
    for row in allowed {
        if row.len() != k || row.iter().any(|&v| v == 0 || v as usize > n) {
            return None;
        }
        for (i, &u) in row.iter().enumerate() {
            for &w in &row[i + 1..] {
                together[u as usize][w as usize] = true;
                together[w as usize][u as usize] = true;
            }
        }
    }
    let class = partition(n, &together)?;
    let sizes = class_sizes(&class);
    if sizes.len() < k {
        return None;
    }
    // The cheap tests first: the count, then each row; the rows' distinctness last.
    let differ = |row: &Vec<u8>| {
        (0..k).all(|i| (i + 1..k).all(|j| class[row[i] as usize] != class[row[j] as usize]))
    };
    let exact = allowed.len() as u128 == injective_count(&sizes, k)
        && allowed.iter().all(differ)
        && allowed.iter().collect::<HashSet<_>>().len() == allowed.len();
    exact.then_some(class)
}

/// Values u ≠ w share a class when `together[u][w]` is false; `None` when that is not an
/// equivalence (or a value shares a class with a value it appears with).
fn partition(n: usize, together: &[Vec<bool>]) -> Option<Vec<usize>> {
    let mut class = vec![usize::MAX; n + 1];
    let mut firsts: Vec<usize> = Vec::new();
    for v in 1..=n {
        class[v] = match firsts.iter().position(|&f| !together[f][v]) {
            Some(k) => k,
            None => {
                firsts.push(v);
                firsts.len() - 1
            }
        };
    }
    let consistent =
        (1..=n).all(|u| (1..=n).all(|w| u == w || (class[u] == class[w]) != together[u][w]));
    consistent.then_some(class)
}

/// How many values each class has.
fn class_sizes(class: &[usize]) -> Vec<u128> {
    let mut sizes = Vec::new();
    for &k in &class[1..] {
        if sizes.len() <= k {
            sizes.resize(k + 1, 0);
        }
        sizes[k] += 1;
    }
    sizes
}

/// The number of k-tuples of values whose classes differ pairwise: Σ over ordered choices of
/// k different classes of the product of their sizes.
fn injective_count(sizes: &[u128], k: usize) -> u128 {
    fn go(sizes: &[u128], used: &mut Vec<bool>, left: usize) -> u128 {
        if left == 0 {
            return 1;
        }
        let mut total = 0;
        for i in 0..sizes.len() {
            if !used[i] {
                used[i] = true;
                total += sizes[i] * go(sizes, used, left - 1);
                used[i] = false;
            }
        }
        total
    }
    go(sizes, &mut vec![false; sizes.len()], k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every k-tuple of 1..=n whose values' classes (`class_of`) differ pairwise.
    fn table(n: u8, k: usize, class_of: impl Fn(u8) -> u8) -> Vec<Vec<u8>> {
        let mut rows: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..k {
            let mut longer = Vec::new();
            for row in &rows {
                for v in (1..=n).filter(|&v| row.iter().all(|&u| class_of(u) != class_of(v))) {
                    longer.push([row.clone(), vec![v]].concat());
                }
            }
            rows = longer;
        }
        rows
    }

    #[test]
    fn an_entropic_window_is_recognised_with_its_three_classes() {
        let rows = table(9, 3, |v| (v - 1) / 3);
        assert_eq!(rows.len(), 162);
        let class = classes_of_table(9, 3, &rows).unwrap();
        assert_eq!(&class[1..], &[0, 0, 0, 1, 1, 1, 2, 2, 2]);
    }

    #[test]
    fn a_modular_window_of_two_cells_is_recognised_with_the_residues() {
        let rows = table(9, 2, |v| v % 3);
        let class = classes_of_table(9, 2, &rows).unwrap();
        assert_eq!(&class[1..], &[0, 1, 2, 0, 1, 2, 0, 1, 2]);
    }

    #[test]
    fn a_table_missing_one_tuple_or_repeating_one_is_not_a_class_table() {
        let mut rows = table(9, 3, |v| (v - 1) / 3);
        let last = rows.pop().unwrap();
        assert_eq!(classes_of_table(9, 3, &rows), None);
        rows.push(last.clone());
        rows.push(last);
        assert_eq!(classes_of_table(9, 3, &rows), None);
    }

    #[test]
    fn a_table_of_different_values_is_not_mistaken_for_classes() {
        // All-different over 3 cells: every two values appear together, so each value is its
        // own class, and the table is exactly "pairwise different classes": recognised, and
        // the rows are the all-different rows Σ_c x_{c,v} ≤ 1, which are exact.
        let rows = table(4, 3, |v| v);
        let class = classes_of_table(4, 3, &rows).unwrap();
        assert_eq!(&class[1..], &[0, 1, 2, 3]);
        // Equal pairs (a palindrome's table) are not: 1 never meets 2, but 1 meets 1.
        let equal: Vec<Vec<u8>> = (1..=4).map(|v| vec![v, v]).collect();
        assert_eq!(classes_of_table(4, 2, &equal), None);
    }
}
