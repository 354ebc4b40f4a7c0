// The wide tables a reader meets on a phone (issue 43): at 375 px the column that names each
// row and the column that carries the table's point are both on screen without scrolling sideways,
// the name column stays in view when the rest scrolls, and no machine name breaks mid-word.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { allMounted, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const PHONE = { width: 375, height: 740, touch: true };

/** The tables: where they are, how to find them, their name column and their key columns
 *  (header texts, matched exactly). */
const TABLES = [
  {
    name: "chapter 4's ablation table",
    route: "/chapters/clone-cost",
    table: (page) => page.locator("table").filter({ has: page.locator("thead th", { hasText: /^Harness$/ }) }),
    first: "Harness",
    keys: ["ratio, 1 thread", "ratio, 2 threads"],
  },
  {
    name: "chapter 4's size table",
    route: "/chapters/clone-cost",
    table: (page) => page.getByTestId("size-table"),
    first: "Type",
    keys: ["wasm32 size", "x86_64 size / align"],
  },
  {
    name: "/results' ranking",
    route: "/results",
    table: (page) => page.getByTestId("ranking"),
    // The build's ranking (under [data-first-frame]) stays up until the headlines arrive, then the
    // live one replaces it: measure the one that stays.
    settled: (page) => page.waitForFunction(() => !document.querySelector("[data-first-frame]")),
    first: "Machine (results file)",
    keys: ["× the best"],
  },
  {
    name: "/choose's table",
    route: "/choose",
    table: (page) => page.getByTestId("choose-table"),
    first: "Type",
    keys: ["Bytes / string (x86_64)", "Clone + drop, ns (x86_64)"],
  },
  {
    name: "a results file page's cases",
    route: "/results/xeon-2.1ghz-2vcpu-jemalloc-2026-11-21/",
    table: (page) => page.getByTestId("file-cases-clone"),
    first: "Variant",
    keys: ["Median, ns per clone"],
  },
];

/** The header cell whose whole text is `text`. */
const header = (table, text) =>
  table.locator("thead th").filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`) }).first();

for (const t of TABLES) {
  test(`${t.name}: at 375 px its name and key columns show without scrolling, and the names stay in view`, async () => {
    const { page, errors } = await h.open(t.route, PHONE);
    await allMounted(page);
    await t.settled?.(page);
    const table = t.table(page);
    await table.waitFor();
    await table.scrollIntoViewIfNeeded();
    const region = table.locator("xpath=ancestor::div[contains(@class, 'table-scroll')][1]");
    assert.equal(await region.evaluate((r) => r.scrollLeft), 0);
    const viewport = page.viewportSize().width;
    for (const text of [t.first, ...t.keys]) {
      const box = await header(table, text).boundingBox();
      assert.ok(box, `${t.name}: no "${text}" column`);
      assert.ok(box.x >= 0 && box.x + box.width <= viewport, `${t.name}: "${text}" spans ${box.x.toFixed(0)}–${(box.x + box.width).toFixed(0)} px of ${viewport}`);
    }
    // Scrolled to its far end, the table still shows its name column at the region's left edge.
    const regionBox = await region.boundingBox();
    const wide = await region.evaluate((r) => r.scrollWidth > r.clientWidth + 1);
    if (wide) {
      await region.evaluate((r) => { r.scrollLeft = r.scrollWidth; });
      const named = await header(table, t.first).boundingBox();
      assert.ok(named.x >= regionBox.x - 1 && named.x < regionBox.x + 24, `${t.name}: scrolled sideways, "${t.first}" sits at ${named.x.toFixed(0)} px, the region at ${regionBox.x.toFixed(0)}`);
      await region.evaluate((r) => { r.scrollLeft = 0; });
    }
    // Names break between words or at hyphens, never inside one: every line of a row header starts
    // where a word (or a hyphenated part) starts.
    const broken = await table.evaluate((el) => {
      const out = [];
      for (const th of el.querySelectorAll('tbody th[scope="row"], tbody tr > td:first-child')) {
        const text = th.textContent;
        const range = document.createRange();
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        let lastTop = null;
        let offsetInCell = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect && lastTop !== null && rect.top > lastTop + 2) {
              const before = text[offsetInCell + i - 1] ?? " ";
              if (!/[\s\-–/:,(]/.test(before) && !/\s/.test(node.data[i])) out.push(text.trim());
            }
            if (rect) lastTop = rect.top;
          }
          offsetInCell += node.length;
        }
      }
      return out;
    });
    assert.deepEqual(broken, [], `${t.name}: names broken mid-word`);
    await screenshot(page, `phone-table-${t.route.replace(/\W+/g, "-")}-${t.first.replace(/\W+/g, "-").toLowerCase()}`);
    assert.deepEqual(errors, []);
  });
}
