// results/index.json tells pages what each results file holds (written by the pre-renderer,
// site/src/results_index.rs), so a chapter fetches only its suite's files. A file the build cannot
// read gets no facts, which makes every page fetch it and show its error.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { refuseLinkedResults, writeSummary } from "../../scripts/postbuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("the pre-renderer's index lists every file and has facts for exactly the readable ones", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "results-index-"));
  try {
    const good = "xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21.json";
    fs.copyFileSync(path.join(root, "content/results", good), path.join(dir, good));
    fs.writeFileSync(path.join(dir, "broken.json"), "{");
    writeSummary(dir, { keepRefused: true });
    const index = JSON.parse(fs.readFileSync(path.join(dir, "index.json"), "utf8"));
    assert.deepEqual(index.files, ["broken.json", good]);
    assert.equal(index.about.length, 2);
    assert.equal(index.about[0], null, "broken.json: no facts");
    const label = JSON.parse(fs.readFileSync(path.join(dir, good), "utf8")).label;
    const { machine, ...facts } = index.about[1];
    assert.deepEqual(facts, { suites: ["sso"], arch: "x86_64", runner: "native-runner", label });
    // Its machine (what picks its marker): the fields the file records of its hardware.
    assert.match(machine, /^native\|x86_64\|Intel\(R\) Xeon\(R\) Processor @ 2\.10GHz\|/);
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
