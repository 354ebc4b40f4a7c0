// "Contention in your browser": the threaded wasm tier on real Web Workers. Served the way GitHub
// Pages serves (no COOP/COEP headers), the page isolates itself with its service worker and reloads
// once; the run then completes at 1 and 2 threads, and its download passes `validate --submission`.
// Asserts behaviour only: which rows exist and that their figures are numbers, never how fast.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, before, after } from "node:test";
import { cargoTargetDir } from "../../scripts/cargo.mjs";
import { root, screenshot, start, watchMainThread, framesBetween, MIN_FRAMES } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

/** The lab mounted: its wasm loads when the reader comes near it, so the test scrolls there first. */
async function mounted(page, live = "contention-lab") {
  await page.locator(`[data-live="${live}"]`).scrollIntoViewIfNeeded();
  await page.locator(`[data-live="${live}"][data-mounted]`).waitFor({ timeout: 30_000 });
}

/** `body(page)` on `pagePath` served with the isolation headers, once its lab `live` has mounted;
 *  the page logged no error, and the server stops after. */
async function onIsolatedLab(pagePath, live, body, viewport) {
  const isolated = await start({ isolate: true });
  try {
    const { page, errors } = await isolated.open(pagePath, viewport);
    await mounted(page, live);
    await body(page);
    assert.deepEqual(errors, []);
  } finally {
    await isolated.close();
  }
}
const status = (page, state) => page.locator(`[data-testid="contention-status"][data-state="${state}"]`);

