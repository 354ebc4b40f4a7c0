// `npm run bench:scale`: /results with N synthetic results files beside the shipped ones
// (scripts/synthetic-results.mjs), for each N: how long the build's validation, summary and page
// rendering take (the pre-renderer, the part of the build that grows with N), how long drawing and
// writing every file's own page takes (postbuild's share that grows with N), the summary's size,
// and, served gzip'd, on a desktop and the mobile profile of bench:site: the first paint (which
// already shows the ranking's top rows and the default chart as SVG), then the requests and bytes
// until the live chart has its points, and when that is. A benchmark; it asserts nothing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { serveStatic } from "./serve.mjs";
import { writeSynthetic } from "./synthetic-results.mjs";
import { removePageContent, withBody } from "./postbuild.mjs";
import { withStaticCharts } from "./static-charts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MOBILE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4, width: 375, height: 812, mobile: true };
const DESKTOP = { latencyMs: 20, downKbps: 20000, upKbps: 10000, cpuSlowdown: 1, width: 1280, height: 900, mobile: false };

const { values } = parseArgs({ options: { files: { type: "string", default: "100,1000,10000" }, runs: { type: "string", default: "3" }, trace: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  console.log("usage: npm run bench:scale -- [--files 100,1000,10000] [--runs 3] [--trace]   (measures the dist/ already built: run `npm run build` first)");
  console.log("  --runs    loads per size and profile; the table gives the load with the median live chart");
  console.log("  --trace   also print each load's requests: when each was sent and finished (ms from navigation) and its bytes");
  process.exit(0);
}
const counts = values.files.split(",").map(Number);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 25) {
  console.error(`error: --runs must be a whole number from 1 to 25, got '${values.runs}'`);
  process.exit(2);
}
if (counts.some((n) => !Number.isInteger(n) || n < 0 || n > 100_000)) {
  console.error(`error: --files must be whole numbers from 0 to 100000, got '${values.files}'`);
  process.exit(2);
}
const dist = path.join(root, "dist");
if (!fs.existsSync(path.join(dist, "results", "summary.json"))) {
  console.error("error: dist/ has no results/summary.json: run `npm run build` first");
  process.exit(1);
}
const prerender = execFileSync("cargo", ["build", "--quiet", "--locked", "--workspace", "--bin", "prerender", "--message-format=json"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 })
  .split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)).find((m) => m.target?.name === "prerender" && m.executable).executable;

