// The chooser (/choose): the table and the recommendation follow the reader's strings and sharing,
// every figure is computed in the page or read from the shipped results, and it works on a phone.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { screenshot, start } from "./harness.mjs";

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
  assert.match(await cell(page, "Arc<str>", "clone"), /ns ×1/);
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
  const pick = await page.getByTestId("choose-pick").textContent();
  await page.waitForFunction(() => new URL(location.href).searchParams.get("sharing") === "read_by_many");
  const url = new URL(page.url());
  assert.equal(url.pathname, "/choose");
  assert.equal(url.searchParams.get("strings"), "user_id\nregion\nok");
  const again = await h.open(`/choose${url.search}`);
  await again.page.getByTestId("choose-pick").waitFor();
  assert.equal(await again.page.getByTestId("choose-input").inputValue(), "user_id\nregion\nok");
  assert.ok(await again.page.getByTestId("choose-sharing-read_by_many").isChecked());
  assert.equal(await again.page.getByTestId("choose-pick").textContent(), pick);
  assert.deepEqual(again.errors, []);
  assert.deepEqual(errors, []);
});
