// The pages are static HTML first: with JavaScript off every route shows its heading and its text
// under its own title, the live parts say what they would show, and no wasm is fetched. With
// JavaScript on, the wasm fills every box and nothing else.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { dist, machineRows, readSummary, routeMeta, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

/** Opens `route` with JavaScript off; also returns every URL the page requested. */
/** `route` without JavaScript, with every URL the page requested. */
async function openWithoutJs(route, options = {}) {
  const requested = [];
  const opened = await h.open(route, { ...options, javaScript: false, beforeLoad: (page) => page.on("request", (r) => requested.push(r.url())) });
  return { ...opened, requested };
}

// Widgets whose content depends on the target: their static box must hold the note only, never
// values computed natively (x86_64) at build time.
const TARGET_DEPENDENT = ["wide-pointer", "vtable", "arc-inspector", "size-table", "sso-inspector", "layout-probe", "alt-inspector", "layout-table", "try-it"];

test("with JavaScript off, every route shows its heading and its text under its own title", async () => {
  const metas = routeMeta();
  assert.ok(metas.length >= 15, `${metas.length} routes`);
  // One page without JavaScript visits every route (`tour` in harness.mjs): nothing runs, so nothing
  // carries over from one route to the next.
  const tour = await h.tour({ javaScript: false });
  for (const meta of metas) {
    const route = `/${meta.route}`;
    const { page, requested, response } = await tour.visit(route);
    assert.equal(response.status(), 200, route);
    assert.equal(await page.title(), meta.title, route);
    const h1 = (await page.locator("main h1").textContent()).trim();
    assert.ok(h1.length > 3, `${route}: h1 "${h1}"`);
    const text = (await page.locator("main").innerText()).trim();
    const minimum = route.startsWith("/chapters/") ? 3000 : 150;
    assert.ok(text.length > minimum, `${route}: ${text.length} characters of text`);
    assert.doesNotMatch(text, /please enable JavaScript/i, route);
    // Each live part says what it would show, and that it needs JavaScript.
    const notes = await page.locator("main [data-live] .live-note").evaluateAll((els) =>
      els.map((el) => el.textContent + getComputedStyle(el, "::after").content.replace(/^"|"$/g, "")));
    for (const note of notes) assert.match(note, /^Live: .*needs JavaScript/, `${route}: ${note}`);
    assert.equal(requested.filter((u) => u.endsWith(".wasm")).length, 0, `${route} fetched wasm`);
  }
  await tour.close();
});

test("every fact placeholder is filled: no built page or description shows {{name}}", () => {
  for (const meta of routeMeta()) {
    const html = fs.readFileSync(path.join(dist, meta.route, "index.html"), "utf8");
    assert.doesNotMatch(html, /\{\{[a-z0-9 -]*\}\}/, `/${meta.route}`);
  }
  // Chapter 4 speaks for every run through its facts, under its picture: filled with counts.
  const clone = fs.readFileSync(path.join(dist, "chapters/clone-cost/index.html"), "utf8");
  assert.match(clone, /data-testid="crossover"[^]*?<p>Of the \d+ native machines? with jemalloc \(\d+ runs? of \d+ CPU models?[;)]/);
});

test("every h2 on every page carries its own deep link, the pages' hand-written headings too", () => {
  for (const meta of routeMeta()) {
    const html = fs.readFileSync(path.join(dist, meta.route, "index.html"), "utf8");
    const main = html.match(/<main\b[^]*<\/main>/)?.[0] ?? "";
    for (const [h2, id] of main.matchAll(/<h2 id="([^"]+)"[^]*?<\/h2>/g)) {
      // /results' ranking heading belongs to the island's first frame, which the island replaces.
      if (id === "ranking-heading") continue;
      // Attribute order differs between build.rs and Leptos: look for the link and its class apiece.
      const link = h2.match(/<a\b[^>]*>¶<\/a>/)?.[0] ?? "";
      assert.ok(link.includes('class="heading-anchor"') && new RegExp(`href="[^"]*#${id}"`).test(link), `/${meta.route}: ${h2.slice(0, 160)}`);
    }
  }
  const bench = fs.readFileSync(path.join(dist, "bench", "index.html"), "utf8");
  assert.match(bench, /<a\b[^>]*href="\/bench#contention"[^>]*class="heading-anchor"[^>]*>¶<\/a>/);
});

