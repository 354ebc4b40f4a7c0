// The chooser (/choose): the table and the recommendation follow the reader's strings and sharing,
// every figure is computed in the page or read from the shipped results, and it works on a phone.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { root, screenshot, start } from "./harness.mjs";

let h;
before(async () => { h = await start(); });
after(async () => { await h?.close(); });

const cell = (page, type, field) =>
  page.locator(`[data-testid="choose-table"] tr[data-type="${type}"] [data-field="${field}"]`).first().textContent();

test("the table and the pick follow the strings and the sharing pattern", async () => {
  const { page, errors, response } = await h.open("/choose");
  assert.equal(response.status(), 200);
  const input = page.getByTestId("choose-input");
  await page.getByTestId("choose-table").waitFor();
  assert.ok(await page.getByTestId("choose-sharing-one_thread").isChecked(), "one thread, the common case, by default");

  await input.fill("id\nname\neu-west-1\nok");
  await page.getByTestId("choose-sharing-cloned_by_many").check();
  await page.waitForFunction(() => document.querySelector('tr[data-type="InlineStr"] [data-field="inline"]').textContent === "4 of 4");
  assert.equal(await cell(page, "String", "inline"), "0 of 4", "String never stores text inline");
  assert.equal(await cell(page, "InlineStr", "option"), "24", "Option<InlineStr> uses the tag byte's niche");
  assert.equal(await cell(page, "Arc<str>", "option"), "8", "Option<Arc<str>> is pointer-sized on wasm32");
  assert.match(await page.getByTestId("choose-pick").textContent(), /^HipStr$/);
  await page.getByTestId("choose-sharing-one_thread").check();
  assert.match(await page.getByTestId("choose-pick").textContent(), /^CompactString$/);

  await input.fill("x".repeat(100) + "\n" + "y".repeat(64));
  await page.waitForFunction(() => document.querySelector('tr[data-type="InlineStr"] [data-field="inline"]').textContent === "0 of 2");
  assert.match(await page.getByTestId("choose-pick").textContent(), /^Rc<str>$/);
  await page.getByTestId("choose-sharing-cloned_by_many").check();
  assert.match(await page.getByTestId("choose-pick").textContent(), /once per thread/);
  // Heap bytes are counted, not assumed: a 100-byte String asks for a 100-byte block (104 in dlmalloc,
  // plus the 12-byte handle), a 64-byte one for 64 (72 + 12): (116 + 84) / 2 = 100.
  assert.equal(await cell(page, "String", "bytes"), "100.0");
  // Clone costs come from the shipped results files, each with its run.
  assert.match(await cell(page, "Arc<str>", "clone"), /^[\d.]+ ns$/);
  assert.match(await cell(page, "SmolStr", "clone"), /not measured/);
  await page.waitForFunction(() => !document.querySelector('[data-testid="choose-table"]').textContent.includes("timing…"), null, { timeout: 30_000 });
  assert.match(await cell(page, "HipStr", "create"), /^[\d.]+ ns$/);
  assert.deepEqual(errors, []);
});

