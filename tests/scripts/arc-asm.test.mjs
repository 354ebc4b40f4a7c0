// Chapter "Cache lines" quotes assembly: each of its ```asm blocks must be a run of consecutive
// lines of what rustc emits today (scripts/arc-asm.mjs), and the instructions the text explains
// must be there. A rustc that compiles Arc::clone differently fails here, and the text gets updated.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { listings } from "../../scripts/arc-asm.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const chapter = fs.readFileSync(path.join(root, "content", "chapters", "09-cache-lines.md"), "utf8");
const blocks = [...chapter.matchAll(/```asm\n([\s\S]*?)```/g)].map((m) => m[1].trimEnd());
const generated = listings();

/** Whether `block`'s lines appear, in order and without a gap, in `listing`. */
const isRunOf = (block, listing) => `\n${listing}\n`.includes(`\n${block}\n`);

test("every assembly listing in the chapter is what rustc emits", () => {
  assert.ok(blocks.length >= 6, `found ${blocks.length} asm blocks`);
  for (const block of blocks) {
    const source = Object.keys(generated).find((name) => isRunOf(block, generated[name]));
    assert.ok(source, `this block is in no listing of scripts/arc-asm.mjs:\n${block}\n\nthey are:\n${JSON.stringify(generated, null, 1)}`);
  }
});

test("the instructions the text explains are the ones emitted", () => {
  assert.match(generated["x86_64 clone_arc_str"], /lock inc qword ptr/);
  assert.ok(blocks.includes(generated["x86_64 clone_arc_str"]), "the whole x86_64 Arc::clone is shown");
  assert.match(generated["wasm32+atomics clone_arc_str"], /i32\.atomic\.rmw\.add/);
  assert.doesNotMatch(generated["wasm32 clone_arc_str"], /atomic/);
  assert.equal(generated["x86_64 load_acquire"], "    mov rax, qword ptr [rdi]\n    ret");
  assert.match(generated["x86_64 store_seqcst"], /xchg/);
  for (const name of ["x86_64 load_acquire", "x86_64 store_release", "x86_64 store_seqcst"]) {
    assert.ok(blocks.includes(generated[name]), `${name} is shown whole`);
  }
});
