// `npm run bench:site`: how fast each page reads on a phone. Builds the site (unless --no-build),
// serves dist/ gzip'd like a static host, and loads each route in headless Chromium on a mobile
// profile (375×812, 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down), with JavaScript on and off,
// in a fresh profile each time (cold cache). Prints, per route, the median over --runs loads of:
// bytes on the wire before first contentful paint, total bytes, FCP, the moment the live parts were
// mounted (`islands-mounted`, JavaScript on), the longest main-thread task (the lab's goal: ≤ 200 ms)
// and the cumulative layout shift.
// A benchmark, not a test: it asserts nothing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { sitePages } from "./postbuild.mjs";
import { serveStatic } from "./serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Every page and chapter the build listed in dist/pages.json, read once the site is built. */
const defaultRoutes = () => sitePages(path.join(root, "dist")).map((p) => p.path);
const PROFILE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4, width: 375, height: 812 };

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean" },
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`usage: npm run bench:site -- [--no-build] [--routes /,/bench] [--runs 3] [--json]
  --no-build   measure the dist/ already built
  --routes     comma-separated paths (default: every page and chapter the build lists)
  --runs       loads per route and setting; the median is printed (default 3)
  --json       print the medians as JSON instead of a table`);
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error(`error: --runs must be a whole number from 1 to 50, got '${values.runs}'`);
  process.exit(2);
}
if (!values["no-build"]) {
  console.error("bench:site: building the site (npm run build)…");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
if (!values.routes && !fs.existsSync(path.join(root, "dist", "pages.json"))) {
  console.error("error: dist/pages.json is missing: build the site first (drop --no-build)");
  process.exit(2);
}
const routes = values.routes ? values.routes.split(",").map((r) => r.trim()).filter(Boolean) : defaultRoutes();

/** One cold load of `url`; the page's own performance entries, read after it settles. */
async function load(browser, url, javaScriptEnabled) {
  const context = await browser.newContext({
    viewport: { width: PROFILE.width, height: PROFILE.height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, javaScriptEnabled,
  });
  // Recorded from the first byte, even with the page's scripts off (init scripts still run).
  await context.addInitScript(() => {
    window.__cls = 0;
    window.__longestTaskMs = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longestTaskMs = Math.max(window.__longestTaskMs, e.duration);
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false, latency: PROFILE.latencyMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8, uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuSlowdown });
  const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  if (!response.ok()) throw new Error(`${url}: HTTP ${response.status()}`);
  if (javaScriptEnabled) {
    await page.waitForFunction(() => performance.getEntriesByName("islands-mounted").length > 0, null, { timeout: 120_000 });
  }
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  await page.waitForTimeout(500);
  const m = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    const nav = performance.getEntriesByType("navigation")[0];
    const entries = [nav, ...performance.getEntriesByType("resource")];
    const sum = (list) => list.reduce((s, e) => s + (e.transferSize || 0), 0);
    return {
      fcpMs: fcp,
      bytesBeforeFcp: sum(entries.filter((e) => e.responseEnd <= fcp)),
      totalBytes: sum(entries),
      // Of the total: the results files the page loaded (data, not code).
      dataBytes: sum(entries.filter((e) => /\/results\/[^/]+\.json$/.test(new URL(e.name).pathname))),
      liveMs: performance.getEntriesByName("islands-mounted")[0]?.startTime ?? null,
      cls: window.__cls,
      longestTaskMs: window.__longestTaskMs,
    };
  });
  await context.close();
  return m;
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await serveStatic(path.join(root, "dist"), { gzip: true });
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const rows = [];
try {
  for (const route of routes) {
    for (const js of [true, false]) {
      const loads = [];
      for (let i = 0; i < runs; i++) {
        process.stderr.write(`\rbench:site: ${route} (JavaScript ${js ? "on" : "off"}) ${i + 1}/${runs}   `);
        loads.push(await load(browser, base + route, js));
      }
      const pick = (k) => median(loads.map((l) => l[k]));
      rows.push({ route, javascript: js, fcp_ms: pick("fcpMs"), bytes_before_fcp: pick("bytesBeforeFcp"), total_bytes: pick("totalBytes"), results_data_bytes: pick("dataBytes"), live_ms: js ? pick("liveMs") : null, longest_task_ms: pick("longestTaskMs"), cls: pick("cls") });
    }
  }
} finally {
  process.stderr.write("\n");
  await browser.close();
  server.close();
}

if (values.json) {
  console.log(JSON.stringify({ profile: PROFILE, runs, rows }, null, 2));
} else {
  const kb = (b) => (b === null ? "–" : `${(b / 1024).toFixed(1)} KB`);
  const ms = (t) => (t === null ? "–" : `${Math.round(t)} ms`);
  console.log(`Mobile profile: ${PROFILE.width}×${PROFILE.height}, ${PROFILE.cpuSlowdown}× CPU slowdown, ${PROFILE.latencyMs} ms RTT, ${PROFILE.downKbps / 1000} Mbps down; gzip; cold cache; median of ${runs}.\n`);
  const header = ["route", "JS", "before FCP", "total", "of which results data", "FCP", "live", "longest task", "CLS"];
  const table = rows.map((r) => [r.route, r.javascript ? "on" : "off", kb(r.bytes_before_fcp), kb(r.total_bytes), kb(r.results_data_bytes), ms(r.fcp_ms), ms(r.live_ms), ms(r.longest_task_ms), r.cls === null ? "–" : r.cls.toFixed(3)]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of table) console.log(line(row));
  console.log("\nFCP with the app ÷ FCP without JavaScript:");
  for (const route of routes) {
    const [on, off] = [true, false].map((js) => rows.find((r) => r.route === route && r.javascript === js));
    console.log(`  ${route}: ${(on.fcp_ms / off.fcp_ms).toFixed(2)}×`);
  }
}
