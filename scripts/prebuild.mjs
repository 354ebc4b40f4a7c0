// Trunk's pre_build hook: starts the threaded tier's cargo build in the background, then builds every
// page wasm of the site crate (`site`, which trunk then finds built, and the smaller tiers, which
// postbuild then finds built) in one cargo run.
//
// Why: each page wasm ends in a link with fat LTO and one codegen unit, which runs on one core.
// Built by trunk alone and then by postbuild, the full wasm's link (about 65 s on 2 cores) and
// wasm-bindgen and wasm-opt after it left the other core idle for about 90 s; in one cargo run the
// links go two at a time. The threaded tier (nightly, its own target folder) runs at the lowest CPU
// priority, so it takes what the page builds leave idle rather than slowing them. Neither changes
// what is built: trunk's and postbuild's own cargo runs still run, and find nothing left to do.
import { fileURLToPath } from "node:url";
import { buildPageWasm, pageWasmBins } from "./cargo.mjs";
import { startThreadsBuild } from "./threads-tier.mjs";

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  startThreadsBuild();
  const bins = pageWasmBins();
  buildPageWasm(bins);
  console.log(`prebuild: ${bins.length} page wasm built (${((performance.now() - t0) / 1000).toFixed(0)} s); the threaded tier builds on in the background`);
}
