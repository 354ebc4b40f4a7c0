// The contention run's coordinator, a module Worker (the page's main thread may not block, and the
// timed thread waits on its contenders). It loads the threaded wasm tier, starts its pool of
// `threads - 1` contender Workers, and runs the reader's plan case by case, posting the results file
// so far after each one. Copied to dist/threads/worker.js by scripts/threads-tier.mjs;
// js/contention.js starts it when the reader presses Run, so nothing here loads with the page.
import init, { initThreadPool, clock_step_ms, ThreadRun } from "./wasm_threads.js";

const post = (kind, index = 0, text = "") => self.postMessage({ kind, index, text });

self.onmessage = async ({ data }) => {
  if (data?.type !== "run" && data?.type !== "lines") return;
  try {
    await init();
    // A clone contention run (chapter 4) or a cache-lines run (chapter "Cache lines"): the same
    // protocol, case by case.
    const run = data.type === "lines" ? ThreadRun.lines(data.threads, data.variants) : ThreadRun.contention(data.threads, data.types, data.modes);
    // The calling Worker is the timed thread; the pool holds the contenders (at least one Worker,
    // since wasm-bindgen-rayon refuses an empty pool).
    await initThreadPool(Math.max(1, run.max_threads() - 1));
    post("ready", 0, String(clock_step_ms()));
    for (let index = 0; index < run.cases(); index++) {
      post("progress", index, run.name(index));
      run.run_next();
      post("file", index, run.file_json(navigator.userAgent, navigator.hardwareConcurrency || 1, new Date().toISOString()));
    }
    post("done", run.cases());
  } catch (error) {
    post("error", 0, String(error?.message ?? error));
  }
};
