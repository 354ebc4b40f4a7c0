#!/usr/bin/env bash
# `npm test`: bootstrap, then every test suite. Keeps going after a failing suite so one run shows
# every failure, and ends with one line: "total: N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(repo_root)"
use_project_path
# One build environment for every stable cargo run below, and for those the node and e2e suites
# start (the contribution test's `cargo test`, the pre-renderer's build): a cargo run under other
# settings compiles the workspace's crates again, as the e2e suite once did unseen. So a
# suite added later is built like the others unless it says otherwise; only the nightly builds (Miri
# below, scripts/fuzz.sh, the threaded tier) leave the lint wrapper out, since stable's clippy-driver
# compiles with stable's rustc.
# - No incremental caches: a test run builds each crate once, and they cost disk (about 0.9 GB of
#   target/debug), which a fresh clone's CI run has little of.
# - No line tables and 16 codegen units, not the dev profile's 256: a test run prints no backtrace
#   unless asked (a panic names its line anyway), and fewer units cost less to generate on 2 cores.
#   A cold test build: 489 CPU-s instead of 519 (2026-11-29).
# - Clippy's lints ride on the builds the tests need: cargo runs clippy-driver (rustc with the lints)
#   for the workspace's own crates, so each is checked and compiled once. `cargo clippy` alone is a
#   check build that shares nothing with the test build (about 200 s more on 2 cores). The targets
#   are `cargo clippy --workspace --all-targets`'s (the workspace has no benches), `-D warnings` is
#   passed the way cargo clippy passes it, and the wasm32 builds (the tests', trunk's and the
#   smaller tiers') are linted too.
export_build_env() {
  local driver
  driver=$(rustup which clippy-driver 2>/dev/null) || return 1
  export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=false CARGO_PROFILE_DEV_CODEGEN_UNITS=16
  export RUSTC_WORKSPACE_WRAPPER="$driver" CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
}

logdir=$(mktemp -d)
# The workspace's test build needs none of the tools bootstrap builds, only stable Rust with clippy,
# so it starts beside them in this build environment (where clippy is missing, bootstrap adds it and
# the cargo-native suite builds as before). Three builds on 2 cores fill the one-threaded stretches
# (downloads, a tool's last crates and link) that left a core idle in bootstrap and in the test
# build. The cargo-native suite's `cargo test` then finds the workspace built; if the early build
# failed, it builds again and shows why. The early build's own log stays in the log folder.
early_build=
if rustup which clippy-driver >/dev/null 2>&1; then
  say "test: building the workspace's tests beside bootstrap (its log: $logdir/early-build.log)"
  (export_build_env && exec cargo test --workspace --locked --no-run) >"$logdir/early-build.log" 2>&1 &
  early_build=$!
fi
if ! bash scripts/bootstrap.sh --with-browser; then
  [[ -z $early_build ]] || kill "$early_build" 2>/dev/null
  exit 1
fi
boot_s=$SECONDS
export_build_env || { say "error: clippy-driver not found after bootstrap: run 'rustup component add clippy'"; exit 1; }
say "test: every stable cargo build lints with clippy-driver (-D warnings), without incremental caches or line tables, in 16 codegen units"
passed=0 failed=0 broken=() times=()

# Adds up the counts a suite printed; a suite that exits non-zero without reporting a failed test
# (it did not compile, say) counts as one failure.
count() {
  local name=$1 rc=$2 log=$3 p f
  case $name in
    cargo*) p=$(grep -oE 'test result: [a-zA-Z]+\. [0-9]+ passed' "$log" | awk '{s+=$4} END {print s+0}')
            f=$(grep -oE '[0-9]+ failed;' "$log" | awk '{s+=$1} END {print s+0}') ;;
    e2e|node-scripts) p=$(grep -oE '^# pass [0-9]+' "$log" | awk '{s+=$3} END {print s+0}')
            f=$(grep -oE '^# fail [0-9]+' "$log" | awk '{s+=$3} END {print s+0}') ;;
    *)      p=$(( rc == 0 )); f=0 ;;
  esac
  if [[ $rc -ne 0 && $f -eq 0 ]]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  if [[ $rc -ne 0 ]]; then broken+=("$name"); fi
}

suite() {
  local name=$1; shift
  local log="$logdir/$name.log"
  say ""
  say "==> $name: $*"
  local t0=$SECONDS
  "$@" 2>&1 | tee "$log"
  count "$name" "${PIPESTATUS[0]}" "$log"
  times+=("$name $((SECONDS - t0))s")
}

