// Every control by keyboard: on every route, once its live parts have mounted, pressing Tab from the
// top of the page reaches every visible link, button, field, select and focusable chart, in order,
// and comes back round (a radio group is one stop, as in every browser); nothing that acts on a click hides from the keyboard (a click handler on a
// plain element, a `role="button"` without a tab stop); and focus is always visible where it lands.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { allMounted, routeMeta, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Marks every visible, enabled control with `data-kbd-id` and returns how many there are. */
function markControls(selector) {
  const visible = (el) => {
    if (el.closest("[hidden], [inert], [aria-hidden='true']")) return false;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let n = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || el.tabIndex < 0 || !visible(el)) continue;
    // A closed <details> hides its content from Tab; only its summary counts.
    if (el.closest("details:not([open])") && el.tagName !== "SUMMARY" && !el.closest("summary")) continue;
    // A radio group is one tab stop (its checked button, else its first); arrows move inside it.
    if (el.type === "radio") {
      const group = [...document.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`)];
      if (el !== (group.find((r) => r.checked) ?? group[0])) continue;
    }
    el.dataset.kbdId = String(n++);
  }
  return n;
}

/** Presses Tab until focus comes back to the first control it reached (or `limit` presses), and
 *  returns the controls reached, each with whether its focus was drawn (an outline or a shadow). */
async function tabRound(page, limit) {
  const reached = new Map();
  let first = null;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const now = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || el.dataset.kbdId === undefined) return null;
      const style = getComputedStyle(el);
      // HTML controls draw focus as an outline or a shadow; a chart's mark (SVG) as a heavier stroke.
      const stroked = el instanceof SVGElement && style.stroke !== "none" && parseFloat(style.strokeWidth) >= 2;
      const drawn = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none" || stroked;
      return { id: el.dataset.kbdId, drawn, what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.dataset.testid ? `[${el.dataset.testid}]` : ""} "${(el.getAttribute("aria-label") || el.textContent || el.value || "").trim().slice(0, 40)}"` };
    });
    if (!now) continue;
    if (now.id === first) break;
    first ??= now.id;
    reached.set(now.id, now);
  }
  return reached;
}

test("every visible control on every route is reached by Tab, shows its focus, and no click target hides from the keyboard", async () => {
  const problems = [];
  // Two routes at a time (each page keeps its own focus): one walks while the other loads.
  const queue = routeMeta().map((meta) => `/${meta.route}`);
  // Tabbing only reads the page (focus and scroll end with the document), so each worker's one page
  // visits its routes (`tour` in harness.mjs).
  const walk = async (tour, route) => {
    const { page, errors } = await tour.visit(route);
    await allMounted(page);
    await page.waitForLoadState("networkidle");
    const total = await page.evaluate(markControls, CONTROLS);
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll("[role=button], [role=link], [role=tab], [role=checkbox], [onclick]")]
        .filter((el) => el.tabIndex < 0 && !el.closest("[hidden], [inert]"))
        .map((el) => el.outerHTML.slice(0, 80)));
    for (const html of unreachable) problems.push(`${route}: clickable but not focusable: ${html}`);
    await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
    const reached = await tabRound(page, total * 2 + 20);
    const missed = await page.evaluate((seen) =>
      [...document.querySelectorAll("[data-kbd-id]")].filter((el) => !seen.includes(el.dataset.kbdId)).map((el) => el.outerHTML.slice(0, 100)), [...reached.keys()]);
    for (const html of missed) problems.push(`${route}: Tab never reaches ${html}`);
    for (const { what, drawn } of reached.values()) if (!drawn) problems.push(`${route}: no visible focus on ${what}`);
    assert.ok(reached.size > 0, `${route}: Tab reaches nothing`);
    assert.deepEqual(errors, [], route);
  };
  const worker = async () => {
    const tour = await h.tour({ width: 1280 });
    try {
      for (let route = queue.shift(); route; route = queue.shift()) await walk(tour, route);
    } finally {
      await tour.close();
    }
  };
  await Promise.all([worker(), worker()]);
  assert.deepEqual(problems.sort(), []);
});
