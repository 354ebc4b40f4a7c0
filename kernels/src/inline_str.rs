//! `InlineStr`: this project's own small-string type. Exactly 24 bytes on every target (wasm32 and
//! 64-bit alike), and `Option<InlineStr>` is 24 bytes too; text of up to
//! [`InlineStr::INLINE_CAPACITY`] (23) bytes is stored inside those 24 bytes, longer text in a heap
//! `Box<str>`.
//!
//! Layout (`repr(C)`, so the positions below are guaranteed, unlike `String`'s field order):
//! - inline: bytes `0..23` hold the text (zero-filled after it), byte 23 ([`InlineStr::TAG_INDEX`])
//!   holds the length, `0..=23`;
//! - heap: bytes `0..2 * WORD` hold the `Box<str>`'s pointer and length (unaligned, native byte
//!   order), the rest of `0..23` is zero, and byte 23 holds [`InlineStr::HEAP_TAG`] (255).
//!
//! The tag byte is a `repr(u8)` enum with 25 valid values, so the other 231 are a niche the compiler
//! uses for `Option`'s `None`. That is why the payload is a byte array (alignment 1) rather than a
//! union with a pointer in it: unions have no niches, and a pointer would round the size up to 32.
//! Every one of the 24 bytes is initialised in every value (wasm-core's `inspect::InitBytes` relies
//! on it to show them).
//!
//! Immutable by design (like `SmolStr`): building one is the only write, so the tag never changes.

use std::fmt;
use std::mem::{size_of, MaybeUninit};
use std::ops::Deref;

const SIZE: usize = 24;
const CAP: usize = SIZE - 1;
const HEAP_TAG: u8 = u8::MAX;
const WORD: usize = size_of::<usize>();

/// The last byte: an inline length `0..=23`, or `Heap`. Its 25 values leave a niche.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(dead_code)] // the lengths are made by `inline_len`'s transmute, never by name
enum Tag {
    L0, L1, L2, L3, L4, L5, L6, L7, L8, L9, L10, L11, L12, L13, L14, L15, L16, L17, L18, L19, L20,
    L21, L22, L23,
    Heap = HEAP_TAG,
}

impl Tag {
    fn inline_len(len: usize) -> Tag {
        assert!(len <= CAP);
        // SAFETY: `Tag` is repr(u8) and `L0..=L23` are exactly the discriminants 0..=23.
        unsafe { std::mem::transmute::<u8, Tag>(len as u8) }
    }
}

/// A string that keeps up to 23 bytes inline and is 24 bytes on every target.
#[repr(C)]
pub struct InlineStr {
    /// Inline: the text, then zeros. Heap: pointer and length, then zeros. `MaybeUninit<u8>` rather
    /// than `u8` so the heap pointer's bytes keep their provenance while stored here.
    payload: [MaybeUninit<u8>; CAP],
    tag: Tag,
}

// The size promises, checked at compile time on every target this crate builds for.
const _: () = assert!(size_of::<InlineStr>() == SIZE);
const _: () = assert!(size_of::<Option<InlineStr>>() == SIZE);
const _: () = assert!(2 * WORD <= CAP);

// SAFETY: an `InlineStr` owns its heap text exactly like a `Box<str>` (which is Send + Sync) and
// never mutates it after construction.
unsafe impl Send for InlineStr {}
// SAFETY: see `Send` above; shared access only ever reads.
unsafe impl Sync for InlineStr {}

impl InlineStr {
    /// Longest text, in bytes, stored without a heap allocation (on every target).
    pub const INLINE_CAPACITY: usize = CAP;
    /// Index of the byte that tells inline from heap: the inline length, or [`Self::HEAP_TAG`].
    pub const TAG_INDEX: usize = CAP;
    /// The tag value meaning "the first two words are a heap pointer and a length".
    pub const HEAP_TAG: u8 = HEAP_TAG;

    /// Copies `text` inline when it fits, else into one heap allocation of exactly `text.len()` bytes.
    pub fn new(text: &str) -> Self {
        let mut payload = [MaybeUninit::new(0u8); CAP];
        if text.len() <= CAP {
            for (slot, byte) in payload.iter_mut().zip(text.bytes()) {
                *slot = MaybeUninit::new(byte);
            }
            InlineStr { payload, tag: Tag::inline_len(text.len()) }
        } else {
            let boxed: Box<str> = text.into();
            let len = boxed.len();
            let ptr = Box::into_raw(boxed) as *mut u8;
            let base = payload.as_mut_ptr() as *mut u8;
            // SAFETY: `payload` is 23 bytes and 2 * WORD <= 23 (checked above), so both unaligned
            // writes stay inside it. Writing the pointer as a pointer keeps its provenance in memory.
            unsafe {
                base.cast::<*mut u8>().write_unaligned(ptr);
                base.add(WORD).cast::<usize>().write_unaligned(len);
            }
            InlineStr { payload, tag: Tag::Heap }
        }
    }

