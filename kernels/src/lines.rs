//! The `lines` kernel (chapter "Cache lines"): every thread adds 1 to a counter, over and over, and
//! only where the counters sit changes. One counter that all threads share is what `Arc::clone` does
//! to a shared `Arc`'s strong count (`fetch_add(1, Relaxed)`); two more ways to update that one
//! counter are what arcstr (a load of the static flag, then the add) and HipStr (a load, then a
//! compare-and-swap loop) do; private counters in one cache line, or each in its own
//! (`crossbeam_utils::CachePadded`), separate sharing a value from sharing a line; and 10,000
//! counters walked from different places stand for 10,000 different `Arc`s.
//!
//! No clock here: the native runner and the threaded wasm tier time [`count_batch`] on their threads.

use crossbeam_utils::CachePadded;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counters in [`LineVariant::ManyCounters`]: as many as the chapter's "10,000 different `Arc`s".
/// Under Miri, 64: its race detector keeps per-location state, and walking 10,000 padded atomics
/// took it over ten minutes; the walk's code is the same at any count.
pub const MANY_COUNTERS: usize = if cfg!(miri) { 64 } else { 10_000 };
/// Counters in one 64-byte line in [`LineVariant::Adjacent`].
pub const PER_LINE: usize = 8;

/// One layout of the counters, or one way of updating the shared one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineVariant {
    /// One counter for every thread, `fetch_add(1, Relaxed)`: `Arc::clone` on a shared `Arc`.
    OneCounter,
    /// The same counter, a relaxed load first and then the `fetch_add`: arcstr's clone, which reads
    /// its static flag from the counter's word before it counts.
    LoadThenAdd,
    /// The same counter, a relaxed load and then `compare_exchange_weak` until it succeeds: HipStr's
    /// clone of a shared string.
    CasLoop,
    /// A counter per thread, eight to a 64-byte line: private values, shared lines (false sharing).
    Adjacent,
    /// A counter per thread, each in its own `CachePadded` (128 bytes on x86_64 and aarch64, 64 on
    /// wasm32): private values, private lines.
    Padded,
    /// [`MANY_COUNTERS`] counters, each thread walking all of them from its own starting point:
    /// many different `Arc`s cloned by many threads.
    ManyCounters,
}

impl LineVariant {
    /// Every variant: the shared counter three ways, then the layouts.
    pub const ALL: [LineVariant; 6] = [
        LineVariant::OneCounter,
        LineVariant::LoadThenAdd,
        LineVariant::CasLoop,
        LineVariant::Adjacent,
        LineVariant::Padded,
        LineVariant::ManyCounters,
    ];

    /// Stable identifier used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            LineVariant::OneCounter => "one_counter",
            LineVariant::LoadThenAdd => "load_then_add",
            LineVariant::CasLoop => "cas_loop",
            LineVariant::Adjacent => "adjacent",
            LineVariant::Padded => "padded",
            LineVariant::ManyCounters => "many_counters",
        }
    }

    /// What the threads update, used as the results' `variant`.
    pub fn display_name(self) -> &'static str {
        match self {
            LineVariant::OneCounter => "one shared counter: fetch_add",
            LineVariant::LoadThenAdd => "one shared counter: load, then fetch_add",
            LineVariant::CasLoop => "one shared counter: load, then CAS loop",
            LineVariant::Adjacent => "own counter, 8 to a 64-byte line",
            LineVariant::Padded => "own counter, CachePadded",
            LineVariant::ManyCounters => "10,000 counters, walked from different places",
        }
    }

    /// Looks a variant up by [`LineVariant::id`] or [`LineVariant::display_name`].
    pub fn parse(text: &str) -> Option<LineVariant> {
        Self::ALL.into_iter().find(|v| v.id() == text || v.display_name() == text)
    }

    /// Variants from a comma-separated list of ids (`one_counter,padded`; blanks skipped): how the
    /// site's page hands a reader's choice to the threaded tier.
    pub fn parse_list(list: &str) -> Result<Vec<LineVariant>, String> {
        list.split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| Self::ALL.into_iter().find(|l| l.id() == v).ok_or_else(|| format!("{v:?} is not a cache-lines variant")))
            .collect()
    }
}

