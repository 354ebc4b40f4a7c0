//! The browser primitives the live parts share, kept below every feature: the clock and the
//! calibrate-then-repeat loop ([`timing`]), saving a file ([`download`]), the heap's counting
//! allocator ([`HEAP`]), and the build's first frame of a box, which an island keeps on screen until
//! its own data has arrived.

pub mod download;
pub mod timing;

/// Every heap request goes through this wrapper, so the chooser can count what a string type
/// allocates. Outside a measurement it adds one relaxed flag load per allocation.
#[global_allocator]
pub static HEAP: wasm_core::heap::CountingAlloc<std::alloc::System> = wasm_core::heap::CountingAlloc::new(std::alloc::System);

/// The first frame the build drew into the box `box_selector` (`[data-live=NAME]`), while it is still
/// there: the island keeps it on screen until its own data has arrived (see `mount_with`).
pub fn first_frame(box_selector: &str) -> Option<web_sys::Element> {
    let document = web_sys::window()?.document()?;
    document.query_selector(&format!("{box_selector} > [data-first-frame]")).ok().flatten()
}

/// Removes the box's first frame, once the island has replaced it.
pub fn remove_first_frame(box_selector: &str) {
    if let Some(old) = first_frame(box_selector) {
        old.remove();
    }
}

/// Removes one part of the box's first frame (its element marked `data-first-frame-part=PART`),
/// for an island whose parts go live one at a time; the rest of the frame stays.
pub fn remove_first_frame_part(box_selector: &str, part: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(Some(old)) = document.query_selector(&format!("{box_selector} > [data-first-frame] [data-first-frame-part={part}]")) {
        old.remove();
    }
}
