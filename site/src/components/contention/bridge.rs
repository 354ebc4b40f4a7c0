//! The boundary to `js/contention.js`: isolation, the service worker's reload, and the coordinator
//! Worker whose messages arrive here as JSON text and leave as [`WorkerMessage`]s.

use serde::Deserialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/contention.js")]
extern "C" {
    #[wasm_bindgen(js_name = isolationState)]
    fn isolation_state_js() -> String;
    #[wasm_bindgen(js_name = isolateAndReload)]
    async fn isolate_and_reload_js(key: &str, pending: &str) -> JsValue;
    #[wasm_bindgen(js_name = takePending)]
    fn take_pending_js(key: &str) -> String;
    #[wasm_bindgen(js_name = logicalCpus)]
    pub fn logical_cpus() -> u32;
    #[wasm_bindgen(js_name = startRun)]
    pub fn start_run(cases_json: &str, threads: u32, on_message: &Closure<dyn FnMut(String)>);
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

/// The run saved across the isolation reload, if any.
pub fn take_pending(key: &str) -> Option<String> {
    Some(take_pending_js(key)).filter(|s| !s.is_empty())
}

/// What the coordinator Worker says (`site/js/contention-worker.js`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum WorkerMessage {
    /// The pool is up: the clock's step and how many threads it holds.
    Ready {
        #[serde(rename = "clockStepMs")]
        clock_step_ms: f64,
        #[serde(rename = "poolThreads")]
        pool_threads: u32,
        rustc: Option<String>,
    },
    /// Case `index` of the plan is starting.
    Progress { index: usize },
    /// Case `index` finished: its `CaseResult` as JSON.
    Case { index: usize, json: String },
    Done,
    Error { message: String },
}

impl WorkerMessage {
    pub fn parse(text: &str) -> WorkerMessage {
        serde_json::from_str(text).unwrap_or_else(|e| WorkerMessage::Error { message: format!("unreadable message from the worker ({e})") })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_messages_parse_and_nonsense_becomes_an_error() {
        assert_eq!(
            WorkerMessage::parse(r#"{"type":"ready","clockStepMs":0.005,"poolThreads":4,"rustc":null}"#),
            WorkerMessage::Ready { clock_step_ms: 0.005, pool_threads: 4, rustc: None }
        );
        assert_eq!(WorkerMessage::parse(r#"{"type":"case","index":2,"json":"{}"}"#), WorkerMessage::Case { index: 2, json: "{}".into() });
        assert_eq!(WorkerMessage::parse(r#"{"type":"done"}"#), WorkerMessage::Done);
        assert!(matches!(WorkerMessage::parse("{"), WorkerMessage::Error { .. }));
        assert!(matches!(WorkerMessage::parse(r#"{"type":"launch"}"#), WorkerMessage::Error { .. }));
    }
}
