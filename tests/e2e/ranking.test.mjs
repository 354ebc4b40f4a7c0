// /results at scale: the shipped files plus 70 synthetic ones (scripts/synthetic-results.mjs: 10 browser
// runs, 60 native), so the ranking has more rows than it shows at first and the picker more machines
// than it lists.
// Ranking, search, filters, sort, per-CPU rows, picking for the charts, and the address bar.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { distWithResults, machineRows, readSummary, root, start } from "./harness.mjs";
import { writeSynthetic } from "../../scripts/synthetic-results.mjs";

const SYNTHETIC = 70;
/** Of them, browser runs first; the rest are native, so the ranking's count of native machines does
 *  not hang on how many shipped files are browser runs. */
const SYNTHETIC_BROWSER = 10;
let h, dir, fixtures, summary;

before(async () => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "ranking-results-"));
  fs.cpSync(path.join(root, "content", "results"), fixtures, { recursive: true });
  writeSynthetic(fixtures, SYNTHETIC_BROWSER, { runner: "browser" });
  writeSynthetic(fixtures, SYNTHETIC - SYNTHETIC_BROWSER, { runner: "native-runner", first: SYNTHETIC_BROWSER });
  dir = distWithResults(fixtures);
  summary = readSummary(path.join(dir, "results"));
  h = await start({ dir });
});

