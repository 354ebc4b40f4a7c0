//! Entry point of the wasm binary: install the panic hook and mount the app. Nothing else lives here.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(site::App);
}
