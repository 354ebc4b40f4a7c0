// The results explorer (/results) against fixture results files (tests/fixtures/results/explorer/,
// written by `cargo run -p wasm-core --example explorer_fixtures`): five good files (the reference
// dataset; a jemalloc/system A/B pair with memory statistics and a timeline; an A/B pair full of
// markup) and two bad ones (rule violations; markup in the label); plus files of the other suites:
// SSO and ArcSwap on the Xeon, arenas on the Xeon and the Ryzen.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { distWithResults, root, screenshot, start } from "./harness.mjs";

const REF = "fixture-ryzen5600x-2024-01-05";
const XEON = "fixture-xeon-2025-02-01";
const XEON_SYS = "fixture-xeon-system-2025-02-01";
const HOSTILE = "hostile-text-2025-03-02";
const XEON_SSO = "fixture-xeon-sso-2025-02-02";
const XEON_ARCSWAP = "fixture-xeon-arcswap-2025-02-02";
const XEON_ARENA = "fixture-xeon-arena-2025-02-02";
const REF_ARENA = "fixture-ryzen5600x-arena-2024-01-06";
const FIXTURES = path.join(root, "tests/fixtures/results/explorer");

let h;
let dir;
before(async () => {
  dir = distWithResults(FIXTURES);
  h = await start({ dir });
});
after(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The marks a chart drew: [{ series, x, y }] in drawing order. */
async function marks(page, testId) {
  const chart = page.getByTestId(testId);
  await chart.locator(".point").first().waitFor();
  return chart.locator(".point").evaluateAll((els) =>
    els.map((e) => ({ series: e.dataset.series, x: Number(e.dataset.x), y: Number(e.dataset.y) })),
  );
}

/** The bars a chart drew: [{ series, x, y }] in drawing order (x is the variant id). */
async function bars(page, testId) {
  const chart = page.getByTestId(testId);
  await chart.locator("rect.bar").first().waitFor();
  return chart.locator("rect.bar").evaluateAll((els) =>
    els.map((e) => ({ series: e.dataset.series, x: e.dataset.x, y: Number(e.dataset.y) })),
  );
}

/** The rows of a chart's table: [{ series, x, y }]. */
async function tableRows(page, testId) {
  return page.getByTestId(testId).locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({ series: tr.dataset.series, x: tr.dataset.x, y: Number(tr.querySelector('[data-field="y"]').textContent) })),
  );
}

/** Every drawn mark has a table row with the same series, x and (to 4 significant digits) y. */
function assertTableMatches(rows, drawn) {
  assert.equal(rows.length, drawn.length);
  for (const p of drawn) {
    const row = rows.find((r) => r.series === p.series && String(r.x) === String(p.x));
    assert.ok(row, `a row for ${p.series} at ${p.x}`);
    assert.ok(Math.abs(row.y - p.y) <= 1e-3 * p.y, `${p.series} at ${p.x}: table ${row.y}, chart ${p.y}`);
  }
}

/** Points per series name, in first-seen order. */
function perSeries(points) {
  const counts = new Map();
  for (const p of points) counts.set(p.series, (counts.get(p.series) ?? 0) + 1);
  return [...counts];
}

async function openExplorer(query = "", options) {
  const opened = await h.open(`/results${query}`, options);
  await opened.page.getByTestId("explorer").waitFor();
  return opened;
}

test("without the article's dataset among the files the explorer charts the first machine and badges none", async () => {
  const { page, errors, response } = await openExplorer();
  assert.equal(response.status(), 200);
  const points = await marks(page, "contention-chart");
  assert.deepEqual(perSeries(points), [["Arc<str>", 5], ["String", 5], ["Box<str>", 5]]);
  assert.deepEqual([...new Set(points.map((p) => p.x))], [1, 2, 4, 8, 12]);
  const options = page.getByTestId("machine-option");
  assert.equal(await options.count(), 5, "every good file is a machine");
  const first = page.locator(`[data-testid="machine-option"][data-machine="${REF}"]`);
  // The reference badge belongs to the one imported file (by SHA-256), never to a fixture.
  assert.equal(await page.getByTestId("reference-badge").count(), 0);
  assert.equal(await first.locator("input").isChecked(), true);
  // Arc<str> pulls ahead of String past one thread, as in the article's data.
  const at = (series, x) => points.find((p) => p.series === series && p.x === x).y;
  assert.ok(at("Arc<str>", 1) < at("String", 1) && at("Arc<str>", 12) > at("String", 12));
  // With one machine chosen, neither legend nor marks name it: the line above the chart does.
  const label = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${REF}.json`), "utf8")).label;
  assert.equal(await page.getByTestId("contention-chart-machines").textContent(), `Machine: ${label}`);
  // Two machines: both named.
  await page.locator(`[data-testid="machine-option"][data-machine="${XEON}"] input`).check();
  const xeon = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${XEON}.json`), "utf8")).label;
  await page.waitForFunction((want) => document.querySelector('[data-testid="contention-chart-machines"]')?.textContent === want,
    `Machines: ${label}, ${xeon}`);
  assert.deepEqual(errors, []);
});

