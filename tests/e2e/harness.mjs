// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core, against dist/
// served by the plain static server (no single-page fallback), with console errors collected.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serveStatic } from "../../scripts/serve.mjs";
import { sitePages, writeSummary } from "../../scripts/postbuild.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// DIST lets a test run use another build folder (a fixture copy, a worktree's own build).
export const dist = path.resolve(process.env.DIST ?? path.join(root, "dist"));

/** The site's pages and chapters as the build listed them (`sitePages` in scripts/postbuild.mjs):
 *  `{ route, kind, name, title, description, charts }`, `route` without its leading slash. */
export function routeMeta(dir = dist) {
  return sitePages(dir).map((p) => ({ ...p, route: p.path.slice(1) }));
}

/** The chapters' slugs, in order. */
export const chapterSlugs = (dir = dist) => routeMeta(dir).filter((p) => p.kind === "chapter").map((p) => p.route.slice("chapters/".length));

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** Debian's headless shell of Chromium where it is installed (scripts/bootstrap.sh installs it),
 *  else Chromium itself; CHROMIUM names another. The shell is chromium's own source and version (the
 *  same Blink and V8) without the browser around them, as Playwright's own headless runs use: a page
 *  in a fresh context costs it 0.3 CPU-seconds against chromium's 1.8, and the e2e suite took 322
 *  CPU-seconds instead of 588 (2 cores, back to back, every test passing in both). */
export function browserPath() {
  return fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
}

/** Calls `record` with the text of each console error and uncaught exception of `page`. */
function onPageErrors(page, record) {
  page.on("console", (msg) => { if (msg.type() === "error") record(msg.text()); });
  page.on("pageerror", (err) => record(String(err)));
}

/** Starts a server on `dir` and a browser; returns helpers and a `close()`. `isolate` sends the
 *  COOP/COEP headers (as `npm start` does); without them the server is a host like GitHub Pages. */
