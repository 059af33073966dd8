//! An SVG strip chart of solve times per variant, for `compare --batch --chart`: one row per
//! variant, one dot per puzzle at its time on a logarithmic axis, a tick at the median.

use super::svg::escape;
use std::fmt::Write;

const LEFT: f64 = 190.0;
const WIDTH: f64 = 560.0;
const ROW: f64 = 34.0;
const TOP: f64 = 50.0;

/// The chart. `rows` holds (variant name, per-puzzle times in ms); a NaN or non-positive time
/// (no run) is left out.
///
/// ```
/// use sudoku_ilp::report::chart::times_svg;
/// let svg = times_svg("top95", &[("binary".into(), vec![3.0, 5.0]), ("natural".into(), vec![2000.0])]);
/// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
/// assert_eq!(svg.matches("<circle").count(), 3);
/// ```
pub fn times_svg(title: &str, rows: &[(String, Vec<f64>)]) -> String {
    let times: Vec<f64> = rows
        .iter()
        .flat_map(|(_, t)| t.iter().copied())
        .filter(|t| t.is_finite() && *t > 0.0)
        .collect();
    let lo = times
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .log10()
        .floor();
    let hi = times.iter().copied().fold(0.0, f64::max).log10().ceil();
    let (lo, hi) = if lo.is_finite() && hi.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (-1.0, 1.0)
    };
    let x = |ms: f64| LEFT + (ms.log10() - lo) / (hi - lo) * WIDTH;
    let height = TOP + ROW * rows.len() as f64 + 50.0;
    let total = LEFT + WIDTH + 30.0;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" viewBox="0 0 {total} {height}" font-family="sans-serif" font-size="13">"#
    );
    out.push('\n');
    let _ = writeln!(
        out,
        r#"<rect width="{total}" height="{height}" fill="white"/><text x="{LEFT}" y="24" font-size="15" font-weight="bold">{}</text>"#,
        escape(title)
    );
    let bottom = TOP + ROW * rows.len() as f64;
    for k in lo as i32..=hi as i32 {
        let px = x(10f64.powi(k));
        let label = 10f64.powi(k);
        let _ = writeln!(
            out,
            r##"<line x1="{px:.1}" y1="{TOP}" x2="{px:.1}" y2="{bottom}" stroke="#ccc"/><text x="{px:.1}" y="{:.1}" text-anchor="middle">{label}</text>"##,
            bottom + 18.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">solve time per puzzle (ms, log scale); tick = median</text>"#,
        LEFT + WIDTH / 2.0,
        bottom + 38.0
    );
    for (i, (name, times)) in rows.iter().enumerate() {
        let y = TOP + ROW * (i as f64 + 0.5);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LEFT - 10.0,
            y + 4.0,
            escape(name)
        );
        let mut shown: Vec<f64> = times
            .iter()
            .copied()
            .filter(|t| t.is_finite() && *t > 0.0)
            .collect();
        for t in &shown {
            let _ = writeln!(
                out,
                r##"<circle cx="{:.1}" cy="{y:.1}" r="3" fill="#1f5fbf" fill-opacity="0.35"/>"##,
                x(*t)
            );
        }
        shown.sort_by(f64::total_cmp);
        if !shown.is_empty() {
            let median = crate::compare::percentile(&shown, 0.5);
            let _ = writeln!(
                out,
                r##"<line x1="{m:.1}" y1="{:.1}" x2="{m:.1}" y2="{:.1}" stroke="#c0392b" stroke-width="3"/>"##,
                y - 11.0,
                y + 11.0,
                m = x(median)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}
