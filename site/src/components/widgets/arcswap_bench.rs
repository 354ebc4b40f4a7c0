//! Chapter 7, live: one reader reading a shared `Arc<Config>` four ways (wasm-core's
//! `Reader::read_batch`), timed in this browser. There is no writer thread: this wasm is built
//! without threads, so nothing can swap the value while the reader runs (the native runs can).

use leptos::prelude::*;
use wasm_core::kernels::arcswap::{ConfigCell, ReadVariant, Reader};
use wasm_core::results::CaseParams;

use crate::browser::timing::Job;
use crate::components::bench::controls::NumberField;
use crate::components::bench::live::{LiveRun, RunControl};
use crate::components::bench::results_table::Unit;
use crate::components::bench::suite_run::{run_suite, start_suite, LiveBench, SuiteRun, Variant};

const MAX_REPEATS: u64 = 20;

async fn run(repeats: u32, ctl: RunControl) -> Option<SuiteRun> {
    let cell = ConfigCell::new();
    // One reader per variant, kept for the whole run: `Cache` stays warm, as the pattern intends.
    let mut readers: Vec<Reader<'_>> = ReadVariant::ALL.into_iter().map(|v| Reader::new(&cell, v)).collect();
    let variants: Vec<Variant> = ReadVariant::ALL.iter().map(|v| (v.display_name(), v.id())).collect();
    let mut jobs: Vec<Job<'_>> = readers
        .iter_mut()
        .map(|reader| Job {
            name: reader.variant().id().to_string(),
            run: Box::new(move |n| {
                reader.read_batch(n);
            }),
            max_warmup_ops: u64::MAX,
        })
        .collect();
    let params = CaseParams { writer: Some(false), ..Default::default() };
    let (cases, step) = run_suite(wasm_core::results::Suite::Arcswap, &variants, &mut jobs, repeats, params, 1, ctl).await?;
    Some(SuiteRun {
        cases,
        unit: Unit::per_op("ns per read"),
        title: "Reading a shared Arc<Config>: one reader, no writer, this browser".into(),
        timer_step_ms: step,
    })
}

#[component]
pub fn ArcSwapBench() -> impl IntoView {
    let (repeats, set_repeats) = signal(5u64);
    let (result, set_result) = signal(None::<SuiteRun>);
    let live = LiveRun::new();
    let running = live.running();
    let on_run = Callback::new(move |()| {
        let repeats = repeats.get_untracked() as u32;
        start_suite(live, set_result, move |ctl| run(repeats, ctl));
    });
    let intro = || {
        view! {
            <p class="source-note">
                "Press Run and one reader in your browser reads the same value through " <code>"RwLock<Arc<T>>"</code> ", "
                <code>"ArcSwap::load_full"</code> ", " <code>"ArcSwap::load"</code> " and " <code>"Cache::load"</code>
                ", with the kernel the native runner times. There is no writer: this site's wasm has no threads, so "
                "nothing can swap the value meanwhile, and without the " <code>"atomics"</code>
                " target feature every atomic operation compiles to a plain load or store and the lock never waits. "
                "What remains is the bookkeeping each read does on its own: a lock and an " <code>"Arc"</code>
                " clone, a guard, a reference count, or one pointer comparison."
            </p>
        }
    };
    view! {
        <LiveBench test_id="arcswap-bench" title="Live: four ways to read, in your browser" intro live result on_run x_label="read">
            <NumberField id="arcswap-bench-repeats" label="Repeats" min=1 max=MAX_REPEATS running
                value=Signal::from(repeats) set=move |v| set_repeats.set(v)/>
        </LiveBench>
    }
}
