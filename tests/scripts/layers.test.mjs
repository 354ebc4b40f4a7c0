// The house's layers, checked on the source: no two Rust files import each other in a loop (through
// `use crate::…`, `super::…` or a path written in the code), and in the site a module imports only
// from its own layer or the ones below (ARCHITECTURE.md's layers: data → model → features → pages →
// islands). Tests and re-exports aside, an import is any path that names another file's module.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every `.rs` file under `src` as its module path (`["explorer", "series"]`; `[]` for lib.rs). */
function modules(src) {
  const out = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".rs")) {
        const parts = path.relative(src, full).slice(0, -3).split(path.sep);
        if (["mod", "lib", "main"].includes(parts.at(-1))) parts.pop();
        out.set(parts.join("/"), { file: full, parts, dirModule: /^(mod|lib|main)\.rs$/.test(entry.name) });
      }
    }
  };
  walk(src);
  return out;
}

/** `a::{b, c::{d}}` → [`a::b`, `a::c::d`]. */
function expand(tree) {
  const open = tree.indexOf("{");
  if (open < 0) return [tree.trim()];
  const prefix = tree.slice(0, open);
  const body = tree.slice(open + 1, tree.lastIndexOf("}"));
  const parts = [];
  let depth = 0;
  let current = "";
  for (const ch of body) {
    if (ch === "{") depth++;
    if (ch === "}") depth--;
    if (ch === "," && depth === 0) { parts.push(current); current = ""; } else current += ch;
  }
  parts.push(current);
  return parts.filter((p) => p.trim()).flatMap((p) => expand(p.trim()).map((x) => prefix + x));
}

/** The module of each file and the other files it imports (code before its `#[cfg(test)] mod`). */
function importGraph(src) {
  const mods = modules(src);
  const edges = new Map();
  for (const [name, m] of mods) {
    let text = fs.readFileSync(m.file, "utf8");
    const tests = text.search(/#\[cfg\(test\)\]\s*(pub(\(crate\))? )?mod \w+/);
    if (tests >= 0) text = text.slice(0, tests);
    text = text.replace(/\/\/.*$/gm, "");
    const paths = [...text.matchAll(/\buse\s+([^;]+);/g)].flatMap((u) => expand(u[1]));
    paths.push(...(text.match(/\b(?:crate|super|self)(?:::\w+)+/g) ?? []));
    const targets = new Set();
    for (const p of paths) {
      let segs = p.split(" as ")[0].split("::").map((s) => s.trim()).filter(Boolean);
      let base;
      if (segs[0] === "crate") { base = []; segs = segs.slice(1); }
      else if (segs[0] === "self") { base = m.dirModule ? [...m.parts] : [...m.parts]; segs = segs.slice(1); }
      else if (segs[0] === "super") {
        base = [...m.parts];
        while (segs[0] === "super") { base.pop(); segs = segs.slice(1); }
      } else continue;
      for (let k = segs.length; k >= 0; k--) {
        const candidate = [...base, ...segs.slice(0, k)].join("/");
        if (mods.has(candidate)) { if (candidate !== name) targets.add(candidate); break; }
      }
    }
    edges.set(name, targets);
  }
  return edges;
}

/** Groups of modules that import each other in a loop (Tarjan's strongly connected components). */
function loops(edges) {
  let next = 0;
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
  const visit = (v) => {
    index.set(v, next); low.set(v, next); next++; stack.push(v); onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

for (const crate of ["kernels", "wasm-core", "native-runner", "site", "wasm-threads"]) {
  test(`${crate}: no two source files import each other in a loop`, () => {
    assert.deepEqual(loops(importGraph(path.join(root, crate, "src"))).map((g) => g.join(" <-> ")), []);
  });
}

// The site's layers, lowest first: a module imports from its own layer or below.
const SITE_LAYERS = [
  ["browser", "charts", "content", "live", "loaded", "own_run", "palette", "results_index", "routes", "search", "search_index", "static_data"],
  ["explorer"],
  ["components"],
  ["pages"],
  ["", "islands", "bin"],
];
const layerOf = (module) => SITE_LAYERS.findIndex((names) => names.includes(module.split("/")[0]));

test("site: every top-level module has a layer, and none imports from a layer above its own", () => {
  const edges = importGraph(path.join(root, "site", "src"));
  const unplaced = [...edges.keys()].filter((m) => layerOf(m) < 0);
  assert.deepEqual(unplaced, [], "modules ARCHITECTURE.md gives no layer");
  const upward = [...edges].flatMap(([from, targets]) => [...targets].filter((to) => layerOf(to) > layerOf(from)).map((to) => `${from} -> ${to}`));
  assert.deepEqual(upward, []);
});

// wasm-core's layers, lowest first, by audience: what every rule names (the crate root, which only
// declares modules and re-exports the kernels; limits, order, statistics, the memory readers and
// layouts), the results schema, what checks and runs a file, the explainer's
// chooser, and what the site's build derives from all of them (the summary, the facts, the chapter
// probe that compares the chooser's types), and, for tests alone, the shipped files read from disk.
const CORE_LAYERS = [
  ["", "problem", "order", "stats", "heap", "layout", "inspect", "inspect/arc", "inspect/shared", "inspect/sso", "inspect/wide"],
  ["results", "results/machine"],
  ["clone_run", "browser", "plausible", "consistency", "validate", "validate/case", "validate/submission", "validate/physics", "validate/pull_request", "validate/record", "machine_key"],
  ["choose", "choose/constraints", "choose/model", "choose/pick"],
  ["summary", "facts", "inspect/probe", "review", "shipped_files"],
];
const coreLayerOf = (module) => CORE_LAYERS.findIndex((names) => names.includes(module));

test("wasm-core: every module has a layer, and none imports from a layer above its own", () => {
  const edges = importGraph(path.join(root, "wasm-core", "src"));
  assert.deepEqual([...edges.keys()].filter((m) => coreLayerOf(m) < 0), [], "modules with no layer");
  const upward = [...edges].flatMap(([from, targets]) => [...targets].filter((to) => coreLayerOf(to) > coreLayerOf(from)).map((to) => `${from} -> ${to}`));
  assert.deepEqual(upward, []);
});

test("the checker finds a loop and an upward import where there is one", () => {
  const dir = fs.mkdtempSync(path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "layers-")), "src-"));
  fs.mkdirSync(path.join(dir, "explorer"));
  fs.writeFileSync(path.join(dir, "lib.rs"), "pub mod explorer;\npub mod palette;\n");
  fs.writeFileSync(path.join(dir, "palette.rs"), "use crate::explorer::series::{lines, Line};\n");
  fs.writeFileSync(path.join(dir, "explorer", "mod.rs"), "pub mod series;\n");
  fs.writeFileSync(path.join(dir, "explorer", "series.rs"), "fn f() { crate::palette::colour(); super::super::palette::x(); }\n#[cfg(test)]\nmod tests { use crate::lib; }\n");
  const edges = importGraph(dir);
  assert.deepEqual([...edges.get("explorer/series")], ["palette"]);
  assert.deepEqual(loops(edges), [["explorer/series", "palette"]]);
  assert.ok(layerOf("palette") < layerOf("explorer/series"), "palette → explorer is upward");
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});
