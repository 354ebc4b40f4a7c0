// The landing page proves the pipeline: figures computed by wasm-core in the browser, one live input.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { screenshot, start } from "./harness.mjs";

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
  const { page, errors } = await h.open("/", { colorScheme: "light" });
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
    assert.equal(response.status(), 200, `${href} has no file in dist/ (scripts/postbuild.mjs STATIC_ROUTES)`);
    await fresh.locator("main h1").first().waitFor();
    assert.notEqual(await fresh.locator("main h1").first().textContent(), "Page not found", href);
    assert.deepEqual(errors, [], href);
  }
});
