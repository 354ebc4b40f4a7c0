// The contention run's coordinator, a module Worker (the page's main thread may not block, and the
// timed thread waits on its contenders). It loads the threaded wasm tier, starts its pool of
// `threads - 1` contender Workers, and runs the page's planned cases one by one, posting each result
// as it lands. Copied to dist/threads/worker.js by scripts/threads-tier.mjs; js/contention.js starts
// it when the reader presses Run, so nothing here loads with the page.
import init, { initThreadPool, clock_step_ms, pool_threads, run_case, rustc_version } from "./wasm_threads.js";

const post = (message) => self.postMessage(message);

self.onmessage = async ({ data }) => {
  if (data?.type !== "run") return;
  try {
    await init();
    // The calling Worker is the timed thread; the pool holds the contenders (at least one Worker,
    // since wasm-bindgen-rayon refuses an empty pool).
    await initThreadPool(Math.max(1, data.threads - 1));
    const clockStepMs = clock_step_ms();
    post({ type: "ready", clockStepMs, poolThreads: pool_threads(), rustc: rustc_version() ?? null });
    // The samples a type and mode were calibrated to on one thread serve its other thread counts, so
    // a type's cases differ only in their threads.
    const samplesOf = new Map();
    for (const [index, request] of data.cases.entries()) {
      post({ type: "progress", index });
      const key = `${request.type}/${request.mode}`;
      const json = run_case(JSON.stringify({ ...request, samples: samplesOf.get(key) ?? request.samples }));
      if (!samplesOf.has(key)) samplesOf.set(key, JSON.parse(json).ops_per_repeat);
      post({ type: "case", index, json });
    }
    post({ type: "done" });
  } catch (error) {
    post({ type: "error", message: String(error?.message ?? error) });
  }
};
