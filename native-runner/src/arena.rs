//! The `arena` suite: build one singly linked list of `nodes` nodes, its values split evenly between
//! `threads` worker threads (each builds its chunk as a sub-list, all at once), then free it all on
//! the calling thread. One repeat is the wall time of building and freeing one whole list; the
//! nodes stay reachable until the free.

use crate::cli::{ArenaArgs, RunArgs};
use crate::common;
use crate::failure::Failure;
use crate::run_file::Suite;
use crate::threads::nanos;
use crate::{guard, info};
use bumpalo::Bump;
use bumpalo_herd::Herd;
use std::ops::Range;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use wasm_core::kernels::arena::{bump_list, chunk, herd_list, locked_list, node_values, ArenaVariant, BoxList, ListDigest, LockedBump};
use wasm_core::results::{CaseParams, CaseResult};

const DEFAULT_NODES: u64 = 1_000_000;
const QUICK_NODES: u64 = wasm_core::validate::quick::ARENA_NODES;
const DEFAULT_REPEATS: u32 = 20;
const QUICK_REPEATS: u32 = wasm_core::validate::quick::REPEATS;
/// A generous bound on the bytes one node costs at the peak (16-byte nodes, arenas that double).
const PEAK_BYTES_PER_NODE: u64 = 64;

/// The threads that build one list's chunks: a rayon pool of `threads` workers, created once per
/// case so that the same threads (and their allocator caches) build every repeat's list, as in the
/// article's rayon benchmark; none for one thread, which builds on the calling thread.
pub struct Workers {
    threads: u32,
    pool: Option<rayon::ThreadPool>,
}

impl Workers {
    /// Starts `threads` workers (none for one thread); fails with one line when the system will not
    /// give that many threads.
    pub fn new(threads: u32) -> Result<Self, Failure> {
        let pool = match threads {
            0 | 1 => None,
            t => Some(rayon::ThreadPoolBuilder::new().num_threads(t as usize).build().map_err(|e| {
                Failure::runtime(format!("could not start {t} worker threads ({e}); this machine or container limits threads or memory: pass a smaller --threads"))
            })?),
        };
        Ok(Workers { threads, pool })
    }

    /// Builds chunk `i` of `0..nodes` on worker `i`, all at once; returns the chunks in order.
    fn build<T: Send>(&self, nodes: u64, build: impl Fn(Range<u64>) -> T + Sync) -> Vec<T> {
        match &self.pool {
            None => vec![build(0..nodes)],
            Some(pool) => pool.broadcast(|ctx| build(chunk(nodes, self.threads, ctx.index() as u32))),
        }
    }
}

/// Builds and frees one list; returns the wall time of both. With `inspect`, the list's contents
/// (all chunks in order) are walked before the free and handed to it (tests only: it is timed too).
pub fn build_and_free(variant: ArenaVariant, nodes: u64, workers: &Workers, inspect: Option<&mut dyn FnMut(ListDigest)>) -> Duration {
    let start = Instant::now();
    match variant {
        ArenaVariant::BoxNode => {
            let lists = workers.build(nodes, BoxList::build);
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(lists.iter().flat_map(BoxList::values)));
            }
            drop(lists);
        }
        ArenaVariant::Bump => {
            assert!(workers.pool.is_none(), "a bumpalo::Bump is single-thread only");
            let bump = Bump::new();
            let head = bump_list(&bump, 0..nodes);
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(node_values(head)));
            }
            drop(bump);
        }
        ArenaVariant::MutexBump => {
            let arena = LockedBump::new();
            let heads = workers.build(nodes, |range| locked_list(&arena, range));
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(heads.iter().flat_map(|&head| node_values(head))));
            }
            drop(arena);
        }
        ArenaVariant::Herd => {
            let herd = Herd::new();
            let heads = workers.build(nodes, |range| herd_list(&herd.get(), range));
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(heads.iter().flat_map(|&head| node_values(head))));
            }
            drop(herd);
        }
    }
    start.elapsed()
}

fn measure(
    variant: ArenaVariant,
    nodes: u64,
    threads: u32,
    warmups: u32,
    repeats: u32,
    on_round: &mut dyn FnMut(),
) -> Result<CaseResult, Failure> {
    let mut times = Vec::with_capacity(repeats as usize);
    let workers = Workers::new(threads)?;
    for i in 0..warmups + repeats {
        let elapsed = build_and_free(variant, nodes, &workers, None);
        if i >= warmups {
            times.push(nanos(elapsed));
        }
        on_round();
    }
    let rates: Vec<f64> = times.iter().map(|&t| nodes as f64 * 1e9 / t).collect();
    let params = CaseParams { nodes: Some(nodes), ..Default::default() };
    let mut case =
        CaseResult::new(wasm_core::results::Suite::Arena, variant.display_name(), variant.id(), threads, nodes, params, warmups, times);
    case.all_threads_ops_per_sec = common::median(&rates);
    Ok(case)
}

