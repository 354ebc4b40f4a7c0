//! The `sso` suite: every thread converts the same tag list into owned strings `calls` times per
//! repeat, all threads at once (like divan's `threads` option); each thread's time is one sample.

use crate::cli::{RunArgs, SsoArgs};
use crate::common;
use crate::failure::Failure;
use crate::run_file::Suite;
use crate::threads::{run_rounds, thread_samples};
use std::path::PathBuf;
use wasm_core::kernels::sso::{sso_batch, InputSet, SsoInput, SsoVariant};
use wasm_core::results::{CaseParams, CaseResult};

const DEFAULT_CALLS: u64 = 10_000;
const QUICK_CALLS: u64 = wasm_core::validate::quick::SSO_CALLS;
const DEFAULT_REPEATS: u32 = 51;
const QUICK_REPEATS: u32 = wasm_core::validate::quick::REPEATS;

/// Measures one variant on one input set at one thread count.
#[allow(clippy::too_many_arguments)]
fn measure(
    variant: SsoVariant,
    input: &SsoInput,
    threads: u32,
    calls: u64,
    warmups: u32,
    repeats: u32,
    cap: usize,
    on_round: impl FnMut(),
) -> Result<CaseResult, Failure> {
    let times = run_rounds(threads, warmups + repeats, |_| input.tags(), |tags| sso_batch(variant, tags, calls), on_round)?;
    let kept = thread_samples(&times, warmups, calls, cap);
    let params = CaseParams { input_set: Some(input.set().id().into()), ..Default::default() };
    let note = kept.note(threads, "threads");
    let mut case = CaseResult::new(
        wasm_core::results::Suite::Sso,
        variant.display_name(),
        variant.id(),
        threads,
        calls,
        params,
        warmups,
        kept.samples,
    );
    case.all_threads_ops_per_sec = kept.rate;
    case.notes.extend(note);
    Ok(case)
}

/// Per input set, one row per variant: median ns per call at each thread count, and the inline
/// string against `Vec<String>`.
fn print_summary(cases: &[CaseResult]) {
    let sets = InputSet::ALL.into_iter().map(InputSet::id).filter(|&set| cases.iter().any(|c| c.params.input_set.as_deref() == Some(set)));
    let mut threads: Vec<u32> = cases.iter().map(|c| c.threads).collect();
    threads.sort_unstable();
    threads.dedup();
    for set in sets {
        let in_set: Vec<&CaseResult> = cases.iter().filter(|c| c.params.input_set.as_deref() == Some(set)).collect();
        let header: String = threads.iter().map(|t| format!(" {:>18}", format!("ns/call x{t} (mad)"))).collect();
        eprintln!("\ninput set {set}\n{:<42}{header}", "variant");
        let find = |variant_id: &str, t: u32| in_set.iter().find(|c| c.variant_id == variant_id && c.threads == t);
        for variant in SsoVariant::ALL.into_iter().filter(|v| in_set.iter().any(|c| c.variant_id == v.id())) {
            let cells: String = threads
                .iter()
                .map(|&t| match find(variant.id(), t) {
                    Some(c) => format!(" {:>18}", format!("{:.1} ({:.1})", c.median_ns_per_op, c.mad_ns / c.ops_per_repeat as f64)),
                    None => format!(" {:>18}", "-"),
                })
                .collect();
            eprintln!("{:<42}{cells}", variant.display_name());
        }
        for &t in &threads {
            if let (Some(inline), Some(vec)) = (find(SsoVariant::InlineBuf.id(), t), find(SsoVariant::VecString.id(), t)) {
                let ratio = inline.median_ns_per_op / vec.median_ns_per_op;
                eprintln!(
                    "x{t}: InlineStr / Vec<String> time ratio {ratio:.2} ({})",
                    if ratio <= 1.0 { "inline string faster" } else { "Vec<String> faster" }
                );
            }
        }
    }
}

/// The `sso` suite with its flags resolved.
struct Sso<'a> {
    args: &'a SsoArgs,
    calls: u64,
    repeats: u32,
    inputs: Vec<SsoInput>,
}

impl Suite for Sso<'_> {
    /// The input set (its index in `inputs`), the thread count and the variant.
    type Case = (usize, u32, SsoVariant);
    const ID: &'static str = wasm_core::results::Suite::Sso.id();

    fn run_args(&self) -> &RunArgs {
        &self.args.run
    }

    fn repeats(&self) -> u32 {
        self.repeats
    }

    fn cases(&self) -> Result<Vec<Self::Case>, Failure> {
        let threads = common::thread_counts(&self.args.threads);
        let variants = common::chosen(&self.args.variants, &SsoVariant::ALL);
        let mut cases = Vec::new();
        for input in 0..self.inputs.len() {
            for &t in &threads {
                cases.extend(variants.iter().map(|&v| (input, t, v)));
            }
        }
        Ok(cases)
    }

    fn name(&self, &(input, t, variant): &Self::Case) -> String {
        format!("{}, {}, {variant}", self.inputs[input].set().id(), wasm_core::clone_run::threads_text(t))
    }

    fn threads(&self, &(_, t, _): &Self::Case) -> u32 {
        t
    }

    fn measure(&self, &(input, t, variant): &Self::Case, cap: usize, on_round: &mut dyn FnMut()) -> Result<CaseResult, Failure> {
        measure(variant, &self.inputs[input], t, self.calls, self.args.run.warmups, self.repeats, cap, on_round)
    }

    fn summary(cases: &[CaseResult]) {
        print_summary(cases)
    }
}

/// The `sso` subcommand. Returns the path written.
pub fn run(args: &SsoArgs) -> Result<PathBuf, Failure> {
    let quick = args.run.quick;
    let sets = common::chosen(&args.inputs, &InputSet::ALL);
    Sso {
        args,
        calls: args.calls.unwrap_or(if quick { QUICK_CALLS } else { DEFAULT_CALLS }),
        repeats: args.repeats.unwrap_or(if quick { QUICK_REPEATS } else { DEFAULT_REPEATS }),
        inputs: sets.iter().map(|&set| SsoInput::new(set)).collect(),
    }
    .run()
}
