//! What each candidate costs in memory on one target: the handle's size, whether a text is kept
//! inline, the heap requests a value makes and the blocks its allocator serves them from. The
//! chooser charges memory on the target that measured the clone costs it shows (the chosen results
//! file's), so that one answer never mixes a 64-bit machine's clones with wasm32's bytes.
//!
//! The requests follow each crate's own layout (std's `ArcInner`, compact_str's minimum heap
//! capacity, arcstr's two-word header, and so on). They are not trusted on that say-so:
//! `tests/heap_model.rs` builds every candidate for many lengths under a counting allocator and
//! requires these functions to give exactly the requests it saw, on x86_64 and on wasm32.

use super::Candidate;
use crate::results::ResultsFile;

/// The allocator a results file ran under, as far as it decides how many bytes a request takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allocator {
    /// jemalloc on a 64-bit target: [`crate::heap::jemalloc_class`].
    Jemalloc,
    /// glibc's malloc on a 64-bit target: [`glibc_chunk`].
    Glibc,
    /// dlmalloc, Rust's allocator on wasm32: [`crate::heap::dlmalloc_block`].
    Dlmalloc,
    /// One the site has no size classes for (another system's malloc): requests are counted as
    /// asked, and the page says so.
    Unrounded,
}

impl Allocator {
    /// The bytes the allocator sets aside for a request of `request` bytes.
    pub fn block_bytes(self, request: usize) -> usize {
        match self {
            Allocator::Jemalloc => crate::heap::jemalloc_class(request),
            Allocator::Glibc => glibc_chunk(request),
            Allocator::Dlmalloc => crate::heap::dlmalloc_block(request),
            Allocator::Unrounded => request,
        }
    }

    /// How the page names the rounding.
    pub fn rounding(self) -> &'static str {
        match self {
            Allocator::Jemalloc => "rounded to jemalloc's size classes",
            Allocator::Glibc => "rounded to glibc malloc's chunks",
            Allocator::Dlmalloc => "rounded to dlmalloc's blocks",
            Allocator::Unrounded => "as requested (the site has no size classes for this file's allocator)",
        }
    }
}

/// The chunk glibc's malloc carves for a request on a 64-bit target: the request and an 8-byte
/// size field, rounded up to 16, at least 32, below its mmap threshold (128 KiB unless tuned). Zero
/// bytes: nothing (Rust never asks for them).
pub fn glibc_chunk(request: usize) -> usize {
    if request == 0 {
        return 0;
    }
    (request + 8).div_ceil(16).max(2) * 16
}

/// Where a results file's memory figures are computed: its pointer width and its allocator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The architecture the file records (`x86_64`, `wasm32`, `aarch64`, ...).
    pub arch: String,
    /// Bytes in a pointer: half of `&str`'s recorded size.
    pub word_bytes: usize,
    pub allocator: Allocator,
}

impl Target {
    /// The target `file` was measured on, from what it records: its layouts' `&str` (two words),
    /// its architecture, and its allocator's name (with the target triple for a system allocator).
    pub fn of(file: &ResultsFile) -> Target {
        let word_bytes = file.layouts.types.iter().find(|t| t.type_name == "&str").map_or(8, |t| (t.size_bytes / 2) as usize).clamp(2, 16);
        let name = file.allocator.name.to_ascii_lowercase();
        let allocator = if name.starts_with("dlmalloc") && word_bytes == 4 {
            Allocator::Dlmalloc
        } else if name.starts_with("jemalloc") && word_bytes == 8 {
            Allocator::Jemalloc
        } else if name == "system" && word_bytes == 8 && file.toolchain.target_triple.as_deref().is_some_and(|t| t.ends_with("linux-gnu")) {
            Allocator::Glibc
        } else {
            Allocator::Unrounded
        };
        Target { arch: file.machine.arch.clone(), word_bytes, allocator }
    }

    /// The target this code runs on, with `allocator`.
    pub fn here(allocator: Allocator) -> Target {
        Target { arch: std::env::consts::ARCH.to_owned(), word_bytes: std::mem::size_of::<usize>(), allocator }
    }

    /// "x86_64 (64-bit)", as the page names it.
    pub fn name(&self) -> String {
        format!("{} ({}-bit)", self.arch, self.word_bytes * 8)
    }
}

