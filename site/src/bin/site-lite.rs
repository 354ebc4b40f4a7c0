//! The small wasm: the page chrome and the memory inspectors only (`live::Tier::Lite`). Pages
//! whose live parts are all lite load it instead of a larger wasm (`scripts/postbuild.mjs` builds it
//! and picks per page).

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_lite();
}
