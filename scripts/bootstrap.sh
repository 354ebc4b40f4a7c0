#!/usr/bin/env bash
# Installs whatever the build and the tests need and is missing, and nothing else. Idempotent: a
# second run checks versions and prints one line. `--with-browser` also installs Chromium (tests).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(repo_root)"

with_browser=false
for arg in "$@"; do
  case "$arg" in
    --with-browser) with_browser=true ;;
    -h|--help) echo "usage: scripts/bootstrap.sh [--with-browser]"; exit 0 ;;
    *) die "bootstrap: unknown argument '$arg' (try --help)" ;;
  esac
done

installed=()
# Each install is listed with its seconds (the budget for a bare machine's `npm test` is 25 minutes).
step=$SECONDS
mark() { installed+=("$1 ($((SECONDS - step)) s)"); step=$SECONDS; }
use_project_path

command -v cargo >/dev/null || die "Rust is missing: install rustup from your OS packages or rustup.rs, then rerun."
command -v node >/dev/null || die "Node.js 20+ is missing: install it (e.g. 'apt-get install nodejs npm'), then rerun."

# The pins in Cargo.lock and Trunk.toml must name the versions we install, or trunk would try to
# download a matching tool (and fail offline).
grep -q "^trunk-version = \"=$TRUNK_VERSION\"" Trunk.toml || die "Trunk.toml trunk-version must be =$TRUNK_VERSION"
grep -q "^wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" Trunk.toml || die "Trunk.toml [tools] wasm_bindgen must be $WASM_BINDGEN_VERSION"
grep -q "^wasm_opt = \"version_$WASM_OPT_VERSION\"" Trunk.toml || die "Trunk.toml [tools] wasm_opt must be version_$WASM_OPT_VERSION"
grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | grep -q "version = \"$WASM_BINDGEN_VERSION\"" \
  || die "Cargo.lock resolves a wasm-bindgen other than $WASM_BINDGEN_VERSION; keep it pinned with '=' in Cargo.toml"

