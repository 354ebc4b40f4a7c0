// Issue 12, rows 4 and 5: the pull-request check for results files. It runs
// scripts/check-results-pr.sh against a scratch git repository the way the workflow does, with the
// native-runner that `cargo test` built (scripts/test.sh runs cargo first).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cargoTargetDir } from "../../scripts/cargo.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const script = path.join(root, "scripts/check-results-pr.sh");
const validator = path.join(cargoTargetDir(), "debug/native-runner");
const good = fs.readFileSync(path.join(root, "content/results/epyc-2vcpu-jemalloc-pinned-2026-11-23.json"));

/** `good` as the runner would have named it `name` (`<label>-2026-11-23.json`): its label is the
 *  name's, so only what a test is about is wrong. */
function named(name) {
  const file = JSON.parse(good.toString());
  file.label = name.replace(/-\d{4}-\d{2}-\d{2}\.json$/, "");
  return JSON.stringify(file, null, 2) + "\n";
}

/** The scratch repositories the tests made, removed when they are done. */
const scratch = [];
after(() => { for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true }); });

function git(dir, ...args) {
  return execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" });
}

/** A repository with an empty content/results/, then one commit made by `change(dir)`. */
function pullRequest(change) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "results-pr-"));
  scratch.push(dir);
  git(dir, "init", "-q");
  fs.mkdirSync(path.join(dir, "content/results"), { recursive: true });
  fs.writeFileSync(path.join(dir, "content/results/.gitkeep"), "");
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "base");
  change(path.join(dir, "content/results"));
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "pull request");
  return dir;
}

function check(dir, { base = "HEAD^1", maintainer = false, shippedRev } = {}) {
  assert.ok(fs.existsSync(validator), `${validator} is missing: run cargo test first`);
  const args = [script, dir, base, "HEAD", validator, ...(maintainer ? ["--maintainer"] : []), ...(shippedRev ? ["--shipped-rev", shippedRev] : [])];
  // The maintainer's review goes to the job summary, as on GitHub.
  const summaryFile = path.join(dir, "..", `${path.basename(dir)}-summary.md`);
  scratch.push(summaryFile);
  const env = { ...process.env, GITHUB_STEP_SUMMARY: summaryFile };
  const run = spawnSync("bash", args, { encoding: "utf8", timeout: 60_000, env });
  assert.equal(run.error, undefined, "the check hung or could not start");
  const summary = fs.existsSync(summaryFile) ? fs.readFileSync(summaryFile, "utf8") : "";
  return { code: run.status, out: run.stdout + run.stderr, summary };
}

test("a plain, valid results file passes", () => {
  const { code, out, summary } = check(pullRequest((d) => fs.writeFileSync(path.join(d, "my-laptop-2026-11-23.json"), named("my-laptop-2026-11-23.json"))));
  assert.equal(code, 0, out);
  assert.match(out, /ok \(\d+ cases\)/);
  assert.match(summary, /^## Results review/m);
});

test("a symbolic link to /dev/zero is refused by its mode, never read", () => {
  const { code, out } = check(pullRequest((d) => fs.symlinkSync("/dev/zero", path.join(d, "x.json"))));
  assert.equal(code, 1, out);
  assert.match(out, /x\.json: mode 120000/);
});

test("content/results swapped for a symbolic link to another folder fails the check", () => {
  const dir = pullRequest((results) => {
    const elsewhere = path.join(results, "../../elsewhere");
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, "anything.json"), "not even json");
    fs.rmSync(results, { recursive: true });
    fs.symlinkSync("../elsewhere", results);
  });
  const { code, out } = check(dir);
  assert.equal(code, 1, out);
  assert.match(out, /content\/results: is mode 120000, not a folder/);
});

test("a revision git cannot read fails the check instead of passing with nothing checked", () => {
  const dir = pullRequest((d) => fs.writeFileSync(path.join(d, "my-laptop-2026-11-23.json"), named("my-laptop-2026-11-23.json")));
  const run = spawnSync("bash", [script, dir, "no-such-revision", "HEAD", validator], { encoding: "utf8", timeout: 30_000 });
  assert.notEqual(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout + run.stderr, /cannot list the changes/);
});

