//! The `/bench` page's run: wasm-core's clone kernels through the shared measuring loop
//! ([`crate::browser::timing`]), plus what only cloning needs: the samples the reader asked for, and the
//! leak budget of `forget` mode.
//!
//! `forget` mode leaks every `String`/`Box<str>` clone and wasm memory never shrinks, so the run
//! leaks at most [`LEAK_CAP_BYTES`]; the repeat length is scaled down to honour it.

use std::cell::Cell;
use wasm_core::kernels::clone::{clone_batch, CloneMode, CloneSource, CloneType};
use wasm_core::results::Suite;
use wasm_core::results::{CaseParams, CaseResult};

use crate::browser::timing::{measure, performance, timer_step_ms, Calibration, Cancelled, Job, Plan, Timing};

/// Most bytes one run may leak in `forget` mode (shared by the allocating types).
pub const LEAK_CAP_BYTES: u64 = 64 << 20;

/// What the reader asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchParams {
    /// Clones per timed repeat (raised when too short for the timer, lowered by the leak cap).
    pub samples: u64,
    /// Timed repeats per type.
    pub repeats: u32,
    /// Length of the cloned string in bytes.
    pub string_len: usize,
    pub mode: CloneMode,
}

/// A finished run: one case per type, in the schema the native runner writes.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchRun {
    pub params: BenchParams,
    pub timer_step_ms: Option<f64>,
    pub cases: Vec<CaseResult>,
    pub leaked_bytes: u64,
}

/// How a run ended.
pub enum Outcome {
    Done(BenchRun),
    /// Stopped by the reader; nothing is reported, but what already leaked stays leaked.
    Cancelled {
        leaked_bytes: u64,
    },
}

/// Bytes dlmalloc (Rust's wasm32 allocator) keeps for one leaked `len`-byte buffer; types whose
/// clone does not allocate leak none.
pub fn leaked_bytes_per_clone(ty: CloneType, len: usize) -> u64 {
    if !ty.clone_allocates() {
        return 0;
    }
    wasm_core::heap::dlmalloc_block(len) as u64
}

/// Runs every [`CloneType`] with `params`. `progress(fraction, text)` is called between batches;
/// `is_cancelled` is polled at every slice boundary.
pub async fn run(params: BenchParams, is_cancelled: impl Fn() -> bool, progress: impl Fn(f64, String)) -> Outcome {
    let step = timer_step_ms(&performance());
    let timing = Timing::for_step(step);
    let source = CloneSource::new(params.string_len);
    let mode = params.mode;
    let leak_each = |ty| if mode == CloneMode::Forget { leaked_bytes_per_clone(ty, params.string_len) } else { 0 };
    let type_budget = LEAK_CAP_BYTES / CloneType::ALL.iter().filter(|t| t.clone_allocates()).count() as u64;
    // Counted as the clones happen, so a cancelled run still reports what it leaked.
    let leaked = Cell::new(0u64);
    // The two strategies make no clone to forget: a forget run leaves them out.
    let types: Vec<CloneType> = CloneType::ALL.into_iter().filter(|t| mode == CloneMode::Drop || t.has_forget_mode()).collect();
    let mut jobs: Vec<Job<'_>> = types
        .iter()
        .map(|&ty| {
            let (source, leaked, leak) = (&source, &leaked, leak_each(ty));
            Job {
                name: ty.to_string(),
                run: Box::new(move |n| {
                    clone_batch(source, ty, mode, n);
                    leaked.set(leaked.get() + n * leak);
                }),
                // The warm-up may use an eighth of the type's leak budget.
                max_warmup_ops: (type_budget / 8).checked_div(leak_each(ty)).unwrap_or(u64::MAX),
            }
        })
        .collect();
    let plan = |i: usize, cal: &Calibration| clone_plan(params, &timing, cal, leak_each(types[i]), type_budget);
    let result = measure(&mut jobs, timing, params.repeats, &plan, &is_cancelled, &progress).await;
    drop(jobs);
    match result {
        Ok(timed) => {
            let cases = types
                .iter()
                .zip(timed)
                .map(|(&ty, t)| {
                    let params = CaseParams { string_len_bytes: Some(ty.text_len(params.string_len) as u64), ..Default::default() };
                    let mut case = CaseResult::new(Suite::Clone, ty.display_name(), ty.id(), 1, t.ops_per_repeat, params, 0, t.times_ns);
                    case.mode = Some(mode.id().into());
                    case.notes = t.notes;
                    case
                })
                .collect();
            Outcome::Done(BenchRun { params, timer_step_ms: step, cases, leaked_bytes: leaked.get() })
        }
        Err(Cancelled) => Outcome::Cancelled { leaked_bytes: leaked.get() },
    }
}

/// The samples the reader asked for, raised to what the clock needs, then lowered to the leak budget.
fn clone_plan(params: BenchParams, timing: &Timing, cal: &Calibration, leak_each: u64, type_budget: u64) -> Plan {
    let mut notes = vec![format!("untimed calibration: {} clones in the last warm-up batch", cal.last_batch)];
    let mut ops = params.samples.max(1);
    let floor = timing.floor_ops(cal);
    if ops < floor {
        notes.push(format!(
            "samples raised from {ops} to {floor} so one repeat lasts at least {:.0} ms of the browser's coarse clock",
            timing.min_repeat_ms
        ));
        ops = floor;
    }
    if let Some(per_repeat) = type_budget.saturating_sub(cal.warmup_ops * leak_each).checked_div(leak_each) {
        let cap = (per_repeat / params.repeats.max(1) as u64).max(1);
        if ops > cap {
            notes.push(format!(
                "samples scaled down from {ops} to {cap}: forgotten clones may leak at most {} MiB per run (wasm memory never shrinks)",
                LEAK_CAP_BYTES >> 20
            ));
            ops = cap;
        }
    }
    Plan { ops_per_repeat: ops, notes }
}
