// The table of an ablation run (a folder written by scripts/ablation.mjs): per variant, the median
// over rounds of each time, the lowest and highest round, and the Arc<str>/String ratio of the
// medians. Chapter 4 prints these rows; tests/scripts/ablation.test.mjs checks that it still does.
import fs from "node:fs";
import path from "node:path";

/// What each variant folder is, in the order the table lists them.
export const VARIANTS = [
  ["ours", "ours (the default method)"],
  ["ours-no-black-box", "ours, without `black_box`"],
  ["ours-mode-each-clone", "ours, mode read on every clone"],
  ["ours-stop-channel", "ours, contenders poll a channel every clone"],
  ["ours-no-warm-up", "ours, no warm-up (fresh process per repeat)"],
  ["method-article", "`--method article`"],
  ["method-article-no-lto", "`--method article`, built without LTO"],
  ["program-lto", "the article's program, built with LTO"],
  ["program-jemallocator-0.6", "the article's program, tikv-jemallocator 0.6"],
  ["program-published", "the article's program as published"],
];

const KEYS = [["arc_str", 1], ["string", 1], ["arc_str", 2], ["string", 2]];

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/// One variant's times in milliseconds: `{ "arc_str 1": [round 1, round 2, …], … }`.
export function variantTimes(dir) {
  const times = {};
  const add = (type, threads, ms) => (times[`${type} ${threads}`] ??= []).push(ms);
  const files = fs.readdirSync(dir).filter((f) => /^round-\d+\.jsonl?$/.test(f));
  files.sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]));
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    if (file.endsWith(".jsonl")) {
      for (const line of text.split("\n").filter(Boolean)) {
        const { type, threads, drop, time_millis } = JSON.parse(line);
        const id = { "alloc::sync::Arc<str>": "arc_str", "alloc::string::String": "string" }[type];
        if (id && drop === true) add(id, threads, time_millis);
      }
    } else {
      for (const c of JSON.parse(text).cases) {
        if (c.mode === "drop" && !c.placement) add(c.variant_id, c.threads, c.median_ns / 1e6);
      }
    }
  }
  return times;
}

/// The table's rows: `{ id, label, rounds, cells: [{ median, low, high }] × 4, ratios: [1T, 2T] }`.
export function rows(runDir) {
  return VARIANTS.filter(([id]) => fs.existsSync(path.join(runDir, id))).map(([id, label]) => {
    const times = variantTimes(path.join(runDir, id));
    const cells = KEYS.map(([type, threads]) => {
      const values = times[`${type} ${threads}`] ?? [];
      if (values.length === 0) throw new Error(`${runDir}/${id}: no ${type} case at ${threads} thread(s)`);
      return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
    });
    const rounds = Math.min(...KEYS.map(([type, threads]) => times[`${type} ${threads}`].length));
    return { id, label, rounds, cells, ratios: [cells[0].median / cells[1].median, cells[2].median / cells[3].median] };
  });
}

// A non-breaking space and word joiners (U+2060, around the dash, where a line could break) keep
// a median and its range on one line in a narrow column: the chapter's Markdown renders raw HTML
// as text, so no `nowrap` span.
const ms = (cell) => `${cell.median.toFixed(0)}&nbsp;(${cell.low.toFixed(0)}&#8288;–&#8288;${cell.high.toFixed(0)})`;

/// One row as chapter 4's Markdown table writes it: the ratios, which carry the conclusion, right
/// after the harness, so a phone shows them without scrolling.
export function rowLine(row) {
  return `| ${row.label} | ${row.ratios.map((r) => r.toFixed(2)).join(" | ")} | ${row.cells.map(ms).join(" | ")} |`;
}

/// The whole table in Markdown.
export function table(runDir) {
  const head = [
    "| Harness | ratio, 1 thread | ratio, 2 threads | `Arc<str>` 1 thread | `String` 1 thread | `Arc<str>` 2 threads | `String` 2 threads |",
    "|---|---|---|---|---|---|---|",
  ];
  return [...head, ...rows(runDir).map(rowLine)].join("\n");
}
