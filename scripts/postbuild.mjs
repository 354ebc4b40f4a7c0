// Trunk post_build hook (also callable on any built folder: `node scripts/postbuild.mjs DIR`).
// 1. The pre-renderer (site/src/bin/prerender.rs) validates every results file (one that fails
//    stops the build, named) and writes results/summary.json, the one catalogue of them (a static
//    host cannot list a folder): /results reads it whole in one request whatever the number of
//    machines, and every other page that loads results picks the files it can use from it;
//    results/headlines.json, each file's headline measures; and search-index.json, what /search
//    searches (site/src/search_index.rs).
// 2. One index.html per route (and 404.html), so deep links load on a plain static server, and
//    pages.json, the list of them with each one's kind, name, title and description. Each holds
//    its page as the pre-renderer wrote it with the site's own components: its <head> tags (title,
//    description, canonical link, Open Graph/Twitter, where the d3 subset is) and its <body>; the
//    wasm only mounts the live parts, and starts after the first paint, so it never competes with
//    the text.
// 3. A Content-Security-Policy that allows only this site's own scripts (the inline loader trunk
//    writes is allowed by its hash) and wasm.
// 4. The smaller wasm builds (`Tier` in site/src/live.rs), each page pointed at the smallest one
//    that carries its live parts, and only the d3 functions the charts use (bundled by esbuild).
//    Static charts (the pre-renderer's `static_charts`) are drawn into the HTML by js/charts.js itself,
//    on linkedom (scripts/static-charts.mjs).
// 5. The threaded wasm tier in dist/threads/ and its service worker (scripts/threads-tier.mjs).
import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import esbuild from "esbuild";
import { buildPageWasm, cargoTargetDir, pageWasmBins, trunkRustOptions } from "./cargo.mjs";
import { buildThreadsTier } from "./threads-tier.mjs";
import { withStaticCharts } from "./static-charts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Stops the build when content/results (or content) is a symbolic link: trunk's copy-dir follows
 *  it and would publish whatever folder it points at (the pull-request check refuses it too). */
export function refuseLinkedResults(dir = path.join(root, "content", "results")) {
  for (const p of [path.dirname(dir), dir]) {
    if (fs.lstatSync(p).isSymbolicLink()) {
      throw new Error(`${path.relative(root, p) || p} is a symbolic link; the site publishes only the results folder itself, never what a link points at`);
    }
  }
}

export function withCsp(html) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${crypto.createHash("sha256").update(m[1]).digest("base64")}'`);
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join("; ");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  return html
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/g, "")
    .replace(/<head>/, `<head>\n    ${meta}`);
}

/** Builds the pre-renderer and returns its executable's path. `--workspace` resolves features as
 *  `cargo test --workspace` does, so the site library `npm test` has just compiled is reused; `-p site`
 *  would resolve them differently and compile the whole site a second time (42 s, 800 MB). */