/** The table's rows as [type, mode, threads, ns per clone]. */
const rows = (page) =>
  page.locator('[data-testid="contention-table"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.dataset.type, tr.dataset.mode, Number(tr.dataset.threads), Number(tr.dataset.nsPerClone)]));

/** The runner `cargo test --workspace` built (scripts/test.sh runs cargo first). Not `cargo run -p
 * native-runner`: its features differ from the workspace's unified ones, so it would build every
 * dependency a second time, minutes and gigabytes a fresh clone's CI run cannot spare. */
const validator = path.join(cargoTargetDir(), "debug/native-runner");

/** Runs `native-runner validate --submission` on `file`. */
function validateSubmission(file) {
  assert.ok(fs.existsSync(validator), `${validator} is missing: run cargo test --workspace first`);
  return execFileSync(validator, ["validate", "--submission", file], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The pull-request check on a downloaded `file` of `n` cases, as the page offered it (`prefix`):
 *  accepted; or, where the page called the run too noisy to compare and offered it only to keep,
 *  refused for exactly that. (A loaded machine can make a short run that noisy.) */
async function checkDownload(page, prefix, file, n) {
  if ((await page.getByTestId(`${prefix}-keep-only`).count()) === 0) {
    assert.match(validateSubmission(file), new RegExp(`: ok \\(${n} cases\\)`));
    return;
  }
  const refused = (() => {
    try {
      validateSubmission(file);
      return "";
    } catch (e) {
      if (e instanceof assert.AssertionError) throw e; // no validator to ask, not a refusal
      return String(e.stdout) + String(e.stderr);
    }
  })();
  // Kept, not submitted: too noisy, or disturbed by other programs (a loaded test machine can be
  // either), and the page says which.
  const disturbed = (await page.getByTestId(`${prefix}-disturbed`).count()) > 0;
  assert.match(refused, disturbed ? /conditions\.cpu_checks: say the run was disturbed/ : /cases: \d+ of \d+ cases are noisy .*too many to compare/);
}

test("without isolation headers the page isolates itself, runs 1 and 2 threads, and the download validates", async () => {
  const { page, errors, context } = await h.open("/bench", { setup: watchMainThread });
  const fetched = [];
  context.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await mounted(page);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false, "served without COOP/COEP");
  assert.match(await page.getByTestId("contention-isolation").innerText(), /reloads it once/);
  assert.deepEqual(fetched.filter((p) => p.startsWith("/threads/")), [], "the threaded tier is not fetched before Run");
  // The default selection: Arc<str> and String, drop, 1 and 2 threads on this 2-vCPU machine.
  for (const id of ["contention-threads-1", "contention-threads-2", "contention-type-arc_str", "contention-type-string", "contention-mode-drop"]) {
    assert.ok(await page.locator(`#${id}`).isChecked(), `${id} is on by default`);
  }

  // The browser's own scroll restoration would hide whether the page brings the reader back.
  await page.evaluate(() => { history.scrollRestoration = "manual"; });
  await page.getByTestId("contention-run").click();
  // The service worker takes over and the page reloads once, isolated; the run goes on by itself,
  // and the reader is back at the lab, not at the top of the reloaded page.
  await page.waitForFunction(() => self.crossOriginIsolated === true, null, { timeout: 30_000 });
  await page.locator('[data-live="contention-lab"][data-mounted]').waitFor({ timeout: 30_000 });
  const runStart = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => {
    const box = document.querySelector("[data-live=contention-lab]").getBoundingClientRect();
    return scrollY > 0 && box.top < innerHeight && box.bottom > 0;
  }, null, { timeout: 5_000 });
  await status(page, "done").waitFor({ timeout: 120_000 });
  const runEnd = await page.evaluate(() => performance.now());

  const table = await rows(page);
  assert.deepEqual(table.map(([type, mode, threads]) => `${type} ${mode} ${threads}`).sort(),
    ["arc_str drop 1", "arc_str drop 2", "string drop 1", "string drop 2"]);
  for (const [type, , threads, ns] of table) assert.ok(Number.isFinite(ns) && ns > 0, `${type} x${threads}: ${ns}`);
  assert.deepEqual(await page.locator('[data-testid="contention-chart"] g.series').evaluateAll((gs) => gs.map((g) => g.dataset.series)),
    ["Arc<str>", "String"], "one line per type");
  assert.equal(await page.locator('[data-testid="contention-chart"] .point').count(), 4, "a point per case");
  assert.match(await page.getByTestId("contention-clock").innerText(), /steps of [\d.]+ µs/);
  assert.ok(fetched.includes("/threads/wasm_threads_bg.wasm"), "Run fetched the threaded tier");

  const frames = await framesBetween(page, runStart, runEnd);
  assert.ok(frames >= MIN_FRAMES, `the page drew ${frames} frames in the ${(runEnd - runStart).toFixed(0)} ms the threads ran`);

  // Every case ran in rounds after a warm-up: five timed repeats each, its spread shown.
  assert.equal(await page.getByTestId("contention-spread").count(), 4);
  assert.match(await page.locator("#contention-status-text").innerText(), /Done/);

  // The label names the file; the page's default is the browser's, and a label the rules refuse
  // (the reference's prefix is the project's) takes the download away, with the reason, before any
  // file leaves the page.
  assert.match(await page.getByTestId("contention-file-name").innerText(), /^browser-[a-z0-9-]+-\d+cpu-\d{4}-\d{2}-\d{2}\.json$/);
  await page.getByTestId("contention-label").fill("reference-mine");
  await page.getByTestId("contention-invalid").waitFor();
  assert.match(await page.getByTestId("contention-invalid").innerText(), /label/);
  assert.equal(await page.getByTestId("contention-download").count(), 0, "a file the check refuses is not offered");
  await page.getByTestId("contention-label").fill("my phone");
  assert.match(await page.getByTestId("contention-label-note").innerText(), /The label /);
  await page.getByTestId("contention-label").fill("e2e-laptop");
  assert.match(await page.getByTestId("contention-file-name").innerText(), /^e2e-laptop-\d{4}-\d{2}-\d{2}\.json$/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contention-download").click()]);
  assert.match(download.suggestedFilename(), /^e2e-laptop-\d{4}-\d{2}-\d{2}\.json$/);
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-contention-"));
  const file = path.join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.equal(saved.machine.arch, "wasm32");
  assert.equal(saved.runner.name, "browser");
  assert.equal(saved.label, "e2e-laptop");
  for (const c of saved.cases) assert.equal(c.repeat_times_ns.length, 5, `${c.variant} x${c.threads}: five timed repeats`);
  assert.equal(saved.machine.logical_cores, await page.evaluate(() => navigator.hardwareConcurrency));
  assert.equal(saved.machine.user_agent, await page.evaluate(() => navigator.userAgent));
  assert.match(saved.machine.browser, /Chrom/);
  assert.match(saved.allocator.name, /^dlmalloc/);
  assert.deepEqual(saved.cases.map((c) => c.threads).sort(), [1, 1, 2, 2]);
  // Its CPU checks: one before each of the six rounds (a warm-up, five timed) and one after the last,
  // each on one thread and then on both.
  const checks = saved.conditions.cpu_checks;
  assert.equal(checks.threads, 2);
  assert.equal(checks.one_thread_ms.length, 7);
  assert.equal(checks.all_threads_ms.length, 7);
  await checkDownload(page, "contention", file, 4);
  fs.rmSync(downloads, { recursive: true, force: true });
  // Kept in this browser for /results's standings, until the reader forgets it.
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem("arc-str:own-browser-run")));
  assert.deepEqual(kept.cases.map((c) => c.threads).sort(), [1, 1, 2, 2]);
  await screenshot(page, "contention-1280");
  assert.deepEqual(errors, []);
});

