//! Small strings (chapter 5): for `String`, `SmolStr`, `CompactString` and our `InlineStr`, whether a
//! given text lands inside the value's own bytes or on the heap, the value's bytes, and the byte that
//! decides between the two.
//!
//! "Inline" is decided here by looking, not by asking: the text is inline when the address `as_str()`
//! returns lies inside the value's own bytes. Each crate's own answer (`is_heap_allocated`,
//! `is_inline`) is kept beside it, and the tests check that both agree.

use super::WORD;
use crate::inline_str::InlineStr;
use compact_str::CompactString;
use smol_str::SmolStr;
use std::mem::size_of;

/// The string types the SSO inspector compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SsoType {
    String,
    SmolStr,
    CompactString,
    InlineStr,
}

impl SsoType {
    /// All four, in the order the chapter discusses them.
    pub const ALL: [SsoType; 4] = [SsoType::String, SsoType::SmolStr, SsoType::CompactString, SsoType::InlineStr];

    /// The type as written in Rust.
    pub fn name(self) -> &'static str {
        match self {
            SsoType::String => "String",
            SsoType::SmolStr => "SmolStr",
            SsoType::CompactString => "CompactString",
            SsoType::InlineStr => "InlineStr",
        }
    }

    /// `size_of` on this target.
    pub fn size(self) -> usize {
        match self {
            SsoType::String => size_of::<String>(),
            SsoType::SmolStr => size_of::<SmolStr>(),
            SsoType::CompactString => size_of::<CompactString>(),
            SsoType::InlineStr => size_of::<InlineStr>(),
        }
    }

    /// Inline capacity on x86_64, from the crates' documented facts (`None`: never inline).
    /// smol_str 0.3: 23; compact_str 0.10: 24 (`size_of::<String>()`); ours: 23 on every target.
    pub fn x86_64_inline_capacity(self) -> Option<usize> {
        match self {
            SsoType::String => None,
            SsoType::SmolStr => Some(23),
            SsoType::CompactString => Some(24),
            SsoType::InlineStr => Some(InlineStr::INLINE_CAPACITY),
        }
    }
}

/// What the deciding byte says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// Inline text of this many bytes.
    InlineLength(usize),
    /// `CompactString` only: the value is completely full of text, and this byte is its last one.
    InlineFull,
    /// Not inline: a heap (or static) representation.
    NotInline,
}

/// One value of one type holding the reader's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SsoValue {
    pub kind: SsoType,
    /// The value's own bytes (`size_of` of them).
    pub bytes: Vec<u8>,
    /// Where the value sits and where its text starts.
    pub value_addr: usize,
    pub text_addr: usize,
    pub text_len: usize,
    /// Measured: the text lies inside the value's own bytes.
    pub inline: bool,
    /// The type's own answer (`!is_heap_allocated()`, `is_inline()`; `String`: `false`).
    pub api_says_inline: bool,
    /// Where the text starts inside `bytes`, when inline.
    pub text_offset: Option<usize>,
    /// Index of the byte that tells inline from heap, and what it says (`String`: none).
    pub marker: Option<(usize, Marker)>,
}

/// Copies the bytes of `value`, including any padding.
fn raw_bytes<T>(value: &T) -> Vec<u8> {
    let base = value as *const T as *const u8;
    (0..size_of::<T>())
        // SAFETY: `value` is live and `i < size_of::<T>()`, so each address is inside it. An enum
        // variant smaller than the enum (SmolStr's heap `Arc`) leaves padding bytes whose values are
        // unspecified; they are copied as they happen to be, with volatile reads so the compiler
        // makes no assumption about them, and the site labels them as meaningless.
        .map(|i| unsafe { std::ptr::read_volatile(base.add(i)) })
        .collect()
}

fn look<T>(kind: SsoType, value: &T, text: &str, api_says_inline: bool) -> SsoValue {
    let bytes = raw_bytes(value);
    let value_addr = value as *const T as usize;
    let text_addr = text.as_ptr() as usize;
    let inside = text_addr >= value_addr && text_addr + text.len() <= value_addr + bytes.len();
    let text_offset = inside.then(|| text_addr - value_addr);
    let marker = marker_index(kind).map(|i| (i, decode_marker(kind, bytes[i])));
    SsoValue { kind, bytes, value_addr, text_addr, text_len: text.len(), inline: inside, api_says_inline, text_offset, marker }
}

/// Builds a `kind` value holding `text` and reads it.
pub fn inspect(kind: SsoType, text: &str) -> SsoValue {
    match kind {
        SsoType::String => {
            let v = String::from(text);
            look(kind, &v, v.as_str(), false)
        }
        SsoType::SmolStr => {
            let v = SmolStr::new(text);
            look(kind, &v, v.as_str(), !v.is_heap_allocated())
        }
        SsoType::CompactString => {
            let v = CompactString::new(text);
            look(kind, &v, v.as_str(), !v.is_heap_allocated())
        }
        SsoType::InlineStr => {
            let v = InlineStr::new(text);
            look(kind, &v, v.as_str(), v.is_inline())
        }
    }
}

