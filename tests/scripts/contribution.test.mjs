// A contribution needs no hand edit: three new, valid machines added to a copy of content/results/
// leave every Rust test green (they read the folder `ARC_STR_RESULTS_DIR` names), pass the
// pull-request check's validator, and change the pre-rendered ledes' counts; nothing else is edited.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cargoTargetDir } from "../../scripts/cargo.mjs";
import { prerenderPages, removePageContent } from "../../scripts/postbuild.mjs";
import { writeContributed } from "../../scripts/synthetic-results.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const shippedDir = path.join(root, "content", "results");

/** A fresh copy of the shipped results (the pre-renderer writes its summary beside them). */
function copyOfShipped() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-contrib-"));
  for (const f of fs.readdirSync(shippedDir).filter((f) => f.endsWith(".json"))) fs.copyFileSync(path.join(shippedDir, f), path.join(dir, f));
  return dir;
}

/** The text of the first `<p class="lede">` of the page at `route`, tags dropped. */
function lede(pages, route) {
  const body = pages.find((p) => p.path === route)?.body ?? "";
  const html = body.match(/<p class="lede"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? "";
  return html.replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

const count = (text, pattern) => Number(text.match(pattern)?.[1] ?? NaN);

test("three contributed machines: Rust suites green, the validator agrees, and the ledes count them", { timeout: 1_200_000 }, () => {
  const before = copyOfShipped();
  const after = copyOfShipped();
  try {
    const added = writeContributed(after, ["Contributed Ryzen 9 9950X 16-Core", "Contributed Xeon w5-3435X", "Contributed Core Ultra 7 155H"]);
    assert.equal(added.length, 3);
    // Every Rust test, reading the folder with the contributions (a failure throws with its output).
    execFileSync("cargo", ["test", "--workspace", "--locked", "--quiet"], {
      cwd: root,
      env: { ...process.env, ARC_STR_RESULTS_DIR: after, CARGO_INCREMENTAL: "0" },
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 64 << 20,
    });
    // As the pull-request check judges them: side by side, against the shipped files. The runner is
    // the one `cargo test --workspace` just built: `cargo run -p native-runner` resolves other
    // features for the dependencies they share and compiled them again (the test took 52-64 s on 2
    // cores with it, 17 s without).
    const runner = path.join(cargoTargetDir(), "debug/native-runner");
    execFileSync(runner, ["validate", "--submission", "--shipped", before, "--pull-request", ...added.map((name) => path.join(after, name))],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

    const [old, now] = [prerenderPages(before), prerenderPages(after)];
    removePageContent([...old, ...now]);
    // Each contributed file has a page of its own.
    for (const name of added) assert.ok(now.some((p) => p.path === `/results/${name.replace(/\.json$/, "")}/`), `${name} has no page`);
    for (const route of ["/chapters/clone-cost", "/results"]) {
      const [was, is] = [lede(old, route), lede(now, route)];
      assert.doesNotMatch(is, /\{\{|\}\}/, `${route}: a placeholder left unfilled`);
      // One machine, one voice: the facts count machines first, then their runs.
      const machines = /(\d+) native machines with jemalloc/;
      assert.equal(count(is, machines), count(was, machines) + 3, `${route}: ${was}\n→ ${is}`);
      const runs = /\((\d+) runs of/;
      assert.equal(count(is, runs), count(was, runs) + 3, `${route}: three new runs`);
      const models = / of (\d+) CPU models/;
      assert.equal(count(is, models), count(was, models) + 3, `${route}: three new CPU models`);
    }
    const files = /(\d+) results files from (\d+) machines/;
    const [wasFiles, isFiles] = [old, now].map((pages) => pages.find((p) => p.path === "/results").body.replace(/<[^>]*>/g, "").match(files));
    assert.ok(wasFiles && isFiles, "/results counts its files and machines");
    assert.equal(Number(isFiles[1]), Number(wasFiles[1]) + 3);
    assert.equal(Number(isFiles[2]), Number(wasFiles[2]) + 3);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
    fs.rmSync(after, { recursive: true, force: true });
  }
});
