// The site ships only the d3 functions js/charts.js uses, bundled by esbuild (scripts/postbuild.mjs,
// d3SubsetText). Loading that subset the way a browser does must give every d3 name charts.js calls.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";
import { d3SubsetText } from "../../scripts/postbuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const charts = fs.readFileSync(path.join(root, "site/js/charts.js"), "utf8");

/** The global `d3` the subset defines when run as a classic script. */
function loadSubset() {
  const context = vm.createContext({});
  vm.runInContext(d3SubsetText(), context);
  return context.d3;
}

test("the d3 subset defines every d3 name charts.js uses", () => {
  const d3 = loadSubset();
  // `d3.name` calls, and the symbol types charts.js picks by name (`d3[MARKERS[i]]`).
  const used = new Set([...charts.matchAll(/\bd3\.(\w+)/g), ...charts.matchAll(/"(symbol[A-Z]\w*)"/g)].map((m) => m[1]));
  assert.ok(used.size >= 15 && used.has("scaleLog") && used.has("symbolStar"), [...used].join(" "));
  const missing = [...used].filter((name) => d3[name] === undefined);
  assert.deepEqual(missing, [], `charts.js uses d3 names the subset lacks: ${missing.join(", ")}`);
});

test("the subset draws: a log scale, an axis's ticks and a line path work without the rest of d3", () => {
  const d3 = loadSubset();
  const y = d3.scaleLog().domain([1, 1000]).range([100, 0]);
  assert.equal(y(10), 100 * (2 / 3));
  assert.equal(d3.format("~g")(1500), "1500");
  assert.equal(d3.line().x((p) => p[0]).y((p) => p[1])([[0, 0], [10, 5]]), "M0,0L10,5");
  assert.match(d3.symbol(d3.symbolStar, 64)(), /^M/);
  assert.equal(typeof d3.axisBottom(y).tickFormat, "function");
  // Only a subset: d3-transition, for one, is left out (charts.js never animates).
  assert.equal(d3.transition, undefined);
});
