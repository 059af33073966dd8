//! An independent solution counter for the tests: plain backtracking over bitmasks of candidate
//! values, most constrained cell first. It shares no code with the library (no model, no
//! solver, its own houses), so a wrong count or a wrong cut in the library cannot hide behind it.

/// Counts the solutions of a grid with `box_rows`×`box_cols` boxes (order n = box_rows ·
/// box_cols ≤ 32), givens row-major with 0 for empty, stopping at `limit`. A grid whose givens
/// repeat a value in a row, column or box has 0 solutions.
pub fn count_solutions(givens: &[u32], box_rows: usize, box_cols: usize, limit: u64) -> u64 {
    let n = box_rows * box_cols;
    assert!(n <= 32 && givens.len() == n * n, "a grid of order ≤ 32");
    let mut s = State::new(n, box_rows, box_cols);
    for (i, &v) in givens.iter().enumerate() {
        if v != 0 {
            if v as usize > n || !s.can_place(i, v as usize - 1) {
                return 0;
            }
            s.place(i, v as usize - 1);
        }
    }
    let mut found = 0;
    s.search(limit, &mut found, &mut |_| {});
    found
}

/// Up to `limit` solutions, each as row-major values 1..n.
pub fn solutions(givens: &[u32], box_rows: usize, box_cols: usize, limit: u64) -> Vec<Vec<u32>> {
    let n = box_rows * box_cols;
    let mut s = State::new(n, box_rows, box_cols);
    for (i, &v) in givens.iter().enumerate() {
        if v != 0 {
            if v as usize > n || !s.can_place(i, v as usize - 1) {
                return Vec::new();
            }
            s.place(i, v as usize - 1);
        }
    }
    let mut out = Vec::new();
    let mut found = 0;
    s.search(limit, &mut found, &mut |grid| out.push(grid.to_vec()));
    out
}

struct State {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    /// Values used in each row, column and box, as bitmasks of value − 1.
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    grid: Vec<u32>,
}

impl State {
    fn new(n: usize, box_rows: usize, box_cols: usize) -> State {
        State {
            n,
            box_rows,
            box_cols,
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            grid: vec![0; n * n],
        }
    }

    fn houses(&self, i: usize) -> (usize, usize, usize) {
        let (r, c) = (i / self.n, i % self.n);
        let b = (r / self.box_rows) * (self.n / self.box_cols) + c / self.box_cols;
        (r, c, b)
    }

    fn used(&self, i: usize) -> u32 {
        let (r, c, b) = self.houses(i);
        self.rows[r] | self.cols[c] | self.boxes[b]
    }

    fn can_place(&self, i: usize, v: usize) -> bool {
        self.grid[i] == 0 && self.used(i) & (1 << v) == 0
    }

    fn place(&mut self, i: usize, v: usize) {
        let (r, c, b) = self.houses(i);
        self.rows[r] |= 1 << v;
        self.cols[c] |= 1 << v;
        self.boxes[b] |= 1 << v;
        self.grid[i] = v as u32 + 1;
    }

    fn remove(&mut self, i: usize, v: usize) {
        let (r, c, b) = self.houses(i);
        self.rows[r] &= !(1 << v);
        self.cols[c] &= !(1 << v);
        self.boxes[b] &= !(1 << v);
        self.grid[i] = 0;
    }

    fn search(&mut self, limit: u64, found: &mut u64, emit: &mut dyn FnMut(&[u32])) {
        if *found >= limit {
            return;
        }
        let all: u32 = if self.n == 32 {
            u32::MAX
        } else {
            (1 << self.n) - 1
        };
        // The empty cell with the fewest candidates.
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.n * self.n {
            if self.grid[i] != 0 {
                continue;
            }
            let free = all & !self.used(i);
            if free == 0 {
                return;
            }
            if best.is_none_or_fewer(free) {
                best = Some((i, free));
            }
        }
        let Some((i, mut free)) = best else {
            *found += 1;
            emit(&self.grid);
            return;
        };
        while free != 0 && *found < limit {
            let v = free.trailing_zeros() as usize;
            free &= free - 1;
            self.place(i, v);
            self.search(limit, found, emit);
            self.remove(i, v);
        }
    }
}

trait FewerCandidates {
    fn is_none_or_fewer(&self, free: u32) -> bool;
}

impl FewerCandidates for Option<(usize, u32)> {
    fn is_none_or_fewer(&self, free: u32) -> bool {
        match self {
            None => true,
            Some((_, best)) => free.count_ones() < best.count_ones(),
        }
    }
}