test("target-dependent widgets are never pre-rendered with native values", async () => {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "index.html") files.push(p);
    }
  };
  walk(dist);
  let boxes = 0;
  for (const file of files) {
    const html = fs.readFileSync(file, "utf8");
    for (const m of html.matchAll(/<div data-live="([a-z-]+)"[^>]*>([\s\S]*?)<\/div>/g)) {
      if (!TARGET_DEPENDENT.includes(m[1])) continue;
      boxes += 1;
      // The size table's first frame holds a results file's x86_64 values, none of the build's own.
      if (m[1] === "size-table" && m[2].startsWith("<div data-first-frame")) {
        assert.doesNotMatch(html, /wasm32 size|data-field="size"/, `${path.relative(dist, file)}: the size table's first frame`);
        continue;
      }
      assert.match(m[2], /^<p class="live-note">Live: [^<]*<\/p>$/, `${path.relative(dist, file)}: ${m[1]} holds ${m[2].slice(0, 80)}`);
    }
  }
  assert.ok(boxes >= 9, `${boxes} target-dependent boxes found`);
});

test("a section deep link lands on its heading without JavaScript", async () => {
  const { page, close } = await openWithoutJs("/chapters/inside-arc#hidden-weak");
  const top = await page.locator("#hidden-weak").evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 40, `#hidden-weak is at ${top}px from the top`);
  await close();
});

test("the phone width without JavaScript reads, in light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page, close } = await openWithoutJs("/chapters/clone-cost", { width: 375, colorScheme });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${colorScheme}: the page is ${overflow}px wider than the phone`);
    await screenshot(page, `static-clone-cost-375-${colorScheme}`);
    await close();
  }
});

test("with JavaScript on, the wasm fills every box and leaves the text alone", async () => {
  const { page, errors } = await h.open("/chapters/small-strings");
  await page.waitForFunction(() => performance.getEntriesByName("islands-mounted").length === 1);
  const boxes = await page.locator("[data-live]").count();
  assert.ok(boxes >= 2);
  assert.equal(await page.locator("[data-live][data-mounted]").count(), boxes);
  assert.equal(await page.locator(".live-note").count(), 0);
  // The prose is the static HTML, untouched: the same number of paragraphs as in the file.
  const html = fs.readFileSync(path.join(dist, "chapters/small-strings/index.html"), "utf8");
  const staticParagraphs = (html.match(/<p[ >]/g) ?? []).length - (html.match(/class="live-note"/g) ?? []).length;
  const chapterParagraphs = await page.locator(".chapter-part p, main > article > p").count();
  assert.ok(chapterParagraphs > 10 && chapterParagraphs <= staticParagraphs, `${chapterParagraphs} of ${staticParagraphs}`);
  assert.deepEqual(errors, []);
});

test("every route's wasm has every island the page holds: all boxes mount, from the smallest wasm that carries them", async () => {
  const counts = { "site-lite": 0, "site-results": 0, "site-choose": 0, "site-chapters": 0, site: 0, "site-bench": 0, "site-lab": 0 };
  // One page visits every route (`tour` in harness.mjs): each visit is a fresh document, and the
  // test only reads it.
  const tour = await h.tour();
  for (const meta of routeMeta()) {
    const route = `/${meta.route}`;
    const { page, errors } = await tour.visit(route);
    await page.waitForFunction(() => performance.getEntriesByName("islands-mounted").length === 1, null, { timeout: 30_000 });
    const lab = await page.locator("[data-lab]").count();
    // A threaded lab waits for the reader: its wasm loads beside the page's when the lab comes near.
    const labLoader = /import\('\/site-lab-[0-9a-f]+\.js'\)/.test(await page.content());
    assert.equal(labLoader, lab > 0, `${route}: the lab's wasm is offered exactly where a lab is`);
    if (lab) {
      await page.locator("[data-lab]").first().scrollIntoViewIfNeeded();
      await page.waitForFunction(() => performance.getEntriesByName("lab-mounted").length === 1, null, { timeout: 30_000 });
      counts["site-lab"] += 1;
    }
    const boxes = await page.locator("[data-live]").count();
    assert.equal(await page.locator("[data-live][data-mounted]").count(), boxes, `${route}: every box mounted`);
    const loaded = (await page.content()).match(/import\('\/(site(?:-lite|-results|-choose|-chapters|-bench)?)-[0-9a-f]+\.js'\)/)?.[1];
    const has = (name) => page.locator(`[data-live="${name}"]`).count();
    const [bench, choose, results] = [await has("bench"), await has("choose"), await has("results")];
    const chapterExtras = await page.locator('[data-live="recorded-results"], [data-live="size-table"], [data-live$="-bench"]').count();
    // Each page app's own wasm; a chapter's by what it holds.
    const expected = bench ? "site-bench" : choose ? "site-choose" : results ? "site-results"
      : chapterExtras ? "site-chapters" : "site-lite";
    assert.equal(loaded, expected, `${route}: loads ${loaded}`);
    counts[loaded] += 1;
    assert.deepEqual(errors, [], route);
  }
  await tour.close();
  assert.ok(counts["site-lite"] >= 6 && counts["site-chapters"] >= 4, JSON.stringify(counts));
  assert.ok(counts["site-results"] === 1 && counts["site-choose"] === 1 && counts.site === 0, `one page per page app, none needs every island: ${JSON.stringify(counts)}`);
  assert.ok(counts["site-lab"] === 4 && counts["site-bench"] === 1, `the labs' pages: chapters 4, 8 and 9, and /bench: ${JSON.stringify(counts)}`);
});