function buildPrerenderer() {
  const started = Date.now();
  const messages = execFileSync(
    "cargo",
    ["build", "--quiet", "--locked", "--workspace", "--bin", "prerender", "--message-format=json-render-diagnostics"],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", maxBuffer: 64 << 20 },
  );
  const artifacts = messages
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((m) => m.reason === "compiler-artifact");
  // Said aloud because it is easy to pay for unseen: after `npm test`'s builds this should compile
  // nothing, and a run under another RUSTC_WORKSPACE_WRAPPER compiles the workspace's crates again.
  const compiled = artifacts.filter((m) => !m.fresh).map((m) => m.target?.name);
  if (compiled.length > 0) {
    console.error(`postbuild: cargo compiled ${compiled.join(", ")} for the pre-renderer (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  const executable = artifacts.find((m) => m.target?.name === "prerender" && m.executable)?.executable;
  if (!executable) throw new Error("cargo built no `prerender` executable (site/src/bin/prerender.rs)");
  return executable;
}

/** Every page as site/src/bin/prerender.rs renders it: [{ path, kind, name, title, description,
 *  charts, wasm, lab_wasm, head, body, static_charts }] (`path` null for the 404 page; `head` names
 *  the d3 subset `d3`, from `writeD3Subset`, where one is given); a results file's
 *  page names a `content_file` holding its body and chart specs instead, removed with the others by
 *  `removePageContent`. With `searchIndex`, the pre-renderer also writes that file: what `/search`
 *  searches (site/src/search_index.rs). */
export function prerenderPages(resultsDir, searchIndex = null, d3 = null) {
  const out = path.join(os.tmpdir(), `arc-str-pages-${process.pid}.json`);
  try {
    const args = [out, resultsDir, ...(searchIndex ? ["--search-index", searchIndex] : []),
      ...(d3 ? ["--d3-src", d3.src, "--d3-integrity", d3.integrity] : [])];
    execFileSync(buildPrerenderer(), args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  } catch {
    // The pre-renderer said why (a results file that fails validation is named with its problems).
    throw new Error("the pre-renderer failed (see above); nothing was written");
  }
  try {
    return JSON.parse(fs.readFileSync(out, "utf8"));
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** Deletes the results file pages' content files `prerenderPages` left (once the pages are written). */
export function removePageContent(pages) {
  const dirs = new Set(pages.filter((p) => p.content_file).map((p) => path.dirname(p.content_file)));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

/** `html` whose wasm starts after the first paint: trunk's loader imports the glue statically (so
 *  it is fetched while the page is still parsing, competing with the stylesheet) and preloads the
 *  glue and the wasm. Here the loader waits for the first frame to be painted, then asks for the
 *  glue, the modules it imports (read from the glue in `dist`), d3 and the islands' first files all
 *  at once, and starts the wasm, which a low-priority preload has been fetching since the page was
 *  parsed; trunk's own preloads go. Throws if trunk's loader changes shape. */
export function withLateStart(html, app = null, dist = null) {
  const loader = /<script type="module">\s*import init, \* as bindings from '([^']+)';\s*const wasm = await init\(\{ module_or_path: '([^']+)' \}\);([\s\S]*?)<\/script>/;
  if (html.includes("start the wasm once the first frame has been painted")) return html; // done already
  const m = html.match(loader);
  if (!m) throw new Error("postbuild: trunk's wasm loader script was not found in dist/index.html; update withLateStart");
  if (!html.includes('<link rel="stylesheet"')) throw new Error("postbuild: trunk's stylesheet link was not found in dist/index.html; update withLateStart");
  const [, trunkGlue, trunkWasm, rest] = m;
  const { glue, wasm } = app ?? { glue: trunkGlue, wasm: trunkWasm };
  const modules = dist ? glueModules(dist, glue) : [];
  // The wasm, the largest download, starts while the page is parsed, at low priority so that the
  // stylesheet goes first; compiling it needs no main thread, so the first paint barely moves. A
  // script adds the preload, so a reader with JavaScript off never downloads the wasm; it goes before
  // the stylesheet, since an inline script after one waits for it to arrive.
  const wasmAhead = `<script>document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', fetchPriority: 'low', href: '${wasm}' }));</script>\n`;
  const late = `<script type="module">
// The text is already on screen; start the wasm once the first frame has been painted.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
// Then ask for everything else the live parts need at once, not each after the one before: the
// glue's own modules, d3 where the page charts, and the files its islands read first
// (data-fetches). On a slow link the chain cost a round trip and an idle network per step.
const ahead = (props) => document.head.append(Object.assign(document.createElement('link'), props));
for (const href of ${JSON.stringify(modules)}) ahead({ rel: 'modulepreload', href });
const d3 = document.querySelector('meta[name="d3-src"][data-load]');
if (d3) ahead({ rel: 'preload', as: 'script', integrity: d3.dataset.integrity, href: d3.content });
for (const el of document.querySelectorAll('[data-fetches]')) {
  for (const href of el.dataset.fetches.split(' ').filter(Boolean)) ahead({ rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href });
}
const bindings = await import('${glue}');
const init = bindings.default;
const wasm = await init({ module_or_path: '${wasm}' });${rest}</script>`;
  return html
    .replace(loader, () => late)
    .replace(/<link rel="stylesheet"/, (m) => wasmAhead + "    " + m)
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<link rel="preload" href="[^"]*\.wasm"[^>]*>/g, "");
}

/** The modules the glue at `glueUrl` imports (wasm-bindgen's snippets: `js/charts.js`), as URLs, so
 *  the loader can ask for them beside the glue instead of after it. */
function glueModules(dist, glueUrl) {
  const text = fs.readFileSync(path.join(dist, glueUrl.replace(/^\//, "")), "utf8");
  const base = new URL(glueUrl, "http://site/");
  const found = [...text.matchAll(/^import\b[^;]*?from\s*['"](\.[^'"]+)['"]/gm)].map((m) => new URL(m[1], base).pathname);
  return [...new Set(found)];
}

const execFileAsync = promisify(execFile);

/** The cargo binary trunk builds (`data-bin` in site/index.html): the full wasm. */
const TRUNK_BIN = "site";

/** Builds the smaller wasm tiers `bins` (`site-lite`, `site-chapters`: see `Tier` in
 *  site/src/live.rs) the way trunk builds the full one: one cargo build with the same profile,
 *  then wasm-bindgen and wasm-opt with the options `site/index.html` gives trunk, per binary, two
 *  binaries at a time (wasm-opt is mostly one thread, and a build has two cores). Writes
 *  `<bin>-<hash>.js` and `_bg.wasm` into `dist`; returns their URLs by binary. */
export async function buildTiers(dist, bins) {
  if (bins.length === 0) return {};
  const { optLevel, optParams, profile } = trunkRustOptions();
  buildPageWasm(bins, profile);
  const run = (cmd, args) => execFileAsync(cmd, args, { cwd: root, maxBuffer: 16 << 20 }).then(({ stderr }) => process.stderr.write(stderr));
  const targetDir = cargoTargetDir();
  const built = {};
  const finish = async (bin) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `arc-str-${bin}-`));
    try {
      await run("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", tmp, "--out-name", bin,
        path.join(targetDir, "wasm32-unknown-unknown", profile, `${bin}.wasm`)]);
      await run("wasm-opt", [`-O${optLevel}`, ...optParams, path.join(tmp, `${bin}_bg.wasm`), "-o", path.join(tmp, "opt.wasm")]);
      const wasmBytes = fs.readFileSync(path.join(tmp, "opt.wasm"));
      const glueText = fs.readFileSync(path.join(tmp, `${bin}.js`));
      const hash = crypto.createHash("sha256").update(wasmBytes).update(glueText).digest("hex").slice(0, 16);
      const name = `${bin}-${hash}`;
      fs.writeFileSync(path.join(dist, `${name}_bg.wasm`), wasmBytes);
      fs.writeFileSync(path.join(dist, `${name}.js`), glueText);
      // Inline JS the glue imports (the same files trunk already copied for the full wasm).
      const snippets = path.join(tmp, "snippets");
      if (fs.existsSync(snippets)) fs.cpSync(snippets, path.join(dist, "snippets"), { recursive: true, force: false });
      built[bin] = { glue: `/${name}.js`, wasm: `/${name}_bg.wasm` };
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  };
  const queue = [...bins];
  const worker = async () => { for (let bin = queue.shift(); bin; bin = queue.shift()) await finish(bin); };
  await Promise.all([worker(), worker()]);
  return built;
}

/** The smaller tiers `pages` ask for (each page names its wasm; the pre-renderer decides). */
const smallerTiersOf = (pages) => [...new Set(pages.flatMap((page) => [page.wasm, page.lab_wasm].filter(Boolean)))].filter((bin) => bin !== TRUNK_BIN);

/** The loader of a page's lab wasm (`lab_wasm`: the threaded labs, `Tier::Lab`), which the page's
 *  own wasm leaves out: it starts when a lab box comes within a screen of the viewport, when the
 *  reader touches or tabs into one, or at once after the isolation reload a Run asked for (the
 *  labs keep that run under sessionStorage keys ending in "-pending"). So chapter 4's text and its
 *  other live parts do not wait for the lab's validator and charts. */
export function withLabLoader(html, urls) {
  const script = `<script type="module">
const boxes = [...document.querySelectorAll('[data-lab]')];
let started = false;
async function load() {
  if (started) return;
  started = true;
  watch.disconnect();
  const bindings = await import('${urls.glue}');
  await bindings.default({ module_or_path: '${urls.wasm}' });
}
const watch = new IntersectionObserver((seen) => { if (seen.some((e) => e.isIntersecting)) load(); }, { rootMargin: '100% 0px' });
for (const box of boxes) {
  watch.observe(box);
  box.addEventListener('pointerdown', load, { once: true });
  box.addEventListener('focusin', load, { once: true });
}
if (Object.keys(sessionStorage).some((key) => key.endsWith('-pending'))) load();
</script>`;
  return html.replace("</body>", `${script}\n</body>`);
}

/** `html` with the icon trunk copied into `dist` written into its link as a `data:` URL: the icon is
 *  300 bytes, and a request of its own would cost a first visit a round trip on a slow link beside
 *  the wasm (the CSP's `img-src` allows `data:`). */
export function withInlineIcon(html, dist) {
  return html.replace(/<link rel="icon" href="\/([^"]+\.svg)"[^>]*>/, (_, file) =>
    `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(dist, file), "utf8").trim())}"/>`);
}

