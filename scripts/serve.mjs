// A plain static file server for dist/: no single-page fallback, so a deep link that has no file
// behind it really is a 404 here, as it would be on a static host (served with dist/404.html, as
// GitHub Pages, Netlify and Cloudflare Pages do). `--gzip` compresses responses like a real host.
// `--isolate` sends the two headers that make every page cross-origin isolated (what a host that
// lets you set headers would do); without it the site isolates itself with a service worker, as on
// GitHub Pages. `npm start` isolates; the e2e tests serve both ways.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import compression from "compression";
import sirv from "sirv";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Starts a server for `dir` on `host:port` (port 0 picks a free one); resolves to the server. */
export function serveStatic(dir, { host = "127.0.0.1", port = 0, gzip = false, isolate = false } = {}) {
  const assets = sirv(dir, { dev: true, etag: true });
  const notFound = path.join(dir, "404.html");
  // expressjs's compression middleware, gzip level 6 like most hosts; it also takes plain node http.
  // Gzip only, as GitHub Pages sends: the middleware would answer brotli to a browser that asks (and
  // Chromium asks even of 127.0.0.1), and brotli's long window shrinks repetitive files, such as the
  // synthetic results of bench:scale, far below what a host that sends gzip would send.
  const gzipOnly = (req) => {
    const asked = String(req.headers["accept-encoding"] ?? "").split(",").map((e) => e.trim());
    req.headers["accept-encoding"] = asked.filter((e) => /^(gzip|identity)\b/.test(e)).join(", ");
  };
  const compress = gzip ? compression({ level: 6, threshold: 0 }) : (_req, _res, next) => next();
  const server = http.createServer((req, res) => (gzip && gzipOnly(req), compress(req, res, () => {
    if (isolate) {
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
      res.setHeader("Cross-Origin-Embedder-Policy", "require-corp");
    }
    assets(req, res, () => {
      res.statusCode = 404;
      if (fs.existsSync(notFound)) {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(fs.readFileSync(notFound));
      } else {
        res.setHeader("content-type", "text/plain; charset=utf-8");
        res.end(`404: no file for ${req.url}\n`);
      }
    });
  })));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      dir: { type: "string", default: path.join(root, "dist") },
      gzip: { type: "boolean" },
      isolate: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log("usage: node scripts/serve.mjs [--dir dist] [--host 127.0.0.1] [--port 8080] [--gzip] [--isolate]");
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error: --port must be a number from 0 to 65535, got '${values.port}'`);
    process.exit(2);
  }
  try {
    const server = await serveStatic(values.dir, { host: values.host, port, gzip: values.gzip, isolate: values.isolate });
    const { address, port: actual } = server.address();
    console.log(`Serving ${path.relative(process.cwd(), values.dir) || "."} at http://${address}:${actual}/ (Ctrl+C to stop)`);
  } catch (err) {
    console.error(`error: cannot serve on ${values.host}:${port}: ${err.message}`);
    process.exit(1);
  }
}
