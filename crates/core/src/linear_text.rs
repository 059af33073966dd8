//! A linear inequality as a student types it: LP syntax over the model's column names
//! (`x_r1_c1_v1 + x_r1_c2_v1 <= 1`, as `export --format lp` writes them) or a short form over
//! cells and digits (`r1c1=1 + r1c2=1 <= 1`, `r1c1=1` being the column x_{r1c1,1}), with whole
//! or decimal coefficients (`2 x`, `2*x`, `-0.5 r1c1=3`) and numbers on either side. Both sides
//! are gathered into `lower ≤ Σ a_j x_j ≤ upper`.

/// What a name in the text stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved {
    /// A column of the model.
    Column(usize),
    /// A candidate the model leaves out: its value is 0 in every grid.
    Zero,
    /// Not a name of this model: the sentence says why.
    Unknown(String),
}

/// A parsed inequality `lower ≤ Σ a_j x_j ≤ upper` (one side infinite unless `=`).
#[derive(Debug, Clone, PartialEq)]
pub struct Inequality {
    /// (column, coefficient), sorted by column, no zero coefficients.
    pub terms: Vec<(usize, f64)>,
    pub lower: f64,
    pub upper: f64,
    /// Names the model leaves out (taken as 0).
    pub zeros: Vec<String>,
}

/// Why a text is not an inequality.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParseError {
    #[error("no comparison in {0:?}: write `… <= b`, `… >= b` or `… = b`")]
    NoComparison(String),
    #[error("more than one comparison in {0:?}")]
    TwoComparisons(String),
    #[error("{0:?} is not a number, a column name (x_r1_c1_v1) or a candidate (r1c1=1)")]
    BadToken(String),
    #[error("{name}: {why}")]
    UnknownName { name: String, why: String },
    #[error("{0:?} has no column with a coefficient other than 0")]
    NoColumn(String),
    #[error("{text:?} has no column left: {} the model leaves out (0 in every grid)", zeros.join(", "))]
    OnlyZeros { text: String, zeros: Vec<String> },
    #[error("{0:?} ends without a term")]
    Incomplete(String),
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(f64),
    Name(String),
    Plus,
    Minus,
    Times,
    Compare(Comparison),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Comparison {
    Le,
    Ge,
    Eq,
}

fn tokens(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        i += 1;
        match c {
            c if c.is_whitespace() => {}
            '+' => out.push(Token::Plus),
            '-' => out.push(Token::Minus),
            '*' => out.push(Token::Times),
            '<' | '≤' | '>' | '≥' | '=' => {
                let comparison = match c {
                    '<' | '≤' => Comparison::Le,
                    '>' | '≥' => Comparison::Ge,
                    _ => match next {
                        Some('<') => Comparison::Le,
                        Some('>') => Comparison::Ge,
                        _ => Comparison::Eq,
                    },
                };
                if matches!(next, Some('=' | '<' | '>')) {
                    i += 1;
                }
                out.push(Token::Compare(comparison));
            }
            c if c.is_ascii_alphanumeric() || c == '_' || c == '.' => {
                let start = i - 1;
                while i < chars.len()
                    && (chars[i].is_ascii_alphanumeric() || "_.".contains(chars[i]))
                {
                    i += 1;
                }
                let mut word: String = chars[start..i].iter().collect();
                // `r1c1=5`: a candidate, when a cell name is followed at once by `=` and a digit.
                let digit_follows = chars.get(i + 1).is_some_and(char::is_ascii_digit);
                if is_cell(&word) && chars.get(i) == Some(&'=') && digit_follows {
                    let value_start = i + 1;
                    i = value_start;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    word = format!(
                        "{word}={}",
                        chars[value_start..i].iter().collect::<String>()
                    );
                }
                match word.parse::<f64>() {
                    Ok(x) if word.starts_with(|c: char| c.is_ascii_digit() || c == '.') => {
                        out.push(Token::Number(x))
                    }
                    _ if word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
                        out.push(Token::Name(word))
                    }
                    _ => return Err(ParseError::BadToken(word)),
                }
            }
            c => return Err(ParseError::BadToken(c.to_string())),
        }
    }
    Ok(out)
}

