//! The `arcswap` suite: `threads` readers each read the shared `Arc<Config>` `reads` times per
//! repeat, all at once, optionally while a writer thread swaps in a new value every period. Each
//! reader keeps its own state (its `arc_swap::Cache`) for the whole case; each reader's time is one
//! sample.

use crate::cli::{ArcswapArgs, RunArgs, WriterArg};
use crate::common;
use crate::failure::Failure;
use crate::run_file::Suite;
use crate::threads::{self, run_rounds, thread_samples};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use wasm_core::kernels::arcswap::{ConfigCell, ReadVariant, Reader};
use wasm_core::results::{CaseParams, CaseResult};

const DEFAULT_READS: u64 = 1 << 22;
const QUICK_READS: u64 = wasm_core::validate::quick::ARCSWAP_READS;
const DEFAULT_REPEATS: u32 = 5;
const QUICK_REPEATS: u32 = wasm_core::validate::quick::REPEATS;

/// One case's shape.
struct Plan {
    variant: ReadVariant,
    threads: u32,
    writer_period: Option<Duration>,
    reads: u64,
    warmups: u32,
    repeats: u32,
}

/// What a case measured, and what the writer did meanwhile.
pub struct Measured {
    times: Vec<Vec<Duration>>,
    /// Values the writer published.
    pub swaps: u64,
    /// The newest generation each reader saw at its last read.
    pub last_seen: Vec<u64>,
}

/// Runs one case: the readers (and the writer, if any) on a fresh cell.
fn run_case(plan: &Plan, on_round: impl FnMut()) -> Result<Measured, Failure> {
    let cell = ConfigCell::new();
    let running = AtomicBool::new(true);
    let rounds = plan.warmups + plan.repeats;
    let last_seen = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        let writer = match plan.writer_period {
            None => None,
            Some(period) => {
                let (cell, running) = (&cell, &running);
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let mut generation = 0;
                    while running.load(Ordering::Relaxed) {
                        std::thread::sleep(period);
                        generation += 1;
                        cell.publish(generation);
                    }
                    generation
                });
                Some(spawned.map_err(|e| threads::spawn_failure(0, 1, e))?)
            }
        };
        let times = run_rounds(
            plan.threads,
            rounds,
            |_| (Reader::new(&cell, plan.variant), 0u32),
            |(reader, round)| {
                let seen = black_box(reader.read_batch(plan.reads));
                *round += 1;
                if *round == rounds {
                    last_seen.lock().expect("not poisoned").push(seen);
                }
            },
            on_round,
        );
        running.store(false, Ordering::Relaxed);
        let swaps = writer.map_or(0, |w| w.join().expect("writer panicked"));
        Ok(Measured { times: times?, swaps, last_seen: last_seen.lock().expect("not poisoned").clone() })
    })
}

fn measure(plan: &Plan, cap: usize, on_round: impl FnMut()) -> Result<CaseResult, Failure> {
    let measured = run_case(plan, on_round)?;
    let kept = thread_samples(&measured.times, plan.warmups, plan.reads, cap);
    let params = CaseParams {
        writer: Some(plan.writer_period.is_some()),
        writer_period_us: plan.writer_period.map(|p| p.as_micros() as u64),
        ..Default::default()
    };
    let v = plan.variant;
    let note = kept.note(plan.threads, "readers");
    let mut case = CaseResult::new(
        wasm_core::results::Suite::Arcswap,
        v.display_name(),
        v.id(),
        plan.threads,
        plan.reads,
        params,
        plan.warmups,
        kept.samples,
    );
    case.all_threads_ops_per_sec = kept.rate;
    case.notes.extend(note);
    if plan.writer_period.is_some() {
        let newest = measured.last_seen.iter().max().copied().unwrap_or(0);
        case.notes.push(format!("the writer published {} new values; readers last saw generation {newest}", measured.swaps));
    }
    Ok(case)
}

/// One row per variant: ns per read and all readers' reads per second, per (readers, writer).
fn print_summary(cases: &[CaseResult]) {
    let mut columns: Vec<(u32, bool)> = cases.iter().map(|c| (c.threads, c.params.writer == Some(true))).collect();
    columns.sort_unstable();
    columns.dedup();
    let header: String =
        columns.iter().map(|(t, w)| format!(" {:>22}", format!("x{t}{} ns (Mreads/s)", if *w { "+w" } else { "" }))).collect();
    eprintln!("{:<24}{header}", "variant");
    let find = |id: &str, (t, w): (u32, bool)| cases.iter().find(|c| c.variant_id == id && c.threads == t && c.params.writer == Some(w));
    for variant in ReadVariant::ALL.into_iter().filter(|v| cases.iter().any(|c| c.variant_id == v.id())) {
        let cells: String = columns
            .iter()
            .map(|&col| match find(variant.id(), col) {
                Some(c) => format!(" {:>22}", format!("{:.2} ({:.0})", c.median_ns_per_op, c.all_threads_ops_per_sec.unwrap_or(0.0) / 1e6)),
                None => format!(" {:>22}", "-"),
            })
            .collect();
        eprintln!("{:<24}{cells}", variant.display_name());
    }
    for col in columns {
        if let (Some(cache), Some(load)) = (find(ReadVariant::Cache.id(), col), find(ReadVariant::Load.id(), col)) {
            let speedup = load.median_ns_per_op / cache.median_ns_per_op;
            eprintln!("x{}{}: Cache::load is {speedup:.1}x as fast as load", col.0, if col.1 { " with writer" } else { "" });
        }
    }
}

