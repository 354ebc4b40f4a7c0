//! The threaded labs' wasm (`live::Tier::Lab`): chapter 4's and `/bench`'s contention lab and
//! chapter 9's cache-lines lab, alone. A page that holds one loads it beside its own wasm when the
//! reader comes near the lab (`scripts/postbuild.mjs`, `withLabLoader`), so the page's other live
//! parts never wait for the lab's code.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_lab();
}
