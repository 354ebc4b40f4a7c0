//! The chapters' wasm: the lite islands plus the chapters' benchmarks, recorded results and size
//! table (`live::Tier::Chapters`), without the `/bench`, `/choose` and `/results` pages. Chapters
//! that need more than the lite wasm load it instead of the full `site` wasm (`scripts/postbuild.mjs`
//! builds it and picks per page).

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_chapters();
}