test("Cancel stops the threads at once and offers no download", async () => {
  await onIsolatedLab("/bench", "contention-lab", async (page) => {
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true, "headers isolate without a reload");
    assert.match(await page.getByTestId("contention-isolation").innerText(), /is cross-origin isolated/);
    for (const ty of ["box_str", "arcstr", "triomphe_arc_str", "arc_string", "hipstr"]) await page.locator(`#contention-type-${ty}`).check();
    await page.locator("#contention-mode-forget").check();
    await page.getByTestId("contention-run").click();
    await status(page, "running").waitFor();
    await page.getByTestId("contention-cancel").click();
    await status(page, "cancelled").waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId("contention-download").count(), 0, "a cancelled run is not offered");
    assert.ok(await page.getByTestId("contention-run").isEnabled(), "a new run can start");
    await screenshot(page, "contention-375");
  }, { width: 375, height: 812 });
});

test("chapter 4 carries the lab, loads its wasm only when the reader nears it, and no threaded code before Run", async () => {
  const { page, errors, context } = await h.open("/chapters/clone-cost", { fresh: true });
  const fetched = [];
  context.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.waitForFunction(() => performance.getEntriesByName("islands-mounted").length === 1, null, { timeout: 30_000 });
  const labFetched = () => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/site-lab-[0-9a-f]+_bg\.wasm$/.test(e.name)));
  assert.equal(await labFetched(), false, "the lab's wasm waits while the reader is at the top");
  await mounted(page);
  assert.equal(await labFetched(), true, "nearing the lab fetched its wasm");
  assert.ok(await page.getByTestId("contention-run").isVisible());
  assert.deepEqual(fetched.filter((p) => p.startsWith("/threads/") || p.includes("coi-serviceworker")), []);
  assert.deepEqual(errors, []);
});

test("chapter 9's cache-lines lab runs the lines kernel on threads, and its download validates", async () => {
  await onIsolatedLab("/chapters/cache-lines", "lines-lab", async (page) => {
    // The recorded run beside it: the shipped EPYC file's six layouts.
    await page.locator('[data-live="recorded-results"][data-suite="lines"][data-mounted]').waitFor({ timeout: 30_000 });
    for (const id of ["lines-threads-1", "lines-threads-2", "lines-variant-one_counter", "lines-variant-padded"]) {
      assert.ok(await page.locator(`#${id}`).isChecked(), `${id} is on by default`);
    }
    // Three layouts keep the run short.
    for (const id of ["load_then_add", "cas_loop", "many_counters"]) await page.locator(`#lines-variant-${id}`).uncheck();
    await page.getByTestId("lines-run").click();
    await page.locator('[data-testid="lines-status"][data-state="done"]').waitFor({ timeout: 120_000 });
    const cells = await page.locator('[data-testid="lines-table"] tbody tr').evaluateAll((trs) =>
      trs.flatMap((tr) => [...tr.querySelectorAll("td[data-ns]")].map((td) => [tr.dataset.variant, Number(td.dataset.threads), Number(td.dataset.ns)])));
    assert.deepEqual(cells.map(([v, t]) => `${v} ${t}`), ["one_counter 1", "one_counter 2", "adjacent 1", "adjacent 2", "padded 1", "padded 2"]);
    for (const [v, t, ns] of cells) assert.ok(Number.isFinite(ns) && ns > 0, `${v} x${t}: ${ns}`);
    assert.equal((await page.getByTestId("lines-findings").locator("li").allInnerTexts()).length, 3, "a sentence per layout at 2 threads");
    assert.equal(await page.locator('[data-testid="lines-chart"] rect.bar').count(), 3, "a bar per layout at 2 threads");

    // A run the pull-request check refuses is not offered: say which rule refused it.
    const refused = page.getByTestId("lines-invalid");
    assert.equal(await refused.count(), 0, await refused.textContent().catch(() => ""));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("lines-download").click()]);
    assert.match(download.suggestedFilename(), /^browser-[a-z0-9-]+-\d+cpu-lines-\d{4}-\d{2}-\d{2}\.json$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-lines-"));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    assert.deepEqual([...new Set(saved.cases.map((c) => c.suite))], ["lines"]);
    await checkDownload(page, "lines", file, 6);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(await page.evaluate(() => localStorage.getItem("arc-str:own-browser-run")), null, "a lines run is not kept as the reader's contention run");
    await screenshot(page, "lines-lab-1280");
  });
});

