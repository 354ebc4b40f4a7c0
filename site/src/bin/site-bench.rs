//! `/bench`'s wasm: the page chrome, the bench page and the contention lab (`live::Tier::Bench`),
//! without the chapters', `/results`'s and `/choose`'s islands.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_bench();
}
