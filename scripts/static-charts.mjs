// Draws the pre-rendered pages' static charts at build time with site/js/charts.js, the module the
// browser uses, against linkedom's server-side DOM: one chart code path, so the SVG a reader sees
// with JavaScript off is the drawing the wasm would make of the same spec (at the default 640 px
// width; the viewBox scales it). The pre-renderer leaves `<div ... data-static-chart="N"></div>`
// where the page's Nth spec goes.
import * as d3 from "d3";
import { parseHTML } from "linkedom";

/** The width the static charts are drawn at: about the content column on a desktop, so the SVG's
 *  text is the size the live chart's will be there (the viewBox scales it on narrower screens). */
const STATIC_WIDTH = 960;

let render = null;

/** charts.js's renderChart, with the globals it expects (a window with d3, a document). */
async function renderer() {
  if (render) return render;
  const { window, document } = parseHTML("<!doctype html><html><head></head><body></body></html>");
  window.d3 = d3;
  globalThis.window = window;
  globalThis.document = document;
  const { renderChart } = await import("../site/js/charts.js");
  render = (spec) => {
    const host = document.createElement("div");
    Object.defineProperty(host, "clientWidth", { value: STATIC_WIDTH });
    renderChart(host, JSON.stringify(spec));
    return host.innerHTML;
  };
  return render;
}

/** `body` with each static chart host filled with its SVG. Throws when a host names a spec the
 *  page does not have, or a spec has no host. */
export async function withStaticCharts(body, specs = []) {
  if (specs.length === 0) return body;
  const draw = await renderer();
  const used = new Set();
  const out = body.replace(/(<div\b[^>]*\bdata-static-chart="(\d+)"[^>]*>)(<\/div>)/g, (_, open, n, close) => {
    const spec = specs[Number(n)];
    if (!spec) throw new Error(`a static chart host names spec ${n}, which the page does not have`);
    used.add(Number(n));
    return `${open}${draw(spec)}${close}`;
  });
  if (used.size !== specs.length) throw new Error(`${specs.length - used.size} static chart spec(s) have no host in the page`);
  return out;
}
