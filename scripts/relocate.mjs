// Moves a built site under a base path: `node scripts/relocate.mjs DIST BASE` (BASE like
// `/arc-str/`). The build writes every page for the root of a domain; a host that serves the site
// elsewhere (a GitHub Pages project site is served at /<repository>/: deploy.yml passes the base
// Pages reports) gets the same files with every address of the site's own rewritten under BASE.
//
// What it rewrites, in each HTML file (the only files that name the site's addresses absolutely):
// the `href`, `src` and `action` attributes and `data-fetches` lists that start with `/`, the
// d3 subset's and `og:url`'s meta content, and the quoted `/…` URLs of the page's own inline
// scripts (the wasm loaders postbuild writes); then the Content-Security-Policy is computed again
// for the rewritten scripts. It adds `<meta name="site-base" content="BASE">`, where the wasm
// (`site::routes::site_url`: what it fetches, the links it draws, the address bar) and
// js/contention.js (the threads' Worker, the service worker) read the base. Everything else
// addresses what it loads relative to itself (the wasm-bindgen glue, its snippets, the threaded
// tier's worker), so no other file changes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withCsp } from "./postbuild.mjs";

/** A base path: `/`, or `/name/` with more `name/` segments of letters, digits, `.`, `_`, `-`. */
export function checkedBase(base) {
  if (!/^\/(?:[A-Za-z0-9._-]+\/)*$/.test(base) || /(^|\/)\.\.?\//.test(base)) {
    throw new Error(`relocate: BASE must look like /name/ (a leading and a trailing slash; letters, digits, '.', '_' and '-'), got '${base}'`);
  }
  return base;
}

/** `html`, a page the build wrote for the root, with the site's own addresses under `base`. */
export function relocatedHtml(html, base) {
  if (html.includes('<meta name="site-base"')) throw new Error("relocate: this page was relocated already (it has <meta name=\"site-base\">)");
  const under = (url) => (url.startsWith("/") && !url.startsWith("//") ? base + url.slice(1) : url);
  const rewrite = (part) => part
    // Attributes naming one address each, and the fetch-ahead lists (space-separated addresses).
    .replace(/(\s(?:href|src|action)=")([^"]*)"/g, (_, attr, url) => `${attr}${under(url)}"`)
    .replace(/(\sdata-fetches=")([^"]*)"/g, (_, attr, urls) => `${attr}${urls.split(" ").map(under).join(" ")}"`)
    .replace(/(<meta (?:name="d3-src"|property="og:url") content=")([^"]*)"/g, (_, start, url) => `${start}${under(url)}"`)
    // The page's own inline scripts: their quoted absolute URLs.
    .replace(/(<script(?![^>]*\bsrc=)[^>]*>)([\s\S]*?)(<\/script>)/g, (_, open, body, close) =>
      open + body.replace(/(['"`])\/(?=[A-Za-z0-9_.-])/g, (__, quote) => `${quote}${base}`) + close);
  // Code is text: an example's ` href="/x"` stays as written (Leptos escapes no quote in text).
  const moved = html.split(/(<code\b[\s\S]*?<\/code>)/).map((part, i) => (i % 2 ? part : rewrite(part))).join("");
  if (!moved.includes('<meta charset="utf-8" />')) throw new Error("relocate: a page without <meta charset=\"utf-8\" />");
  return withCsp(moved.replace('<meta charset="utf-8" />', (m) => `${m}\n    <meta name="site-base" content="${base}" />`));
}

/** Every HTML file under `dir`. */
function htmlFiles(dir) {
  return fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(".html")).map((f) => path.join(dir, f));
}

/** Rewrites every page of the built site in `dist` for `base` (each file replaced atomically);
 *  returns how many. `/` changes nothing. */
export function relocate(dist, base) {
  checkedBase(base);
  if (!fs.existsSync(path.join(dist, "index.html"))) throw new Error(`relocate: ${dist} has no index.html; build the site first (npm run build)`);
  if (base === "/") return 0;
  const files = htmlFiles(dist);
  for (const file of files) {
    const html = relocatedHtml(fs.readFileSync(file, "utf8"), base);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, html);
    fs.renameSync(tmp, file);
  }
  return files.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, base] = process.argv.slice(2);
  if (!dist || !base || process.argv.includes("--help")) {
    console.error("usage: node scripts/relocate.mjs DIST BASE\n  Rewrites the site built in DIST to be served under BASE (like /arc-str/) instead of a domain's root.");
    process.exit(dist && base ? 0 : 2);
  }
  try {
    const count = relocate(dist, base);
    console.log(`relocate: ${count} pages in ${dist} now address the site under ${base}`);
  } catch (e) {
    console.error(`error: ${e.message}`);
    process.exit(1);
  }
}
