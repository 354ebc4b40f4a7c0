// Every results file has a page of its own (issue 43): /results/<file>/, written at build time and
// readable without JavaScript, with the machine card, every case in a table (each row an anchor a
// chapter links to), the raw JSON and the explorer one link away; the ranking and search lead there.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { allMounted, dist, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

/** The results files the build shipped, from its catalogue. */
const index = () => ({ files: JSON.parse(fs.readFileSync(path.join(dist, "results/summary.json"), "utf8")).machines.map((m) => m.file) });
const XEON = "xeon-2.1ghz-2vcpu-jemalloc-2026-11-21";

test("every results file the site ships has a page, titled by its label, whose raw link is the file", async () => {
  const { files } = index();
  assert.ok(files.length >= 10, `${files.length} files`);
  for (const file of files) {
    const id = file.replace(/\.json$/, "");
    const json = JSON.parse(fs.readFileSync(path.join(dist, "results", file), "utf8"));
    const page = await fetch(`${h.base}/results/${id}/`);
    assert.equal(page.status, 200, file);
    const html = await page.text();
    const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)[1];
    assert.equal(h1, json.label.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"), file);
    assert.match(html, new RegExp(`href="/results/${file.replace(/[.]/g, "\\.")}"`), `${file}: the raw file is linked`);
    // One table row per case.
    assert.equal((html.match(/data-testid="file-case"/g) ?? []).length, json.cases.length, file);
  }
});

test("without JavaScript a file page shows its machine, its cases and its chart, and a case link lands on its row", async () => {
  const { page, close } = await h.open(`/results/${XEON}/#clone-arc_str-t2-drop`, { javaScript: false });
  const json = JSON.parse(fs.readFileSync(path.join(dist, "results", `${XEON}.json`), "utf8"));
  const card = page.getByTestId("file-machine");
  assert.match(await card.textContent(), new RegExp(json.machine.cpu_model.replace(/[()]/g, ".")));
  assert.match(await card.textContent(), /jemalloc/);
  const row = page.locator("tr:target");
  assert.equal(await row.getAttribute("id"), "clone-arc_str-t2-drop");
  assert.match(await row.textContent(), /Arc<str>.*2 threads, drop/);
  const arc = json.cases.find((c) => c.suite === "clone" && c.variant_id === "arc_str" && c.threads === 2 && c.mode === "drop");
  assert.equal(parseFloat(await row.locator('[data-field="median"]').textContent()).toPrecision(3), arc.median_ns_per_op.toPrecision(3));
  assert.ok(await row.isVisible() && (await row.boundingBox()).y >= 0 && (await row.boundingBox()).y < 900, "the linked case is on screen");
  assert.ok(await page.locator('[data-testid="file-chart"] svg').first().isVisible(), "the clone chart is drawn into the HTML");
  assert.match(await page.getByTestId("file-chart-machines").textContent(), new RegExp(json.label));
  const explorer = page.getByRole("link", { name: "Chart them in the explorer" }).first();
  assert.equal(await explorer.getAttribute("href"), `/results?machines=${XEON}`);
  await screenshot(page, "results-file-nojs");
  await close();
});

test("on a phone a case link lands on its row with the table's header row in view above it", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page, errors } = await h.open(`/results/${XEON}/#clone-string-t2-forget`, { width: 375, height: 700, colorScheme });
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    const table = page.getByTestId("file-cases-clone");
    const seen = async (hash) => {
      const row = page.locator(`tr[id="${hash}"]`);
      const head = table.locator("thead th").nth(2);
      const box = table.locator("xpath=..");
      const [r, th, b] = [await row.boundingBox(), await head.boundingBox(), await box.boundingBox()];
      const where = `row ${JSON.stringify(r)}, header ${JSON.stringify(th)}, box ${JSON.stringify(b)}`;
      assert.ok(th.y >= -1 && th.y + th.height <= 700, `${hash}: the header row is on screen: ${where}`);
      // Below the header, inside the box that scrolls it, and on the screen.
      assert.ok(r.y >= th.y + th.height - 1 && r.y + r.height <= Math.min(700, b.y + b.height) + 1, `${hash}: the row is in view: ${where}`);
      assert.match(await head.textContent(), /Median/);
      assert.equal(await table.locator("thead th").first().evaluate((th) => document.elementFromPoint(th.getBoundingClientRect().x + 4, th.getBoundingClientRect().y + 8)?.closest("th") === th), true, "the header's first cell is drawn over the rows' names");
    };
    await seen("clone-string-t2-forget");
    // A later jump on the page (the last row, then one near the top) lands the same way.
    const last = await table.locator("tbody tr").last().getAttribute("id");
    for (const hash of [last, "clone-string-t1-drop"]) {
      await page.evaluate((h) => { location.hash = h; }, hash);
      await seen(hash);
    }
    if (colorScheme === "dark") await screenshot(page, "results-file-row-link-phone");
    assert.deepEqual(errors, []);
  }
});

test("the ranking's machine names and the search's machine hits lead to the file pages", async () => {
  const { page, errors } = await h.open("/results");
  await allMounted(page);
  const link = page.getByTestId("ranking-row").first().locator("th a");
  const href = await link.getAttribute("href");
  assert.match(href, /^\/results\/[^/]+\/$/);
  await link.click();
  await page.waitForURL(`**${href}`);
  assert.ok(await page.getByTestId("file-machine").isVisible());
  const search = JSON.parse(fs.readFileSync(path.join(dist, "search-index.json"), "utf8"));
  const machines = search.filter((e) => e.kind === "machine");
  assert.equal(machines.length, index().files.length);
  for (const m of machines) assert.match(m.url, /^\/results\/[^/?#]+\/$/);
  assert.deepEqual(errors, []);
});

test("chapter 4's ablation run has a page that links every raw file, each served", async () => {
  const run = "epyc-2vcpu-2026-11-24";
  const { page, close } = await h.open("/chapters/clone-cost", { width: 375, height: 800, javaScript: false });
  await page.locator(`a[href="/ablation/${run}/"]`).first().click();
  await page.waitForURL(`**/ablation/${run}/`);
  assert.match(await page.locator("h1").textContent(), new RegExp(run));
  const hrefs = await page.getByTestId("ablation-files").locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  const onDisk = fs.readdirSync(path.join(dist, "ablation", run), { recursive: true }).filter((f) => fs.statSync(path.join(dist, "ablation", run, f)).isFile() && f !== "index.html" && f !== "README.md");
  assert.equal(hrefs.length, onDisk.length);
  for (const href of [hrefs[0], hrefs.at(-1)]) assert.equal((await fetch(h.base + href)).status, 200, href);
  assert.ok(await page.locator("#cheap-types").isVisible(), "chapter 4 links the cheap types' row");
  await screenshot(page, "ablation-page");
  await close();
});
