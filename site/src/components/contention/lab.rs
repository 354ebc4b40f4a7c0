//! The contention lab: choose thread counts, types and modes; Run starts the threaded tier in a
//! Worker (after one reload that isolates the page, where the host sends no headers); each case's
//! result lands in the table and chart as it finishes; the finished run downloads as a results file.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_core::kernels::{CloneMode, CloneType};
use wasm_core::results::{CaseResult, ResultsFile};
use wasm_core::validate::{submission_problems, validate_bytes, validate_file};

use super::bridge::{self, Isolation, WorkerMessage};
use super::plan::{offered_threads, offered_types, Selection};
use super::report;
use crate::components::bench::download::save;
use crate::components::bench::results_table::format_ns;
use crate::components::chart::Chart;

/// sessionStorage key of the run waiting for the isolation reload.
const PENDING: &str = "contention-pending";

/// Where a run stands.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    Starting,
    Running { index: usize, total: usize, name: String },
    Done,
    Cancelled,
    Failed(String),
}

impl Status {
    fn id(&self) -> &'static str {
        match self {
            Status::Idle => "idle",
            Status::Starting | Status::Running { .. } => "running",
            Status::Done => "done",
            Status::Cancelled => "cancelled",
            Status::Failed(_) => "failed",
        }
    }

    fn text(&self) -> String {
        match self {
            Status::Idle => "Ready.".into(),
            Status::Starting => "Starting the threads (the threaded WebAssembly loads now)…".into(),
            Status::Running { index, total, name } => format!("Case {} of {total}: {name}…", index + 1),
            Status::Done => "Done.".into(),
            Status::Cancelled => "Cancelled: the cases finished so far are shown, and nothing is offered for download.".into(),
            Status::Failed(why) => format!("The run stopped: {why}"),
        }
    }

    fn fraction(&self, finished: usize) -> f64 {
        match self {
            Status::Running { total, .. } if *total > 0 => finished as f64 / *total as f64,
            Status::Done => 1.0,
            _ => 0.0,
        }
    }
}

#[component]
pub fn ContentionLab() -> impl IntoView {
    let logical = bridge::logical_cpus().max(1);
    let (selection, set_selection) = signal(Selection::default_for(logical));
    let (isolation, set_isolation) = signal(Isolation::now());
    let (status, set_status) = signal(Status::Idle);
    // The run's results file so far, as the validator read it.
    let (file, set_file) = signal(None::<ResultsFile>);
    let (clock_step, set_clock_step) = signal(None::<f64>);
    // The Worker's message handler lives as long as the component (one at a time).
    let handler = StoredValue::new_local(None::<Closure<dyn FnMut(String, u32, String)>>);
    let running = Signal::derive(move || matches!(status.get(), Status::Starting | Status::Running { .. }));

    let start = move |chosen: Selection| {
        let total = chosen.plan().cases().len();
        set_file.set(None);
        set_status.set(Status::Starting);
        let on_message = Closure::new(move |kind: String, index: u32, text: String| match WorkerMessage::from_parts(&kind, index, text) {
            WorkerMessage::Ready { clock_step_ms } => {
                let _ = set_clock_step.try_set(Some(clock_step_ms));
            }
            WorkerMessage::Progress { index, name } => {
                let _ = set_status.try_set(Status::Running { index, total, name });
            }
            // Read like every shipped file: the one validator, nothing trusted.
            WorkerMessage::File { json, .. } => match validate_bytes("contention-run.json", json.as_bytes()) {
                Ok(run) => {
                    // /results shows where it stands until the reader forgets it.
                    crate::own_run::keep(&json);
                    let _ = set_file.try_set(Some(run));
                }
                Err(problems) => {
                    bridge::stop_run();
                    let why = problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
                    let _ = set_status.try_set(Status::Failed(format!("the run's results file did not validate ({why})")));
                }
            },
            WorkerMessage::Done { .. } => {
                let _ = set_status.try_set(Status::Done);
            }
            WorkerMessage::Error { message } => {
                let _ = set_status.try_set(Status::Failed(message));
            }
        });
        let [threads, types, modes] = chosen.plan().lists();
        bridge::start_run(&threads, &types, &modes, &on_message);
        handler.set_value(Some(on_message));
    };

    let on_run = move |_| {
        let chosen = selection.get_untracked();
        match Isolation::now() {
            Isolation::Isolated => start(chosen),
            Isolation::CanIsolate => {
                set_status.set(Status::Starting);
                let pending = chosen.to_text();
                spawn_local(async move {
                    // Returns only if registering failed; otherwise the page reloads.
                    let why = bridge::isolate_and_reload(PENDING, &pending).await;
                    let _ = set_status.try_set(Status::Failed(why));
                    let _ = set_isolation.try_set(Isolation::now());
                });
            }
            other => {
                set_isolation.set(other);
                set_status.set(Status::Failed(other.sentence().unwrap_or_default().into()));
            }
        }
    };
    let on_cancel = move |_| {
        bridge::stop_run();
        set_status.set(Status::Cancelled);
    };

    // The run the reader started before the isolation reload continues on its own.
    if let Some(pending) = bridge::take_pending(PENDING).and_then(|p| Selection::from_text(&p)) {
        set_selection.set(pending.clone());
        if isolation.get_untracked() == Isolation::Isolated {
            start(pending);
        }
    }
    on_cleanup(bridge::stop_run);

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
            <div class="bench-status" data-testid="contention-status" data-state=move || status.get().id()>
                <progress max="1" aria-labelledby="contention-status-text"
                    prop:value=move || status.get().fraction(file.with(|f| f.as_ref().map_or(0, |f| f.cases.len())))></progress>
                <span id="contention-status-text" role="status">{move || status.get().text()}</span>
            </div>
            <p class="field-note" data-testid="contention-clock">{move || clock_note(clock_step.get())}</p>
            <Show when=move || file.with(Option::is_some)>
                <ul class="bench-notes" data-testid="contention-findings">
                    {move || cases.with(|c| report::slowdowns(c)).into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ul>
                <Chart spec=Signal::derive(move || spec.get().unwrap_or_else(crate::charts::ChartSpec::empty)) test_id="contention-chart"/>
                <ContentionTable cases/>
                <Show when=move || status.get() == Status::Done>
                    <Download file=file.into()/>
                </Show>
            </Show>
        </div>
    }
}