test("chapter 8's allocator A/B runs String on dlmalloc, in a herd's arenas and from a pool, on 1 and 2 threads; its download validates", async () => {
  await onIsolatedLab("/chapters/bump-arenas", "allocator-lab", async (page) => {
    // Set to the A/B: String, drop, 1 and 2 threads, both other allocators; Arc<str> off.
    for (const id of ["contention-threads-1", "contention-threads-2", "contention-type-string", "contention-mode-drop",
      "contention-allocator-bump_herd", "contention-allocator-thread_pool"]) {
      assert.ok(await page.locator(`#${id}`).isChecked(), `${id} is on by default`);
    }
    assert.equal(await page.locator("#contention-type-arc_str").isChecked(), false);
    // Count the Worker's progress messages and the page's answers that it has drawn them: the
    // Worker waits for each answer before its next step, so the page never draws during one.
    await page.evaluate(() => {
      window.handshake = { progress: 0, drawn: 0 };
      window.Worker = class extends window.Worker {
        constructor(...args) {
          super(...args);
          this.addEventListener("message", ({ data }) => { if (data?.kind === "progress") window.handshake.progress++; });
        }
        postMessage(message, ...rest) {
          if (message?.type === "drawn") window.handshake.drawn++;
          super.postMessage(message, ...rest);
        }
      };
    });
    await page.getByTestId("contention-run").click();
    await status(page, "done").waitFor({ timeout: 180_000 });
    const handshake = await page.evaluate(() => window.handshake);
    assert.ok(handshake.progress > 6, `a progress message per step: ${JSON.stringify(handshake)}`);
    assert.equal(handshake.drawn, handshake.progress, "the page answered every step's progress once it had drawn it");
    const table = await page.locator('[data-testid="contention-table"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => `${tr.dataset.type} ${tr.dataset.allocator} ${tr.dataset.threads}`));
    assert.deepEqual(table.sort(), ["string bump_herd 1", "string bump_herd 2", "string global 1", "string global 2",
      "string thread_pool 1", "string thread_pool 2"]);
    assert.deepEqual(await page.locator('[data-testid="contention-chart"] g.series').evaluateAll((gs) => gs.map((g) => g.dataset.series)),
      ["String", "String in a bumpalo-herd arena per thread", "String in a sharded-slab pool per thread"], "a line per allocator");
    const findings = await page.getByTestId("contention-findings").locator("li").allInnerTexts();
    assert.equal(findings.length, 3, findings.join(" | "));
    assert.ok(findings.some((f) => f.startsWith("String (drop, bumpalo-herd arena per thread):")), findings.join(" | "));

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contention-download").click()]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-allocator-ab-"));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    // The file records each case's allocator: absent for dlmalloc, the file's own.
    assert.deepEqual(saved.cases.map((c) => c.params.allocator ?? "-").sort(), ["-", "-", "bump_herd", "bump_herd", "thread_pool", "thread_pool"]);
    await checkDownload(page, "contention", file, 6);
    fs.rmSync(dir, { recursive: true, force: true });
    await screenshot(page, "allocator-lab-1280");
  });
});
