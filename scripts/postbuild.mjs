// Trunk post_build hook (also callable on any built folder: `node scripts/postbuild.mjs DIR`).
// 1. results/index.json: the list of results files, since a static host cannot list a folder.
// 2. One index.html per route (and 404.html), so deep links load on a plain static server.
// 3. A Content-Security-Policy that allows only this site's own scripts (the inline loader trunk
//    writes is allowed by its hash) and wasm.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Routes that are pages of their own, besides `/` and the chapters. Keep in step with site/src/lib.rs
 *  (the e2e suite loads every navigation link by deep link, so a missing one fails the tests). */
export const STATIC_ROUTES = ["bench", "choose", "results", "submit"];

/** Chapter slugs from `content/chapters/NN-slug.md`, the same rule site/build.rs uses. */
export function chapterSlugs(chaptersDir = path.join(root, "content", "chapters")) {
  if (!fs.existsSync(chaptersDir)) return [];
  return fs
    .readdirSync(chaptersDir)
    .filter((f) => /^\d+-[a-z0-9-]+\.md$/.test(f))
    .sort()
    .map((f) => f.replace(/^\d+-/, "").replace(/\.md$/, ""));
}

export function writeResultsIndex(dist) {
  const dir = path.join(dist, "results");
  fs.mkdirSync(dir, { recursive: true });
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f !== "index.json")
    .sort();
  writeAtomic(path.join(dir, "index.json"), JSON.stringify({ files }, null, 2) + "\n");
  return files;
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

export function writeRouteShells(dist) {
  const indexPath = path.join(dist, "index.html");
  const html = withCsp(fs.readFileSync(indexPath, "utf8"));
  writeAtomic(indexPath, html);
  const routes = [...STATIC_ROUTES, ...chapterSlugs().map((s) => `chapters/${s}`), "chapters"];
  for (const route of routes) {
    fs.mkdirSync(path.join(dist, route), { recursive: true });
    writeAtomic(path.join(dist, route, "index.html"), html);
  }
  writeAtomic(path.join(dist, "404.html"), html);
  return routes;
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
  const files = writeResultsIndex(dist);
  const routes = writeRouteShells(dist);
  console.log(`postbuild: ${files.length} results files indexed, ${routes.length} route shells written`);
}
