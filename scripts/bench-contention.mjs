// `npm run bench:contention`: the browser's contention run, headless. Serves dist/ the way GitHub
// Pages does (no COOP/COEP headers, so the page isolates itself with its service worker), opens
// /bench in Debian's Chromium, ticks the chosen types and modes, presses Run, waits for "Done" and
// saves the run's download: exactly what a reader's click gives, as a results file. Prints each
// type's ns per clone by thread count. A benchmark, not a test: it asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { serveStatic } from "./serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The thread-safe clone types, in wasm-core's order (CloneType::ALL without rc_str); a test in
// wasm-core/tests/script_lists.rs checks this list against it.
const ALL_TYPES = ["arc_str", "string", "box_str", "arcstr", "arcstr_static", "triomphe_arc_str", "arc_string", "hipstr",
  "hipstr_inline", "smol_str", "smol_str_inline", "compact_string", "compact_string_inline", "inline_str", "inline_str_inline",
  "bytes", "arc_str_borrow", "static_str", "cow_static", "ustr", "lasso_threaded", "lasso_resolver"];

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean" },
    types: { type: "string", default: "arc_str,string" },
    modes: { type: "string", default: "drop" },
    out: { type: "string" },
    timeout: { type: "string", default: "900" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`usage: npm run bench:contention -- [--no-build] [--types arc_str,string|all] [--modes drop,forget,read] [--out FILE]
  --no-build   measure the dist/ already built
  --types      clone suite ids, comma-separated, or "all" (default: arc_str,string)
  --modes      drop, forget and/or read, comma-separated (default: drop)
  --out FILE   also save the run's results file there (refuses to overwrite)
  --timeout    seconds to wait for the run (default 900)
Thread counts are the page's default: 1, 2, 4, ... up to navigator.hardwareConcurrency (at most 16).`);
  process.exit(0);
}
const types = values.types === "all" ? ALL_TYPES : values.types.split(",").map((t) => t.trim()).filter(Boolean);
const unknown = types.filter((t) => !ALL_TYPES.includes(t));
if (unknown.length || types.length === 0) {
  console.error(`error: --types takes ids from ${ALL_TYPES.join(", ")} (or "all"); got '${values.types}'`);
  process.exit(2);
}
const modes = values.modes.split(",").map((m) => m.trim()).filter(Boolean);
if (modes.length === 0 || modes.some((m) => !["drop", "forget", "read"].includes(m))) {
  console.error(`error: --modes takes drop, forget and/or read; got '${values.modes}'`);
  process.exit(2);
}
if (values.out && fs.existsSync(values.out)) {
  console.error(`error: ${values.out} exists; pick another --out`);
  process.exit(2);
}
const timeoutMs = Number(values.timeout) * 1000;

if (!values["no-build"]) {
  console.error("bench:contention: building the site (npm run build)…");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

const server = await serveStatic(path.join(root, "dist"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/bench#contention`);
  await page.locator('[data-live="contention-lab"][data-mounted]').waitFor({ timeout: 60_000 });
  for (const box of await page.locator('[id^="contention-type-"], [id^="contention-mode-"]').all()) {
    const id = await box.getAttribute("id");
    const wanted = types.includes(id.replace("contention-type-", "")) || modes.includes(id.replace("contention-mode-", ""));
    await box.setChecked(wanted);
  }
  const started = Date.now();
  await page.getByTestId("contention-run").click();
  const progress = setInterval(async () => {
    const text = await page.locator("#contention-status-text").innerText().catch(() => "");
    if (text) console.error(`  ${Math.round((Date.now() - started) / 1000)} s: ${text}`);
  }, 10_000);
  await page.locator('[data-testid="contention-status"][data-state="done"], [data-testid="contention-status"][data-state="failed"]')
    .waitFor({ timeout: timeoutMs });
  clearInterval(progress);
  const state = await page.getByTestId("contention-status").getAttribute("data-state");
  if (state !== "done") throw new Error(await page.locator("#contention-status-text").innerText());
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contention-download").click()]);
  const file = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  console.log(`${file.machine.browser}, ${file.machine.logical_cores} logical CPUs, ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(["type", "mode", "threads", "ns/clone", "MAD %", "clones/repeat"].join("\t"));
  for (const c of file.cases) {
    console.log([c.variant, c.mode, c.threads, c.median_ns_per_op.toFixed(2), (c.noise_rel_mad * 100).toFixed(1), c.ops_per_repeat].join("\t"));
  }
  if (values.out) {
    fs.writeFileSync(values.out, JSON.stringify(file, null, 2) + "\n", { flag: "wx" });
    console.error(`bench:contention: wrote ${values.out}`);
  }
} finally {
  await browser.close();
  await new Promise((r) => server.close(r));
}
