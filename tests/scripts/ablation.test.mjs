// Chapter 4's ablation table is written by hand from the shipped ablation runs
// (content/ablation/<run>/, raw outputs of `npm run bench:ablation`). This recomputes every row from
// those files and checks that the chapter prints it, and that the chapter's claim about
// `--method article` (built with the same profile, within the stated per cent of the article's
// program on both ratios) holds in the data.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rows, rowLine, variantTimes } from "../../scripts/ablation-table.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ablation = path.join(root, "content/ablation");
const chapter = fs.readFileSync(path.join(root, "content/chapters/04-clone-cost.md"), "utf8");
const runs = fs.existsSync(ablation) ? fs.readdirSync(ablation).filter((d) => fs.statSync(path.join(ablation, d)).isDirectory()) : [];

test("at least one ablation run ships", () => {
  assert.ok(runs.length >= 1, "content/ablation/ holds no run");
});

for (const run of runs) {
  const dir = path.join(ablation, run);
  test(`chapter 4 prints every row of ablation run ${run}`, () => {
    const table = rows(dir);
    assert.equal(table.length, 10, "all ten variants ran");
    for (const row of table) assert.ok(chapter.includes(rowLine(row)), `chapter 4 should contain:\n${rowLine(row)}`);
    assert.ok(chapter.includes(`content/ablation/${run}`), "the chapter names the run's folder");
    // ... and links it, where the raw outputs can be read (the repository's view of the folder).
    assert.ok(chapter.includes(`](/ablation/${run}/)`), "the chapter links the run's page (pages/ablation.rs, which lists its raw files)");
    assert.ok(fs.existsSync(path.join(dir, "README.md")), "the run's folder says what its files are");
  });

  test(`built alike, --method article is as close to the article's program as chapter 4 says in run ${run}`, () => {
    const byId = Object.fromEntries(rows(dir).map((r) => [r.id, r]));
    const apart = [0, 1].map((i) => Math.abs(byId["method-article"].ratios[i] / byId["program-lto"].ratios[i] - 1));
    // The chapter's word is backed by the number: "within N %", N the larger gap rounded up.
    const within = Math.ceil(Math.max(...apart) * 100);
    assert.ok(chapter.includes(`lands within ${within} % of the article's program on both ratios`), `chapter 4 should say "within ${within} %" (gaps ${apart.map((a) => (a * 100).toFixed(1))} %)`);
    assert.ok(within <= 20, `built alike, the two harnesses should agree within 20 %: ${within} %`);
  });

  // Issue 52: every factor the prose draws from this run, from the unrounded medians (never from
  // the table's rounded cells: 0.55 / 0.41 would print 1.34).
  test(`chapter 4's factors are run ${run}'s medians divided, not its rounded cells`, () => {
    const byId = Object.fromEntries(rows(dir).map((r) => [r.id, r]));
    const arc2 = (id) => byId[id].cells[2];
    const lto = byId["program-lto"].ratios[0] / byId["program-published"].ratios[0];
    const blackBox = arc2("ours").median / arc2("ours-no-black-box").median;
    const spread = (id) => arc2(id).high / arc2(id).low;
    const apart = 1 - byId["method-article-no-lto"].ratios[1] / byId["program-published"].ratios[1];
    // "Rounds of one variant ... differed by up to N× at two threads (the brackets above)".
    const widest = Math.max(...rows(dir).flatMap((r) => [2, 3].map((i) => r.cells[i].high / r.cells[i].low)));
    for (const phrase of [
      `the one-thread ratio moves by a factor of ${lto.toFixed(2)}: `,
      `moved the one-thread\nratio by a factor of ${lto.toFixed(2)} on an EPYC machine`,
      `changed our two-thread \`Arc<str>\` time by a factor of ${blackBox.toFixed(1)}`,
      `The two-thread pair is ${Math.round(apart * 100)} % apart`,
      `ranged over factors of ${spread("method-article-no-lto").toFixed(1)} and ${spread("program-published").toFixed(1)}`,
      `differed by up to ${widest.toFixed(1)}× at two threads (the brackets above)`,
    ]) {
      assert.ok(chapter.includes(phrase), `chapter 4 should contain:\n${phrase}`);
    }
  });
}

test("a variant's times come from runner files and program lines alike", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ablation-test-"));
  const runner = { cases: [
    { variant_id: "arc_str", threads: 2, mode: "drop", median_ns: 3e8 },
    { variant_id: "arc_str", threads: 2, mode: "drop", median_ns: 1e8, placement: "same-l3" },
    { variant_id: "string", threads: 2, mode: "forget", median_ns: 9e8 },
  ] };
  fs.writeFileSync(path.join(dir, "round-1.json"), JSON.stringify(runner));
  fs.writeFileSync(path.join(dir, "round-2.jsonl"), [
    '{"type": "alloc::sync::Arc<str>", "threads": 2, "drop": true, "time_millis": 250}',
    '{"type": "alloc::rc::Rc<str>", "threads": 1, "drop": true, "time_millis": 9}',
    '{"type": "alloc::string::String", "threads": 1, "drop": false, "time_millis": 400}',
  ].join("\n"));
  assert.deepEqual(variantTimes(dir), { "arc_str 2": [300, 250] }, "pinned, forget and Rc cases are left out");
  fs.rmSync(dir, { recursive: true });
});