async function load(browser, url, p) {
  const context = await browser.newContext({ viewport: { width: p.width, height: p.height }, isMobile: p.mobile, hasTouch: p.mobile });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: p.latencyMs, downloadThroughput: (p.downKbps * 1000) / 8, uploadThroughput: (p.upKbps * 1000) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: p.cpuSlowdown });
  // Bytes as the network saw them (Resource Timing's transferSize undercounts a body read as a
  // stream): every request sent, and the encoded bytes of each that finished, until the chart is seen.
  const sent = new Map();
  let bytes = 0;
  cdp.on("Network.requestWillBeSent", (e) => sent.set(e.requestId, { url: new URL(e.request.url).pathname, sent: e.timestamp }));
  cdp.on("Network.loadingFinished", (e) => {
    bytes += e.encodedDataLength;
    Object.assign(sent.get(e.requestId) ?? {}, { done: e.timestamp, bytes: e.encodedDataLength });
  });
  await page.goto(url, { waitUntil: "commit", timeout: 300_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="contention-chart"] .point'), null, { timeout: 300_000, polling: 50 });
  // Requests finished by then (what the chart waited for; the ranking's headlines may be on their way).
  const seen = { requests: [...sent.values()].filter((r) => r.done !== undefined).length, bytes };
  if (values.trace) {
    const start = Math.min(...[...sent.values()].map((r) => r.sent));
    const ms = (t) => (t === undefined ? "–" : String(Math.round((t - start) * 1000))).padStart(6);
    for (const r of sent.values()) process.stderr.write(`\n${ms(r.sent)} ${ms(r.done)} ${String(r.bytes ?? "–").padStart(8)}  ${r.url}`);
    process.stderr.write("\n");
  }
  const m = await page.evaluate(() => ({
    chartMs: performance.now(),
    fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
  }));
  Object.assign(m, seen);
  // The live ranking replaces the build's once the headlines have arrived (after the chart).
  await page.waitForFunction(() => !document.querySelector("[data-first-frame]"), null, { timeout: 300_000, polling: 50 });
  m.rankingMs = await page.evaluate(() => performance.now());
  await context.close();
  return m;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
const rows = [];
try {
  for (const n of counts) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arc-str-scale-"));
    try {
      fs.cpSync(dist, dir, { recursive: true });
      const results = path.join(dir, "results");
      writeSynthetic(results, n);
      const out = path.join(dir, "pages.json");
      const started = process.hrtime.bigint();
      execFileSync(prerender, [out, results], { stdio: ["ignore", "ignore", "inherit"] });
      const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
      // /results's static first frame as a build with these files would write it (the ranking's
      // top rows and the default chart), in the built page's shell.
      const pages = JSON.parse(fs.readFileSync(out, "utf8"));
      const page = pages.find((p) => p.path === "/results");
      const html = path.join(dir, "results", "index.html");
      const shell = fs.readFileSync(html, "utf8");
      fs.writeFileSync(html, withBody(shell, await withStaticCharts(page.body, page.static_charts)));
      // Every file's own page (/results/<file>/), as postbuild writes them: its chart drawn, into the shell.
      const pagesStarted = process.hrtime.bigint();
      const filePages = pages.filter((p) => p.content_file);
      for (const [i, p] of filePages.entries()) {
        if (i % 500 === 0) process.stderr.write(`\rbench:scale: ${n} files, writing file pages ${i}/${filePages.length}…   `);
        const content = JSON.parse(fs.readFileSync(p.content_file, "utf8"));
        fs.mkdirSync(path.join(dir, p.path), { recursive: true });
        fs.writeFileSync(path.join(dir, p.path, "index.html"), withBody(shell, await withStaticCharts(content.body, content.static_charts)));
      }
      const filePagesMs = Number(process.hrtime.bigint() - pagesStarted) / 1e6;
      removePageContent(pages);
      const htmlText = fs.readFileSync(html, "utf8");
      const htmlBytes = Buffer.byteLength(htmlText);
      // The first chart a reader sees: the SVG the build drew into the HTML (no script needed).
      const staticChart = /data-static-chart="\d+"[^>]*>(<div[^>]*>)*<svg/.test(htmlText);
      const summary = fs.readFileSync(path.join(results, "summary.json"));
      const headlines = fs.readFileSync(path.join(results, "headlines.json"));
      const server = await serveStatic(dir, { gzip: true });
      const base = `http://127.0.0.1:${server.address().port}`;
      try {
        for (const [name, p] of [["desktop", DESKTOP], ["mobile", MOBILE]]) {
          process.stderr.write(`\rbench:scale: ${n} files, ${name}…   `);
          const loads = [];
          for (let r = 0; r < runs; r++) loads.push(await load(browser, `${base}/results`, p));
          const m = loads.sort((a, b) => a.chartMs - b.chartMs)[Math.floor(runs / 2)];
          rows.push({ files: n, profile: name, prerender_ms: Math.round(buildMs), file_pages: filePages.length, file_pages_ms: Math.round(filePagesMs), summary_bytes: summary.length, summary_gzip_bytes: zlib.gzipSync(summary).length, headlines_gzip_bytes: zlib.gzipSync(headlines).length, html_bytes: htmlBytes, requests_to_chart: m.requests, bytes_to_chart: m.bytes, first_paint_ms: m.fcpMs && Math.round(m.fcpMs), svg_chart_in_html: staticChart, live_chart_ms: Math.round(m.chartMs), live_ranking_ms: Math.round(m.rankingMs) });
        }
      } finally {
        server.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  process.stderr.write("\n");
  await browser.close();
}
console.table(rows);
