//! One slice of a batch: `--shard K/N` takes the puzzle lines whose index (0-based, counting
//! puzzle lines only, as `--line` does) is ≡ K−1 (mod N), so N runs with K = 1..N together take
//! every line exactly once, each with its line number in the whole file.

use std::fmt;
use std::str::FromStr;

/// The `index`-th of `count` slices (1-based). `Shard::WHOLE` (1/1) is the whole file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// Why a shard cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("{0:?}: expected K/N with 1 <= K <= N (e.g. 2/8), or 'slurm'")]
    Syntax(String),
    #[error("slurm: {0} is not set (is this a Slurm job array? sbatch --array=...)")]
    SlurmMissing(&'static str),
    #[error("slurm: {name}={value:?} is not a number")]
    SlurmNotNumber { name: &'static str, value: String },
    #[error(
        "slurm: task {id} of {count} tasks does not fit task IDs {min}..{max}: \
         use a contiguous --array with step 1, e.g. --array=1-{count} or --array=0-{last}",
        last = .count.saturating_sub(1)
    )]
    SlurmRange {
        id: usize,
        count: usize,
        min: usize,
        max: usize,
    },
}

impl Shard {
    /// The whole input.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, 1-based.
    pub fn new(index: usize, count: usize) -> Option<Shard> {
        (count >= 1 && (1..=count).contains(&index)).then_some(Shard { index, count })
    }

    /// Whether the `i`-th selected puzzle line (0-based) belongs to this shard.
    pub fn takes(&self, i: usize) -> bool {
        i % self.count == self.index - 1
    }

    /// The shard of a Slurm job-array task, from `SLURM_ARRAY_TASK_ID`,
    /// `SLURM_ARRAY_TASK_COUNT` and, when set, `SLURM_ARRAY_TASK_MIN` (read through `var`, so
    /// tests need not touch the process environment).
    ///
    /// Slurm numbers tasks as `--array` gives them (`--array=0-9` gives IDs 0..9,
    /// `--array=1-10` gives 1..10). The shard is `ID − MIN + 1` of `COUNT`; without
    /// `SLURM_ARRAY_TASK_MIN` the IDs are taken as 0..COUNT−1 (`--array=0-(N−1)`). The IDs must
    /// be contiguous (`MAX − MIN + 1 = COUNT`, no step or list).
    ///
    /// ```
    /// use sudoku_ilp::batch::Shard;
    /// // sbatch --array=0-3 (task IDs 0..3), without SLURM_ARRAY_TASK_MIN.
    /// let zero_based = |name: &str| match name {
    ///     "SLURM_ARRAY_TASK_ID" => Some("0".to_string()),
    ///     "SLURM_ARRAY_TASK_COUNT" => Some("4".to_string()),
    ///     _ => None,
    /// };
    /// assert_eq!(Shard::from_slurm(zero_based), Ok(Shard::new(1, 4).unwrap()));
    /// // sbatch --array=1-4: task 4 is the last shard.
    /// let one_based = |name: &str| match name {
    ///     "SLURM_ARRAY_TASK_ID" | "SLURM_ARRAY_TASK_COUNT" | "SLURM_ARRAY_TASK_MAX" => {
    ///         Some("4".to_string())
    ///     }
    ///     "SLURM_ARRAY_TASK_MIN" => Some("1".to_string()),
    ///     _ => None,
    /// };
    /// assert_eq!(Shard::from_slurm(one_based), Ok(Shard::new(4, 4).unwrap()));
    /// ```
    pub fn from_slurm(var: impl Fn(&str) -> Option<String>) -> Result<Shard, ShardError> {
        let number = |name: &'static str| -> Result<Option<usize>, ShardError> {
            match var(name) {
                None => Ok(None),
                Some(value) => value
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| ShardError::SlurmNotNumber { name, value }),
            }
        };
        let required = |name: &'static str| number(name)?.ok_or(ShardError::SlurmMissing(name));
        let id = required("SLURM_ARRAY_TASK_ID")?;
        let count = required("SLURM_ARRAY_TASK_COUNT")?;
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let max = number("SLURM_ARRAY_TASK_MAX")?.unwrap_or((min + count).saturating_sub(1));
        let range = ShardError::SlurmRange {
            id,
            count,
            min,
            max,
        };
        if count == 0 || max + 1 != min + count || id < min || id > max {
            return Err(range);
        }
        Shard::new(id - min + 1, count).ok_or(range)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, e.g. `2/8`.
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(syntax)?;
        let k = k.trim().parse().map_err(|_| syntax())?;
        let n = n.trim().parse().map_err(|_| syntax())?;
        Shard::new(k, n).ok_or_else(syntax)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn shards_split_the_lines_once() {
        let shards: Vec<Shard> = (1..=3).map(|k| Shard::new(k, 3).unwrap()).collect();
        for i in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.takes(i)).count(), 1);
        }
        assert_eq!("2/3".parse(), Ok(shards[1]));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/2/3", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn slurm_ids_map_from_the_lowest() {
        let shard = |vars: &[(&str, &str)]| Shard::from_slurm(env(vars));
        let base = [("SLURM_ARRAY_TASK_COUNT", "5")];
        let with = |id: &'static str, extra: &[(&'static str, &'static str)]| {
            let mut v = base.to_vec();
            v.push(("SLURM_ARRAY_TASK_ID", id));
            v.extend_from_slice(extra);
            v
        };
        assert_eq!(shard(&with("4", &[])), Ok(Shard::new(5, 5).unwrap()));
        assert!(matches!(
            shard(&with("5", &[])),
            Err(ShardError::SlurmRange { .. })
        ));
        let one_based = [("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_MAX", "5")];
        assert_eq!(shard(&with("5", &one_based)), Ok(Shard::new(5, 5).unwrap()));
        assert_eq!(shard(&with("1", &one_based)), Ok(Shard::new(1, 5).unwrap()));
        let stepped = [("SLURM_ARRAY_TASK_MIN", "0"), ("SLURM_ARRAY_TASK_MAX", "8")];
        assert!(shard(&with("2", &stepped)).is_err());
        assert_eq!(
            shard(&base),
            Err(ShardError::SlurmMissing("SLURM_ARRAY_TASK_ID"))
        );
        assert!(matches!(
            shard(&with("x", &[])),
            Err(ShardError::SlurmNotNumber { .. })
        ));
    }
}
