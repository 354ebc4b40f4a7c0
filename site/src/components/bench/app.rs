//! The live part of `/bench` (an island): the reader runs wasm-core's clone kernels in their own
//! browser, sees the result drawn beside the native single-thread figures, and can download it in
//! the native runner's schema.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::controls::{params_from_query, params_query, BenchControls};
use super::download::DownloadButton;
use super::live::{LiveRun, RunStatus, TimerNote};
use super::native::{self, NativeResults, SkippedFiles};
use super::results_table::{ComparisonTable, ResultsTable};
use super::runner::{self, BenchRun, Outcome};
use super::spec::chart_spec;
use crate::browser::timing::{performance, timer_step_ms};
use crate::charts::ChartSpec;
use crate::components::chart::Chart;
use crate::components::results::loader::{ShippedReader, Wanted};
use crate::components::results::query::{page_query, replace_page_query};

#[component]
pub fn BenchApp() -> impl IntoView {
    // The settings live in the address (`/bench?samples=…`): a run can be linked and reloaded.
    let (params, set_params) = signal(params_from_query(&page_query()));
    Effect::new(move |_| replace_page_query("/bench", &params_query(params.get())));
    let live = LiveRun::new();
    let (run, set_run) = signal(None::<BenchRun>);
    let (leaked_total, set_leaked_total) = signal(0u64);
    let (timer_step, set_timer_step) = signal(timer_step_ms(&performance()));
    let (native, set_native) = signal(None::<Result<NativeResults, String>>);
    let read = ShippedReader::of_island();
    spawn_local(async move {
        // Only clone files can match a browser run (`native::matches`).
        let _ = set_native.try_set(Some(native::load(Wanted::Suite(wasm_core::results::Suite::Clone), read).await));
    });

    let running = live.running();
    let on_run = Callback::new(move |()| {
        let p = params.get_untracked();
        set_run.set(None);
        live.start(
            move |ctl| runner::run(p, move || ctl.is_cancelled(), move |f, t| ctl.progress(f, t)),
            move |outcome| {
                let (leaked, done) = match outcome {
                    Outcome::Done(r) => {
                        let _ = set_timer_step.try_set(r.timer_step_ms);
                        let leaked = r.leaked_bytes;
                        let _ = set_run.try_set(Some(r));
                        (leaked, true)
                    }
                    Outcome::Cancelled { leaked_bytes } => (leaked_bytes, false),
                };
                let _ = set_leaked_total.try_update(|t| *t += leaked);
                done
            },
        );
    });
    let on_cancel = Callback::new(move |()| live.cancel());

    // Native figures for the parameters of the shown run (or of the form, before any run).
    let shown_params = move || run.with(|r| r.as_ref().map(|r| r.params)).unwrap_or_else(|| params.get());
    let matches = Memo::new(move |_| {
        let p = shown_params();
        native.with(|n| match n {
            Some(Ok(n)) => native::matches(n, p.mode, p.string_len as u64),
            _ => Vec::new(),
        })
    });
    let spec = Memo::new(move |_| {
        let p = shown_params();
        run.with(|r| chart_spec(r.as_ref().map(|r| r.cases.as_slice()), &matches.get(), p.mode, p.string_len))
    });
    let cases = Signal::derive(move || run.with(|r| r.as_ref().map(|r| r.cases.clone()).unwrap_or_default()));

    view! {
        <section class="widget bench-run" aria-labelledby="bench-setup">
            <h2 id="bench-setup">"Set up a run"</h2>
            <BenchControls params set_params running on_run on_cancel/>
            <RunStatus run=live test_id="bench-status"/>
            <TimerNote step_ms=timer_step test_id="timer-step"/>
            <Show when=move || { leaked_total.get() > 0 }>
                <p class="field-note" data-testid="bench-leaked">
                    {move || format!("Forget mode has leaked {:.1} MiB in this tab so far; reloading the page gives it back.",
                        leaked_total.get() as f64 / (1u64 << 20) as f64)}
                </p>
            </Show>
        </section>
        <section aria-labelledby="bench-results">
            <h2 id="bench-results">"Results"</h2>
            <p class="field-note" data-testid="native-status">{move || native_status(&native.get(), matches.get().len())}</p>
            <SkippedFiles loaded=native test_id="native-skipped"/>
            <Show when=move || spec.with(Option::is_some)>
                <p class="field-note">"Bars: median nanoseconds per clone; whiskers: the fastest and slowest repeat. Shorter is faster. " {crate::charts::CLIPPED_WHISKERS}</p>
                <Chart spec=Signal::derive(move || spec.get().unwrap_or_else(ChartSpec::empty)) test_id="bench-chart"/>
            </Show>
            <Show when=move || run.with(Option::is_some) fallback=|| view! {
                <p class="field-note">"No browser results yet: press Run."</p>
            }>
                <ResultsTable cases/>
                <ul class="bench-notes" data-testid="bench-notes">
                    {move || cases.get().into_iter().map(|c| {
                        view! { <li><code>{c.variant}</code> ": " {c.notes.join("; ")} "."</li> }
                    }).collect_view()}
                </ul>
                {move || matches.get().into_iter().map(|m| view! { <ComparisonTable cases native=m/> }).collect_view()}
                <p class="field-note">
                    "This wasm is built with the site's size-tuned profile: the kernels (the kernels crate) at opt-level 3, everything else, "
                    "Rust's wasm32 allocator dlmalloc included, at opt-level \"z\". Native runs use jemalloc at opt-level 3."
                </p>
                <DownloadButton run/>
            </Show>
        </section>
    }
}

fn native_status(native: &Option<Result<NativeResults, String>>, matching: usize) -> String {
    match native {
        None => "Loading the native results…".into(),
        Some(Err(e)) => format!("The native results could not be loaded ({e}); only this browser's bars are drawn."),
        Some(Ok(n)) if matching == 0 => format!(
            "No native single-thread results for these settings on this site ({} loaded), so only this browser's bars are drawn.",
            crate::model::explorer::format::count(n.files.len() as u64, "results file", "results files")
        ),
        Some(Ok(_)) => format!(
            "Beside this browser: {matching} native machine(s), one thread, same mode; per-clone medians compare across sample counts."
        ),
    }
}
