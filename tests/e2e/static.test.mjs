// The pages are static HTML first: with JavaScript off every route shows its heading and its text
// under its own title, the live parts say what they would show, and no wasm is fetched. With
// JavaScript on, the wasm fills every box and nothing else.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { dist, screenshot, start } from "./harness.mjs";
import { allRouteMeta } from "../../scripts/postbuild.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

/** Opens `route` with JavaScript off; also returns every URL the page requested. */
async function openWithoutJs(route, { width = 1280, colorScheme = "light" } = {}) {
  const context = await h.browser.newContext({ viewport: { width, height: 900 }, colorScheme, javaScriptEnabled: false });
  const page = await context.newPage();
  const requested = [];
  page.on("request", (r) => requested.push(r.url()));
  const response = await page.goto(h.base + route);
  return { page, context, requested, response };
}

// Widgets whose content depends on the target: their static box must hold the note only, never
// values computed natively (x86_64) at build time.
const TARGET_DEPENDENT = ["wide-pointer", "vtable", "arc-inspector", "size-table", "sso-inspector", "layout-probe", "alt-inspector", "layout-table", "try-it"];

test("with JavaScript off, every route shows its heading and its text under its own title", async () => {
  const metas = allRouteMeta();
  assert.ok(metas.length >= 15, `${metas.length} routes`);
  for (const meta of metas) {
    const route = `/${meta.route}`;
    const { page, context, requested, response } = await openWithoutJs(route);
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
    await context.close();
  }
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
      assert.match(m[2], /^<p class="live-note">Live: [^<]*<\/p>$/, `${path.relative(dist, file)}: ${m[1]} holds ${m[2].slice(0, 80)}`);
    }
  }
  assert.ok(boxes >= 9, `${boxes} target-dependent boxes found`);
});

test("a section deep link lands on its heading without JavaScript", async () => {
  const { page, context } = await openWithoutJs("/chapters/inside-arc#hidden-weak");
  const top = await page.locator("#hidden-weak").evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 40, `#hidden-weak is at ${top}px from the top`);
  await context.close();
});

test("the phone width without JavaScript reads, in light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page, context } = await openWithoutJs("/chapters/clone-cost", { width: 375, colorScheme });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${colorScheme}: the page is ${overflow}px wider than the phone`);
    await screenshot(page, `static-clone-cost-375-${colorScheme}`);
    await context.close();
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

test("every route's wasm has every island the page holds: all boxes mount, the lite wasm where it suffices", async () => {
  let lite = 0;
  for (const meta of allRouteMeta()) {
    const route = `/${meta.route}`;
    const { page, errors } = await h.open(route);
    await page.waitForFunction(() => performance.getEntriesByName("islands-mounted").length === 1, null, { timeout: 30_000 });
    const boxes = await page.locator("[data-live]").count();
    assert.equal(await page.locator("[data-live][data-mounted]").count(), boxes, `${route}: every box mounted`);
    const usesLite = (await page.content()).includes("import('/site-lite-");
    const onlyInspectors = !(await page.locator('[data-live="recorded-results"], [data-live="size-table"], [data-live$="-bench"], [data-live="bench"], [data-live="choose"], [data-live="results"]').count());
    assert.equal(usesLite, onlyInspectors, `${route}: ${usesLite ? "lite" : "full"} wasm`);
    lite += usesLite;
    assert.deepEqual(errors, [], route);
    await page.context().close();
  }
  assert.ok(lite >= 6, `${lite} pages load the lite wasm`);
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
  const { page, context, response } = await openWithoutJs("/chapters/no-such-chapter");
  assert.equal(response.status(), 404);
  assert.equal(await page.locator("main h1").textContent(), "Page not found");
  assert.match(await page.title(), /^Page not found/);
  await context.close();
});
