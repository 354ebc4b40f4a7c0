// Issue 53: chapters 1–3 and 5 open with a layout diagram in their HTML, readable with JavaScript
// off: x86_64 and wasm32 side by side, each handle as many bytes as the results file its caption
// names recorded, one colour per role on every page, and a legend. The sizes are checked here
// against the shipped files themselves, not against what the page says.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { root, screenshot, start } from "./harness.mjs";

const CHAPTERS = { "sized-and-dsts": "thin-and-wide", "wide-pointers": "wide-pointers", "inside-arc": "arc-inner", "small-strings": "small-strings" };
let h;

before(async () => {
  h = await start();
});

after(async () => {
  await h?.close();
});

const openWithoutJs = (route, options = {}) => h.open(route, { ...options, javaScript: false });

const recorded = (file) => JSON.parse(fs.readFileSync(path.join(root, "content/results", file), "utf8")).layouts;

for (const [slug, diagram] of Object.entries(CHAPTERS)) {
  test(`chapter ${slug}: the ${diagram} diagram is in the HTML, sized by the files it names`, async () => {
    const { page, close } = await openWithoutJs(`/chapters/${slug}`);
    const figure = page.locator(`[data-testid="layout-diagram"][data-diagram="${diagram}"]`);
    assert.equal(await figure.count(), 1);
    const caption = await figure.locator("figcaption").textContent();
    const panels = await figure.locator(".diagram-panel").evaluateAll((divs) =>
      divs.map((d) => ({
        target: d.dataset.target,
        label: d.querySelector("svg").getAttribute("aria-label"),
        role: d.querySelector("svg").getAttribute("role"),
        blocks: [...d.querySelectorAll("g.block")].map((b) => ({
          name: b.dataset.block,
          bytes: Number(b.dataset.bytes),
          cells: [...b.querySelectorAll("g.cell")].map((c) => ({ role: c.dataset.role, bytes: Number(c.dataset.bytes), label: c.dataset.label })),
        })),
      })),
    );
    assert.deepEqual(panels.map((p) => p.target), ["x86_64", "wasm32"], "x86_64 and wasm32 side by side");
    for (const p of panels) {
      const file = caption.match(new RegExp(`${p.target} from results/(\\S+\\.json)`))?.[1];
      assert.ok(file, `the caption names ${p.target}'s file: ${caption}`);
      const layouts = recorded(file);
      const size = (name) => layouts.types.find((t) => t.type_name === name)?.size_bytes;
      const word = size("usize");
      assert.equal(p.role, "img");
      assert.match(p.label, new RegExp(`^On ${p.target}: `));
      let handles = 0;
      for (const b of p.blocks) {
        assert.equal(b.bytes, b.cells.reduce((s, c) => s + c.bytes, 0), `${p.target} ${b.name}: cells add up`);
        const expected = b.name === "&u64" ? word : size(b.name);
        if (expected !== undefined) {
          handles++;
          assert.equal(b.bytes, expected, `${p.target} ${b.name}: size_of as ${file} recorded it`);
          assert.ok(p.label.includes(`${b.name}: ${expected} bytes`), `${p.target}: the screen reader hears ${b.name}'s size`);
        }
        if (b.name === "ArcInner (heap)") {
          const counts = b.cells.filter((c) => c.role === "count");
          assert.equal(counts.reduce((s, c) => s + c.bytes, 0), layouts.arc_header_bytes, "strong and weak are the recorded header");
          assert.deepEqual(counts.map((c) => c.label), ["strong 1", "weak 1"]);
          assert.deepEqual(b.cells.filter((c) => c.role === "text").map((c) => c.label), ["hello"]);
        }
      }
      assert.ok(handles >= 1, `${p.target}: at least one handle is checked against its file`);
    }
    // One colour per role: every role drawn is in the legend, and the legend names nothing undrawn.
    const drawn = new Set(panels.flatMap((p) => p.blocks.flatMap((b) => b.cells.map((c) => c.role))));
    const legend = await figure.locator(".diagram-legend .swatch").evaluateAll((s) => s.map((e) => [...e.classList].find((c) => c.startsWith("role-")).slice(5)));
    assert.deepEqual(new Set(legend), drawn);
    await close();
  });
}

test("a role has one colour on every page, in both themes, and the diagram fits a phone", async () => {
  const colours = {};
  for (const colorScheme of ["light", "dark"]) {
    // Only read: one page per theme visits every chapter (harness `tour`).
    const chapters = await h.tour({ width: 375, colorScheme, javaScript: false });
    for (const [slug, diagram] of Object.entries(CHAPTERS)) {
      const { page } = await chapters.visit(`/chapters/${slug}`);
      const figure = page.locator(`[data-testid="layout-diagram"][data-diagram="${diagram}"]`);
      const strokes = await figure.locator("g.cell").evaluateAll((cells) => cells.map((c) => [c.dataset.role, getComputedStyle(c.querySelector("rect")).stroke]));
      for (const [role, stroke] of strokes) {
        const key = `${colorScheme}:${role}`;
        colours[key] ??= stroke;
        assert.equal(stroke, colours[key], `${slug}: ${role} in ${colorScheme}`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${slug} at 375 px scrolls sideways by ${overflow} px`);
      await screenshot(figure, `diagram-${slug}-375-${colorScheme}`);
    }
    await chapters.close();
  }
  // Pointer, length, count and text are told apart by colour.
  const four = ["pointer", "length", "count", "text"].map((r) => colours[`light:${r}`]);
  assert.equal(new Set(four).size, 4, JSON.stringify(four));
});

test("answers first at 375 px: chapter 4's picture follows its answer on the first screen, chapter 10's rules start within three screens", async () => {
  const { page, close } = await openWithoutJs("/chapters/clone-cost", { width: 375 });
  const lede = await page.locator(".lede").boundingBox();
  const figure = page.getByTestId("crossover");
  const box = await figure.boundingBox();
  assert.ok(box.y > lede.y, "the picture comes after the answer");
  assert.ok(box.y < 812, `the picture starts on the first screen (at ${box.y} px)`);
  assert.ok((await figure.locator("svg .point").count()) >= 4, "a drawn chart with its points");
  assert.match(await figure.locator("figcaption").textContent(), /results\/reference-ryzen5600x-2024\.json/);
  await close();
  const ten = await openWithoutJs("/chapters/what-instead", { width: 375 });
  const rules = await ten.page.locator("#rules").boundingBox();
  assert.ok(rules.y < 3 * 812, `chapter 10's rules start ${Math.round(rules.y)} px down`);
  // Every file's table of the recorded runs is folded behind one summary, which opens by keyboard.
  const folded = ten.page.getByTestId("recorded-tables").first();
  assert.equal(await folded.evaluate((d) => d.open), false, "the recorded runs' tables start folded");
  assert.ok((await folded.boundingBox()).height < 100, "folded, the tables take one line");
  assert.match(await folded.locator("summary").textContent(), /^Each file's figures as a table \(\d+ files\)$/);
  await folded.locator("summary").focus();
  await ten.page.keyboard.press("Enter");
  assert.equal(await folded.evaluate((d) => d.open), true, "Enter on the summary opens it");
  assert.ok((await folded.locator("table").count()) >= 2);
  await ten.close();
});
