//! `/bench`'s wasm: every island, the contention lab included (`islands::Tier::FullLab`); trunk's
//! full build leaves the lab out, so `/choose` and `/results` do not carry it.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_bench();
}
