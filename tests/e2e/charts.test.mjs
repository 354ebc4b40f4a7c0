// Charts read the same everywhere and work by touch: a tap or keyboard focus shows a mark's value
// (an SVG <title> only shows on a mouse's hover), and one encoding holds on every page: colour is the
// type, the marker shape the machine.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { allMounted, dist, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const CLONE_CHART = '[data-testid="recorded-clone-chart"]';

/** The bars of the chart `host`: `{ fills: { category → fill }, markers: { machine → marker } }`.
 *  Throws where one category has two fills or one machine two markers in the chart. */
async function bars(page, host) {
  await page.locator(`${host} rect.bar`).first().waitFor();
  return page.evaluate((host) => {
    const fills = {};
    const markers = {};
    const once = (map, key, value, what) => {
      if (key in map && map[key] !== value) throw new Error(`${key} has two ${what} in one chart`);
      map[key] = value;
    };
    for (const bar of document.querySelectorAll(`${host} rect.bar`)) once(fills, bar.dataset.x, bar.getAttribute("fill"), "colours");
    for (const m of document.querySelectorAll(`${host} path.bar-marker`)) {
      once(markers, m.dataset.series.replace(/^native: /, ""), `${m.dataset.marker}.${m.dataset.run ?? ""}`, "markers");
    }
    return { fills, markers };
  }, host);
}

/** `{ type → fill }` of the points of the line chart `host` (an outline shape's colour is its
 *  stroke's).
 *  Throws where one type has two colours in the chart. */
async function lineFills(page, host) {
  await page.locator(`${host} .point`).first().waitFor({ timeout: 20_000 });
  return page.evaluate((host) => {
    const fills = {};
    for (const p of document.querySelectorAll(`${host} .point`)) {
      const type = p.dataset.series.split(" · ")[0];
      const fill = p.getAttribute("fill") === "none" ? p.getAttribute("stroke") : p.getAttribute("fill");
      if (type in fills && fills[type] !== fill) throw new Error(`${type} has two colours in one chart`);
      fills[type] = fill;
    }
    return fills;
  }, host);
}

