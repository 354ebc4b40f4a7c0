//! The copy check: a file's repeats against other runs' (the files the site ships and a pull
//! request's other files), exact, scaled by one factor, or a copied steal figure. A module of its
//! own because both `validate --shipped` and the pull-request rules run it.

use crate::problem::{escape_control, Problem};
use crate::results::ResultsFile;

/// Copies of another run: `file` against `others` (name, contents: the files the site ships and
/// the pull request's other files). Two runs never time the same repeats to the last bit, so a
/// case whose repeats, in any order, are exactly another's is a copy. Nor do two runs keep one
/// ratio: where `file` and another share [`SCALED_MIN_CASES`] cases or more, and every sorted repeat
/// of those cases is the other's times one factor, within [`SCALED_TOLERANCE`] (a run scaled,
/// rounded to whole nanoseconds, or jittered by a few), the file is a scaled copy. And a steal
/// figure equal to another's to the last bit, where it has digits to spare, is a copied record.
/// Files named `file_name` itself are skipped (a maintainer's edit of that file).
pub fn duplicate_problems(file_name: &str, file: &ResultsFile, others: &[(String, ResultsFile)]) -> Vec<Problem> {
    let key = |times: &[f64]| {
        let mut bits: Vec<u64> = times.iter().map(|t| t.to_bits()).collect();
        bits.sort_unstable();
        bits
    };
    let others: Vec<&(String, ResultsFile)> = others.iter().filter(|(name, _)| name != file_name).collect();
    let mut seen: std::collections::HashMap<Vec<u64>, (&str, usize)> = std::collections::HashMap::new();
    for (name, other) in &others {
        for (j, case) in other.cases.iter().enumerate().filter(|(_, c)| c.repeat_times_ns.len() >= 2) {
            seen.entry(key(&case.repeat_times_ns)).or_insert((name.as_str(), j));
        }
    }
    let mut problems: Vec<Problem> = file
        .cases
        .iter()
        .enumerate()
        .filter(|(_, c)| c.repeat_times_ns.len() >= 2)
        .filter_map(|(i, c)| {
            let (name, j) = seen.get(&key(&c.repeat_times_ns))?;
            Some(Problem::new(
                format!("cases[{i}].repeat_times_ns"),
                format!("are exactly those of {}'s cases[{j}]: a copy of another run, not a measurement", escape_control(name)),
            ))
        })
        .collect();
    if !problems.is_empty() {
        // One line per copied case reads as noise past a few: the count says the rest.
        if problems.len() > MAX_COPY_LINES {
            let more = problems.len() - MAX_COPY_LINES;
            problems.truncate(MAX_COPY_LINES);
            problems.push(Problem::new("cases", format!("and {more} more case(s) are copies the same way")));
        }
        return problems;
    }
    for (name, other) in &others {
        if let Some(factor) = scaled_copy(file, other) {
            problems.push(Problem::new(
                "cases",
                format!(
                    "every repeat of the cases it shares with {} is that run's times {factor:.4} (within {:.2} %): a scaled copy, not a measurement",
                    escape_control(name),
                    SCALED_TOLERANCE * 100.0
                ),
            ));
            break;
        }
    }
    let steal = |f: &ResultsFile| f.conditions.as_ref().and_then(|c| c.steal_percent);
    if let Some(mine) = steal(file).filter(|s| (s * 100.0).fract() != 0.0) {
        if let Some((name, _)) = others.iter().find(|(_, o)| steal(o).is_some_and(|s| s.to_bits() == mine.to_bits())) {
            problems.push(Problem::new(
                "conditions.steal_percent",
                format!("is {mine}, to the last bit the figure {} recorded: a copied record, not this run's", escape_control(name)),
            ));
        }
    }
    problems
}

/// Copied cases named one by one before the rest are counted.
const MAX_COPY_LINES: usize = 3;

/// Fewest shared cases for the scaled-copy rule: fewer could share a ratio by chance.
pub const SCALED_MIN_CASES: usize = 4;
/// How far from one factor every repeat of a scaled copy stays: two real runs differ by percents
/// from repeat to repeat; rounding a scaled run to whole nanoseconds moves it by a millionth.
pub const SCALED_TOLERANCE: f64 = 0.001;

/// The one factor that turns `other`'s sorted repeats into `file`'s, over every case they share,
/// if there is one (see [`duplicate_problems`]).
fn scaled_copy(file: &ResultsFile, other: &ResultsFile) -> Option<f64> {
    let mut ratios: Vec<f64> = Vec::new();
    let mut shared = 0;
    for case in &file.cases {
        let Some(theirs) = other.cases.iter().find(|o| o.identity() == case.identity()) else { continue };
        if case.repeat_times_ns.len() != theirs.repeat_times_ns.len() || case.repeat_times_ns.len() < 2 {
            continue;
        }
        let (mut a, mut b) = (case.repeat_times_ns.clone(), theirs.repeat_times_ns.clone());
        a.sort_by(f64::total_cmp);
        b.sort_by(f64::total_cmp);
        ratios.extend(a.iter().zip(&b).filter(|(_, b)| **b > 0.0).map(|(a, b)| a / b));
        shared += 1;
    }
    if shared < SCALED_MIN_CASES || ratios.is_empty() {
        return None;
    }
    let low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let high = ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (low > 0.0 && high / low - 1.0 <= SCALED_TOLERANCE).then_some((low + high) / 2.0)
}