/** `html` with the page's body in place of the shell's empty one. */
export function withBody(html, body) {
  return html.replace(/<body>[\s\S]*<\/body>/, () => `<body>\n${body}\n</body>`);
}

/** Every d3 name `js/charts.js` uses: its `d3.name` calls, and the symbol types it picks by name
 *  (`d3[MARKERS[i]]`). The subset is exactly these, so it cannot drift from the charts. */
export function d3NamesUsed(chartsText = fs.readFileSync(path.join(root, "site", "js", "charts.js"), "utf8")) {
  const names = [...chartsText.matchAll(/\bd3\.(\w+)/g), ...chartsText.matchAll(/"(symbol[A-Z]\w*)"/g)].map((m) => m[1]);
  return [...new Set(names)].sort();
}

/** The d3 subset's text: d3's own ES modules (the version package-lock.json pins) bundled by esbuild
 *  with only the names charts.js uses, tree-shaken and minified into a classic script that defines
 *  one global `d3`: 21 KB gzip, against 37 KB for the eleven modules' whole UMD builds and 92 KB for
 *  all of d3. tests/scripts/d3-subset.test.mjs runs it and draws with it. */
export function d3SubsetText() {
  const version = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "d3", "package.json"), "utf8")).version;
  const names = d3NamesUsed();
  const { outputFiles } = esbuild.buildSync({
    stdin: { contents: `export { ${names.join(", ")} } from "d3";`, resolveDir: root, loader: "js" },
    bundle: true, write: false, minify: true, format: "iife", globalName: "d3", target: "es2020",
    // d3 is ISC-licensed: keep its notice, as each module's own build does.
    banner: { js: `// d3 ${version} (https://d3js.org), only ${names.join(", ")}. Copyright 2010-2026 Mike Bostock; ISC license.` },
    legalComments: "none",
  });
  return outputFiles[0].text;
}