test("a tap on a bar shows its value on a phone, and a tap elsewhere hides it", async () => {
  const { page, errors } = await h.open("/chapters/what-instead", { width: 390, height: 844, touch: true });
  const chart = page.locator(CLONE_CHART);
  const bar = chart.locator("rect.bar").nth(3);
  await bar.scrollIntoViewIfNeeded();
  const tip = chart.locator(".chart-tooltip");
  assert.equal(await tip.isVisible().catch(() => false), false, "no tip before a tap");
  await bar.tap();
  await tip.waitFor({ state: "visible" });
  const said = await tip.textContent();
  assert.equal(said, await bar.getAttribute("aria-label"), "the tip says what the mark's name says");
  assert.match(said, /median [\d.,]+ ns per clone/);
  const box = await tip.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the tip stays on screen: ${JSON.stringify(box)}`);
  await screenshot(page, "chart-tap-phone");
  await page.locator("h1").tap();
  await tip.waitFor({ state: "hidden" });
  assert.deepEqual(errors, []);
});

test("the keyboard reaches a chart at one tab stop and walks its marks with the arrow keys", async () => {
  const { page } = await h.open("/chapters/what-instead");
  const chart = page.locator(CLONE_CHART);
  await chart.locator("rect.bar").first().waitFor();
  assert.equal(await chart.locator('[data-tip][tabindex="0"]').count(), 1, "one tab stop per chart");
  // Tab from the element just before the chart lands on it.
  await page.evaluate((host) => {
    const stop = document.querySelector(`${host} [data-tip][tabindex="0"]`);
    const all = [...document.querySelectorAll("a[href], button, input, select, summary, [tabindex='0']")];
    all[all.indexOf(stop) - 1].focus();
  }, CLONE_CHART);
  await page.keyboard.press("Tab");
  const focused = () => page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  const first = await focused();
  assert.ok(first, "a mark has focus");
  const tip = chart.locator(".chart-tooltip");
  assert.equal(await tip.textContent(), first);
  await page.keyboard.press("ArrowRight");
  const second = await focused();
  assert.notEqual(second, first);
  assert.equal(await tip.textContent(), second, "the tip follows the focus");
  assert.equal(await chart.locator('[data-tip][tabindex="0"]').getAttribute("aria-label"), second, "the tab stop moves with it");
  await page.keyboard.press("Escape");
  await tip.waitFor({ state: "hidden" });
});

test("one rule on every chart: colour is the type, the marker the machine, the same on every page", async () => {
  const chapter = await h.open("/chapters/what-instead");
  const inChapter = await bars(chapter.page, CLONE_CHART);
  const bench = await h.open("/bench");
  const onBench = await bars(bench.page, '[data-testid="bench-chart"]');
  const sso = await h.open("/results?suite=sso");
  const onResults = await bars(sso.page, '[data-testid="suite-chart"]');
  // A type's colour: the same in chapter 10 (bars placed by id) and on /bench (by name).
  for (const [id, name] of [["arc_str", "Arc<str>"], ["string", "String"], ["box_str", "Box<str>"]]) {
    assert.ok(inChapter.fills[id] && onBench.fills[name], `${id} is drawn on both pages`);
    assert.equal(onBench.fills[name], inChapter.fills[id], `${name}'s colour on /bench and in chapter 10`);
  }
  // A line chart says the same: /results' time chart (live) and a file's page (drawn at build time)
  // colour each type as the bars do, so no colour means a machine anywhere.
  const lines = await h.open("/results?machines=epyc-2vcpu-jemalloc-2026-11-23,xeon-2.1ghz-2vcpu-jemalloc-2026-11-21&view=time");
  const filePage = await h.open("/results/epyc-2vcpu-jemalloc-2026-11-23/");
  for (const type of [await lineFills(lines.page, '[data-testid="contention-chart"]'), await lineFills(filePage.page, '[data-testid="file-chart"]')]) {
    for (const [id, name] of [["arc_str", "Arc<str>"], ["string", "String"]]) assert.equal(type[name], inChapter.fills[id], `${name} on a line chart and in chapter 10`);
  }
  // Types in one chart differ.
  for (const { fills } of [inChapter, onBench, onResults]) assert.equal(new Set(Object.values(fills)).size, Object.keys(fills).length, `one colour per type: ${JSON.stringify(fills)}`);
  // A machine's marker: the same wherever it appears, and files in one chart differ by marker
  // (another machine) or run number (another file of one machine).
  const shape = (mark) => mark.split(".")[0];
  const shared = Object.keys(inChapter.markers).filter((name) => name in onBench.markers);
  assert.ok(shared.length >= 3, `machines on both pages: ${shared}`);
  for (const name of shared) assert.equal(shape(onBench.markers[name]), shape(inChapter.markers[name]), `${name}'s marker on /bench and in chapter 10`);
  for (const [name, mark] of Object.entries(onResults.markers)) if (name in inChapter.markers) assert.equal(shape(mark), shape(inChapter.markers[name]), `${name} on /results`);
  for (const { markers } of [inChapter, onBench]) assert.equal(new Set(Object.values(markers)).size, Object.keys(markers).length, "one marker and number per file in a chart");
  // The legend names each machine by its marker, not by a colour swatch.
  const legend = await chapter.page.locator(`${CLONE_CHART} g.legend`).first().evaluate((g) => ({ markers: g.querySelectorAll("path").length, swatches: g.querySelectorAll("rect:not(.noisy-key)").length }));
  assert.ok(legend.markers >= shared.length && legend.swatches === 0, JSON.stringify(legend));
});

