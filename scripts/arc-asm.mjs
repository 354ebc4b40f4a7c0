#!/usr/bin/env node
// Prints the assembly chapter "Cache lines" quotes: scripts/asm/arc_clone.rs compiled at -O by this
// machine's rustc for x86_64 (Intel syntax) and for wasm32 with and without the atomics feature
// (the site's threaded tier and its single-thread pages). `npm run asm` runs it; a test checks that
// the chapter's listings are what it prints.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const source = path.join(path.dirname(fileURLToPath(import.meta.url)), "asm", "arc_clone.rs");

/** The body of `name` in a `.s` file: its instructions and labels, without assembler directives. */
function body(asm, name) {
  const lines = asm.split("\n");
  const start = lines.findIndex((l) => l === `${name}:`);
  if (start < 0) throw new Error(`${name} is not in the assembly`);
  const out = [];
  for (const line of lines.slice(start + 1)) {
    const text = line.replace(/\s+/g, " ").trim();
    if (text === "end_function" || text.startsWith(".Lfunc_end") || text.startsWith(".cfi_endproc")) break;
    if (!text || (text.startsWith(".") && !text.endsWith(":"))) continue;
    out.push(text.endsWith(":") ? text : `    ${text}`);
  }
  return out.join("\n");
}

/** Compiles the source for `target` with extra `flags`; returns the assembly text. */
function compile(target, flags) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arc-asm-"));
  const out = path.join(dir, "out.s");
  try {
    execFileSync("rustc", ["--edition", "2021", "-O", "--crate-type", "rlib", "--target", target, "--emit", "asm", "-o", out, ...flags, source], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    return fs.readFileSync(out, "utf8");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The listings, by name: what each function compiles to on each target. */
export function listings() {
  const x86 = compile("x86_64-unknown-linux-gnu", ["-C", "llvm-args=-x86-asm-syntax=intel"]);
  const wasmThreads = compile("wasm32-unknown-unknown", ["-C", "target-feature=+atomics,+bulk-memory"]);
  const wasm = compile("wasm32-unknown-unknown", []);
  return {
    "x86_64 clone_arc_str": body(x86, "clone_arc_str"),
    "x86_64 load_acquire": body(x86, "load_acquire"),
    "x86_64 store_release": body(x86, "store_release"),
    "x86_64 store_seqcst": body(x86, "store_seqcst"),
    "wasm32+atomics clone_arc_str": body(wasmThreads, "clone_arc_str"),
    "wasm32 clone_arc_str": body(wasm, "clone_arc_str"),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, text] of Object.entries(listings())) console.log(`# ${name}\n${text}\n`);
}