/** Writes the d3 subset into `dist` as `d3-charts-<hash>.js`; returns its URL and SRI hash. */
export function writeD3Subset(dist) {
  const text = d3SubsetText();
  const name = `d3-charts-${crypto.createHash("sha256").update(text).digest("hex").slice(0, 16)}.js`;
  writeAtomic(path.join(dist, name), text);
  return { src: `/${name}`, integrity: `sha384-${crypto.createHash("sha384").update(text).digest("base64")}` };
}

/** `html`, trunk's shell, with a page's own head tags (`head`, which the pre-renderer writes:
 *  site/src/head.rs) after its `<meta charset>`. The shell has no title of its own, so a page
 *  never has two. */
export function withHead(html, head) {
  if (/<title>/.test(html)) throw new Error("postbuild: the shell (site/index.html) has a <title>; each page's head comes from the pre-renderer");
  if (!html.includes('<meta charset="utf-8" />')) throw new Error("postbuild: the shell (site/index.html) has no <meta charset=\"utf-8\" />");
  return html.replace('<meta charset="utf-8" />', (m) => `${m}\n    ${head}`);
}

/** `results/summary.json` and `headlines.json` alone, for a results folder outside a
 *  build (test fixtures keep their bad files in it, listed as refused, with `keepRefused`). */