test("the site's own index.json, summary.json, headlines.json and medians.json, and hidden names, are refused", () => {
  const { code, out } = check(pullRequest((d) => {
    fs.writeFileSync(path.join(d, "index.json"), good);
    fs.writeFileSync(path.join(d, "summary.json"), good);
    fs.writeFileSync(path.join(d, "headlines.json"), good);
    fs.writeFileSync(path.join(d, "medians.json"), good);
    fs.writeFileSync(path.join(d, ".sneaky.json"), good);
  }));
  assert.equal(code, 1, out);
  assert.match(out, /index\.json: a reserved name/);
  assert.match(out, /summary\.json: a reserved name/);
  assert.match(out, /headlines\.json: a reserved name/);
  assert.match(out, /medians\.json: a reserved name/);
  assert.match(out, /\.sneaky\.json: a reserved name/);
});

test("an executable file and a badly named file are refused", () => {
  const { code, out } = check(pullRequest((d) => {
    fs.writeFileSync(path.join(d, "run.json"), good, { mode: 0o755 });
    fs.writeFileSync(path.join(d, "notes.txt"), "hello");
  }));
  assert.equal(code, 1, out);
  assert.match(out, /run\.json: mode 100755/);
  assert.match(out, /notes\.txt: content\/results\/ takes only/);
});

test("an invalid file fails with its problem, escaped", () => {
  const evil = good.toString().replace('"schema_version": 1', '"\\n::error::PWNED": 1, "schema_version": 1');
  const { code, out } = check(pullRequest((d) => fs.writeFileSync(path.join(d, "evil-2026-11-23.json"), evil)));
  assert.equal(code, 1, out);
  assert.ok(!out.split("\n").some((line) => line.startsWith("::error::PWNED")), out);
});

test("the workflow comes from the base branch and builds and runs only the base branch's code", () => {
  const workflow = fs.readFileSync(path.join(root, ".github/workflows/validate-results.yml"), "utf8");
  // On `pull_request` GitHub runs the pull request's own copy of the workflow; on
  // `pull_request_target`, the base branch's.
  assert.match(workflow, /^on:\n  pull_request_target:/m);
  assert.doesNotMatch(workflow, /^\s+pull_request:/m);
  assert.match(workflow, /^permissions:\n  contents: read$/m);
  assert.doesNotMatch(workflow, /secrets\./);
  assert.equal((workflow.match(/persist-credentials: false/g) ?? []).length, 2, "neither checkout keeps the token");
  const runs = workflow.split("\n").filter((l) => /^\s+(run:|bash |cargo |git )/.test(l));
  assert.ok(runs.length >= 3);
  for (const line of runs) {
    assert.doesNotMatch(line, /(^|[\s/])pr\/(scripts|native-runner|Cargo|target)/, `runs pull-request code: ${line}`);
  }
  assert.match(workflow, /--manifest-path base\/Cargo\.toml/);
  assert.match(workflow, /bash base\/scripts\/check-results-pr\.sh pr /);
  // Untrusted values reach the shell as environment variables, never spliced into the script.
  for (const line of runs) assert.doesNotMatch(line, /\$\{\{/, line);
});

test("a --quick run is a valid file but no submission, and is refused", () => {
  const file = JSON.parse(good.toString());
  file.conditions.quick = true;
  const quick = JSON.stringify(file, null, 2) + "\n";
  const { code, out } = check(pullRequest((d) => fs.writeFileSync(path.join(d, "quick-2026-11-23.json"), quick)));
  assert.equal(code, 1, out);
  assert.match(out, /conditions\.quick: is true: a --quick run/);
});

/** A repository whose base already ships `name` (a valid file), then one commit by `change(dir)`
 *  with `message`. */
function editRequest(name, change, message) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "results-pr-"));
  scratch.push(dir);
  git(dir, "init", "-q");
  fs.mkdirSync(path.join(dir, "content/results"), { recursive: true });
  fs.writeFileSync(path.join(dir, "content/results", name), good);
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "base");
  change(path.join(dir, "content/results"));
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", message);
  return dir;
}

const SHIPPED = "reference-ryzen5600x-2024.json";
const rewrite = (d) => fs.writeFileSync(path.join(d, SHIPPED), good.toString().replace(/\n$/, "\n\n"));

