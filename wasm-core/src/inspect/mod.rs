//! Live memory readers for the explainer's widgets: each takes a real value, copies the bytes it
//! occupies on this target, and decodes them into plain structs the site only has to format.
//!
//! Everything here reads memory the value owns or points at; nothing is written. The readers are
//! tested natively and on wasm32 against the public APIs (`size_of`, `len`, `strong_count`, ...), so a
//! compiler change that moves a field shows up as a failing test rather than a wrong picture.

pub mod arc;
pub mod sso;
pub mod wide;

use std::mem::size_of;

/// Bytes in a machine word (`usize`) on this target: 4 on wasm32, 8 on 64-bit targets.
pub const WORD: usize = size_of::<usize>();

/// A copy of the bytes that `value` itself occupies (not what it points at).
pub fn bytes_of<T: ?Sized>(value: &T) -> Vec<u8> {
    let len = std::mem::size_of_val(value);
    // SAFETY: `value` is a live reference, so its `size_of_val` bytes are readable for the duration
    // of this call. Callers only pass types without padding bytes (pointers, counters, the string
    // types inspected here, whose bytes are all initialised), so every byte read is initialised.
    unsafe { std::slice::from_raw_parts(value as *const T as *const u8, len).to_vec() }
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
}