impl fmt::Display for LineVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// Eight counters in one 64-byte-aligned block: on every machine with 64-byte (or larger) lines they
/// share a line.
#[repr(C, align(64))]
#[derive(Default)]
struct Line([AtomicU64; PER_LINE]);

/// One counter alone in a 64-byte line, as each of many `Arc`s has its counts in its own heap block.
#[repr(C, align(64))]
#[derive(Default)]
struct OwnLine(AtomicU64);

/// The counters of one case, laid out as its variant asks; shared by reference between the threads.
pub struct Counters {
    variant: LineVariant,
    threads: u32,
    lines: Vec<Line>,
    padded: Vec<CachePadded<AtomicU64>>,
    many: Vec<OwnLine>,
}

impl Counters {
    /// Zeroed counters for `threads` threads (at least 1).
    pub fn new(variant: LineVariant, threads: u32) -> Counters {
        let threads = threads.max(1);
        let per_thread = threads as usize;
        let (mut lines, mut padded, mut many) = (Vec::new(), Vec::new(), Vec::new());
        match variant {
            LineVariant::OneCounter | LineVariant::LoadThenAdd | LineVariant::CasLoop => lines.push(Line::default()),
            LineVariant::Adjacent => lines.resize_with(per_thread.div_ceil(PER_LINE), Line::default),
            LineVariant::Padded => padded.resize_with(per_thread, Default::default),
            LineVariant::ManyCounters => many.resize_with(MANY_COUNTERS, Default::default),
        }
        Counters { variant, threads, lines, padded, many }
    }

    /// The counter thread `thread` updates (every variant but [`LineVariant::ManyCounters`]).
    fn own(&self, thread: u32) -> &AtomicU64 {
        let t = (thread % self.threads) as usize;
        match self.variant {
            LineVariant::Adjacent => &self.lines[t / PER_LINE].0[t % PER_LINE],
            LineVariant::Padded => &self.padded[t],
            _ => &self.lines[0].0[0],
        }
    }

    /// Where thread `thread` starts its walk over the many counters: spread evenly.
    fn start(&self, thread: u32) -> usize {
        (thread % self.threads) as usize * MANY_COUNTERS / self.threads as usize
    }

    /// The sum of every counter: the updates made so far.
    pub fn total(&self) -> u64 {
        let sum = |cs: &mut dyn Iterator<Item = &AtomicU64>| cs.map(|c| c.load(Ordering::Relaxed)).sum::<u64>();
        sum(&mut self.lines.iter().flat_map(|l| l.0.iter()))
            + sum(&mut self.padded.iter().map(|c| &**c))
            + sum(&mut self.many.iter().map(|c| &c.0))
    }

    /// Bytes between thread 0's and thread 1's counters (`None` where they share one counter, or walk
    /// many): 8 for [`LineVariant::Adjacent`], the `CachePadded` size for [`LineVariant::Padded`].
    pub fn stride_bytes(&self) -> Option<usize> {
        match self.variant {
            LineVariant::Adjacent => Some(std::mem::size_of::<AtomicU64>()),
            LineVariant::Padded => Some(std::mem::size_of::<CachePadded<AtomicU64>>()),
            _ => None,
        }
    }
}