test("without JavaScript the build's chart names its machine too", async () => {
  const { page, close } = await h.open("/results", { javaScript: false });
  // The first frame is drawn from the shipped files, whatever this test's folder holds.
  const shipped = fs.readdirSync(path.join(root, "content/results")).filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(root, "content/results", f), "utf8")).label);
  const line = await page.getByTestId("static-chart-machines").textContent();
  const named = line.match(/^Machine: (.+)$/);
  assert.ok(named && shipped.includes(named[1]), line);
  await close();
});

test("each bad file gets an error card naming it and its problems; the rest still render", async () => {
  const { page, errors } = await openExplorer();
  const cards = page.getByTestId("results-error");
  await cards.first().waitFor();
  assert.deepEqual(
    (await cards.evaluateAll((els) => els.map((e) => e.dataset.file))).sort(),
    ["broken-2025-03-01.json", "hostile-label-2025-03-02.json"],
  );
  const broken = page.locator('[data-testid="results-error"][data-file="broken-2025-03-01.json"]');
  const text = await broken.textContent();
  assert.match(text, /broken-2025-03-01\.json/);
  for (const problem of ["created_at: is not one RFC 3339", "cases[0].threads: must be at least 1", "cases[1].median_ns_per_op: is 1 but"]) {
    assert.ok(text.includes(problem), `card lists "${problem}": ${text}`);
  }
  assert.ok((await marks(page, "contention-chart")).length > 0, "good files still chart");
  assert.deepEqual(errors, []);
});

test("markup in results files stays inert text", async () => {
  const dialogs = [];
  const { page, errors } = await h.open("/");
  page.on("dialog", async (d) => { dialogs.push(d.message()); await d.dismiss(); });
  await page.goto(`${h.base}/results?machines=${HOSTILE}`);
  assert.deepEqual(perSeries(await marks(page, "contention-chart")).map(([name]) => name), ["Arc<str>", "String", "Box<str>"]);
  // The label and CPU model are shown as the characters they are.
  await page.locator(".claimed-label", { hasText: "<img src=x onerror=alert(1)>" }).waitFor();
  await page.locator(".machine-desc", { hasText: "<img src=x onerror=alert(1)> · <script>alert(2)</script>" }).first().waitFor();
  await page.locator(".badge.allocator", { hasText: "<b>jemalloc</b>" }).waitFor();
  // Allocator names reach d3 (legend, data attributes) and the table through the A/B chart.
  const ab = await marks(page, "allocator-ab-chart");
  assert.deepEqual(perSeries(ab).map(([name]) => name).slice(0, 2), ["Arc<str> · <b>jemalloc</b>", "Arc<str> · <img src=x onerror=alert(3)>"]);
  await page.getByTestId("allocator-ab-chart").locator(".legend text", { hasText: "<img src=x onerror=alert(3)>" }).first().waitFor();
  const section = page.getByTestId("allocator-ab");
  await section.locator("summary").click();
  await section.locator("th", { hasText: "<img src=x onerror=alert(3)>" }).first().waitFor();
  await page.waitForTimeout(300);
  const injected = await page.evaluate(() => ({
    img: document.querySelectorAll("img").length,
    b: document.querySelectorAll("b").length,
    handlers: document.querySelectorAll("[onerror], [onload]").length,
    scripts: [...document.querySelectorAll("script")].filter((s) => s.textContent.includes("alert")).length,
  }));
  assert.deepEqual(injected, { img: 0, b: 0, handlers: 0, scripts: 0 });
  assert.deepEqual(dialogs, [], "no script from a results file ran");
  assert.deepEqual(errors, []);
});

