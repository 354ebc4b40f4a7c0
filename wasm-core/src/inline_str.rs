//! `InlineStr`: this project's own small-string type. Exactly 24 bytes on every target (wasm32 and
//! 64-bit alike); text of up to [`InlineStr::INLINE_CAPACITY`] (23) bytes is stored inside those 24
//! bytes, longer text in a heap `Box<str>`.
//!
//! Layout (both `repr(C)`, so the positions below are guaranteed, unlike `String`'s field order):
//! - inline: bytes `0..23` hold the text (zero-padded), byte 23 ([`InlineStr::TAG_INDEX`]) holds the
//!   length, `0..=23`;
//! - heap: the first two words hold the `Box<str>`'s pointer and length, byte 23 holds
//!   [`InlineStr::HEAP_TAG`] (255), a value no inline length can take.
//!
//! Immutable by design (like `SmolStr`): building one is the only write, so the tag never changes.

use std::fmt;
use std::mem::size_of;
use std::ops::Deref;

const SIZE: usize = 24;
const CAP: usize = SIZE - 1;
const HEAP_TAG: u8 = u8::MAX;

#[derive(Clone, Copy)]
#[repr(C)]
struct Inline {
    bytes: [u8; CAP],
    len: u8,
}

#[derive(Clone, Copy)]
#[repr(C)]
struct Heap {
    ptr: *mut u8,
    len: usize,
    _pad: [u8; CAP - 2 * size_of::<usize>()],
    tag: u8,
}

#[repr(C)]
union Repr {
    inline: Inline,
    heap: Heap,
}

/// A string that keeps up to 23 bytes inline and is 24 bytes on every target.
pub struct InlineStr {
    repr: Repr,
}

// The size promise, checked at compile time on every target this crate builds for.
const _: () = assert!(size_of::<InlineStr>() == SIZE);

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
        if text.len() <= CAP {
            let mut bytes = [0u8; CAP];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            InlineStr { repr: Repr { inline: Inline { bytes, len: text.len() as u8 } } }
        } else {
            let boxed: Box<str> = text.into();
            let len = boxed.len();
            let ptr = Box::into_raw(boxed) as *mut u8;
            InlineStr { repr: Repr { heap: Heap { ptr, len, _pad: [0; CAP - 2 * size_of::<usize>()], tag: HEAP_TAG } } }
        }
    }

    fn tag(&self) -> u8 {
        // SAFETY: both variants are repr(C) and 24 bytes with the tag byte at index 23, and every
        // constructor initialises it, so reading it through either view is defined.
        unsafe { self.repr.inline.len }
    }

    /// True when the text lives inside this value's own 24 bytes.
    pub fn is_inline(&self) -> bool {
        self.tag() != HEAP_TAG
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        if self.is_inline() {
            // SAFETY: the tag says inline, so `inline` is the active view and `len <= CAP`; the
            // first `len` bytes were copied from a `&str`, hence valid UTF-8.
            unsafe {
                let inline = &self.repr.inline;
                std::str::from_utf8_unchecked(&inline.bytes[..inline.len as usize])
            }
        } else {
            // SAFETY: the tag says heap, so `ptr`/`len` come from `Box::into_raw` of a `Box<str>`
            // that this value still owns (freed only in `Drop`).
            unsafe {
                let heap = self.repr.heap;
                std::str::from_utf8_unchecked(std::slice::from_raw_parts(heap.ptr, heap.len))
            }
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
            // SAFETY: heap variant: `ptr`/`len` are the raw parts of a `Box<str>` we own; rebuilding
            // it once here frees it exactly once.
            unsafe {
                let heap = self.repr.heap;
                drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(heap.ptr, heap.len) as *mut str));
            }
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
            // SAFETY: the inline view is active and plain bytes: copying it is a complete clone.
            InlineStr { repr: Repr { inline: unsafe { self.repr.inline } } }
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

    #[test]
    fn tag_byte_holds_length_or_heap_marker() {
        let bytes = |s: &InlineStr| {
            // SAFETY: reading the 24 initialised bytes of a live value.
            unsafe { std::slice::from_raw_parts(s as *const InlineStr as *const u8, 24).to_vec() }
        };
        assert_eq!(bytes(&InlineStr::new("abc"))[InlineStr::TAG_INDEX], 3);
        assert_eq!(&bytes(&InlineStr::new("abc"))[..3], b"abc");
        assert_eq!(bytes(&InlineStr::new(&"x".repeat(40)))[InlineStr::TAG_INDEX], InlineStr::HEAP_TAG);
    }
}
