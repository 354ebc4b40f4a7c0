// The results chart reads unambiguously with every shipped file selected: one colour per type (the
// same on every machine and mode), one marker shape per machine (at most twelve drawn, the rest
// named), each listed once in the legend.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { dist, distWithResults, root, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const ids = JSON.parse(fs.readFileSync(path.join(dist, "results", "summary.json"), "utf8")).machines.map((m) => m.file.replace(/\.json$/, ""));

test("every shipped file selected: a distinct colour per type and a marker per machine", async () => {
  for (const [width, colorScheme] of [[1280, "light"], [375, "dark"]]) {
    const { page, errors, close } = await h.open(`/results?machines=${ids.join(",")}&view=time&mode=both&scale=log`, { width, colorScheme });
    const chart = page.getByTestId("contention-chart");
    await chart.locator(".point").first().waitFor({ timeout: 20_000 });
    const points = await chart.locator(".point").evaluateAll((els) =>
      // An outline shape is drawn by its stroke: its type's colour is then the outline's.
      els.map((e) => {
        const style = getComputedStyle(e);
        return { series: e.dataset.series, fill: style.fill === "none" ? style.stroke : style.fill, marker: `${e.dataset.marker}.${e.dataset.run ?? ""}` };
      }));
    const machines = await page.locator('[data-testid="machine-picker"] input:checked').count();
    assert.ok(machines >= 4, `${machines} machines ticked`);
    const byType = new Map();
    const byMachine = new Map();
    for (const p of points) {
      const [type, machine] = p.series.split(" · ");
      (byType.get(type) ?? byType.set(type, new Set()).get(type)).add(p.fill);
      (byMachine.get(machine) ?? byMachine.set(machine, new Set()).get(machine)).add(p.marker);
    }
    for (const [type, fills] of byType) assert.equal(fills.size, 1, `${type} is drawn in ${[...fills]}`);
    const fills = [...byType.values()].map((f) => [...f][0]);
    assert.equal(new Set(fills).size, fills.length, `types share a colour: ${fills}`);
    for (const [machine, markers] of byMachine) assert.equal(markers.size, 1, `${machine} has markers ${[...markers]}`);
    const markers = [...byMachine.values()].map((m) => [...m][0]);
    assert.equal(new Set(markers).size, markers.length, "two files share a marker and run number");
    // One marker shape per machine: past the twelfth, a chart draws none and names them instead.
    const drawn = Math.min(machines, 12);
    assert.equal(byMachine.size, drawn);
    const leftOut = page.getByTestId("contention-chart-machines-left-out");
    if (machines > drawn) {
      const note = await leftOut.textContent();
      assert.match(note, /^Not drawn: .+\. One chart tells at most 12 machines apart/, note);
      const named = note.replace(/^Not drawn: /, "").split(". One chart")[0].split(", ");
      assert.equal(named.length, machines - drawn, note);
      for (const name of named) assert.ok(!byMachine.has(name), `${name} is both drawn and named as not drawn`);
    } else {
      assert.equal(await leftOut.count(), 0);
    }
    // The legend names each type and each file once, the two modes, and the ring when a
    // shown case is noisy.
    const legend = await chart.locator(".legend text:not(.run-tag)").allTextContents();
    const noisy = (await chart.locator(".point[data-noisy]").count()) > 0 ? 1 : 0;
    assert.equal(legend.length, byType.size + byMachine.size + 2 + noisy, legend.join(" | "));
    // Axis ticks are readable on a phone.
    const tickSize = await chart.locator(".axis text").first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(tickSize >= 12, `ticks at ${tickSize}px`);
    // Machines side by side: one row per machine, one "fastest" per thread count.
    const grid = page.getByTestId("machine-grid");
    assert.equal(await grid.locator("tbody tr").count(), machines);
    const columns = await grid.locator("thead th").count() - 1;
    for (let col = 0; col < columns; col++) {
      const cells = await grid.locator(`tbody tr td:nth-of-type(${col + 1})`).allTextContents();
      assert.equal(cells.filter((c) => c.includes("fastest")).length, 1, `column ${col}: ${cells}`);
    }
    await grid.locator("select").selectOption({ label: "String" });
    await grid.locator("caption", { hasText: "String, drop mode" }).waitFor();
    await screenshot(page, `legible-results-${width}-${colorScheme}`);
    assert.deepEqual(errors, []);
    await close();
  }
});