    /// True when the text lives inside this value's own 24 bytes.
    pub fn is_inline(&self) -> bool {
        self.tag != Tag::Heap
    }

    /// The heap pointer and length; only meaningful when the tag says heap.
    fn heap_parts(&self) -> (*mut u8, usize) {
        debug_assert!(!self.is_inline());
        let base = self.payload.as_ptr() as *const u8;
        // SAFETY: the tag is `Heap`, so `new` wrote a pointer at offset 0 and a length at WORD;
        // both reads are in bounds and unaligned-safe.
        unsafe { (base.cast::<*mut u8>().read_unaligned(), base.add(WORD).cast::<usize>().read_unaligned()) }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        if self.is_inline() {
            let len = self.tag as usize;
            // SAFETY: inline, so `len <= CAP` and the first `len` payload bytes were initialised
            // from a `&str` (valid UTF-8); `MaybeUninit<u8>` has `u8`'s layout.
            unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(self.payload.as_ptr() as *const u8, len)) }
        } else {
            let (ptr, len) = self.heap_parts();
            // SAFETY: heap: `ptr`/`len` come from `Box::into_raw` of a `Box<str>` that this value
            // still owns (freed only in `Drop`).
            unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(ptr, len)) }
        }
    }

    /// Length of the text in bytes.
    pub fn len(&self) -> usize {
        self.as_str().len()
    }

    /// True for the empty string.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Drop for InlineStr {
    fn drop(&mut self) {
        if !self.is_inline() {
            let (ptr, len) = self.heap_parts();
            // SAFETY: heap variant: `ptr`/`len` are the raw parts of a `Box<str>` we own; rebuilding
            // it once here frees it exactly once.
            unsafe { drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len) as *mut str)) }
        }
    }
}

impl From<&str> for InlineStr {
    fn from(text: &str) -> Self {
        InlineStr::new(text)
    }
}

impl Default for InlineStr {
    fn default() -> Self {
        InlineStr::new("")
    }
}

impl Deref for InlineStr {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Clone for InlineStr {
    fn clone(&self) -> Self {
        if self.is_inline() {
            // Inline values are plain bytes: copying them is a complete clone.
            InlineStr { payload: self.payload, tag: self.tag }
        } else {
            InlineStr::new(self.as_str())
        }
    }
}

impl PartialEq for InlineStr {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for InlineStr {}

impl PartialEq<str> for InlineStr {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl fmt::Display for InlineStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for InlineStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn is_24_bytes_with_23_inline() {
        assert_eq!(size_of::<InlineStr>(), 24);
        assert_eq!(size_of::<Option<InlineStr>>(), 24, "the tag byte's niche holds None");
        assert_eq!(InlineStr::INLINE_CAPACITY, 23);
    }

    #[test]
    fn inline_up_to_capacity_then_heap() {
        let fits = "a".repeat(InlineStr::INLINE_CAPACITY);
        let spills = "a".repeat(InlineStr::INLINE_CAPACITY + 1);
        assert!(InlineStr::new("").is_inline());
        assert!(InlineStr::new(&fits).is_inline());
        assert!(!InlineStr::new(&spills).is_inline());
        assert_eq!(InlineStr::new(&fits).as_str(), fits);
        assert_eq!(InlineStr::new(&spills).as_str(), spills);
    }

    #[test]
    fn limit_counts_bytes_not_chars() {
        let crabs = "🦀".repeat(6); // 24 bytes, 6 chars
        assert!(!InlineStr::new(&crabs).is_inline());
        assert!(InlineStr::new(&"é".repeat(11)).is_inline()); // 22 bytes
    }

    #[test]
    fn clone_eq_display_debug() {
        for text in ["short", "a string that is clearly longer than twenty-three bytes"] {
            let s = InlineStr::from(text);
            let c = s.clone();
            assert_eq!(s, c);
            assert_eq!(c.is_inline(), s.is_inline());
            assert_eq!(format!("{s}"), text);
            assert_eq!(format!("{s:?}"), format!("{text:?}"));
            assert_eq!(&*s, text);
            assert_eq!(s.len(), text.len());
        }
        assert_ne!(InlineStr::from("a"), InlineStr::from("b"));
    }
}
