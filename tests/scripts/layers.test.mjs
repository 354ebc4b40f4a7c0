// The house's layers, checked on the source: no two Rust files import each other in a loop, and in
// the site and wasm-core a module imports only from its own layer or the ones below
// (ARCHITECTURE.md's layers). Paths resolve as rustc resolves them: from each crate root (lib.rs,
// main.rs and every bin/*.rs are roots of their own) down the `mod` declarations; `crate::`,
// `super::`, `self::` and a first segment naming a child module or a module a `use` brought in
// (any other first segment is another crate); `use` trees, `pub use` and paths written in code.
// Only the bodies of `#[cfg(test)]` modules (and `#[cfg(test)] mod x;` files) are left out. An
// import counts as an arrow to the deepest module its path names that is a file of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const CHAR_LITERAL = /'(?:[^'\\\n]|\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.))'/uy;
const RAW_STRING = /(?:br|cr|r)(#*)"/y;

/** Rust source without its comments and with every string and char literal emptied, so that
 * neither a brace nor a path inside them is read as code. */
function stripped(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      let depth = 0;
      do {
        if (text.startsWith("/*", i)) { depth++; i += 2; }
        else if (text.startsWith("*/", i)) { depth--; i += 2; }
        else i++;
      } while (depth > 0 && i < text.length);
      out += " ";
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      out += '""';
    } else if (c === "'") {
      CHAR_LITERAL.lastIndex = i;
      if (CHAR_LITERAL.test(text)) { i = CHAR_LITERAL.lastIndex; out += "' '"; }
      else { out += c; i++; } // a lifetime
    } else if (/[bcr]/.test(c) && !/\w/.test(text[i - 1] ?? "")) {
      RAW_STRING.lastIndex = i;
      const raw = RAW_STRING.exec(text);
      if (raw) {
        const end = text.indexOf(`"${raw[1]}`, RAW_STRING.lastIndex);
        i = end < 0 ? text.length : end + 1 + raw[1].length;
        out += '""';
      } else if ((c === "b" || c === "c") && next === '"') {
        out += c; // a byte or C string: its quotes are read next
        i++;
      } else { out += c; i++; }
    } else { out += c; i++; }
  }
  return out;
}

/** The index just past the bracket that closes the one at `open`. */
function closing(text, open) {
  const pair = { "{": "}", "[": "]", "(": ")" }[text[open]];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === text[open]) depth++;
    else if (text[i] === pair && --depth === 0) return i + 1;
  }
  return text.length;
}

/** `text` without the bodies of its `#[cfg(test)]` modules (the braces, not the rest of the file),
 * and the names of the `#[cfg(test)] mod x;` files it declares. */
