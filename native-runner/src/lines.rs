//! The `lines` suite (chapter "Cache lines"): `threads` threads each add 1 to a counter `updates`
//! times per repeat, all at once, with the counters laid out as the variant says (wasm-core's
//! `kernels::lines`). Each thread's time is one sample, as in `sso` and `arcswap`.

use crate::cli::{LinesArgs, RunArgs};
use crate::common;
use crate::failure::Failure;
use crate::run_file::Suite;
use crate::threads::{run_rounds, thread_samples};
use std::hint::black_box;
use std::path::PathBuf;
use wasm_core::kernels::lines::{count_batch, Counters, LineVariant};
use wasm_core::results::{CaseParams, CaseResult};

const DEFAULT_UPDATES: u64 = 1 << 24;
const QUICK_UPDATES: u64 = wasm_core::validate::quick::LINES_UPDATES;
const DEFAULT_REPEATS: u32 = 5;
const QUICK_REPEATS: u32 = wasm_core::validate::quick::REPEATS;

/// One case's shape.
struct Plan {
    variant: LineVariant,
    threads: u32,
    updates: u64,
    warmups: u32,
    repeats: u32,
}

/// Runs one case on fresh counters; returns its times and the counters' final total.
fn run_case(plan: &Plan, on_round: impl FnMut()) -> Result<(Vec<Vec<std::time::Duration>>, u64), Failure> {
    let counters = Counters::new(plan.variant, plan.threads);
    let counters = &counters;
    let next = std::sync::atomic::AtomicU32::new(0);
    let times = run_rounds(
        plan.threads,
        plan.warmups + plan.repeats,
        // Thread indices in start order: each thread has its own counter (or starting point).
        |_| next.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        |&mut thread| {
            black_box(count_batch(counters, thread, plan.updates));
        },
        on_round,
    )?;
    Ok((times, counters.total()))
}

fn measure(plan: &Plan, cap: usize, on_round: impl FnMut()) -> Result<CaseResult, Failure> {
    let (times, total) = run_case(plan, on_round)?;
    let expected = plan.updates * u64::from(plan.threads) * u64::from(plan.warmups + plan.repeats);
    if total != expected {
        return Err(Failure::runtime(format!(
            "{}, {}: the counters hold {total} updates, not {expected}",
            plan.variant,
            wasm_core::clone_run::threads_text(plan.threads)
        )));
    }
    let kept = thread_samples(&times, plan.warmups, plan.updates, cap);
    let v = plan.variant;
    let note = kept.note(plan.threads, "threads");
    let mut case = CaseResult::new(
        wasm_core::results::Suite::Lines,
        v.display_name(),
        v.id(),
        plan.threads,
        plan.updates,
        CaseParams::default(),
        plan.warmups,
        kept.samples,
    );
    case.all_threads_ops_per_sec = kept.rate;
    case.notes.extend(note);
    Ok(case)
}

/// One row per variant: ns per update, per thread count, and how much slower than one thread.
fn print_summary(cases: &[CaseResult]) {
    let mut columns: Vec<u32> = cases.iter().map(|c| c.threads).collect();
    columns.sort_unstable();
    columns.dedup();
    let width = LineVariant::ALL.iter().map(|v| v.display_name().len()).max().unwrap_or(0);
    let header: String = columns.iter().map(|t| format!(" {:>16}", format!("x{t} ns/update"))).collect();
    eprintln!("{:<width$}{header}", "variant");
    for variant in LineVariant::ALL {
        let row: Vec<&CaseResult> =
            columns.iter().filter_map(|&t| cases.iter().find(|c| c.variant_id == variant.id() && c.threads == t)).collect();
        if row.is_empty() {
            continue;
        }
        let one = row.iter().find(|c| c.threads == 1).map(|c| c.median_ns_per_op);
        let cells: String = columns
            .iter()
            .map(|&t| match row.iter().find(|c| c.threads == t) {
                Some(c) => match one.filter(|_| t > 1) {
                    Some(one) => format!(" {:>16}", format!("{:.2} ({:.1}x)", c.median_ns_per_op, c.median_ns_per_op / one)),
                    None => format!(" {:>16}", format!("{:.2}", c.median_ns_per_op)),
                },
                None => format!(" {:>16}", "-"),
            })
            .collect();
        eprintln!("{:<width$}{cells}", variant.display_name());
    }
}

/// The `lines` suite with its flags resolved.
struct Lines<'a> {
    args: &'a LinesArgs,
    updates: u64,
    repeats: u32,
}

impl Suite for Lines<'_> {
    type Case = Plan;
    const ID: &'static str = wasm_core::results::Suite::Lines.id();

    fn run_args(&self) -> &RunArgs {
        &self.args.run
    }

    fn repeats(&self) -> u32 {
        self.repeats
    }

    fn cases(&self) -> Result<Vec<Plan>, Failure> {
        let (updates, warmups, repeats) = (self.updates, self.args.run.warmups, self.repeats);
        let variants = common::chosen(&self.args.variants, &LineVariant::ALL);
        let threads = common::thread_counts(&self.args.threads);
        Ok(threads
            .iter()
            .flat_map(|&t| variants.iter().map(move |&variant| Plan { variant, threads: t, updates, warmups, repeats }))
            .collect())
    }

    fn name(&self, p: &Plan) -> String {
        format!("{}, {}", p.variant.id(), wasm_core::clone_run::threads_text(p.threads))
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

/// The `lines` subcommand. Returns the path written.
pub fn run(args: &LinesArgs) -> Result<PathBuf, Failure> {
    let quick = args.run.quick;
    Lines {
        args,
        updates: args.updates.unwrap_or(if quick { QUICK_UPDATES } else { DEFAULT_UPDATES }),
        repeats: args.repeats.unwrap_or(if quick { QUICK_REPEATS } else { DEFAULT_REPEATS }),
    }
    .run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_thread_is_timed_and_every_update_counted() {
        for variant in LineVariant::ALL {
            let plan = Plan { variant, threads: 3, updates: 5_000, warmups: 1, repeats: 2 };
            let mut rounds = 0;
            let case = measure(&plan, 100, || rounds += 1).unwrap();
            assert_eq!(rounds, 3, "{variant}");
            assert_eq!((case.suite.as_str(), case.variant_id.as_str(), case.threads), ("lines", variant.id(), 3));
            assert_eq!(case.repeat_times_ns.len(), 6, "{variant}: 3 threads x 2 timed repeats");
            assert!(case.all_threads_ops_per_sec.is_some_and(|r| r > 0.0));
            assert!(case.notes.iter().any(|n| n.contains("each of the 3 threads")), "{:?}", case.notes);
        }
    }
}
