// The page's side of the contention run: is this page cross-origin isolated (threads need
// SharedArrayBuffer), make it so with a service worker on hosts that send no headers, and start or
// stop the coordinator Worker (dist/threads/worker.js). Called from src/components/contention/ through
// wasm-bindgen with plain strings and numbers; everything heavy happens in the Worker.

/** The site's own file `path` (`/threads/worker.js`) where the site is served: under the base that
 *  <meta name="site-base"> names (scripts/relocate.mjs writes it), else at the root. */
const siteUrl = (path) => (document.querySelector('meta[name="site-base"]')?.content ?? "/") + path.replace(/^\//, "");
const SERVICE_WORKER = siteUrl("/coi-serviceworker.js");
/** sessionStorage key: set just before the reload that turns isolation on, so it happens once. */
const RELOADED = "contention-isolation-reload";

/** One of: "isolated"; "no-shared-memory" (isolated, but this browser has no SharedArrayBuffer or
 *  wasm threads); "can-isolate" (a service worker can isolate the page after one reload);
 *  "cannot-isolate" (no service worker here: private mode, an old browser, or http). */
export function isolationState() {
  if (self.crossOriginIsolated) {
    const threads = typeof SharedArrayBuffer === "function" && typeof Atomics === "object" && typeof WebAssembly === "object";
    return threads ? "isolated" : "no-shared-memory";
  }
  if (!self.isSecureContext || !("serviceWorker" in navigator)) return "cannot-isolate";
  // A reload under our service worker that still is not isolated: the browser ignored its headers.
  if (navigator.serviceWorker.controller && sessionStorage.getItem(RELOADED)) return "cannot-isolate";
  return "can-isolate";
}

/** Registers the isolating service worker and reloads once it controls the page; `pending` (the run
 *  the reader asked for, as text) survives the reload in sessionStorage under `key`. Resolves to an
 *  error message if registration failed (the page stays as it is). */
export async function isolateAndReload(key, pending) {
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER);
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, 3000);
      });
    }
    void registration;
    sessionStorage.setItem(key, pending);
    sessionStorage.setItem(RELOADED, "1");
    location.reload();
    return "";
  } catch (error) {
    return `the service worker could not be registered (${error?.message ?? error})`;
  }
}

/** Takes (and forgets) the run saved across the isolation reload, or "". When there was one, scrolls
 *  the element `reveal` (a CSS selector: the lab's box) back into view once the page has laid out:
 *  the reload otherwise leaves the reader at the top, far above the run they started. */
export function takePending(key, reveal) {
  const value = sessionStorage.getItem(key) ?? "";
  sessionStorage.removeItem(key);
  if (value && reveal) {
    requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector(reveal)?.scrollIntoView({ block: "start" })));
  }
  return value;
}

/** `navigator.hardwareConcurrency`, or 1 when the browser does not say. */
export function logicalCpus() {
  return navigator.hardwareConcurrency || 1;
}

let worker = null;

/** Starts a run of the plan in four comma-separated lists (thread counts, type ids, mode ids, and
 *  the other allocators String's drop cases run on: the allocator A/B);
 *  `longer` multiplies the shortest timed repeat (1: the default). `onMessage(kind, number, text)`
 *  gets each of the Worker's messages: ready (number: the run's steps), progress, file, done, error. */
export function startRun(threads, types, modes, allocators, longer, onMessage) {
  start({ type: "run", threads, types, modes, allocators, longer }, onMessage);
}

/** Starts a cache-lines run: thread counts and variant ids, comma-separated; messages as startRun's. */
export function startLines(threads, variants, onMessage) {
  start({ type: "lines", threads, variants }, onMessage);
}

function start(request, onMessage) {
  stopRun();
  const running = new Worker(siteUrl("/threads/worker.js"), { type: "module" });
  worker = running;
  running.onmessage = ({ data }) => {
    onMessage(String(data.kind), Number(data.index) || 0, String(data.text ?? ""));
    if (data.kind === "done" || data.kind === "error") stopRun();
    // The Worker waits for this before its next step, so the page draws its progress between
    // timed steps, not during one: on a machine with as many cores as the run has threads, the
    // page's style, layout and paint took a core from the timed threads and made their repeats
    // disagree (docs/measurements.md, "The lab's allocator A/B").
    if (data.kind === "progress") afterNextFrame(() => running.postMessage({ type: "drawn", index: data.index }));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    onMessage("error", 0, event.message || "the benchmark worker failed to start");
    stopRun();
  };
  worker.postMessage(request);
}

/** Calls `then` once the page has drawn the frame after this one's changes: the second animation
 *  frame from now, and a task after it (a frame's paint ends after its animation callbacks). */
function afterNextFrame(then) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
}

/** Stops the run at once: terminating the coordinator ends its contender Workers too. */
export function stopRun() {
  if (worker) {
    worker.terminate();
    worker = null;
  }
}
