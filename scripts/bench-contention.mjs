// `npm run bench:contention`: the browser's contention run, headless, --runs times, each in a fresh
// browser. Serves dist/ the way GitHub Pages does (no COOP/COEP headers, so the page isolates itself
// with its service worker), opens /bench in Debian's Chromium, ticks the chosen types and modes,
// types the label, presses Run, waits for "Done" and takes the run's download: exactly what a
// reader's clicks give. Prints each run's ns per clone by case, its CPU checks (one thread vs all,
// at each check) and whether the page called it disturbed, whether the page offered the file to
// submit and whether `native-runner validate --submission` accepts it, then the spread across runs.
// `--beside-hog` runs `sha256sum /dev/zero` for the whole of each run: what a disturbed run looks like.
// By default each run also times the allocator A/B (String's drop cases in a bumpalo-herd arena and a
// sharded-slab pool per thread, beside dlmalloc), and the end prints how each scales from 1 thread.
// A benchmark, not a test: it asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { cargoTargetDir } from "./cargo.mjs";
import { serveStatic } from "./serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The thread-safe clone types, in wasm-core's order (CloneType::ALL without rc_str); a test in
// wasm-core/tests/script_lists.rs checks this list against it.
const ALL_TYPES = ["arc_str", "string", "box_str", "arcstr", "arcstr_static", "triomphe_arc_str", "arc_string", "hipstr",
  "hipstr_inline", "smol_str", "smol_str_inline", "compact_string", "compact_string_inline", "inline_str", "inline_str_inline",
  "bytes", "arc_str_borrow", "static_str", "cow_static", "ustr", "lasso_threaded", "lasso_resolver"];

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean" },
    types: { type: "string", default: "arc_str,string" },
    modes: { type: "string", default: "drop" },
    allocators: { type: "string", default: "bump_herd,thread_pool" },
    runs: { type: "string", default: "1" },
    label: { type: "string" },
    "out-dir": { type: "string" },
    timeout: { type: "string", default: "900" },
    "beside-hog": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`usage: npm run bench:contention -- [--no-build] [--runs N] [--types arc_str,string|all] [--modes drop,forget,read] [--label L] [--out-dir DIR]
  --no-build     measure the dist/ already built
  --runs N       runs, each in a fresh browser (default 1); the spread across them is printed
  --types        clone suite ids, comma-separated, or "all" (default: arc_str,string)
  --modes        drop, forget and/or read, comma-separated (default: drop)
  --allocators   String's other allocators for the A/B: bump_herd, thread_pool, or none (default: both)
  --label L      typed into the page's label field (the runner's --label rules); run k of N gets "-k"
  --out-dir DIR  save each run's download there, under the name the page gave it (never overwrites)
  --timeout      seconds to wait for each run (default 900)
  --beside-hog   run 'sha256sum /dev/zero' (one CPU's worth of other work) beside each run
Thread counts are the page's default: 1, 2, 4, ... up to navigator.hardwareConcurrency (at most 16).`);
  process.exit(0);
}
const types = values.types === "all" ? ALL_TYPES : values.types.split(",").map((t) => t.trim()).filter(Boolean);
const unknown = types.filter((t) => !ALL_TYPES.includes(t));
if (unknown.length || types.length === 0) {
  console.error(`error: --types takes ids from ${ALL_TYPES.join(", ")} (or "all"); got '${values.types}'`);
  process.exit(2);
}
const modes = values.modes.split(",").map((m) => m.trim()).filter(Boolean);
if (modes.length === 0 || modes.some((m) => !["drop", "forget", "read"].includes(m))) {
  console.error(`error: --modes takes drop, forget and/or read; got '${values.modes}'`);
  process.exit(2);
}
const ALLOCATORS = ["bump_herd", "thread_pool"];
const allocators = values.allocators === "none" ? [] : values.allocators.split(",").map((a) => a.trim()).filter(Boolean);
if (allocators.some((a) => !ALLOCATORS.includes(a))) {
  console.error(`error: --allocators takes ${ALLOCATORS.join(" and/or ")}, or none; got '${values.allocators}'`);
  process.exit(2);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error(`error: --runs must be a whole number from 1 to 50, got '${values.runs}'`);
  process.exit(2);
}
if (values.label !== undefined && !/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,60}$/.test(values.label)) {
  console.error(`error: --label takes 1 to 61 letters, digits, '.', '_' or '-' (not starting with '.'), got '${values.label}'`);
  process.exit(2);
}
const outDir = values["out-dir"];
if (outDir) fs.mkdirSync(outDir, { recursive: true });
const timeoutMs = Number(values.timeout) * 1000;