test("each suite keeps its chosen machines: tick three, go to SSO and back, three are still ticked", async () => {
  const { page, errors } = await h.open("/results");
  const picker = page.getByTestId("machine-picker");
  await picker.locator("input").first().waitFor({ timeout: 20_000 });
  // The one imported article dataset (recognised by its SHA-256) is badged and ticked by default.
  const badged = await page.getByTestId("reference-badge").evaluateAll((els) => els.map((e) => e.closest("[data-machine]").dataset.machine));
  assert.deepEqual(badged, ["reference-ryzen5600x-2024"]);
  assert.equal(await picker.locator('[data-machine="reference-ryzen5600x-2024"] input').isChecked(), true);
  const boxes = picker.locator("input[type=checkbox]");
  // From none ticked (the default ticks the reference, wherever it sorts), tick the first three.
  while (await picker.locator("input:checked").count() > 1) await picker.locator("input:checked").last().uncheck();
  for (let i = 0; i < 3; i++) if (!(await boxes.nth(i).isChecked())) await boxes.nth(i).check();
  for (const box of await picker.locator("input:checked").all()) {
    if (await picker.locator("input:checked").count() > 3) await box.uncheck();
  }
  const ticked = () => picker.locator("input:checked").count();
  assert.equal(await ticked(), 3);
  await page.locator("#suite-select").selectOption("sso");
  await page.waitForURL(/suite=sso/);
  await page.locator("#suite-select").selectOption("clone");
  await page.waitForURL((url) => !url.search.includes("suite=sso"));
  await picker.locator("input:checked").nth(2).waitFor();
  assert.equal(await ticked(), 3);
  assert.match(page.url(), /sso\.machines=/);
  assert.deepEqual(errors, []);
});

test("the placement view charts the pinned cases, one marker per placement; the other views leave them out", async () => {
  const pinned = ids.find((id) => id.includes("pinned"));
  assert.ok(pinned, "a shipped file with pinned cases");
  const { page, errors } = await h.open(`/results?machines=${pinned}&view=placement&mode=drop&scale=linear`);
  const chart = page.getByTestId("placement-chart");
  await chart.locator(".point").first().waitFor({ timeout: 20_000 });
  const series = await chart.locator(".point").evaluateAll((els) => [...new Set(els.map((e) => e.dataset.series))]);
  assert.ok(series.length >= 2 && series.every((s) => /@(smt-sibling|same-l3|other-l3|other-socket)$/.test(s)), series.join(" | "));
  await page.locator("#view-select").selectOption("time");
  const time = page.getByTestId("contention-chart");
  await time.locator(".point").first().waitFor();
  const timeSeries = await time.locator(".point").evaluateAll((els) => els.map((e) => e.dataset.series));
  assert.ok(timeSeries.every((s) => !s.includes("@")), "pinned cases stay out of the time chart");
  assert.deepEqual(errors, []);
});

test("the memory view says, per chosen run, why it has no allocator statistics", async () => {
  const reference = ids.find((id) => id.startsWith("reference-"));
  const system = ids.find((id) => id.endsWith("system") || id.includes("-system-"));
  const { page, errors } = await h.open(`/results?machines=${reference},${system}&view=memory&mode=both&scale=linear`);
  const missing = page.getByTestId("memory-missing");
  await missing.waitFor({ timeout: 20_000 });
  const lines = await missing.locator("li").allTextContents();
  assert.ok(lines.some((l) => l.includes("reference") && l.includes("article's published data")), lines.join(" | "));
  assert.ok(lines.some((l) => l.includes("system") && l.includes("system allocator reports none")), lines.join(" | "));
  assert.ok(!lines.some((l) => l.includes("reference") && l.includes("system allocator")), "the jemalloc reference is not blamed on the system allocator");
  assert.deepEqual(errors, []);
});

test("the SSO chart names its bars as the table does; a /bench field shows the value the run will use", async () => {
  const { page, errors } = await h.open(`/results?machines=${ids.join(",")}&suite=sso`);
  const chart = page.locator(".explorer-main .chart-host").first();
  await chart.locator("rect.bar").first().waitFor({ timeout: 20_000 });
  const ticks = await chart.locator(".axis.x .tick text").allTextContents();
  assert.ok(ticks.length > 3 && ticks.every((t) => !/^[a-z0-9_]+$/.test(t)), `axis shows ids: ${ticks}`);
  const bench = await h.open("/bench");
  await bench.page.locator('[data-live="bench"][data-mounted]').waitFor();
  const samples = bench.page.locator("#bench-samples");
  await samples.fill("0");
  await samples.press("Tab");
  assert.equal(await samples.inputValue(), "1", "0 samples is raised to the minimum, and the field says so");
  assert.deepEqual([...errors, ...bench.errors], []);
});

