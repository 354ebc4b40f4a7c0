// `npm run bench:ablation -- --article DIR`: the side-by-side run behind chapter 4's ablation table.
// Builds the article's own program (a checkout of BlockListed/arc_str_perf) as published, with LTO,
// and with tikv-jemallocator 0.6; builds native-runner with and without LTO; then runs every variant
// once per round, rounds interleaved (each round starts one variant later), so a slow minute of a
// shared VM lands on every variant alike. Each variant times Arc<str> and String clone + drop at 1
// and 2 threads. Writes every run's raw output under --out and prints the table (median of rounds,
// and the lowest and highest round). A benchmark, not a test: it asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const { values } = parseArgs({
  options: {
    article: { type: "string" },
    rounds: { type: "string", default: "7" },
    out: { type: "string" },
    label: { type: "string", default: "local" },
    help: { type: "boolean", short: "h" },
  },
});
const usage = `usage: npm run bench:ablation -- --article DIR [--rounds N] [--out DIR] [--label NAME]
  --article DIR  a checkout of the article's program: git clone https://github.com/BlockListed/arc_str_perf
  --rounds N     rounds, each running every variant once (default 7)
  --out DIR      where the raw outputs go (default content/ablation/<label>-<date>; must not exist)
  --label NAME   names the machine in the default --out (default "local")
Builds four binaries (about 4 minutes on 2 cores), then about 12 s per round.`;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const fail = (message) => {
  console.error(`error: ${message}\n${usage}`);
  process.exit(2);
};
if (!values.article) fail("--article is required");
const article = path.resolve(values.article);
if (!fs.existsSync(path.join(article, "src/main.rs"))) fail(`--article ${values.article}: no src/main.rs there`);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 100) fail(`--rounds takes 1 to 100; got '${values.rounds}'`);
if (!/^[a-z0-9][a-z0-9.-]{0,63}$/.test(values.label)) fail(`--label takes lower-case letters, digits, '.' and '-'; got '${values.label}'`);
const date = new Date().toISOString().slice(0, 10);
const out = path.resolve(values.out ?? path.join(root, "content/ablation", `${values.label}-${date}`));
if (fs.existsSync(out)) fail(`${out} exists; pick another --out`);

let articleCommit = "an unknown commit";
try {
  articleCommit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: article, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
} catch {}
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ablation-"));
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], ...opts });

/// A copy of the article's program with `edit` applied to its Cargo.toml, built; returns the binary.
function buildArticle(name, edit) {
  const dir = path.join(work, name);
  fs.cpSync(article, dir, { recursive: true, filter: (p) => !p.includes(`${path.sep}target`) && !p.endsWith(`${path.sep}.git`) });
  const manifest = path.join(dir, "Cargo.toml");
  fs.writeFileSync(manifest, edit(fs.readFileSync(manifest, "utf8")));
  console.error(`bench:ablation: building the article's program (${name})…`);
  run("cargo", ["build", "--release", "--quiet"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return path.join(dir, "target/release/arc_str_perf");
}

/// native-runner built with our release profile (in target/), or with Cargo's default one (no LTO,
/// 16 codegen units) in a target directory of its own.
function buildRunner(name, env, target) {
  console.error(`bench:ablation: building native-runner (${name})…`);
  run("cargo", ["build", "--release", "--quiet", "-p", "native-runner", "--target-dir", target], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return path.join(target, "release/native-runner");
}

const published = buildArticle("article-published", (t) => t);
const articleLto = buildArticle("article-lto", (t) => `${t}\n[profile.release]\nlto = true\ncodegen-units = 1\n`);
const article06 = buildArticle("article-jemallocator-0.6", (t) =>
  t.replace(/tikv-jemallocator = "[^"]*"/, 'tikv-jemallocator = "0.6"').replace(/tikv-jemalloc-ctl = "[^"]*"/, 'tikv-jemalloc-ctl = { version = "0.6", features = ["stats"] }'));
const runnerLto = buildRunner("our release profile", {}, path.join(root, "target"));
const runnerNoLto = buildRunner("no LTO", { CARGO_PROFILE_RELEASE_LTO: "false", CARGO_PROFILE_RELEASE_CODEGEN_UNITS: "16" }, path.join(work, "runner-no-lto"));

// The rows of the table, ours first, then one change at a time, then the article's program.
const variants = [
  { id: "ours", runner: runnerLto, method: "ours" },
  { id: "ours-no-black-box", runner: runnerLto, method: "no-black-box" },
  { id: "ours-mode-each-clone", runner: runnerLto, method: "mode-each-clone" },
  { id: "ours-stop-channel", runner: runnerLto, method: "stop-channel" },
  { id: "ours-no-warm-up", runner: runnerLto, method: "no-warm-up" },
  { id: "method-article", runner: runnerLto, method: "article" },
  { id: "method-article-no-lto", runner: runnerNoLto, method: "article" },
  { id: "program-lto", program: articleLto },
  { id: "program-jemallocator-0.6", program: article06 },
  { id: "program-published", program: published },
];

fs.mkdirSync(out, { recursive: true });
for (let round = 1; round <= rounds; round++) {
  console.error(`bench:ablation: round ${round} of ${rounds}`);
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(k + round - 1) % variants.length];
    const dir = path.join(out, v.id);
    fs.mkdirSync(dir, { recursive: true });
    if (v.runner) {
      run(v.runner, ["clone", "--threads", "1,2", "--mode", "drop", "--type", "arc_str,string", "--repeats", "1", "--rounds", "1",
        "--method", v.method, "--label", `ablation-${v.id}`, "--out", path.join(dir, `round-${round}.json`), "--quiet"]);
    } else {
      const lines = [];
      for (const threads of [1, 2]) {
        const stdout = run(v.program, [], { env: { ...process.env, TOTAL_THREAD_COUNT: String(threads), SHOULD_DROP: "yes" } });
        lines.push(...stdout.split("\n").filter((l) => l.startsWith("{")));
      }
      fs.writeFileSync(path.join(dir, `round-${round}.jsonl`), lines.join("\n") + "\n");
    }
  }
}
fs.writeFileSync(path.join(out, "README.md"), `# Ablation run ${path.basename(out)}

Written by \`npm run bench:ablation\` (scripts/ablation.mjs), ${rounds} interleaved rounds on
${os.cpus()[0]?.model ?? "an unknown CPU"} (${os.cpus().length} logical CPUs), ${os.type()} ${os.release()}.
Each folder is one variant; \`round-N.json\` is a native-runner results file, \`round-N.jsonl\` the
lines the article's program (BlockListed/arc_str_perf at ${articleCommit}) printed for 1 and 2
threads, drop mode. The table: \`node -e 'import("./scripts/ablation-table.mjs").then(m => console.log(m.table(process.argv[1])))' DIR\`.
`);
fs.rmSync(work, { recursive: true, force: true });

const { table } = await import("./ablation-table.mjs");
console.log(table(out));
console.error(`bench:ablation: raw outputs in ${path.relative(root, out)}`);
