//! A live run's life cycle, shared by `/bench` and the chapter benchmarks: the state signal, the
//! cancel flag, the status line with its progress bar, and the note on the browser's clock.

use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;

/// Where a run stands; `data-state` on the status line carries [`RunState::id`].
#[derive(Clone, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running { fraction: f64, text: String },
    Cancelling,
    Done,
    Cancelled,
}

impl RunState {
    pub fn id(&self) -> &'static str {
        match self {
            RunState::Idle => "idle",
            RunState::Running { .. } => "running",
            RunState::Cancelling => "cancelling",
            RunState::Done => "done",
            RunState::Cancelled => "cancelled",
        }
    }
}

/// What the measuring future gets: the cancel flag and the progress setter. Both use `try_*`: the
/// reader may leave the page mid-run, which disposes the signals, and that counts as a cancel.
#[derive(Clone, Copy)]
pub struct RunControl {
    cancel_requested: ReadSignal<bool>,
    set_state: WriteSignal<RunState>,
}

impl RunControl {
    pub fn is_cancelled(&self) -> bool {
        self.cancel_requested.try_get_untracked().unwrap_or(true)
    }

    pub fn progress(&self, fraction: f64, text: String) {
        if !self.is_cancelled() {
            let _ = self.set_state.try_set(RunState::Running { fraction, text });
        }
    }
}

/// One benchmark's run state, `Copy` so every closure of a component can hold it.
#[derive(Clone, Copy)]
pub struct LiveRun {
    pub state: ReadSignal<RunState>,
    set_state: WriteSignal<RunState>,
    cancel_requested: ReadSignal<bool>,
    set_cancel_requested: WriteSignal<bool>,
}

impl LiveRun {
    pub fn new() -> Self {
        let (state, set_state) = signal(RunState::Idle);
        let (cancel_requested, set_cancel_requested) = signal(false);
        LiveRun { state, set_state, cancel_requested, set_cancel_requested }
    }

    pub fn running(self) -> Signal<bool> {
        Signal::derive(move || matches!(self.state.get(), RunState::Running { .. } | RunState::Cancelling))
    }

    pub fn cancel(self) {
        self.set_cancel_requested.set(true);
        self.set_state.set(RunState::Cancelling);
    }

    /// Starts `work` on the event loop; `finish` gets its output and says whether the run completed
    /// (`Done`) or was cancelled. `finish` must use `try_*` setters, for the same reason as above.
    pub fn start<Fut>(self, work: impl FnOnce(RunControl) -> Fut, finish: impl FnOnce(Fut::Output) -> bool + 'static)
    where
        Fut: Future + 'static,
    {
        self.set_cancel_requested.set(false);
        self.set_state.set(RunState::Running { fraction: 0.0, text: "Starting".into() });
        let future = work(RunControl { cancel_requested: self.cancel_requested, set_state: self.set_state });
        let set_state = self.set_state;
        spawn_local(async move {
            let done = finish(future.await);
            let _ = set_state.try_set(if done { RunState::Done } else { RunState::Cancelled });
        });
    }
}

impl Default for LiveRun {
    fn default() -> Self {
        LiveRun::new()
    }
}

/// The progress bar and the status sentence (a live region) of a run.
#[component]
pub fn RunStatus(run: LiveRun, #[prop(into)] test_id: String) -> impl IntoView {
    let text_id = format!("{test_id}-text");
    let label_id = text_id.clone();
    let state = run.state;
    view! {
        <div class="bench-status" data-testid=test_id data-state=move || state.get().id()>
            <progress max="1" aria-labelledby=label_id
                prop:value=move || match state.get() { RunState::Running { fraction, .. } => fraction, RunState::Done => 1.0, _ => 0.0 }>
            </progress>
            <span id=text_id role="status">{move || match state.get() {
                RunState::Idle => "Ready.".to_string(),
                RunState::Running { text, .. } => format!("{text}…"),
                RunState::Cancelling => "Cancelling…".to_string(),
                RunState::Done => "Done.".to_string(),
                RunState::Cancelled => "Cancelled: this run reports nothing.".to_string(),
            }}</span>
        </div>
    }
}

/// What the browser's clock resolution means for the figures.
#[component]
pub fn TimerNote(#[prop(into)] step_ms: Signal<Option<f64>>, #[prop(into)] test_id: String) -> impl IntoView {
    view! {
        <p class="field-note" data-testid=test_id>{move || match step_ms.get() {
            Some(ms) => format!(
                "Your browser's clock (performance.now()) moves in steps of {:.1} µs, so every timed batch lasts at least 50 steps.",
                ms * 1000.0
            ),
            None => "Your browser's clock did not move for 40 ms: it hides time, and timings here mean little.".to_string(),
        }}</p>
    }
}
