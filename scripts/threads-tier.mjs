// Builds the threaded wasm tier (wasm-threads/) into dist/threads/, and puts the service worker that
// makes a page cross-origin isolated on hosts that send no headers at dist/coi-serviceworker.js.
//
// Why apart from the other tiers: threads need the wasm's memory to be shared, which needs std itself
// rebuilt with atomics (`-Z build-std`, nightly only) and linker flags no other tier wants. So this
// tier alone uses the nightly toolchain, its own target dir and its own flags; the site's three tiers
// stay on stable. Nothing on a page loads it: js/contention.js starts its worker when a reader
// presses Run. Called by scripts/postbuild.mjs (and runnable on its own: `node scripts/threads-tier.mjs DIST`);
// scripts/prebuild.mjs starts its cargo build early.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cargoTargetDir } from "./cargo.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The most memory the tier's shared memory may grow to: forget mode leaks by design (each case is
 *  held to its own budget, `LEAK_BUDGET_BYTES` in the site), and 1 GiB is what a phone's browser
 *  reliably reserves. A multiple of the 64 KiB wasm page. */
export const MAX_MEMORY_BYTES = 1 << 30;

/** The rustflags of the threaded build: atomics and bulk memory for the code, a shared imported
 *  memory and the thread-local-storage exports wasm-bindgen needs to start each worker's thread. */
export function threadsRustflags() {
  return [
    "-C", "target-feature=+atomics,+bulk-memory",
    "-C", "link-arg=--shared-memory",
    "-C", "link-arg=--import-memory",
    "-C", `link-arg=--max-memory=${MAX_MEMORY_BYTES}`,
    ...["__wasm_init_tls", "__tls_size", "__tls_align", "__tls_base"].flatMap((sym) => ["-C", `link-arg=--export=${sym}`]),
  ].join(" ");
}

/** wasm-bindgen-rayon's worker script finds the module's glue as `import('../../..')`, which only a
 *  bundler resolves; on a static host it must name the glue file. Returns the rewritten text, or
 *  throws if the pattern is gone (a new wasm-bindgen-rayon: look at its workerHelpers.js again). */
export function pointWorkerAtGlue(text, glue = "wasm_threads.js") {
  const pattern = "import('../../..')";
  if (!text.includes(pattern)) throw new Error(`wasm-bindgen-rayon's workerHelpers.js no longer says ${pattern}`);
  return text.replace(pattern, `import('../../../${glue}')`);
}

/** This process's environment with `env` over it; a key set to `undefined` is removed. */
function environmentWith(env) {
  const merged = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged;
}

/** Runs `cmd` with its output shown; resolves when it exits with status 0. Asynchronous, so that
 *  postbuild builds this tier while it builds the others (each build's last, single-threaded link
 *  leaves a core free for the other's). */
function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: environmentWith(env) });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (${signal ?? `status ${code}`})`))));
  });
}

/** The tier's cargo build: its toolchain, arguments and environment, and where the wasm lands. */
function threadsCargo() {
  const targetDir = path.join(cargoTargetDir(), "threads");
  // The pinned nightly, as scripts/lib.sh names it (the one place its date is written).
  const nightly = `+${execFileSync("bash", ["-c", '. scripts/lib.sh && nightly_toolchain'], { cwd: root, encoding: "utf8" }).trim()}`;
  const rustc = execFileSync("rustc", [nightly, "--version"], { encoding: "utf8" }).trim();
  const args = [nightly, "build", "--quiet", "--locked", "-Z", "build-std=panic_abort,std", "--target", "wasm32-unknown-unknown",
    "--profile", "wasm-release", "-p", "wasm-threads", "--target-dir", targetDir];
  // RUSTFLAGS replaces .cargo/config.toml's wasm32 flags (Leptos's erase_components), which this tier does not use.
  // No RUSTC_WORKSPACE_WRAPPER: `npm test` lints the stable builds with stable clippy-driver,
  // which cannot compile for this nightly.
  const env = { RUSTFLAGS: threadsRustflags(), WASM_THREADS_RUSTC: rustc, RUSTC_WORKSPACE_WRAPPER: undefined, CLIPPY_ARGS: undefined };
  return { args, env, rustc, targetDir };
}

/** Starts the tier's cargo build at the lowest CPU priority and returns at once, leaving it running
 *  (scripts/prebuild.mjs, trunk's pre_build hook). The build that counts is still
 *  `buildThreadsTier`'s, after trunk's: its cargo waits for this one's lock on the target folder and
 *  then finds the tier built. Started early, the tier compiles in what trunk's build leaves idle.
 *  Its output goes to `target/threads/early-build.log`; if it fails, the later build fails the same
 *  way, in the build's own output. */
export function startThreadsBuild() {
  const { args, env, targetDir } = threadsCargo();
  fs.mkdirSync(targetDir, { recursive: true });
  const log = fs.openSync(path.join(targetDir, "early-build.log"), "w");
  // Not detached: a new session is a new scheduler autogroup on Linux, where a nice value no longer
  // yields to the page builds (measured: the tier then took its even share and was done before the
  // idle stretches it is meant for). It outlives this process all the same.
  spawn("nice", ["-n", "19", "cargo", ...args], { cwd: root, stdio: ["ignore", log, log], env: environmentWith(env) }).unref();
}

export async function buildThreadsTier(dist) {
  const { args, env, rustc, targetDir } = threadsCargo();
  await run("cargo", args, env);
  const out = path.join(dist, "threads");
  fs.rmSync(out, { recursive: true, force: true });
  await run("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", out, "--out-name", "wasm_threads",
    path.join(targetDir, "wasm32-unknown-unknown", "wasm-release", "wasm_threads.wasm")]);
  const wasm = path.join(out, "wasm_threads_bg.wasm");
  await run("wasm-opt", ["-Oz", "--enable-threads", "--enable-bulk-memory", "--enable-mutable-globals", "--enable-sign-ext",
    "--enable-nontrapping-float-to-int", "--enable-reference-types", wasm, "-o", wasm]);
  for (const file of findFiles(path.join(out, "snippets"), "workerHelpers.js")) {
    fs.writeFileSync(file, pointWorkerAtGlue(fs.readFileSync(file, "utf8")));
  }
  fs.copyFileSync(path.join(root, "site", "js", "contention-worker.js"), path.join(out, "worker.js"));
  fs.copyFileSync(path.join(root, "node_modules", "coi-serviceworker", "coi-serviceworker.min.js"), path.join(dist, "coi-serviceworker.js"));
  return { bytes: fs.statSync(wasm).size, rustc };
}

function findFiles(dir, name) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).filter((f) => path.basename(f) === name).map((f) => path.join(dir, f));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2];
  if (!dist) {
    console.error("usage: node scripts/threads-tier.mjs DIST_DIR");
    process.exit(2);
  }
  const { bytes, rustc } = await buildThreadsTier(dist);
  console.log(`threads tier: ${(bytes / 1024).toFixed(0)} KB of wasm, built by ${rustc}`);
}