function withoutTests(text) {
  const TEST_CFG = /#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]/g;
  const testFiles = [];
  let out = "";
  let from = 0;
  for (let m; (m = TEST_CFG.exec(text)); ) {
    if (m.index < from) continue;
    let at = TEST_CFG.lastIndex;
    // Further attributes and a visibility may stand between the cfg and the `mod`.
    for (;;) {
      const space = /\s*/y;
      space.lastIndex = at;
      space.exec(text);
      at = space.lastIndex;
      if (text.startsWith("#", at)) at = closing(text, text.indexOf("[", at));
      else break;
    }
    const item = /(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(?:r#)?(\w+)\s*([;{])/y;
    item.lastIndex = at;
    const mod = item.exec(text);
    if (!mod) continue;
    if (mod[2] === ";") testFiles.push(mod[1]);
    out += text.slice(from, m.index) + "\n";
    from = mod[2] === ";" ? item.lastIndex : closing(text, item.lastIndex - 1);
    TEST_CFG.lastIndex = from;
  }
  return { text: out + text.slice(from), testFiles };
}

/** A file's modules: the file's own and each inline `mod x { … }`, each with its code (nested
 * modules' bodies left out), its path inside the file (`[]`, `["native"]`) and its child modules. */
function scopes(text) {
  const found = [{ inner: [], code: "", children: new Map() }];
  const stack = [{ scope: found[0], depth: 0 }];
  const token = /\bmod\s+(?:r#)?(\w+)\s*([;{])|[{}]/g;
  let depth = 0;
  let last = 0;
  for (let m; (m = token.exec(text)); ) {
    const top = stack.at(-1);
    top.scope.code += text.slice(last, m.index);
    last = token.lastIndex;
    if (m[1] && m[2] === ";") top.scope.children.set(m[1], { file: true });
    else if (m[1]) {
      depth++;
      const scope = { inner: [...top.scope.inner, m[1]], code: "", children: new Map() };
      top.scope.children.set(m[1], { file: false, scope });
      found.push(scope);
      stack.push({ scope, depth });
    } else if (m[0] === "{") {
      depth++;
      top.scope.code += "{";
    } else {
      if (top.depth === depth && stack.length > 1) stack.pop();
      else top.scope.code += "}";
      depth--;
    }
  }
  stack.at(-1).scope.code += text.slice(last);
  return found;
}

/** `a::{b, c::{d}, self}` → [`a::b`, `a::c::d`, `a`]. */
function expand(tree) {
  const open = tree.indexOf("{");
  if (open < 0) {
    const whole = tree.trim().replace(/::\s*self\b/, "");
    return whole ? [whole] : [];
  }
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
  return parts.filter((p) => p.trim()).flatMap((p) => expand(prefix + p.trim()));
}

/** A file's name in the graph: its path under `src` without `.rs` or `/mod` (`lib`, `main`,
 * `bin/prerender`, `validate/case`, `pages` for pages/mod.rs). */
const keyOf = (src, file) => path.relative(src, file).split(path.sep).join("/").replace(/\.rs$/, "").replace(/\/mod$/, "");

/** The crate roots under `src`, as Cargo finds them: lib.rs, main.rs, bin/*.rs and bin/*\/main.rs. */
function crateRoots(src) {
  const roots = ["lib.rs", "main.rs"].map((f) => path.join(src, f)).filter((f) => fs.existsSync(f));
  const bin = path.join(src, "bin");
  if (fs.existsSync(bin)) {
    for (const entry of fs.readdirSync(bin, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isFile() && entry.name.endsWith(".rs")) roots.push(path.join(bin, entry.name));
      else if (entry.isDirectory() && fs.existsSync(path.join(bin, entry.name, "main.rs"))) roots.push(path.join(bin, entry.name, "main.rs"));
    }
  }
  return roots;
}

/** Every `.rs` file under `dir`. */
function rustFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? rustFiles(full) : entry.name.endsWith(".rs") ? [full] : [];
  });
}

/**
 * The checker's core: the source files under `src` (keys as `keyOf` names them) and the other files
 * each imports, read from every crate root down. `unreached` lists files no root declares (never
 * compiled, so never checked), `unresolved` the `mod x;` declarations with no file.
 */
