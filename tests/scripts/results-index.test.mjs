// results/summary.json is the one catalogue of the results files (written by the pre-renderer):
// /results reads all of it, and every other page that loads results reads each file's suites, arch,
// runner and machine rank from it (site/src/results_index.rs), so a chapter fetches only its
// suite's files. A file the build refused is listed as refused, which makes every page fetch it and
// show its error.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { refuseLinkedResults, writeSummary } from "../../scripts/postbuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("the pre-renderer's catalogue lists every file once: the readable ones with their facts, the others as refused", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "results-index-"));
  try {
    const good = "xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21.json";
    fs.copyFileSync(path.join(root, "content/results", good), path.join(dir, good));
    fs.writeFileSync(path.join(dir, "broken.json"), "{");
    writeSummary(dir, { keepRefused: true });
    assert.deepEqual(fs.readdirSync(dir).sort(), ["broken.json", "headlines.json", "summary.json", good], "no second list beside the summary");
    const summary = JSON.parse(fs.readFileSync(path.join(dir, "summary.json"), "utf8"));
    assert.deepEqual(summary.refused.map((r) => r.file), ["broken.json"]);
    assert.equal(summary.machines.length, 1);
    const label = JSON.parse(fs.readFileSync(path.join(dir, good), "utf8")).label;
    const { file, suites, arch, kind, hardware } = summary.machines[0];
    assert.deepEqual({ file, suites, arch, kind, hardware, label: summary.machines[0].label }, { file: good, suites: ["sso"], arch: "x86_64", kind: "native", hardware: 0, label });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the build refuses a results folder that is a symbolic link", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "linked-results-"));
  fs.mkdirSync(path.join(dir, "content", "elsewhere"), { recursive: true });
  fs.symlinkSync("elsewhere", path.join(dir, "content", "results"));
  assert.throws(() => refuseLinkedResults(path.join(dir, "content", "results")), /results is a symbolic link/);
  fs.rmSync(path.join(dir, "content", "results"));
  fs.mkdirSync(path.join(dir, "content", "results"));
  assert.doesNotThrow(() => refuseLinkedResults(path.join(dir, "content", "results")));
  fs.rmSync(dir, { recursive: true, force: true });
});
