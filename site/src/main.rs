//! Entry point of the wasm binary: install the panic hook and mount the live parts of the
//! pre-rendered page. Nothing else lives here.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_all();
}
