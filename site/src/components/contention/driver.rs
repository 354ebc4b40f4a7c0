//! What the contention lab and the cache-lines lab share: where a run stands ([`Status`]), the
//! coordinator Worker's messages turned into signals ([`Driver`]), the isolation reload before the
//! first run, the progress line and the download of a finished run.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_core::results::ResultsFile;
use wasm_core::validate::validate_bytes;

use super::bridge::{self, Isolation, WorkerMessage};

/// Where a run stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Idle,
    Starting,
    Running { index: usize, total: usize, name: String },
    Done,
    Cancelled,
    Failed(String),
}

impl Status {
    pub fn id(&self) -> &'static str {
        match self {
            Status::Idle => "idle",
            Status::Starting | Status::Running { .. } => "running",
            Status::Done => "done",
            Status::Cancelled => "cancelled",
            Status::Failed(_) => "failed",
        }
    }

    pub fn text(&self) -> String {
        match self {
            Status::Idle => "Ready.".into(),
            Status::Starting => "Starting the threads (the threaded WebAssembly loads now)…".into(),
            Status::Running { index, total, name } => format!("Step {} of {total}: {name}…", index + 1),
            Status::Done => "Done.".into(),
            Status::Cancelled => "Cancelled: the cases finished so far are shown, and nothing is offered for download.".into(),
            Status::Failed(why) => format!("The run stopped: {why}"),
        }
    }

    /// How far the run is, from 0 to 1: the steps finished of all of them.
    pub fn fraction(&self) -> f64 {
        match self {
            Status::Running { index, total, .. } if *total > 0 => *index as f64 / *total as f64,
            Status::Done => 1.0,
            _ => 0.0,
        }
    }
}

/// The handler the Worker's messages go to.
pub type OnMessage = Closure<dyn FnMut(String, u32, String)>;

/// One lab's run: its status, the results file so far (as the validator read it), the clock's step
/// and the page's isolation, as signals.
#[derive(Clone, Copy)]
pub struct Driver {
    pub status: ReadSignal<Status>,
    set_status: WriteSignal<Status>,
    pub file: ReadSignal<Option<ResultsFile>>,
    set_file: WriteSignal<Option<ResultsFile>>,
    pub clock_step: ReadSignal<Option<f64>>,
    set_clock_step: WriteSignal<Option<f64>>,
    pub isolation: ReadSignal<Isolation>,
    set_isolation: WriteSignal<Isolation>,
    // The Worker's message handler lives as long as the component (one at a time).
    handler: StoredValue<Option<OnMessage>, LocalStorage>,
    /// Whether each file is kept for `/results` (the clone run is; a cache-lines run has no place there).
    keep_own: bool,
}

impl Driver {
    pub fn new(keep_own: bool) -> Driver {
        let (status, set_status) = signal(Status::Idle);
        let (file, set_file) = signal(None);
        let (clock_step, set_clock_step) = signal(None);
        let (isolation, set_isolation) = signal(Isolation::now());
        on_cleanup(bridge::stop_run);
        Driver {
            status,
            set_status,
            file,
            set_file,
            clock_step,
            set_clock_step,
            isolation,
            set_isolation,
            handler: StoredValue::new_local(None),
            keep_own,
        }
    }

    pub fn running(self) -> Signal<bool> {
        let status = self.status;
        Signal::derive(move || matches!(status.get(), Status::Starting | Status::Running { .. }))
    }

    /// Starts a run (its steps counted as the Worker's `ready` says): `launch` hands the message
    /// handler to the bridge.
    pub fn start(self, launch: impl FnOnce(&OnMessage)) {
        let Driver { set_status, set_file, set_clock_step, keep_own, .. } = self;
        set_file.set(None);
        set_status.set(Status::Starting);
        let mut total = 0;
        let on_message = Closure::new(move |kind: String, index: u32, text: String| match WorkerMessage::from_parts(&kind, index, text) {
            WorkerMessage::Ready { clock_step_ms, steps } => {
                total = steps;
                let _ = set_clock_step.try_set(Some(clock_step_ms));
            }
            WorkerMessage::Progress { index, name } => {
                let _ = set_status.try_set(Status::Running { index, total, name });
            }
            // Read like every shipped file: the one validator, nothing trusted.
            WorkerMessage::File { json, .. } => match validate_bytes("browser-run.json", json.as_bytes()) {
                Ok(run) => {
                    if keep_own {
                        // /results shows where it stands until the reader forgets it.
                        crate::own_run::keep(&json);
                    }
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
        launch(&on_message);
        self.handler.set_value(Some(on_message));
    }

    /// Run pressed: starts at once on an isolated page; else reloads it isolated, keeping `pending`
    /// under `key` so the run starts after the reload; else says why threads cannot run here.
    pub fn run_or_isolate(self, key: &'static str, pending: String, start: impl FnOnce()) {
        let Driver { set_status, set_isolation, .. } = self;
        match Isolation::now() {
            Isolation::Isolated => start(),
            Isolation::CanIsolate => {
                set_status.set(Status::Starting);
                spawn_local(async move {
                    // Returns only if registering failed; otherwise the page reloads.
                    let why = bridge::isolate_and_reload(key, &pending).await;
                    let _ = set_status.try_set(Status::Failed(why));
                    let _ = set_isolation.try_set(Isolation::now());
                });
            }
            other => {
                set_isolation.set(other);
                set_status.set(Status::Failed(other.sentence().unwrap_or_default().into()));
            }
        }
    }

    pub fn cancel(self) {
        bridge::stop_run();
        self.set_status.set(Status::Cancelled);
    }
}

/// The progress bar and status line (`{prefix}-status`).
#[component]
pub fn RunStatus(driver: Driver, prefix: &'static str) -> impl IntoView {
    let status = driver.status;
    let text_id = format!("{prefix}-status-text");
    view! {
        <div class="bench-status" data-testid=format!("{prefix}-status") data-state=move || status.get().id()>
            <progress max="1" aria-labelledby=text_id.clone()
                prop:value=move || status.get().fraction()></progress>
            <span id=text_id role="status">{move || status.get().text()}</span>
        </div>
    }
}

/// Adds `value` to or removes it from `list`, keeping it sorted.
pub fn toggle<T: Ord + Copy>(list: &mut Vec<T>, value: T, on: bool) {
    list.retain(|v| *v != value);
    if on {
        list.push(value);
        wasm_core::order::sort(list);
    }
}

/// A labelled checkbox that is off-limits while a run is going.
#[component]
pub fn Check(id: String, label: String, checked: Signal<bool>, toggle: Callback<bool>, running: Signal<bool>) -> impl IntoView {
    let for_id = id.clone();
    view! {
        <span class="check">
            <input type="checkbox" id=id prop:checked=checked prop:disabled=running
                on:change=move |ev| toggle.run(event_target_checked(&ev))/>
            <label for=for_id>{label}</label>
        </span>
    }
}