after(async () => {
  await h?.close();
  for (const d of [dir, fixtures]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

/** /results once the live ranking has replaced the build's first frame. */
async function openRanking(query = "") {
  const opened = await h.open(`/results${query}`);
  await opened.page.getByTestId("ranking-section").first().waitFor();
  await opened.page.waitForFunction(() => !document.querySelector("[data-first-frame]"));
  return opened;
}

const rowIds = (page) => page.getByTestId("ranking-row").evaluateAll((trs) => trs.map((tr) => tr.dataset.machine));
const native = () => summary.machines.filter((m) => m.headline.most_threads && m.kind !== "browser");

test("the ranking shows 50 native machines, then all of them, one row per machine and allocator; nothing is skipped", async () => {
  const { page, errors } = await openRanking();
  assert.equal(summary.refused?.length ?? 0, 0);
  // 60 synthetic native runs (60 machines) beside the shipped ones: more than the 50 shown first.
  const machines = machineRows(native());
  assert.ok(machines.length > 50, `${machines.length} native machines: too few to test "Show all"`);
  assert.ok(machines.length < native().length, "some shipped machine has several runs, so the fold is tested");
  assert.equal((await rowIds(page)).length, 50);
  await page.getByTestId("ranking-show-all").click();
  assert.deepEqual((await rowIds(page)).sort(), machines.map((r) => r.id).sort());
  // Like with like by default: Arc<str> at one thread ascends down the table, and its heading says so.
  const arc1 = await page.getByTestId("ranking-row").evaluateAll((trs) => trs.map((tr) => parseFloat(tr.querySelector('[data-field="arc1"]').textContent)));
  assert.ok(arc1.every((v, i) => i === 0 || Number.isNaN(v) || v >= arc1[i - 1]), JSON.stringify(arc1));
  assert.match(await page.locator('th[aria-sort="ascending"]').textContent(), /^Arc<str> 1 thread, ns$/);
  assert.ok((await page.getByTestId("machine-option").count()) <= 13, "the picker lists the chosen machine and at most 12 more");
  assert.deepEqual(errors, []);
});

test("the chart goes live before the ranking's headlines; headlines of another build leave the build's ranking up, under a card", async () => {
  // Held back: the explorer must not wait for them.
  let release;
  const held = new Promise((r) => (release = r));
  const { page, errors } = await h.open("/results", {
    beforeLoad: (p) => p.route("**/results/headlines.json", async (route) => {
      await held;
      // A file written for another build: one machine fewer than summary.json lists.
      await route.fulfill({ contentType: "application/json", body: JSON.stringify({ summary_version: summary.summary_version, machines: summary.machines.length - 1, headlines: [] }) });
    }),
  });
  await page.getByTestId("contention-chart").locator(".point").first().waitFor();
  assert.equal(await page.locator("[data-first-frame] [data-testid=static-chart]").count(), 0, "the build's chart gave way to the live one");
  const built = await page.locator("[data-first-frame] [data-testid=ranking-row]").count();
  assert.ok(built > 0, "the build's ranking is still up");
  release();
  const card = page.getByTestId("ranking-load-error");
  await card.waitFor();
  assert.match(await card.textContent(), /headlines\.json: 0 headlines for \d+ machines, but summary\.json has \d+/);
  assert.equal(await page.locator("[data-first-frame] [data-testid=ranking-row]").count(), built, "and stays, since it is right");
  assert.equal(errors.filter((e) => !/headlines/.test(e)).length, 0, errors.join("\n"));
});

test("search finds any machine by label or CPU, in the ranking and as a machine-option; ticking it charts it", async () => {
  const { page, errors } = await openRanking();
  const last = `synthetic-${String(SYNTHETIC - 1).padStart(5, "0")}`;
  await page.getByTestId("machine-search").fill(last);
  await page.waitForURL((url) => url.searchParams.get("q") === last);
  const machine = summary.machines.find((m) => m.label === last);
  assert.equal(machine.kind, "native", "the last synthetic file is a native run");
  const id = machine.file.replace(/\.json$/, "");
  assert.deepEqual(await rowIds(page), [id]);
  const option = page.locator(`[data-testid="machine-option"][data-machine="${id}"]`);
  await option.waitFor();
  await page.locator(`[data-testid="ranking-row"][data-machine="${id}"] input[type=checkbox]`).check();
  await page.waitForURL((url) => (url.searchParams.get("machines") ?? "").split(",").includes(id));
  assert.equal(await option.locator("input").isChecked(), true, "the picker shows the pick");
  await page.waitForFunction((label) => [...document.querySelectorAll('[data-testid="contention-chart"] .point')].some((p) => p.dataset.series.includes(label)), last);
  // By CPU model: every row found has that CPU.
  await page.getByTestId("machine-search").fill("Synthetic M3");
  await page.waitForURL((url) => url.searchParams.get("q") === "Synthetic M3");
  const cpus = await page.getByTestId("ranking-row").evaluateAll((trs) => trs.map((tr) => tr.querySelector('[data-field="cpu"]').textContent));
  assert.ok(cpus.length > 0 && cpus.every((c) => c === "Synthetic M3"), JSON.stringify(cpus));
  assert.deepEqual(errors, []);
});

test("filters, sort and per-CPU rows live in the address bar and come back from it", async () => {
  const { page, errors } = await openRanking("?machines=reference-ryzen5600x-2024");
  await page.getByTestId("filter-vendor").selectOption("Arm");
  await page.locator('button.sort[data-sort="arcmost"]').click();
  await page.waitForURL((url) => url.searchParams.get("vendor") === "Arm" && url.searchParams.get("sort") === "arcmost");
  const arm = machineRows(native().filter((m) => m.vendor === "Arm"));
  const ids = await rowIds(page);
  assert.equal(ids.length, Math.min(50, arm.length));
  const arc = await page.getByTestId("ranking-row").evaluateAll((trs) => trs.map((tr) => parseFloat(tr.querySelector('[data-field="arcmost"]').textContent)));
  assert.ok(arc.every((v, i) => i === 0 || v >= arc[i - 1]), "sorted by Arc<str> at most threads");
  assert.equal(await page.locator('th[aria-sort="ascending"] button[data-sort="arcmost"]').count(), 1);
  await page.getByTestId("ranking-by-cpu").check();
  await page.waitForURL((url) => url.searchParams.get("group") === "cpu");
  assert.deepEqual(await page.getByTestId("cpu-row").evaluateAll((trs) => trs.map((tr) => tr.dataset.cpu)), ["Synthetic Neoverse V2"]);
  const url = new URL(page.url());
  const fresh = await h.open(url.pathname + url.search);
  await fresh.page.getByTestId("cpu-row").first().waitFor();
  assert.equal(await fresh.page.getByTestId("filter-vendor").inputValue(), "Arm");
  assert.equal(await fresh.page.getByTestId("ranking-sort").inputValue(), "arcmost");
  assert.equal(await fresh.page.getByTestId("ranking-by-cpu").isChecked(), true);
  // The explorer's part of the address bar is kept beside the ranking's.
  assert.equal(url.searchParams.get("machines"), "reference-ryzen5600x-2024", url.search);
  assert.deepEqual([...errors, ...fresh.errors], []);
});

test("each CPU model reads as one distribution: machines, median and range", async () => {
  const { page, errors } = await openRanking("?group=cpu");
  const rows = page.getByTestId("cpu-row");
  await rows.first().waitFor();
  const models = new Set(native().map((m) => `${m.cpu}|${m.arch}|${m.kind === "reference" ? "reference" : "native"}`));
  assert.equal(await rows.count(), models.size);
  const zen = page.locator('[data-testid="cpu-row"][data-cpu="Synthetic Zen 4 8-Core"]');
  const machines = Number(await zen.locator('[data-field="count"]').textContent());
  assert.equal(machines, machineRows(native().filter((m) => m.cpu === "Synthetic Zen 4 8-Core")).length);
  assert.match(await zen.locator('[data-field="arcmost"]').textContent(), /^[\d.]+ \([\d.]+–[\d.]+\)$/);
  assert.deepEqual(errors, []);
});

test("a reader's own lab run, kept in this browser, shows where it stands until they forget it", async () => {
  const browserFile = fs.readdirSync(path.join(root, "content/results")).find((f) => f.startsWith("browser-"));
  const own = JSON.parse(fs.readFileSync(path.join(root, "content/results", browserFile), "utf8"));
  own.label = "my-own-run";
  const { page, errors } = await h.open("/results", {
    setup: (context) => context.addInitScript((json) => {
      if (!sessionStorage.getItem("seeded")) localStorage.setItem("arc-str:own-browser-run", json);
      sessionStorage.setItem("seeded", "1");
    }, JSON.stringify(own)),
  });
  const item = page.locator('[data-testid="standings"] li[data-machine="own-run"]');
  await item.waitFor();
  const text = await item.innerText();
  assert.match(text, /^Your browser run \(.*not submitted\)/);
  // Compared with the browser runs only (the synthetic ones included), on the default measure,
  // Arc<str> at one thread (one thread count on every run, so every browser run with it counts).
  const browserRuns = summary.machines.filter((m) => m.kind === "browser" && m.headline.arc_ns_1t != null).length;
  assert.ok(browserRuns >= 2, `${browserRuns} browser runs to compare with`);
  assert.match(text, new RegExp(`on Arc<str>, 1 thread \\(ns/clone\\), better than \\d+ % of the ${browserRuns} other wasm32 browser runs`));
  assert.ok(Number(await item.getAttribute("data-percentile")) >= 0);
  await page.getByTestId("forget-own-run").click();
  await item.waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => localStorage.getItem("arc-str:own-browser-run")), null);
  await page.reload();
  await page.getByTestId("ranking-section").first().waitFor();
  await page.waitForFunction(() => !document.querySelector("[data-first-frame]"));
  assert.equal(await item.count(), 0, "forgotten for good");
  assert.deepEqual(errors, []);
});

test("a run measured in rounds shows its ratios' range across them beside the figure; a single run shows none", async () => {
  const { page, errors } = await openRanking("?q=epyc&files=each");
  // A run with rounds that the search finds (contributed files with rounds may sort before it).
  const withRounds = summary.machines.find((m) => m.headline.ratio_most_rounds && /epyc/i.test(`${m.label} ${m.cpu} ${m.file}`));
  assert.ok(withRounds, "the shipped EPYC rounds run is in the summary");
  const [low, high] = withRounds.headline.ratio_most_rounds;
  const cell = page.locator(`[data-testid="ranking-row"][data-machine="${withRounds.file.replace(/\.json$/, "")}"] [data-field="ratiomost"]`);
  assert.equal(await cell.locator('[data-field="rounds"]').textContent(), ` (rounds ${low.toFixed(2)}–${high.toFixed(2)}×)`);
  const single = page.locator('[data-testid="ranking-row"][data-machine="epyc-2vcpu-jemalloc-2026-11-23"] [data-field="ratiomost"]');
  assert.equal(await single.locator('[data-field="rounds"]').count(), 0);
  assert.deepEqual(errors, []);
});

test("one machine, one row: a machine's runs fold into the newest, at their median, and 'one row per results file' unfolds them", async () => {
  const { page, errors } = await openRanking();
  await page.getByTestId("ranking-show-all").click();
  const folded = machineRows(native()).find((r) => r.files.length > 1);
  assert.ok(folded, "a shipped machine with several runs on one allocator");
  const row = page.locator(`[data-testid="ranking-row"][data-machine="${folded.id}"]`);
  assert.equal(await row.locator('[data-field="runs"]').textContent(), ` · ${folded.files.length} runs, newest shown`);
  // The Arc<str> column is the median of the runs' figures (as the table rounds it: 4 significant digits).
  const values = folded.files.map((id) => summary.machines.find((m) => m.file === `${id}.json`).headline.arc_ns_most).sort((a, b) => a - b);
  const n = values.length;
  const median = n % 2 ? values[(n - 1) / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  assert.equal(parseFloat(await row.locator('[data-field="arcmost"]').textContent()), Number(median.toPrecision(4)));
  for (const id of folded.files.filter((f) => f !== folded.id)) assert.equal(await page.locator(`[data-testid="ranking-row"][data-machine="${id}"]`).count(), 0, `${id} is folded`);
  await page.getByTestId("ranking-each-file").check();
  await page.waitForURL((url) => url.searchParams.get("files") === "each");
  // "Show all" was pressed above and holds.
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="ranking-row"]').length === n, native().length);
  assert.deepEqual((await rowIds(page)).sort(), native().map((m) => m.file.replace(/\.json$/, "")).sort());
  assert.equal(await page.locator('[data-testid="ranking-row"] [data-field="runs"]').count(), 0);
  assert.match(await page.getByTestId("ranking").locator("caption").textContent(), /^\d+ results files, by/);
  assert.deepEqual(errors, []);
});
