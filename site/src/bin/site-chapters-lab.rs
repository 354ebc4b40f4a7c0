//! The wasm of a chapter that holds the contention lab (chapter 4): the chapters' islands and the
//! lab (`islands::Tier::ChaptersLab`), so the other chapters' wasm does not carry the lab's code.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_chapters_lab();
}
