//! The boundary to `js/contention.js`: isolation, the service worker's reload, and the coordinator
//! Worker, whose messages arrive as three plain values and leave as [`WorkerMessage`]s (plain values,
//! not JSON, so the page's wasm carries no second JSON reader: the run's results file is read by the
//! one validator every results file goes through).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/contention.js")]
extern "C" {
    #[wasm_bindgen(js_name = isolationState)]
    fn isolation_state_js() -> String;
    #[wasm_bindgen(js_name = isolateAndReload)]
    async fn isolate_and_reload_js(key: &str, pending: &str) -> JsValue;
    #[wasm_bindgen(js_name = takePending)]
    fn take_pending_js(key: &str, reveal: &str) -> String;
    #[wasm_bindgen(js_name = logicalCpus)]
    pub fn logical_cpus() -> u32;
    #[wasm_bindgen(js_name = startRun)]
    pub fn start_run(
        threads: &str,
        types: &str,
        modes: &str,
        allocators: &str,
        longer: f64,
        on_message: &Closure<dyn FnMut(String, u32, String)>,
    );
    #[wasm_bindgen(js_name = startLines)]
    pub fn start_lines(threads: &str, variants: &str, on_message: &Closure<dyn FnMut(String, u32, String)>);
    #[wasm_bindgen(js_name = stopRun)]
    pub fn stop_run();
}

/// Where the page stands on threads: `SharedArrayBuffer` needs a cross-origin-isolated page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    Isolated,
    /// Isolated, yet this browser has no shared memory or wasm threads.
    NoSharedMemory,
    /// Not yet: a service worker can isolate the page after one reload.
    CanIsolate,
    /// No service worker here (a private window, an old browser, a page not served over https).
    CannotIsolate,
}

impl Isolation {
    pub fn now() -> Isolation {
        match isolation_state_js().as_str() {
            "isolated" => Isolation::Isolated,
            "no-shared-memory" => Isolation::NoSharedMemory,
            "can-isolate" => Isolation::CanIsolate,
            _ => Isolation::CannotIsolate,
        }
    }

    /// The one sentence the page shows about it, `None` when threads will simply work.
    pub fn sentence(self) -> Option<&'static str> {
        match self {
            Isolation::Isolated => None,
            Isolation::CanIsolate => Some(
                "Threads need this page to be cross-origin isolated: the first Run reloads it once under a small service worker that adds the two headers this host does not send.",
            ),
            Isolation::NoSharedMemory => Some(
                "This browser does not offer shared WebAssembly memory, so the threads cannot run here; the single-thread benchmark above still works.",
            ),
            Isolation::CannotIsolate => Some(
                "This page cannot be made cross-origin isolated here (no service worker: a private window, an old browser or a page not served over https), so the threads cannot run; the single-thread benchmark above still works.",
            ),
        }
    }
}

/// Registers the isolating service worker and reloads, keeping `pending` across the reload. Returns
/// only when that failed, with the reason.
pub async fn isolate_and_reload(key: &str, pending: &str) -> String {
    isolate_and_reload_js(key, pending).await.as_string().unwrap_or_default()
}

/// The run saved across the isolation reload, if any; when there is one, the element `reveal` (a
/// CSS selector: the lab's box) is scrolled back into view, where the reader pressed Run.
pub fn take_pending(key: &str, reveal: &str) -> Option<String> {
    Some(take_pending_js(key, reveal)).filter(|s| !s.is_empty())
}

/// What the coordinator Worker says (`site/js/contention-worker.js`).
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerMessage {
    /// The pool is up; its clock moves in steps of this many milliseconds, and the run has `steps`
    /// steps.
    Ready {
        clock_step_ms: f64,
        steps: usize,
    },
    /// Step `index` (named `name`) is starting.
    Progress {
        index: usize,
        name: String,
    },
    /// Step `index` changed the results: the file of every case so far, as JSON text.
    File {
        index: usize,
        json: String,
    },
    /// Every one of the `total` steps finished.
    Done {
        total: usize,
    },
    Error {
        message: String,
    },
}

impl WorkerMessage {
    /// The message from its three parts (`kind`, a number, a text), as the Worker posts them.
    pub fn from_parts(kind: &str, index: u32, text: String) -> WorkerMessage {
        let index = index as usize;
        match kind {
            "ready" => match text.parse() {
                Ok(clock_step_ms) => WorkerMessage::Ready { clock_step_ms, steps: index },
                Err(_) => WorkerMessage::Error { message: format!("the worker sent a clock step of {text:?}") },
            },
            "progress" => WorkerMessage::Progress { index, name: text },
            "file" => WorkerMessage::File { index, json: text },
            "done" => WorkerMessage::Done { total: index },
            "error" => WorkerMessage::Error { message: text },
            other => WorkerMessage::Error { message: format!("the worker sent an unknown message {other:?}") },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_messages_are_read_from_their_parts_and_nonsense_becomes_an_error() {
        assert_eq!(WorkerMessage::from_parts("ready", 18, "0.005".into()), WorkerMessage::Ready { clock_step_ms: 0.005, steps: 18 });
        assert_eq!(
            WorkerMessage::from_parts("progress", 2, "round 1 of 5: String drop, 2 threads".into()),
            WorkerMessage::Progress { index: 2, name: "round 1 of 5: String drop, 2 threads".into() }
        );
        assert_eq!(WorkerMessage::from_parts("file", 1, "{}".into()), WorkerMessage::File { index: 1, json: "{}".into() });
        assert_eq!(WorkerMessage::from_parts("done", 4, String::new()), WorkerMessage::Done { total: 4 });
        assert!(matches!(WorkerMessage::from_parts("ready", 0, "soon".into()), WorkerMessage::Error { .. }));
        assert!(matches!(WorkerMessage::from_parts("launch", 0, String::new()), WorkerMessage::Error { .. }));
    }
}
