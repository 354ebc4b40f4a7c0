//! Live memory readers for the explainer's widgets: each takes a real value, copies the bytes it
//! occupies on this target, and decodes them into plain structs the site only has to format.
//!
//! Everything here reads memory the value owns or points at; nothing is written. The readers are
//! tested natively and on wasm32 against the public APIs (`size_of`, `len`, `strong_count`, ...), so a
//! compiler change that moves a field shows up as a failing test rather than a wrong picture.

pub mod arc;
pub mod probe;
pub mod shared;
pub mod sso;
pub mod wide;

use std::mem::size_of;

/// Bytes in a machine word (`usize`) on this target: 4 on wasm32, 8 on 64-bit targets.
pub const WORD: usize = size_of::<usize>();

/// Types whose values have every byte initialised: no padding, no enum or union holes. Only such
/// values may be copied out as plain bytes ([`bytes_of`]); reading a padding byte as `u8` is
/// undefined behaviour, and Miri (`cargo +nightly miri test -p wasm-core --lib`) checks that none of
/// the readers does.
///
/// # Safety
/// Implement only for a type of which every byte of every valid value is initialised. Pointer bytes
/// count as initialised: copying them as `u8` keeps the address and drops the provenance, which is
/// all a reader needs.
pub unsafe trait InitBytes {}

// SAFETY: integers are fully initialised by definition.
unsafe impl InitBytes for u8 {}
// SAFETY: as above.
unsafe impl InitBytes for u32 {}
// SAFETY: as above.
unsafe impl InitBytes for usize {}
// SAFETY: every bit pattern of a float is initialised.
unsafe impl InitBytes for f64 {}
// SAFETY: arrays have no padding between elements of a padding-free type.
unsafe impl<T: InitBytes, const N: usize> InitBytes for [T; N] {}
// SAFETY: a slice is its elements, with nothing between them.
unsafe impl<T: InitBytes> InitBytes for [T] {}
// SAFETY: `str` is `[u8]`.
unsafe impl InitBytes for str {}
// SAFETY: a reference is one word (thin) or two words (address + length or vtable), all initialised.
unsafe impl<T: ?Sized> InitBytes for &T {}
// SAFETY: `Arc<T>` is one non-null pointer (plus metadata for unsized `T`): no padding.
unsafe impl<T: ?Sized> InitBytes for std::sync::Arc<T> {}
// SAFETY: arcstr 1.2's `ArcStr` is `repr(transparent)` over one `NonNull` (the block's address).
unsafe impl InitBytes for arcstr::ArcStr {}
// SAFETY: triomphe 0.1's `Arc<T>` is a `NonNull<ArcInner<T>>` plus a zero-sized marker: one
// pointer, or two words for unsized `T`.
unsafe impl<T: ?Sized> InitBytes for triomphe::Arc<T> {}
// SAFETY: `String` is a `Vec<u8>`: pointer, capacity and length, three initialised words.
unsafe impl InitBytes for String {}
// SAFETY: compact_str 0.10's `Repr` is a pointer, a `usize` and integer fields filling the last word
// in all three representations (inline `[u8; 24]`-style buffer, heap ptr/len/cap, static ptr/len/
// discriminant bytes), so every byte is written whichever one is active.
unsafe impl InitBytes for compact_str::CompactString {}
// SAFETY: `InlineStr` writes all 24 bytes in both representations (see its module docs).
unsafe impl InitBytes for crate::inline_str::InlineStr {}

/// A copy of the bytes that `value` itself occupies (not what it points at). Bounded by
/// [`InitBytes`], so it can never read padding: a tuple with a padding gap does not compile.
///
/// ```compile_fail
/// wasm_core::inspect::bytes_of(&(1u8, 2u32)); // three padding bytes after the u8
/// ```
/// ```
/// assert_eq!(wasm_core::inspect::bytes_of(&[1u8, 2u8]), [1, 2]);
/// ```
pub fn bytes_of<T: InitBytes + ?Sized>(value: &T) -> Vec<u8> {
    let len = std::mem::size_of_val(value);
    // SAFETY: `value` is a live reference, so its `size_of_val` bytes are readable for the duration
    // of this call, and `T: InitBytes` promises that every one of them is initialised.
    unsafe { std::slice::from_raw_parts(value as *const T as *const u8, len).to_vec() }
}

/// Copies `len` bytes starting `back` bytes before `data`, a pointer into a live heap block (the
/// readers step back from the text pointer a type hands out to the header in front of it).
///
/// # Safety
/// `data - back .. data - back + len` must lie inside one live allocation that `data` was derived
/// from (with that allocation's provenance), and every byte in it must be initialised.
pub(crate) unsafe fn block_bytes(data: *const u8, back: usize, len: usize) -> Vec<u8> {
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(data.sub(back), len).to_vec() }
}

/// The `index`-th word in `bytes`, read in this target's byte order (little-endian on wasm32).
pub fn word_at(bytes: &[u8], index: usize) -> usize {
    let mut word = [0u8; WORD];
    word.copy_from_slice(&bytes[index * WORD..(index + 1) * WORD]);
    usize::from_ne_bytes(word)
}

/// `bytes` as two-digit lower-case hex, e.g. `"0a"`, one entry per byte.
pub fn hex(bytes: &[u8]) -> Vec<String> {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An address as `0x` and eight (wasm32) or sixteen (64-bit) hex digits.
pub fn format_addr(addr: usize) -> String {
    format!("0x{addr:0width$x}", width = 2 * WORD)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn words_round_trip() {
        let pair: [usize; 2] = [0x1234, 7];
        let bytes = bytes_of(&pair);
        assert_eq!(bytes.len(), 2 * WORD);
        assert_eq!(word_at(&bytes, 0), 0x1234);
        assert_eq!(word_at(&bytes, 1), 7);
        assert_eq!(hex(&[0, 255, 16]), ["00", "ff", "10"]);
        assert_eq!(format_addr(0x10).len(), 2 + 2 * WORD);
    }

    /// `InlineStr`'s tag byte holds the length or the heap marker, and every byte is readable.
    #[test]
    fn inline_str_tag_byte_holds_length_or_heap_marker() {
        use crate::inline_str::InlineStr;
        let bytes = |s: &InlineStr| bytes_of(s);
        assert_eq!(bytes(&InlineStr::new("abc"))[InlineStr::TAG_INDEX], 3);
        assert_eq!(&bytes(&InlineStr::new("abc"))[..3], b"abc");
        let heap = InlineStr::new(&"x".repeat(40));
        let heap_bytes = bytes(&heap);
        assert_eq!(heap_bytes[InlineStr::TAG_INDEX], InlineStr::HEAP_TAG);
        assert_eq!(word_at(&heap_bytes, 0), heap.as_str().as_ptr() as usize);
        assert_eq!(word_at(&heap_bytes, 1), 40);
        assert!(heap_bytes[2 * WORD..InlineStr::TAG_INDEX].iter().all(|&b| b == 0));
    }
}