test("the URL keeps the chart state and restores it", async () => {
  const { page, errors } = await openExplorer();
  await marks(page, "contention-chart");
  await page.locator(`[data-testid="machine-option"][data-machine="${XEON}"] input`).check();
  await page.selectOption("#view-select", "ratio");
  await page.selectOption("#mode-select", "both");
  await page.selectOption("#scale-select", "log");
  await page.waitForURL((url) => url.searchParams.get("scale") === "log");
  const url = new URL(page.url());
  assert.equal(url.pathname, "/results");
  assert.deepEqual(Object.fromEntries(url.searchParams), { machines: `${REF},${XEON}`, view: "ratio", mode: "both", scale: "log" });
  const drawn = await marks(page, "contention-chart");
  assert.deepEqual(perSeries(drawn).map(([name]) => name), [
    "Arc<str> ÷ String · fixture-ryzen5600x · drop",
    "Arc<str> ÷ String · fixture-ryzen5600x · forget",
    "Arc<str> ÷ String · fixture-xeon · drop",
    "Arc<str> ÷ String · fixture-xeon · forget",
    "equal cost (1×)",
  ]);
  // The ratio crosses 1: Arc<str> is the faster clone alone, String under contention.
  const ref = drawn.filter((p) => p.series.endsWith("ryzen5600x · drop"));
  assert.ok(ref[0].y < 1 && ref.at(-1).y > 1, JSON.stringify(ref));

  const fresh = await h.open(url.pathname + url.search);
  const again = await marks(fresh.page, "contention-chart");
  assert.deepEqual(again, drawn, "same chart from the URL alone");
  assert.equal(await fresh.page.locator("#view-select").inputValue(), "ratio");
  assert.equal(await fresh.page.locator("#mode-select").inputValue(), "both");
  assert.equal(await fresh.page.locator("#scale-select").inputValue(), "log");
  assert.equal(await fresh.page.locator(`[data-testid="machine-option"][data-machine="${XEON}"] input`).isChecked(), true);
  assert.equal(await fresh.page.locator(`[data-testid="machine-option"][data-machine="${XEON_SYS}"] input`).isChecked(), false);
  assert.deepEqual([...errors, ...fresh.errors], []);
});

test("the Types control narrows the lines to one kind of clone, and the link keeps it", async () => {
  const { page, errors } = await openExplorer(`?machines=${REF}&view=time&mode=drop&scale=linear`);
  const names = async () => perSeries(await marks(page, "contention-chart")).map(([name]) => name);
  assert.deepEqual(await names(), ["Arc<str>", "String", "Box<str>"]);
  await page.selectOption("#types-select", "allocation");
  await page.waitForURL((url) => url.searchParams.get("types") === "allocation");
  await page.waitForFunction(() => !document.querySelector('[data-testid="contention-chart"] .point[data-series="Arc<str>"]'));
  assert.deepEqual(await names(), ["String", "Box<str>"]);
  const fresh = await h.open(new URL(page.url()).pathname + new URL(page.url()).search);
  assert.deepEqual(perSeries(await marks(fresh.page, "contention-chart")).map(([name]) => name), ["String", "Box<str>"]);
  assert.equal(await fresh.page.locator("#types-select").inputValue(), "allocation");
  // Nothing of a kind these files measured: the chart says so rather than drawing nothing.
  await fresh.page.selectOption("#types-select", "copy");
  await fresh.page.getByTestId("contention-chart-empty").waitFor();
  // The ratio view is Arc<str> against String, whatever the filter: no Types control there.
  await fresh.page.selectOption("#view-select", "ratio");
  await fresh.page.locator("#types-select").waitFor({ state: "detached" });
  assert.deepEqual([...errors, ...fresh.errors], []);
});

