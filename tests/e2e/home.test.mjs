// The landing page proves the pipeline: figures computed by wasm-core in the browser, one live input.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { dist, routeMeta, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

test("home shows wasm32 layouts computed in the browser", async () => {
  const { page, errors, response } = await h.open("/");
  assert.equal(response.status(), 200);
  const table = page.getByTestId("layout-table");
  await table.waitFor();
  const size = async (type) => Number(await table.locator(`tr[data-type="${type}"] [data-field="size"]`).textContent());
  assert.equal(await size("String"), 12, "String is three 4-byte words on wasm32");
  assert.equal(await size("&str"), 8, "&str is pointer + length on wasm32");
  assert.equal(await size("Arc<str>"), 8);
  assert.equal(await size("Option<Arc<str>>"), 8, "the null niche keeps Option free");
  await screenshot(page, "home-desktop");
  assert.deepEqual(errors, []);
});

test("typing updates the live byte count", async () => {
  const { page, errors } = await h.open("/");
  const input = page.locator("#try-text");
  await input.fill("héllo");
  await assert.doesNotReject(page.getByTestId("try-result").filter({ hasText: "6 bytes of UTF-8 (5 chars)" }).waitFor());
  assert.deepEqual(errors, []);
});

test("dark mode toggles and is remembered", async () => {
  const { page, errors } = await h.open("/", { colorScheme: "light", fresh: true });
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByTestId("theme-toggle").waitFor();
  assert.equal(await theme(), "light");
  await page.getByTestId("theme-toggle").click();
  assert.equal(await theme(), "dark");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(bg, "rgb(253, 252, 250)", "dark background applied");
  await page.reload();
  await page.getByTestId("theme-toggle").waitFor();
  assert.equal(await theme(), "dark");
  assert.deepEqual(errors, []);
});

test("a phone-width page does not scroll sideways", async () => {
  const { page, errors } = await h.open("/", { width: 375, height: 740 });
  await page.getByTestId("layout-table").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
  await screenshot(page, "home-375");
  assert.deepEqual(errors, []);
});

