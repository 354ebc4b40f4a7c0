// The explainer chapters: deep links on a plain static server, section anchors, the live widgets
// (values read from the page, never timings), copy buttons, dark mode and the phone width.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { chapterSlugs, root, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const slugs = chapterSlugs();

async function openChapter(slug, opts) {
  const opened = await h.open(`/chapters/${slug}`, opts);
  await opened.page.locator(`[data-testid="chapter"][data-slug="${slug}"]`).waitFor();
  // The text is there at once; the widgets and Copy buttons once the wasm has mounted them.
  await opened.page.waitForFunction(() => performance.getEntriesByName("islands-mounted").length === 1);
  return opened;
}

/** WCAG contrast ratio of two computed `rgb(...)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("the chapters exist in content/", () => {
  for (const s of ["sized-and-dsts", "wide-pointers", "inside-arc", "clone-cost", "small-strings"]) {
    assert.ok(slugs.includes(s), `content/chapters/NN-${s}.md`);
  }
});

for (const slug of slugs) {
  test(`chapter ${slug} loads by deep link without console errors, at 1280 and 375 px`, async () => {
    const { page, errors, response, close } = await openChapter(slug);
    assert.equal(response.status(), 200);
    assert.ok((await page.locator("h1").textContent()).trim().length > 0);
    assert.ok(await page.locator(".chapter-part h2").count() > 0, "sections rendered");
    await screenshot(page, `chapter-${slug}-desktop`);
    assert.deepEqual(errors, []);
    await close();

    const phone = await openChapter(slug, { width: 375, height: 740 });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than a 375px viewport`);
    await screenshot(phone.page, `chapter-${slug}-375`);
    assert.deepEqual(phone.errors, []);
    await phone.close();
  });
}

test("the table of contents links to every chapter, and previous/next links walk them", async () => {
  const { page, errors, response } = await h.open("/chapters");
  assert.equal(response.status(), 200);
  const toc = page.getByTestId("toc");
  await toc.waitFor();
  assert.equal(await toc.locator(":scope > li").count(), slugs.length);
  await screenshot(page, "chapters-index-desktop");
  await toc.locator(":scope > li > a").first().click();
  await page.locator(`[data-testid="chapter"][data-slug="${slugs[0]}"]`).waitFor();
  assert.equal(new URL(page.url()).pathname, `/chapters/${slugs[0]}`);
  assert.equal(await page.locator(".chapter-nav a[rel=prev]").count(), 0, "the first chapter has no previous");
  await page.locator(".chapter-nav a[rel=next]").click();
  await page.locator(`[data-testid="chapter"][data-slug="${slugs[1]}"]`).waitFor();
  await page.locator(".chapter-nav a[rel=prev]").click();
  await page.locator(`[data-testid="chapter"][data-slug="${slugs[0]}"]`).waitFor();
  // Where the reader is, and the way on from the top of the page as well.
  assert.equal(await page.getByTestId("chapter-kicker").textContent(), `Chapter 1 of ${slugs.length}`);
  await page.locator(".chapter-nav-top a[rel=next]").click();
  await page.locator(`[data-testid="chapter"][data-slug="${slugs[1]}"]`).waitFor();
  assert.equal(await page.getByTestId("chapter-kicker").textContent(), `Chapter 2 of ${slugs.length}`);
  // The last chapter leads on to the chooser and the results instead of a next chapter.
  await page.goto(new URL(`/chapters/${slugs[slugs.length - 1]}`, page.url()).href);
  await page.getByTestId("chapter").waitFor();
  assert.equal(await page.locator(".chapter-nav a[rel=next], .chapter-nav-top a[rel=next]").count(), 0);
  const onward = await page.locator(".chapter-nav a.next").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  assert.deepEqual(onward, ["/results", "/choose"]);
  assert.equal(await page.locator(".chapter-nav-top a").last().getAttribute("href"), "/choose");
  assert.deepEqual(errors, []);
});

test("a section deep link scrolls to its heading, which carries a ¶ link to itself", async () => {
  const { page, errors } = await h.open("/chapters/inside-arc#atomics");
  const heading = page.locator("h2#atomics");
  await heading.waitFor();
  await page.waitForFunction(() => {
    const top = document.getElementById("atomics").getBoundingClientRect().top;
    return window.scrollY > 0 && top >= -2 && top < 120;
  }, null, { timeout: 5000 });
  const anchor = heading.locator("a.heading-anchor");
  assert.equal(await anchor.textContent(), "¶");
  assert.equal(await anchor.getAttribute("href"), "/chapters/inside-arc#atomics");
  assert.deepEqual(errors, []);
});

test("the Arc inspector reads every state of the block: clones, weaks, upgrade, text dropped, freed", async () => {
  const { page, errors } = await openChapter("inside-arc");
  const read = async (id) => (await page.getByTestId(id).textContent()).trim();
  const state = async () => ({
    strong: Number(await read("arc-strong-memory")), strongApi: await read("arc-strong-api"),
    weak: Number(await read("arc-weak-memory")), weakApi: await read("arc-weak-api"),
  });
  const table = page.getByTestId("arc-table");
  await table.waitFor();
  assert.deepEqual(await state(), { strong: 1, strongApi: "Arc::strong_count() = 1", weak: 1, weakApi: "Arc::weak_count() = 0 (memory = count + 1)" });
  await page.getByTestId("arc-clone").click();
  assert.equal((await state()).strong, 2);
  assert.equal((await state()).strongApi, "Arc::strong_count() = 2");
  await page.getByTestId("arc-drop-arc").click();
  assert.equal((await state()).strong, 1);
  // Keyboard only: focus the button and press Enter.
  await page.getByTestId("arc-downgrade").focus();
  await page.keyboard.press("Enter");
  assert.deepEqual(await state(), { strong: 1, strongApi: "Arc::strong_count() = 1", weak: 2, weakApi: "Arc::weak_count() = 1 (memory = count + 1)" });
  await page.getByTestId("arc-upgrade").click();
  assert.match(await read("arc-status"), /upgrade gave a new Arc/);
  assert.equal((await state()).strong, 2);
  // Drop both Arcs, the first one too: the Weak keeps the block, the text is gone.
  await page.getByTestId("arc-drop-arc").click();
  await page.getByTestId("arc-drop-arc").click();
  assert.equal(await table.getAttribute("data-state"), "text-dropped");
  assert.deepEqual(await state(), { strong: 0, strongApi: "Weak::strong_count() = 0", weak: 1, weakApi: "1 Weak held" });
  assert.ok(await page.getByTestId("arc-clone").isDisabled(), "no Arc left to clone");
  await page.getByTestId("arc-upgrade").click();
  assert.match(await read("arc-status"), /returned None/);
  await page.getByTestId("arc-drop-weak").click();
  assert.equal(await table.getAttribute("data-state"), "freed");
  assert.match(await read("arc-status"), /0 Arcs and 0 Weaks\. The block is freed/);
  // Start again, from a text of the reader's own, by keyboard.
  await page.getByTestId("arc-text").fill("héllo");
  await page.getByTestId("arc-reset").focus();
  await page.keyboard.press("Enter");
  assert.equal(await table.getAttribute("data-state"), "alive");
  assert.deepEqual(await state(), { strong: 1, strongApi: "Arc::strong_count() = 1", weak: 1, weakApi: "Arc::weak_count() = 0 (memory = count + 1)" });
  assert.match(await read("arc-status"), /1 Arc and 0 Weaks\. .*Started again/);
  assert.match(await page.locator("section.widget", { has: page.getByTestId("arc-reset") }).textContent(), /Arc::<str>::from\("héllo"\)/);
  assert.equal(await page.getByTestId("arc-text").getAttribute("maxlength"), "64");
  assert.deepEqual(errors, []);
});

test("the SSO inspector switches from inline to heap as the text crosses each type's inline capacity", async () => {
  const { page, errors } = await openChapter("small-strings");
  const input = page.getByTestId("sso-input");
  await input.waitFor();
  const capacity = async (type) =>
    Number((await page.locator(`[data-testid="sso-table"] tr[data-type="${type}"] [data-field="capacity"]`).textContent()).match(/\d+/)[0]);
  const inline = async (type) => (await page.getByTestId(`sso-${type}`).getAttribute("data-inline")) === "true";

  assert.equal(await capacity("InlineStr"), 23, "our InlineStr keeps 23 bytes inline on every target");
  assert.equal(await capacity("SmolStr"), 23);
  assert.equal(await capacity("CompactString"), 12, "CompactString is String-sized: 12 bytes on wasm32");
  for (const type of ["InlineStr", "SmolStr", "CompactString"]) {
    const cap = await capacity(type);
    await input.fill("a".repeat(cap));
    assert.equal(await inline(type), true, `${type} with ${cap} bytes`);
    await input.fill("a".repeat(cap + 1));
    assert.equal(await inline(type), false, `${type} with ${cap + 1} bytes`);
  }
  await input.fill("ok");
  assert.equal(await inline("String"), false, "String never stores text inline");
  assert.equal(await page.locator('[data-testid="sso-table"] tr[data-type="String"] [data-field="where"]').textContent(), "heap");
  // Limits count bytes: six crabs are 24 bytes.
  await input.fill("🦀".repeat(6));
  assert.equal(await inline("InlineStr"), false);
  assert.match(await page.getByTestId("sso-length").textContent(), /24 bytes, 6 chars/);
  // A long text is on the heap in every type; where cards show one address, a note says why.
  await input.fill("a".repeat(40));
  const addresses = await page.locator(".sso-card p.small").evaluateAll((ps) => ps.map((p) => p.textContent.match(/on the heap at (0x[0-9a-f]+)/)?.[1]).filter(Boolean));
  const repeated = addresses.find((a) => addresses.filter((b) => b === a).length > 1);
  const note = page.getByTestId("sso-reuse");
  if (repeated) assert.match(await note.textContent(), new RegExp(`heap address ${repeated}: each value is built, read and dropped`));
  else assert.equal(await note.count(), 0, `no shared address: ${addresses}`);
  assert.deepEqual(errors, []);
});

test("the wide-pointer widget decodes the &str's length and the vtable's size entry", async () => {
  const { page, errors } = await openChapter("wide-pointers");
  await page.locator("#wide-text").fill("héllo");
  await assert.doesNotReject(page.locator('[data-testid="wide-&str"] [data-field="word2"]').filter({ hasText: "6 (length in bytes)" }).waitFor());
  assert.match(await page.locator('[data-testid="wide-&[u32]"] [data-field="word2"]').textContent(), /^3 \(number of elements\)/);
  const sizes = await page.locator('[data-testid="vtable-card"] [data-field="size"]').allTextContents();
  assert.deepEqual(sizes, ["8", "12"], "f64 is 8 bytes; String is 12 on wasm32");
  assert.deepEqual(errors, []);
});

test("the size table shows live wasm32 sizes and says where the x86_64 values come from", async () => {
  const { page, errors } = await openChapter("clone-cost");
  const table = page.getByTestId("size-table");
  await table.waitFor();
  assert.equal(await table.locator('tr[data-type="String"] [data-field="size"]').textContent(), "12");
  assert.equal(await table.locator('tr[data-type="Arc<str>"] [data-field="size"]').textContent(), "8");
  const note = page.getByTestId("size-table-note");
  await page.waitForFunction(() => !document.querySelector('[data-testid="size-table-note"]').textContent.startsWith("Looking"));
  const noteText = await note.textContent();
  assert.match(noteText, /results/);
  if (/recorded by/.test(noteText)) {
    // A native x86_64 results file was found: its values are in the third column.
    assert.equal(await table.locator('tr[data-type="String"] [data-field="native"]').textContent(), "24 / 8");
    assert.equal(await table.locator('tr[data-type="arc-header"] [data-field="native"]').textContent(), "16");
    // The note names the machine as its file records it, not "a real machine".
    const file = noteText.match(/results\/([^ ]+\.json)/)[1];
    const recorded = JSON.parse(fs.readFileSync(path.join(root, "content/results", file), "utf8"));
    assert.ok(noteText.includes(`on ${recorded.machine.cpu_model}`), noteText);
    if (recorded.conditions?.hypervisor) assert.match(noteText, /a virtual machine/);
    assert.doesNotMatch(noteText, /real machine/);
  }
  assert.deepEqual(errors, []);
});

test("the size table's x86_64 half reads without JavaScript, from the file the live table names", async () => {
  const { page, close } = await h.open("/chapters/clone-cost", { javaScript: false });
  const frame = page.locator('[data-live="size-table"] > [data-first-frame]');
  const source = await frame.locator(".source-note").textContent();
  const file = source.match(/results\/([^ ]+\.json)/)[1];
  const json = JSON.parse(fs.readFileSync(path.join(root, "content/results", file), "utf8"));
  const rows = await frame.getByTestId("size-table-static").locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => [tr.dataset.type, tr.querySelector('[data-field="native-size"]').textContent]));
  assert.deepEqual(rows, [...json.layouts.types.map((t) => [t.type_name, String(t.size_bytes)]), ["arc-header", String(json.layouts.arc_header_bytes)]]);
  const bars = await frame.locator('[data-testid="size-static-chart"] svg:visible rect.bar').evaluateAll((rs) => rs.map((r) => [r.dataset.x, Number(r.dataset.y)]));
  assert.deepEqual(bars, json.layouts.types.map((t) => [t.type_name, t.size_bytes]), "one bar per type, the file's sizes");
  await close();

  // Live: the same file, the wasm32 sizes beside it, and the first frame gone.
  const opened = await openChapter("clone-cost");
  await opened.page.waitForFunction(() => /recorded by/.test(document.querySelector('[data-testid="size-table-note"]')?.textContent ?? ""));
  assert.match(await opened.page.getByTestId("size-table-note").textContent(), new RegExp(`results/${file.replace(/\./g, "\\.")}`));
  assert.equal(await opened.page.locator('[data-live="size-table"] [data-first-frame]').count(), 0);
  const series = await opened.page.locator('[data-testid="size-chart"] rect.bar').evaluateAll((rs) => [...new Set(rs.map((r) => r.dataset.series))]);
  assert.deepEqual(series, ["wasm32 (this page)", `x86_64 (${json.label})`]);
  assert.equal(await opened.page.locator('[data-testid="size-chart"] rect.bar[data-series="wasm32 (this page)"][data-x="String"]').getAttribute("data-y"), "12");
  assert.deepEqual(opened.errors, []);
});

test("a code block's Copy button copies its code", async () => {
  const { page, errors, context } = await openChapter("inside-arc", { fresh: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.base });
  const block = page.locator(".code-block").first();
  await block.locator("button[data-copy]").click();
  await assert.doesNotReject(block.locator("button[data-copy]").filter({ hasText: "Copied" }).waitFor());
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await block.locator("pre").textContent());
  assert.match(copied, /struct ArcInnerSketch/);
  assert.deepEqual(errors, []);
});

test("in dark mode the Arc inspector is readable and the toggle switches back", async () => {
  const { page, errors } = await openChapter("inside-arc", { colorScheme: "dark", fresh: true });
  await page.getByTestId("arc-table").waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
  const colours = () => page.evaluate(() => {
    const widget = document.querySelector(".widget");
    const byte = widget.querySelector(".bytes .byte");
    const cs = (el) => getComputedStyle(el);
    return { bg: cs(widget).backgroundColor, fg: cs(widget).color, byteBg: cs(byte).backgroundColor, byteFg: cs(byte).color };
  });
  const dark = await colours();
  assert.equal(dark.bg, "rgb(29, 32, 37)", "the widget uses --card-bg of the dark theme");
  assert.ok(contrast(dark.fg, dark.bg) >= 7, `text contrast ${contrast(dark.fg, dark.bg)}`);
  assert.ok(contrast(dark.byteFg, dark.byteBg) >= 7, `byte contrast ${contrast(dark.byteFg, dark.byteBg)}`);
  await screenshot(page, "chapter-inside-arc-dark");
  await page.getByTestId("theme-toggle").click();
  const light = await colours();
  assert.equal(light.bg, "rgb(255, 255, 255)");
  assert.ok(contrast(light.fg, light.bg) >= 7);
  assert.deepEqual(errors, []);
});

test("the layout probe measures niches, padding and Arc<dyn Display> offsets in wasm32", async () => {
  const { page, errors } = await openChapter("small-strings");
  const niches = page.getByTestId("niche-table");
  await niches.waitFor();
  const option = async (type) => Number(await niches.locator(`tr[data-type="${type}"] [data-field="option"]`).textContent());
  assert.equal(await option("String"), 12, "Option<String> is String-sized on wasm32");
  assert.equal(await option("InlineStr"), 24, "InlineStr's tag byte leaves a niche");
  assert.equal(await option("usize"), 8, "usize has no niche: Option pays a tag");
  assert.equal(await page.getByTestId("padded-bytes").textContent(), "Bytes: ab padding padding padding 04 03 02 01");
  const offset = async (value) => Number(await page.locator(`[data-testid="dyn-offset-table"] tr[data-value="${value}"] [data-field="offset"]`).textContent());
  assert.equal(await offset("7_u8"), 8, "two 4-byte counters");
  assert.equal(await offset("Aligned32(1)"), 32, "rounded up to 32");
  assert.deepEqual(errors, []);
});

test("chapter 10's inspector opens ArcStr, triomphe::Arc<str>, Arc<String>, HipStr and Cow in wasm memory", async () => {
  const { page, errors } = await openChapter("what-instead");
  const input = page.getByTestId("alt-input");
  await input.waitFor();
  await input.fill("tiny");
  assert.equal(await page.getByTestId("alt-arcstr-fields").textContent(), "len = 4, count = 1, static = false");
  assert.equal(await page.getByTestId("alt-triomphe-fields").textContent(), "count = 1");
  assert.equal(await page.getByTestId("alt-arc-string-fields").textContent(), "strong = 1, weak = 1");
  assert.equal(await page.getByTestId("alt-hipstr").getAttribute("data-inline"), "true");
  await input.fill("a label far too long for any inline buffer");
  assert.equal(await page.getByTestId("alt-hipstr").getAttribute("data-inline"), "false");
  assert.match(await page.getByTestId("alt-arcstr-fields").textContent(), /^len = 42,/);
  assert.match(await page.getByTestId("alt-cow").textContent(), /Cow::Borrowed: the \d+-byte value at 0x[0-9a-f]+ points to the text/);
  assert.deepEqual(errors, []);
});

test("every page's footer links to the file to edit and to a new issue naming the page, with its last-changed date", async () => {
  const { execFileSync } = await import("node:child_process");
  // A shallow clone may lack the commit that last touched a file: the date is then left out.
  const shallow = execFileSync("git", ["-C", root, "rev-parse", "--is-shallow-repository"], { encoding: "utf8" }).trim() === "true";
  for (const [route, file] of [["/chapters/cache-lines", "content/chapters/09-cache-lines.md"], ["/results", "site/src/pages/results.rs"]]) {
    const { page, errors, close } = await h.open(route);
    const footer = page.getByTestId("page-source");
    assert.equal(await footer.getByRole("link", { name: "Edit this page" }).getAttribute("href"),
      `https://github.com/arc-str-explained/arc-str-explained/edit/main/${file}`);
    assert.match(await footer.getByRole("link", { name: "Report a problem" }).getAttribute("href"),
      new RegExp(`/issues/new\\?title=Problem%20on%20${route.replaceAll("/", "\\/")}&`));
    const expected = execFileSync("git", ["-C", root, "log", "-1", "--format=%cs", "--", file], { encoding: "utf8" }).trim();
    const shown = (await footer.locator("time").count()) ? await footer.locator("time").getAttribute("datetime") : "";
    if (expected || !shallow) assert.equal(shown, expected, `${route}: the last commit that touched ${file}`);
    assert.deepEqual(errors, []);
    await close();
  }
});

test("each chapter links a glossary term at its first use only, every link lands on an entry, and the glossary lists them all", async () => {
  const { page, errors } = await h.open("/glossary");
  const ids = await page.locator('[data-testid="glossary"] h2[id]').evaluateAll((hs) => hs.map((h) => h.id));
  assert.ok(ids.length >= 15, `entries: ${ids}`);
  assert.deepEqual(await page.locator('nav[aria-label="Terms"] a').evaluateAll((as) => as.map((a) => a.hash.slice(1))), ids, "the list of terms is every entry, in order");
  const linkedSomewhere = new Set();
  for (const slug of chapterSlugs()) {
    const html = await (await page.request.get(`${h.base}/chapters/${slug}`)).text();
    const hrefs = [...html.matchAll(/<a class="term" href="\/glossary#([a-z0-9-]+)">/g)].map((m) => m[1]);
    assert.equal(new Set(hrefs).size, hrefs.length, `${slug} links each term once: ${hrefs}`);
    for (const id of hrefs) assert.ok(ids.includes(id), `${slug} links /glossary#${id}, which is no entry`);
    hrefs.forEach((id) => linkedSomewhere.add(id));
  }
  assert.ok(linkedSomewhere.size >= 12, `terms the chapters use: ${[...linkedSomewhere]}`);
  // A reader following one: chapter 9's first "SMT siblings" goes to its entry, in view.
  const chapter = await h.open("/chapters/cache-lines");
  const term = chapter.page.locator('a.term[href="/glossary#smt"]');
  assert.equal(await term.count(), 1);
  assert.equal(await term.textContent(), "SMT siblings");
  await term.click();
  await chapter.page.waitForURL(/\/glossary#smt$/);
  assert.ok(await chapter.page.locator("h2#smt").isVisible());
  assert.ok(await chapter.page.locator("h2#smt").evaluate((el) => el.getBoundingClientRect().top < innerHeight));
  assert.deepEqual([...errors, ...chapter.errors], []);
});

test("search finds chapter sections, glossary entries and machines, keeps its words in the address, and is reached from every page", async () => {
  const { page, errors } = await h.open("/chapters/cache-lines", { width: 390, height: 844 });
  await page.locator("a.search-link").click();
  await page.waitForURL(/\/search$/);
  const input = page.getByTestId("search-input");
  await input.fill("false sharing");
  const hits = page.locator('[data-testid="search-hits"] li');
  await hits.first().waitFor();
  const first = await hits.first().locator("a").getAttribute("href");
  assert.equal(first, "/glossary#false-sharing", "the term's entry first");
  const urls = await hits.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  assert.ok(urls.includes("/chapters/cache-lines#false-sharing"), `the chapter's section too: ${urls}`);
  assert.equal(new URL(page.url()).search, "?q=false%20sharing", "the words are in the address");
  // A machine by its CPU; a search link opens with its words and results.
  const epyc = await h.open("/search?q=EPYC%20lines");
  await epyc.page.locator('[data-testid="search-hits"] li').first().waitFor();
  const machineUrls = await epyc.page.locator('[data-testid="search-hits"] a').evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  assert.ok(machineUrls.includes("/results/epyc-2vcpu-jemalloc-lines-2026-11-24/"), `${machineUrls}`);
  assert.equal(await epyc.page.getByTestId("search-input").inputValue(), "EPYC lines");
  // Words people use for the counters find the glossary's entry (issue 43: "refcount" found nothing).
  for (const words of ["refcount", "reference count", "ArcInner"]) {
    await input.fill(words);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="search-hits"] a')].some((a) => /^\/glossary#(counts|arc-inner)$/.test(a.getAttribute("href"))));
    const found = await hits.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    assert.ok(found.includes("/glossary#counts") || found.includes("/glossary#arc-inner"), `${words}: ${found}`);
  }
  await input.fill("zzzz nothing");
  assert.match(await page.getByTestId("search-summary").textContent(), /Nothing matches/);
  await screenshot(page, "search-phone");
  assert.deepEqual([...errors, ...epyc.errors], []);
});

test("on a wide screen 'On this page' stays in view in the margin; on a phone it is the collapsible list", async () => {
  const wide = await h.open("/chapters/cache-lines", { width: 1440, height: 800 });
  const side = wide.page.getByTestId("toc-side");
  assert.ok(await side.isVisible());
  assert.equal(await wide.page.locator(".chapter .on-this-page").isVisible(), false);
  await wide.page.locator("h2#topology").scrollIntoViewIfNeeded();
  const box = await side.boundingBox();
  assert.ok(box.y >= 0 && box.y < 800, `still in view after scrolling: ${JSON.stringify(box)}`);
  const text = await wide.page.locator("main .chapter > :is(p, ul)").first().boundingBox();
  assert.ok(box.x >= text.x + text.width, "beside the text, not over it");
  const phone = await h.open("/chapters/cache-lines", { width: 390, height: 800 });
  assert.equal(await phone.page.getByTestId("toc-side").isVisible(), false);
  assert.ok(await phone.page.locator(".chapter .on-this-page summary").isVisible());
});
