//! Entry point of trunk's wasm binary, which carries every island (each page loads a smaller tier;
//! see `live::Tier`): install the panic hook and mount the live parts of the pre-rendered page.
//! Nothing else lives here.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_all();
}