test("a contributor may not rewrite or delete a shipped results file, even with a stated reason", () => {
  const edited = check(editRequest(SHIPPED, rewrite, "tidy the reference"));
  assert.equal(edited.code, 1, edited.out);
  assert.match(edited.out, /reference-ryzen5600x-2024\.json: changes or deletes a file the site already ships; .*only a maintainer/);
  const deleted = check(editRequest(SHIPPED, (d) => fs.rmSync(path.join(d, SHIPPED)), "drop it\n\nResults-edit: reference-ryzen5600x-2024.json: it is wrong"));
  assert.equal(deleted.code, 1, deleted.out);
  assert.match(deleted.out, /only a maintainer/);
});

test("a maintainer's edit needs its reason, for that file, in any commit of the pull request", () => {
  const without = check(editRequest(SHIPPED, rewrite, "tidy the reference"), { maintainer: true });
  assert.equal(without.code, 1, without.out);
  assert.match(without.out, /Results-edit: reference-ryzen5600x-2024\.json: <reason>/);
  // A reason for another file does not count for this one.
  const wrong = check(editRequest(SHIPPED, rewrite, "fix\n\nResults-edit: other.json: a typo"), { maintainer: true });
  assert.equal(wrong.code, 1, wrong.out);
  const { code, out } = check(editRequest(SHIPPED, rewrite, "reference: trailing newline\n\nResults-edit: reference-ryzen5600x-2024.json: the import wrote no final newline"), { maintainer: true });
  assert.equal(code, 0, out);
  assert.match(out, /edited by a maintainer; stated reason: .*the import wrote no final newline/);
  // The reason in the first of two commits is read (the check sees every commit from the branch point).
  const dir = editRequest(SHIPPED, rewrite, "reference: trailing newline\n\nResults-edit: reference-ryzen5600x-2024.json: the import wrote no final newline");
  // Another real run (a copy of the shipped one's samples would be refused as a copy).
  const later = JSON.parse(fs.readFileSync(path.join(root, "content/results/xeon-2vcpu-jemalloc-all-types-2026-11-25.json"), "utf8"));
  later.label = "later";
  fs.writeFileSync(path.join(dir, "content/results/later-2026-11-25.json"), JSON.stringify(later, null, 2) + "\n");
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "and a run");
  const two = check(dir, { base: "HEAD~2", maintainer: true });
  assert.equal(two.code, 0, two.out);
});

test("the .gitkeep has no exception: a link, a blob or a deletion of it is refused", () => {
  const link = check(pullRequest((d) => { fs.rmSync(path.join(d, ".gitkeep")); fs.symlinkSync("../../.git/config", path.join(d, ".gitkeep")); }));
  assert.equal(link.code, 1, link.out);
  assert.match(link.out, /\.gitkeep: content\/results\/ takes only <label>-<date>\.json files/);
  const blob = check(pullRequest((d) => fs.writeFileSync(path.join(d, ".gitkeep"), Buffer.alloc(1 << 20, 1))));
  assert.equal(blob.code, 1, blob.out);
  const gone = check(pullRequest((d) => fs.rmSync(path.join(d, ".gitkeep"))));
  assert.equal(gone.code, 1, gone.out);
  assert.match(gone.out, /\.gitkeep: changes or deletes a file the site already ships/);
});

test("a name that differs only in case from a shipped or reserved file is refused", () => {
  const dir = editRequest("epyc-2026-11-23.json", (d) => fs.writeFileSync(path.join(d, "EPYC-2026-11-23.json"), good), "results: shout");
  const shout = check(dir);
  assert.equal(shout.code, 1, shout.out);
  assert.match(shout.out, /EPYC-2026-11-23\.json: differs only in letter case/);
  const summary = check(pullRequest((d) => fs.writeFileSync(path.join(d, "Summary.json"), good)));
  assert.equal(summary.code, 1, summary.out);
  assert.match(summary.out, /Summary\.json: differs only in letter case/);
});

