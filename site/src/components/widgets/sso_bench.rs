//! Chapter 6, live: the nine SSO variants of wasm-core's kernel (`sso_batch`) on one input set, timed
//! in this browser on one thread. Each operation converts the whole tag list and drops the result.

use leptos::prelude::*;
use wasm_core::kernels::sso::{sso_batch, InputSet, SsoInput, SsoVariant};
use wasm_core::results::CaseParams;

use crate::browser::timing::Job;
use crate::components::bench::controls::NumberField;
use crate::components::bench::live::{LiveRun, RunControl};
use crate::components::bench::results_table::Unit;
use crate::components::bench::suite_run::{run_suite, start_suite, LiveBench, SuiteRun, Variant};

const MAX_REPEATS: u64 = 20;

/// The input set as the selector names it: its tags' count and length range, read from the kernel's
/// own input so the words cannot drift from the data (chapter 6 states the same ranges).
fn describe(set: InputSet) -> String {
    let lens: Vec<usize> = SsoInput::new(set).expected().iter().map(String::len).collect();
    let range = |l: &[usize]| format!("{}–{} B", l.iter().min().unwrap_or(&0), l.iter().max().unwrap_or(&0));
    match set {
        InputSet::Empty => "empty (no tags)".into(),
        InputSet::Mixed => {
            let short_max = SsoInput::new(InputSet::Short).expected().iter().map(String::len).max().unwrap_or(0);
            let long: Vec<usize> = lens.iter().copied().filter(|&l| l > short_max).collect();
            format!("mixed ({} short, {} × {})", lens.len() - long.len(), long.len(), range(&long))
        }
        _ => format!("{} ({} × {})", set.id(), lens.len(), range(&lens)),
    }
}

async fn run(set: InputSet, repeats: u32, ctl: RunControl) -> Option<SuiteRun> {
    let input = SsoInput::new(set);
    let tags = input.tags();
    let variants: Vec<Variant> = SsoVariant::ALL.iter().map(|v| (v.display_name(), v.id())).collect();
    let mut jobs: Vec<Job<'_>> = SsoVariant::ALL
        .into_iter()
        .map(|v| {
            let tags = &tags;
            Job { name: v.id().to_string(), run: Box::new(move |n| sso_batch(v, tags, n)), max_warmup_ops: u64::MAX }
        })
        .collect();
    let params = CaseParams { input_set: Some(set.id().into()), ..Default::default() };
    let (cases, step) = run_suite(wasm_core::results::Suite::Sso, &variants, &mut jobs, repeats, params, 1, ctl).await?;
    Some(SuiteRun {
        cases,
        unit: Unit::per_op("ns per call"),
        title: format!("Converting the {} tag list, one thread, this browser", set.id()),
        timer_step_ms: step,
    })
}

#[component]
pub fn SsoBench() -> impl IntoView {
    let (set, set_set) = signal(InputSet::Short);
    let (repeats, set_repeats) = signal(5u64);
    let (result, set_result) = signal(None::<SuiteRun>);
    let live = LiveRun::new();
    let running = live.running();
    let on_run = Callback::new(move |()| {
        let (set, repeats) = (set.get_untracked(), repeats.get_untracked() as u32);
        start_suite(live, set_result, move |ctl| run(set, repeats, ctl));
    });
    let intro = || {
        view! {
            <p class="source-note">
                "Press Run and your browser runs the nine variants of this chapter's kernel (the kernels crate's "
                <code>"sso_batch"</code> ", the code the native runner times) on one thread. One call formats the whole "
                "tag list into an owned collection and drops it. Here the allocator is Rust's wasm32 default, dlmalloc, "
                "not jemalloc, so the gaps between variants can differ from the native ones below. And on wasm32 a "
                <code>"CompactString"</code> " is 12 bytes and keeps at most 12 inline (the inspector above measures it), "
                "so several of the short tags that fit inline on x86_64 go to the heap here."
            </p>
        }
    };
    view! {
        <LiveBench test_id="sso-bench" title="Live: the nine variants in your browser" intro live result on_run x_label="variant">
            <div class="field">
                <label for="sso-bench-set">"Input set"</label>
                <select id="sso-bench-set" prop:value=move || set.get().id() prop:disabled=running
                    on:change=move |ev| if let Some(s) = InputSet::parse(&event_target_value(&ev)) { set_set.set(s) }>
                    {InputSet::ALL.into_iter().map(|s| view! { <option value=s.id()>{describe(s)}</option> }).collect_view()}
                </select>
            </div>
            <NumberField id="sso-bench-repeats" label="Repeats" min=1 max=MAX_REPEATS running
                value=Signal::from(repeats) set=move |v| set_repeats.set(v)/>
        </LiveBench>
    }
}
