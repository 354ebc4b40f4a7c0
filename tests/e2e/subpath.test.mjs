// The site served under a base path, as GitHub Pages serves a project site (/<repository>/): the
// built dist/ relocated by scripts/relocate.mjs (what deploy.yml runs) into the folder arc-str/ of a
// plain static server. Every address of the site's own (links, stylesheet, scripts, wasm, the data
// the live parts fetch, the address bar) must stay under /arc-str/, and the live parts must run.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { allMounted, dist, start } from "./harness.mjs";
import { checkedBase, relocate, relocatedHtml } from "../../scripts/relocate.mjs";

const BASE = "/arc-str/";
let h;
let served;
before(async () => {
  served = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-subpath-"));
  fs.cpSync(dist, path.join(served, "arc-str"), { recursive: true });
  relocate(path.join(served, "arc-str"), BASE);
  // The host's own 404 page for addresses under the base with no file (GitHub Pages serves the site's).
  fs.copyFileSync(path.join(served, "arc-str", "404.html"), path.join(served, "404.html"));
  h = await start({ dir: served });
});
after(async () => {
  await h?.close();
  if (served) fs.rmSync(served, { recursive: true, force: true });
});

/** Every address an HTML text names in an attribute: `href`, `src`, `action`, `data-fetches`. */
const addresses = (html) => [
  ...[...html.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/\sdata-fetches="([^"]*)"/g)].flatMap((m) => m[1].split(" ").filter(Boolean)),
];

test("every page's own addresses lead under the base, to a file the site has", () => {
  const site = path.join(served, "arc-str");
  const pages = fs.readdirSync(site, { recursive: true }).filter((f) => f.endsWith(".html"));
  assert.ok(pages.length > 30, `${pages.length} pages`);
  const wrong = [];
  for (const page of pages) {
    const html = fs.readFileSync(path.join(site, page), "utf8");
    assert.match(html, /<meta name="site-base" content="\/arc-str\/" \/>/, page);
    for (const url of addresses(html).filter((u) => u.startsWith("/"))) {
      const file = decodeURIComponent(url.split(/[?#]/)[0]);
      if (!file.startsWith(BASE)) { wrong.push(`${page}: ${url} is not under ${BASE}`); continue; }
      const target = path.join(served, file);
      if (!fs.existsSync(target) || (fs.statSync(target).isDirectory() && !fs.existsSync(path.join(target, "index.html")))) {
        wrong.push(`${page}: ${url} has no file`);
      }
    }
    const d3 = html.match(/<meta name="d3-src" content="([^"]*)"/)?.[1];
    assert.ok(d3?.startsWith(`${BASE}d3-charts-`), `${page}: d3 at ${d3}`);
  }
  assert.deepEqual(wrong.slice(0, 20), []);
});

test("a page relocated twice, or to a base that is not a folder's, is refused", () => {
  const html = fs.readFileSync(path.join(served, "arc-str", "index.html"), "utf8");
  assert.throws(() => relocatedHtml(html, BASE), /relocated already/);
  for (const bad of ["arc-str", "/arc-str", "/a b/", "/../", "//x/"]) assert.throws(() => checkedBase(bad), /BASE must look like/, bad);
  assert.equal(checkedBase("/a/b.c_d-e/"), "/a/b.c_d-e/");
});

/** Opens `route` (under the base) and runs `ready`; returns the requests that left the base or
 *  failed, the console errors, and the site addresses the page's links name once it is live. */
async function visit(route, ready = allMounted) {
  const strays = [];
  const { page, errors, close } = await h.open(route, {
    beforeLoad: (p) => {
      p.on("response", (r) => {
        const url = new URL(r.url());
        if (url.origin === h.base && (!url.pathname.startsWith(BASE) || r.status() >= 400)) strays.push(`${r.status()} ${url.pathname}`);
      });
    },
  });
  await ready(page);
  await page.waitForLoadState("networkidle");
  const links = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")).filter((u) => u.startsWith("/")));
  const address = new URL(page.url()).pathname;
  await close();
  return { strays, errors, links, address };
}

test("under the base the live parts fetch their data, draw their links and keep the address there", async () => {
  const routes = [
    // Chapter 4: the size table and the recorded results fetch the catalogue and files.
    [`${BASE}chapters/clone-cost/`, allMounted],
    // The explorer and the ranking: the summary, a file, links to each file's page.
    [`${BASE}results/`, async (p) => { await allMounted(p); await p.getByTestId("contention-chart").locator(".point").first().waitFor(); }],
    // The search: its index, and links to what it finds; the address keeps the words.
    [`${BASE}search/?q=ArcInner`, async (p) => { await allMounted(p); await p.getByTestId("search-hits").locator("a").first().waitFor(); }],
    [`${BASE}choose/`, allMounted],
  ];
  for (const [route, ready] of routes) {
    const { strays, errors, links, address } = await visit(route, ready);
    assert.deepEqual(strays, [], `${route}: requests outside ${BASE} or failed`);
    assert.deepEqual(errors, [], route);
    assert.ok(links.length > 5, `${route}: ${links.length} links`);
    assert.deepEqual(links.filter((u) => !u.startsWith(BASE)), [], `${route}: links outside ${BASE}`);
    assert.ok(address.startsWith(BASE), `${route}: the address bar went to ${address}`);
  }
});

test("under the base the lab isolates the page with its service worker and runs on threads from there", async () => {
  const fetched = [];
  const { page, errors, context } = await h.open(`${BASE}bench/`, { fresh: true });
  context.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.locator('[data-live="contention-lab"]').scrollIntoViewIfNeeded();
  await page.locator('[data-live="contention-lab"][data-mounted]').waitFor({ timeout: 30_000 });
  await page.getByTestId("contention-run").click();
  // The service worker (at the base) reloads the page isolated, and the run goes on by itself.
  await page.waitForFunction(() => self.crossOriginIsolated === true, null, { timeout: 30_000 });
  await page.locator('[data-testid="contention-status"][data-state="done"]').waitFor({ timeout: 120_000 });
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  assert.equal(worker && new URL(worker).pathname, `${BASE}coi-serviceworker.js`, "the service worker came from the base");
  assert.ok(fetched.includes(`${BASE}threads/worker.js`) && fetched.includes(`${BASE}threads/wasm_threads_bg.wasm`), "the threads came from the base");
  assert.deepEqual(fetched.filter((p) => !p.startsWith(BASE)), [], "nothing outside the base");
  assert.deepEqual(errors, []);
  await context.close();
});