# Style and lints first: they take seconds and name the line. The fuzz crate sits outside the workspace.
suite fmt bash -c 'cargo fmt --all --check && cargo fmt --manifest-path fuzz/Cargo.toml --check'
if [[ -n $early_build ]]; then
  t0=$SECONDS
  wait "$early_build"
  times+=("test-build-after-bootstrap $((SECONDS - t0))s")
fi
suite cargo-native cargo test --workspace --locked
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  suite cargo-wasm32 cargo test -p kernels -p wasm-core --target wasm32-unknown-unknown --locked
# Miri over wasm-core's and the kernels' library tests: the memory readers must never read padding or
# stray memory, and InlineStr's unsafe code is the kernels'. The clone kernels (and their harnesses)
# leak on purpose (forget mode; the leaked-once &'static str and static ArcStr), and so do the
# clone-run tests that build their source, so those run on their own with leak checking off; every
# other test keeps Miri's leak check.
# Miri interprets on one core (about 430 s of it on a bare machine, its sysroot included), so it runs
# in the background beside the next suites (wasm32, fuzz, workflows, node-scripts, the site build),
# whose single-thread stretches leave a core free; its own target folder (target/miri) takes no lock
# they need. It is joined after the site build: joined before it, Miri's last minutes ran alone on
# one core. Its logs and counts join the others' below.
nightly=$(nightly_toolchain)
# Runs one suite quietly into its log, recording its exit status and seconds beside it.
quiet_suite() {
  local name=$1; shift
  local t0=$SECONDS
  "$@" >"$logdir/$name.log" 2>&1
  echo $? >"$logdir/$name.rc"
  echo $((SECONDS - t0)) >"$logdir/$name.secs"
}
miri_suites=(cargo-miri cargo-miri-kernels cargo-miri-forget)
(
  unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
  quiet_suite cargo-miri cargo "+$nightly" miri test -p wasm-core --lib --locked -- --skip clone_run::
  quiet_suite cargo-miri-kernels cargo "+$nightly" miri test -p kernels --lib --locked -- --skip clone:: --skip harness::
  MIRIFLAGS=-Zmiri-ignore-leaks quiet_suite cargo-miri-forget bash -c "cargo +$nightly miri test -p wasm-core --lib --locked -- clone_run:: && cargo +$nightly miri test -p kernels --lib --locked -- clone:: harness::"
) &
miri_pid=$!
# Shows and counts the background Miri suites once they have finished.
join_miri() {
  wait "$miri_pid"
  for name in "${miri_suites[@]}"; do
    say ""
    say "==> $name (ran in the background)"
    cat "$logdir/$name.log"
    count "$name" "$(cat "$logdir/$name.rc" 2>/dev/null || echo 1)" "$logdir/$name.log"
    times+=("$name $(cat "$logdir/$name.secs" 2>/dev/null || echo '?')s")
  done
}
# The results-file validator under libFuzzer for a fixed 30 s (npm run fuzz -- SECONDS for longer).
suite fuzz bash scripts/fuzz.sh 30
# The GitHub workflows (the tests on GitHub, publishing, the results check) under a real linter.
suite workflows actionlint -no-color
# The contribution test runs `cargo test --workspace` and builds the runner and the pre-renderer:
# in another build environment cargo compiled every workspace crate again (211 s of a bare run's
# 222 s in this suite, 2026-11-28).
suite node-scripts node --test --test-reporter=tap tests/scripts/
suite site-build trunk build
join_miri
if [[ -f dist/index.html ]]; then
  # Two test files at a time: 484 s instead of 595 s on 2 cores (each file starts its own server and
  # Chromium, and most of a file's time is the page's own waiting). The harness's distWithResults
  # runs the pre-renderer through postbuild's `cargo build`; without the lint wrapper the builds
  # above used, cargo compiled kernels, wasm-core and the site again in the first file's setup (89 s
  # and 124 CPU-seconds on 2 cores, 2026-11-29).
  suite e2e node --test --test-reporter=tap --test-concurrency=2 tests/e2e/
else
  broken+=("e2e (skipped: no dist/)"); failed=$((failed + 1))
fi

say ""
# Where the minutes go (the budget is 25 on 2 cores, tool installs included).
say "time: bootstrap ${boot_s}s, $(IFS=,; echo "${times[*]}" | sed 's/,/, /g'); all ${SECONDS}s"
if [[ ${#broken[@]} -gt 0 ]]; then say "failing suites: ${broken[*]} (logs in $logdir)"; fi
echo "total: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