/// `r1c2`: a cell name (no check of the grid's size).
fn is_cell(word: &str) -> bool {
    let Some((r, c)) = word.strip_prefix('r').and_then(|w| w.split_once('c')) else {
        return false;
    };
    !r.is_empty() && !c.is_empty() && r.bytes().chain(c.bytes()).all(|b| b.is_ascii_digit())
}

/// The candidate (cell, value) a name stands for in an n×n grid: `x_r1_c2_v3` or `r1c2=3`
/// (row-major cell index from 0); `None` when it is neither or lies outside the grid.
pub fn candidate_of(name: &str, n: usize) -> Option<(usize, u8)> {
    let (r, c, v) = if let Some(rest) = name.strip_prefix("x_r") {
        let (r, rest) = rest.split_once("_c")?;
        let (c, v) = rest.split_once("_v")?;
        (r, c, v)
    } else {
        let (cell, v) = name.split_once('=')?;
        let (r, c) = cell.strip_prefix('r')?.split_once('c')?;
        (r, c, v)
    };
    let (r, c, v): (usize, usize, usize) = (r.parse().ok()?, c.parse().ok()?, v.parse().ok()?);
    let inside = |k: usize| (1..=n).contains(&k);
    (inside(r) && inside(c) && inside(v)).then(|| ((r - 1) * n + c - 1, v as u8))
}

/// One side: Σ terms + constant.
type Side = (Vec<(usize, f64)>, f64);

/// Reads `text` as an inequality, each name through `resolve`.
pub fn parse(text: &str, resolve: impl Fn(&str) -> Resolved) -> Result<Inequality, ParseError> {
    let tokens = tokens(text)?;
    let at: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t, Token::Compare(_)))
        .map(|(k, _)| k)
        .collect();
    let k = match at.as_slice() {
        [] => return Err(ParseError::NoComparison(text.trim().into())),
        [k] => *k,
        _ => return Err(ParseError::TwoComparisons(text.trim().into())),
    };
    let Token::Compare(comparison) = tokens[k] else {
        unreachable!("the token at a comparison's index is a comparison")
    };
    let mut zeros = Vec::new();
    let (left, left_constant) = side(&tokens[..k], text, &resolve, &mut zeros)?;
    let (right, right_constant) = side(&tokens[k + 1..], text, &resolve, &mut zeros)?;
    // left − right (comparison) right_constant − left_constant
    let mut terms = left;
    terms.extend(right.into_iter().map(|(j, a)| (j, -a)));
    terms.sort_by_key(|&(j, _)| j);
    let mut merged: Vec<(usize, f64)> = Vec::new();
    for (j, a) in terms {
        match merged.last_mut() {
            Some((last, b)) if *last == j => *b += a,
            _ => merged.push((j, a)),
        }
    }
    merged.retain(|&(_, a)| a != 0.0);
    if merged.is_empty() && !zeros.is_empty() {
        return Err(ParseError::OnlyZeros {
            text: text.trim().into(),
            zeros,
        });
    }
    if merged.is_empty() {
        return Err(ParseError::NoColumn(text.trim().into()));
    }
    let rhs = right_constant - left_constant;
    let (lower, upper) = match comparison {
        Comparison::Le => (f64::NEG_INFINITY, rhs),
        Comparison::Ge => (rhs, f64::INFINITY),
        Comparison::Eq => (rhs, rhs),
    };
    Ok(Inequality {
        terms: merged,
        lower,
        upper,
        zeros,
    })
}

