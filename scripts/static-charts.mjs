// Draws the pre-rendered pages' static charts at build time with site/js/charts.js, the module the
// browser uses, against linkedom's server-side DOM: one chart code path, so the SVG a reader sees
// with JavaScript off is the drawing the wasm would make of the same spec (at a desktop's and a
// phone's width; the viewBox scales each). The pre-renderer leaves `<div ... data-static-chart="N"></div>`
// where the page's Nth spec goes.
import * as d3 from "d3";
import { parseHTML } from "linkedom";

/** The widths each static chart is drawn at: about the content column on a desktop, and on a phone
 *  (CSS shows the one that fits, `.static-wide` / `.static-narrow`), so the SVG's text is the size
 *  the live chart's will be there, and the box is as tall as the live chart will be. */
const WIDE = 960;
const NARROW = 360;

let render = null;

/** charts.js's renderChart, with the globals it expects (a window with d3, a document). */
async function renderer() {
  if (render) return render;
  const { window, document } = parseHTML("<!doctype html><html><head></head><body></body></html>");
  window.d3 = d3;
  globalThis.window = window;
  globalThis.document = document;
  const { renderChart } = await import("../site/js/charts.js");
  const at = (spec, width) => {
    const host = document.createElement("div");
    Object.defineProperty(host, "clientWidth", { value: width });
    renderChart(host, JSON.stringify(spec));
    return host.innerHTML;
  };
  render = (spec) => `<div class="static-wide">${at(spec, WIDE)}</div><div class="static-narrow">${at(spec, NARROW)}</div>`;
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