/// Thread `thread` adds 1 to its counter(s) `n` times, the variant's way. Returns the last value it
/// read, so the caller can `black_box` it (the updates themselves are atomic and cannot be elided).
pub fn count_batch(counters: &Counters, thread: u32, n: u64) -> u64 {
    let mut last = 0;
    match counters.variant {
        LineVariant::OneCounter | LineVariant::Adjacent | LineVariant::Padded => {
            let counter = counters.own(thread);
            for _ in 0..n {
                last = counter.fetch_add(1, Ordering::Relaxed);
            }
        }
        LineVariant::LoadThenAdd => {
            let counter = counters.own(thread);
            for _ in 0..n {
                // arcstr checks a flag in the count's word before counting; the flag is never set here.
                if counter.load(Ordering::Relaxed) != u64::MAX {
                    last = counter.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        LineVariant::CasLoop => {
            let counter = counters.own(thread);
            for _ in 0..n {
                let mut old = counter.load(Ordering::Relaxed);
                // HipStr's orderings: Release on success, Relaxed on failure.
                while let Err(now) = counter.compare_exchange_weak(old, old + 1, Ordering::Release, Ordering::Relaxed) {
                    old = now;
                }
                last = old;
            }
        }
        LineVariant::ManyCounters => {
            let mut i = counters.start(thread);
            for _ in 0..n {
                last = counters.many[i].0.fetch_add(1, Ordering::Relaxed);
                i += 1;
                if i == MANY_COUNTERS {
                    i = 0;
                }
            }
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_names_differ() {
        for v in LineVariant::ALL {
            assert_eq!(LineVariant::parse(v.id()), Some(v));
            assert_eq!(LineVariant::parse(v.display_name()), Some(v));
        }
        assert_eq!(LineVariant::parse("false_sharing"), None);
        assert_eq!(LineVariant::parse_list(" padded,,adjacent "), Ok(vec![LineVariant::Padded, LineVariant::Adjacent]));
        assert!(LineVariant::parse_list("padded,own counter, CachePadded").unwrap_err().contains("own counter"), "ids only");
    }

    #[test]
    fn every_update_is_counted_on_every_layout() {
        // Under Miri, fewer threads and updates: it runs every thread's steps one at a time.
        let (n, counts): (u64, &[u32]) = if cfg!(miri) { (20, &[1, 3]) } else { (20_000, &[1, 3, 9]) };
        for variant in LineVariant::ALL {
            for &threads in counts {
                let counters = Counters::new(variant, threads);
                std::thread::scope(|scope| {
                    for t in 0..threads {
                        let counters = &counters;
                        scope.spawn(move || count_batch(counters, t, n));
                    }
                });
                assert_eq!(counters.total(), n * u64::from(threads), "{variant} x{threads}");
            }
        }
    }

    #[test]
    fn adjacent_counters_share_a_line_and_padded_ones_do_not() {
        let adjacent = Counters::new(LineVariant::Adjacent, 2);
        let padded = Counters::new(LineVariant::Padded, 2);
        let address = |c: &Counters, t| c.own(t) as *const AtomicU64 as usize;
        assert_eq!(address(&adjacent, 0) / 64, address(&adjacent, 1) / 64, "one 64-byte line");
        assert_eq!(address(&adjacent, 1) - address(&adjacent, 0), 8);
        let gap = address(&padded, 1) - address(&padded, 0);
        assert!(gap >= 64 && gap == padded.stride_bytes().unwrap(), "{gap}");
        assert_eq!(address(&padded, 0) % 64, 0);
        // Nine threads need two lines of eight.
        let nine = Counters::new(LineVariant::Adjacent, 9);
        assert_ne!(address(&nine, 0) / 64, address(&nine, 8) / 64);
        assert_eq!(Counters::new(LineVariant::OneCounter, 4).stride_bytes(), None);
    }

    #[test]
    fn the_shared_counter_is_one_counter_for_all_three_updates() {
        for variant in [LineVariant::OneCounter, LineVariant::LoadThenAdd, LineVariant::CasLoop] {
            let counters = Counters::new(variant, 2);
            assert!(std::ptr::eq(counters.own(0), counters.own(1)), "{variant}");
            count_batch(&counters, 0, 3);
            assert_eq!(count_batch(&counters, 1, 1), 3, "{variant}: the second thread sees the first one's adds");
        }
    }

    #[test]
    fn walks_over_many_counters_start_apart_and_wrap() {
        let counters = Counters::new(LineVariant::ManyCounters, 4);
        let quarter = MANY_COUNTERS / 4;
        assert_eq!((0..4).map(|t| counters.start(t)).collect::<Vec<_>>(), [0, quarter, 2 * quarter, 3 * quarter]);
        let steps = (MANY_COUNTERS - 3 * quarter + 1) as u64;
        count_batch(&counters, 3, steps);
        assert_eq!(counters.many[MANY_COUNTERS - 1].0.load(Ordering::Relaxed), 1);
        assert_eq!(counters.many[0].0.load(Ordering::Relaxed), 1, "wrapped round to the start");
        assert_eq!(counters.many[1].0.load(Ordering::Relaxed), 0, "and no further");
        assert_eq!(counters.total(), steps);
    }
}
