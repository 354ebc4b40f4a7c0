// The legend above a chart must end above the plot, at any width: a long entry wraps onto more
// lines, and the plot moves down by every line (site/js/charts.js, legendLayout). Drawn with the
// build's own path for static charts (scripts/static-charts.mjs: charts.js on linkedom).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { withStaticCharts } from "../../scripts/static-charts.mjs";

const point = (x, y, noisy) => ({ x, y, y_low: y, y_high: y, digits: 3, noisy, spread: noisy ? "unknown (one repeat)" : "1%", tooltip: `${x}: ${y}` });
const series = (name, colour, ys, noisy) => ({ name, dashed: false, points: ys.map((y, i) => point(2 ** i, y, noisy)), style: { colour, colour_name: name, marker: 0, marker_name: "one machine" } });

const translateY = (el) => Number(el.getAttribute("transform").match(/translate\([^,]+,([^)]+)\)/)[1]);

/** The y (in the SVG's own units) of the legend's last text line, and of the plot's top (the
 *  group every mark is drawn in; the highest mark may sit on its edge). */
function legendBottomAndPlotTop(svgHtml) {
  const { document } = parseHTML(`<html><body>${svgHtml}</body></html>`);
  const legend = document.querySelector("g.legend");
  const items = [...legend.children];
  assert.ok(items.length >= 3, `legend items: ${items.length}`);
  const bottoms = items.map((item) => translateY(legend) + translateY(item) + 16 * (item.querySelectorAll("tspan").length - 1));
  const plot = [...document.querySelector("svg").children].find((g) => g.querySelector?.(".point"));
  return { legend: Math.max(...bottoms), plot: translateY(plot) };
}

test("a legend whose last entry wraps still ends above the plot on a phone", async () => {
  // On a phone's width the noisy entry ("ringed: noisy ... or spread unknown") is the last one and wraps.
  const spec = { kind: "lines", title: "t", x_label: "threads", x_names: [], y_label: "ns", y_scale: "linear", series: [series("Arc<str>", 0, [3, 25, 130, 220, 290], true), series("String", 1, [9, 9, 9, 20, 20], true)] };
  const html = await withStaticCharts('<div data-static-chart="0"></div>', [spec]);
  const narrow = html.match(/<div class="static-narrow">([^]*?<\/svg>)/)[1];
  assert.match(narrow, /<tspan[^>]*>spread unknown<\/tspan>/, "the entry wrapped");
  const { legend, plot } = legendBottomAndPlotTop(narrow);
  // A mark at the plot's top edge is up to 5 px tall above it, and the top tick's 12 px label is
  // centred on it: the legend's last baseline must clear both.
  assert.ok(legend <= plot - 8, `the legend's last line (y ${legend}) runs into the plot (top y ${plot})`);
});

test("line-end labels: one type on four machines is told apart by marker, no two overlap, none crosses the axis", async () => {
  // Four machines, two types each; the cheap type ends near zero, where its label would sit on the x axis.
  const styled = (type, colour, marker, ys) => ({ ...series(type, colour, ys, false), style: { colour, colour_name: type, marker, marker_name: `machine ${marker}` } });
  const all = [0, 1, 2, 3].flatMap((m) => [styled("triomphe::Arc<str>", 4, m, [5, 20 + m, 40 + m * 3]), styled("leaked &'static str", 9, m, [0.2, 0.2, 0.2 + m / 100])]);
  const spec = { kind: "lines", title: "t", x_label: "threads", x_names: [], y_label: "ns", y_scale: "linear", series: all };
  const html = await withStaticCharts('<div data-static-chart="0"></div>', [spec]);
  const wide = html.match(/<div class="static-wide">([^]*?<\/svg>)/)[1];
  const { document } = parseHTML(`<html><body>${wide}</body></html>`);
  const labels = [...document.querySelectorAll("text.end-label")];
  const markers = [...document.querySelectorAll("path.end-marker")];
  assert.ok(labels.length >= 2, `${labels.length} labels`);
  assert.equal(markers.length, labels.length, "with several machines every label is led by its machine's marker");
  const ys = labels.map((l) => Number(l.getAttribute("y")));
  for (let i = 0; i < ys.length; i++) for (let j = i + 1; j < ys.length; j++) assert.ok(Math.abs(ys[i] - ys[j]) >= 12, `labels ${i} and ${j} overlap: ${ys}`);
  // The x axis sits at the plot's height: its group is translated there.
  const axisY = translateY(document.querySelector("g.axis.x"));
  for (const y of ys) assert.ok(y <= axisY - 10, `a label at y ${y} reaches the x axis at ${axisY}`);
  // Labels of the same type name are at different heights (distinguished by their markers' shapes).
  const markerShapes = new Set(markers.map((m) => m.getAttribute("d")));
  assert.ok(markerShapes.size >= Math.min(2, markers.length), "markers differ by machine");
});