test("a machine's marker comes from what its files record: one machine, one shape, on its files' pages and in the explorer", async () => {
  // Each file's machine, as the catalogue ranks it from what the file records (wasm_core::machine_key).
  const { machines } = JSON.parse(fs.readFileSync(path.join(dist, "results", "summary.json"), "utf8"));
  const machineOf = new Map(machines.map((m) => [m.file.replace(/\.json$/, ""), m.hardware]));
  // Each file's own page (its chart is drawn at build time, so no JavaScript is needed to read it).
  const onPage = new Map();
  // Only read: one page visits every file's page, and another the explorer (harness `tour`).
  const filePages = await h.tour({ javaScript: false });
  for (const id of machineOf.keys()) {
    const { page } = await filePages.visit(`/results/${id}/`);
    const marks = await page.locator('[data-testid="file-chart"] .point').evaluateAll((els) => [...new Set(els.map((e) => e.dataset.marker))]);
    if (marks.length === 0) continue; // no contention chart on this file's page
    assert.equal(marks.length, 1, `${id}: one marker on its own page, got ${marks}`);
    onPage.set(id, marks[0]);
  }
  assert.ok(onPage.size >= 8, `files with a chart on their page: ${onPage.size}`);
  const ids = [...onPage.keys()];
  for (const a of ids) {
    for (const b of ids) {
      const same = machineOf.get(a) === machineOf.get(b);
      assert.equal(onPage.get(a) === onPage.get(b), same, `${a} and ${b} are ${same ? "one machine" : "two machines"}: markers ${onPage.get(a)}, ${onPage.get(b)}`);
    }
  }
  // In the explorer, one file at a time: the same marker as on its page, whatever else is loaded.
  await filePages.close();
  const explorer = await h.tour();
  for (const id of ids.slice(0, 4)) {
    const { page } = await explorer.visit(`/results?machines=${id}&view=time`);
    await page.locator('[data-testid="contention-chart"] .point').first().waitFor({ timeout: 20_000 });
    const marks = await page.locator('[data-testid="contention-chart"] .point').evaluateAll((els) => [...new Set(els.map((e) => e.dataset.marker))]);
    assert.deepEqual(marks, [onPage.get(id)], `${id} in the explorer`);
  }
  await explorer.close();
  // Two files of one machine in one chart share its marker and carry the numbers 1 and 2.
  const [first, second] = ids.filter((id) => machineOf.get(id) === machineOf.get("epyc-2vcpu-jemalloc-2026-11-23"));
  const { page } = await h.open(`/results?machines=${first},${second}&view=time`);
  const chart = page.getByTestId("contention-chart");
  await chart.locator(".point").first().waitFor({ timeout: 20_000 });
  const drawn = await chart.locator(".point").evaluateAll((els) => [...new Set(els.map((e) => `${e.dataset.marker}.${e.dataset.run}`))].sort());
  assert.deepEqual(drawn, [`${onPage.get(first)}.1`, `${onPage.get(first)}.2`]);
  assert.ok((await chart.locator(".run-tag").count()) > 0, "the numerals are drawn");
});

test("on a phone a chart of many machines × many types lays its bars sideways, each thick enough to see and tap", async () => {
  const phone = await h.open("/chapters/what-instead", { width: 390, height: 844 });
  const chart = phone.page.locator(CLONE_CHART);
  await chart.locator("rect.bar").first().waitFor();
  assert.equal(await chart.locator("svg").getAttribute("data-layout"), "sideways");
  const sizes = await chart.locator("rect.bar").evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().height));
  assert.ok(sizes.length > 30 && sizes.every((h) => h >= 6), `bar thickness on screen: ${Math.min(...sizes)} px`);
  // Each type's name is written above its group, in full.
  const labels = await chart.locator(".group-label").allTextContents();
  assert.ok(labels.includes("Arc<str>") && labels.includes("String"), `${labels}`);
  // Types only the newest file measured sit where that file lists them, not after every other type.
  assert.equal(labels[labels.indexOf("HipStr (inline)") + 1], "SmolStr", `${labels}`);
  assert.equal(labels[labels.indexOf("leaked &'static str") + 1], "Cow<'static, str>", `${labels}`);
  assert.equal(labels.at(-1), "lasso::Spur (RodeoResolver)", `${labels}`);
  await screenshot(phone.page, "chart-sideways-phone");
  // Upright where the bars have room: the arena chapter's few bars on a desktop. (Chapter 10's
  // twenty-three types × seven machines are too many for upright bars even there.)
  const desk = await h.open("/chapters/bump-arenas");
  const arena = desk.page.locator('[data-testid="recorded-arena-chart"]');
  await arena.locator("rect.bar").first().waitFor();
  assert.equal(await arena.locator("svg").getAttribute("data-layout"), null, "upright where the bars have room");
  assert.deepEqual([...phone.errors, ...desk.errors], []);
});