test("the table shows the chart's numbers", async () => {
  const { page, errors } = await openExplorer(`?machines=${REF},${XEON}&view=time&mode=forget&scale=linear`);
  const drawn = await marks(page, "contention-chart");
  assert.equal(drawn.length, 3 * 5 + 3 * 4);
  const rows = await page.getByTestId("contention-chart-table").locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({ series: tr.dataset.series, x: Number(tr.dataset.x), y: Number(tr.querySelector('[data-field="y"]').textContent) })),
  );
  assert.equal(rows.length, drawn.length);
  for (const p of drawn) {
    const row = rows.find((r) => r.series === p.series && r.x === p.x);
    assert.ok(row, `a row for ${p.series} at ${p.x}`);
    assert.ok(Math.abs(row.y - p.y) <= 1e-3 * p.y, `${p.series} at ${p.x}: table ${row.y}, chart ${p.y}`);
  }
  assert.deepEqual(errors, []);
});

test("each suite lists its own files and charts bars per variant, with the same numbers in the table", async () => {
  const { page, errors } = await openExplorer();
  await marks(page, "contention-chart");
  const listed = () => page.getByTestId("machine-option").evaluateAll((els) => els.map((e) => e.dataset.machine));
  const expected = {
    // SSO: 9 variants; the default condition skips the empty input set.
    sso: { machines: [XEON_SSO], series: [["fixture-xeon-sso", 9]], condition: "t1-short" },
    arcswap: { machines: [XEON_ARCSWAP], series: [["fixture-xeon-arcswap", 4]], condition: "t1-nowriter" },
    // The Ryzen's arena file comes first; bumpalo::Bump only ran on one thread.
    arena: { machines: [REF_ARENA, XEON_ARENA], series: [["fixture-ryzen5600x-arena", 4]], condition: "t1-n100000" },
  };
  for (const [suite, want] of Object.entries(expected)) {
    await page.selectOption("#suite-select", suite);
    await page.waitForURL((url) => url.searchParams.get("suite") === suite);
    assert.deepEqual(await listed(), want.machines, `${suite}: the picker lists the files with ${suite} cases`);
    assert.equal(await page.locator("#view-select").count(), 0, "the clone views are not offered");
    assert.equal(await page.locator("#condition-select").inputValue(), want.condition);
    const drawn = await bars(page, "suite-chart");
    assert.deepEqual(perSeries(drawn), want.series, suite);
    await page.getByTestId("suite-chart").locator("rect.bar").first().hover();
    assert.match(await page.getByTestId("suite-chart").textContent(), /median/, `${suite}: a tooltip on hover`);
    assertTableMatches(await tableRows(page, "suite-chart-table"), drawn);
  }
  // ArcSwap with a writer, 4 readers: one bar per read variant.
  await page.selectOption("#suite-select", "arcswap");
  await page.selectOption("#condition-select", "t4-writer1000");
  await page.waitForURL((url) => url.searchParams.get("condition") === "t4-writer1000");
  const writer = await bars(page, "suite-chart");
  assert.deepEqual(writer.map((b) => b.x), ["rwlock", "load_full", "load", "cache"]);
  assert.ok(writer.find((b) => b.x === "cache").y < writer.find((b) => b.x === "rwlock").y);
  // Back to clone: the contention view as before.
  await page.selectOption("#suite-select", "clone");
  assert.deepEqual(perSeries(await marks(page, "contention-chart")), [["Arc<str>", 5], ["String", 5], ["Box<str>", 5]]);
  assert.equal(await page.getByTestId("machine-option").count(), 5);
  assert.deepEqual(errors, []);
});

