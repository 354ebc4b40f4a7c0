// Accessibility: axe-core (WCAG 2.0–2.2, levels A and AA) on every route, light and dark, at 1280 and
// 375 px, after every live part has mounted and the charts have drawn. No serious or critical
// violation may remain; each one is reported with its rule, its elements and the route.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import { allMounted, routeMeta, start } from "./harness.mjs";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

/** axe's serious and critical violations on `page` as it is now: `{ id, impact, targets }`. Only
 *  these leave the page: axe's whole result (every rule that passed, with each element's HTML) is
 *  up to 1.5 MB a route, and sending it over took half the audit's CPU. */
async function seriousViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, TAGS);
}

/** Loads `route` in `tour`'s page, waits for its live parts and charts, and returns axe's serious
 *  and critical findings. The audit only reads the page, so one page visits every route. */
async function audit(tour, route, width, colorScheme) {
  const { page, errors } = await tour.visit(route);
  await allMounted(page);
  await page.waitForLoadState("networkidle");
  const serious = await seriousViolations(page);
  return { errors, findings: serious.map((v) => `${route} ${width}px ${colorScheme}: ${v.id} (${v.impact}) on ${v.targets.slice(0, 3).join(", ")}${v.targets.length > 3 ? ` and ${v.targets.length - 3} more` : ""}`) };
}

test("the audit finds what it looks for: faint text and an image with no text alternative, planted on a page", async () => {
  const tour = await h.tour();
  try {
    const { page } = await tour.visit("/");
    await page.evaluate(() => {
      const faint = Object.assign(document.createElement("p"), { id: "planted-faint", textContent: "faint text" });
      faint.style = "color: #ddd; background: #fff";
      const image = Object.assign(document.createElement("img"), { id: "planted-image", src: "planted.png" });
      document.querySelector("main").append(faint, image);
    });
    const found = (await seriousViolations(page)).map((v) => `${v.id} ${v.targets.join(",")}`).sort();
    assert.deepEqual(found, ["color-contrast #planted-faint", "image-alt #planted-image"]);
  } finally {
    await tour.close();
  }
});

for (const [width, colorScheme] of [[1280, "light"], [1280, "dark"], [375, "light"], [375, "dark"]]) {
  test(`axe finds no serious or critical WCAG 2.2 AA violation on any route at ${width} px, ${colorScheme}`, async () => {
    const findings = [];
    // Every route, and two results file pages (one per kind of card: a native run, the reference).
    const routes = [...routeMeta().map((meta) => `/${meta.route}`), "/results/xeon-2.1ghz-2vcpu-jemalloc-2026-11-21/", "/results/reference-ryzen5600x-2024/"];
    // Two pages at a time: each spends half a second waiting for the network to go idle, and the
    // other runs axe meanwhile (two cores are enough for both).
    const queue = [...routes];
    const worker = async () => {
      const tour = await h.tour({ width, colorScheme });
      try {
        for (let route = queue.shift(); route; route = queue.shift()) {
          const result = await audit(tour, route, width, colorScheme);
          findings.push(...result.findings);
          assert.deepEqual(result.errors, [], route);
        }
      } finally {
        await tour.close();
      }
    };
    await Promise.all([worker(), worker()]);
    assert.deepEqual(findings.sort(), []);
  });
}