test("a case its runner flagged noisy is ringed, named in the legend and marked in the table", async () => {
  // A real --quick run from a shared 2-vCPU VM, kept because one case came out noisy.
  const noisyDist = distWithResults(path.join(root, "tests/fixtures/results/noisy"));
  const noisy = await start({ dir: noisyDist });
  try {
    const { page, errors } = await noisy.open("/results?machines=noisy-check&view=time&mode=drop&scale=linear");
    const chart = page.getByTestId("contention-chart");
    await chart.locator(".point").first().waitFor({ timeout: 20_000 });
    const flagged = JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures/results/noisy/noisy-check.json"), "utf8"))
      .cases.filter((c) => c.noisy && c.variant_id !== "rc_str").length;
    assert.ok(flagged >= 1);
    assert.equal(await chart.locator(".point[data-noisy]").count(), flagged);
    // The ring is the noise: the point keeps its type's colour, one ring per noisy point.
    assert.equal(await chart.locator(".noise-ring").count(), flagged);
    const point = chart.locator(".point[data-noisy]").first();
    assert.ok((await point.getAttribute("fill")).startsWith("var(--series-") || (await point.getAttribute("stroke")).startsWith("var(--series-"));
    assert.ok((await chart.locator(".legend text").allTextContents()).some((t) => t.startsWith("ringed: noisy (repeats disagree > 5 %) or spread unknown")));
    assert.equal(await page.locator('[data-testid="contention-chart-table"] td[data-noisy]').count(), flagged);
    assert.deepEqual(errors, []);
  } finally {
    await noisy.close();
    fs.rmSync(noisyDist, { recursive: true, force: true });
  }
});

test("on a phone every table wider than the screen scrolls by keyboard and shows a shadow where columns wait", async () => {
  // Only read: one phone page visits every route (harness `tour`).
  const phone = await h.tour({ width: 375, height: 800, touch: true });
  for (const route of ["/chapters/wide-pointers", "/chapters/inside-arc", "/chapters/clone-cost", "/chapters/small-strings", "/chapters/sso-benchmarks", "/results"]) {
    const { page, errors } = await phone.visit(route);
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    const wide = await page.evaluate(() => [...document.querySelectorAll("table")].filter((t) => t.offsetParent).map((t) => {
      const wrap = t.closest(".table-scroll");
      const over = (wrap ?? t).scrollWidth - (wrap ?? t).clientWidth;
      return { table: t.dataset.testid ?? t.closest("[data-testid]")?.dataset.testid ?? "?", over, wrapped: !!wrap,
        focusable: wrap?.tabIndex === 0, shadow: !!wrap && getComputedStyle(wrap).backgroundImage.includes("radial-gradient") };
    }).filter((t) => t.over > 0));
    assert.ok(wide.length > 0, `${route} has a table wider than a phone`);
    for (const t of wide) assert.ok(t.wrapped && t.focusable && t.shadow, `${route}: ${JSON.stringify(t)}`);
    await screenshot(page, `phone-tables${route.replaceAll("/", "-")}`);
    assert.deepEqual(errors, [], route);
  }
  await phone.close();
});

test("the read mode charts the read cases: reading a shared Arc<str> stays flat where cloning it climbs", async () => {
  const reads = "epyc-2vcpu-jemalloc-reads-2026-11-26";
  const json = JSON.parse(fs.readFileSync(path.join(root, "content/results", `${reads}.json`), "utf8"));
  const { page, errors } = await h.open(`/results?machines=${reads}&view=time&mode=read&scale=log`);
  assert.equal(await page.locator("#mode-select").inputValue(), "read");
  const chart = page.getByTestId("contention-chart");
  await chart.locator(".point").first().waitFor({ timeout: 20_000 });
  const points = await chart.locator(".point").evaluateAll((els) => els.map((e) => ({ series: e.dataset.series, x: Number(e.dataset.x), y: Number(e.dataset.y) })));
  const median = (variant, t) => json.cases.find((c) => c.suite === "clone" && c.mode === "read" && c.variant_id === variant && c.threads === t && !c.placement).median_ns_per_op;
  const arc = points.filter((p) => p.series.startsWith("Arc<str> ·") || p.series === "Arc<str>").sort((a, b) => a.x - b.x);
  assert.deepEqual(arc.map((p) => p.y), [median("arc_str", 1), median("arc_str", 2)], JSON.stringify(arc));
  const threaded = points.filter((p) => p.series.startsWith("lasso::Spur (ThreadedRodeo)")).sort((a, b) => a.x - b.x);
  assert.ok(threaded.length === 2 && threaded[1].y > 2 * threaded[0].y, JSON.stringify(threaded));
  // Only read cases: no drop or forget case of this file is drawn.
  const drop = json.cases.find((c) => c.suite === "clone" && c.mode === "drop" && c.variant_id === "arc_str" && c.threads === 2 && !c.placement && !c.params.string_len_bytes?.toString().startsWith("2048")).median_ns_per_op;
  assert.ok(!points.some((p) => p.y === drop), "a drop case is drawn in read mode");
  assert.match(await chart.locator("svg").first().textContent(), /ns per read \(median\)/);
  await screenshot(page, "results-read-mode");
  assert.deepEqual(errors, []);
});
