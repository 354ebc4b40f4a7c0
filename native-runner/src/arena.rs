//! The `arena` suite: build one singly linked list of `nodes` nodes, its values split evenly between
//! `threads` threads (each builds its chunk as a sub-list), then free it all. One repeat is the wall
//! time of building and freeing one whole list; the nodes stay reachable until the free.

use crate::cli::ArenaArgs;
use crate::common::{self, nanos};
use crate::{guard, info, Failure};
use bumpalo::Bump;
use bumpalo_herd::Herd;
use std::ops::Range;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use wasm_core::kernels::arena::{bump_list, chunk, herd_list, locked_list, node_values, ArenaVariant, BoxList, ListDigest, LockedBump};
use wasm_core::results::{CaseParams, CaseResult};

const DEFAULT_NODES: u64 = 1_000_000;
const QUICK_NODES: u64 = 10_000;
const DEFAULT_REPEATS: u32 = 10;
const QUICK_REPEATS: u32 = 2;
/// A generous bound on the bytes one node costs at the peak (16-byte nodes, arenas that double).
const PEAK_BYTES_PER_NODE: u64 = 64;

/// Builds one chunk per thread with `build`; one thread builds on the calling thread.
fn on_threads<T: Send>(nodes: u64, threads: u32, build: impl Fn(Range<u64>) -> T + Sync) -> Vec<T> {
    if threads == 1 {
        return vec![build(0..nodes)];
    }
    std::thread::scope(|scope| {
        let build = &build;
        let handles: Vec<_> = (0..threads).map(|i| scope.spawn(move || build(chunk(nodes, threads, i)))).collect();
        handles.into_iter().map(|h| h.join().expect("builder panicked")).collect()
    })
}

/// Builds and frees one list; returns the wall time of both. With `inspect`, the list's contents
/// (all chunks in order) are walked before the free and handed to it (tests only: it is timed too).
pub fn build_and_free(variant: ArenaVariant, nodes: u64, threads: u32, inspect: Option<&mut dyn FnMut(ListDigest)>) -> Duration {
    let start = Instant::now();
    match variant {
        ArenaVariant::BoxNode => {
            let lists = on_threads(nodes, threads, BoxList::build);
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(lists.iter().flat_map(BoxList::values)));
            }
            drop(lists);
        }
        ArenaVariant::Bump => {
            assert_eq!(threads, 1, "a bumpalo::Bump is single-thread only");
            let bump = Bump::new();
            let head = bump_list(&bump, 0..nodes);
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(node_values(head)));
            }
            drop(bump);
        }
        ArenaVariant::MutexBump => {
            let arena = LockedBump::new();
            let heads = on_threads(nodes, threads, |range| locked_list(&arena, range));
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(heads.iter().flat_map(|&head| node_values(head))));
            }
            drop(arena);
        }
        ArenaVariant::Herd => {
            let herd = Herd::new();
            let heads = on_threads(nodes, threads, |range| herd_list(&herd.get(), range));
            if let Some(inspect) = inspect {
                inspect(ListDigest::of(heads.iter().flat_map(|&head| node_values(head))));
            }
            drop(herd);
        }
    }
    start.elapsed()
}

fn measure(variant: ArenaVariant, nodes: u64, threads: u32, warmups: u32, repeats: u32, bar: &indicatif::ProgressBar) -> CaseResult {
    let mut times = Vec::with_capacity(repeats as usize);
    for i in 0..warmups + repeats {
        let elapsed = build_and_free(variant, nodes, threads, None);
        if i >= warmups {
            times.push(nanos(elapsed));
        }
        bar.inc(1);
    }
    let rates: Vec<f64> = times.iter().map(|&t| nodes as f64 * 1e9 / t).collect();
    let params = CaseParams { nodes: Some(nodes), ..Default::default() };
    let mut case = CaseResult::new("arena", variant.display_name(), variant.id(), threads, nodes, params, warmups, times);
    case.all_threads_ops_per_sec = common::median(&rates);
    case
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

/// The `arena` subcommand. Returns the path written.
pub fn run(args: &ArenaArgs) -> Result<PathBuf, Failure> {
    let quick = args.run.quick;
    let nodes = args.nodes.unwrap_or(if quick { QUICK_NODES } else { DEFAULT_NODES });
    let repeats = args.repeats.unwrap_or(if quick { QUICK_REPEATS } else { DEFAULT_REPEATS });
    let warmups = args.run.warmups;
    let (_, available) = info::memory_bytes();
    let peak = nodes.saturating_mul(PEAK_BYTES_PER_NODE);
    if available > 0 && peak > available / 2 {
        return Err(Failure::usage(format!(
            "--nodes {nodes} could take about {} at once, more than half the available memory ({})",
            guard::human_bytes(peak),
            guard::human_bytes(available)
        )));
    }
    let created_at = info::now_rfc3339();
    let path = common::output_path(&args.run, Some("arena"), &created_at)?;
    let threads = common::thread_counts(&args.threads);
    let variants = common::chosen(&args.variants, &ArenaVariant::ALL);
    let plans: Vec<(u32, ArenaVariant)> =
        threads.iter().flat_map(|&t| variants.iter().filter(move |v| v.is_thread_safe() || t == 1).map(move |&v| (t, v))).collect();
    if plans.is_empty() {
        return Err(Failure::usage("nothing to run: bumpalo::Bump is single-thread only, add 1 to --threads".into()));
    }
    let bar = common::progress_bar(plans.len() as u64 * u64::from(warmups + repeats), args.run.quiet);
    let mut cases = Vec::with_capacity(plans.len());
    for &(t, variant) in &plans {
        bar.set_message(format!("{variant} x{t}"));
        cases.push(measure(variant, nodes, t, warmups, repeats, &bar));
    }
    bar.finish_and_clear();
    if !args.run.quiet {
        print_summary(&cases);
    }
    common::write_file(&args.run, &path, created_at, cases)?;
    Ok(path)
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
                build_and_free(variant, nodes, threads, Some(&mut |d| seen = Some(d)));
                assert_eq!(seen, Some(expected), "{variant} x{threads}");
            }
        }
    }
}
