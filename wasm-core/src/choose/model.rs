//! The chooser's cost model: from each candidate's memory (with the copies the reader keeps) and
//! clone cost on the chosen machine (each clone with the reads the reader makes of it, where the
//! machine timed reads: [`CostRow::use_ns`]), and the reader's clone rate, the pick and which of
//! the two costs decided it. "Clone CPU" below is that clone with its reads. The rules of thumb in `super::RULES` summarise what it picks in the common
//! cases; it does not start from them.
//!
//! Clone CPU comes first, with a tolerance: rows whose clone CPU is within [`CLONE_FACTOR`] of the
//! cheapest, or differs from it by at most [`NEGLIGIBLE_CORE_SHARE`] of one core, count as equally
//! cheap, and of those the one holding the strings in the least memory wins (then the cheaper
//! clone). So no fitting, measured row is cheaper on both counts than the pick (see
//! `tests/choose_properties.rs`).

use super::constraints::Constraints;
use super::{Candidate, CostRow};

/// Clone costs within this factor of the cheapest count as equally cheap: sub-nanosecond medians
/// differ by more than this between machines and runs of the same machine (chapter 4), so a
/// smaller gap would pick by noise.
pub const CLONE_FACTOR: f64 = 2.0;

/// Clone CPU that no program notices: a tenth of a millisecond of one core each second. At a
/// thousand clones a second that is 100 ns a clone, so at low rates memory decides.
pub const NEGLIGIBLE_CORE_SHARE: f64 = 1e-4;

/// Which cost decided the pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// Its clone CPU: no other fitting row comes within the tolerance of it.
    CloneCpu,
    /// Memory, among the rows whose clone CPU is within the tolerance of the cheapest.
    Memory,
    /// Memory alone: the chosen machine measured no clone of a row that fits.
    MemoryUnmeasured,
}

/// The model's pick and what it was weighed against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weighed {
    pub candidate: Candidate,
    pub decided_by: Decider,
    /// The fitting row with the cheapest measured clone (then the fewest bytes), if any.
    pub cheapest_clone: Option<Candidate>,
    /// How many fitting rows were within the tolerance of the cheapest clone (the pick among them).
    pub near: usize,
    /// The highest clone cost, ns, that counted as equally cheap.
    pub limit_ns: Option<f64>,
}

/// Share of one core that `clone_ns` per clone takes at `clones_per_sec`.
pub fn core_share(clone_ns: f64, clones_per_sec: u64) -> f64 {
    clone_ns * clones_per_sec as f64 / 1e9
}

/// The clone cost, ns, up to which a row counts as cheap as the cheapest (`min_ns`) at this rate.
pub fn limit_ns(min_ns: f64, clones_per_sec: u64) -> f64 {
    let negligible_ns = NEGLIGIBLE_CORE_SHARE * 1e9 / clones_per_sec.max(1) as f64;
    (CLONE_FACTOR * min_ns).max(min_ns + negligible_ns)
}

/// Fewer bytes first, then the cheaper clone (an unmeasured one last), then the table's order.
fn by_memory(a: &CostRow, b: &CostRow) -> std::cmp::Ordering {
    a.bytes.total_cmp(&b.bytes).then(a.use_ns().unwrap_or(f64::INFINITY).total_cmp(&b.use_ns().unwrap_or(f64::INFINITY)))
}

/// The model's pick for `rows` (one per candidate: bytes per string with the reader's copies, clone
/// cost on the chosen machine) under `constraints`, at `clones_per_sec`. `String` when no row fits.
pub fn weigh(rows: &[CostRow], constraints: &Constraints, clones_per_sec: u64) -> Weighed {
    let fitting: Vec<&CostRow> = rows.iter().filter(|r| constraints.fits(r.candidate)).collect();
    let measured: Vec<(&CostRow, f64)> = fitting.iter().filter_map(|r| Some((*r, r.use_ns()?))).collect();
    let cheapest = measured.iter().min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.bytes.total_cmp(&b.0.bytes))).copied();
    let Some((cheapest, min_ns)) = cheapest else {
        let candidate = fitting.iter().copied().min_by(|a, b| by_memory(a, b)).map_or(Candidate::String, |r| r.candidate);
        return Weighed { candidate, decided_by: Decider::MemoryUnmeasured, cheapest_clone: None, near: 0, limit_ns: None };
    };
    let limit = limit_ns(min_ns, clones_per_sec);
    let near: Vec<&CostRow> = measured.iter().filter(|(_, ns)| *ns <= limit).map(|(r, _)| *r).collect();
    let pick = near.iter().copied().min_by(|a, b| by_memory(a, b)).unwrap_or(cheapest);
    Weighed {
        candidate: pick.candidate,
        decided_by: if near.len() > 1 { Decider::Memory } else { Decider::CloneCpu },
        cheapest_clone: Some(cheapest.candidate),
        near: near.len(),
        limit_ns: Some(limit),
    }
}

/// Memory within this share of the pick's is a tie: a few bytes per string of allocator rounding
/// or handle size are not what a reader chooses a type by.
pub const MEMORY_TIE: f64 = 0.02;

/// The rows that tie with the model's pick: fitting, measured, clone cost within the tolerance
/// that counted as equally cheap, and memory within [`MEMORY_TIE`] of the pick's. Empty when the
/// pick was decided by its clone alone (nothing else came within the tolerance) or by memory with
/// a clear margin. The page names them as equivalent, with what separates them in words.
pub fn ties(rows: &[CostRow], constraints: &Constraints, weighed: &Weighed) -> Vec<Candidate> {
    let Some(limit) = weighed.limit_ns.filter(|_| weighed.decided_by == Decider::Memory) else { return Vec::new() };
    let Some(pick) = rows.iter().find(|r| r.candidate == weighed.candidate) else { return Vec::new() };
    rows.iter()
        .filter(|r| r.candidate != pick.candidate && constraints.fits(r.candidate))
        .filter(|r| r.use_ns().is_some_and(|ns| ns <= limit))
        .filter(|r| r.bytes <= pick.bytes * (1.0 + MEMORY_TIE))
        .map(|r| r.candidate)
        .collect()
}

