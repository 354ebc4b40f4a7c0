// Chapters 6-8: the live SSO, arc-swap and arena benchmarks (tiny runs, Cancel), and the
// recorded-results widgets, which must show this machine's results files. Values are read from
// the page (bars against tables), never judged as timings.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { root, screenshot, start, watchMainThread, framesBetween, MIN_FRAMES } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const BROWSER = "browser (wasm32)";
const SUITES = [
  { slug: "sso-benchmarks", id: "sso-bench", suite: "sso",
    variants: ["vec_string", "boxed_string", "boxed_boxed", "thread_local", "smallvec", "smol_str", "smallvec_smol_str", "inline_buf", "compact_str"],
    fields: { "#sso-bench-repeats": "2" } },
  { slug: "arc-swap", id: "arcswap-bench", suite: "arcswap",
    variants: ["rwlock", "load_full", "load", "cache"], fields: { "#arcswap-bench-repeats": "2" } },
  { slug: "bump-arenas", id: "arena-bench", suite: "arena",
    variants: ["box_node", "bump", "bump_herd"], fields: { "#arena-bench-nodes": "1000", "#arena-bench-repeats": "2" } },
];

// This machine's recorded files, one per suite (the label the runner gave them).
const recorded = (suite) => fs.readdirSync(path.join(root, "content/results"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ file: f, json: JSON.parse(fs.readFileSync(path.join(root, "content/results", f), "utf8")) }))
  .filter(({ json }) => json.cases.some((c) => c.suite === suite));

async function openChapter(slug, opts) {
  const opened = await h.open(`/chapters/${slug}`, opts);
  await opened.page.locator(`[data-testid="chapter"][data-slug="${slug}"]`).waitFor();
  return opened;
}

async function tinyRun(page, s) {
  await page.getByTestId(`${s.id}-controls`).waitFor();
  for (const [sel, value] of Object.entries(s.fields)) await page.locator(sel).fill(value);
  await page.getByTestId(`${s.id}-run`).click();
  await page.locator(`[data-testid="${s.id}-status"][data-state="done"]`).waitFor({ timeout: 90_000 });
}

const bars = (page, chart, series) =>
  page.$$eval(`[data-testid="${chart}"] rect.bar[data-series="${series}"]`, (rects) =>
    Object.fromEntries(rects.map((b) => [b.dataset.x, Number(b.dataset.y)])));

const tableMedians = (table) =>
  table.locator("tbody tr").evaluateAll((rows) => Object.fromEntries(rows.map((r) =>
    [r.dataset.id, Number(r.querySelector('[data-field="median"]').dataset.value)])));