/// One row per variant: ms per list and million nodes per second, per thread count.
fn print_summary(cases: &[CaseResult]) {
    let mut threads: Vec<u32> = cases.iter().map(|c| c.threads).collect();
    threads.sort_unstable();
    threads.dedup();
    let header: String = threads.iter().map(|t| format!(" {:>22}", format!("x{t} ms/list (Mnodes/s)"))).collect();
    eprintln!("{:<20}{header}", "variant");
    let find = |id: &str, t: u32| cases.iter().find(|c| c.variant_id == id && c.threads == t);
    for variant in ArenaVariant::ALL {
        if !cases.iter().any(|c| c.variant_id == variant.id()) {
            continue;
        }
        let cells: String = threads
            .iter()
            .map(|&t| match find(variant.id(), t) {
                Some(c) => format!(" {:>22}", format!("{:.2} ({:.0})", c.median_ns / 1e6, c.all_threads_ops_per_sec.unwrap_or(0.0) / 1e6)),
                None => format!(" {:>22}", "-"),
            })
            .collect();
        eprintln!("{:<20}{cells}", variant.display_name());
    }
    for &t in &threads {
        let Some(herd) = find(ArenaVariant::Herd.id(), t) else { continue };
        for other in [ArenaVariant::MutexBump, ArenaVariant::BoxNode] {
            if let Some(c) = find(other.id(), t) {
                eprintln!("x{t}: herd is {:.1}x as fast as {}", c.median_ns / herd.median_ns, other.display_name());
            }
        }
    }
}

/// The `arena` suite with its flags resolved.
struct Arena<'a> {
    args: &'a ArenaArgs,
    nodes: u64,
    repeats: u32,
}

impl Suite for Arena<'_> {
    /// The thread count and the variant.
    type Case = (u32, ArenaVariant);
    const ID: &'static str = wasm_core::results::Suite::Arena.id();

    fn run_args(&self) -> &RunArgs {
        &self.args.run
    }

    fn repeats(&self) -> u32 {
        self.repeats
    }

    /// Refuses a list that could take more than half the available memory at its peak.
    fn cases(&self) -> Result<Vec<Self::Case>, Failure> {
        let (_, available) = info::memory_bytes();
        let (nodes, peak) = (self.nodes, self.nodes.saturating_mul(PEAK_BYTES_PER_NODE));
        if available > 0 && peak > available / 2 {
            return Err(Failure::usage(format!(
                "--nodes {nodes} could take about {} at once, more than half the available memory ({})",
                guard::human_bytes(peak),
                guard::human_bytes(available)
            )));
        }
        let threads = common::thread_counts(&self.args.threads);
        let variants = common::chosen(&self.args.variants, &ArenaVariant::ALL);
        let cases: Vec<Self::Case> =
            threads.iter().flat_map(|&t| variants.iter().filter(move |v| v.is_thread_safe() || t == 1).map(move |&v| (t, v))).collect();
        if cases.is_empty() {
            return Err(Failure::usage("nothing to run: bumpalo::Bump is single-thread only, add 1 to --threads".into()));
        }
        Ok(cases)
    }

    fn name(&self, &(t, variant): &Self::Case) -> String {
        format!("{variant}, {}", wasm_core::clone_run::threads_text(t))
    }

    fn threads(&self, &(t, _): &Self::Case) -> u32 {
        t
    }

    /// Keeps every repeat: an arena case stores one time per repeat, well within any file's budget.
    fn measure(&self, &(t, variant): &Self::Case, _cap: usize, on_round: &mut dyn FnMut()) -> Result<CaseResult, Failure> {
        measure(variant, self.nodes, t, self.args.run.warmups, self.repeats, on_round)
    }

    fn summary(cases: &[CaseResult]) {
        print_summary(cases)
    }
}

/// The `arena` subcommand. Returns the path written.
pub fn run(args: &ArenaArgs) -> Result<PathBuf, Failure> {
    let quick = args.run.quick;
    Arena {
        args,
        nodes: args.nodes.unwrap_or(if quick { QUICK_NODES } else { DEFAULT_NODES }),
        repeats: args.repeats.unwrap_or(if quick { QUICK_REPEATS } else { DEFAULT_REPEATS }),
    }
    .run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_and_thread_count_builds_the_same_list() {
        let nodes = 100_003;
        let expected = ListDigest::of(0..nodes);
        for variant in ArenaVariant::ALL {
            for threads in [1, 2, 3] {
                if !variant.is_thread_safe() && threads > 1 {
                    continue;
                }
                let mut seen = None;
                build_and_free(variant, nodes, &Workers::new(threads).unwrap(), Some(&mut |d| seen = Some(d)));
                assert_eq!(seen, Some(expected), "{variant} x{threads}");
            }
        }
    }
}
