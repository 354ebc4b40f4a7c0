//! Small strings (chapter 5): for `String`, `SmolStr`, `CompactString` and our `InlineStr`, whether a
//! given text lands inside the value's own bytes or on the heap, the value's bytes, and the byte that
//! decides between the two.
//!
//! "Inline" is decided here by looking, not by asking: the text is inline when the address `as_str()`
//! returns lies inside the value's own bytes. Each crate's own answer (`is_heap_allocated`,
//! `is_inline`) is kept beside it, and the tests check that both agree.
//!
//! Bytes are read only where they are initialised. `String`, `CompactString` and `InlineStr` write
//! every byte ([`InitBytes`]); `SmolStr` is an enum whose heap and static variants leave padding, so
//! its bytes come from [`smol_bytes`], which reads only the fields its layout says are there and
//! reports the rest as `None` ("padding, not read").

use super::{bytes_of, InitBytes, WORD};
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
    /// The value's own bytes (`size_of` of them); `None` for a padding byte, which is never read.
    pub bytes: Vec<Option<u8>>,
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

fn init_bytes<T: InitBytes>(value: &T) -> Vec<Option<u8>> {
    bytes_of(value).into_iter().map(Some).collect()
}

/// smol_str 0.3's private `Repr`, declared again so that the compiler tells us where its fields sit.
/// Two identical declarations get the same layout from one compiler (field order and niche choice
/// are deterministic); the tests check the mirror against real `SmolStr` values (size, tag byte,
/// and the heap variant's pointer and length words).
mod smol_mirror {
    use std::sync::Arc;

    #[allow(dead_code)]
    #[derive(Clone, Copy)]
    #[repr(u8)]
    #[rustfmt::skip]
    enum InlineSize {
        V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15, V16, V17, V18, V19, V20,
        V21, V22, V23,
    }

    #[allow(dead_code)]
    enum Repr {
        Inline { len: InlineSize, buf: [u8; 23] },
        Static(&'static str),
        Heap(Arc<str>),
    }

    /// Where the fields sit inside a `SmolStr`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Layout {
        /// Size of the whole enum.
        pub size: usize,
        /// The inline length byte, which also holds the other variants' tag (a niche).
        pub tag: usize,
        /// Start of the heap variant's `Arc<str>` (two words).
        pub heap: usize,
        /// Start of the static variant's `&'static str` (two words).
        pub stat: usize,
    }

    fn offset<F>(whole: &Repr, field: &F) -> usize {
        field as *const F as usize - whole as *const Repr as usize
    }

    /// Finds each field's offset from the address of a reference to it: no byte is read. Computed
    /// once (it builds an `Arc`), then shared by every read.
    pub fn layout() -> Layout {
        static LAYOUT: std::sync::OnceLock<Layout> = std::sync::OnceLock::new();
        *LAYOUT.get_or_init(measure)
    }

    fn measure() -> Layout {
        let inline = Repr::Inline { len: InlineSize::V0, buf: [0; 23] };
        let heap = Repr::Heap(Arc::from(""));
        let stat = Repr::Static("");
        let (Repr::Inline { len, .. }, Repr::Heap(arc), Repr::Static(text)) = (&inline, &heap, &stat) else {
            unreachable!("each value was built as that variant")
        };
        Layout { size: std::mem::size_of::<Repr>(), tag: offset(&inline, len), heap: offset(&heap, arc), stat: offset(&stat, text) }
    }
}

pub use smol_mirror::{layout as smol_layout, Layout as SmolLayout};

/// A `SmolStr`'s bytes, `None` where its active variant has padding. Inline values use all of them
/// (a length byte and 23 text bytes); heap and static values use the tag byte and two words.
pub fn smol_bytes(value: &SmolStr) -> Vec<Option<u8>> {
    let layout = smol_layout();
    assert_eq!(layout.size, size_of::<SmolStr>(), "smol_str's Repr changed; update the mirror");
    let base = value as *const SmolStr as *const u8;
    let text_addr = value.as_str().as_ptr() as usize;
    let inline = !value.is_heap_allocated() && (base as usize..base as usize + size_of::<SmolStr>()).contains(&text_addr);
    let words = if value.is_heap_allocated() {
        Some(layout.heap)
    } else if inline {
        None
    } else {
        Some(layout.stat)
    };
    (0..size_of::<SmolStr>())
        .map(|i| {
            let initialised = match words {
                None => true,
                Some(start) => i == layout.tag || (start..start + 2 * WORD).contains(&i),
            };
            // SAFETY: `i < size_of::<SmolStr>()`, so the address is inside the live value, and the
            // byte is read only when the active variant's layout initialises it.
            initialised.then(|| unsafe { base.add(i).read() })
        })
        .collect()
}

fn look<T>(kind: SsoType, value: &T, bytes: Vec<Option<u8>>, text: &str, api_says_inline: bool) -> SsoValue {
    let value_addr = value as *const T as usize;
    let text_addr = text.as_ptr() as usize;
    let inside = text_addr >= value_addr && text_addr + text.len() <= value_addr + bytes.len();
    let text_offset = inside.then(|| text_addr - value_addr);
    let marker = marker_index(kind).and_then(|i| Some((i, decode_marker(kind, bytes[i]?))));
    SsoValue { kind, bytes, value_addr, text_addr, text_len: text.len(), inline: inside, api_says_inline, text_offset, marker }
}

