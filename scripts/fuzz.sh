#!/usr/bin/env bash
# Fuzzes the results-file validator for SECONDS (default 60): npm run fuzz -- 300
# Seeds: every shipped results file and every test fixture. A crash is saved by libFuzzer under
# fuzz/artifacts/validate_bytes/; copy it to wasm-core/tests/fuzz-regressions/ (an input that must
# be refused) or wasm-core/tests/fuzz-accepted/ (one that is accepted, and must be again once
# written back), so that `cargo test -p wasm-core --test fuzz_regressions` keeps it fixed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(repo_root)"
use_project_path
seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "fuzz: SECONDS must be a whole number of seconds, got '$seconds'" >&2
  exit 2
fi
# A nightly build, so not under `npm test`'s lint wrapper (stable's clippy-driver compiles with
# stable's rustc), as the threaded tier's build leaves it out too (scripts/threads-tier.mjs).
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
find content/results tests/fixtures wasm-core/tests/fuzz-regressions wasm-core/tests/fuzz-accepted -type f -name '*.json' -exec cp -t "$corpus" {} + 2>/dev/null || true
echo "fuzz: validate_bytes for ${seconds} s from $(ls "$corpus" | wc -l) seed files"
# Seed files reach 1 MiB (the validator's limit); libFuzzer's default max_len would cut them.
# No AddressSanitizer (`-s none`): what the target calls in wasm-core is safe Rust (its unsafe code
# is the memory readers and the counting allocator, which Miri checks), where the errors ASan finds
# cannot happen; a bug here shows as a panic, which libFuzzer catches either way. The build takes
# 81 s instead of 111 s on 2 cores (measured 2026-11-28), and each run is quicker.
cargo "+$(nightly_toolchain)" fuzz run -s none validate_bytes "$corpus" -- -max_total_time="$seconds" -max_len=1100000 -timeout=20 -rss_limit_mb=2048 -print_final_stats=1
