//! Chapter 8, live: build and free a linked list of N nodes with a `Box` per node, in one
//! `bumpalo::Bump`, and in a `bumpalo_herd::Herd` (wasm-core's `arena_batch`), on one thread.
//! `Mutex<Bump>` is left out: with no threads its lock never contends, and on wasm32 without the
//! `atomics` feature std's mutex is a plain flag, so it would only repeat the `Bump` bar.

use leptos::prelude::*;
use wasm_core::kernels::arena::{arena_batch, ArenaVariant};
use wasm_core::results::CaseParams;

use crate::browser::timing::Job;
use crate::components::bench::controls::NumberField;
use crate::components::bench::live::{LiveRun, RunControl};
use crate::components::bench::results_table::list_unit;
use crate::components::bench::suite_run::{run_suite, start_suite, LiveBench, SuiteRun, Variant};

const MAX_REPEATS: u64 = 20;
/// One list is one operation, and an operation cannot be cut into time slices: a million nodes keep
/// the longest (`Box`) list well under 100 ms in current browsers.
const MAX_NODES: u64 = 1_000_000;
const VARIANTS: [ArenaVariant; 3] = [ArenaVariant::BoxNode, ArenaVariant::Bump, ArenaVariant::Herd];

async fn run(nodes: u64, repeats: u32, ctl: RunControl) -> Option<SuiteRun> {
    let variants: Vec<Variant> = VARIANTS.iter().map(|v| (v.display_name(), v.id())).collect();
    let mut jobs: Vec<Job<'_>> = VARIANTS
        .into_iter()
        .map(|v| Job {
            name: v.id().to_string(),
            run: Box::new(move |n| {
                std::hint::black_box(arena_batch(v, nodes, n));
            }),
            max_warmup_ops: u64::MAX,
        })
        .collect();
    let params = CaseParams { nodes: Some(nodes), ..Default::default() };
    // Cases count nodes, as the native runner's do; the unit turns that back into whole lists.
    let (cases, step) = run_suite(wasm_core::results::Suite::Arena, &variants, &mut jobs, repeats, params, nodes, ctl).await?;
    Some(SuiteRun {
        cases,
        unit: list_unit(nodes),
        title: format!("Building and freeing a {nodes}-node list, one thread, this browser"),
        timer_step_ms: step,
    })
}

#[component]
pub fn ArenaBench() -> impl IntoView {
    let (nodes, set_nodes) = signal(100_000u64);
    let (repeats, set_repeats) = signal(5u64);
    let (result, set_result) = signal(None::<SuiteRun>);
    let live = LiveRun::new();
    let running = live.running();
    let on_run = Callback::new(move |()| {
        let (nodes, repeats) = (nodes.get_untracked(), repeats.get_untracked() as u32);
        start_suite(live, set_result, move |ctl| run(nodes, repeats, ctl));
    });
    let intro = || {
        view! {
            <p class="source-note">
                "Press Run and your browser builds and frees a linked list again and again: a " <code>"Box"</code>
                " per node from Rust's wasm32 allocator (dlmalloc), one " <code>"bumpalo::Bump"</code> ", and one "
                <code>"bumpalo_herd::Herd"</code> " used by its only thread, with the kernel the native runner times. "
                <code>"Mutex<Bump>"</code> " is left out: with one thread its lock never waits, and in this wasm (no "
                <code>"atomics"</code> ") the mutex is a plain flag, so it would only repeat the " <code>"Bump"</code> " bar."
            </p>
        }
    };
    view! {
        <LiveBench test_id="arena-bench" title="Live: Box or bump, in your browser" intro live result on_run x_label="allocation">
            <NumberField id="arena-bench-nodes" label="Nodes per list" min=1 max=MAX_NODES running
                value=Signal::from(nodes) set=move |v| set_nodes.set(v)/>
            <NumberField id="arena-bench-repeats" label="Repeats" min=1 max=MAX_REPEATS running
                value=Signal::from(repeats) set=move |v| set_repeats.set(v)/>
        </LiveBench>
    }
}
