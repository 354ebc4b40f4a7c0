// results/index.json tells pages what each results file holds (scripts/postbuild.mjs,
// aboutResultsFile), so a chapter fetches only its suite's files. A file the build cannot read gets
// no facts, which makes every page fetch it and show its error.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aboutResultsFile, refuseLinkedResults, writeResultsIndex } from "../../scripts/postbuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("a results file's suites, arch and runner are read; a broken one gets no facts", () => {
  const sso = fs.readFileSync(path.join(root, "content/results/xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21.json"), "utf8");
  assert.deepEqual(aboutResultsFile(sso), { suites: ["sso"], arch: "x86_64", runner: "native-runner", label: JSON.parse(sso).label });
  assert.equal(aboutResultsFile("{ not json"), null);
  assert.equal(aboutResultsFile(JSON.stringify({ cases: [{ suite: "clone" }], runner: { name: "native-runner" } })), null, "no machine.arch");
  assert.equal(aboutResultsFile(JSON.stringify({ cases: [{ suite: 3 }], machine: { arch: "x86_64" }, runner: { name: "r" } })), null, "a suite that is not text");
  assert.equal(aboutResultsFile("null"), null);
});

test("the index lists every file and has facts for exactly the readable ones", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "results-index-"));
  try {
    fs.mkdirSync(path.join(dist, "results"));
    const good = "reference-ryzen5600x-2024.json";
    fs.copyFileSync(path.join(root, "content/results", good), path.join(dist, "results", good));
    fs.writeFileSync(path.join(dist, "results", "broken.json"), "{");
    assert.deepEqual(writeResultsIndex(dist), ["broken.json", good]);
    const index = JSON.parse(fs.readFileSync(path.join(dist, "results", "index.json"), "utf8"));
    assert.deepEqual(index.files, ["broken.json", good]);
    assert.equal(index.about.length, 2);
    assert.equal(index.about[0], null, "broken.json: no facts");
    assert.ok(index.about[1].suites.includes("clone"));
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
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
});
