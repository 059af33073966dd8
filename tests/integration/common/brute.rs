//! An independent brute-force counter for puzzles with variant rules, for the differential
//! tests. It shares no code with the library: its own puzzle description ([`Spec`]), its own
//! reading of every rule (written from the rules' definitions in the README, not from the
//! library's lowering), and plain depth-first search over the cells, most constrained first.
//! A rule is checked only once all its cells hold values (a pair rule as soon as both do), so
//! nothing here relies on propagation, sums' bounds or a model.
//!
//! [`Spec::json`] writes the puzzle in the project's JSON for the library to read.

/// A cell, (row, column), 0-based.
pub type C = (usize, usize);

/// One rule as the README defines it.
#[derive(Debug, Clone, PartialEq)]
pub enum R {
    /// Different values; adding up to the sum when there is one.
    Killer(Vec<C>, Option<i64>),
    /// The cells add up to the sum; values may repeat.
    LittleKiller(Vec<C>, i64),
    /// Strictly increasing from the first cell.
    Thermo(Vec<C>),
    /// Circle (1–3 cells read as a decimal number) = Σ line.
    Arrow(Vec<C>, Vec<C>),
    /// |a − b| = k.
    White(C, C, i64),
    /// a = k·b or b = k·a.
    Black(C, C, i64),
    /// a + b = sum.
    Xv(C, C, i64),
    /// greater > lesser.
    Gt(C, C),
    Odd(C),
    Even(C),
    /// Different values.
    Extra(Vec<C>),
    /// The s×s windows at rows/columns 1 + k(s + 1) hold different values.
    Windoku,
    AntiKnight,
    AntiKing,
    /// Unmarked orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// Same position in every box: different values.
    DisjointGroups,
    /// Unmarked orthogonal neighbours: sum not 5 or 10 (xv), not in ratio 2 (ratio).
    Negative {
        xv: bool,
        ratio: bool,
    },
    /// Reads the same both ways.
    Palindrome(Vec<C>),
    /// The i-th cell of the first list equals the i-th of the second.
    Clone(Vec<C>, Vec<C>),
    /// A set of consecutive values, no repeats.
    Renban(Vec<C>),
    /// Neighbours on the line differ by at least the value.
    Whispers(Vec<C>, i64),
    /// No two values equal or consecutive.
    Nabner(Vec<C>),
    /// Each 3 neighbouring cells: one low, one middle, one high (9×9: 1-3, 4-6, 7-9).
    Entropic(Vec<C>),
    /// Each 3 neighbouring cells: the three residues mod 3.
    Modular(Vec<C>),
    /// Middle values strictly between the ends' values.
    Between(Vec<C>),
    /// Ends at least n/2 (rounded down) apart; middle values outside the ends' closed range.
    Lockout(Vec<C>),
    /// The pieces of the line in each box (runs of cells) have equal sums.
    RegionSum(Vec<C>),
    /// Facing cells from the middle add up to one total (the middle cell on an odd line).
    Zipper(Vec<C>),
    /// Middle sum = the two ends' sum.
    DoubleArrow(Vec<C>),
    /// Never decreasing from the first cell.
    SlowThermo(Vec<C>),
    /// Each cell below every orthogonal neighbour not in the list.
    Minimum(Vec<C>),
    /// Each cell above every orthogonal neighbour not in the list.
    Maximum(Vec<C>),
    /// Each listed value appears among the cells at least as often as listed.
    Quadruple(Vec<C>, Vec<u8>),
    /// The cell holds one of the values.
    PencilMarks(C, Vec<u8>),
    /// A whole row or column read from the clue's side (the cells in that order), then the
    /// clue: the digits between the 1 and the n add up to it.
    Sandwich(Vec<C>, i64),
    /// The first X digits add up to the clue, X the first digit.
    XSum(Vec<C>, i64),
    /// The clue counts the digits taller than all before them.
    Skyscraper(Vec<C>, i64),
    /// The X-th digit is the clue, X the first digit.
    NumberedRoom(Vec<C>, i64),
    /// Cells whose digit X says: the cell's column number c stands in column X of its row.
    ColumnIndexer(Vec<C>),
    /// The cell's row number r stands in row X of its column.
    RowIndexer(Vec<C>),
    /// The cell's position p in its box (row-major, from 1) stands at position X of the box.
    BoxIndexer(Vec<C>),
}