impl Candidate {
    /// `size_of` the handle on a target with `word`-byte pointers (equal to [`Candidate::size`]
    /// on the target this runs on: a test checks it on x86_64 and wasm32).
    pub fn size_on(self, word: usize) -> usize {
        match self {
            Candidate::String | Candidate::CompactString | Candidate::HipStr | Candidate::CowStatic => 3 * word,
            Candidate::BoxStr
            | Candidate::ArcStr
            | Candidate::RcStr
            | Candidate::TriompheArcStr
            | Candidate::ArcStrBorrow
            | Candidate::StaticStr => 2 * word,
            // 23 bytes and a length byte on every target.
            Candidate::SmolStr | Candidate::InlineStr => 24,
            Candidate::Arcstr | Candidate::ArcString | Candidate::Ustr => word,
            Candidate::Bytes => 4 * word,
            Candidate::Lasso => 4,
        }
    }

    /// `size_of::<Option<T>>()` on a target with `word`-byte pointers: every candidate has a niche
    /// (a non-null pointer, a tag byte with spare values, a non-zero key), so `None` costs nothing.
    pub fn option_size_on(self, word: usize) -> usize {
        self.size_on(word)
    }

    /// Whether a value holding `text` keeps it inside its handle on a target with `word`-byte
    /// pointers.
    pub fn inline_on(self, text: &str, word: usize) -> bool {
        self.inline_case(word).is_some_and(|(_, capacity)| text.len() <= capacity)
    }

    /// The heap requests (in bytes, in order) that [`Candidate::build`] makes for `text` on a
    /// target with `word`-byte pointers. Interned candidates: none (their interner's memory is
    /// [`Candidate::interner_bytes_on`]).
    pub fn heap_requests(self, text: &str, word: usize) -> Vec<usize> {
        let len = text.len();
        // A block of a header of `header` bytes and the text, padded to the word (std's and
        // triomphe's `ArcInner`: the counters' alignment).
        let counted = |header: usize| vec![(header + len).div_ceil(word) * word];
        // One block of exactly the text; none for an empty one.
        let text_block = || if len == 0 { vec![] } else { vec![len] };
        if self.inline_on(text, word) {
            return vec![];
        }
        match self {
            Candidate::String | Candidate::BoxStr | Candidate::InlineStr | Candidate::StaticStr | Candidate::CowStatic => text_block(),
            // Strong and weak counts, then the text.
            Candidate::ArcStr | Candidate::RcStr | Candidate::ArcStrBorrow => counted(2 * word),
            // Runs of newlines then spaces are slices of a static string; the rest, an `Arc<str>`.
            Candidate::SmolStr if smol_str_static(text) => vec![],
            Candidate::SmolStr => counted(2 * word),
            // compact_str allocates at least its inline size plus a word; on 32-bit targets a
            // capacity past 2^24 - 2 does not fit the handle and is stored in front of the text.
            Candidate::CompactString => {
                let capacity = len.max(3 * word + word);
                if word == 4 && capacity > (1 << 24) - 2 {
                    vec![capacity + word]
                } else {
                    vec![capacity]
                }
            }
            // The empty ArcStr is a static; otherwise a length-and-flag word, the count, the text,
            // with no padding.
            Candidate::Arcstr if len == 0 => vec![],
            Candidate::Arcstr => vec![2 * word + len],
            // One count, then the text.
            Candidate::TriompheArcStr => counted(word),
            // The String's text, then the `ArcInner<String>`: two counts and three words.
            Candidate::ArcString => [text_block(), vec![5 * word]].concat(),
            // The text in a `Vec`, then a counted block holding that `Vec` (a count and three words).
            Candidate::HipStr => vec![len, 4 * word],
            // The text, then (at the first clone) the shared block of buffer, capacity and count;
            // the empty `Bytes` is a static.
            Candidate::Bytes if len == 0 => vec![],
            Candidate::Bytes => vec![len, 3 * word],
            Candidate::Ustr | Candidate::Lasso => vec![],
        }
    }
}

/// Whether smol_str keeps `text` as a slice of its static whitespace (up to 32 newlines followed by
/// up to 128 spaces; smol_str 0.3, `Repr::new_on_stack`) rather than inline or on the heap.
pub fn smol_str_static(text: &str) -> bool {
    let bytes = text.as_bytes();
    let newlines = bytes.iter().take(32).take_while(|&&b| b == b'\n').count();
    bytes.len() > 23 && bytes.len() - newlines <= 128 && bytes[newlines..].iter().all(|&b| b == b' ')
}

