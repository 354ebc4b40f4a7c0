// The search index the build writes (scripts/postbuild.mjs, searchEntries): one entry per chapter
// section and glossary entry, one per other page, one per machine, with the pages' text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { searchEntries } from "../../scripts/postbuild.mjs";

const page = (path, kind, name, main) => ({ path, kind, name, title: `${name} · arc-str explained`, description: `About ${name}.`, body: `<header><nav>Home Chapters</nav></header><main id="main">${main}</main><footer>Edit this page</footer>` });

test("sections, glossary entries, pages and machines each get an entry, with text and no markup", () => {
  const pages = [
    page("/chapters/cache-lines", "chapter", "Cache lines", '<h1>Cache lines</h1><p>Lede.</p><h2 id="false-sharing">False sharing<a class="heading-anchor">¶</a></h2><p>This is <em>false sharing</em>.</p><h2 id="lse">Arm</h2><p>LSE &amp; LL/SC.</p>'),
    page("/glossary", "glossary", "Glossary", '<h1>Glossary</h1><h2 id="mad">MAD</h2><p>Median absolute deviation.</p>'),
    page("/submit", "page", "Submit your results", "<h1>Submit</h1><p>Run the runner.</p><h2 id=\"x\">Not split</h2>"),
    page("/results/epyc-2vcpu/", "results-file", "epyc-2vcpu · results file", "<h1>epyc-2vcpu</h1><h2 id=\"clone\">Clone</h2>"),
    { path: null, kind: "not-found", name: "Page not found", title: "Page not found", description: "", body: "<main>gone</main>" },
  ];
  const summary = { machines: [{ file: "epyc-2vcpu.json", label: "epyc-2vcpu", cpu: "AMD EPYC", arch: "x86_64", vendor: "AMD" }] };
  const entries = searchEntries(pages, summary);
  const byUrl = Object.fromEntries(entries.map((e) => [e.url, e]));
  assert.deepEqual(Object.keys(byUrl), ["/chapters/cache-lines", "/chapters/cache-lines#false-sharing", "/chapters/cache-lines#lse", "/glossary", "/glossary#mad", "/submit", "/results/epyc-2vcpu/"]);
  assert.equal(byUrl["/chapters/cache-lines#false-sharing"].title, "Cache lines: False sharing");
  assert.equal(byUrl["/chapters/cache-lines#false-sharing"].text, "This is false sharing.", "inline markup leaves no stray spaces");
  assert.equal(byUrl["/chapters/cache-lines#lse"].text, "LSE & LL/SC.");
  assert.equal(byUrl["/glossary#mad"].title, "MAD");
  assert.equal(byUrl["/glossary#mad"].kind, "glossary");
  assert.match(byUrl["/submit"].text, /Run the runner/);
  assert.doesNotMatch(byUrl["/submit"].text, /Edit this page|Home Chapters/, "the page's own text, not its frame");
  assert.equal(byUrl["/results/epyc-2vcpu/"].kind, "machine", "a results file's page is found by its machine only");
  assert.equal(byUrl["/submit"].title, "Submit your results", "a page's own name, without the site's");
  assert.match(byUrl["/results/epyc-2vcpu/"].text, /AMD EPYC/);
});
