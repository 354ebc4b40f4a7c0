# Shared helpers for the shell scripts in this folder. Sourced, never run.
# The tool versions below are the single place they are pinned; Trunk.toml and Cargo.toml must agree
# (scripts/bootstrap.sh checks that they do).

TRUNK_VERSION="0.21.14"
CARGO_FUZZ_VERSION="0.13.2"
WASM_BINDGEN_VERSION="0.2.130"
WASM_OPT_VERSION="132"   # npm package binaryen, see package.json
# The one nightly (Miri, the threaded wasm tier, cargo fuzz), by the date of its channel manifest.
NIGHTLY_DATE="2026-05-20"
ACTIONLINT_VERSION="1.7.7"   # the workflows' linter, built from its Go module (npm test runs it)

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run a long install with a time limit so a network stall becomes a clear error instead of a hang.
bounded() {
  local limit=$1; shift
  if command -v timeout >/dev/null 2>&1; then timeout "$limit" "$@"; else "$@"; fi
}

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# Cargo-installed tools and the npm-installed wasm-opt, whether or not we were started by npm.
use_project_path() { export PATH="$(repo_root)/node_modules/.bin:$HOME/.cargo/bin:$HOME/go/bin:$PATH"; }

# The rustup toolchain that is the pinned nightly: `nightly` itself where it is that very build (a
# machine that came with it downloads nothing), else `nightly-$NIGHTLY_DATE`, which bootstrap installs.
nightly_toolchain() {
  local manifest
  manifest="$(rustc +nightly --print sysroot 2>/dev/null)/lib/rustlib/multirust-channel-manifest.toml"
  if grep -qx "date = \"$NIGHTLY_DATE\"" "$manifest" 2>/dev/null; then echo nightly; else echo "nightly-$NIGHTLY_DATE"; fi
}
