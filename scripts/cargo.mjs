// Where and how the build scripts run cargo: the target folder, what site/index.html tells trunk
// (profile, wasm-opt level and options), the site crate's page wasm binaries and their one-run
// build. Shared by prebuild.mjs, postbuild.mjs, threads-tier.mjs, the benchmarks and the tests, so
// that none of them imports another's whole build step to learn where cargo puts a file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where cargo builds: `CARGO_TARGET_DIR`, else the workspace's `target/`. */
export const cargoTargetDir = () => process.env.CARGO_TARGET_DIR ?? path.join(root, "target");

/** What `site/index.html` tells trunk about the site's wasm: the cargo profile and wasm-opt's
 *  level and options (the smaller tiers are built with the same). */
export function trunkRustOptions() {
  const indexHtml = fs.readFileSync(path.join(root, "site", "index.html"), "utf8");
  return {
    optParams: (indexHtml.match(/data-wasm-opt-params="([^"]*)"/) ?? [, ""])[1].split(/\s+/).filter(Boolean),
    optLevel: (indexHtml.match(/data-wasm-opt="([^"]*)"/) ?? [, "z"])[1],
    profile: (indexHtml.match(/data-cargo-profile="([^"]*)"/) ?? [, "release"])[1],
  };
}

/** Builds the page wasm binaries `bins` of the site crate in one cargo run, as trunk builds its own
 *  (the same profile and target, so they share every compiled crate with trunk's). */
export function buildPageWasm(bins, profile = trunkRustOptions().profile) {
  execFileSync("cargo", ["build", "--quiet", "--locked", "--profile", profile, "--target", "wasm32-unknown-unknown", "-p", "site", ...bins.flatMap((bin) => ["--bin", bin])],
    { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

/** Every page wasm the site crate has: its binaries named `site` and `site-…` (`prerender` is the
 *  native pre-renderer), read from site/Cargo.toml. */
export function pageWasmBins() {
  const manifest = fs.readFileSync(path.join(root, "site", "Cargo.toml"), "utf8");
  return [...manifest.matchAll(/\[\[bin\]\]\s*\nname = "([^"]+)"/g)].map((m) => m[1]).filter((name) => /^site(-|$)/.test(name));
}