test("each smaller wasm links none of the other tiers' code", () => {
  // Text only some tiers' code holds: results validation, the chooser, the contention lab.
  const validation = "earlier than any file this format can come from";
  const chooser = "Mixed: labels, paths and agents";
  const lab = "the threads can share memory";
  const wasmOf = (bin) => {
    const files = fs.readdirSync(dist).filter((f) => new RegExp(`^${bin}-[0-9a-f]+_bg\\.wasm$`).test(f));
    assert.equal(files.length, 1, `${bin}: ${files}`);
    return fs.readFileSync(path.join(dist, files[0]));
  };
  const full = fs.readFileSync(path.join(dist, fs.readdirSync(dist).find((f) => /^site-[0-9a-f]+_bg\.wasm$/.test(f))));
  const holds = (wasm) => [validation, chooser, lab].map((marker) => wasm.includes(marker));
  // [validation, chooser, lab] per tier.
  assert.deepEqual(holds(full), [true, true, true], "trunk's build carries every island");
  assert.deepEqual(holds(wasmOf("site-lite")), [false, false, false]);
  assert.deepEqual(holds(wasmOf("site-results")), [false, false, false], "/results trusts the build's validation");
  // The chapters and /choose read only files the build validated (loader::read_shipped_with); the
  // lab's wasm and /bench's validate the reader's own run, so they carry the validator.
  assert.deepEqual(holds(wasmOf("site-chapters")), [false, false, false], "the chapters trust the build's validation");
  assert.deepEqual(holds(wasmOf("site-lab")), [true, false, true]);
  const [bench, choose] = [holds(wasmOf("site-bench")), holds(wasmOf("site-choose"))];
  assert.ok(!bench[2] && !bench[1], "/bench: neither the lab (its own wasm) nor the chooser");
  assert.ok(choose[1] && !choose[2], "/choose: the chooser, no lab");
  assert.ok(bench[0] && !choose[0], "/bench validates (the lab's run); /choose trusts the build");
  for (const bin of ["site-lite", "site-results", "site-choose", "site-chapters", "site-lab", "site-bench"]) {
    assert.ok(wasmOf(bin).length < full.length, `${bin} is smaller than the full wasm`);
  }
});

