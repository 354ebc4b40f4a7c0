//! `/results`'s wasm: the lite islands plus the ranking and the explorer (`live::Tier::Results`),
//! without the benchmark kernels and the chapters' islands, so the page that charts every machine
//! loads the least code that can (`scripts/postbuild.mjs` builds it and picks it per page).

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_results();
}