export async function start({ dir = dist, isolate = false } = {}) {
  const server = await serveStatic(dir, { isolate });
  const base = `http://127.0.0.1:${server.address().port}`;
  const executablePath = process.env.CHROMIUM ?? browserPath();
  // No --user-data-dir: playwright refuses it in launch() and gives every launch a fresh temporary profile.
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });

  /** `open`'s and `tour`'s context options with their defaults filled in. */
  function contextOptions({ width = 1280, height = 900, colorScheme = "light", touch = false, javaScript = true } = {}) {
    return { width, height, colorScheme, touch, javaScript };
  }

  /** A fresh browser context (its own cache and storage) for `open` and `tour`. */
  function newContext(options) {
    const { width, height, colorScheme, touch, javaScript } = contextOptions(options);
    return browser.newContext({ viewport: { width, height }, colorScheme, hasTouch: touch, isMobile: touch, javaScriptEnabled: javaScript });
  }

  // The contexts `open` shares, one per set of options (promises, so that two opens at once share
  // too). In chromium (where there is no headless shell, as on GitHub's runners) a page in a fresh
  // context costs about 1.2 CPU-seconds more than one in an open context, whose renderer process it
  // joins: 1.9 against 0.7 CPU-s for the home page on 2 cores. The headless shell pays 0.3 either way.
  const shared = new Map();
  async function sharedContext(options) {
    const key = JSON.stringify(contextOptions(options));
    const made = shared.get(key);
    if (!made) {
      shared.set(key, newContext(options));
      return shared.get(key);
    }
    const context = await made;
    // What a test leaves in a context would reach every later test that shares it: refuse it, loudly.
    const { cookies, origins } = await context.storageState();
    const left = [
      ...cookies.map((c) => `cookie ${c.name}`),
      ...origins.flatMap((o) => o.localStorage.map((item) => `localStorage ${item.name}`)),
      ...context.serviceWorkers().map((w) => `service worker ${w.url()}`),
    ];
    if (left.length) {
      throw new Error(`an earlier test left ${left.join(", ")} in the shared browser context ${key}: open its page with { fresh: true }`);
    }
    return context;
  }

  /** Opens `route` in a new page; `errors` collects console errors and uncaught exceptions. The page
   *  shares a browser context (cache, storage) with the earlier pages of this file opened with the
   *  same options, unless `fresh` is set or a `setup` is given: a test that stores something (a theme,
   *  its own run, a service worker), or changes its context (routes, permissions, listeners), asks
   *  for a fresh one. Each open refuses a shared context that holds storage or a service worker.
   *  `setup(context, page)` runs before the page loads (init scripts, routes) in a fresh context;
   *  `beforeLoad(page)` too, on the page alone (its listeners and routes), in a shared one. `touch`: a phone's
   *  touch screen (taps, no hover). `javaScript: false`: the page as a reader without JavaScript
   *  gets it (the pre-rendered HTML alone). `close()` closes the page, and a fresh page's context. */
  async function open(route, { setup, beforeLoad, fresh = false, ...options } = {}) {
    const isolated = fresh || Boolean(setup);
    const context = isolated ? await newContext(options) : await sharedContext(options);
    const page = await context.newPage();
    const errors = [];
    onPageErrors(page, (error) => errors.push(error));
    await setup?.(context, page);
    await beforeLoad?.(page);
    const response = await page.goto(base + route);
    const close = () => (isolated ? context.close() : page.close());
    return { page, errors, response, context, close };
  }

  /** One page that visits route after route, for tests that only read what a page shows (an audit):
   *  in chromium a page in a fresh context costs about 1.5 CPU-seconds before the site does anything
   *  (measured on 2 cores), a navigation in an open page a tenth of that (the headless shell: 0.3
   *  CPU-s for the home page in a fresh context, 0.3 for a chapter's navigation). Each visit is a
   *  full load of the route's document, as a deep link is; what carries over is the browser's state
   *  (its caches, and storage and service workers if a test made any), so a test that clicks, stores
   *  or runs something opens its own page. `visit(route)` resolves to `{ page, errors, response,
   *  requested }`: the console errors and uncaught exceptions of that visit only, and the URLs it
   *  requested. It takes `open`'s options but `setup`. */
  async function tour(options = {}) {
    const context = await newContext(options);
    const page = await context.newPage();
    let errors = [];
    let requested = [];
    onPageErrors(page, (error) => errors.push(error));
    page.on("request", (request) => requested.push(request.url()));
    return {
      async visit(route) {
        errors = [];
        requested = [];
        const response = await page.goto(base + route);
        return { page, errors, response, requested };
      },
      close: () => context.close(),
    };
  }

  async function close() {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
  return { base, browser, open, tour, close };
}

/** Whether `screenshot` writes anything: on a developer's machine always, on CI (`CI` set: a fresh
 *  clone that nobody looks into afterwards) only with SCREENSHOTS=1. A run writes about 90 PNGs,
 *  89 MB, at 0.2 to 1.5 CPU-seconds each (measured on 2 cores); SCREENSHOTS=0 turns them off. */
const SCREENSHOTS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== "0" : !process.env.CI;

/** Saves a screenshot of a whole page, or of one element (a locator), as test-results/NAME.png,
 *  for humans to look at; nothing asserts on it. */