/// What one candidate costs in memory for a reader's strings on one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Footprint {
    pub candidate: Candidate,
    /// How many of the strings it keeps inline.
    pub inline: usize,
    /// How many strings.
    pub count: usize,
    /// The handle's size on the target.
    pub handle_bytes: usize,
    /// Handle plus heap blocks (or a share of the interner), averaged over the strings.
    pub bytes_per_string: f64,
    /// Heap blocks per string, averaged.
    pub blocks_per_string: f64,
}

impl Footprint {
    /// Bytes one string costs with `copies` of it alive ([`Candidate::memory_per_string`]).
    pub fn memory_per_string(&self, copies: u32) -> f64 {
        self.candidate.memory_per_string(self.handle_bytes, self.bytes_per_string, copies)
    }
}

/// `candidate`'s [`Footprint`] for `strings` on `target`, from the layouts above.
pub fn footprint(candidate: Candidate, strings: &[&str], target: &Target) -> Footprint {
    let word = target.word_bytes;
    let handle_bytes = candidate.size_on(word);
    let n = strings.len().max(1) as f64;
    if candidate.is_interned() {
        let interner = candidate.interner_bytes_on(strings, word).unwrap_or(0);
        let bytes = strings.len() * handle_bytes + interner;
        return Footprint {
            candidate,
            inline: 0,
            count: strings.len(),
            handle_bytes,
            bytes_per_string: bytes as f64 / n,
            blocks_per_string: 0.0,
        };
    }
    let (mut inline, mut bytes, mut blocks) = (0, 0, 0);
    for s in strings {
        inline += usize::from(candidate.inline_on(s, word));
        let requests = candidate.heap_requests(s, word);
        bytes += handle_bytes + requests.iter().map(|&r| target.allocator.block_bytes(r)).sum::<usize>();
        blocks += requests.len();
    }
    Footprint {
        candidate,
        inline,
        count: strings.len(),
        handle_bytes,
        bytes_per_string: bytes as f64 / n,
        blocks_per_string: blocks as f64 / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn sizes_on_this_target_are_the_real_ones() {
        let word = std::mem::size_of::<usize>();
        for c in Candidate::ALL {
            assert_eq!(c.size_on(word), c.size(), "{}", c.name());
            assert_eq!(c.option_size_on(word), c.option_size(), "Option<{}>", c.name());
        }
    }

    #[test]
    fn twenty_byte_ids_are_inline_in_a_compact_string_on_64_bit_and_on_the_heap_on_wasm32() {
        let id = "0123456789abcdefghij";
        assert!(Candidate::CompactString.inline_on(id, 8) && !Candidate::CompactString.inline_on(id, 4));
        assert!(Candidate::SmolStr.inline_on(id, 8) && Candidate::SmolStr.inline_on(id, 4));
        let x86 = Target { arch: "x86_64".into(), word_bytes: 8, allocator: Allocator::Jemalloc };
        let wasm = Target { arch: "wasm32".into(), word_bytes: 4, allocator: Allocator::Dlmalloc };
        // On x86_64 both hold it in their 24 bytes; on wasm32 CompactString allocates 20 bytes
        // (a 24-byte dlmalloc block) behind its 12-byte handle.
        assert_eq!(footprint(Candidate::CompactString, &[id], &x86).bytes_per_string, 24.0);
        assert_eq!(footprint(Candidate::SmolStr, &[id], &x86).bytes_per_string, 24.0);
        assert_eq!(footprint(Candidate::CompactString, &[id], &wasm).bytes_per_string, 12.0 + 24.0);
        assert_eq!(footprint(Candidate::SmolStr, &[id], &wasm).bytes_per_string, 24.0);
        // Arc<str> of 100 bytes: 16 + 100 padded to 120, jemalloc's 128 class; glibc's 128 chunk.
        let long = "y".repeat(100);
        assert_eq!(footprint(Candidate::ArcStr, &[&long], &x86).bytes_per_string, 16.0 + 128.0);
        let glibc = Target { allocator: Allocator::Glibc, ..x86 };
        assert_eq!(footprint(Candidate::ArcStr, &[&long], &glibc).bytes_per_string, 16.0 + 128.0);
    }

    #[test]
    fn glibc_chunks() {
        assert_eq!([1, 24, 25, 40, 41, 100].map(glibc_chunk), [32, 32, 48, 48, 64, 112]);
    }

    #[test]
    fn smol_str_keeps_whitespace_runs_static() {
        assert!(smol_str_static(&format!("{}{}", "\n".repeat(3), " ".repeat(30))));
        assert!(!smol_str_static("  "), "short text is inline");
        assert!(!smol_str_static(&" ".repeat(129)));
        assert!(!smol_str_static(&format!("{} x", " ".repeat(30))));
    }
}
