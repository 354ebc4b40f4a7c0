//! The measuring loop of the browser benchmarks: wasm-core's clone kernels, timed with
//! `performance.now()` in time slices that hand control back to the browser between them.
//!
//! Why it is shaped like this:
//! - The browser's clock is coarse (Chrome without cross-origin isolation steps in 100 µs), so a
//!   timed batch must last many steps. Batches aim at 50 timer steps (clamped to 1..10 ms) and adapt
//!   their size as they go; a repeat is the sum of its batches' times.
//! - The page must stay responsive: work runs in slices of at most [`SLICE_MS`], then awaits a
//!   `setTimeout(0)` promise, so no task comes near the 50 ms "long task" line.
//! - `forget` mode leaks every `String`/`Box<str>` clone and wasm memory never shrinks, so the run
//!   leaks at most [`LEAK_CAP_BYTES`]; the repeat length is scaled down to honour it.

use wasm_bindgen::JsCast;
use wasm_core::kernels::clone::{clone_batch, CloneMode, CloneSource, CloneType};
use wasm_core::results::{CaseParams, CaseResult};
use web_sys::Performance;

/// Most bytes one run may leak in `forget` mode (shared by the allocating types).
pub const LEAK_CAP_BYTES: u64 = 64 << 20;
/// Longest stretch of work before yielding to the event loop.
pub const SLICE_MS: f64 = 20.0;

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
    Cancelled { leaked_bytes: u64 },
}

/// The page's `performance` object (every browser that runs wasm has one).
pub fn performance() -> Performance {
    web_sys::window().and_then(|w| w.performance()).expect("window.performance")
}

/// The smallest non-zero step between successive `performance.now()` readings, in ms; `None` when
/// the clock did not move for 40 ms (then the browser hides time almost entirely).
pub fn timer_step_ms(perf: &Performance) -> Option<f64> {
    let start = perf.now();
    let (mut last, mut smallest, mut steps) = (start, f64::INFINITY, 0);
    while steps < 8 {
        let t = perf.now();
        if t - start > 40.0 {
            break;
        }
        if t > last {
            smallest = smallest.min(t - last);
            steps += 1;
            last = t;
        }
    }
    smallest.is_finite().then_some(smallest)
}

/// Resolves after the browser has run its pending tasks (input, painting).
async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let window = web_sys::window().expect("window");
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Bytes dlmalloc (Rust's wasm32 allocator) keeps for one leaked `len`-byte buffer: the request
/// plus a 4-byte size header, rounded up to 8, at least 16. Empty strings do not allocate.
pub fn leaked_bytes_per_clone(ty: CloneType, len: usize) -> u64 {
    if !ty.clone_allocates() || len == 0 {
        return 0;
    }
    (((len as u64) + 4 + 7) & !7).max(16)
}

struct Cancelled;

/// Time slicing and cancellation, shared by every phase of a run.
struct Slicer<'a> {
    perf: &'a Performance,
    slice_start: f64,
    is_cancelled: &'a dyn Fn() -> bool,
}

