// scripts/relocate.mjs on a page shaped like the ones postbuild writes: every address of the site's
// own moves under the base, nothing else does, and the CSP allows the rewritten scripts.
import { test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { checkedBase, relocatedHtml } from "../../scripts/relocate.mjs";

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-old'">
    <meta charset="utf-8" />
    <meta name="d3-src" content="/d3-charts-0123.js" data-integrity="sha384-x" data-load />
    <meta name="description" content="/not an address, a description" />
    <meta property="og:url" content="/chapters/clone-cost" />
    <link rel="canonical" href="/chapters/clone-cost" />
    <link rel="stylesheet" href="/style-abc.css" />
    <script>document.head.append(Object.assign(document.createElement('link'), { href: '/site-abc_bg.wasm' }));</script>
    <script type="module">
const bindings = await import('/site-abc.js');
for (const href of ["/snippets/site-1/js/charts.js"]) ahead({ rel: 'modulepreload', href });
const d3 = document.querySelector('meta[name="d3-src"][data-load]');
await bindings.default({ module_or_path: '/site-abc_bg.wasm' });</script>
  </head>
  <body>
    <a href="/">home</a> <a href="#rules">here</a> <a href="https://github.com/x/y">away</a> <a href="//cdn.example/x">cdn</a>
    <div data-live="results" data-fetches="/results/summary.json /results/a.json"></div>
    <form action="/search"></form><img src="/favicon.svg" alt="" />
    <pre><code>&lt;a href=&quot;/in-code&quot;&gt; <span class="x" href="/in-code-too"></span></code></pre>
  </body>
</html>`;

test("a page's own addresses move under the base, and nothing else", () => {
  const html = relocatedHtml(page, "/arc-str/");
  for (const moved of ['content="/arc-str/d3-charts-0123.js"', 'content="/arc-str/chapters/clone-cost"', 'href="/arc-str/chapters/clone-cost"',
    'href="/arc-str/style-abc.css"', "href: '/arc-str/site-abc_bg.wasm'", "import('/arc-str/site-abc.js')", '["/arc-str/snippets/site-1/js/charts.js"]',
    "module_or_path: '/arc-str/site-abc_bg.wasm'", '<a href="/arc-str/">', 'data-fetches="/arc-str/results/summary.json /arc-str/results/a.json"',
    'action="/arc-str/search"', 'src="/arc-str/favicon.svg"', '<meta name="site-base" content="/arc-str/" />']) {
    assert.ok(html.includes(moved), moved);
  }
  for (const kept of ['content="/not an address, a description"', 'href="#rules"', 'href="https://github.com/x/y"', 'href="//cdn.example/x"',
    "&lt;a href=&quot;/in-code&quot;&gt;", 'href="/in-code-too"', `document.querySelector('meta[name="d3-src"][data-load]')`]) {
    assert.ok(html.includes(kept), kept);
  }
});

test("the policy allows each rewritten inline script by its new hash, and no old one", () => {
  const html = relocatedHtml(page, "/arc-str/");
  const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)[1];
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.equal(scripts.length, 2);
  for (const body of scripts) assert.ok(policy.includes(`'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`), body.slice(0, 40));
  assert.ok(!policy.includes("sha256-old"));
  assert.equal(html.match(/Content-Security-Policy/g).length, 1);
});

test("a base is a folder's path, and a page moves once", () => {
  for (const bad of ["", "arc-str/", "/arc-str", "/a b/", "/../", "/./x/", "//x/", "/x//"]) assert.throws(() => checkedBase(bad), /BASE must look like/, bad);
  assert.equal(checkedBase("/"), "/");
  assert.equal(checkedBase("/org/arc-str.v2/"), "/org/arc-str.v2/");
  assert.throws(() => relocatedHtml(relocatedHtml(page, "/arc-str/"), "/arc-str/"), /relocated already/);
});
