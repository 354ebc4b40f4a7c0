//! The contention lab: choose thread counts, types, modes and `String`'s allocators; Run starts the threaded tier in a
//! Worker (after one reload that isolates the page, where the host sends no headers); each case's
//! result lands in the table and chart as it finishes; the finished run downloads as a results file.

use leptos::prelude::*;
use wasm_core::kernels::{CloneAllocator, CloneMode, CloneType};
use wasm_core::results::CaseResult;

use super::bridge::{self, Isolation};
use super::download::SubmitFile;
use super::driver::{toggle, Check, Driver, RunStatus, Status};
use crate::components::bench::results_table::format_ns;
use crate::components::chart::Chart;
use crate::model::lab::plan::{offered_threads, offered_types, Selection};
use crate::model::lab::report;

/// The lab; `allocator_ab`: set to the allocator A/B (chapter 8's `allocator-lab`), which has a
/// sessionStorage key and a box of its own.
#[component]
pub fn ContentionLab(#[prop(optional)] allocator_ab: bool) -> impl IntoView {
    let logical = bridge::logical_cpus().max(1);
    // sessionStorage key of the run waiting for the isolation reload; the lab's box, scrolled back
    // into view after that reload.
    let (pending_key, lab_box) = match allocator_ab {
        true => ("allocator-pending", "[data-live=allocator-lab]"),
        false => ("contention-pending", "[data-live=contention-lab]"),
    };
    let (selection, set_selection) = signal(if allocator_ab { Selection::allocator_ab() } else { Selection::default_for(logical) });
    let driver = Driver::new(true);
    let (status, file, isolation, clock_step) = (driver.status, driver.file, driver.isolation, driver.clock_step);
    let running = driver.running();

    // How many times the default repeat length: doubled by each "Run again with longer repeats".
    let (longer, set_longer) = signal(1.0_f64);
    let start = move |chosen: Selection| {
        let [threads, types, modes, allocators] = chosen.plan().lists();
        let times = longer.get_untracked();
        driver.start(|on_message| bridge::start_run(&threads, &types, &modes, &allocators, times, on_message));
    };
    let on_run = move |_| {
        let chosen = selection.get_untracked();
        set_longer.set(1.0);
        driver.run_or_isolate(pending_key, chosen.to_text(), move || start(chosen));
    };
    let on_longer = Callback::new(move |()| {
        set_longer.update(|l| *l = (*l * 2.0).min(16.0));
        start(selection.get_untracked());
    });
    let on_cancel = move |_| driver.cancel();

    // The run the reader started before the isolation reload continues on its own, and the reader
    // is back at the lab, not at the top of the reloaded page.
    if let Some(pending) = bridge::take_pending(pending_key, lab_box).and_then(|p| Selection::from_text(&p)) {
        set_selection.set(pending.clone());
        if isolation.get_untracked() == Isolation::Isolated {
            start(pending);
        }
    }

    let cases = Signal::derive(move || file.with(|f| f.as_ref().map(|f| f.cases.clone()).unwrap_or_default()));
    let spec = Signal::derive(move || file.with(|f| f.as_ref().map(report::chart)));

    view! {
        <div class="contention-lab">
            <p class="field-note" data-testid="contention-isolation" data-state=move || format!("{:?}", isolation.get())>
                {move || isolation.get().sentence().unwrap_or("This page is cross-origin isolated: the threads can share memory.")}
            </p>
            {(logical < 2).then(|| view! {
                <p class="field-note">"This device reports one logical CPU: its two threads take turns on it, which is not contention."</p>
            })}
            <Choices selection set_selection running/>
            <div class="run-actions">
                <button type="button" data-testid="contention-run" on:click=on_run
                    prop:disabled=move || running.get() || selection.with(|s| s.missing().is_some())>"Run"</button>
                <button type="button" class="secondary" data-testid="contention-cancel" on:click=on_cancel
                    prop:disabled=move || !running.get()>"Cancel"</button>
                <span class="field-note">{move || selection.with(|s| s.missing())}</span>
            </div>
            <RunStatus driver prefix="contention"/>
            <p class="field-note" data-testid="contention-clock">{move || clock_note(clock_step.get())}</p>
            <Show when=move || file.with(Option::is_some)>
                <ul class="bench-notes" data-testid="contention-findings">
                    {move || cases.with(|c| report::findings(c)).into_iter().map(|f| view! {
                        <li>{f.text} {f.why.map(|(href, text)| view! { " " <a href=crate::routes::site_url(href)>{text}</a> "." })}</li>
                    }).collect_view()}
                </ul>
                <Chart spec=Signal::derive(move || spec.get().unwrap_or_else(crate::charts::ChartSpec::empty)) test_id="contention-chart"/>
                <ContentionTable cases/>
                {move || {
                    let short = cases.with(|c| report::short_repeats(c));
                    (!short.is_empty()).then(|| view! {
                        <ul class="bench-notes" data-testid="contention-short">
                            {short.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                        </ul>
                    })
                }}
                <Show when=move || status.get() == Status::Done>
                    <SubmitFile file=file.into() prefix="contention" on_longer/>
                </Show>
            </Show>
        </div>
    }
}

/// The clock's step and what it means for the figures.
fn clock_note(step_ms: Option<f64>) -> String {
    match step_ms {
        Some(ms) => format!(
            "Timed with performance.now(), which moves in steps of {:.1} µs in this Worker. Each type is warmed up and calibrated first, untimed, so that a timed repeat lasts at least 100 steps and 10 ms (a repeat that still came out shorter is named in the file's notes; in forget mode the types that allocate leak every clone, and their repeats are held shorter to a leak budget). Then every case runs one repeat per round, a warm-up round and five timed ones, so a slow moment hits every case alike. The Workers are not pinned to cores and share them with your other tabs: a case whose five repeats disagree by more than 5 % is marked noisy, and the spread column shows its fastest and slowest repeat.",
            ms * 1000.0
        ),
        None => "Each timed repeat lasts at least 100 steps of the browser's clock and 10 ms, and every case runs in rounds after a warm-up; the step is shown once the threads start.".into(),
    }
}

/// Where a case's clones got their buffers: the browser's dlmalloc, or an allocator of the A/B.
fn allocator_name(case: &CaseResult) -> String {
    match case.params.allocator.as_deref().and_then(CloneAllocator::parse) {
        Some(allocator) if allocator != CloneAllocator::Global => allocator.display_name().into(),
        _ => "dlmalloc (std's global)".into(),
    }
}

/// The fastest and slowest timed repeat, in ns per clone: `4.61–4.93`.
fn spread(case: &CaseResult) -> String {
    let per_clone = |ns: f64| format_ns(ns / case.ops_per_repeat.max(1) as f64);
    format!("{}–{}", per_clone(case.min_ns), per_clone(case.max_ns))
}

/// Thread counts, types and modes, as checkboxes.
#[component]
fn Choices(selection: ReadSignal<Selection>, set_selection: WriteSignal<Selection>, running: Signal<bool>) -> impl IntoView {
    let logical = bridge::logical_cpus().max(1);
    let threads = offered_threads(logical).into_iter().map(|t| {
        let checked = Signal::derive(move || selection.with(|s| s.threads.contains(&t)));
        let toggle = Callback::new(move |on: bool| set_selection.update(|s| toggle(&mut s.threads, t, on)));
        view! { <Check id=format!("contention-threads-{t}") label=t.to_string() checked toggle running/> }
    });
    let types = offered_types().into_iter().map(|ty: CloneType| {
        let checked = Signal::derive(move || selection.with(|s| s.types.contains(&ty)));
        let toggle = Callback::new(move |on: bool| set_selection.update(|s| toggle(&mut s.types, ty, on)));
        view! { <Check id=format!("contention-type-{}", ty.id()) label=ty.display_name().to_string() checked toggle running/> }
    });
    let allocators = CloneAllocator::ALTERNATIVES.map(|allocator| {
        let checked = Signal::derive(move || selection.with(|s| s.allocators.contains(&allocator)));
        let toggle = Callback::new(move |on: bool| set_selection.update(|s| toggle(&mut s.allocators, allocator, on)));
        view! { <Check id=format!("contention-allocator-{}", allocator.id()) label=allocator.display_name().to_string() checked toggle running/> }
    });
    let modes = [
        (CloneMode::Drop, "drop each clone"),
        (CloneMode::Forget, "forget each clone (leaks)"),
        (CloneMode::Read, "read the text, no clone (what the chooser charges a read)"),
    ]
    .map(|(mode, label)| {
        let checked = Signal::derive(move || selection.with(|s| s.modes.contains(&mode)));
        let toggle = Callback::new(move |on: bool| set_selection.update(|s| toggle(&mut s.modes, mode, on)));
        view! { <Check id=format!("contention-mode-{}", mode.id()) label=label.to_string() checked toggle running/> }
    });
    view! {
        <fieldset class="checks">
            <legend>{format!("Threads cloning at once (this device reports {logical} logical CPUs)")}</legend>
            {threads.collect_view()}
        </fieldset>
        <fieldset class="checks">
            <legend>"Types"</legend>
            {types.collect_view()}
        </fieldset>
        <fieldset class="checks">
            <legend>"Mode"</legend>
            {modes.into_iter().collect_view()}
        </fieldset>
        <fieldset class="checks">
            <legend>"String's drop cases also on (besides dlmalloc, the browser's one-lock allocator)"</legend>
            {allocators.into_iter().collect_view()}
        </fieldset>
    }
}

/// One row per case: `data-type` (the clone suite's id), `data-mode`, `data-threads` and
/// `data-ns-per-clone` (median ns per clone, exact) carry the figures for tests and scripts.
#[component]
fn ContentionTable(cases: Signal<Vec<CaseResult>>) -> impl IntoView {
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Contention results table">
            <table class="data" data-testid="contention-table">
                <caption>"This browser: median nanoseconds per clone, timed thread, with the other threads cloning the same value"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Type"</th>
                        <th scope="col">"Allocator"</th>
                        <th scope="col">"Mode"</th>
                        <th scope="col" class="num">"Threads"</th>
                        <th scope="col" class="num">"ns per clone"</th>
                        <th scope="col" class="num"><a class="term-ref" href=crate::routes::site_url("/glossary#mad")>"MAD"</a></th>
                        <th scope="col" class="num">"spread (ns)"</th>
                        <th scope="col" class="num">"clones × repeats"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || cases.get().into_iter().map(|c| {
                        let mode = c.mode.clone().unwrap_or_default();
                        let noise = c.noise_rel_mad.unwrap_or_else(|| c.relative_mad());
                        let noisy = c.noise_flag() != Some(false);
                        view! {
                            <tr data-type=c.variant_id.clone() data-mode=c.mode.clone().unwrap_or_default() data-threads=c.threads.to_string()
                                data-allocator=c.params.allocator.clone().unwrap_or_else(|| CloneAllocator::Global.id().into())
                                data-ns-per-clone=c.median_ns_per_op.to_string()>
                                <th scope="row"><code>{c.variant.clone()}</code></th>
                                <td>{allocator_name(&c)}</td>
                                <td>{mode}</td>
                                <td class="num">{c.threads}</td>
                                <td class="num">{format_ns(c.median_ns_per_op)}</td>
                                <td class="num">{format!("{:.1} %{}", noise * 100.0, if noisy { " (noisy)" } else { "" })}</td>
                                <td class="num" data-testid="contention-spread">{spread(&c)}</td>
                                <td class="num">{format!("{} × {}", c.ops_per_repeat, c.repeat_times_ns.len())}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}