test("a shipped run's samples under a new label and CPU are refused as a copy", () => {
  const copy = JSON.parse(good.toString());
  copy.label = "my-own-machine";
  copy.machine.cpu_model = "AMD Ryzen 9 7950X 16-Core Processor";
  const dir = editRequest("epyc-2026-11-23.json", (d) => fs.writeFileSync(path.join(d, "my-own-machine-2026-11-23.json"), JSON.stringify(copy, null, 2)), "results: mine");
  const { code, out } = check(dir);
  assert.equal(code, 1, out);
  assert.match(out, /cases\[0\]\.repeat_times_ns: are exactly those of epyc-2026-11-23\.json's cases\[0\]: a copy/);
});

test("a pull request of more than 20 files is refused as a whole", () => {
  const { code, out } = check(pullRequest((d) => { for (let i = 0; i < 21; i++) fs.writeFileSync(path.join(d, `flood-${i}-2026-11-23.json`), good); }));
  assert.equal(code, 1, out);
  assert.match(out, /21 files in one pull request; at most 20/);
});

test("a change to .gitattributes is refused unless a maintainer makes it", () => {
  const change = (d) => {
    fs.writeFileSync(path.join(d, "../../.gitattributes"), "*.json text eol=crlf\n");
    fs.writeFileSync(path.join(d, "mine-2026-11-23.json"), named("mine-2026-11-23.json"));
  };
  const contributor = check(pullRequest(change));
  assert.equal(contributor.code, 1, contributor.out);
  assert.match(contributor.out, /\.gitattributes: a pull request of results may not change it/);
  const maintainer = check(pullRequest(change), { maintainer: true });
  assert.equal(maintainer.code, 0, maintainer.out);
});

test("a file whose page would sit beside the site's own index.json, and a name over 100 characters, are refused", () => {
  const long = `${"a".repeat(90)}-2026-11-23.json`;
  const { code, out } = check(pullRequest((d) => {
    fs.writeFileSync(path.join(d, "index.json.json"), good);
    fs.writeFileSync(path.join(d, "Summary.JSON.json"), good);
    fs.writeFileSync(path.join(d, long), named(long));
  }));
  assert.equal(code, 1, out);
  assert.match(out, /index\.json\.json: its page, results\/index\.json\/, would take the place of the site's own/);
  assert.match(out, /Summary\.JSON\.json: its page/);
  assert.match(out, new RegExp(`${long}: a name of 106 characters; at most 100`));
});

test("a file not named as the runner names it is refused, naming the name it should have", () => {
  const { code, out } = check(pullRequest((d) => fs.writeFileSync(path.join(d, "my-laptop-2026-11-23.json"), good)));
  assert.equal(code, 1, out);
  assert.match(out, /my-laptop-2026-11-23\.json: file: is named "my-laptop-2026-11-23\.json", not as the runner names this run \(epyc-2vcpu-jemalloc-pinned-2026-11-23\.json/);
});

test("a nested .gitattributes or .lfsconfig, and a results pull request that edits a workflow, fail naming the path", () => {
  const nested = check(pullRequest((d) => {
    fs.writeFileSync(path.join(d, "../.gitattributes"), "results/*.json text eol=crlf\n");
    fs.writeFileSync(path.join(d, ".lfsconfig"), "[lfs]\n");
    fs.writeFileSync(path.join(d, "mine-2026-11-23.json"), named("mine-2026-11-23.json"));
  }));
  assert.equal(nested.code, 1, nested.out);
  assert.match(nested.out, /content\/\.gitattributes: a pull request of results may not change it/);
  assert.match(nested.out, /content\/results\/\.lfsconfig: a pull request of results may not change it/);
  const sneaky = (d) => {
    fs.mkdirSync(path.join(d, "../../.github/workflows"), { recursive: true });
    fs.writeFileSync(path.join(d, "../../.github/workflows/deploy.yml"), "on: push\n");
    fs.mkdirSync(path.join(d, "../../scripts"), { recursive: true });
    fs.writeFileSync(path.join(d, "../../scripts/postbuild.mjs"), "// nothing\n");
    fs.writeFileSync(path.join(d, "mine-2026-11-23.json"), named("mine-2026-11-23.json"));
  };
  const contributor = check(pullRequest(sneaky));
  assert.equal(contributor.code, 1, contributor.out);
  assert.match(contributor.out, /\.github\/workflows\/deploy\.yml: outside content\/results\/; a pull request of results changes nothing else/);
  assert.match(contributor.out, /scripts\/postbuild\.mjs: outside content\/results\//);
  const maintainer = check(pullRequest(sneaky), { maintainer: true });
  assert.equal(maintainer.code, 0, maintainer.out);
  assert.match(maintainer.out, /\.github\/workflows\/deploy\.yml: outside content\/results\/, changed by a maintainer/);
});

/** A shipped file of the real folder, under its own name (the runner's). */
const real = (name) => fs.readFileSync(path.join(root, "content/results", name));

test("two clone files of one machine fail for a contributor, naming both; one machine's clone and lines files pass", () => {
  const two = check(pullRequest((d) => {
    fs.writeFileSync(path.join(d, "epyc-2vcpu-jemalloc-reads-2026-11-26.json"), real("epyc-2vcpu-jemalloc-reads-2026-11-26.json"));
    fs.writeFileSync(path.join(d, "epyc-2vcpu-jemalloc-all-types-2026-11-26.json"), real("epyc-2vcpu-jemalloc-all-types-2026-11-26.json"));
  }));
  assert.equal(two.code, 1, two.out);
  assert.match(two.out, /epyc-2vcpu-jemalloc-all-types-2026-11-26\.json, epyc-2vcpu-jemalloc-reads-2026-11-26\.json are 2 clone runs of one machine .*need a maintainer/);
  const pair = check(pullRequest((d) => {
    // One EPYC VM's clone run and its lines run: one machine record, two suites.
    fs.writeFileSync(path.join(d, "epyc-2vcpu-jemalloc-rounds-2026-11-24.json"), real("epyc-2vcpu-jemalloc-rounds-2026-11-24.json"));
    fs.writeFileSync(path.join(d, "epyc-2vcpu-jemalloc-lines-2026-11-24.json"), real("epyc-2vcpu-jemalloc-lines-2026-11-24.json"));
  }));
  assert.equal(pair.code, 0, pair.out);
});

test("a copy of a file merged after the pull request branched is judged against today's base branch", () => {
  const dir = pullRequest((d) => {
    const copy = JSON.parse(good.toString());
    copy.label = "mine";
    copy.machine.memory_total_bytes = 68719476736;
    fs.writeFileSync(path.join(d, "mine-2026-11-23.json"), JSON.stringify(copy, null, 2));
  });
  // The base branch moves on: the original is merged there after the pull request branched.
  git(dir, "checkout", "-q", "-b", "main-today", "HEAD^1");
  fs.writeFileSync(path.join(dir, "content/results/epyc-2vcpu-jemalloc-pinned-2026-11-23.json"), good);
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "merged since");
  const today = git(dir, "rev-parse", "HEAD").trim();
  git(dir, "checkout", "-q", "-");
  const old = check(dir);
  assert.equal(old.code, 0, old.out);
  const { code, out } = check(dir, { shippedRev: today });
  assert.equal(code, 1, out);
  assert.match(out, /are exactly those of epyc-2vcpu-jemalloc-pinned-2026-11-23\.json's cases\[0\]/);
});

test("the job summary shows each computed sentence the pull request changes, before and after", () => {
  const dir = pullRequest((d) => {
    for (const name of ["xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json", "reference-ryzen5600x-2024.json"]) fs.writeFileSync(path.join(d, name), real(name));
  });
  // The scratch base ships the Xeon (String the cheaper clone on one thread) and the article's
  // Ryzen (Arc<str>); the pull request adds an EPYC run, a third machine.
  git(dir, "reset", "-q", "--soft", "HEAD^1");
  git(dir, "commit", "-qm", "base with two machines");
  const added = "epyc-2vcpu-jemalloc-rounds-2026-11-24.json";
  fs.writeFileSync(path.join(dir, "content/results", added), real(added));
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "results: an EPYC");
  const { code, out, summary } = check(dir);
  assert.equal(code, 0, out);
  assert.match(summary, /^### epyc-2vcpu-jemalloc-rounds-2026-11-24\.json/m, out + summary);
  assert.match(summary, /\*\*04-clone-cost\.md\*\*\n\n```diff\n- .*the 2 native machines with jemalloc .*\n\+ .*the 3 native machines with jemalloc/, summary);
  assert.match(summary, /\*\*results\.rs\*\*/);
  assert.match(summary, /### Top 5 by `Arc<str>` clone \+ drop at 1 thread, native runs/);
});