/// A puzzle: order, box shape (or irregular regions), diagonals, givens (0 empty), rules.
#[derive(Debug, Clone)]
pub struct Spec {
    pub n: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    /// A region id 0..n per cell, row-major, replacing the boxes.
    pub regions: Option<Vec<usize>>,
    pub diagonals: bool,
    pub givens: Vec<u8>,
    pub rules: Vec<R>,
}

impl Spec {
    /// An empty grid of `box_rows`×`box_cols` boxes, no rules.
    pub fn empty(box_rows: usize, box_cols: usize) -> Spec {
        let n = box_rows * box_cols;
        Spec {
            n,
            box_rows,
            box_cols,
            regions: None,
            diagonals: false,
            givens: vec![0; n * n],
            rules: Vec::new(),
        }
    }
}

fn name((r, c): C) -> String {
    format!("\"r{}c{}\"", r + 1, c + 1)
}

fn names(cells: &[C]) -> String {
    let all: Vec<String> = cells.iter().map(|&c| name(c)).collect();
    format!("[{}]", all.join(","))
}

impl Spec {
    /// The puzzle in the project's JSON (README: "rules" objects with a "type").
    pub fn json(&self) -> String {
        let n = self.n;
        let rows: Vec<String> = (0..n)
            .map(|r| {
                let row: Vec<String> = (0..n).map(|c| self.givens[r * n + c].to_string()).collect();
                format!("[{}]", row.join(","))
            })
            .collect();
        let mut out = format!("{{\"grid\": [{}]", rows.join(","));
        match &self.regions {
            Some(ids) => {
                let rows: Vec<String> = (0..n)
                    .map(|r| {
                        let row: Vec<String> = (0..n).map(|c| ids[r * n + c].to_string()).collect();
                        format!("[{}]", row.join(","))
                    })
                    .collect();
                out += &format!(", \"regions\": [{}]", rows.join(","));
            }
            None => out += &format!(", \"box\": [{}, {}]", self.box_rows, self.box_cols),
        }
        if self.diagonals {
            out += ", \"diagonals\": true";
        }
        let rules: Vec<String> = self.rules.iter().map(rule_json).collect();
        out += &format!(", \"rules\": [{}]}}", rules.join(", "));
        out
    }

