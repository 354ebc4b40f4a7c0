//! The wasm of a chapter that holds a threaded lab (chapter 4's contention lab, chapter 9's
//! cache-lines lab): the chapters' islands and the labs (`islands::Tier::ChaptersLab`), so the other
//! chapters' wasm does not carry the labs' code.

fn main() {
    console_error_panic_hook::set_once();
    site::islands::mount_chapters_lab();
}