test("home lists every chapter and links the two instruments", async () => {
  const { page, errors } = await h.open("/");
  const chapters = page.getByTestId("home-chapters").locator("a");
  await chapters.first().waitFor();
  const hrefs = await chapters.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  assert.ok(hrefs.length >= 5, `only ${hrefs.length} chapter links`);
  assert.ok(hrefs.every((href) => /^\/chapters\/[a-z0-9-]+$/.test(href)), hrefs.join(", "));
  await chapters.first().click();
  await page.waitForURL(/\/chapters\//);
  assert.deepEqual(errors, []);
});

test("every navigation link loads by deep link from a plain static server", async () => {
  const { page } = await h.open("/");
  await page.getByTestId("theme-toggle").waitFor();
  const hrefs = await page.locator("header nav a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  assert.ok(hrefs.length >= 3, hrefs.join(", "));
  for (const href of hrefs) {
    const { page: fresh, errors, response } = await h.open(href);
    assert.equal(response.status(), 200, `${href} has no file in dist/ (site/routes.json)`);
    await fresh.locator("main h1").first().waitFor();
    assert.notEqual(await fresh.locator("main h1").first().textContent(), "Page not found", href);
    assert.deepEqual(errors, [], href);
  }
});

test("every route's own HTML names its page: title, description, canonical link, Open Graph", async () => {
  for (const meta of routeMeta()) {
    const url = `${h.base}/${meta.route}`;
    const html = await (await fetch(url)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
    assert.equal(title?.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"), meta.title, url);
    // One page title in the head (an inline SVG chart in the body has titles of its own).
    assert.equal(html.split("</head>")[0].match(/<title>/g).length, 1, `${url}: one title`);
    assert.match(html, new RegExp(`<link rel="canonical" href="/${meta.route}" />`), url);
    assert.match(html, /<meta property="og:title" content="[^"]+" \/>/, url);
    assert.ok(html.includes('<meta name="description" content="') && meta.description.length > 40, url);
  }
  // A static host serves 404.html for unknown paths: it names itself and claims no address.
  const notFound = fs.readFileSync(path.join(dist, "404.html"), "utf8");
  assert.match(notFound, /<title>Page not found · arc-str explained<\/title>/);
  assert.doesNotMatch(notFound, /rel="canonical"/);
});

test("every navigation link loads its own page: its title, its heading, and the link marked current", async () => {
  const { page, errors } = await h.open("/");
  await page.getByTestId("theme-toggle").waitFor();
  assert.equal(await page.title(), "arc-str explained: String, Box<str>, Arc<str>: byte by byte");
  await page.locator('header nav a[href="/choose"]').click();
  await page.getByTestId("choose-table").waitFor();
  assert.equal(await page.title(), "Which string type should I use? · arc-str explained");
  assert.equal(await page.locator("main h1").textContent(), "Which string type should I use?");
  assert.equal(await page.locator('header nav a[aria-current="page"]').getAttribute("href"), "/choose");
  await page.locator('header nav a[href="/chapters"]').click();
  await page.waitForURL(/\/chapters$/);
  assert.equal(await page.title(), "Chapters · arc-str explained");
  await page.getByTestId("toc").locator("a").first().click();
  await page.waitForURL(/\/chapters\/sized-and-dsts$/);
  assert.match(await page.title(), /^Sized and dynamically sized types/);
  // A chapter marks its parent, the contents, as current.
  assert.equal(await page.locator('header nav a[aria-current="page"]').getAttribute("href"), "/chapters");
  assert.deepEqual(errors, []);
});

test("each route's head parses whole: no stray text, the icon still found", async () => {
  const { page, errors } = await h.open("/chapters/inside-arc");
  await page.locator("main h1").waitFor();
  // The icon rides in its link (postbuild's withInlineIcon), so it costs no request of its own.
  const icon = await page.evaluate(() => document.head.querySelector('link[rel="icon"]')?.getAttribute("href") ?? "");
  assert.match(decodeURIComponent(icon), /^data:image\/svg\+xml,<svg [\s\S]*<\/svg>$/);
  assert.equal(await page.evaluate(() => document.body.firstChild?.nodeType === Node.TEXT_NODE && document.body.firstChild.textContent.trim() !== ""), false);
  assert.deepEqual(errors, []);
});

test("d3 loads only where a chart is, after the first paint; pages without one name it, and a chart reached by navigation loads it", async () => {
  const html = (route) => fs.readFileSync(path.join(dist, route, "index.html"), "utf8");
  // No script tag at all: the loader starts d3 after the first paint where the meta says data-load.
  const hasD3 = (route) => /<meta name="d3-src" content="\/d3-charts-[0-9a-f]+\.js"[^>]* data-load/.test(html(route));
  for (const meta of routeMeta()) assert.doesNotMatch(html(meta.route), /<script[^>]*d3/, meta.route);
  for (const meta of routeMeta()) assert.equal(hasD3(meta.route), meta.charts, `${meta.route || "/"}: d3 script tag`);
  assert.equal(hasD3("chapters/inside-arc"), false);
  assert.equal(hasD3("results"), true);
  const { page, errors } = await h.open("/chapters/inside-arc");
  await page.locator("main h1").waitFor();
  assert.equal(await page.evaluate(() => typeof window.d3), "undefined");
  await page.locator('header nav a[href="/results"]').click();
  await page.getByTestId("contention-chart").locator(".point").first().waitFor({ timeout: 20_000 });
  assert.equal(await page.evaluate(() => typeof window.d3), "object");
  assert.deepEqual(errors, []);
});

test("on a phone the current page's link is in view in the sideways-scrolling navigation", async () => {
  const { page, errors } = await h.open("/submit", { width: 375, height: 740 });
  await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
  const current = page.locator('header nav a[aria-current="page"]');
  assert.equal(await current.getAttribute("href"), "/submit");
  const box = await current.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `the link sits at ${box.x}..${box.x + box.width} of 375 px`);
  assert.equal(await page.evaluate(() => scrollY), 0, "the page itself did not scroll");
  assert.deepEqual(errors, []);
});

test("the harness refuses a shared browser context that an earlier page left storage in", async () => {
  const { page } = await h.open("/glossary", { width: 1000 });
  await page.evaluate(() => localStorage.setItem("left-behind", "1"));
  await assert.rejects(h.open("/glossary", { width: 1000 }), /left localStorage left-behind in the shared browser context/);
  await page.evaluate(() => localStorage.removeItem("left-behind"));
  const again = await h.open("/glossary", { width: 1000 });
  assert.equal(again.response.status(), 200, "a clean shared context is taken again");
});