test("an arena comparison kept in the URL restores from it, its bars on a linear scale", async () => {
  const { page, errors } = await openExplorer("?suite=arena");
  await bars(page, "suite-chart");
  await page.locator(`[data-testid="machine-option"][data-machine="${XEON_ARENA}"] input`).check();
  await page.selectOption("#condition-select", "t2-n100000");
  await page.waitForURL((url) => url.searchParams.get("condition") === "t2-n100000");
  const url = new URL(page.url());
  const { scale, ...params } = Object.fromEntries(url.searchParams);
  assert.deepEqual(params, { machines: `${REF_ARENA},${XEON_ARENA}`, view: "time", mode: "drop", suite: "arena", condition: "t2-n100000" });
  // Bars are always linear (a bar's length is its value), so there is no scale to pick here.
  assert.equal(await page.locator("#scale-select").count(), 0);
  // The ticked machine's file arrives after the address changes: wait for its bars (a loaded CI
  // machine once read the chart before they were drawn).
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="suite-chart"] rect.bar')].some((r) => r.dataset.series === "fixture-xeon-arena"));
  const drawn = await bars(page, "suite-chart");
  const lengths = await page.getByTestId("suite-chart").locator("rect.bar").evaluateAll((rects) => rects.map((r) => [Number(r.dataset.y), r.getBBox().height]));
  const [[y0, h0]] = lengths;
  for (const [y, h] of lengths) assert.ok(Math.abs(h / h0 - y / y0) < 0.02, `bar of ${y} is ${h} px against ${h0} px for ${y0}`);
  assert.deepEqual(perSeries(drawn), [["fixture-ryzen5600x-arena", 3], ["fixture-xeon-arena", 3]], "no bumpalo::Bump on 2 threads");
  await page.getByTestId("suite-chart").locator("rect.bar").first().hover();
  assert.match(await page.getByTestId("suite-chart").textContent(), /ms per list.*nodes\/s/s, "tooltips give ms per list and nodes/s");

  const fresh = await h.open(url.pathname + url.search);
  assert.deepEqual(await bars(fresh.page, "suite-chart"), drawn, "same chart from the URL alone");
  assert.equal(await fresh.page.locator("#suite-select").inputValue(), "arena");
  assert.equal(await fresh.page.locator("#condition-select").inputValue(), "t2-n100000");
  assert.equal(await fresh.page.locator(`[data-testid="machine-option"][data-machine="${XEON_ARENA}"] input`).isChecked(), true);
  assertTableMatches(await tableRows(fresh.page, "suite-chart-table"), drawn);
  assert.deepEqual([...errors, ...fresh.errors], []);
});

for (const [suite, query] of [["sso", `machines=${XEON_SSO}`], ["arcswap", `machines=${XEON_ARCSWAP}`], ["arena", `machines=${REF_ARENA},${XEON_ARENA}`]]) {
  for (const width of [1280, 375]) {
    test(`${suite} view at ${width}px: no sideways scroll (screenshot)`, async () => {
      const { page, errors } = await openExplorer(`?${query}&suite=${suite}`, { width, height: 900 });
      await bars(page, "suite-chart");
      await page.getByTestId("suite-chart").locator("rect.bar").first().hover();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
      await screenshot(page, `explorer-${suite}-${width}`);
      assert.deepEqual(errors, []);
    });
  }
}

test("allocator A/B appears where one machine ran with both allocators", async () => {
  const { page, errors } = await openExplorer(`?machines=${XEON}&view=time&mode=drop&scale=linear`);
  const points = await marks(page, "allocator-ab-chart");
  assert.deepEqual(perSeries(points), [
    ["Arc<str> · jemalloc", 4], ["Arc<str> · system", 4],
    ["String · jemalloc", 4], ["String · system", 4],
    ["Box<str> · jemalloc", 4], ["Box<str> · system", 4],
  ]);
  const only = await openExplorer(`?machines=${REF}`);
  await marks(only.page, "contention-chart");
  assert.equal(await only.page.getByTestId("allocator-ab").count(), 0, "the reference machine has one allocator");
  assert.deepEqual([...errors, ...only.errors], []);
});

test("memory view: mapped and resident after drop vs forget, and the mapped timeline", async () => {
  const { page, errors } = await openExplorer(`?machines=${XEON}&view=memory&mode=both&scale=linear`);
  const mapped = await marks(page, "memory-mapped-chart");
  assert.equal(perSeries(mapped).length, 6);
  const mib = (series, x) => mapped.find((p) => p.series === series && p.x === x).y;
  assert.ok(mib("String · forget", 8) > 10 * mib("String · drop", 8), "leaking maps fresh memory");
  assert.equal(mib("Arc<str> · forget", 8), mib("Arc<str> · drop", 8), "Arc<str> clones allocate nothing");
  assert.equal(perSeries(await marks(page, "memory-resident-chart")).length, 6);
  const timeline = await marks(page, "mapped-timeline-chart");
  assert.deepEqual(perSeries(timeline).map(([, n]) => n), [11, 11, 11, 11]);

  const none = await openExplorer(`?machines=${REF}&view=memory`);
  await none.page.getByTestId("memory-mapped-chart-empty").waitFor();
  await none.page.getByTestId("mapped-timeline-chart-empty").waitFor();
  assert.deepEqual([...errors, ...none.errors], []);
});

