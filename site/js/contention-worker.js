// The contention run's coordinator, a module Worker (the page's main thread may not block, and the
// timed thread waits on its contenders). It loads the threaded wasm tier, starts its pool of
// `threads - 1` contender Workers, and runs the reader's plan step by step, posting the results file
// when it is ready (a contention run's at its end, a cache-lines run's after each case). Copied to dist/threads/worker.js by scripts/threads-tier.mjs;
// js/contention.js starts it when the reader presses Run, so nothing here loads with the page.
import init, { initThreadPool, clock_step_ms, ThreadRun } from "./wasm_threads.js";

const post = (kind, index = 0, text = "") => self.postMessage({ kind, index, text });

/** What `navigator.userAgentData` says of the OS and the device, as ["Android 14.0.0", "Pixel 7, arm
 *  64-bit"]; empty strings where the browser says nothing (Firefox and Safari have no userAgentData). */
async function describeDevice() {
  const data = self.navigator.userAgentData;
  if (!data?.getHighEntropyValues) return ["", ""];
  try {
    const v = await data.getHighEntropyValues(["platformVersion", "model", "architecture", "bitness"]);
    const os = [v.platform || data.platform, v.platformVersion].filter(Boolean).join(" ");
    const cpu = [v.architecture, v.bitness ? `${v.bitness}-bit` : ""].filter(Boolean).join(" ");
    return [os, [v.model, cpu].filter(Boolean).join(", ")];
  } catch {
    return [data.platform || "", ""];
  }
}

/** The wait for the page's "drawn" message: the step whose progress it waits on, and its end. */
let waiting = null;

/** Waits until the page says it has drawn the progress of step `index`, or `PAGE_WAIT_MS` at most
 *  (a hidden tab draws nothing, and its run goes on): the page's rendering then takes no core from
 *  a timed step. A late answer for an earlier step ends no later wait. */
const PAGE_WAIT_MS = 250;
function pageDrawn(index) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAGE_WAIT_MS);
    waiting = { index, done: () => { clearTimeout(timer); resolve(); } };
  });
}

self.onmessage = async ({ data }) => {
  if (data?.type === "drawn") {
    if (waiting?.index === data.index) {
      waiting.done();
      waiting = null;
    }
    return;
  }
  if (data?.type !== "run" && data?.type !== "lines") return;
  try {
    await init();
    // A clone contention run (chapter 4) or a cache-lines run (chapter "Cache lines"): the same
    // protocol, step by step.
    const run = data.type === "lines" ? ThreadRun.lines(data.threads, data.variants) : ThreadRun.contention(data.threads, data.types, data.modes, data.allocators ?? "", Number(data.longer) || 1);
    const [os, device] = await describeDevice();
    // The calling Worker is the timed thread; the pool holds the contenders (at least one Worker,
    // since wasm-bindgen-rayon refuses an empty pool).
    await initThreadPool(Math.max(1, run.max_threads() - 1));
    const steps = run.steps();
    post("ready", steps, String(clock_step_ms()));
    for (let index = 0; index < steps; index++) {
      post("progress", index, run.name(index));
      await pageDrawn(index);
      run.run_next();
      if (run.file_ready()) {
        post("file", index, run.file_json(navigator.userAgent, navigator.hardwareConcurrency || 1, new Date().toISOString(), os, device));
      }
    }
    post("done", steps);
  } catch (error) {
    post("error", 0, String(error?.message ?? error));
  }
};
