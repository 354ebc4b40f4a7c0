//! The small wasm: the same islands code, linked with only the page chrome and the memory inspectors
//! (`Island::is_lite`). Pages whose live parts are all lite load it instead of the full `site` wasm
//! (`scripts/postbuild.mjs` builds it and picks per page).

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_lite();
}