test("a condition that only some files ran names the files left out, and the chart has the others", async () => {
  const { page, errors } = await h.open("/chapters/what-instead");
  const select = page.locator("#recorded-clone-condition");
  await select.waitFor();
  // Find a condition fewer files ran than the widget loaded (the shipped 12-CPU reference is alone past 2 threads).
  for (const value of await select.locator("option").evaluateAll((os) => os.map((o) => o.value))) {
    await select.selectOption(value);
    if (await page.getByTestId("recorded-coverage").count()) break;
  }
  const text = await page.getByTestId("recorded-coverage").textContent();
  const [, shown, all, absent] = text.match(/measured by (\d+) of the (\d+) files; not run by (.+)\.$/) ?? [];
  assert.ok(shown && Number(shown) < Number(all), text);
  await page.locator(`${CLONE_CHART} rect.bar`).first().waitFor();
  const series = new Set(await page.locator(`${CLONE_CHART} rect.bar`).evaluateAll((bars) => bars.map((b) => b.dataset.series)));
  assert.equal(series.size, Number(shown), [...series].join(", "));
  for (const name of absent.split(", ")) assert.ok(!series.has(name), `${name} is said to be absent but is drawn`);
  assert.deepEqual(errors, []);
});

test("a chart's data downloads as JSON with every bar's value", async () => {
  const { page, errors } = await h.open("/chapters/what-instead");
  await page.locator(`${CLONE_CHART} rect.bar`).first().waitFor();
  const bars = await page.locator(`${CLONE_CHART} rect.bar`).evaluateAll((rects) => rects.map((r) => [r.dataset.series, r.dataset.x, Number(r.dataset.y)]));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("recorded-clone-chart-data").click()]);
  assert.match(download.suggestedFilename(), /^recorded-clone-results-.+\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  const rows = data.series.flatMap((s) => s.points.map((p) => [s.name, p.x, p.y]));
  assert.deepEqual(rows.sort(), bars.sort());
  assert.ok(data.title && data.y_label && data.series.every((s) => s.points.every((p) => "y_high" in p)));
  assert.deepEqual(errors, []);
});

// Issue 43: with one machine drawn, neither legend nor marks name it, so every chart that draws
// marks says above itself whose numbers they are, with JavaScript and without.
for (const javaScriptEnabled of [true, false]) {
  test(`every drawn chart names its machines ${javaScriptEnabled ? "" : "without JavaScript"}`.trim(), async () => {
    const unnamed = [];
    let checked = 0;
    for (const route of ["/results", "/chapters/clone-cost", "/chapters/sso-benchmarks", "/chapters/cache-lines", "/bench"]) {
      const { page, close } = await h.open(route, { javaScript: javaScriptEnabled });
      if (javaScriptEnabled) {
        await allMounted(page);
        await page.waitForTimeout(500);
      }
      const found = await page.$$eval(".chart-host", (hosts) => hosts
        .filter((host) => host.querySelector("svg .point, svg rect.bar, svg .bar"))
        .map((host) => {
          const line = host.previousElementSibling;
          return line?.classList.contains("chart-machines") && /^Machines?: \S/.test(line.textContent) ? "" : host.dataset.testid ?? "?";
        }));
      checked += found.length;
      unnamed.push(...found.filter(Boolean).map((id) => `${route}: ${id}`));
      await close();
    }
    assert.ok(checked >= 4, `only ${checked} drawn charts found`);
    assert.deepEqual(unnamed, []);
  });
}