function importGraph(src) {
  const edges = new Map();
  const unresolved = [];
  const testOnly = new Set();
  for (const rootFile of crateRoots(src)) {
    // Every module of this crate by its path (`validate/case`, `allocator/imp`), with its file.
    const modules = new Map();
    const queue = [{ file: rootFile, path: [], childDir: path.dirname(rootFile) }];
    while (queue.length) {
      const { file, path: modPath, childDir } = queue.shift();
      const { text, testFiles } = withoutTests(stripped(fs.readFileSync(file, "utf8")));
      for (const name of testFiles) for (const f of [path.join(childDir, `${name}.rs`), path.join(childDir, name, "mod.rs")]) testOnly.add(f);
      for (const scope of scopes(text)) {
        const full = [...modPath, ...scope.inner];
        modules.set(full.join("/"), { file, path: full, scope });
        for (const [name, child] of scope.children) {
          if (!child.file || testFiles.includes(name)) continue;
          const dir = path.join(childDir, ...scope.inner);
          const found = [path.join(dir, `${name}.rs`), path.join(dir, name, "mod.rs")].find((f) => fs.existsSync(f));
          if (!found) { unresolved.push(`${keyOf(src, file)}: mod ${name}`); continue; }
          const isModRs = path.basename(found) === "mod.rs";
          queue.push({ file: found, path: [...full, name], childDir: isModRs ? path.dirname(found) : found.slice(0, -3) });
        }
      }
    }
    // Follows `segs` from module `from` down the module tree: the deepest module they name, or
    // `null` when the first segment is another crate's (or a name this checker cannot see).
    const resolve = (from, segs, aliases) => {
      let at;
      let rest = segs;
      if (segs[0] === "crate" || segs[0] === "$crate") { at = []; rest = segs.slice(1); }
      else if (segs[0] === "self") { at = from; rest = segs.slice(1); }
      else if (segs[0] === "super") {
        at = from;
        while (rest[0] === "super") { at = at.slice(0, -1); rest = rest.slice(1); }
      } else if (modules.get(from.join("/")).scope.children.has(segs[0])) at = from;
      else if (aliases.has(segs[0])) { at = aliases.get(segs[0]); rest = segs.slice(1); }
      else return null;
      let taken = 0;
      while (taken < rest.length && modules.has([...at, rest[taken]].join("/"))) at = [...at, rest[taken++]];
      return { module: at, whole: taken === rest.length };
    };
    for (const [, m] of modules) {
      const key = keyOf(src, m.file);
      if (!edges.has(key)) edges.set(key, new Set());
      const uses = [...m.scope.code.matchAll(/\buse\s+([^;]+);/g)].flatMap((u) => expand(u[1]));
      // A leading `::` keeps its empty first segment: `::name` is always another crate.
      const split = (p) => p.split(/\s+as\s+/)[0].split("::").map((s) => s.trim());
      // Names a `use` brought in that are modules (`use crate::validate;`, `use super::case as c;`).
      const aliases = new Map();
      for (const p of uses) {
        const found = resolve(m.path, split(p), new Map());
        if (found?.whole && found.module.length) aliases.set(p.split(/\s+as\s+/)[1]?.trim() ?? found.module.at(-1), found.module);
      }
      const code = m.scope.code.replace(/\buse\s+[^;]+;/g, ";");
      const written = [...code.matchAll(/(?<![\w:])(\$?\w+(?:\s*::\s*\w+)+)/g)].map((x) => x[1]);
      for (const p of [...uses, ...written]) {
        const found = resolve(m.path, split(p), aliases);
        if (!found) continue;
        const target = keyOf(src, modules.get(found.module.join("/")).file);
        if (target !== key) edges.get(key).add(target);
      }
    }
  }
  const reached = new Set(edges.keys());
  const unreached = rustFiles(src).filter((f) => !testOnly.has(f) && !reached.has(keyOf(src, f))).map((f) => keyOf(src, f));
  return { edges, unreached, unresolved };
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

/** Every arrow from a module to one in a higher layer, as `from -> to`. */
const upward = (edges, layerOf) =>
  [...edges].flatMap(([from, targets]) => [...targets].filter((to) => layerOf(to) > layerOf(from)).map((to) => `${from} -> ${to}`));

for (const crate of ["kernels", "wasm-core", "native-runner", "site", "wasm-threads"]) {
  test(`${crate}: every source file is compiled, and no two import each other in a loop`, () => {
    const { edges, unreached, unresolved } = importGraph(path.join(root, crate, "src"));
    assert.deepEqual(unreached, [], "files no crate root declares");
    assert.deepEqual(unresolved, [], "`mod` declarations with no file");
    assert.deepEqual(loops(edges).map((g) => g.join(" <-> ")), []);
  });
}

// The site's layers, lowest first: a module imports from its own layer or below. A module's layer
// is its first segment's (`pages/home` is in `pages`); the crate roots are `lib`, `main` and `bin`.
const SITE_LAYERS = [
  ["browser", "charts", "content", "head", "live", "loaded", "own_run", "palette", "results_index", "routes", "search", "search_index", "static_data"],
  ["model"],
  ["components"],
  ["pages"],
  ["lib", "main", "islands", "bin"],
];
const layerOf = (module) => SITE_LAYERS.findIndex((names) => names.includes(module.split("/")[0]));

test("site: every top-level module has a layer, and none imports from a layer above its own", () => {
  const { edges } = importGraph(path.join(root, "site", "src"));
  assert.deepEqual([...edges.keys()].filter((m) => layerOf(m) < 0), [], "modules ARCHITECTURE.md gives no layer");
  assert.deepEqual(upward(edges, layerOf), []);
});

// wasm-core's layers, lowest first, by audience: what every rule names (the crate root, which only
// declares modules and re-exports the kernels; limits, order, statistics, the memory readers and
// layouts), the results schema, what checks and runs a file, the explainer's chooser, and what the
// site's build derives from all of them (the summary, the facts, the chapter probe that compares the
// chooser's types). Test-only files (`shipped_files`) are not in the graph.
const CORE_LAYERS = [
  ["lib", "problem", "order", "stats", "heap", "layout", "inspect", "inspect/arc", "inspect/shared", "inspect/sso", "inspect/wide"],
  ["results", "results/machine"],
  ["clone_run", "browser", "plausible", "consistency", "validate", "validate/case", "validate/copies", "validate/submission", "validate/physics", "validate/pull_request", "validate/record", "machine_key", "disturbance"],
  ["choose", "choose/constraints", "choose/model", "choose/pick", "choose/memory"],
  ["summary", "facts", "inspect/probe", "review"],
];
const coreLayerOf = (module) => CORE_LAYERS.findIndex((names) => names.includes(module));

test("wasm-core: every module has a layer, and none imports from a layer above its own", () => {
  const { edges } = importGraph(path.join(root, "wasm-core", "src"));
  assert.deepEqual([...edges.keys()].filter((m) => coreLayerOf(m) < 0), [], "modules with no layer");
  assert.deepEqual(upward(edges, coreLayerOf), []);
});

/** A source tree in a fresh temporary folder, from `{ "relative/path.rs": text }`; removed after `use`. */
function withTree(files, use) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return use(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A small site: lib.rs, a page, a palette (data layer), a binary with a module of its own.
const SMALL_SITE = {
  "lib.rs": "pub mod pages;\npub mod palette;\n",
  "main.rs": "mod entry;\nfn main() { entry::start(); }\n",
  "entry.rs": "pub fn start() { site::mount(); }\n",
  "pages/mod.rs": "pub mod home;\n",
  "pages/home.rs": "use crate::palette::colour;\npub struct Home;\n",
  "palette.rs": "pub fn colour() {}\n",
};

test("the checker reads lib.rs and main.rs as two roots, each with its own modules", () => {
  withTree(SMALL_SITE, (src) => {
    const { edges, unreached } = importGraph(src);
    assert.deepEqual(unreached, []);
    assert.deepEqual([...edges.get("main")], ["entry"], "a path in main's code names its child");
    assert.deepEqual([...edges.get("entry")], [], "`site::` is another crate from main's side");
    assert.deepEqual([...edges.get("pages/home")], ["palette"]);
    assert.deepEqual(loops(edges), []);
  });
});

test("the checker finds a lib.rs <-> pages/home.rs loop written relatively", () => {
  const files = {
    ...SMALL_SITE,
    "lib.rs": "pub mod pages;\npub mod palette;\nuse pages::{home::{self, Home}};\npub struct App;\n",
    "pages/home.rs": "use crate::App;\npub struct Home;\n",
  };
  withTree(files, (src) => {
    const { edges } = importGraph(src);
    assert.deepEqual(loops(edges), [["lib", "pages/home"]]);
  });
});

test("the checker finds an upward import written with `super::`, `self::`, a glob or in code", () => {
  const files = {
    ...SMALL_SITE,
    "palette.rs": "mod shade;\npub use shade::*;\npub fn colour() { self::shade::dark(); }\n",
    "palette/shade.rs": "pub fn dark() { super::super::pages::home::Home; }\n",
    "pages/home.rs": "pub struct Home;\n",
  };
  withTree(files, (src) => {
    const { edges } = importGraph(src);
    assert.deepEqual([...edges.get("palette")], ["palette/shade"]);
    assert.deepEqual([...edges.get("palette/shade")], ["pages/home"]);
    assert.deepEqual(upward(edges, layerOf), ["palette/shade -> pages/home"]);
    assert.deepEqual(loops(edges), [], "palette <-> shade is no loop: the shade does not import its parent");
  });
});

test("the checker reads the code after a #[cfg(test)] module and skips only its body", () => {
  const files = {
    ...SMALL_SITE,
    "palette.rs": [
      "pub fn colour() {}",
      "#[cfg(test)]",
      "#[allow(dead_code)]",
      "mod tests { use crate::pages::home::Home; fn f() { let s = \"}\"; let c = '}'; } }",
      "// crate::pages in a comment",
      "pub fn after() -> crate::pages::home::Home { todo!(\"crate::lib\") }",
    ].join("\n"),
  };
  withTree(files, (src) => {
    const { edges } = importGraph(src);
    assert.deepEqual(upward(edges, layerOf), ["palette -> pages/home"]);
  });
  withTree({ ...SMALL_SITE, "palette.rs": "#[cfg(test)]\nmod tests;\n", "palette/tests.rs": "use crate::pages::home::Home;\n" }, (src) => {
    const { edges, unreached } = importGraph(src);
    assert.deepEqual(upward(edges, layerOf), [], "a #[cfg(test)] file is a test module too");
    assert.deepEqual(unreached, []);
  });
});

test("the checker follows inline modules, modules a `use` named, and reports files no root declares", () => {
  const files = {
    ...SMALL_SITE,
    "palette.rs": "mod inner { pub fn f() { super::super::pages::home::Home; } }\npub fn colour() {}\n",
    "pages/home.rs": "use crate::palette as p;\npub fn g() { p::colour(); }\n",
    "pages/orphan.rs": "",
  };
  withTree(files, (src) => {
    const { edges, unreached } = importGraph(src);
    assert.deepEqual([...edges.get("palette")], ["pages/home"]);
    assert.deepEqual(loops(edges), [["pages/home", "palette"]]);
    assert.deepEqual(unreached, ["pages/orphan"]);
  });
});