/// Builds a `kind` value holding `text` and reads it.
pub fn inspect(kind: SsoType, text: &str) -> SsoValue {
    match kind {
        SsoType::String => {
            let v = String::from(text);
            look(kind, &v, init_bytes(&v), v.as_str(), false)
        }
        SsoType::SmolStr => {
            let v = SmolStr::new(text);
            look(kind, &v, smol_bytes(&v), v.as_str(), !v.is_heap_allocated())
        }
        SsoType::CompactString => {
            let v = CompactString::new(text);
            look(kind, &v, init_bytes(&v), v.as_str(), !v.is_heap_allocated())
        }
        SsoType::InlineStr => {
            let v = InlineStr::new(text);
            look(kind, &v, init_bytes(&v), v.as_str(), v.is_inline())
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
            // Found once per program (23 values), not on every keystroke of the inspector.
            static TAG: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
            *TAG.get_or_init(|| {
                // Inline values initialise every byte, so all of these are read.
                let samples: Vec<(usize, Vec<Option<u8>>)> =
                    (1..=SmolStr::INLINE_CAP).map(|n| (n, smol_bytes(&SmolStr::new("a".repeat(n))))).collect();
                (0..size_of::<SmolStr>()).find(|&i| samples.iter().all(|(n, b)| b[i] == Some(*n as u8)))
            })
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

    const SAMPLES: [&str; 6] =
        ["", "ok", "twenty-three bytes long", "exactly twenty-four byte", "héllo 🦀", "a long text that certainly does not fit inline"];

    #[test]
    fn measured_inline_agrees_with_each_types_api() {
        for kind in SsoType::ALL {
            for text in SAMPLES {
                let v = inspect(kind, text);
                assert_eq!(v.bytes.len(), kind.size(), "{kind:?}");
                assert_eq!(v.text_len, text.len());
                assert_eq!(v.inline, v.api_says_inline, "{kind:?} {text:?}");
                if let Some(off) = v.text_offset {
                    let inline_text: Vec<u8> = v.bytes[off..off + text.len()].iter().map(|b| b.unwrap()).collect();
                    assert_eq!(inline_text, text.as_bytes());
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
        // Chapter 5 states these two byte facts for x86_64.
        assert_eq!(marker_index(SsoType::SmolStr), Some(0), "SmolStr's tag is its first byte");
        let heap = inspect(SsoType::CompactString, &"x".repeat(40));
        assert_eq!(heap.bytes[size_of::<CompactString>() - 1], Some(0xD8), "CompactString's heap marker");
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

    fn word(bytes: &[Option<u8>], start: usize) -> usize {
        let plain: Vec<u8> = bytes[start..start + WORD].iter().map(|b| b.expect("an initialised word")).collect();
        super::super::word_at(&plain, 0)
    }

    #[test]
    fn smol_mirror_matches_real_values() {
        let layout = smol_layout();
        assert_eq!(layout.size, size_of::<SmolStr>());
        assert_eq!(marker_index(SsoType::SmolStr), Some(layout.tag), "the tag byte found by looking");
        // Heap: the Arc<str> handle is (block address, length); the text sits two words into the block.
        let long = "a text that certainly does not fit inline";
        let heap = SmolStr::new(long);
        assert!(heap.is_heap_allocated());
        let bytes = smol_bytes(&heap);
        assert_eq!(word(&bytes, layout.heap), heap.as_str().as_ptr() as usize - 2 * WORD);
        assert_eq!(word(&bytes, layout.heap + WORD), long.len());
        assert_eq!(bytes.iter().filter(|b| b.is_none()).count(), size_of::<SmolStr>() - 1 - 2 * WORD);
        // Static: the &'static str is (text address, length).
        let stat = SmolStr::new_static("a static text, longer than twenty-three bytes");
        let bytes = smol_bytes(&stat);
        assert_eq!(word(&bytes, layout.stat), stat.as_str().as_ptr() as usize);
        assert_eq!(word(&bytes, layout.stat + WORD), stat.len());
        // Inline: every byte is data.
        assert!(smol_bytes(&SmolStr::new("ok")).iter().all(Option::is_some));
    }

    /// Chapter 5's niche claims: every one of these `Option`s costs no extra byte, on every target.
    #[test]
    fn niches_keep_options_the_same_size() {
        use std::sync::Arc;
        assert_eq!(size_of::<Option<String>>(), size_of::<String>());
        assert_eq!(size_of::<Option<Box<str>>>(), 2 * WORD);
        assert_eq!(size_of::<Option<Arc<str>>>(), 2 * WORD);
        assert_eq!(size_of::<Option<SmolStr>>(), size_of::<SmolStr>());
        assert_eq!(size_of::<Option<CompactString>>(), size_of::<CompactString>());
        assert_eq!(size_of::<Option<InlineStr>>(), 24);
        assert_eq!(size_of::<(u8, u32)>(), 8, "1 byte of data, 3 of padding, 4 of data");
    }
}
