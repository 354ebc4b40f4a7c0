//! The tier's JavaScript boundary: the rayon worker pool (`initThreadPool`), the clock, and one case
//! per call as JSON in and out, so the worker script stays a loop over the plan.

use crate::run::{repeat_ms_for_step, run_case as run_one, Clock, Threads};
use std::sync::OnceLock;
use wasm_core::clone_run::CaseRequest;
use wasm_bindgen::prelude::*;

pub use wasm_bindgen_rayon::init_thread_pool;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()` of whichever global runs the calling thread (every one is a Worker).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

struct Performance;

impl Clock for Performance {
    fn now_ms(&self) -> f64 {
        performance_now()
    }
}

/// Contenders as rayon jobs: `in_place_scope` runs `timed` on the calling Worker and the jobs on the
/// pool's Workers, and blocks (`Atomics.wait`, allowed off the main thread) until they are done.
struct RayonPool;

impl Threads for RayonPool {
    fn with_contenders<R>(&self, n: u32, contender: &(dyn Fn(u32) + Sync), timed: impl FnOnce() -> R) -> R {
        rayon::in_place_scope(|scope| {
            for i in 0..n {
                scope.spawn(move |_| contender(i));
            }
            timed()
        })
    }
}

/// The smallest step of this Worker's clock in milliseconds (5 µs in a cross-origin-isolated
/// Chromium, 100 µs without isolation), from 20 observed ticks.
#[wasm_bindgen]
pub fn clock_step_ms() -> f64 {
    static STEP: OnceLock<f64> = OnceLock::new();
    *STEP.get_or_init(measure_clock_step)
}

fn measure_clock_step() -> f64 {
    let mut step = f64::INFINITY;
    for _ in 0..20 {
        let start = performance_now();
        let mut next = start;
        while next == start {
            next = performance_now();
        }
        step = step.min(next - start);
    }
    step
}

/// Threads the pool can give a case: rayon's threads plus the calling Worker.
#[wasm_bindgen]
pub fn pool_threads() -> u32 {
    rayon::current_num_threads() as u32 + 1
}

/// Runs one case (a JSON [`CaseRequest`]) and returns its `CaseResult` as JSON.
#[wasm_bindgen]
pub fn run_case(request: &str) -> Result<String, JsError> {
    let mut request: CaseRequest = serde_json::from_str(request).map_err(|e| JsError::new(&format!("bad case request: {e}")))?;
    if request.min_repeat_ms <= 0.0 {
        request.min_repeat_ms = repeat_ms_for_step(clock_step_ms());
    }
    if request.threads > pool_threads() {
        return Err(JsError::new(&format!("{} threads asked, the pool has {}", request.threads, pool_threads())));
    }
    let case = run_one(&RayonPool, &Performance, &request).map_err(|e| JsError::new(&e))?;
    serde_json::to_string(&case).map_err(|e| JsError::new(&e.to_string()))
}

/// How this tier was built, for the results file's `toolchain` (the build passes the nightly's
/// `rustc --version` in `WASM_THREADS_RUSTC`).
#[wasm_bindgen]
pub fn rustc_version() -> Option<String> {
    option_env!("WASM_THREADS_RUSTC").map(str::to_owned)
}
