//! The measuring machinery every browser benchmark shares: the clock, its resolution, time slices
//! that hand control back to the browser, and one calibrate-then-repeat loop over a list of jobs.
//!
//! Why it is shaped like this:
//! - The browser's clock is coarse (Chrome without cross-origin isolation steps in 100 µs), so a
//!   timed batch must last many steps. Batches aim at 50 timer steps (clamped to 1..10 ms) and adapt
//!   their size as they go; a repeat is the sum of its batches' times.
//! - The page must stay responsive: work runs in slices of at most [`SLICE_MS`], then awaits a
//!   `setTimeout(0)` promise, so no task comes near the 50 ms "long task" line (one batch aims at
//!   10 ms at most; a single operation longer than that, e.g. a huge list, is the caller's limit).
//! - Jobs are interleaved repeat by repeat, so a slow drift of the machine hits them all alike.

use wasm_bindgen::JsCast;
use web_sys::Performance;

/// Longest stretch of work before yielding to the event loop.
pub const SLICE_MS: f64 = 20.0;

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
pub async fn yield_to_browser() {
    sleep_ms(0).await;
}

/// Resolves after a `setTimeout` of `ms` milliseconds (0: once the browser has run its pending tasks).
pub async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let window = web_sys::window().expect("window");
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The reader pressed Cancel (or left the page).
pub struct Cancelled;

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

/// Batch and repeat lengths for a clock that steps in `step` ms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// What one timed batch aims at.
    pub batch_ms: f64,
    /// The shortest repeat: at least two batches.
    pub min_repeat_ms: f64,
}

impl Timing {
    /// 50 clock steps keep a batch's rounding error near 2 %; a repeat spans at least two batches.
    pub fn for_step(step: Option<f64>) -> Self {
        let batch_ms = (50.0 * step.unwrap_or(0.1)).clamp(1.0, 10.0);
        Timing { batch_ms, min_repeat_ms: 2.0 * batch_ms }
    }

    /// Operations one repeat needs to last [`Timing::min_repeat_ms`].
    pub fn floor_ops(&self, cal: &Calibration) -> u64 {
        (self.min_repeat_ms / cal.ms_per_op).ceil().max(1.0) as u64
    }
}

/// One thing to measure: `run(n)` does `n` operations of the kernel.
pub struct Job<'a> {
    /// Named in the progress text.
    pub name: String,
    pub run: Box<dyn FnMut(u64) + 'a>,
    /// Most operations the whole warm-up may do (a leak budget); `u64::MAX` for no limit.
    pub max_warmup_ops: u64,
}

/// What the untimed warm-up found for one job.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    pub ms_per_op: f64,
    /// Operations of the last (largest) warm-up batch.
    pub last_batch: u64,
    /// Operations of the whole warm-up.
    pub warmup_ops: u64,
}

/// How long one job's repeats are, and what the results should say about that choice.
pub struct Plan {
    pub ops_per_repeat: u64,
    pub notes: Vec<String>,
}

impl Plan {
    /// The usual choice: just long enough for the clock ([`Timing::floor_ops`]), and at least `min_ops`.
    pub fn at_least(min_ops: u64, timing: &Timing, cal: &Calibration) -> Plan {
        Plan {
            ops_per_repeat: timing.floor_ops(cal).max(min_ops).max(1),
            notes: vec![format!("untimed calibration: {} operations in the last warm-up batch", cal.last_batch)],
        }
    }
}

/// One job's timed repeats.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    pub ops_per_repeat: u64,
    /// Wall time of each repeat, in ns.
    pub times_ns: Vec<f64>,
    pub notes: Vec<String>,
}

/// Calibrates every job (untimed warm-up: doubling batches until one lasts half a target batch),
/// asks `plan` how long its repeats are, then times `repeats` rounds, jobs interleaved.
/// `progress(fraction, text)` is called between batches; `is_cancelled` is polled at every slice.
pub async fn measure(
    jobs: &mut [Job<'_>],
    timing: Timing,
    repeats: u32,
    plan: &dyn Fn(usize, &Calibration) -> Plan,
    is_cancelled: &dyn Fn() -> bool,
    progress: &dyn Fn(f64, String),
) -> Result<Vec<Timed>, Cancelled> {
    let perf = performance();
    let batch_ms = timing.batch_ms;
    let mut slicer = Slicer { perf: &perf, slice_start: perf.now(), is_cancelled };
    let count = jobs.len();

    let mut plans = Vec::with_capacity(count);
    for (i, job) in jobs.iter_mut().enumerate() {
        progress(0.0, format!("Calibrating {} ({} of {count})", job.name, i + 1));
        let (mut n, mut used, mut ms_per_op) = (1u64, 0u64, None);
        let mut time = |n: u64, used: &mut u64| {
            let t0 = perf.now();
            (job.run)(n);
            *used += n;
            perf.now() - t0
        };
        loop {
            let mut dt = time(n, &mut used);
            slicer.checkpoint().await?;
            // A batch that looks long enough is timed once more and the shorter time kept: on a
            // busy machine one preempted small batch would otherwise pass for the target length,
            // and every repeat would then be a handful of operations, shorter than one clock step.
            if dt >= batch_ms / 2.0 && used.saturating_add(n) <= job.max_warmup_ops {
                dt = dt.min(time(n, &mut used));
                slicer.checkpoint().await?;
            }
            if dt > 0.0 {
                ms_per_op = Some(dt / n as f64);
            }
            if dt >= batch_ms / 2.0 || used.saturating_add(2 * n) > job.max_warmup_ops || n >= 1 << 32 {
                break;
            }
            n *= 2;
        }
        let cal = Calibration { ms_per_op: ms_per_op.unwrap_or(batch_ms / n as f64), last_batch: n, warmup_ops: used };
        let Plan { ops_per_repeat, notes } = plan(i, &cal);
        let batch = ((batch_ms / cal.ms_per_op) as u64).clamp(1, ops_per_repeat.max(1));
        plans.push((batch, Timed { ops_per_repeat: ops_per_repeat.max(1), times_ns: Vec::new(), notes }));
    }

    let repeats = repeats.max(1);
    let total = (repeats as usize * count) as f64;
    for r in 0..repeats {
        for (i, (job, (batch, timed))) in jobs.iter_mut().zip(plans.iter_mut()).enumerate() {
            let done_before = (r as usize * count + i) as f64;
            let label = format!("Measuring {}: repeat {} of {repeats}", job.name, r + 1);
            let (mut remaining, mut total_ms) = (timed.ops_per_repeat, 0.0);
            while remaining > 0 {
                let n = (*batch).min(remaining);
                let t0 = perf.now();
                (job.run)(n);
                let dt = perf.now() - t0;
                total_ms += dt;
                remaining -= n;
                // Steer the next batch towards the target length, at most doubling or halving.
                *batch = if dt > 0.0 { ((n as f64 * batch_ms / dt) as u64).clamp((n / 2).max(1), n * 2) } else { n * 2 };
                let within = 1.0 - remaining as f64 / timed.ops_per_repeat as f64;
                progress((done_before + within) / total, label.clone());
                slicer.checkpoint().await?;
            }
            timed.times_ns.push(total_ms * 1e6);
        }
    }
    Ok(plans.into_iter().map(|(_, timed)| timed).collect())
}