impl Slicer<'_> {
    async fn checkpoint(&mut self) -> Result<(), Cancelled> {
        if self.perf.now() - self.slice_start >= SLICE_MS {
            yield_to_browser().await;
            self.slice_start = self.perf.now();
        }
        if (self.is_cancelled)() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

/// Per-type state between phases.
struct TypePlan {
    ty: CloneType,
    batch: u64,
    ops_per_repeat: u64,
    times_ns: Vec<f64>,
    notes: Vec<String>,
}

/// Runs every [`CloneType`] with `params`. `progress(fraction, text)` is called between batches;
/// `is_cancelled` is polled at every slice boundary.
pub async fn run(
    params: BenchParams,
    is_cancelled: impl Fn() -> bool,
    progress: impl Fn(f64, String),
) -> Outcome {
    let perf = performance();
    let step = timer_step_ms(&perf);
    let mut leaked = 0u64;
    let result = measure(&perf, step, params, &is_cancelled, &progress, &mut leaked).await;
    match result {
        Ok(cases) => Outcome::Done(BenchRun { params, timer_step_ms: step, cases, leaked_bytes: leaked }),
        Err(Cancelled) => Outcome::Cancelled { leaked_bytes: leaked },
    }
}

async fn measure(
    perf: &Performance,
    step: Option<f64>,
    params: BenchParams,
    is_cancelled: &dyn Fn() -> bool,
    progress: &dyn Fn(f64, String),
    leaked: &mut u64,
) -> Result<Vec<CaseResult>, Cancelled> {
    // 50 clock steps keep a batch's rounding error near 2 %; a repeat spans at least two batches.
    let batch_ms = (50.0 * step.unwrap_or(0.1)).clamp(1.0, 10.0);
    let min_repeat_ms = 2.0 * batch_ms;
    let source = CloneSource::new(params.string_len);
    let mode = params.mode;
    let type_budget = LEAK_CAP_BYTES / CloneType::ALL.iter().filter(|t| t.clone_allocates()).count() as u64;
    let mut slicer = Slicer { perf, slice_start: perf.now(), is_cancelled };
    let time = |ty, n| {
        let t0 = perf.now();
        clone_batch(&source, ty, mode, n);
        perf.now() - t0
    };

    // Calibration (untimed warm-up): double the batch until it lasts half a target batch.
    let mut plans = Vec::new();
    for (i, ty) in CloneType::ALL.into_iter().enumerate() {
        progress(0.0, format!("Calibrating {ty} ({} of {})", i + 1, CloneType::ALL.len()));
        let leak_each = if mode == CloneMode::Forget { leaked_bytes_per_clone(ty, params.string_len) } else { 0 };
        let mut used = 0u64;
        let (mut n, mut ms_per_op) = (1u64, None);
        loop {
            let dt = time(ty, n);
            used += n * leak_each;
            if dt > 0.0 {
                ms_per_op = Some(dt / n as f64);
            }
            slicer.checkpoint().await?;
            if dt >= batch_ms / 2.0 || used + 2 * n * leak_each > type_budget / 8 || n >= 1 << 32 {
                break;
            }
            n *= 2;
        }
        *leaked += used;
        let ms_per_op = ms_per_op.unwrap_or(batch_ms / n as f64);
        let mut notes = vec![format!("untimed calibration: {n} clones in the last warm-up batch")];
        let mut ops = params.samples.max(1);
        let floor = (min_repeat_ms / ms_per_op).ceil() as u64;
        if ops < floor {
            notes.push(format!(
                "samples raised from {ops} to {floor} so one repeat lasts at least {min_repeat_ms:.0} ms of the browser's coarse clock"
            ));
            ops = floor;
        }
        if let Some(per_repeat) = type_budget.saturating_sub(used).checked_div(leak_each) {
            let cap = (per_repeat / params.repeats.max(1) as u64).max(1);
            if ops > cap {
                notes.push(format!(
                    "samples scaled down from {ops} to {cap}: forgotten clones may leak at most {} MiB per run (wasm memory never shrinks)",
                    LEAK_CAP_BYTES >> 20
                ));
                ops = cap;
            }
        }
        let batch = ((batch_ms / ms_per_op) as u64).clamp(1, ops);
        plans.push(TypePlan { ty, batch, ops_per_repeat: ops, times_ns: Vec::new(), notes });
    }

    // Timed repeats, types interleaved so a slow drift of the machine hits them all alike.
    let repeats = params.repeats.max(1);
    let total = (repeats as usize * plans.len()) as f64;
    for r in 0..repeats {
        for (i, plan) in plans.iter_mut().enumerate() {
            let done_before = (r as usize * CloneType::ALL.len() + i) as f64;
            let label = format!("Measuring {}: repeat {} of {repeats}", plan.ty, r + 1);
            let (mut remaining, mut total_ms) = (plan.ops_per_repeat, 0.0);
            while remaining > 0 {
                let n = plan.batch.min(remaining);
                let dt = time(plan.ty, n);
                total_ms += dt;
                remaining -= n;
                *leaked += n * if mode == CloneMode::Forget { leaked_bytes_per_clone(plan.ty, params.string_len) } else { 0 };
                // Steer the next batch towards the target length, at most doubling or halving.
                plan.batch = if dt > 0.0 {
                    ((n as f64 * batch_ms / dt) as u64).clamp((n / 2).max(1), n * 2)
                } else {
                    n * 2
                };
                let within = 1.0 - remaining as f64 / plan.ops_per_repeat as f64;
                progress((done_before + within) / total, label.clone());
                slicer.checkpoint().await?;
            }
            plan.times_ns.push(total_ms * 1e6);
        }
    }

    Ok(plans
        .into_iter()
        .map(|plan| {
            let mut case = CaseResult::new(
                "clone",
                plan.ty.display_name(),
                plan.ty.id(),
                1,
                plan.ops_per_repeat,
                CaseParams { string_len_bytes: Some(params.string_len as u64), ..Default::default() },
                0,
                plan.times_ns,
            );
            case.mode = Some(mode.id().into());
            case.notes = plan.notes;
            case
        })
        .collect())
}