fn side(
    tokens: &[Token],
    text: &str,
    resolve: &impl Fn(&str) -> Resolved,
    zeros: &mut Vec<String>,
) -> Result<Side, ParseError> {
    let mut terms = Vec::new();
    let mut constant = 0.0;
    let mut sign = 1.0;
    let mut coefficient: Option<f64> = None;
    let mut times = false;
    // A sign or `*` waits for its term.
    let mut dangling = false;
    let incomplete = || ParseError::Incomplete(text.trim().into());
    for token in tokens {
        match token {
            Token::Plus | Token::Minus => {
                if times {
                    return Err(incomplete());
                }
                // A number followed by a sign is a constant term.
                if let Some(c) = coefficient.take() {
                    constant += sign * c;
                    sign = 1.0;
                }
                if *token == Token::Minus {
                    sign = -sign;
                }
                dangling = true;
            }
            Token::Times => {
                if coefficient.is_none() || times {
                    return Err(incomplete());
                }
                times = true;
                dangling = true;
            }
            Token::Number(x) => {
                if let Some(c) = coefficient {
                    return Err(ParseError::BadToken(format!("{c} {x}")));
                }
                coefficient = Some(*x);
                dangling = times;
            }
            Token::Name(name) => {
                let a = sign * coefficient.take().unwrap_or(1.0);
                match resolve(name) {
                    Resolved::Column(j) => terms.push((j, a)),
                    Resolved::Zero => zeros.push(name.clone()),
                    Resolved::Unknown(why) => {
                        return Err(ParseError::UnknownName {
                            name: name.clone(),
                            why,
                        })
                    }
                }
                sign = 1.0;
                times = false;
                dangling = false;
            }
            Token::Compare(_) => unreachable!("a side holds no comparison"),
        }
    }
    if dangling {
        return Err(incomplete());
    }
    if let Some(c) = coefficient {
        constant += sign * c;
    }
    Ok((terms, constant))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(name: &str) -> Resolved {
        match candidate_of(name, 9) {
            Some((cell, v)) if v < 9 => Resolved::Column(cell * 9 + usize::from(v) - 1),
            Some(_) => Resolved::Zero,
            None => Resolved::Unknown("not a candidate".into()),
        }
    }

    #[test]
    fn reads_lp_syntax_and_the_short_form_alike() {
        let a = parse("x_r1_c1_v1 + x_r1_c2_v1 <= 1", names).unwrap();
        let b = parse("r1c1=1 + r1c2=1 <= 1", names).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.terms, vec![(0, 1.0), (9, 1.0)]);
        assert_eq!((a.lower, a.upper), (f64::NEG_INFINITY, 1.0));
    }

    #[test]
    fn gathers_both_sides_and_constants() {
        let q = parse("2 r1c1=1 + 3 - r1c1=2 >= r1c1=1 - 0.5*r1c1=3 + 1", names).unwrap();
        assert_eq!(q.terms, vec![(0, 1.0), (1, -1.0), (2, 0.5)]);
        assert_eq!((q.lower, q.upper), (-2.0, f64::INFINITY));
        let q = parse("r1c1=9 + r1c1=1 = 1", names).unwrap();
        assert_eq!(q.zeros, vec!["r1c1=9".to_string()]);
        assert_eq!((q.lower, q.upper), (1.0, 1.0));
    }

    #[test]
    fn refuses_what_is_not_an_inequality() {
        assert!(matches!(
            parse("r1c1=1 + r1c2=1", names),
            Err(ParseError::NoComparison(_))
        ));
        assert!(matches!(
            parse("y_q <= 1", names),
            Err(ParseError::UnknownName { .. })
        ));
        assert!(matches!(
            parse("r1c1=1 - <= 1", names),
            Err(ParseError::Incomplete(_))
        ));
        assert!(matches!(
            parse("0 r1c1=1 <= 1", names),
            Err(ParseError::NoColumn(_))
        ));
        assert!(matches!(
            parse("r1c1=1 <= 1 <= 2", names),
            Err(ParseError::TwoComparisons(_))
        ));
    }
}
