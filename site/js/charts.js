// The only code that touches d3. Rust calls renderChart/clearChart (site/src/charts.rs) with a plain
// JSON spec; d3 owns everything inside `host`, and Leptos never renders into that node.
// d3 itself is the UMD build (the global `d3`). On pages that chart (<meta name="d3-src" data-load>)
// this module starts loading it as soon as it is imported, after the first paint; elsewhere on first use.
//
// Spec: { kind: "bars" | "lines", title, x_label, y_label, y_scale: "linear" | "log", x_names: [[category, name]],
//         x_colours?: [[category, colour]],
//         series: [{ name, dashed, colour?, marker?, run?, style?, points: [{ x: number | string, y, y_low?, y_high?, tooltip, noisy }] }] }
// One rule on every chart: colour is what is measured (a type; fixed per type, site/src/palette.rs),
// the marker shape is where (a machine, fixed per machine). Where a chart draws several files of one
// machine, each series' `run` numeral (1, 2, ...) beside its markers and in the legend tells them
// apart; a noisy point gets a dotted ring, a noisy bar is pale. A bar chart's bars take their category's
// colour (`x_colours`) and carry their machine's `marker`; a line that stands for one type has its
// `colour`; a line that stands for a machine and no one type (a ratio) has only its `marker`, and is
// drawn in the text's colour. `style` ({ colour, colour_name, marker, marker_name }) gives a line
// both: the legend then lists each type and each machine once, and each line is labelled at its end.
// Every mark carries data-series / data-x / data-y so tests can read what was drawn, and its
// tooltip as its accessible name: a tap, a click or keyboard focus shows it (see `tips` below),
// since an SVG <title> only shows on a mouse's hover.

const MARGIN = { top: 28, right: 16, bottom: 52, left: 64 };
const LEGEND_LEFT = 8;

let d3Loading = null;