for (const s of SUITES) {
  test(`${s.slug}: deep link, a tiny live ${s.suite} run draws one bar per variant matching its table`, async () => {
    const { page, errors, response } = await openChapter(s.slug, { setup: watchMainThread });
    assert.equal(response.status(), 200);
    // Loading (wasm start-up, the recorded results' chart) is not the benchmark: let it finish first.
    await page.getByTestId(`recorded-${s.suite}-chart`).locator("rect.bar").first().waitFor();
    await page.waitForTimeout(300);
    const runStart = await page.evaluate(() => performance.now());
    await tinyRun(page, s);
    const runEnd = await page.evaluate(() => performance.now());
    const drawn = await bars(page, `${s.id}-chart`, BROWSER);
    assert.deepEqual(Object.keys(drawn).sort(), [...s.variants].sort(), "one bar per variant");
    const medians = await tableMedians(page.getByTestId(`${s.id}-table`));
    assert.deepEqual(drawn, medians, "bars and table agree");
    for (const [v, m] of Object.entries(medians)) assert.ok(m > 0 && Number.isFinite(m), `${v}: ${m}`);
    if (s.suite === "arena") {
      const rates = await page.getByTestId(`${s.id}-table`).locator('[data-field="rate"]').count();
      assert.equal(rates, s.variants.length, "nodes/s column");
    }
    const frames = await framesBetween(page, runStart, runEnd);
    assert.ok(frames >= MIN_FRAMES, `the page drew ${frames} frames in the ${(runEnd - runStart).toFixed(0)} ms the benchmark ran`);
    console.log(`${s.suite} medians (${await page.getByTestId(`${s.id}-table`).getAttribute("data-unit")}):`, JSON.stringify(medians));
    await screenshot(page, `suite-${s.suite}-desktop`);
    assert.deepEqual(errors, []);
  });

  test(`${s.slug}: with JavaScript off, the recorded ${s.suite} results are a table and an SVG chart from the build`, async () => {
    const { page, close } = await h.open(`/chapters/${s.slug}`, { javaScript: false });
    const frame = page.locator(`[data-live="recorded-results"][data-suite="${s.suite}"] > [data-first-frame]`);
    assert.equal(await frame.count(), 1, "the box holds the build's first frame");
    for (const { file, json } of recorded(s.suite)) {
      const medians = await tableMedians(frame.locator(`.recorded-file[data-file="${file}"]`).getByTestId(`recorded-${s.suite}-static-table`));
      const first = json.cases.find((c) => c.params.input_set !== "empty");
      const sameCondition = json.cases.filter((c) => c.suite === s.suite && c.threads === first.threads &&
        JSON.stringify(c.params) === JSON.stringify(first.params));
      assert.deepEqual(Object.keys(medians).sort(), sameCondition.map((c) => c.variant_id).sort(), file);
      // The SVG was drawn at build time by js/charts.js: the same bars the live chart draws.
      assert.deepEqual(await bars(page, `recorded-${s.suite}-static-chart`, json.label), medians, `${file}: bars and table agree`);
    }
    assert.equal(await frame.locator("svg[role=figure]:visible").count(), 1, "one SVG chart");
    await screenshot(page, `static-recorded-${s.suite}`);
    // On a phone, the chart drawn for a phone's width.
    await page.setViewportSize({ width: 375, height: 800 });
    const phone = frame.locator("svg[role=figure]:visible");
    assert.equal(await phone.count(), 1);
    assert.ok((await phone.evaluate((svg) => svg.viewBox.baseVal.width)) < 400, "drawn at a phone's width");
    await close();
  });

  test(`${s.slug}: recorded-results shows this machine's ${s.suite} file as rows and bars`, async () => {
    const { page, errors } = await openChapter(s.slug);
    const widget = page.getByTestId(`recorded-${s.suite}`);
    const files = recorded(s.suite);
    assert.ok(files.length > 0, `a results file with ${s.suite} cases in content/results`);
    for (const { file, json } of files) {
      // Each file's table is folded behind one summary: opened as a reader opens it.
      const tables = widget.getByTestId("recorded-tables");
      if (!(await tables.evaluate((d) => d.open))) await tables.locator("summary").click();
      const block = widget.locator(`.recorded-file[data-file="${file}"]`);
      await block.waitFor();
      const medians = await tableMedians(block.getByTestId(`recorded-${s.suite}-table`));
      // The group shown first is the file's first (for SSO, the first that is not the empty tag
      // list); its medians come from the JSON as written.
      const first = json.cases.find((c) => c.params.input_set !== "empty");
      const sameCondition = json.cases.filter((c) => c.suite === s.suite && c.threads === first.threads &&
        JSON.stringify(c.params) === JSON.stringify(first.params));
      assert.deepEqual(Object.keys(medians).sort(), sameCondition.map((c) => c.variant_id).sort());
      const drawn = await bars(page, `recorded-${s.suite}-chart`, json.label);
      assert.deepEqual(drawn, medians, "bars and table agree");
      assert.equal(await page.locator(`[data-live="recorded-results"][data-suite="${s.suite}"] [data-first-frame]`).count(), 0, "the live widget replaced the build's frame");
      if (s.suite !== "arena") {
        for (const c of sameCondition) assert.equal(medians[c.variant_id], c.median_ns_per_op, c.variant_id);
      }
    }
    assert.deepEqual(errors, []);
  });
}