test("the submit page gives the runner commands, under the same Content-Security-Policy", async () => {
  const { page, errors, response } = await h.open("/submit");
  assert.equal(response.status(), 200);
  await page.getByRole("heading", { name: "Submit your results" }).waitFor();
  const text = await page.locator("main").textContent();
  assert.ok(text.includes("cargo run --release -p native-runner -- clone --label YOUR-LABEL"));
  assert.ok(text.includes("cargo run --release -p native-runner -- validate content/results/"));
  assert.ok(text.includes("no host name, no user name"));
  // The label field fills every command; a bad label is named and the placeholder stays.
  const commands = () => page.getByTestId("submit-commands").allTextContents().then((t) => t.join("\n"));
  // (static.test.mjs covers typing before the wasm arrives; here the island is live first.)
  await page.locator('[data-live="submit-steps"][data-mounted]').waitFor();
  await page.getByTestId("submit-label").fill("my-laptop");
  await page.waitForFunction(() => document.querySelector('[data-testid="submit-commands"]').textContent.includes("--label my-laptop"));
  const filled = await commands();
  assert.ok(filled.includes("validate content/results/my-laptop-*.json --submission") && filled.includes("git switch -c results/my-laptop"), filled);
  assert.ok(!filled.includes("YOUR-LABEL"), filled);
  await page.getByTestId("submit-label").fill("my laptop");
  assert.match(await page.getByTestId("submit-label-note").textContent(), /contains ' '/);
  assert.ok((await commands()).includes("--label YOUR-LABEL"));
  assert.equal(await page.locator("main button[data-copy]").count(), await page.getByTestId("submit-commands").count());
  assert.equal(await page.locator('main a[href="https://github.com/BlockListed/arc_str_perf"]').count(), 1);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"));
  assert.match(scriptSrc, /^script-src 'self' 'wasm-unsafe-eval'/);
  assert.ok(!scriptSrc.includes("unsafe-inline"), scriptSrc);
  await screenshot(page, "submit-1280-light");
  const phone = await h.open("/submit", { width: 375, height: 740, colorScheme: "dark" });
  await phone.page.getByRole("heading", { name: "Submit your results" }).waitFor();
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `submit page is ${overflow}px wider than a phone`);
  await screenshot(phone.page, "submit-375-dark");
  assert.deepEqual([...errors, ...phone.errors], [], "no CSP violation or other console error");
});

for (const [width, scheme] of [[1280, "light"], [1280, "dark"], [375, "light"], [375, "dark"]]) {
  test(`explorer at ${width}px, ${scheme}: no sideways scroll (screenshot)`, async () => {
    const { page, errors } = await openExplorer(`?machines=${REF},${XEON}&view=ratio&mode=drop&scale=linear`, {
      width, height: 900, colorScheme: scheme,
    });
    await marks(page, "allocator-ab-chart");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
    await screenshot(page, `explorer-${width}-${scheme}`);
    assert.deepEqual(errors, []);
  });
}

test("a machine's card names its file (downloadable), when it ran and its compiler, without raw Markdown", async () => {
  const { page, errors } = await h.open("/results");
  const card = (id) => page.locator(`[data-testid="machine-option"][data-machine="${id}"]`);
  await card(XEON).waitFor();
  const link = card(XEON).locator("a.machine-file:not(.machine-page)");
  assert.equal(await link.getAttribute("href"), `/results/${XEON}.json`);
  assert.equal(await link.getAttribute("download"), `${XEON}.json`);
  // Its page (every case, the machine card) beside the raw file.
  assert.equal(await card(XEON).locator("a.machine-page").getAttribute("href"), `/results/${XEON}/`);
  const facts = await card(XEON).getByTestId("machine-facts").textContent();
  assert.match(facts, /^run \d{4}-\d{2}-\d{2}/);
  assert.match(facts, /rustc /);
  assert.ok(!(await card(REF).textContent()).includes("`"), "no raw Markdown backticks");
  // The cards count logical CPUs; "threads" on this page are the ones cloning at once.
  assert.match(await card(XEON).textContent(), /\d+ logical CPUs/);
  assert.deepEqual(errors, []);
});
