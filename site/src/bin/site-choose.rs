//! `/choose`'s wasm: the page chrome and the chooser (`live::Tier::Choose`), without the other
//! pages' islands.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_choose();
}