test("a page fetches only the results files it can use: a chapter its suite's, the size table one", async () => {
  const catalogue = JSON.parse(fs.readFileSync(path.join(dist, "results/summary.json"), "utf8"));
  const aboutOf = (name) => catalogue.machines.find((m) => m.file === name);
  const suitesOf = (name) => aboutOf(name)?.suites;
  const fetchedOn = async (route, ready) => {
    const names = [];
    const { page, errors, close } = await h.open(route, {
      beforeLoad: (p) => p.on("request", (r) => {
        const m = new URL(r.url()).pathname.match(/^\/results\/([^/]+\.json)$/);
        if (m) names.push(m[1]);
      }),
    });
    await ready(page);
    await page.waitForLoadState("networkidle");
    assert.deepEqual(errors, [], route);
    await close();
    return names;
  };
  // A page that loads results files reads the catalogue, then only the files it can use.
  const filesOnly = (names) => {
    assert.ok(names.includes("summary.json"), `the catalogue: ${names}`);
    return names.filter((n) => n !== "summary.json");
  };
  const withSuite = (suite) => catalogue.machines.map((m) => m.file).filter((f) => suitesOf(f)?.includes(suite));
  for (const [slug, suite] of [["sso-benchmarks", "sso"], ["arc-swap", "arcswap"], ["bump-arenas", "arena"], ["cache-lines", "lines"], ["what-instead", "clone"]]) {
    const names = filesOnly(await fetchedOn(`/chapters/${slug}`, (p) => p.getByTestId(`recorded-${suite}`).locator(".recorded-file").first().waitFor({ state: "attached" })));
    assert.ok(withSuite(suite).length >= 1, suite);
    assert.deepEqual(names.sort(), withSuite(suite).sort(), `${slug} fetched ${names}`);
  }
  assert.ok(catalogue.machines.length > withSuite("sso").length, "the shipped files are of several suites, so the check above means something");
  const sizeTable = filesOnly(await fetchedOn("/chapters/clone-cost", (p) =>
    p.waitForFunction(() => !document.querySelector('[data-testid="size-table-note"]')?.textContent.startsWith("Looking"))));
  assert.equal(sizeTable.length, 1, `the size table fetched ${sizeTable}`);
  assert.equal(aboutOf(sizeTable[0]).kind, "native");
  assert.equal(aboutOf(sizeTable[0]).arch, "x86_64");
  // /results reads the build's summary, then only the charted machine's file (the reference by
  // default), and the ranking's headlines.
  const all = await fetchedOn("/results", async (p) => {
    await p.getByTestId("contention-chart").locator(".point").first().waitFor();
    await p.waitForFunction(() => !document.querySelector("[data-first-frame]"));
  });
  assert.deepEqual(all.sort(), ["headlines.json", "reference-ryzen5600x-2024.json", "summary.json"]);
  // The loader asks for the first chart's two beside the wasm (data-fetches), and each arrives by one
  // request: the island's own fetch takes the preloaded response, never a second download. Not the
  // headlines: their bytes would delay the wasm, and only the ranking waits for them.
  const html = fs.readFileSync(path.join(dist, "results/index.html"), "utf8");
  const ahead = html.match(/data-fetches="([^"]*)"/)[1].split(" ").map((u) => u.replace("/results/", ""));
  assert.deepEqual(ahead.sort(), ["reference-ryzen5600x-2024.json", "summary.json"]);
});

test("with JavaScript off, /results shows the ranking and an SVG chart drawn at build time", async () => {
  const { page, close } = await openWithoutJs("/results");
  const summary = readSummary(path.join(dist, "results"));
  const ranked = machineRows(summary.machines.filter((m) => m.headline.most_threads && m.kind !== "browser"));
  const rows = page.locator("[data-first-frame] [data-testid=ranking-row]");
  assert.equal(await rows.count(), ranked.length, "every native machine with clone results is a row, once per allocator");
  assert.deepEqual((await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.machine))).sort(), ranked.map((r) => r.id).sort());
  // In the default order, one measure at one thread count: Arc<str> at one thread, ascending.
  const arc1 = await rows.evaluateAll((trs) => trs.map((tr) => parseFloat(tr.querySelector('[data-field="arc1"]').textContent)));
  assert.ok(arc1.every((v, i) => i === 0 || Number.isNaN(v) || v >= arc1[i - 1]), JSON.stringify(arc1));
  // The default chart (the reference dataset) as SVG, with the same marks the live chart draws.
  const points = page.locator("[data-static-chart] .static-wide svg .point");
  assert.ok((await points.count()) >= 10, "an SVG chart with points");
  assert.equal(await page.locator("[data-static-chart] svg:visible").getAttribute("role"), "figure");
  await page.locator("[data-first-frame] [data-testid=static-chart-table]").waitFor({ state: "attached" });
  await close();
});

test("what a reader types into a pre-rendered field before the wasm arrives is kept", async () => {
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const { page, errors } = await h.open("/submit", {
    setup: (context) => context.route(/\.wasm$/, async (route) => { await gate; await route.continue(); }),
  });
  await page.getByTestId("submit-label").fill("early-bird");
  assert.equal(await page.locator("[data-mounted]").count(), 0, "the wasm was held back");
  release();
  await page.locator('[data-live="submit-steps"][data-mounted]').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="submit-commands"]').textContent.includes("--label early-bird"));
  assert.equal(await page.getByTestId("submit-label").inputValue(), "early-bird");
  assert.deepEqual(errors, []);
});

test("an unknown path gets the 404 page, itself static", async () => {
  const { page, close, response } = await openWithoutJs("/chapters/no-such-chapter");
  assert.equal(response.status(), 404);
  assert.equal(await page.locator("main h1").textContent(), "Page not found");
  assert.match(await page.title(), /^Page not found/);
  await close();
});