    /// Every group of cells that must hold different values.
    fn groups(&self) -> Vec<Vec<usize>> {
        let n = self.n;
        let at = |(r, c): C| r * n + c;
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            groups.push((0..n).map(|j| i * n + j).collect());
            groups.push((0..n).map(|j| j * n + i).collect());
        }
        match &self.regions {
            Some(ids) => {
                for id in 0..n {
                    groups.push((0..n * n).filter(|&i| ids[i] == id).collect());
                }
            }
            None => {
                for i in 0..n * n {
                    let (r, c) = (i / n, i % n);
                    let b = (r / self.box_rows) * (n / self.box_cols) + c / self.box_cols;
                    if groups.len() <= 2 * n + b {
                        groups.resize(2 * n + b + 1, Vec::new());
                    }
                    groups[2 * n + b].push(i);
                }
            }
        }
        if self.diagonals {
            groups.push((0..n).map(|i| i * n + i).collect());
            groups.push((0..n).map(|i| i * n + (n - 1 - i)).collect());
        }
        let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < n as i64 && c < n as i64;
        for rule in &self.rules {
            match rule {
                R::Killer(cells, _) | R::Extra(cells) => {
                    groups.push(cells.iter().map(|&c| at(c)).collect())
                }
                R::Windoku => {
                    let s = (1..=n).find(|s| s * s == n).unwrap();
                    let mut start = 1;
                    while start + s <= n {
                        let mut col = 1;
                        while col + s <= n {
                            groups.push(
                                (0..s * s)
                                    .map(|k| at((start + k / s, col + k % s)))
                                    .collect(),
                            );
                            col += s + 1;
                        }
                        start += s + 1;
                    }
                }
                R::DisjointGroups => {
                    let (br, bc) = (self.box_rows, self.box_cols);
                    for p in 0..n {
                        let mut g = Vec::new();
                        for band in (0..n).step_by(br) {
                            for stack in (0..n).step_by(bc) {
                                g.push(at((band + p / bc, stack + p % bc)));
                            }
                        }
                        groups.push(g);
                    }
                }
                R::AntiKnight | R::AntiKing => {
                    let steps: &[(i64, i64)] = if *rule == R::AntiKnight {
                        &[(1, 2), (2, 1), (1, -2), (2, -1)]
                    } else {
                        &[(1, 1), (1, -1)]
                    };
                    for i in 0..n * n {
                        let (r, c) = ((i / n) as i64, (i % n) as i64);
                        for &(dr, dc) in steps {
                            if inside(r + dr, c + dc) {
                                let j = ((r + dr) as usize) * n + (c + dc) as usize;
                                groups.push(vec![i, j]);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        groups
    }

    /// Pairs of orthogonal neighbours that carry a dot or an X/V.
    fn marked(&self) -> Vec<(usize, usize)> {
        let n = self.n;
        let mut out = Vec::new();
        for rule in &self.rules {
            if let R::White(a, b, _) | R::Black(a, b, _) | R::Xv(a, b, _) = rule {
                let (i, j) = (a.0 * n + a.1, b.0 * n + b.1);
                out.push((i.min(j), i.max(j)));
            }
        }
        out
    }

    /// Every rule that is not "different values", as a test on the cells' values.
    fn checks(&self) -> Vec<Check> {
        let n = self.n;
        let at = |(r, c): C| r * n + c;
        let all = |cells: &[C]| cells.iter().map(|&c| at(c)).collect::<Vec<_>>();
        let mut out = Vec::new();
        for rule in &self.rules {
            match rule {
                R::Killer(cells, Some(s)) | R::LittleKiller(cells, s) => {
                    out.push(Check::Sum(all(cells), *s))
                }
                R::Thermo(cells) => out.push(Check::Increasing(all(cells))),
                R::Arrow(circle, line) => out.push(Check::Arrow(all(circle), all(line))),
                R::White(a, b, k) => out.push(Check::Pair(at(*a), at(*b), Pair::Diff(*k))),
                R::Black(a, b, k) => out.push(Check::Pair(at(*a), at(*b), Pair::Ratio(*k))),
                R::Xv(a, b, s) => out.push(Check::Pair(at(*a), at(*b), Pair::Sum(*s))),
                R::Gt(a, b) => out.push(Check::Pair(at(*a), at(*b), Pair::Greater)),
                R::Sandwich(cells, s) => out.push(Check::Clue(Clue::Sandwich, all(cells), *s)),
                R::XSum(cells, s) => out.push(Check::Clue(Clue::XSum, all(cells), *s)),
                R::Skyscraper(cells, s) => out.push(Check::Clue(Clue::Sky, all(cells), *s)),
                R::NumberedRoom(cells, s) => out.push(Check::Clue(Clue::Room, all(cells), *s)),
                R::ColumnIndexer(cells) | R::RowIndexer(cells) | R::BoxIndexer(cells) => {
                    for &(r, c) in cells {
                        let (targets, own) = match rule {
                            R::ColumnIndexer(_) => ((0..n).map(|k| at((r, k))).collect(), c + 1),
                            R::RowIndexer(_) => ((0..n).map(|k| at((k, c))).collect(), r + 1),
                            _ => {
                                let (h, w) = (self.box_rows, self.box_cols);
                                let (top, left) = (r / h * h, c / w * w);
                                let targets = (0..n).map(|p| at((top + p / w, left + p % w)));
                                (targets.collect(), (r - top) * w + (c - left) + 1)
                            }
                        };
                        out.push(Check::Index(at((r, c)), targets, own as u8));
                    }
                }
                R::Odd(c) => out.push(Check::Parity(at(*c), 1)),
                R::Even(c) => out.push(Check::Parity(at(*c), 0)),
                R::NonConsecutive | R::Negative { .. } => {
                    let marked = self.marked();
                    for i in 0..n * n {
                        let (r, c) = (i / n, i % n);
                        let mut next = Vec::new();
                        if c + 1 < n {
                            next.push(i + 1);
                        }
                        if r + 1 < n {
                            next.push(i + n);
                        }
                        for j in next {
                            if marked.contains(&(i, j)) {
                                continue;
                            }
                            match rule {
                                R::NonConsecutive => {
                                    out.push(Check::Pair(i, j, Pair::NotConsecutive))
                                }
                                R::Negative { xv, ratio } => {
                                    if *xv {
                                        out.push(Check::Pair(i, j, Pair::NotXv));
                                    }
                                    if *ratio {
                                        out.push(Check::Pair(i, j, Pair::NotDouble));
                                    }
                                }
                                _ => unreachable!(),
                            }
                        }
                    }
                }
                R::Minimum(cells) | R::Maximum(cells) => {
                    let min = matches!(rule, R::Minimum(_));
                    for &(r, c) in cells {
                        let near = [
                            (r.wrapping_sub(1), c),
                            (r + 1, c),
                            (r, c.wrapping_sub(1)),
                            (r, c + 1),
                        ];
                        for (r2, c2) in near {
                            if r2 < n && c2 < n && !cells.contains(&(r2, c2)) {
                                let (a, b) = (at((r, c)), at((r2, c2)));
                                let (low, high) = if min { (a, b) } else { (b, a) };
                                out.push(Check::Pair(high, low, Pair::Greater));
                            }
                        }
                    }
                }
                R::PencilMarks(cell, values) => {
                    out.push(Check::Line(Line::Marks(values.clone()), vec![at(*cell)]))
                }
                R::Clone(a, b) => {
                    for (x, y) in a.iter().zip(b) {
                        out.push(Check::Pair(at(*x), at(*y), Pair::Diff(0)));
                    }
                }
                R::Quadruple(cells, values) => {
                    out.push(Check::Line(Line::Quad(values.clone()), all(cells)))
                }
                R::RegionSum(cells) => {
                    let regions: Vec<usize> = cells.iter().map(|&c| self.region(c)).collect();
                    out.push(Check::Line(Line::RegionSum(regions), all(cells)))
                }
                R::Palindrome(cells)
                | R::Renban(cells)
                | R::Nabner(cells)
                | R::Entropic(cells)
                | R::Modular(cells)
                | R::Between(cells)
                | R::Lockout(cells)
                | R::Zipper(cells)
                | R::DoubleArrow(cells)
                | R::SlowThermo(cells)
                | R::Whispers(cells, _) => {
                    let line = match rule {
                        R::Palindrome(_) => Line::Palindrome,
                        R::Renban(_) => Line::Renban,
                        R::Nabner(_) => Line::Nabner,
                        R::Entropic(_) => Line::Entropic(n),
                        R::Modular(_) => Line::Modular,
                        R::Between(_) => Line::Between,
                        R::Lockout(_) => Line::Lockout(n as i64 / 2),
                        R::Zipper(_) => Line::Zipper,
                        R::DoubleArrow(_) => Line::DoubleArrow,
                        R::SlowThermo(_) => Line::Slow,
                        R::Whispers(_, d) => Line::Whispers(*d),
                        _ => unreachable!(),
                    };
                    out.push(Check::Line(line, all(cells)))
                }
                _ => {}
            }
        }
        out
    }

    /// The box (or region) number of a cell.
    fn region(&self, (r, c): C) -> usize {
        match &self.regions {
            Some(ids) => ids[r * self.n + c],
            None => (r / self.box_rows) * (self.n / self.box_cols) + c / self.box_cols,
        }
    }

    /// Whether a complete grid (values 1..n, row-major) keeps every house and rule.
    pub fn holds(&self, grid: &[u8]) -> bool {
        let n = self.n;
        if grid.len() != n * n || grid.iter().any(|&v| v == 0 || v as usize > n) {
            return false;
        }
        if (0..n * n).any(|i| self.givens[i] != 0 && self.givens[i] != grid[i]) {
            return false;
        }
        for g in self.groups() {
            let mut seen = vec![false; n + 1];
            for &i in &g {
                if std::mem::replace(&mut seen[grid[i] as usize], true) {
                    return false;
                }
            }
        }
        self.checks().iter().all(|c| c.holds(grid))
    }
}

fn rule_json(rule: &R) -> String {
    match rule {
        R::Killer(cells, sum) => match sum {
            Some(s) => format!(
                "{{\"type\":\"killer\",\"cells\":{},\"sum\":{s}}}",
                names(cells)
            ),
            None => format!("{{\"type\":\"killer\",\"cells\":{}}}", names(cells)),
        },
        R::LittleKiller(cells, s) => format!(
            "{{\"type\":\"little_killer\",\"cells\":{},\"sum\":{s}}}",
            names(cells)
        ),
        R::Thermo(cells) => format!("{{\"type\":\"thermometer\",\"cells\":{}}}", names(cells)),
        R::Arrow(circle, line) => format!(
            "{{\"type\":\"arrow\",\"circle\":{},\"line\":{}}}",
            names(circle),
            names(line)
        ),
        R::White(a, b, k) | R::Black(a, b, k) => format!(
            "{{\"type\":\"kropki\",\"dot\":\"{}\",\"a\":{},\"b\":{},\"value\":{k}}}",
            if matches!(rule, R::White(..)) {
                "white"
            } else {
                "black"
            },
            name(*a),
            name(*b)
        ),
        R::Xv(a, b, s) => format!(
            "{{\"type\":\"xv\",\"a\":{},\"b\":{},\"sum\":{s}}}",
            name(*a),
            name(*b)
        ),
        R::Gt(a, b) => format!(
            "{{\"type\":\"greater_than\",\"greater\":{},\"lesser\":{}}}",
            name(*a),
            name(*b)
        ),
        R::Odd(c) => format!(
            "{{\"type\":\"parity\",\"parity\":\"odd\",\"cell\":{}}}",
            name(*c)
        ),
        R::Even(c) => format!(
            "{{\"type\":\"parity\",\"parity\":\"even\",\"cell\":{}}}",
            name(*c)
        ),
        R::Extra(cells) => format!("{{\"type\":\"extra_region\",\"cells\":{}}}", names(cells)),
        R::Windoku => "{\"type\":\"windoku\"}".into(),
        R::AntiKnight => "{\"type\":\"anti_knight\"}".into(),
        R::AntiKing => "{\"type\":\"anti_king\"}".into(),
        R::NonConsecutive => "{\"type\":\"non_consecutive\"}".into(),
        R::DisjointGroups => "{\"type\":\"disjoint_groups\"}".into(),
        R::Negative { xv, ratio } => {
            format!("{{\"type\":\"negative\",\"xv\":{xv},\"ratio\":{ratio}}}")
        }
        R::Palindrome(c) => line_json("palindrome", c),
        R::Renban(c) => line_json("renban", c),
        R::Nabner(c) => line_json("nabner", c),
        R::Entropic(c) => line_json("entropic", c),
        R::Modular(c) => line_json("modular", c),
        R::Between(c) => line_json("between", c),
        R::Lockout(c) => line_json("lockout", c),
        R::RegionSum(c) => line_json("region_sum", c),
        R::Zipper(c) => line_json("zipper", c),
        R::DoubleArrow(c) => line_json("double_arrow", c),
        R::SlowThermo(c) => line_json("slow_thermometer", c),
        R::Whispers(c, d) => format!(
            "{{\"type\":\"whispers\",\"cells\":{},\"difference\":{d}}}",
            names(c)
        ),
        R::Clone(a, b) => format!(
            "{{\"type\":\"clone\",\"cells\":{},\"copies\":{}}}",
            names(a),
            names(b)
        ),
        R::Minimum(c) | R::Maximum(c) => format!(
            "{{\"type\":\"extremum\",\"extreme\":\"{}\",\"cells\":{}}}",
            if matches!(rule, R::Minimum(_)) {
                "minimum"
            } else {
                "maximum"
            },
            names(c)
        ),
        R::Quadruple(c, values) => format!(
            "{{\"type\":\"quadruple\",\"cells\":{},\"values\":{values:?}}}",
            names(c)
        ),
        R::PencilMarks(c, values) => format!(
            "{{\"type\":\"pencil_marks\",\"cell\":{},\"values\":{values:?}}}",
            name(*c)
        ),
        R::Sandwich(cells, s) => clue_json("sandwich", "sum", cells, *s),
        R::XSum(cells, s) => clue_json("x_sum", "sum", cells, *s),
        R::Skyscraper(cells, s) => clue_json("skyscraper", "count", cells, *s),
        R::NumberedRoom(cells, s) => clue_json("numbered_room", "digit", cells, *s),
        R::ColumnIndexer(cells) | R::RowIndexer(cells) | R::BoxIndexer(cells) => {
            let axis = match rule {
                R::ColumnIndexer(_) => "column",
                R::RowIndexer(_) => "row",
                _ => "box",
            };
            format!(
                "{{\"type\":\"indexer\",\"axis\":\"{axis}\",\"cells\":{}}}",
                names(cells)
            )
        }
    }
}

fn line_json(kind: &str, cells: &[C]) -> String {
    format!("{{\"type\":\"{kind}\",\"cells\":{}}}", names(cells))
}

fn clue_json(kind: &str, field: &str, cells: &[C], value: i64) -> String {
    format!(
        "{{\"type\":\"{kind}\",\"cells\":{},\"{field}\":{value}}}",
        names(cells)
    )
}

#[derive(Debug, Clone, Copy)]
enum Pair {
    Diff(i64),
    Ratio(i64),
    Sum(i64),
    Greater,
    NotConsecutive,
    NotXv,
    NotDouble,
}

impl Pair {
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Pair::Diff(k) => (a - b).abs() == k,
            Pair::Ratio(k) => a == k * b || b == k * a,
            Pair::Sum(s) => a + b == s,
            Pair::Greater => a > b,
            Pair::NotConsecutive => (a - b).abs() != 1,
            Pair::NotXv => a + b != 5 && a + b != 10,
            Pair::NotDouble => a != 2 * b && b != 2 * a,
        }
    }
}

/// A rule over a line (or a few cells) read on the line's values in order.
#[derive(Debug, Clone)]
enum Line {
    Palindrome,
    Renban,
    Nabner,
    /// The grid's order.
    Entropic(usize),
    Modular,
    Between,
    /// The least gap of the ends.
    Lockout(i64),
    Zipper,
    DoubleArrow,
    Slow,
    Whispers(i64),
    Quad(Vec<u8>),
    Marks(Vec<u8>),
    /// The region of each cell.
    RegionSum(Vec<usize>),
}

impl Line {
    fn holds(&self, v: &[i64]) -> bool {
        let len = v.len();
        let mut sorted = v.to_vec();
        sorted.sort_unstable();
        let (first, last) = (v[0], v[len - 1]);
        let middle = &v[1..len.max(2) - 1];
        match self {
            Line::Palindrome => (0..len).all(|i| v[i] == v[len - 1 - i]),
            Line::Renban => sorted.windows(2).all(|w| w[1] == w[0] + 1),
            Line::Nabner => sorted.windows(2).all(|w| w[1] >= w[0] + 2),
            Line::Entropic(n) => {
                // The classes: thirds of 1..n as f-puzzles cuts them (9: 1-3, 4-6, 7-9).
                let n = *n as i64;
                let low = match n % 3 {
                    1 => n / 3,
                    _ => (n + 2) / 3,
                };
                let class = |x: i64| (x > low) as i64 + (x > n - low) as i64;
                v.windows(3.min(len)).all(|w| {
                    let c: Vec<i64> = w.iter().map(|&x| class(x)).collect();
                    (0..c.len()).all(|i| (0..i).all(|j| c[i] != c[j]))
                })
            }
            Line::Modular => v
                .windows(3.min(len))
                .all(|w| (0..w.len()).all(|i| (0..i).all(|j| w[i] % 3 != w[j] % 3))),
            Line::Between => middle
                .iter()
                .all(|&m| first.min(last) < m && m < first.max(last)),
            Line::Lockout(gap) => {
                (first - last).abs() >= *gap
                    && middle
                        .iter()
                        .all(|&m| m < first.min(last) || m > first.max(last))
            }
            Line::Zipper => {
                let mut totals: Vec<i64> = (0..len / 2).map(|i| v[i] + v[len - 1 - i]).collect();
                if len % 2 == 1 {
                    totals.push(v[len / 2]);
                }
                totals.windows(2).all(|w| w[0] == w[1])
            }
            Line::DoubleArrow => middle.iter().sum::<i64>() == first + last,
            Line::Slow => v.windows(2).all(|w| w[0] <= w[1]),
            Line::Whispers(d) => v.windows(2).all(|w| (w[0] - w[1]).abs() >= *d),
            Line::Quad(values) => values.iter().all(|d| {
                let d = *d as i64;
                v.iter().filter(|&&x| x == d).count()
                    >= values.iter().filter(|&&x| x as i64 == d).count()
            }),
            Line::Marks(values) => values.contains(&(v[0] as u8)),
            Line::RegionSum(regions) => {
                let mut sums = vec![v[0]];
                for i in 1..len {
                    if regions[i] == regions[i - 1] {
                        *sums.last_mut().unwrap() += v[i];
                    } else {
                        sums.push(v[i]);
                    }
                }
                sums.windows(2).all(|w| w[0] == w[1])
            }
        }
    }
}

/// What an outside clue reads along its line.
#[derive(Debug, Clone, Copy)]
enum Clue {
    Sandwich,
    XSum,
    Sky,
    Room,
}

impl Clue {
    /// Whether the digits along the line (from the clue's side) fit the clue.
    fn holds(self, digits: &[i64], clue: i64) -> bool {
        let n = digits.len() as i64;
        match self {
            Clue::Sandwich => {
                let one = digits.iter().position(|&d| d == 1);
                let top = digits.iter().position(|&d| d == n);
                match (one, top) {
                    (Some(a), Some(b)) => {
                        digits[a.min(b) + 1..a.max(b)].iter().sum::<i64>() == clue
                    }
                    _ => false,
                }
            }
            Clue::XSum => digits.iter().take(digits[0] as usize).sum::<i64>() == clue,
            Clue::Sky => {
                let mut tallest = 0;
                let mut seen = 0;
                for &d in digits {
                    if d > tallest {
                        tallest = d;
                        seen += 1;
                    }
                }
                seen == clue
            }
            Clue::Room => digits[digits[0] as usize - 1] == clue,
        }
    }
}

#[derive(Debug, Clone)]
enum Check {
    Line(Line, Vec<usize>),
    /// An outside clue over the line's cells, in reading order.
    Clue(Clue, Vec<usize>, i64),
    /// An indexer cell, the cells its digit points into, and the number it says stands there.
    Index(usize, Vec<usize>, u8),
    Sum(Vec<usize>, i64),
    Increasing(Vec<usize>),
    Arrow(Vec<usize>, Vec<usize>),
    Pair(usize, usize, Pair),
    Parity(usize, u8),
}

impl Check {
    fn cells(&self) -> Vec<usize> {
        match self {
            Check::Sum(c, _) | Check::Increasing(c) | Check::Line(_, c) => c.clone(),
            Check::Arrow(a, b) => a.iter().chain(b).copied().collect(),
            Check::Pair(a, b, _) => vec![*a, *b],
            Check::Parity(c, _) => vec![*c],
            Check::Clue(_, c, _) => c.clone(),
            Check::Index(a, t, _) => std::iter::once(*a).chain(t.iter().copied()).collect(),
        }
    }

    /// Whether the rule holds on `grid`, whose cells of this rule all hold values.
    fn holds(&self, grid: &[u8]) -> bool {
        let v = |i: usize| i64::from(grid[i]);
        match self {
            Check::Sum(cells, s) => cells.iter().map(|&i| v(i)).sum::<i64>() == *s,
            Check::Increasing(cells) => cells.windows(2).all(|w| v(w[0]) < v(w[1])),
            Check::Arrow(circle, line) => {
                let number = circle.iter().fold(0, |acc, &i| acc * 10 + v(i));
                line.iter().map(|&i| v(i)).sum::<i64>() == number
            }
            Check::Pair(a, b, p) => p.holds(v(*a), v(*b)),
            Check::Parity(c, rem) => grid[*c] % 2 == *rem,
            Check::Line(line, cells) => {
                line.holds(&cells.iter().map(|&i| v(i)).collect::<Vec<_>>())
            }
            Check::Clue(kind, cells, clue) => {
                let digits: Vec<i64> = cells.iter().map(|&i| v(i)).collect();
                kind.holds(&digits, *clue)
            }
            Check::Index(a, targets, own) => grid[targets[grid[*a] as usize - 1]] == *own,
        }
    }
}

/// The search: peers (cells sharing a group) and the checks that mention each cell.
struct Search {
    n: usize,
    peers: Vec<Vec<usize>>,
    checks: Vec<Check>,
    /// For each cell, the indices of the checks that mention it.
    by_cell: Vec<Vec<usize>>,
    grid: Vec<u8>,
    nodes: u64,
    budget: u64,
    /// A value order per call (for random solutions); `None`: 1..n.
    order: Option<Vec<u8>>,
}

impl Search {
    fn new(spec: &Spec, givens: &[u8]) -> Option<Search> {
        let n = spec.n;
        let mut peers = vec![Vec::new(); n * n];
        for g in spec.groups() {
            for &i in &g {
                for &j in &g {
                    if i != j {
                        peers[i].push(j);
                    }
                }
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let checks = spec.checks();
        let mut by_cell = vec![Vec::new(); n * n];
        for (k, c) in checks.iter().enumerate() {
            for i in c.cells() {
                by_cell[i].push(k);
            }
        }
        let mut s = Search {
            n,
            peers,
            checks,
            by_cell,
            grid: vec![0; n * n],
            nodes: 0,
            budget: u64::MAX,
            order: None,
        };
        for (i, &v) in givens.iter().enumerate() {
            if v != 0 {
                if s.peers[i].iter().any(|&p| s.grid[p] == v) {
                    return Some(s.empty_search());
                }
                s.grid[i] = v;
            }
        }
        // Rules whose cells are all given.
        for k in 0..s.checks.len() {
            let c = &s.checks[k];
            if c.cells().iter().all(|&i| s.grid[i] != 0) && !c.holds(&s.grid) {
                return Some(s.empty_search());
            }
        }
        Some(s)
    }

    /// A search with no solution (givens that break a rule).
    fn empty_search(mut self) -> Search {
        self.budget = 0;
        self.nodes = 1;
        self.grid.clear();
        self
    }

    fn consistent(&self, i: usize) -> bool {
        self.by_cell[i].iter().all(|&k| {
            let c = &self.checks[k];
            c.cells().iter().any(|&j| self.grid[j] == 0) || c.holds(&self.grid)
        })
    }

    /// Depth-first search; `emit` gets each solution and says whether to go on. Returns false
    /// when the node budget ran out.
    fn run(&mut self, emit: &mut dyn FnMut(&[u8]) -> bool) -> Result<bool, ()> {
        if self.grid.is_empty() {
            return Ok(true);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(());
        }
        let n = self.n;
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..n * n {
            if self.grid[i] != 0 {
                continue;
            }
            let free: Vec<u8> = (1..=n as u8)
                .filter(|&v| self.peers[i].iter().all(|&p| self.grid[p] != v))
                .collect();
            if free.is_empty() {
                return Ok(true);
            }
            if best.as_ref().is_none_or(|(_, b)| free.len() < b.len()) {
                best = Some((i, free));
            }
        }
        let Some((i, mut free)) = best else {
            return Ok(emit(&self.grid));
        };
        if let Some(order) = &self.order {
            free.sort_by_key(|v| order.iter().position(|o| o == v));
        }
        for v in free {
            self.grid[i] = v;
            if self.consistent(i) && !self.run(emit)? {
                self.grid[i] = 0;
                return Ok(false);
            }
            self.grid[i] = 0;
        }
        Ok(true)
    }
}

/// The solutions of `spec` up to `limit` of them, or `None` when more than `budget` search
/// nodes were needed.
pub fn solutions(spec: &Spec, limit: usize, budget: u64) -> Option<Vec<Vec<u8>>> {
    let mut s = Search::new(spec, &spec.givens)?;
    s.budget = budget;
    let mut out = Vec::new();
    s.run(&mut |g| {
        out.push(g.to_vec());
        out.len() < limit
    })
    .ok()?;
    Some(out)
}

/// One solution of `spec` with its givens ignored, values tried in `order` (a random order
/// gives a random solution), or `None` (none, or over `budget` nodes).
pub fn a_solution(spec: &Spec, order: Vec<u8>, budget: u64) -> Option<Vec<u8>> {
    let mut s = Search::new(spec, &vec![0; spec.n * spec.n])?;
    s.budget = budget;
    s.order = Some(order);
    let mut out = None;
    s.run(&mut |g| {
        out = Some(g.to_vec());
        false
    })
    .ok()?;
    out
}