/** Resolves once the global `d3` exists, loading the script named by <meta name="d3-src">. */
function loadD3() {
  if (window.d3) return Promise.resolve();
  if (!d3Loading) {
    const meta = document.querySelector('meta[name="d3-src"]');
    d3Loading = new Promise((resolve, reject) => {
      if (!meta) return reject(new Error("d3 is not loaded and no <meta name=d3-src> says where it is"));
      const script = document.createElement("script");
      script.src = meta.content;
      if (meta.dataset.integrity) script.integrity = meta.dataset.integrity;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${meta.content}`));
      document.head.append(script);
    });
  }
  return d3Loading;
}

// A page that charts (its meta says `data-load`) starts d3 now, beside the wasm; this module is
// imported after the first paint. A failure shows where a chart would have been drawn.
if (document.querySelector('meta[name="d3-src"][data-load]')) loadD3().catch(() => {});

export function clearChart(host) {
  host.replaceChildren();
}

export function renderChart(host, specJson) {
  if (window.d3) return drawChart(host, specJson);
  loadD3().then(
    () => host.isConnected && drawChart(host, specJson),
    (error) => { host.textContent = `The chart could not be drawn: ${error.message}. The table below has the same numbers.`; },
  );
}

function drawChart(host, specJson) {
  const spec = JSON.parse(specJson);
  clearChart(host);
  const width = Math.max(280, host.clientWidth || 640);
  // Bars too thin to see or tap (a phone, many machines × many types) are laid out sideways instead.
  if (spec.kind === "bars" && barWidth(spec, width) < MIN_BAR_PX) return drawSidewaysBars(host, spec, width);
  // Legend rows go above the plot; a long legend (several machines) pushes the plot down.
  const legendRows = legendLayout(spec, width);
  const top = MARGIN.top + 16 * lastLegendRow(legendRows);
  // Category labels that do not fit under their bar are slanted, which needs room below the axis.
  // Bars placed by id are labelled with their type name (`x_names`), the words the tables use.
  const xNames = new Map(spec.x_names ?? []);
  const { slant, extra } = slantedLabels(spec, width, xNames);
  const bottom = MARGIN.bottom + extra;
  const height = Math.round(Math.min(420, Math.max(240, width * 0.55))) + top - MARGIN.top + extra;
  const svg = d3
    .select(host)
    .append("svg")
    .attr("viewBox", `0 0 ${width} ${height}`)
    // A figure, not an img: an img's children are hidden from assistive technology, and the
    // marks inside are reachable by keyboard, each named by its tooltip.
    .attr("role", "figure")
    .attr("aria-label", spec.title);
  svg.append("title").text(spec.title);
  // Lines styled by type get their type's name at their right end, where there is room for it.
  const labelled = spec.kind === "lines" && width >= 560 && spec.series.some((s) => s.style);
  const right = labelled ? LABEL_ROOM : MARGIN.right;
  const inner = { w: width - MARGIN.left - right, h: height - top - bottom };
  const g = svg.append("g").attr("transform", `translate(${MARGIN.left},${top})`);

  const points = spec.series.flatMap((s) => s.points);
  const yValues = axisValues(points, spec.y_scale === "log");
  const yMax = d3.max(yValues) ?? 1;
  const yMin = d3.min(yValues) ?? 0;
  const y =
    spec.y_scale === "log"
      ? d3.scaleLog().domain([Math.max(yMin * 0.8, 1e-9), yMax * 1.25]).nice().range([inner.h, 0])
      : d3.scaleLinear().domain([0, yMax * 1.1]).nice().range([inner.h, 0]);
  const colourOf = (s, i) => seriesColour(s, i);
  const markerIndex = (s) => s.style?.marker ?? s.marker ?? 0;
  const markerOf = (s) => markerShape(markerIndex(s));
  const barFill = categoryColours(spec);

  let x;
  if (spec.kind === "bars") {
    const categories = barCategories(spec);
    x = d3.scaleBand().domain(categories).range([0, inner.w]).padding(0.2);
    const sub = d3.scaleBand().domain(spec.series.map((s) => s.name)).range([0, x.bandwidth()]).padding(0.1);
    spec.series.forEach((s, i) => {
      const marks = g.append("g").attr("class", "series").attr("data-series", s.name);
      for (const p of s.points) {
        const left = x(String(p.x)) + sub(s.name);
        const bar = marks
          .append("rect")
          .attr("class", "bar")
          .attr("data-series", s.name)
          .attr("data-x", p.x)
          .attr("data-y", p.y)
          .attr("x", left)
          .attr("width", sub.bandwidth())
          .attr("y", y(p.y))
          .attr("height", Math.max(0, inner.h - y(p.y)))
          .attr("fill", barFill(p.x) ?? colourOf(s, i))
          .attr("fill-opacity", p.noisy ? 0.35 : null)
          .attr("stroke", p.noisy ? barFill(p.x) ?? colourOf(s, i) : null)
          .attr("data-noisy", p.noisy ? "" : null);
        markable(bar, p.tooltip ?? `${s.name} ${p.x}: ${p.y}`);
        whisker(marks, left + sub.bandwidth() / 2, p, y, sub.bandwidth() / 3);
        // Colour is the type; the machine is the marker on the bar's end, as on the line charts.
        if (s.marker != null) barMarker(marks, s, p, left + sub.bandwidth() / 2, y(p.y) - 7);
      }
    });
  } else {
    const xs = points.map((p) => Number(p.x));
    x = d3.scaleLinear().domain(d3.extent(xs)).nice().range([0, inner.w]);
    if (new Set(xs).size <= 12) x = d3.scalePoint().domain([...new Set(xs)].sort((a, b) => a - b)).range([0, inner.w]).padding(0.3);
    spec.series.forEach((s, i) => {
      const marks = g.append("g").attr("class", "series").attr("data-series", s.name);
      const sorted = [...s.points].sort((a, b) => Number(a.x) - Number(b.x));
      marks
        .append("path")
        .attr("class", "line")
        .attr("fill", "none")
        .attr("stroke", colourOf(s, i))
        .attr("stroke-width", 2)
        .attr("stroke-dasharray", s.dashed ? "6 4" : null)
        .attr("d", d3.line().x((p) => x(Number(p.x))).y((p) => y(p.y))(sorted));
      for (const p of sorted) {
        whisker(marks, x(Number(p.x)), p, y, 4);
        marks
          .append("path")
          .attr("class", "point")
          .attr("data-series", s.name)
          .attr("data-x", p.x)
          .attr("data-y", p.y)
          .attr("data-marker", markerIndex(s))
          .attr("data-run", s.run ?? null)
          .attr("d", d3.symbol(markerOf(s), 64)())
          .attr("transform", `translate(${x(Number(p.x))},${y(p.y)})`)
          .call(paintMarker, markerIndex(s), colourOf(s, i))
          .attr("data-noisy", p.noisy ? "" : null)
          .call(markable, p.tooltip ?? `${s.name} at ${p.x}: ${p.y}`);
        // A noisy case (repeats disagree by more than 5 %) keeps its shape and colour and gets a
        // dotted ring, which reads the same on a filled shape and an outline one.
        if (p.noisy) noiseRing(marks, x(Number(p.x)), y(p.y), s.name, p.x);
        runTag(marks, s, x(Number(p.x)) + 6, y(p.y) - 6);
      }
    });
    if (labelled) endLabels(g, spec.series, x, y, inner, colourOf);
  }
  // One tab stop per chart; the arrow keys walk its marks from there.
  g.select("[data-tip]").attr("tabindex", 0);

  const xAxis = g.append("g").attr("class", "axis x").attr("transform", `translate(0,${inner.h})`)
    .call(d3.axisBottom(x).tickFormat((d) => xNames.get(String(d)) ?? (typeof d === "number" ? d3.format("~g")(d) : d)));
  if (slant) xAxis.selectAll(".tick text").attr("text-anchor", "end").attr("dx", "-0.5em").attr("dy", "0.3em").attr("transform", "rotate(-40)");
  // Log axes: SI suffixes for big numbers (10M), plain digits below 1 (0.2, not 200m).
  // Linear axes: SI suffixes once numbers get long (400M, not 400,000,000, which collides with the title).
  const logFormat = y.domain()[0] < 1 ? "~g" : "~s";
  const linearFormat = y.domain()[1] >= 1e4 ? "~s" : undefined;
  g.append("g").attr("class", "axis y").call(d3.axisLeft(y).ticks(6, spec.y_scale === "log" ? logFormat : linearFormat));
  g.append("text").attr("class", "axis-label").attr("x", inner.w / 2).attr("y", inner.h + bottom - 10)
    .attr("text-anchor", "middle").attr("fill", "currentColor").text(spec.x_label);
  g.append("text").attr("class", "axis-label").attr("transform", "rotate(-90)").attr("x", -inner.h / 2)
    .attr("y", -50).attr("text-anchor", "middle").attr("fill", "currentColor").text(spec.y_label);
  legend(svg, legendRows);
}

/** A mark the reader can ask about: its tooltip as its name (and as a <title> for a mouse's hover
 *  with JavaScript off), focusable from the chart's one tab stop. */
function markable(mark, tip) {
  mark.attr("role", "img").attr("aria-label", tip).attr("data-tip", "").attr("tabindex", -1);
  mark.append("title").text(tip);
}

// ---- tips: tap, click or focus a mark to see its value ----
// Installed once, on the document, so they serve every chart: the live ones and the ones the build
// drew into the static HTML (same marks, same attributes). The tip is a <div> inside the chart's
// host, which d3 (this module) owns.
const MARK = ".chart-host [data-tip]";

function tipOf(host) {
  let tip = host.querySelector(":scope > .chart-tooltip");
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "chart-tooltip";
    tip.setAttribute("aria-hidden", "true"); // the focused mark's name already says it
    tip.hidden = true;
    host.append(tip);
  }
  return tip;
}

function showTip(mark) {
  const host = mark.closest(".chart-host");
  if (!host) return;
  const tip = tipOf(host);
  tip.textContent = mark.getAttribute("aria-label");
  tip.hidden = false;
  const box = host.getBoundingClientRect();
  const at = mark.getBoundingClientRect();
  const left = Math.min(Math.max(0, at.left + at.width / 2 - box.left - tip.offsetWidth / 2), Math.max(0, box.width - tip.offsetWidth));
  const above = at.top - box.top - tip.offsetHeight - 6;
  tip.style.left = `${left}px`;
  tip.style.top = `${above >= 0 ? above : at.bottom - box.top + 6}px`;
  host.querySelectorAll(`[data-tip][data-tip-shown]`).forEach((m) => m.removeAttribute("data-tip-shown"));
  mark.setAttribute("data-tip-shown", "");
}

function hideTip(host) {
  const tip = host?.querySelector(":scope > .chart-tooltip");
  if (tip) tip.hidden = true;
  host?.querySelectorAll("[data-tip-shown]").forEach((m) => m.removeAttribute("data-tip-shown"));
}

/** Moves the chart's one tab stop to `mark` and focuses it (which shows its tip). */
function focusMark(mark) {
  const svg = mark.closest("svg");
  svg?.querySelectorAll("[data-tip]").forEach((m) => m.setAttribute("tabindex", m === mark ? 0 : -1));
  mark.focus({ preventScroll: false });
}

const STEP = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function installTips() {
  if (typeof document === "undefined" || !document.addEventListener || window.chartTipsInstalled) return;
  window.chartTipsInstalled = true;
  document.addEventListener("focusin", (e) => {
    const mark = e.target.closest?.(MARK);
    if (mark) showTip(mark);
  });
  document.addEventListener("focusout", (e) => {
    const mark = e.target.closest?.(MARK);
    if (mark && !mark.contains(e.relatedTarget)) hideTip(mark.closest(".chart-host"));
  });
  // A tap or click: focus the mark (its tip shows), or hide the tip when the tap lands elsewhere.
  document.addEventListener("click", (e) => {
    const mark = e.target.closest?.(MARK);
    if (mark) {
      focusMark(mark);
      showTip(mark);
    }
  });
  document.addEventListener("keydown", (e) => {
    const mark = e.target.closest?.(MARK);
    if (!mark) return;
    const marks = [...mark.closest("svg").querySelectorAll("[data-tip]")];
    const at = marks.indexOf(mark);
    let next = null;
    if (e.key in STEP) next = marks[(at + STEP[e.key] + marks.length) % marks.length];
    else if (e.key === "Home") next = marks[0];
    else if (e.key === "End") next = marks.at(-1);
    else if (e.key === "Escape") hideTip(mark.closest(".chart-host"));
    else return;
    e.preventDefault();
    if (next) focusMark(next);
  });
}
installTips();

const LABEL_ROOM = 120;

// ---- sideways bars: one row per bar, each type's name above its group, the values along x ----
// Below 5 px a bar is a hairline; the clone chart's 12 types × 6 machines are 6.3 px wide in the
// 702 px column of a desktop page, and under 3 px on a phone.
const MIN_BAR_PX = 5;
const ROW = 9;
const GROUP_GAP = 10;
const GROUP_LABEL = 18;

/** The bar groups in an order every series agrees with: a category only later series have (a type
 *  only newer files measured) goes right after the category before it in that series, not at the end. */
function barCategories(spec) {
  const order = [];
  for (const s of spec.series) {
    let after = -1;
    for (const p of s.points) {
      const c = String(p.x);
      const at = order.indexOf(c);
      if (at === -1) order.splice(++after, 0, c);
      else after = Math.max(after, at);
    }
  }
  return order;
}

/** How wide each bar of an upright bar chart of `spec` would be at `width`. */
function barWidth(spec, width) {
  const categories = barCategories(spec).length;
  const series = spec.series.length;
  const band = ((width - MARGIN.left - MARGIN.right) / Math.max(1, categories)) * 0.8;
  return (band / Math.max(1, series)) * 0.9;
}

function drawSidewaysBars(host, spec, width) {
  const legendRows = legendLayout(spec, width);
  const top = MARGIN.top + 16 * lastLegendRow(legendRows);
  const xNames = new Map(spec.x_names ?? []);
  const categories = barCategories(spec);
  // Each group has a row for each series measured in it, no empty rows: a type only some machines ran
  // stays short. The series keep their order (and colour) in every group.
  const groups = categories.map((category) => ({
    category,
    rows: spec.series.map((s, i) => ({ s, i, p: s.points.find((q) => String(q.x) === category) })).filter((r) => r.p),
  }));
  let offset = 0;
  for (const group of groups) {
    group.y0 = offset;
    offset += GROUP_LABEL + group.rows.length * ROW + GROUP_GAP;
  }
  const inner = { w: width - 16 - 24, h: offset };
  const height = top + 8 + inner.h + 44;
  const svg = d3.select(host).append("svg").attr("viewBox", `0 0 ${width} ${height}`).attr("role", "figure")
    .attr("aria-label", spec.title).attr("data-layout", "sideways");
  svg.append("title").text(spec.title);
  const g = svg.append("g").attr("transform", `translate(16,${top + 8})`);
  const points = spec.series.flatMap((s) => s.points);
  const values = axisValues(points, spec.y_scale === "log");
  const max = d3.max(values) ?? 1;
  const x = spec.y_scale === "log"
    ? d3.scaleLog().domain([Math.max((d3.min(values) ?? 1) * 0.8, 1e-9), max * 1.25]).nice().range([0, inner.w])
    : d3.scaleLinear().domain([0, max * 1.05]).nice().range([0, inner.w]);
  const x0 = spec.y_scale === "log" ? 0 : x(0);
  const barFill = categoryColours(spec);
  for (const { category, rows, y0 } of groups) {
    g.append("text").attr("class", "group-label").attr("x", 0).attr("y", y0 + 12).attr("fill", "currentColor")
      .attr("font-size", 12).text(xNames.get(category) ?? category);
    rows.forEach(({ s, i, p }, row) => {
      const y = y0 + GROUP_LABEL + row * ROW;
      const fill = barFill(p.x) ?? seriesColour(s, i);
      const bar = g.append("rect").attr("class", "bar").attr("data-series", s.name).attr("data-x", p.x).attr("data-y", p.y)
        .attr("x", x0).attr("y", y).attr("height", ROW - 2).attr("width", Math.max(1, x(p.y) - x0)).attr("fill", fill)
        .attr("fill-opacity", p.noisy ? 0.35 : null).attr("stroke", p.noisy ? fill : null).attr("data-noisy", p.noisy ? "" : null);
      markable(bar, p.tooltip ?? `${s.name} ${p.x}: ${p.y}`);
      if (s.marker != null) barMarker(g, s, p, x0 - 8, y + (ROW - 2) / 2);
      if (p.y_low != null && p.y_high != null) {
        const cy = y + (ROW - 2) / 2;
        const [lo, top] = [x(p.y_low), x(Math.min(p.y_high, x.domain()[1]))];
        const clipped = p.y_high > x.domain()[1];
        // A whisker past the axis ends in an arrowhead at its edge instead of a cap.
        const end = clipped ? `M${top - 5},${cy - 3}L${top},${cy}L${top - 5},${cy + 3}` : `M${top},${cy - 3}V${cy + 3}`;
        g.append("path").attr("class", "whisker").attr("stroke", "currentColor").attr("fill", "none")
          .attr("data-clipped", clipped ? "" : null)
          .attr("d", `M${lo},${cy}H${top}M${lo},${cy - 3}V${cy + 3}${end}`);
      }
    });
  }
  g.select("[data-tip]").attr("tabindex", 0);
  const format = spec.y_scale === "log" ? (x.domain()[0] < 1 ? "~g" : "~s") : x.domain()[1] >= 1e4 ? "~s" : undefined;
  g.append("g").attr("class", "axis x").attr("transform", `translate(0,${inner.h})`).call(d3.axisBottom(x).ticks(4, format));
  g.append("text").attr("class", "axis-label").attr("x", inner.w / 2).attr("y", inner.h + 36).attr("text-anchor", "middle")
    .attr("fill", "currentColor").text(spec.y_label);
  legend(svg, legendRows);
}

// Twenty-five colours (palette.rs SERIES_COLOURS: one per clone type, Rc<str> next, then String on the
// allocator A/B's two other allocators; machines use the
// first twelve); NEUTRAL (1000, charts.rs) and above is the muted text colour, for reference lines
// that stand for no machine or type.
const colour = (i) => (i >= 1000 ? "var(--muted)" : `var(--series-${(i % 25) + 1})`);

// One rule on every chart: colour is what is measured (a type, or a suite's variant), the marker
// shape is where (a machine). A series that stands for a machine and no one type (`marker` without
// `colour`: the ratio of two types per machine) is drawn in the text's colour.
const seriesColour = (s, i) => (s.style ? colour(s.style.colour) : s.colour != null ? colour(s.colour) : s.marker != null ? "currentColor" : colour(i));

/** A bar chart's fill per category (`x_colours`: its type's colour), or null where it names none. */
function categoryColours(spec) {
  const colours = new Map(spec.x_colours ?? []);
  return (x) => (colours.has(String(x)) ? colour(colours.get(String(x))) : null);
}

/** The machine's marker at a bar's end (`at` its centre), in the text's colour, with its run number
 *  where the chart draws several files of that machine. */
function barMarker(g, s, p, cx, cy) {
  g.append("path").attr("class", "bar-marker").attr("data-series", s.name).attr("data-x", p.x).attr("data-marker", s.marker)
    .attr("data-run", s.run ?? null)
    .attr("d", d3.symbol(markerShape(s.marker), 36)()).attr("transform", `translate(${cx},${cy})`)
    .call(paintMarker, s.marker, "currentColor").attr("aria-hidden", "true");
  runTag(g, s, cx + 5, cy - 4);
}

/** The run number of a series (`s.run`: which of its machine's files, or placements, it is) as a
 *  small numeral at (`x`, `y`), beside its marker: the marker is the machine, the numeral which of
 *  its lines. Nothing where the series has none. */
function runTag(g, s, x, y) {
  if (s.run == null) return;
  g.append("text").attr("class", "run-tag").attr("data-series", s.name).attr("x", x).attr("y", y)
    .attr("font-size", 9).attr("font-weight", 700).attr("fill", "currentColor").attr("aria-hidden", "true").text(s.run);
}

/** The dotted ring around a noisy point at (`cx`, `cy`). */
function noiseRing(g, cx, cy, series, x) {
  g.append("circle").attr("class", "noise-ring").attr("data-series", series).attr("data-x", x).attr("cx", cx).attr("cy", cy).attr("r", 8)
    .attr("fill", "none").attr("stroke", "currentColor").attr("stroke-width", 1.2).attr("stroke-dasharray", "2 2").attr("aria-hidden", "true");
}

/** The type's name just right of the last point of each styled line; with several machines, led by
 *  the machine's marker (the legend's), so two lines of one type never carry the same label. A label
 *  stays inside the plot's height (never over the axis), moves up or down by a line where another
 *  is in its way, and is left out when both are taken (the legend still names it). */
function endLabels(g, series, x, y, inner, colourOf) {
  const placed = [];
  const labels = g.append("g").attr("class", "end-labels");
  const machines = new Set(series.filter((s) => s.style).map((s) => `${s.style.marker}.${s.run ?? 0}`)).size;
  const lead = machines > 1 ? 12 : 0;
  // Lower lines first: the bottom of a log chart is where lines crowd least.
  const ends = series
    .map((s, i) => ({ s, i, last: s.points.reduce((a, b) => (Number(b.x) > Number(a.x) ? b : a), s.points[0]) }))
    .filter((e) => e.s.style && e.last)
    .map((e) => ({ text: e.s.style.colour_name, marker: e.s.style.marker, run: e.s.run, x: x(Number(e.last.x)) + 8, y: y(e.last.y), fill: colourOf(e.s, e.i) }))
    .sort((a, b) => b.y - a.y);
  const inside = (v) => Math.min(inner.h - 10, Math.max(6, v));
  for (const e of ends) {
    const tag = lead && e.run != null ? 8 : 0;
    const width = lead + tag + e.text.length * 6.5;
    if (e.x + width > inner.w + LABEL_ROOM) continue;
    const free = (at) => !placed.some((p) => Math.abs(p.y - at) < 12 && e.x < p.x + p.width && p.x < e.x + width);
    const at = [0, -13, 13].map((d) => inside(e.y + d)).find(free);
    if (at === undefined) continue;
    placed.push({ ...e, y: at, width });
    if (lead) {
      labels.append("path").attr("class", "end-marker").attr("d", d3.symbol(markerShape(e.marker), 40)())
        .attr("transform", `translate(${e.x + 4},${at})`).call(paintMarker, e.marker, e.fill);
      if (tag) runTag(labels, { name: e.text, run: e.run }, e.x + 9, at - 2);
    }
    labels.append("text").attr("class", "end-label").attr("x", e.x + lead + tag).attr("y", at).attr("dy", "0.32em")
      .attr("fill", e.fill).attr("font-size", 12).text(e.text);
  }
}

// Bar categories too wide for their band (long variant names, a phone's width) are drawn slanted,
// and the chart grows by the height they need, so the plot keeps its size. ~7.5 px per character of 12 px text.
function slantedLabels(spec, width, xNames) {
  if (spec.kind !== "bars") return { slant: false, extra: 0 };
  const names = [...new Set(spec.series.flatMap((s) => s.points.map((p) => String(p.x))))].map((n) => xNames.get(n) ?? n);
  const longest = Math.max(0, ...names.map((n) => n.length)) * 7.5;
  const band = (width - MARGIN.left - MARGIN.right) / Math.max(1, names.length);
  const slant = names.length > 0 && longest > band * 0.9;
  return { slant, extra: slant ? Math.min(120, Math.round(longest * 0.64)) : 0 };
}

// A whisker far past every median (one slow repeat) would set the axis and flatten the medians
// (chapter 6: a 10,936 ns repeat over medians of about 300 ns). The axis stops at WHISKER_ROOM times
// the largest median; a longer whisker ends in an arrowhead at the axis's end, and the tooltip and
// the table still give its value.
const WHISKER_ROOM = 2;

/** The values an axis must hold: every median and whisker end, whiskers cut at WHISKER_ROOM × the
 *  largest median; on a log axis only positive ones. */
function axisValues(points, log) {
  const keep = (v) => v > 0 || !log;
  const cap = (d3.max(points.map((p) => p.y).filter(keep)) ?? 1) * WHISKER_ROOM;
  return points.flatMap((p) => [p.y, p.y_low ?? p.y, Math.min(p.y_high ?? p.y, cap)]).filter(keep);
}

function whisker(marks, cx, p, y, halfWidth) {
  if (p.y_low == null || p.y_high == null) return;
  const clipped = p.y_high > y.domain()[1];
  const [low, high] = [y(p.y_low), y(Math.min(p.y_high, y.domain()[1]))];
  // A whisker past the axis ends in an arrowhead at its edge instead of a cap.
  const end = clipped
    ? `M${cx - halfWidth},${high + 5}L${cx},${high}L${cx + halfWidth},${high + 5}`
    : `M${cx - halfWidth},${high}H${cx + halfWidth}`;
  const path = `M${cx},${low}V${high}M${cx - halfWidth},${low}H${cx + halfWidth}${end}`;
  marks.append("path").attr("class", "whisker").attr("d", path).attr("stroke", "currentColor").attr("fill", "none")
    .attr("data-clipped", clipped ? "" : null);
}

// Marker shapes, one per machine (d3's symbol types, each easy to tell apart at 8 px).
// Seven filled shapes, then six drawn in outline (d3's stroke symbols; its outline circle would read
// as a noisy point), so thirteen machines in one chart never share one (palette.rs MARKER_SHAPES;
// the last is the reader's browser).
const MARKERS = ["symbolCircle", "symbolSquare", "symbolTriangle", "symbolDiamond", "symbolStar", "symbolCross", "symbolWye",
  "symbolTimes", "symbolAsterisk", "symbolSquare2", "symbolTriangle2", "symbolDiamond2", "symbolPlus"];
const MARKER_SHAPES = 13;
const markerShape = (index) => d3[MARKERS[index % MARKER_SHAPES]];
/** Whether marker `index` is an outline shape: drawn by its stroke, with no fill. */
const outlined = (index) => index % MARKER_SHAPES >= 7;
/** Paints a marker path `sel` of shape `index` in `paint`: filled, or stroked where the shape is an outline. */
const paintMarker = (sel, index, paint) =>
  outlined(index) ? sel.attr("fill", "none").attr("stroke", paint).attr("stroke-width", 1.5) : sel.attr("fill", paint);

/** The legend's entries: one per series, or for styled series one per type (colour), one per machine
 *  (marker) when there are several, and the two line styles when both modes are drawn. */
function legendEntries(spec) {
  const noisy = spec.series.some((s) => s.points.some((p) => p.noisy))
    ? [{ name: `${spec.kind === "bars" ? "pale" : "ringed"}: noisy (repeats disagree > 5 %) or spread unknown`, noisy: spec.kind === "bars" ? "pale" : "ring" }]
    : [];
  // Series that are machines (a marker, no colour of their own): the legend shows each machine's marker.
  const machine = (s) => !s.style && s.colour == null && s.marker != null;
  if (!spec.series.some((s) => s.style)) {
    return [...spec.series.map((s, i) => (machine(s) ? { name: s.name, marker: s.marker, run: s.run } : { name: s.name, colour: s.colour ?? i, dashed: s.dashed })), ...noisy];
  }
  const entries = [];
  const seen = new Set();
  const add = (key, entry) => { if (!seen.has(key)) { seen.add(key); entries.push(entry); } };
  spec.series.forEach((s, i) => (s.style ? add(`c${s.style.colour}`, { name: s.style.colour_name, colour: s.style.colour }) : add(`s${i}`, { name: s.name, colour: s.colour ?? i, dashed: s.dashed })));
  // One entry per machine, or per run of a machine where the chart draws several (its numeral).
  const mark = (s) => `m${s.style.marker}.${s.run ?? 0}`;
  const machines = new Set(spec.series.filter((s) => s.style).map(mark));
  if (machines.size > 1) spec.series.forEach((s) => s.style && add(mark(s), { name: s.style.marker_name, marker: s.style.marker, run: s.run }));
  noisy.forEach((entry) => add("noisy", entry));
  const modes = new Set(spec.series.filter((s) => s.style).map((s) => s.dashed));
  if (modes.size > 1) {
    add("solid", { name: "drop", line: "solid" });
    add("dashed", { name: "forget", line: "dashed" });
  }
  return entries;
}

/** Where each legend item goes: rows of items that fit the width (text width estimated). */
function legendLayout(spec, width) {
  const room = width - 2 * LEGEND_LEFT;
  let x = 0;
  let row = 0;
  return legendEntries(spec).map((entry) => {
    // ~7 px per character of 12 px text; an entry longer than a whole row wraps at its spaces.
    const lines = wrapWords(entry.name, Math.max(8, Math.floor((room - 24) / 7)));
    const w = 24 + (entry.run != null ? 6 : 0) + Math.max(...lines.map((l) => l.length)) * 7;
    if (x > 0 && (x + w > room || lines.length > 1)) {
      x = 0;
      row += 1;
    }
    const item = { ...entry, lines, x, row };
    x += w;
    if (lines.length > 1) {
      row += lines.length - 1;
      x = room;
    }
    return item;
  });
}

/** The last row the legend's entries take, counting the wrapped lines of a long one. */
function lastLegendRow(rows) {
  return Math.max(0, ...rows.map((r) => r.row + r.lines.length - 1));
}

/** `text` in lines of at most `max` characters, broken at spaces (a longer word gets a line of its own). */
function wrapWords(text, max) {
  const lines = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [""];
}

function legend(svg, rows) {
  const items = svg.append("g").attr("class", "legend").attr("transform", `translate(${LEGEND_LEFT},12)`);
  rows.forEach((r) => {
    const item = items.append("g").attr("transform", `translate(${r.x},${16 * r.row})`);
    if (r.noisy === "ring") {
      item.append("circle").attr("cx", 5).attr("cy", -4).attr("r", 5).attr("fill", "none").attr("stroke", "currentColor").attr("stroke-width", 1.2).attr("stroke-dasharray", "2 2");
    } else if (r.noisy) {
      item.append("rect").attr("class", "noisy-key").attr("width", 10).attr("height", 10).attr("y", -9).attr("fill", "currentColor").attr("fill-opacity", 0.35).attr("stroke", "currentColor");
    } else if (r.marker !== undefined) {
      item.append("path").attr("d", d3.symbol(markerShape(r.marker), 48)()).attr("transform", "translate(5,-4)").call(paintMarker, r.marker, "currentColor");
      if (r.run != null) runTag(item, { name: r.name, run: r.run }, 9, -7);
    } else if (r.line) {
      item.append("path").attr("d", "M0,-4H12").attr("stroke", "currentColor").attr("stroke-width", 2).attr("stroke-dasharray", r.line === "dashed" ? "4 2" : null);
    } else if (r.dashed) {
      item.append("path").attr("d", "M0,-4H10").attr("stroke", colour(r.colour)).attr("stroke-width", 3).attr("stroke-dasharray", "4 2");
    } else {
      item.append("rect").attr("width", 10).attr("height", 10).attr("y", -9).attr("fill", colour(r.colour));
    }
    const left = r.run != null ? 20 : 14;
    const text = item.append("text").attr("x", left).attr("fill", "currentColor").attr("font-size", 12);
    // A space ends every wrapped line but the last, so the text reads whole to a screen reader.
    r.lines.forEach((line, i) => text.append("tspan").attr("x", left).attr("dy", i ? 16 : 0).text(i < r.lines.length - 1 ? `${line} ` : line));
  });
}
