// Synthetic results files for scale tests and the scale benchmark: the shipped runner-written clone
// files, relabelled (`synthetic-NNNNN-...`), given one of a few made-up CPU models, and with every
// time scaled by one factor per file (rates by its inverse), so each still passes `validate`. The
// article's imported dataset is left out: its bytes are recognised by their SHA-256, and a changed
// copy is refused, as it should be.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MODELS = ["Synthetic Zen 4 8-Core", "Synthetic Xeon 6 16-Core", "Synthetic M3", "Synthetic Neoverse V2", "Synthetic Core i5"];

/** The shipped files the synthetic ones are made from: clone runs the runners wrote. */
function sources() {
  const dir = path.join(root, "content", "results");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((r) => ["native-runner", "browser"].includes(r.runner.name) && r.cases.some((c) => c.suite === "clone"));
}

/** Every time of `file` times `k` (rates by its inverse), case `i` by `k × perCase(i)`: still a
 *  consistent run, about `k` times slower. */
function scale(file, scaleBy, perCase = () => 1) {
  for (const [i, c] of file.cases.entries()) {
    const k = scaleBy * perCase(i);
    c.repeat_times_ns = c.repeat_times_ns.map((t) => t * k);
    if (c.round_medians_ns) c.round_medians_ns = c.round_medians_ns.map((t) => t * k);
    for (const f of ["median_ns", "min_ns", "max_ns", "mad_ns", "median_ns_per_op"]) c[f] *= k;
    for (const f of ["contender_ops_per_sec", "all_threads_ops_per_sec"]) if (typeof c[f] === "number") c[f] /= k;
  }
}

/** Writes `n` synthetic files into `dir`, numbered from `first`, made from the shipped runs of
 *  `runner` (both runners' by default); returns their names. A test that needs so many of one kind
 *  names it, so that a contributed file of the other kind cannot change its count. */
export function writeSynthetic(dir, n, { runner = null, first = 0 } = {}) {
  const from = sources().filter((r) => runner === null || r.runner.name === runner);
  if (from.length === 0) throw new Error(`no shipped clone run of runner ${runner} to copy`);
  const names = [];
  for (let i = first; i < first + n; i++) {
    const file = structuredClone(from[i % from.length]);
    // 0.80–1.25×, spread evenly, the same for every case of the file.
    scale(file, 0.8 + (0.45 * ((i * 7919) % 1000)) / 1000);
    const id = String(i).padStart(5, "0");
    file.label = `synthetic-${id}`;
    // Each file a machine of its own (wasm_core::machine_key), so that the ranking, which folds a
    // machine's runs into one row, has a row per synthetic file: a native run by its memory, a
    // browser run by the device it names.
    if (file.runner.name === "native-runner") {
      file.machine.cpu_model = MODELS[Math.floor(i / from.length) % MODELS.length];
      file.machine.memory_total_bytes = (4 + i) * 2 ** 30;
    } else {
      file.machine.device = `Synthetic device ${id}`;
    }
    const name = `synthetic-${id}-${file.runner.name === "browser" ? "browser" : "native"}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify(file));
    names.push(name);
  }
  return names;
}

/** What a reader's pull request adds: `models.length` native clone runs written by the runner, each
 *  from a machine the site has not seen (its own label and CPU model), with its timings scaled by
 *  about `scale(i)`: each case by its own factor within ±6 % of it, and its steal figure its own, so
 *  that the pull-request check (`validate --pull-request`) takes it for a run of its own, not a
 *  scaled copy. Named `<label>-<date>.json` as the runner names them; returns the names. */
export function writeContributed(dir, models, scaleOf = (i) => 0.7 + 0.25 * i) {
  // Runs by today's runner: what `validate --submission` accepts (older files lack conditions and noise).
  const native = sources().filter((r) => r.runner.name === "native-runner" && r.allocator.name === "jemalloc" && r.conditions && r.cases.every((c) => "noisy" in c));
  return models.map((model, i) => {
    const file = structuredClone(native[i % native.length]);
    scale(file, scaleOf(i), (c) => 1 + 0.02 * (((c + i) * 37) % 7 - 3));
    if (typeof file.conditions.steal_percent === "number") file.conditions.steal_percent = Number((file.conditions.steal_percent + 0.0123 * (i + 1)).toFixed(4));
    file.label = `contributor-${i + 1}-${model.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
    file.machine.cpu_model = model;
    const name = `${file.label}-${file.created_at.slice(0, 10)}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify(file, null, 2));
    return name;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, n] = process.argv.slice(2);
  if (!dir || !/^\d+$/.test(n ?? "")) {
    console.error("usage: node scripts/synthetic-results.mjs DIR N");
    process.exit(2);
  }
  console.log(`${writeSynthetic(dir, Number(n)).length} synthetic results files written to ${dir}`);
}