/// The longest ASCII text that stays inline on this target, found by trying lengths 0, 1, 2, ...;
/// `None` when even the empty string is not inline (`String`).
pub fn measure_inline_capacity(kind: SsoType) -> Option<usize> {
    let mut longest = None;
    for n in 0..=4 * WORD + 64 {
        if inspect(kind, &"a".repeat(n)).inline {
            longest = Some(n);
        } else if longest.is_some() {
            break;
        }
    }
    longest
}

/// Index of the deciding byte. `SmolStr` hides it in a private enum, so it is found by looking for
/// the byte that equals the length for every inline length; `CompactString` documents its last byte;
/// ours is [`InlineStr::TAG_INDEX`].
pub fn marker_index(kind: SsoType) -> Option<usize> {
    match kind {
        SsoType::String => None,
        SsoType::CompactString => Some(size_of::<CompactString>() - 1),
        SsoType::InlineStr => Some(InlineStr::TAG_INDEX),
        SsoType::SmolStr => {
            let samples: Vec<(usize, Vec<u8>)> =
                (1..=SmolStr::INLINE_CAP).map(|n| (n, raw_bytes(&SmolStr::new("a".repeat(n))))).collect();
            (0..size_of::<SmolStr>()).find(|&i| samples.iter().all(|(n, b)| b[i] as usize == *n))
        }
    }
}

/// Reads the deciding byte the way each type does.
pub fn decode_marker(kind: SsoType, byte: u8) -> Marker {
    let b = byte as usize;
    match kind {
        SsoType::String => Marker::NotInline,
        SsoType::SmolStr if b <= SmolStr::INLINE_CAP => Marker::InlineLength(b),
        SsoType::InlineStr if byte != InlineStr::HEAP_TAG => Marker::InlineLength(b),
        SsoType::SmolStr | SsoType::InlineStr => Marker::NotInline,
        // compact_str: a last byte below 0xC0 is text (UTF-8 never ends higher); 0xC0 + n is a length.
        SsoType::CompactString if b < 0xC0 => Marker::InlineFull,
        SsoType::CompactString if b - 0xC0 < size_of::<CompactString>() => Marker::InlineLength(b - 0xC0),
        SsoType::CompactString => Marker::NotInline,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    const SAMPLES: [&str; 6] = ["", "ok", "twenty-three bytes long", "exactly twenty-four byte", "héllo 🦀", "a long text that certainly does not fit inline"];

    #[test]
    fn measured_inline_agrees_with_each_types_api() {
        for kind in SsoType::ALL {
            for text in SAMPLES {
                let v = inspect(kind, text);
                assert_eq!(v.bytes.len(), kind.size(), "{kind:?}");
                assert_eq!(v.text_len, text.len());
                assert_eq!(v.inline, v.api_says_inline, "{kind:?} {text:?}");
                if let Some(off) = v.text_offset {
                    assert_eq!(&v.bytes[off..off + text.len()], text.as_bytes());
                }
                if let Some((_, marker)) = v.marker {
                    assert_eq!(marker == Marker::NotInline, !v.inline, "{kind:?} {text:?} {marker:?}");
                }
            }
        }
    }

    #[test]
    fn string_is_never_inline() {
        assert_eq!(measure_inline_capacity(SsoType::String), None);
        assert!(!inspect(SsoType::String, "ok").inline);
        assert_eq!(SsoType::String.size(), 3 * WORD);
    }

    #[test]
    fn capacities_on_this_target() {
        assert_eq!(measure_inline_capacity(SsoType::InlineStr), Some(InlineStr::INLINE_CAPACITY));
        assert_eq!(measure_inline_capacity(SsoType::SmolStr), Some(SmolStr::INLINE_CAP));
        // CompactString uses every byte of a String-sized value.
        assert_eq!(measure_inline_capacity(SsoType::CompactString), Some(size_of::<String>()));
        assert_eq!(SsoType::InlineStr.size(), 24);
    }

    #[cfg(target_pointer_width = "64")]
    #[test]
    fn x86_64_facts_match_a_64_bit_run() {
        for kind in SsoType::ALL {
            assert_eq!(measure_inline_capacity(kind), kind.x86_64_inline_capacity(), "{kind:?}");
            assert_eq!(kind.size(), 24);
        }
    }

    #[test]
    fn marker_bytes_say_inline_length_or_heap() {
        let smol = inspect(SsoType::SmolStr, "abc").marker.unwrap();
        assert_eq!(smol.1, Marker::InlineLength(3));
        assert_eq!(inspect(SsoType::CompactString, "abc").marker.unwrap(), (size_of::<CompactString>() - 1, Marker::InlineLength(3)));
        let full = "x".repeat(size_of::<CompactString>());
        assert_eq!(inspect(SsoType::CompactString, &full).marker.unwrap().1, Marker::InlineFull);
        assert_eq!(inspect(SsoType::InlineStr, "abc").marker.unwrap(), (InlineStr::TAG_INDEX, Marker::InlineLength(3)));
        let long = "y".repeat(40);
        for kind in [SsoType::SmolStr, SsoType::CompactString, SsoType::InlineStr] {
            assert_eq!(inspect(kind, &long).marker.unwrap().1, Marker::NotInline, "{kind:?}");
        }
    }
}
