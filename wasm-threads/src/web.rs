//! The tier's JavaScript boundary: the rayon worker pool (`initThreadPool`), the clock, and
//! [`ThreadRun`], a whole run (clone contention or cache lines) the worker script drives case by case. Results leave as a results
//! file's JSON text, which the page reads with the same validator as every shipped file.

use crate::lines::{self, LineSettings, LinesSession};
use crate::run::{repeat_ms_for_step, Session, Settings};
use crate::timing::{Clock, Threads};
use std::sync::OnceLock;
use wasm_bindgen::prelude::*;
use wasm_core::browser::BrowserFacts;
use wasm_core::clone_run::ClonePlan;

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
/// Chromium, 100 µs without isolation), from 20 observed ticks, measured once.
#[wasm_bindgen]
pub fn clock_step_ms() -> f64 {
    static STEP: OnceLock<f64> = OnceLock::new();
    *STEP.get_or_init(|| {
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
    })
}

/// Threads the pool can give a case: rayon's threads plus the calling Worker.
#[wasm_bindgen]
pub fn pool_threads() -> u32 {
    rayon::current_num_threads() as u32 + 1
}

/// The two kinds of run the worker script can drive: clone contention (chapter 4, `/bench`) and
/// cache lines (chapter 9). The same protocol for both: cases one at a time, a file after each.
enum Plan {
    Contention(Session),
    Lines(LinesSession),
}

/// One run of the threaded tier, made by [`ThreadRun::contention`] or [`ThreadRun::lines`].
#[wasm_bindgen]
pub struct ThreadRun(Plan);

#[wasm_bindgen]
impl ThreadRun {
    /// A clone contention run from the page's four lists (thread counts, type ids, mode ids, and
    /// `String`'s other allocators: the allocator A/B);
    /// `longer` (1 or more) multiplies the shortest timed repeat, for a reader whose first run came
    /// out too short or too noisy to submit.
    pub fn contention(threads: &str, types: &str, modes: &str, allocators: &str, longer: f64) -> Result<ThreadRun, JsError> {
        let plan = ClonePlan::from_lists(&[threads, types, modes, allocators], 0, wasm_core::clone_run::DEFAULT_STRING_LEN)
            .map_err(|e| JsError::new(&e))?;
        let longer = if longer.is_finite() { longer.clamp(1.0, 16.0) } else { 1.0 };
        Ok(ThreadRun(Plan::Contention(Session::new(&plan, Settings::site(repeat_ms_for_step(clock_step_ms()) * longer)))))
    }

    /// A cache-lines run from the page's two lists (thread counts, variant ids).
    pub fn lines(threads: &str, variants: &str) -> Result<ThreadRun, JsError> {
        let cases = lines::plan(threads, variants).map_err(|e| JsError::new(&e))?;
        let settings = LineSettings { warmups: 1, repeats: 5, min_repeat_ms: repeat_ms_for_step(clock_step_ms()) };
        Ok(ThreadRun(Plan::Lines(LinesSession::new(cases, settings))))
    }

    /// How many steps the run has: a contention run's calibrations and its repeats round by round,
    /// a cache-lines run's cases.
    pub fn steps(&self) -> usize {
        match &self.0 {
            Plan::Contention(s) => s.steps(),
            Plan::Lines(s) => s.len(),
        }
    }

    /// Whether to post the results file after the step just run: a contention run's at its end
    /// (see `Session::finished`), a cache-lines run's after each case.
    pub fn file_ready(&self) -> bool {
        match &self.0 {
            Plan::Contention(s) => s.finished(),
            Plan::Lines(_) => true,
        }
    }

    /// The most threads a case uses: the pool needs one Worker fewer.
    pub fn max_threads(&self) -> u32 {
        match &self.0 {
            Plan::Contention(s) => s.max_threads(),
            Plan::Lines(s) => s.max_threads(),
        }
    }

    /// Step `i`'s name for the progress line.
    pub fn name(&self, i: usize) -> String {
        match &self.0 {
            Plan::Contention(s) => s.name(i),
            Plan::Lines(s) => s.name(i),
        }
    }

    /// Runs the next step (blocking this Worker); `false` when none is left.
    pub fn run_next(&mut self) -> Result<bool, JsError> {
        if self.max_threads() > pool_threads() {
            return Err(JsError::new(&format!("{} threads asked, the pool has {}", self.max_threads(), pool_threads())));
        }
        let next = match &mut self.0 {
            Plan::Contention(s) => s.run_next(&RayonPool, &Performance),
            Plan::Lines(s) => s.run_next(&RayonPool, &Performance),
        };
        next.map_err(|e| JsError::new(&e))
    }

    /// The results file of the cases run so far, as JSON text. `created_at` is RFC 3339 (JS's
    /// `toISOString()`); the user agent and CPU count are this Worker's `navigator`'s, `os` and
    /// `device` what its `userAgentData` says (empty where it says nothing).
    pub fn file_json(&self, user_agent: String, logical_cpus: u32, created_at: String, os: String, device: String) -> String {
        let rustc = option_env!("WASM_THREADS_RUSTC").map(str::to_owned);
        let facts = BrowserFacts { user_agent, logical_cpus, created_at, rustc, os: Some(os), device: Some(device) };
        let file = match &self.0 {
            Plan::Contention(s) => s.file(&facts),
            Plan::Lines(s) => s.file(&facts),
        };
        file.to_pretty_json()
    }
}
