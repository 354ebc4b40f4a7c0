// /bench: live clone benchmarks in the browser, drawn by d3 beside native results. Runs against a
// copy of dist/ whose results/ holds the fixtures (one valid native file, one that fails validation).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { dist, distWithResults, root, screenshot, start, watchMainThread, framesBetween, MIN_FRAMES } from "./harness.mjs";

const BROWSER = "browser (wasm32)";
const NATIVE = "native: fixture-x86";
// Every clone type and strategy wasm-core's kernel knows, in its order (drop mode runs all twenty-three).
const TYPES = [
  "Arc<str>", "String", "Box<str>", "Rc<str>", "ArcStr", "ArcStr (static)", "triomphe::Arc<str>", "Arc<String>",
  "HipStr", "HipStr (inline)", "SmolStr", "SmolStr (inline)", "CompactString", "CompactString (inline)",
  "InlineStr", "InlineStr (inline)", "bytes::Bytes", "Arc<str> cloned once, borrowed", "leaked &'static str", "Cow<'static, str>", "ustr::Ustr",
  "lasso::Spur (ThreadedRodeo)", "lasso::Spur (RodeoResolver)",
];

let h;
let dir;
before(async () => {
  dir = distWithResults(path.join(root, "tests/fixtures/results"));
  h = await start({ dir });
});
after(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function tinyRun(page, { viaKeyboard = false } = {}) {
  await page.getByTestId("bench-controls").waitFor();
  await page.locator("#bench-samples").fill("1000");
  await page.locator("#bench-repeats").fill("3");
  await page.locator("#bench-len").fill("64");
  if (viaKeyboard) {
    await page.locator("#bench-len").press("Enter");
  } else {
    await page.getByTestId("bench-run").click();
  }
  await page.locator('[data-testid="bench-status"][data-state="done"]').waitFor({ timeout: 60_000 });
}

const barValues = (page, series) =>
  page.$$eval(`[data-testid="bench-chart"] rect.bar[data-series="${series}"]`, (bars) =>
    Object.fromEntries(bars.map((b) => [b.dataset.x, Number(b.dataset.y)])));

test("a tiny run draws one bar per type with the table's medians, beside the native file", async () => {
  const { page, errors } = await h.open("/bench", { setup: watchMainThread });
  await page.locator('[data-testid="native-status"]', { hasText: "1 native machine" }).waitFor();
  const runStart = await page.evaluate(() => performance.now());
  await tinyRun(page);
  const runEnd = await page.evaluate(() => performance.now());

  const drawn = await barValues(page, BROWSER);
  assert.deepEqual(Object.keys(drawn).sort(), [...TYPES].sort(), "one browser bar per type");
  const table = page.getByTestId("bench-table");
  for (const type of TYPES) {
    const row = table.locator(`tr[data-type="${type}"]`);
    const median = Number(await row.locator('[data-field="median"]').getAttribute("data-value"));
    assert.ok(median > 0, `${type} median ${median}`);
    assert.equal(drawn[type], median, `${type}: bar and table agree`);
    assert.match(await row.locator('[data-field="samples"]').textContent(), /^\d+(k|\.\dM)? × 3$/);
  }
  // The fixture's one-thread drop medians are drawn beside the browser's, and compared per type.
  const fixture = JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures/results/fixture-x86.json"), "utf8"));
  const expected = Object.fromEntries(fixture.cases.filter((c) => c.threads === 1 && c.mode === "drop")
    .map((c) => [c.variant, c.median_ns_per_op]));
  assert.deepEqual(await barValues(page, NATIVE), expected);
  assert.equal(await page.getByTestId("bench-compare").locator("tbody tr").count(), 4);
  // The file with a wrong median is skipped and named.
  assert.match(await page.getByTestId("native-skipped").textContent(), /broken-summary\.json/);
  // 1000 clones are far too short for a 100 µs clock: the run says it raised them.
  assert.match(await page.getByTestId("bench-notes").textContent(), /samples raised from 1000/);
  assert.match(await page.getByTestId("timer-step").textContent(), /steps of [\d.]+ µs/);

  const frames = await framesBetween(page, runStart, runEnd);
  assert.ok(frames >= MIN_FRAMES, `the page drew ${frames} frames in the ${(runEnd - runStart).toFixed(0)} ms the benchmark ran`);
  await screenshot(page, "bench-desktop");
  assert.deepEqual(errors, []);
});

test("the frame count tells a run in one piece from a sliced one: a main thread busy for a second draws no frame", async () => {
  const { page } = await h.open("/bench", { setup: watchMainThread });
  await page.waitForFunction(() => window.__frames.length > 2);
  const [t0, t1] = await page.evaluate(() => {
    const start = performance.now();
    while (performance.now() - start < 1000) { /* the whole run in one task */ }
    return [start, performance.now()];
  });
  assert.ok((await framesBetween(page, t0, t1)) < MIN_FRAMES, "a blocked main thread draws fewer than MIN_FRAMES");
  // The same second handed back to the page, in slices: frames all along.
  const [s0, s1] = await page.evaluate(async () => {
    const start = performance.now();
    while (performance.now() - start < 1000) {
      const slice = performance.now();
      while (performance.now() - slice < 20) { /* one slice */ }
      await new Promise((yielded) => setTimeout(yielded, 0));
    }
    return [start, performance.now()];
  });
  assert.ok((await framesBetween(page, s0, s1)) >= MIN_FRAMES);
});

test("the run downloads as a valid results file in the native schema", async () => {
  const { page, errors } = await h.open("/bench");
  await tinyRun(page);
  // The button is offered only for a run that passes validation: if it is missing, say why.
  const refused = page.getByTestId("bench-invalid");
  await page.getByTestId("bench-download").or(refused).first().waitFor();
  if ((await refused.count()) > 0) assert.fail(`the run was refused: ${await refused.textContent()}`);
  // The click on its own, so that a click that cannot land fails with Playwright's reason, not as
  // a download that never came.
  const downloaded = page.waitForEvent("download");
  downloaded.catch(() => {});
  await page.getByTestId("bench-download").click();
  const download = await downloaded;
  const file = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  assert.equal(file.schema_version, 2);
  assert.equal(file.machine.arch, "wasm32");
  assert.match(file.machine.user_agent, /Chrom/);
  assert.equal(file.runner.name, "browser");
  assert.match(file.allocator.name, /^dlmalloc/);
  assert.match(file.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.deepEqual(file.cases.map((c) => c.variant), TYPES);
  for (const c of file.cases) {
    assert.equal(c.threads, 1);
    assert.equal(c.repeat_times_ns.length, 3);
    // The inline variants clone 16 bytes, cut to what each keeps inline on wasm32 (HipStr 11,
    // CompactString 12: its handle is 12 bytes there).
    const inline = { "HipStr (inline)": 11, "CompactString (inline)": 12, "SmolStr (inline)": 16, "InlineStr (inline)": 16 };
    assert.equal(c.params.string_len_bytes, inline[c.variant] ?? 64, c.variant);
  }
  assert.deepEqual(errors, []);
});

test("Cancel stops a big run and reports nothing for it", async () => {
  const { page, errors } = await h.open("/bench");
  await page.getByTestId("bench-controls").waitFor();
  await page.locator("#bench-samples").fill("50000000");
  await page.locator("#bench-repeats").fill("20");
  await page.getByTestId("bench-run").click();
  await page.locator('[data-testid="bench-status"][data-state="running"]').waitFor();
  await page.getByText(/Measuring .*: repeat/).waitFor({ timeout: 30_000 });
  await page.getByTestId("bench-cancel").click();
  await page.locator('[data-testid="bench-status"][data-state="cancelled"]').waitFor({ timeout: 10_000 });
  assert.match(await page.getByTestId("bench-status").textContent(), /Cancelled/);
  assert.equal(await page.getByTestId("bench-table").count(), 0, "no results table for a cancelled run");
  assert.equal(await page.locator(`rect.bar[data-series="${BROWSER}"]`).count(), 0, "no browser bars");
  assert.ok(await page.getByTestId("bench-run").isEnabled(), "a new run can start");
  assert.deepEqual(errors, []);
});

test("without native files the page says so, runs from the keyboard and still draws the browser's bars", async () => {
  const { summary_version } = JSON.parse(fs.readFileSync(path.join(dist, "results", "summary.json"), "utf8"));
  const emptyIndex = (context) =>
    context.route("**/results/summary.json", (route) => route.fulfill({ json: { summary_version, machines: [] } }));
  const { page, errors } = await h.open("/bench", { setup: emptyIndex });
  await page.locator('[data-testid="native-status"]', { hasText: "No native single-thread results" }).waitFor();
  await tinyRun(page, { viaKeyboard: true });
  assert.equal(Object.keys(await barValues(page, BROWSER)).length, TYPES.length);
  assert.equal(await page.getByTestId("bench-compare").count(), 0);
  assert.deepEqual(errors, []);
});

for (const [name, options] of [
  ["bench-375", { width: 375, height: 800 }],
  ["bench-375-dark", { width: 375, height: 800, colorScheme: "dark" }],
  ["bench-desktop-dark", { colorScheme: "dark" }],
]) {
  test(`after a run the page fits and reads well: ${name}`, async () => {
    const { page, errors } = await h.open("/bench", options);
    await tinyRun(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
    await screenshot(page, name);
    assert.deepEqual(errors, []);
  });
}

test("the settings live in the address, and a value out of range is clamped with a note saying so", async () => {
  const { page, errors } = await h.open("/bench?samples=200000&repeats=3&mode=forget");
  await page.getByTestId("bench-controls").waitFor();
  assert.equal(await page.locator("#bench-samples").inputValue(), "200000");
  assert.equal(await page.locator("#bench-repeats").inputValue(), "3");
  assert.equal(await page.locator("#bench-mode").inputValue(), "forget");
  await page.locator("#bench-samples").fill("0");
  await page.locator("#bench-samples").press("Tab");
  assert.equal(await page.locator("#bench-samples").inputValue(), "1");
  assert.equal(await page.getByTestId("bench-samples-note").textContent(), "0 is below the smallest, 1: the run uses 1.");
  await page.locator("#bench-len").fill("64");
  await page.locator("#bench-len").press("Tab");
  assert.equal(await page.getByTestId("bench-len-note").textContent(), "", "an in-range value needs no note");
  await page.locator("#bench-mode").selectOption("drop");
  assert.equal(new URL(page.url()).search, "?samples=1&repeats=3", "only what differs from the defaults");
  assert.deepEqual(errors, []);
});