export function writeSummary(resultsDir, { keepRefused = false } = {}) {
  const args = ["--summary", resultsDir, ...(keepRefused ? ["--keep-refused"] : [])];
  execFileSync(buildPrerenderer(), args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

/** Writes each of `pages` (`prerenderPages`) as its route's `index.html` (and 404.html) in `dist`,
 *  on trunk's shell with the wasm `tiers` (`buildTiers`) built for it, and `pages.json`. */
export async function writeRoutePages(dist, pages, tiers) {
  const indexPath = path.join(dist, "index.html");
  const trunkShell = withInlineIcon(fs.readFileSync(indexPath, "utf8"), dist);
  // Each page loads the smallest wasm that carries all its live parts (the pre-renderer says which):
  // trunk's own (`site`) or one built above.
  const shells = { [TRUNK_BIN]: withCsp(withLateStart(trunkShell, null, dist)) };
  for (const [bin, urls] of Object.entries(tiers)) shells[bin] = withCsp(withLateStart(trunkShell, urls, dist));
  for (const page of pages) {
    const route = page.path === null ? "404" : page.path.slice(1);
    const shell = shells[page.wasm];
    if (!shell) throw new Error(`the pre-renderer asks for a wasm named ${page.wasm}, which postbuild does not build`);
    if (page.lab_wasm && !tiers[page.lab_wasm]) throw new Error(`the pre-renderer asks for a lab wasm named ${page.lab_wasm}, which postbuild does not build`);
    // A results file's page keeps its content in a file of its own (one per page, read one at a time).
    const content = page.content_file ? JSON.parse(fs.readFileSync(page.content_file, "utf8")) : page;
    const body = await withStaticCharts(content.body, content.static_charts);
    const pageHtml = withBody(withHead(shell, page.head), body);
    const html = page.lab_wasm ? withCsp(withLabLoader(pageHtml, tiers[page.lab_wasm])) : pageHtml;
    if (page.path === null) {
      writeAtomic(path.join(dist, "404.html"), html);
    } else {
      fs.mkdirSync(path.join(dist, route), { recursive: true });
      writeAtomic(path.join(dist, route, "index.html"), html);
    }
  }
  writePageList(dist, pages);
  return pages.filter((p) => p.path !== null).map((p) => p.path);
}

/** `pages.json` in `dist`: every page the build wrote, as the pre-renderer named it (`path` null for
 *  404.html): `{ path, kind, name, title, description, charts }`. The tests and `npm run bench:site`
 *  visit the pages from it (`kind` "page" and "chapter": see `Route::kind` in site/src/lib.rs). */
export function writePageList(dist, pages) {
  const list = pages.map(({ path, kind, name, title, description, charts }) => ({ path, kind, name, title, description, charts }));
  writeAtomic(path.join(dist, "pages.json"), JSON.stringify(list) + "\n");
}

/** The site's own pages and chapters from a built `dist`'s `pages.json`: results files' pages,
 *  the ablation runs' and the 404 page left out. What the tests and `bench:site` visit. */
export function sitePages(dist) {
  const pages = JSON.parse(fs.readFileSync(path.join(dist, "pages.json"), "utf8"));
  return pages.filter((p) => ["page", "glossary", "chapter"].includes(p.kind));
}

function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dist) {
    console.error("usage: node scripts/postbuild.mjs DIST_DIR (trunk sets TRUNK_STAGING_DIR)");
    process.exit(2);
  }
  // Each step says what it did and how long it took: the build is minutes long, and these are its parts.
  const step = async (what, work) => {
    const t0 = performance.now();
    const result = await work();
    console.log(`postbuild: ${what} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    return result;
  };
  refuseLinkedResults();
  // The threaded tier needs nothing from the pages: trunk's pre_build hook started its cargo build
  // (scripts/prebuild.mjs); this finishes it while the pages and the other tiers are written.
  const threadsBuilt = step("threaded tier built", () => buildThreadsTier(dist));
  threadsBuilt.catch(() => {}); // awaited below; a failure there still stops the build
  const searchIndex = path.join(dist, "search-index.json");
  const d3 = writeD3Subset(dist);
  const pages = await step("pages pre-rendered", () => prerenderPages(path.join(dist, "results"), searchIndex, d3));
  const files = JSON.parse(fs.readFileSync(path.join(dist, "results", "summary.json"), "utf8")).machines;
  const tiers = await step("smaller wasm tiers built", () => buildTiers(dist, smallerTiersOf(pages)));
  const routes = await step("pages written", () => writeRoutePages(dist, pages, tiers));
  const searched = JSON.parse(fs.readFileSync(searchIndex, "utf8"));
  removePageContent(pages);
  const threads = await threadsBuilt;
  console.log(`postbuild: ${files.length} results files indexed, ${routes.length} pages and 404.html written, ${searched.length} search entries, threaded tier ${(threads.bytes / 1024).toFixed(0)} KB`);
}