if (!values["no-build"]) {
  console.error("bench:contention: building the site (npm run build)…");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

/** The native runner a workspace build left, for the --submission check; null when there is none. */
const validator = ["release", "debug"].map((p) => path.join(cargoTargetDir(), p, "native-runner"))
  .find((p) => fs.existsSync(p)) ?? null;

/** `native-runner validate --submission` on `file`: "ok", or what it printed. */
function validateSubmission(file) {
  if (!validator) return "not checked (no target/*/native-runner: run cargo build -p native-runner)";
  try {
    execFileSync(validator, ["validate", "--submission", file], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return "ok";
  } catch (error) {
    return String(error.stdout || error.message).trim();
  }
}

/** One run in a fresh browser: the page's download (or its refusal) and the cases. */
async function oneRun(server, k) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/bench#contention`);
    await page.locator('[data-live="contention-lab"][data-mounted]').waitFor({ timeout: 60_000 });
    for (const box of await page.locator('[id^="contention-type-"], [id^="contention-mode-"], [id^="contention-allocator-"]').all()) {
      const id = await box.getAttribute("id");
      const wanted = types.includes(id.replace("contention-type-", "")) || modes.includes(id.replace("contention-mode-", ""))
        || allocators.includes(id.replace("contention-allocator-", ""));
      await box.setChecked(wanted);
    }
    const started = Date.now();
    await page.getByTestId("contention-run").click();
    const progress = setInterval(async () => {
      const text = await page.locator("#contention-status-text").innerText().catch(() => "");
      if (text) console.error(`  run ${k}, ${Math.round((Date.now() - started) / 1000)} s: ${text}`);
    }, 10_000);
    try {
      await page.locator('[data-testid="contention-status"][data-state="done"], [data-testid="contention-status"][data-state="failed"]')
        .waitFor({ timeout: timeoutMs });
    } finally {
      clearInterval(progress);
    }
    const state = await page.getByTestId("contention-status").getAttribute("data-state");
    if (state !== "done") throw new Error(await page.locator("#contention-status-text").innerText());
    if (values.label) await page.getByTestId("contention-label").fill(runs > 1 ? `${values.label}-${k}` : values.label);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (await page.getByTestId("contention-invalid").count()) {
      const refusal = await page.getByTestId("contention-invalid").innerText();
      const cases = await page.locator('[data-testid="contention-table"] tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({ variant_id: tr.dataset.type, mode: tr.dataset.mode, threads: Number(tr.dataset.threads), median_ns_per_op: Number(tr.dataset.nsPerClone) })));
      return { k, seconds, refusal, cases, file: null, checked: "not offered" };
    }
    const disturbed = await page.getByTestId("contention-disturbed").innerText().catch(() => null);
    const keepOnly = (await page.getByTestId("contention-keep-only").count()) > 0;
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contention-download").click()]);
    const dir = outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-contention-"));
    const saved = path.join(dir, download.suggestedFilename());
    if (fs.existsSync(saved)) throw new Error(`${saved} exists; pick another --out-dir or --label`);
    await download.saveAs(saved);
    const file = JSON.parse(fs.readFileSync(saved, "utf8"));
    return { k, seconds, refusal: null, cases: file.cases, file, saved, checked: validateSubmission(saved), disturbed, keepOnly };
  } finally {
    await browser.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const allocatorOf = (c) => c.params?.allocator ?? "dlmalloc";
const key = (c) => `${c.variant_id}${c.params?.allocator ? `@${c.params.allocator}` : ""} ${c.mode} ${c.threads}`;

const server = await serveStatic(path.join(root, "dist"));
const results = [];
try {
  for (let k = 1; k <= runs; k++) {
    const hog = values["beside-hog"] ? spawn("sha256sum", ["/dev/zero"], { stdio: "ignore" }) : null;
    let run;
    try {
      run = await oneRun(server, k);
    } finally {
      hog?.kill();
    }
    results.push(run);
    const where = run.file ? `${run.file.machine.browser}, ${run.file.machine.logical_cores} logical CPUs` : "refused by the page";
    const offered = run.refusal ? "no" : run.keepOnly ? "to keep only" : "to submit";
    console.log(`\nrun ${k} of ${runs}${hog ? " (beside sha256sum /dev/zero)" : ""}: ${where}, ${run.seconds} s; offered: ${offered}; validate --submission: ${run.checked}`);
    if (run.refusal) console.log(`  ${run.refusal}`);
    if (run.saved) console.log(`  saved ${run.saved}`);
    const checks = run.file?.conditions?.cpu_checks;
    if (checks) {
      const ratios = checks.one_thread_ms.map((one, i) => (checks.all_threads_ms[i] / one).toFixed(2));
      console.log(`  CPU checks, ${checks.threads} threads ÷ 1 at each: ${ratios.join(", ")}; one thread ${Math.min(...checks.one_thread_ms).toFixed(1)}–${Math.max(...checks.one_thread_ms).toFixed(1)} ms`);
    }
    console.log(`  the page: ${run.disturbed ?? "not disturbed"}`);
    console.log(["type", "allocator", "mode", "threads", "ns/clone", "MAD %", "clones/repeat"].join("\t"));
    for (const c of run.cases) {
      const mad = c.noise_rel_mad === undefined ? "" : (c.noise_rel_mad * 100).toFixed(1);
      console.log([c.variant_id, allocatorOf(c), c.mode, c.threads, c.median_ns_per_op.toFixed(2), mad, c.ops_per_repeat ?? ""].join("\t"));
    }
  }
} finally {
  await new Promise((r) => server.close(r));
}

// Across runs: each case's fastest, median and slowest run, and how far apart they are.
console.log(`\nacross ${runs} run(s): ns per clone`);
console.log(["case", "min", "median", "max", "max/min"].join("\t"));
const keys = [...new Set(results.flatMap((r) => r.cases.map(key)))];
for (const k of keys) {
  const ns = results.map((r) => r.cases.find((c) => key(c) === k)?.median_ns_per_op).filter(Number.isFinite);
  const [lo, hi] = [Math.min(...ns), Math.max(...ns)];
  console.log([k, lo.toFixed(2), median(ns).toFixed(2), hi.toFixed(2), (hi / lo).toFixed(2)].join("\t"));
}
// Does each type slow down from 1 thread to the most, run by run?
for (const ty of types) {
  for (const mode of modes) {
    const verdicts = results.map((r) => {
      const at = r.cases.filter((c) => c.variant_id === ty && c.mode === mode && !c.params?.allocator);
      const one = at.find((c) => c.threads === 1);
      const most = at.filter((c) => c.threads > 1).sort((a, b) => b.threads - a.threads)[0];
      return one && most ? most.median_ns_per_op / one.median_ns_per_op : NaN;
    }).filter(Number.isFinite);
    if (verdicts.length) {
      const slower = verdicts.filter((r) => r > 1).length;
      console.log(`${ty} ${mode}: slower at the most threads than at 1 in ${slower} of ${verdicts.length} runs (ratios ${verdicts.map((r) => r.toFixed(2)).join(", ")})`);
    }
  }
}
// The allocator A/B: String's drop at 2 threads ÷ at 1, run by run, on each allocator.
if (allocators.length && types.includes("string") && modes.includes("drop")) {
  console.log("\nallocator A/B: String drop, ns per clone at 2 threads ÷ at 1 thread");
  for (const allocator of ["dlmalloc", ...allocators]) {
    const ratios = results.map((r) => {
      const at = (t) => r.cases.find((c) => c.variant_id === "string" && c.mode === "drop" && c.threads === t && allocatorOf(c) === allocator);
      return at(2) && at(1) ? at(2).median_ns_per_op / at(1).median_ns_per_op : NaN;
    }).filter(Number.isFinite);
    if (!ratios.length) continue;
    const [bound, word] = allocator === "dlmalloc" ? [2, "≥ 2×"] : [1.5, "≤ 1.5×"];
    const met = ratios.filter((x) => (allocator === "dlmalloc" ? x >= bound : x <= bound)).length;
    console.log(`  ${allocator}: ${ratios.map((x) => x.toFixed(2)).join(", ")}; ${word} in ${met} of ${ratios.length} runs`);
  }
}
const accepted = results.filter((r) => r.checked === "ok").length;
console.log(`disturbed (the page's word): ${results.filter((r) => r.disturbed).length} of ${runs}`);
console.log(`downloads offered: ${results.filter((r) => !r.refusal).length} of ${runs}; accepted by validate --submission: ${accepted} of ${runs}`);