/// The clock's step and what it means for the figures.
fn clock_note(step_ms: Option<f64>) -> String {
    match step_ms {
        Some(ms) => format!(
            "Timed with performance.now(), which moves in steps of {:.1} µs in this Worker; each timed repeat lasts at least 100 steps and 10 ms, so the step is under 1 % of it (in forget mode String and Box<str> leak every clone, and their repeats are held shorter to a leak budget; their notes say so). The Workers are not pinned to cores and share them with your other tabs: a case whose five repeats disagree by more than 5 % is marked noisy.",
            ms * 1000.0
        ),
        None => "Each timed repeat lasts at least 100 steps of the browser's clock and 10 ms; the step is shown once the threads start.".into(),
    }
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
    let modes = [(CloneMode::Drop, "drop each clone"), (CloneMode::Forget, "forget each clone (leaks)")].map(|(mode, label)| {
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
    }
}

/// Adds `value` to or removes it from `list`, keeping it sorted.
fn toggle<T: Ord + Copy>(list: &mut Vec<T>, value: T, on: bool) {
    list.retain(|v| *v != value);
    if on {
        list.push(value);
        list.sort();
    }
}

#[component]
fn Check(id: String, label: String, checked: Signal<bool>, toggle: Callback<bool>, running: Signal<bool>) -> impl IntoView {
    let for_id = id.clone();
    view! {
        <span class="check">
            <input type="checkbox" id=id prop:checked=checked prop:disabled=running
                on:change=move |ev| toggle.run(event_target_checked(&ev))/>
            <label for=for_id>{label}</label>
        </span>
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
                        <th scope="col">"Mode"</th>
                        <th scope="col" class="num">"Threads"</th>
                        <th scope="col" class="num">"ns per clone"</th>
                        <th scope="col" class="num">"MAD"</th>
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
                                data-ns-per-clone=c.median_ns_per_op.to_string()>
                                <th scope="row"><code>{c.variant.clone()}</code></th>
                                <td>{mode}</td>
                                <td class="num">{c.threads}</td>
                                <td class="num">{format_ns(c.median_ns_per_op)}</td>
                                <td class="num">{format!("{:.1} %{}", noise * 100.0, if noisy { " (noisy)" } else { "" })}</td>
                                <td class="num">{format!("{} × {}", c.ops_per_repeat, c.repeat_times_ns.len())}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// "Download results (JSON)", offered only for a file that passes the pull-request check's rules.
#[component]
fn Download(file: Signal<Option<ResultsFile>>) -> impl IntoView {
    let (error, set_error) = signal(None::<String>);
    let problems = Memo::new(move |_| {
        file.with(|f| match f {
            Some(f) => validate_file(f).into_iter().chain(submission_problems(f)).map(|p| p.to_string()).collect::<Vec<_>>(),
            None => vec!["there is no run".into()],
        })
    });
    let download = move |_| {
        let Some(file) = file.get_untracked() else { return };
        set_error.set(save(&wasm_core::browser::file_name(&file), &file.to_pretty_json()).err().map(|e| format!("{e:?}")));
    };
    view! {
        <Show when=move || problems.with(Vec::is_empty) fallback=move || view! {
            <p class="error-card" role="alert" data-testid="contention-invalid">
                "This run does not pass the results check, so it is not offered for download: " {move || problems.get().join("; ")}
            </p>
        }>
            <p>
                <button type="button" class="secondary" data-testid="contention-download" on:click=download>"Download results (JSON)"</button>
                " Then send it in: " <a href="/submit#browser">"how to submit a browser run"</a> "."
            </p>
        </Show>
        {move || error.get().map(|e| view! { <p class="error-card" role="alert">"Download failed: " {e}</p> })}
    }
}