export async function screenshot(target, name) {
  if (!SCREENSHOTS) return;
  const dir = path.join(root, "test-results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // A page is taken whole, scrolled or not; a locator as its box.
  await target.screenshot("goto" in target ? { path: file, fullPage: true } : { path: file });
}

/** A temporary copy of the build whose results files are those in `fixturesDir` (the index lists
 *  them, and the summary holds them; fixtures may be bad on purpose, so the summary lists those as
 *  refused where a site build would stop). The pages' static first frames still show the shipped
 *  results until the wasm replaces them; /results' fetch-ahead list keeps only files this folder has. `results/` also holds the /results route's index.html, so only `.json` is swapped. */
export function distWithResults(fixturesDir) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-dist-"));
  fs.cpSync(dist, dir, { recursive: true });
  const results = path.join(dir, "results");
  for (const f of fs.readdirSync(results).filter((f) => f.endsWith(".json"))) fs.rmSync(path.join(results, f));
  fs.cpSync(fixturesDir, results, { recursive: true });
  writeSummary(results, { keepRefused: true });
  // The first frame's fetch-ahead list (data-fetches) names the build's files; a build of this folder
  // would name its own, so keep only those the folder has.
  const page = path.join(results, "index.html");
  const html = fs.readFileSync(page, "utf8").replace(/data-fetches="([^"]*)"/, (_, urls) =>
    `data-fetches="${urls.split(" ").filter((u) => fs.existsSync(path.join(dir, u))).join(" ")}"`);
  fs.writeFileSync(page, html);
  return dir;
}

/** A built `results/summary.json` with each machine's `headline` from `headlines.json` beside it
 *  (the build writes them apart: wasm-core's summary.rs). */
export function readSummary(resultsDir) {
  const summary = JSON.parse(fs.readFileSync(path.join(resultsDir, "summary.json"), "utf8"));
  const { headlines } = JSON.parse(fs.readFileSync(path.join(resultsDir, "headlines.json"), "utf8"));
  if (headlines.length !== summary.machines.length) throw new Error(`headlines.json has ${headlines.length} headlines for ${summary.machines.length} machines`);
  summary.machines.forEach((m, i) => (m.headline = headlines[i]));
  return summary;
}

/** The ranking's rows as ids, computed here from the summary: one row per machine (`hardware`),
 *  runner kind and allocator, shown by its newest file (the file name breaks a tie). `machines` are
 *  the summary entries the ranking admits. Each row: its id and the ids of every file it folds. */
export function machineRows(machines) {
  const rows = new Map();
  for (const m of machines) {
    const key = m.hardware === null || m.hardware === undefined ? `file:${m.file}` : `${m.hardware}|${m.kind}|${m.allocator}`;
    rows.set(key, [...(rows.get(key) ?? []), m]);
  }
  const newest = (a, b) => (a.created_at === b.created_at ? (a.file > b.file ? a : b) : a.created_at > b.created_at ? a : b);
  const id = (m) => m.file.replace(/\.json$/, "");
  return [...rows.values()].map((files) => ({ id: id(files.reduce(newest)), files: files.map(id) }));
}

/** Records what the page's main thread did, from its first script on: its long tasks
 *  (`window.__longTasks`) and the time of every frame it drew (`window.__frames`). */
export const watchMainThread = (context) =>
  context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
    window.__frames = [];
    const frame = (t) => { window.__frames.push(t); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });

/** The frames the page drew between `t0` and `t1` (its `performance.now()`); the page must have been
 *  opened with `watchMainThread`. A benchmark that ran in one piece on the main thread draws none
 *  while it runs; one that hands the main thread back between slices, or runs on workers, draws
 *  frames all along. A behaviour, not a speed: how long each slice lasts depends on how loaded the
 *  machine is (a CI machine stretched one 20 ms slice to 361 ms), so no test asserts it. */
export const framesBetween = (page, t0, t1) =>
  page.evaluate(([from, to]) => window.__frames.filter((t) => t >= from && t <= to).length, [t0, t1]);

/** The fewest frames a run of a benchmark must let the page draw. */
export const MIN_FRAMES = 3;

/** Waits until every live part of the page has mounted. The threaded labs load their wasm only when
 *  the reader comes near them, so this scrolls to each lab first, then back to the top. */
export async function allMounted(page) {
  const labs = page.locator("[data-lab]:not([data-mounted])");
  if (await labs.count()) {
    await labs.first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => performance.getEntriesByName("lab-mounted").length > 0, null, { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.waitForFunction(() => [...document.querySelectorAll("[data-live]")].every((e) => e.hasAttribute("data-mounted")), null, { timeout: 30_000 });
}