# `npm test` checks formatting and lints every build with clippy-driver; rustup's minimal profile
# has neither.
stable_missing=()
rustup which rustfmt >/dev/null 2>&1 || stable_missing+=(rustfmt)
rustup which clippy-driver >/dev/null 2>&1 || stable_missing+=(clippy)
if [[ ${#stable_missing[@]} -gt 0 ]]; then
  say "bootstrap: adding ${stable_missing[*]} to the stable toolchain"
  bounded 600 rustup component add "${stable_missing[@]}" \
    || die "could not add ${stable_missing[*]}: run 'rustup component add ${stable_missing[*]}'"
  mark "${stable_missing[*]}"
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "bootstrap: adding the wasm32-unknown-unknown target"
  bounded 600 rustup target add wasm32-unknown-unknown || die "could not add the wasm32 target: run 'rustup target add wasm32-unknown-unknown'"
  mark "wasm32 target"
fi

# Nightly is used in three places only: Miri checks the memory readers in wasm-core (npm test runs it),
# the threaded wasm tier rebuilds std with atomics (-Z build-std, scripts/threads-tier.mjs), and
# cargo fuzz builds the validator with libFuzzer's instrumentation. The first two need the
# rust-src component; Miri also its own. One dated nightly (lib.sh's NIGHTLY_DATE), installed only
# when the machine's own `nightly` is not that build.
nightly=$(nightly_toolchain)
if ! rustc "+$nightly" --version >/dev/null 2>&1; then
  say "bootstrap: installing the pinned nightly toolchain $nightly (for Miri, fuzzing and the threaded wasm tier)"
  bounded 900 rustup toolchain install "$nightly" --profile minimal \
    || die "could not install the nightly toolchain: run 'rustup toolchain install $nightly --profile minimal'"
  mark "$nightly"
fi
nightly_components=$(rustup component list --toolchain "$nightly" --installed 2>/dev/null || true)
missing_components=()
grep -q '^rust-src' <<<"$nightly_components" || missing_components+=(rust-src)
cargo "+$nightly" miri --version >/dev/null 2>&1 || missing_components+=(miri)
if [[ ${#missing_components[@]} -gt 0 ]]; then
  say "bootstrap: adding ${missing_components[*]} to $nightly"
  bounded 900 rustup component add --toolchain "$nightly" "${missing_components[@]}" \
    || die "could not add ${missing_components[*]}: run 'rustup component add --toolchain $nightly ${missing_components[*]}'"
  mark "${missing_components[*]}"
fi

# try_apt_install PACKAGE: installs a Debian package where this user may (root with apt-get);
# fails quietly where it may not, or where the distribution has no such package.
try_apt_install() {
  local pkg=$1
  [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null || return 1
  say "bootstrap: installing $pkg from Debian"
  if [[ ! -f /tmp/.arc-str-apt-updated ]]; then
    bounded 600 apt-get update -qq >/dev/null && touch /tmp/.arc-str-apt-updated
  fi
  DEBIAN_FRONTEND=noninteractive bounded 1200 apt-get install -y -qq "$pkg" >/dev/null || return 1
  mark "$pkg"
}
apt_install() {
  local pkg=$1 why=$2
  try_apt_install "$pkg" || die "$why is missing: install the Debian package '$pkg' (sudo apt-get install $pkg), then rerun."
}

# The browser tests run in Chromium's headless shell where there is one (tests/e2e/harness.mjs):
# Debian packages it from the same source and version as chromium (the same Blink and V8) without
# the browser around them, and Playwright runs its own headless tests in such a build. A page in a
# fresh context costs it 0.3 CPU-seconds against chromium's 1.8, and the e2e suite took 322
# CPU-seconds instead of 588 on 2 cores. Where the distribution has no such package (Ubuntu), the
# tests run in chromium.
if $with_browser && [[ ! -x /usr/bin/chromium-headless-shell ]] && ! try_apt_install chromium-headless-shell; then
  [[ -x /usr/bin/chromium ]] || apt_install chromium "Chromium (for the browser tests)"
  say "bootstrap: no chromium-headless-shell here; the browser tests run in /usr/bin/chromium"
fi

# What is missing is installed as up to three jobs side by side: wasm-bindgen-cli, then cargo-fuzz,
# then actionlint; trunk; the npm packages. One after another on 2 cores, their downloads and each
# build's one-threaded last crate and link left a core idle for about a minute of the bootstrap's
# six (`vmstat`, bare run of ee9a636); side by side each fills the other's gaps. The first job's
# three builds come to a little less than trunk's alone (wasm-bindgen-cli 153 and cargo-fuzz 37
# CPU-seconds, then actionlint's Go build, against trunk's 308; 2026-11-29), so the two jobs end
# within a minute of each other (33 and 58 s in two bare runs), where trunk-then-cargo-fuzz ran on
# alone for 80 to 100 s after wasm-bindgen-cli. Each job writes its own log, shown only when it fails.
jobs_dir=$(mktemp -d)
job_names=()
# job NAME FAILURE_HINT COMMAND...: runs COMMAND in the background into NAME's log.
job() {
  local name=$1 hint=$2; shift 2
  job_names+=("$name")
  echo "$hint" >"$jobs_dir/$name.hint"
  ( t0=$SECONDS; "$@" >"$jobs_dir/$name.log" 2>&1; rc=$?; echo $((SECONDS - t0)) >"$jobs_dir/$name.secs"; exit $rc ) &
  echo $! >"$jobs_dir/$name.pid"
}
# Waits for every job and lists what each installed and how long it took; stops, naming each job that failed and its output.
wait_jobs() {
  local name failed=()
  for name in "${job_names[@]}"; do
    if wait "$(cat "$jobs_dir/$name.pid")"; then
      installed+=("$name ($(cat "$jobs_dir/$name.secs") s)")
    else
      say "bootstrap: $name failed; its output:"
      cat "$jobs_dir/$name.log" >&2
      failed+=("$(cat "$jobs_dir/$name.hint")")
    fi
  done
  rm -rf "$jobs_dir"
  if [[ ${#failed[@]} -gt 0 ]]; then die "$(IFS=';'; echo "${failed[*]}" | sed 's/;/; /g')"; fi
  step=$SECONDS
}
# queue NAME HINT FUNCTION: adds a step to the job that `chain` starts; chain: starts the queued
# steps as one job, one after the other, named "A then B" (a failed step stops it, and its failure
# message gives every step's hint).
steps=() step_names=() step_hints=()
queue() { step_names+=("$1"); step_hints+=("$2"); steps+=("$3"); }
run_steps() { local step; for step in "$@"; do "$step" || return 1; done; }
chain() {
  [[ ${#steps[@]} -gt 0 ]] || return 0
  job "$(IFS=,; echo "${step_names[*]}" | sed 's/,/ then /g')" "$(IFS=';'; echo "${step_hints[*]}" | sed 's/;/; /g')" run_steps "${steps[@]}"
  steps=() step_names=() step_hints=()
}

# The Rust tools are built from crates.io. They only drive rustc, wasm-bindgen and wasm-opt, so they are
# built for a short build rather than a fast binary: trunk's own release profile asks for fat LTO and
# one codegen unit, which on 2 cores spent minutes in one single-threaded link. trunk and cargo-fuzz are
# built unoptimised (trunk in 167 s instead of 279 s; its build of this site is as quick, 22 s, and
# byte for byte the same). wasm-bindgen-cli rewrites every wasm the build and the wasm32 tests make,
# so the crates that do that work (walrus, wasmparser, wasm-encoder, the CLI and its support crate)
# are built at opt-level 1 and the rest (its test runner's HTTP server, clap, serde) unoptimised:
# 153 instead of 243 CPU-seconds, for 0.1 to 0.5 s more per wasm it rewrites and the same output
# byte for byte (measured 2026-11-29). Nor do they need TLS or trunk's update check: this project
# never lets trunk download a tool (Trunk.toml pins them), and wasm-bindgen's test runner runs the
# tests in Node; without default features neither builds ring and rustls. cargo-fuzz builds in
# wasm-bindgen-cli's target folder after it, reusing the crates they share; both folders are
# deleted when the tools are in.
tools_target="$(repo_root)/target/tools"
# install_tool TARGET_DIR OPT_LEVEL SECONDS CARGO_INSTALL_ARGS...
install_tool() {
  local target_dir=$1 opt_level=$2 limit=$3; shift 3
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt_level CARGO_PROFILE_RELEASE_DEBUG=false \
    bounded "$limit" cargo install --quiet --force --target-dir "$target_dir" "$@"
}
install_wasm_bindgen() {
  local rewriters=() package
  for package in walrus wasmparser wasm-encoder wasm-bindgen-cli-support wasm-bindgen-shared wasm-bindgen-cli leb128 id-arena; do
    rewriters+=(--config "profile.release.package.$package.opt-level=1")
  done
  # Not --locked: the CLI's own lockfile names a crate version the registry mirror does not serve.
  install_tool "$tools_target-wasm-bindgen" 0 1800 "${rewriters[@]}" --no-default-features wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
}
install_cargo_fuzz() { install_tool "$tools_target-wasm-bindgen" 0 900 --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"; }
install_trunk() { install_tool "$tools_target" 0 1200 --locked --no-default-features trunk --version "$TRUNK_VERSION"; }
# actionlint checks the GitHub workflows (npm test). It is a Go program, built from its module at the
# pinned version (the Go module proxy is a package registry; no prebuilt binary is downloaded).
build_actionlint() { bounded 900 env GOBIN="$HOME/go/bin" go install "github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION"; }

if [[ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]]; then
  queue "wasm-bindgen-cli $WASM_BINDGEN_VERSION" "could not install wasm-bindgen-cli: run 'cargo install wasm-bindgen-cli --version $WASM_BINDGEN_VERSION'" install_wasm_bindgen
fi
if [[ "$(cargo fuzz --version 2>/dev/null || true)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
  queue "cargo-fuzz $CARGO_FUZZ_VERSION" "could not install cargo-fuzz: run 'cargo install --locked cargo-fuzz --version $CARGO_FUZZ_VERSION'" install_cargo_fuzz
fi
if [[ "$(actionlint --version 2>/dev/null | head -n1 || true)" != "v$ACTIONLINT_VERSION" ]]; then
  command -v go >/dev/null || apt_install golang-go "Go (to build actionlint, the workflow linter)"
  queue "actionlint $ACTIONLINT_VERSION" "could not build actionlint: run 'go install github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION'" build_actionlint
fi
chain
if [[ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]]; then
  queue "trunk $TRUNK_VERSION" "could not install trunk: run 'cargo install --locked trunk --version $TRUNK_VERSION'" install_trunk
fi
chain
if [[ ${#job_names[@]} -gt 0 ]]; then
  say "bootstrap: building ${#job_names[@]} job(s) side by side: $(IFS=,; echo "${job_names[*]}" | sed 's/,/; /g') (5 to 6 minutes on 2 cores from nothing)"
fi

# npm ci when node_modules is missing or older than the lockfile.
if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
  say "bootstrap: installing npm packages"
  job "npm packages" "npm ci failed: check your access to the npm registry" bounded 900 npm ci --no-audit --no-fund --loglevel=error
fi

wait_jobs
rm -rf "$tools_target" "$tools_target-wasm-bindgen"

wasm_opt_version=$(node_modules/.bin/wasm-opt --version 2>/dev/null | grep -oE '[0-9]+' | head -n1 || true)
[[ "$wasm_opt_version" == "$WASM_OPT_VERSION" ]] \
  || die "node_modules/.bin/wasm-opt is '${wasm_opt_version:-missing}', expected $WASM_OPT_VERSION: run 'npm ci'"

if [[ ${#installed[@]} -eq 0 ]]; then
  say "bootstrap: all tools present (trunk $TRUNK_VERSION, wasm-bindgen $WASM_BINDGEN_VERSION, wasm-opt $wasm_opt_version, actionlint $ACTIONLINT_VERSION)"
else
  say "bootstrap: installed $(IFS=,; echo "${installed[*]}" | sed 's/,/, /g')"
fi