/// What tells `a` from `b` when their numbers tie, in words: whether clones share a block or copy
/// the text, whether the text can change, and whether one is the standard library's.
pub fn separates(a: Candidate, b: Candidate) -> Vec<String> {
    let mut out = Vec::new();
    if a.clones_share_blocks() != b.clones_share_blocks() {
        let (shares, copies) = if a.clones_share_blocks() { (a, b) } else { (b, a) };
        out.push(format!(
            "a clone of {} shares one block, so it never grows with the text; {} copies the text past its inline bytes",
            shares.name(),
            copies.name()
        ));
    }
    if a.can_change_text() != b.can_change_text() {
        let (can, cannot) = if a.can_change_text() { (a, b) } else { (b, a) };
        out.push(format!("{}'s text can change after creation, {}'s cannot", can.name(), cannot.name()));
    }
    if a.is_std() != b.is_std() {
        let (std, other) = if a.is_std() { (a, b) } else { (b, a) };
        out.push(format!("{} is the standard library's, {} a dependency", std.name(), other.name()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::pick_tests::row;
    use super::super::Sharing;
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_rate_decides_between_clone_cpu_and_memory() {
        let threads = Constraints::default_for(Sharing::ClonedByMany);
        let rows = [
            row(Candidate::String, 136.0, Some(30.0)),
            row(Candidate::ArcStr, 148.0, Some(26.4)),
            row(Candidate::ArcStrBorrow, 132.0, Some(0.45)),
            row(Candidate::BoxStr, 116.0, Some(28.0)),
        ];
        // A million clones a second: only the borrow comes near its own 0.45 ns.
        let busy = weigh(&rows, &threads, 1_000_000);
        assert_eq!((busy.candidate, busy.decided_by, busy.near), (Candidate::ArcStrBorrow, Decider::CloneCpu, 1));
        assert!((busy.limit_ns.unwrap() - 0.9).abs() < 1e-12);
        // A thousand a second: 100 ns of slack, so every row is as cheap, and Box<str> holds the
        // strings in the least memory.
        let idle = weigh(&rows, &threads, 1_000);
        assert_eq!(
            (idle.candidate, idle.decided_by, idle.near, idle.cheapest_clone),
            (Candidate::BoxStr, Decider::Memory, 4, Some(Candidate::ArcStrBorrow))
        );
        assert!((core_share(26.4, 1_000_000) - 0.0264).abs() < 1e-12);
    }

    #[test]
    fn within_the_tolerance_memory_decides_then_the_cheaper_clone() {
        let one = Constraints::default_for(Sharing::OneThread);
        let rows = [
            row(Candidate::HipStr, 24.0, Some(0.9)),
            row(Candidate::CompactString, 24.0, Some(0.5)),
            row(Candidate::String, 29.0, Some(12.0)),
            row(Candidate::SmolStr, 24.0, None),
        ];
        let w = weigh(&rows, &one, 1_000_000);
        // HipStr and CompactString hold the same bytes within 2× of each other: the cheaper clone.
        assert_eq!((w.candidate, w.decided_by, w.near), (Candidate::CompactString, Decider::Memory, 2));
        // Nothing measured that fits: memory alone, and String when nothing fits at all.
        let unmeasured = [row(Candidate::SmolStr, 24.0, None), row(Candidate::String, 29.0, None)];
        assert_eq!(weigh(&unmeasured, &one, 1).decided_by, Decider::MemoryUnmeasured);
        assert_eq!(weigh(&unmeasured, &one, 1).candidate, Candidate::SmolStr);
        assert_eq!(weigh(&[row(Candidate::StaticStr, 1.0, Some(0.1))], &one, 1).candidate, Candidate::String);
    }

    #[test]
    fn a_near_twin_in_memory_and_clone_is_a_tie_and_what_separates_them_is_said() {
        let one = Constraints::default_for(Sharing::OneThread);
        let rows = [
            row(Candidate::CompactString, 24.0, Some(0.5)),
            row(Candidate::HipStr, 24.4, Some(0.9)),
            row(Candidate::String, 29.0, Some(12.0)),
        ];
        let w = weigh(&rows, &one, 1_000_000);
        assert_eq!(w.candidate, Candidate::CompactString);
        assert_eq!(ties(&rows, &one, &w), [Candidate::HipStr], "24.4 bytes is within 2 % of 24, and 0.9 ns within 2× of 0.5");
        // 3 % more memory is no tie, and neither is a pick its clone alone decided.
        let apart = [row(Candidate::CompactString, 24.0, Some(0.5)), row(Candidate::HipStr, 24.8, Some(0.9))];
        assert!(ties(&apart, &one, &weigh(&apart, &one, 1_000_000)).is_empty());
        let alone = [row(Candidate::CompactString, 24.0, Some(0.5)), row(Candidate::HipStr, 24.0, Some(5.0))];
        assert!(ties(&alone, &one, &weigh(&alone, &one, 1_000_000)).is_empty());
        let words = separates(Candidate::CompactString, Candidate::HipStr);
        assert_eq!(words.len(), 1, "{words:?}");
        assert!(words[0].starts_with("a clone of HipStr shares one block"), "{words:?}");
        assert!(separates(Candidate::String, Candidate::BoxStr).iter().any(|w| w.contains("text can change")));
    }
}