test("the recorded SSO results switch conditions from the select, and one slow repeat does not flatten the bars", async () => {
  const { page, errors } = await openChapter("sso-benchmarks");
  const select = page.locator("#recorded-sso-condition");
  await select.waitFor();
  const options = await select.locator("option").allTextContents();
  assert.ok(options.some((o) => /input set long, 2 threads/.test(o)), options.join(" | "));
  const value = await select.locator("option", { hasText: "input set long, 2 threads" }).getAttribute("value");
  await select.selectOption(value);
  const [{ file, json }] = recorded("sso");
  const expected = json.cases.find((c) => c.params.input_set === "long" && c.threads === 2 && c.variant_id === "inline_buf");
  const cell = page.locator(`.recorded-file[data-file="${file}"] tr[data-id="inline_buf"] [data-field="median"]`);
  await page.waitForFunction((v) => [...document.querySelectorAll('tr[data-id="inline_buf"] [data-field="median"]')]
    .some((c) => Number(c.dataset.value) === v), expected.median_ns_per_op);
  assert.equal(Number(await cell.getAttribute("data-value")), expected.median_ns_per_op);
  // Here one slow repeat (about 10,000 ns) sits over medians of about 300 ns: the axis stops at twice
  // the largest median, so the bars keep their height, and the long whiskers end in arrowheads.
  const chart = page.getByTestId("recorded-sso-chart");
  await page.waitForFunction(() => document.querySelector('[data-testid="recorded-sso-chart"] rect.bar[data-y]'));
  const { tallest, plot, clipped } = await chart.evaluate((el) => ({
    tallest: Math.max(...[...el.querySelectorAll("rect.bar")].map((b) => b.getBBox().height)),
    plot: el.querySelector(".axis.y .domain").getBBox().height,
    clipped: el.querySelectorAll(".whisker[data-clipped]").length,
  }));
  assert.ok(tallest >= plot * 0.4, `the tallest bar is ${tallest} px of a ${plot} px axis`);
  assert.ok(clipped > 0, "a whisker runs past the axis and says so");
  assert.deepEqual(errors, []);
});

test("Cancel stops a big arena run and reports nothing for it", async () => {
  const { page, errors } = await openChapter("bump-arenas");
  await page.getByTestId("arena-bench-controls").waitFor();
  await page.locator("#arena-bench-nodes").fill("1000000");
  await page.locator("#arena-bench-repeats").fill("20");
  await page.getByTestId("arena-bench-run").click();
  await page.getByText(/Measuring .*: repeat/).waitFor({ timeout: 60_000 });
  await page.getByTestId("arena-bench-cancel").click();
  await page.locator('[data-testid="arena-bench-status"][data-state="cancelled"]').waitFor({ timeout: 10_000 });
  assert.equal(await page.getByTestId("arena-bench-table").count(), 0, "no table for a cancelled run");
  assert.equal(await page.locator(`[data-testid="arena-bench-chart"] rect.bar`).count(), 0, "no bars");
  assert.ok(await page.getByTestId("arena-bench-run").isEnabled(), "a new run can start");
  assert.deepEqual(errors, []);
});

test("the SSO chapter shows InlineStr's bytes live", async () => {
  const { page, errors } = await openChapter("sso-benchmarks");
  await page.getByTestId("sso-input").fill("region:eu-west-1");
  assert.equal(await page.getByTestId("sso-InlineStr").getAttribute("data-inline"), "true");
  await page.getByTestId("sso-input").fill("user_agent:Mozilla/5.0 (X11; Linux x86_64)");
  assert.equal(await page.getByTestId("sso-InlineStr").getAttribute("data-inline"), "false");
  assert.deepEqual(errors, []);
});

for (const [name, options] of [
  ["375", { width: 375, height: 800 }],
  ["375-dark", { width: 375, height: 800, colorScheme: "dark" }],
  ["desktop-dark", { colorScheme: "dark" }],
]) {
  test(`after a run the suite chapters fit and read well: ${name}`, async () => {
    for (const s of SUITES) {
      const { page, errors, close } = await openChapter(s.slug, options);
      await tinyRun(page, s);
      await page.getByTestId(`recorded-${s.suite}-chart`).locator("rect.bar").first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${s.slug}: page is ${overflow}px wider than the viewport`);
      await screenshot(page, `suite-${s.suite}-${name}`);
      assert.deepEqual(errors, []);
      await close();
    }
  });
}