test("a preset fills the box, and the page fits a phone", async () => {
  const { page, errors } = await h.open("/choose", { width: 375, height: 800, colorScheme: "dark" });
  await page.locator('button[data-preset="labels"]').click();
  assert.match(await page.getByTestId("choose-input").inputValue(), /^user_id\n/);
  await page.waitForFunction(() => document.querySelector('tr[data-type="SmolStr"] [data-field="inline"]').textContent === "10 of 10");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a 375px viewport`);
  // What the pick is weighed on, bytes and clone cost, shows without scrolling the table.
  const clone = await page.locator('[data-testid="choose-table"] th', { hasText: "Clone + drop" }).boundingBox();
  assert.ok(clone.x + clone.width <= 375, `the clone column ends at ${clone.x + clone.width}px`);
  await screenshot(page, "choose-375-dark");
  assert.deepEqual(errors, []);
});

test("an empty box asks for strings, blank lines are not strings, cuts are announced, and the link keeps every input", async () => {
  const { page, errors } = await h.open("/choose");
  const input = page.getByTestId("choose-input");
  await page.getByTestId("choose-table").waitFor();
  await input.fill("");
  await page.getByTestId("choose-empty").waitFor();
  assert.equal(await page.getByTestId("choose-pick").count(), 0, "no recommendation for no strings");
  await page.getByTestId("choose-table-empty").waitFor();
  await input.fill("\n   \n\t\n");
  await page.getByTestId("choose-empty").waitFor();
  assert.match(await page.getByTestId("choose-left-out").textContent(), /^3 blank line\(s\) are not strings/);

  await input.fill("alpha\n\nbeta\n");
  await page.getByTestId("choose-pick").waitFor();
  assert.match(await page.locator(".choose-advice").innerText(), /of your 2 strings/);
  assert.match(await page.getByTestId("choose-left-out").textContent(), /^1 blank line/);

  await input.fill(Array.from({ length: 510 }, (_, i) => `k${i}`).join("\n"));
  await page.waitForFunction(() => /Only the first 500 strings are measured; the other 10 are not/.test(document.querySelector('[data-testid="choose-left-out"]')?.textContent ?? ""));

  // The address bar holds the strings and the sharing; the link opens the same recommendation.
  await input.fill("user_id\nregion\nok");
  await page.getByTestId("choose-sharing-read_by_many").check();
  // The pick is checked against the table's numbers, so read it once they are in.
  await page.locator('[data-testid="choose-table"] tr[data-clone-ns]').first().waitFor();
  const pick = await page.getByTestId("choose-pick").textContent();
  await page.waitForFunction(() => new URL(location.href).searchParams.get("sharing") === "read_by_many");
  const url = new URL(page.url());
  assert.equal(url.pathname, "/choose");
  assert.equal(url.searchParams.get("strings"), "user_id\nregion\nok");
  const again = await h.open(`/choose${url.search}`);
  await again.page.locator('[data-testid="choose-table"] tr[data-clone-ns]').first().waitFor();
  assert.equal(await again.page.getByTestId("choose-input").inputValue(), "user_id\nregion\nok");
  assert.ok(await again.page.getByTestId("choose-sharing-read_by_many").isChecked());
  assert.equal(await again.page.getByTestId("choose-pick").textContent(), pick);
  assert.deepEqual(again.errors, []);
  assert.deepEqual(errors, []);
});

test("every clone figure comes from one machine at one thread count, measured as the reader's strings would be", async () => {
  const { page, errors } = await h.open("/choose");
  const input = page.getByTestId("choose-input");
  await page.getByTestId("choose-machine-note").waitFor();
  // 40 short ids, cloned by many threads.
  await input.fill(Array.from({ length: 40 }, (_, i) => `id_${i}`).join("\n"));
  await page.getByTestId("choose-sharing-cloned_by_many").check();
  const note = await page.getByTestId("choose-machine-note").textContent();
  const [, file, threads] = note.match(/results\/(\S+\.json) .* at (\d+) threads? cloning/);
  const json = JSON.parse(fs.readFileSync(path.join(root, "content/results", file), "utf8"));
  const counts = [...new Set(json.cases.filter((c) => c.suite === "clone").map((c) => c.threads))];
  assert.equal(Number(threads), Math.max(...counts), "many threads: the file's most");
  const rows = await page.locator('[data-testid="choose-table"] tbody tr[data-clone-ns]').evaluateAll((trs) =>
    trs.map((tr) => ({ type: tr.dataset.type, ns: Number(tr.dataset.cloneNs), machine: tr.dataset.machine })));
  assert.ok(rows.length >= 5, `${rows.length} rows with a clone cost`);
  assert.deepEqual([...new Set(rows.map((r) => r.machine))], [json.label], "one machine, named in every row");
  // The file's clone-and-drop case of `variant` at `t` threads nearest `len` bytes (what the page uses).
  const nearest = (variant, t, len) => json.cases
    .filter((c) => c.suite === "clone" && c.variant_id === variant && c.threads === t && c.mode === "drop" && !c.placement)
    .sort((a, b) => Math.abs(a.params.string_len_bytes - len) - Math.abs(b.params.string_len_bytes - len))[0]?.median_ns_per_op;
  const caseNs = (variant, len) => nearest(variant, Number(threads), len);
  // Five-byte ids fit HipStr's inline buffer on x86_64: its inline case, not the heap one.
  const hip = rows.find((r) => r.type === "HipStr");
  assert.equal(hip.ns, caseNs("hipstr_inline", 16));
  assert.ok(hip.ns < caseNs("hipstr", 64));
  // The pick's clone cost is within 2× of the cheapest shown.
  const pick = await page.getByTestId("choose-pick").getAttribute("data-type");
  const cheapest = Math.min(...rows.map((r) => r.ns));
  const picked = rows.find((r) => r.type === pick);
  assert.ok(picked, `the pick ${pick} is a row with a clone cost`);
  assert.ok(picked.ns <= 2 * cheapest, `${pick} ${picked.ns} ns vs the cheapest ${cheapest} ns`);

  // One thread: the same file's single-thread cases, and the link keeps the choice.
  await page.getByTestId("choose-threads").selectOption("1");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("threads") === "1");
  const arc = Number(await page.locator('[data-testid="choose-table"] tr[data-type="Arc<str>"]').getAttribute("data-clone-ns"));
  assert.equal(arc, nearest("arc_str", 1, 5));
  assert.equal(new URL(page.url()).searchParams.get("machine"), file);
  await screenshot(page, "choose-one-machine");
  assert.deepEqual(errors, []);
});

test("no other row beats the pick on both memory and clone cost: config strings read by many threads, short keys cloned by many", async () => {
  const { page, errors } = await h.open("/choose");
  const input = page.getByTestId("choose-input");
  await page.getByTestId("choose-machine-note").waitFor();
  const scenarios = [
    { text: Array.from({ length: 3 }, (_, i) => `config_${i}=` + "v".repeat(2040)).join("\n"), sharing: "read_by_many" },
    { text: Array.from({ length: 60 }, (_, i) => `key_${i}`).join("\n"), sharing: "cloned_by_many" },
    { text: "Zoë\nJosé Álvarez\n李小龙\nÅsa Lindqvist\nΝίκος\nSøren Kierkegaard\nFrançois-Xavier Dupont\nМария\nŁukasz\nAnaïs Nin", sharing: "read_by_many" },
  ];
  for (const s of scenarios) {
    await input.fill(s.text);
    await page.getByTestId(`choose-sharing-${s.sharing}`).check();
    await page.waitForFunction(() => document.querySelector('[data-testid="choose-table"] tr[data-type="Arc<str>"][data-clone-ns]'));
    const rows = await page.locator('[data-testid="choose-table"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ type: tr.dataset.type, bytes: Number(tr.dataset.bytes), ns: tr.dataset.cloneNs === undefined ? null : Number(tr.dataset.cloneNs) })));
    const pick = await page.getByTestId("choose-pick").getAttribute("data-type");
    const picked = rows.find((r) => r.type === pick);
    assert.ok(picked && picked.ns !== null, `${s.sharing}: the pick ${pick} has a clone cost to compare`);
    const beats = (r) => r.ns !== null && r.type !== "Rc<str>" && r.bytes <= picked.bytes && r.ns <= picked.ns && (r.bytes < picked.bytes || r.ns < picked.ns);
    assert.deepEqual(rows.filter(beats), [], `${s.sharing}: nothing beats ${pick} on both`);
  }
  assert.deepEqual(errors, []);
});