/// The `arcswap` suite with its flags resolved.
struct Arcswap<'a> {
    args: &'a ArcswapArgs,
    reads: u64,
    repeats: u32,
}

impl Suite for Arcswap<'_> {
    type Case = Plan;
    const ID: &'static str = wasm_core::results::Suite::Arcswap.id();
    /// The writer, beside the readers.
    const EXTRA_THREADS: u32 = 1;

    fn run_args(&self) -> &RunArgs {
        &self.args.run
    }

    fn repeats(&self) -> u32 {
        self.repeats
    }

    fn cases(&self) -> Result<Vec<Plan>, Failure> {
        let (reads, warmups, repeats) = (self.reads, self.args.run.warmups, self.repeats);
        let threads = common::thread_counts(&self.args.threads);
        let variants = common::chosen(&self.args.variants, &ReadVariant::ALL);
        let writers = common::chosen(&Some(self.args.writer.clone()), &[]);
        let mut plans = Vec::new();
        for &writer in &writers {
            for &t in &threads {
                for &variant in &variants {
                    let writer_period = (writer == WriterArg::On).then(|| Duration::from_micros(self.args.writer_period_us));
                    plans.push(Plan { variant, threads: t, writer_period, reads, warmups, repeats });
                }
            }
        }
        Ok(plans)
    }

    fn name(&self, p: &Plan) -> String {
        format!(
            "{}, {}{}",
            p.variant,
            wasm_core::clone_run::threads_text(p.threads),
            if p.writer_period.is_some() { " + writer" } else { "" }
        )
    }

    fn threads(&self, p: &Plan) -> u32 {
        p.threads
    }

    fn measure(&self, p: &Plan, cap: usize, on_round: &mut dyn FnMut()) -> Result<CaseResult, Failure> {
        measure(p, cap, on_round)
    }

    fn summary(cases: &[CaseResult]) {
        print_summary(cases)
    }
}

/// The `arcswap` subcommand. Returns the path written.
pub fn run(args: &ArcswapArgs) -> Result<PathBuf, Failure> {
    let quick = args.run.quick;
    Arcswap {
        args,
        reads: args.reads.unwrap_or(if quick { QUICK_READS } else { DEFAULT_READS }),
        repeats: args.repeats.unwrap_or(if quick { QUICK_REPEATS } else { DEFAULT_REPEATS }),
    }
    .run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers_on_threads_see_the_writers_new_values() {
        for variant in ReadVariant::ALL {
            let plan = Plan { variant, threads: 2, writer_period: Some(Duration::from_micros(50)), reads: 20_000, warmups: 1, repeats: 3 };
            // Readers run until they have seen a new value: bounded, a few rounds at most in practice.
            let mut measured = run_case(&plan, || {}).unwrap();
            for _ in 0..200 {
                if measured.last_seen.iter().all(|&g| g > 0) {
                    break;
                }
                measured = run_case(&plan, || {}).unwrap();
            }
            assert_eq!(measured.last_seen.len(), 2);
            assert!(
                measured.last_seen.iter().all(|&g| g > 0 && g <= measured.swaps),
                "{variant}: {:?} of {}",
                measured.last_seen,
                measured.swaps
            );
            assert!(measured.times.iter().all(|round| round.len() == 2));
        }
    }

    #[test]
    fn readers_never_see_a_torn_value_while_the_writer_swaps() {
        let cell = ConfigCell::new();
        std::thread::scope(|scope| {
            scope.spawn(|| (1..=2000).for_each(|g| cell.publish(g)));
            for variant in ReadVariant::ALL {
                let cell = &cell;
                scope.spawn(move || {
                    let mut reader = Reader::new(cell, variant);
                    for _ in 0..20_000 {
                        assert!(reader.with(wasm_core::kernels::arcswap::Config::is_consistent), "{variant}");
                    }
                });
            }
        });
        assert_eq!(Reader::new(&cell, ReadVariant::Cache).read_batch(1), 2000);
    }

    #[test]
    fn without_a_writer_readers_see_the_first_value() {
        let plan = Plan { variant: ReadVariant::Cache, threads: 2, writer_period: None, reads: 100, warmups: 0, repeats: 2 };
        let measured = run_case(&plan, || {}).unwrap();
        assert_eq!((measured.swaps, measured.last_seen), (0, vec![0, 0]));
    }
}
