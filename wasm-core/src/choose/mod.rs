//! The chooser ("Which string type should I use?"): the candidates, what each costs on a reader's
//! strings (`CostRow`), and the rules of thumb. The pick itself is the cost model's ([`model`]):
//! memory with the copies the reader keeps, and clone CPU at their rate on the chosen machine. The
//! rules (`RULES`, by the strings' lengths and how they are shared) summarise what the model picks
//! in the common cases; `/choose` shows the rule beside the pick and says where the numbers part
//! from it, and chapter 10 ("What to do instead") states the model and the rules in prose (a test
//! checks it names every rule's headline). What the reader's program needs beyond lengths and
//! sharing (`Send`, a text that changes, a fixed set, one value or many) lives in [`constraints`];
//! the final pick under them in [`pick`].

pub mod constraints;
pub mod memory;
pub mod model;
pub mod pick;

use crate::kernels::CloneMode;
use serde::{Deserialize, Serialize};

/// How the strings are shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sharing {
    /// Owned and cloned on one thread only.
    OneThread,
    /// Created once, then read by many threads; clones are rare.
    ReadByMany,
    /// Cloned again and again on many threads at once.
    ClonedByMany,
}

impl Sharing {
    pub const ALL: [Sharing; 3] = [Sharing::OneThread, Sharing::ReadByMany, Sharing::ClonedByMany];

    /// Stable id (`one_thread`, ...), used in the page's form and URL.
    pub fn id(self) -> &'static str {
        match self {
            Sharing::OneThread => "one_thread",
            Sharing::ReadByMany => "read_by_many",
            Sharing::ClonedByMany => "cloned_by_many",
        }
    }

    /// Looks a sharing pattern up by its id.
    pub fn parse(text: &str) -> Option<Sharing> {
        Self::ALL.into_iter().find(|s| s.id() == text)
    }

    /// The choice as the page words it.
    pub fn label(self) -> &'static str {
        match self {
            Sharing::OneThread => "one thread",
            Sharing::ReadByMany => "read by many threads",
            Sharing::ClonedByMany => "cloned by many threads",
        }
    }
}

/// Longest text every 24-byte inline type here keeps inline on 64-bit targets (SmolStr, HipStr and
/// our InlineStr hold 23 bytes; CompactString 24).
pub const SHORT_BYTES: usize = 23;
/// "Mostly short": at least this share of the strings fit [`SHORT_BYTES`].
pub const MOSTLY_SHORT: f64 = 0.75;

/// One of the chooser's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The rule in a few words; chapter 10 uses the same words.
    pub headline: &'static str,
    /// The type or strategy it picks.
    pub pick: Candidate,
    /// Why, in one sentence.
    pub because: &'static str,
}

/// Every rule, in the order they are tried.
pub const RULES: [Rule; 5] = [
    Rule {
        headline: "One thread, mostly short strings: store them inline",
        pick: Candidate::CompactString,
        because: "short text lives inside the 24-byte handle: no allocation to create or clone it, and push_str still works; CompactString keeps all 24 bytes inline (HipStr, SmolStr and InlineStr 23), and the inline types' clones and reads are so close that the table shows which costs least on the chosen machine",
    },
    Rule {
        headline: "One thread, longer strings: share one allocation with Rc<str>",
        pick: Candidate::RcStr,
        because: "a clone is a plain, non-atomic increment of one counter: no atomic instruction, no allocation and no copy of the text",
    },
    Rule {
        headline: "Read by many threads, several owners: one counted block with a one-word handle",
        pick: Candidate::Arcstr,
        because: "every owner shares one allocation and reads never touch the counter; arcstr::ArcStr keeps the length in the block, so each owner holds one word where Arc<str> holds two, and when clones are rare, its dearer clone does not count. With one owner lending &str, nothing is shared and Box<str> is smaller",
    },
    Rule {
        headline: "Cloned by many threads, mostly short: an inline type with no shared counter",
        pick: Candidate::CompactString,
        because: "an inline clone copies the handle and writes no shared memory, so it stays flat as threads are added; a CompactString longer than its inline bytes is cloned as a String is (an allocation and a copy), while HipStr and SmolStr share one counted block instead",
    },
    Rule {
        headline: "Cloned by many threads, longer strings: stop cloning the shared value",
        pick: Candidate::ArcStrBorrow,
        because: "every clone of one Arc, on any thread, writes the same cache line; one clone per thread and &str borrows after that touch it once. If the set of strings is fixed, leak or intern them once and copy the &'static str, Ustr or key (their rows in the table)",
    },
];

/// What the reader's strings look like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    pub count: usize,
    /// How many are at most [`SHORT_BYTES`] long.
    pub short: usize,
    pub longest: usize,
}

impl Profile {
    /// The profile of these byte lengths.
    pub fn of(lengths: &[usize]) -> Profile {
        Profile {
            count: lengths.len(),
            short: lengths.iter().filter(|&&l| l <= SHORT_BYTES).count(),
            longest: lengths.iter().copied().max().unwrap_or(0),
        }
    }

    /// At least [`MOSTLY_SHORT`] of the strings fit inline (an empty sample counts as short).
    pub fn mostly_short(&self) -> bool {
        self.count == 0 || self.short as f64 >= MOSTLY_SHORT * self.count as f64
    }
}

/// The rule that applies to `profile` under `sharing`.
pub fn recommend(profile: &Profile, sharing: Sharing) -> &'static Rule {
    let index = match (sharing, profile.mostly_short()) {
        (Sharing::OneThread, true) => 0,
        (Sharing::OneThread, false) => 1,
        (Sharing::ReadByMany, _) => 2,
        (Sharing::ClonedByMany, true) => 3,
        (Sharing::ClonedByMany, false) => 4,
    };
    &RULES[index]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn each_sharing_and_length_mix_has_its_rule() {
        let short = Profile::of(&[3, 8, 12, 23]);
        let long = Profile::of(&[64, 200, 5, 80]);
        assert!(short.mostly_short() && !long.mostly_short());
        assert_eq!(recommend(&short, Sharing::OneThread).pick, Candidate::CompactString);
        assert_eq!(recommend(&long, Sharing::OneThread).pick, Candidate::RcStr);
        assert_eq!(recommend(&short, Sharing::ReadByMany).pick, Candidate::Arcstr);
        assert_eq!(recommend(&long, Sharing::ReadByMany).pick, Candidate::Arcstr);
        assert_eq!(recommend(&short, Sharing::ClonedByMany).pick, Candidate::CompactString);
        assert!(recommend(&long, Sharing::ClonedByMany).pick.name().contains("one clone per thread"));
        // Three of four short is still "mostly short"; two of four is not.
        assert!(Profile::of(&[1, 2, 3, 100]).mostly_short());
        assert!(!Profile::of(&[1, 2, 100, 100]).mostly_short());
        for s in Sharing::ALL {
            assert_eq!(Sharing::parse(s.id()), Some(s));
        }
    }
}

/// The string types the chooser compares. Every figure about them on the page is computed live
/// from real values (sizes, inline or not, heap requests) or read from results files (clones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Candidate {
    String,
    BoxStr,
    ArcStr,
    RcStr,
    SmolStr,
    CompactString,
    InlineStr,
    Arcstr,
    TriompheArcStr,
    ArcString,
    HipStr,
    /// `bytes::Bytes`: bytes, not `str` (reading the text back needs `str::from_utf8`), in a shared
    /// counted block; the buffer async networking code already passes around.
    Bytes,
    /// A strategy: one `Arc<str>` clone per thread (or task), then `&str` borrows of it.
    ArcStrBorrow,
    /// A strategy: each string leaked once (`Box::leak`), then `&'static str` copies.
    StaticStr,
    /// `Cow<'static, str>` borrowing a text leaked once: `&'static str`'s block in a three-word
    /// handle that could also own a `String`.
    CowStatic,
    /// `ustr::Ustr`: one pointer into ustr's global cache, which keeps each distinct text once and
    /// never frees it.
    Ustr,
    /// `lasso::Spur`: a 4-byte key into an interner (a `Rodeo`, frozen into a `RodeoResolver` once
    /// the set is built), resolved to its text on every use.
    Lasso,
}

/// One value of a [`Candidate`], kept alive while it is measured.
#[allow(dead_code)] // held only so that its heap blocks exist until dropped
pub enum Built {
    String(String),
    BoxStr(Box<str>),
    ArcStr(std::sync::Arc<str>),
    RcStr(std::rc::Rc<str>),
    SmolStr(smol_str::SmolStr),
    CompactString(compact_str::CompactString),
    InlineStr(crate::inline_str::InlineStr),
    Arcstr(arcstr::ArcStr),
    TriompheArcStr(triomphe::Arc<str>),
    ArcString(std::sync::Arc<String>),
    HipStr(hipstr::HipStr<'static>),
    Bytes(bytes::Bytes),
    Ustr(ustr::Ustr),
    Lasso(lasso::Spur),
}

impl Candidate {
    pub const ALL: [Candidate; 17] = [
        Candidate::String,
        Candidate::BoxStr,
        Candidate::ArcStr,
        Candidate::RcStr,
        Candidate::SmolStr,
        Candidate::CompactString,
        Candidate::InlineStr,
        Candidate::Arcstr,
        Candidate::TriompheArcStr,
        Candidate::ArcString,
        Candidate::HipStr,
        Candidate::Bytes,
        Candidate::ArcStrBorrow,
        Candidate::StaticStr,
        Candidate::CowStatic,
        Candidate::Ustr,
        Candidate::Lasso,
    ];

    /// The type as written in Rust; the same text as the clone suite's `variant` where it has one.
    pub fn name(self) -> &'static str {
        match self {
            Candidate::String => "String",
            Candidate::BoxStr => "Box<str>",
            Candidate::ArcStr => "Arc<str>",
            Candidate::RcStr => "Rc<str>",
            Candidate::SmolStr => "SmolStr",
            Candidate::CompactString => "CompactString",
            Candidate::InlineStr => "InlineStr",
            Candidate::Arcstr => "arcstr::ArcStr",
            Candidate::TriompheArcStr => "triomphe::Arc<str>",
            Candidate::ArcString => "Arc<String>",
            Candidate::HipStr => "HipStr",
            Candidate::Bytes => "bytes::Bytes",
            Candidate::ArcStrBorrow => "Arc<str>, one clone per thread, then &str",
            Candidate::StaticStr => "&'static str, leaked once",
            Candidate::CowStatic => "Cow<'static, str>",
            Candidate::Ustr => "ustr::Ustr",
            Candidate::Lasso => "lasso::Spur (RodeoResolver)",
        }
    }

    /// Whether this row is a way of using a type (a strategy) rather than a type of its own.
    pub fn is_strategy(self) -> bool {
        matches!(self, Candidate::ArcStrBorrow | Candidate::StaticStr)
    }

    /// The clone suite's id for this type, when the suite measures it.
    pub fn clone_id(self) -> Option<&'static str> {
        Some(match self {
            Candidate::String => "string",
            Candidate::BoxStr => "box_str",
            Candidate::ArcStr => "arc_str",
            Candidate::RcStr => "rc_str",
            Candidate::Arcstr => "arcstr",
            Candidate::TriompheArcStr => "triomphe_arc_str",
            Candidate::ArcString => "arc_string",
            Candidate::HipStr => "hipstr",
            Candidate::SmolStr => "smol_str",
            Candidate::CompactString => "compact_string",
            Candidate::InlineStr => "inline_str",
            Candidate::Bytes => "bytes",
            Candidate::ArcStrBorrow => "arc_str_borrow",
            Candidate::StaticStr => "static_str",
            Candidate::CowStatic => "cow_static",
            Candidate::Ustr => "ustr",
            Candidate::Lasso => "lasso_resolver",
        })
    }

    /// For a type that keeps short text inline: the clone suite's id of its inline case, and how
    /// many bytes it keeps inline on a target whose word is `word_bytes` wide (the results file
    /// records the word as half of `&str`'s size). `None` for the other types.
    pub fn inline_case(self, word_bytes: usize) -> Option<(&'static str, usize)> {
        Some(match self {
            // Three words less HipStr's tag byte: 23 on 64-bit targets, 11 on wasm32.
            Candidate::HipStr => ("hipstr_inline", 3 * word_bytes - 1),
            // As many bytes as the handle is wide: 24, or 12 on wasm32.
            Candidate::CompactString => ("compact_string_inline", 3 * word_bytes),
            // 24 bytes on every target, one of them the length.
            Candidate::SmolStr => ("smol_str_inline", 23),
            Candidate::InlineStr => ("inline_str_inline", crate::inline_str::InlineStr::INLINE_CAPACITY),
            _ => return None,
        })
    }

    /// Where the type is documented.
    pub fn docs_url(self) -> &'static str {
        match self {
            Candidate::String => "https://doc.rust-lang.org/std/string/struct.String.html",
            Candidate::BoxStr => "https://doc.rust-lang.org/std/boxed/struct.Box.html",
            Candidate::ArcStr | Candidate::ArcString => "https://doc.rust-lang.org/std/sync/struct.Arc.html",
            Candidate::RcStr => "https://doc.rust-lang.org/std/rc/struct.Rc.html",
            Candidate::SmolStr => "https://docs.rs/smol_str",
            Candidate::CompactString => "https://docs.rs/compact_str",
            Candidate::InlineStr => "/chapters/small-strings#inline-str",
            Candidate::Arcstr => "https://docs.rs/arcstr",
            Candidate::TriompheArcStr => "https://docs.rs/triomphe",
            Candidate::HipStr => "https://docs.rs/hipstr",
            Candidate::Bytes => "https://docs.rs/bytes",
            Candidate::ArcStrBorrow | Candidate::StaticStr => "/chapters/what-instead#candidates",
            Candidate::CowStatic => "https://doc.rust-lang.org/std/borrow/enum.Cow.html",
            Candidate::Ustr => "https://docs.rs/ustr",
            Candidate::Lasso => "https://docs.rs/lasso",
        }
    }

    /// `size_of::<T>()` on this target.
    pub fn size(self) -> usize {
        use std::mem::size_of;
        match self {
            Candidate::String => size_of::<String>(),
            Candidate::BoxStr => size_of::<Box<str>>(),
            Candidate::ArcStr => size_of::<std::sync::Arc<str>>(),
            Candidate::RcStr => size_of::<std::rc::Rc<str>>(),
            Candidate::SmolStr => size_of::<smol_str::SmolStr>(),
            Candidate::CompactString => size_of::<compact_str::CompactString>(),
            Candidate::InlineStr => size_of::<crate::inline_str::InlineStr>(),
            Candidate::Arcstr => size_of::<arcstr::ArcStr>(),
            Candidate::TriompheArcStr => size_of::<triomphe::Arc<str>>(),
            Candidate::ArcString => size_of::<std::sync::Arc<String>>(),
            Candidate::HipStr => size_of::<hipstr::HipStr<'static>>(),
            Candidate::Bytes => size_of::<bytes::Bytes>(),
            // What each use holds: a borrowed `&str`.
            Candidate::ArcStrBorrow | Candidate::StaticStr => size_of::<&str>(),
            Candidate::CowStatic => size_of::<std::borrow::Cow<'static, str>>(),
            Candidate::Ustr => size_of::<ustr::Ustr>(),
            Candidate::Lasso => size_of::<lasso::Spur>(),
        }
    }

    /// `size_of::<Option<T>>()` on this target.
    pub fn option_size(self) -> usize {
        use std::mem::size_of;
        match self {
            Candidate::String => size_of::<Option<String>>(),
            Candidate::BoxStr => size_of::<Option<Box<str>>>(),
            Candidate::ArcStr => size_of::<Option<std::sync::Arc<str>>>(),
            Candidate::RcStr => size_of::<Option<std::rc::Rc<str>>>(),
            Candidate::SmolStr => size_of::<Option<smol_str::SmolStr>>(),
            Candidate::CompactString => size_of::<Option<compact_str::CompactString>>(),
            Candidate::InlineStr => size_of::<Option<crate::inline_str::InlineStr>>(),
            Candidate::Arcstr => size_of::<Option<arcstr::ArcStr>>(),
            Candidate::TriompheArcStr => size_of::<Option<triomphe::Arc<str>>>(),
            Candidate::ArcString => size_of::<Option<std::sync::Arc<String>>>(),
            Candidate::HipStr => size_of::<Option<hipstr::HipStr<'static>>>(),
            Candidate::Bytes => size_of::<Option<bytes::Bytes>>(),
            Candidate::ArcStrBorrow | Candidate::StaticStr => size_of::<Option<&str>>(),
            Candidate::CowStatic => size_of::<Option<std::borrow::Cow<'static, str>>>(),
            Candidate::Ustr => size_of::<Option<ustr::Ustr>>(),
            Candidate::Lasso => size_of::<Option<lasso::Spur>>(),
        }
    }

    /// A value holding `text`, made the way a program usually makes one.
    pub fn build(self, text: &str) -> Built {
        match self {
            Candidate::String => Built::String(String::from(text)),
            Candidate::BoxStr => Built::BoxStr(Box::from(text)),
            Candidate::ArcStr => Built::ArcStr(std::sync::Arc::from(text)),
            Candidate::RcStr => Built::RcStr(std::rc::Rc::from(text)),
            Candidate::SmolStr => Built::SmolStr(smol_str::SmolStr::new(text)),
            Candidate::CompactString => Built::CompactString(compact_str::CompactString::new(text)),
            Candidate::InlineStr => Built::InlineStr(crate::inline_str::InlineStr::new(text)),
            Candidate::Arcstr => Built::Arcstr(arcstr::ArcStr::from(text)),
            Candidate::TriompheArcStr => Built::TriompheArcStr(triomphe::Arc::from(text)),
            Candidate::ArcString => Built::ArcString(std::sync::Arc::new(String::from(text))),
            Candidate::HipStr => Built::HipStr(hipstr::HipStr::from(text)),
            // A `Bytes` made from a `Vec` keeps only the buffer until its first clone, which adds
            // the shared block with the counter. Clone it once, so that block is counted: the
            // chooser is about strings that are cloned.
            Candidate::Bytes => {
                let value = bytes::Bytes::copy_from_slice(text.as_bytes());
                drop(value.clone());
                Built::Bytes(value)
            }
            // The block every thread borrows from: one `Arc<str>`.
            Candidate::ArcStrBorrow => Built::ArcStr(std::sync::Arc::from(text)),
            // The block a leak would keep for ever, built without leaking it: the page measures
            // what `Box::leak` would cost, then frees it.
            Candidate::StaticStr | Candidate::CowStatic => Built::BoxStr(Box::from(text)),
            // Interning: a lookup in ustr's global cache (the text is added the first time).
            Candidate::Ustr => Built::Ustr(ustr::Ustr::from(text)),
            // Interning into this thread's `Rodeo`: a lookup once the text is in.
            Candidate::Lasso => Built::Lasso(INTERNER.with(|rodeo| rodeo.borrow_mut().get_or_intern(text))),
        }
    }

    /// Whether a value is a handle into an interner that keeps each distinct text once (so its
    /// memory is the interner's over the whole set of strings, not one value's heap blocks).
    pub fn is_interned(self) -> bool {
        matches!(self, Candidate::Ustr | Candidate::Lasso)
    }

    /// Whether a value holding `text` keeps it inside its own bytes (asked of the type's API; an
    /// interned symbol is a handle into its interner, so it is not asked to intern the text).
    pub fn keeps_inline(self, text: &str) -> bool {
        !self.is_interned() && self.build(text).is_inline()
    }
}

thread_local! {
    /// The interner [`Candidate::Lasso`]'s creation is timed against: one per thread, as a program
    /// builds its set before freezing it into a `RodeoResolver`.
    static INTERNER: std::cell::RefCell<lasso::Rodeo> = std::cell::RefCell::new(lasso::Rodeo::new());
}

/// Bytes ustr's cache takes for one distinct text of `len` bytes, from its layout (ustr 1.1,
/// `stringcache.rs`): an entry of its 64-bit hash and a `usize` length (16 bytes with padding on
/// every target), the text and a NUL, rounded up to 8 bytes; and the two table slots (pointers)
/// its load factor of at most a half keeps per entry. The cache's fixed start
/// ([`ustr_cache_start_bytes`], made the first time any `Ustr` is) is not in it.
pub fn ustr_entry_bytes(len: usize, word: usize) -> usize {
    16 + (len + 1).div_ceil(8) * 8 + 2 * word
}

/// ustr's cache before its first text: 64 bins, each a 64 KB arena and a 16,384-slot pointer table
/// (about 12 MB on 64-bit targets, 8 MB on wasm32).
pub fn ustr_cache_start_bytes(word: usize) -> usize {
    64 * (64 * 1024 + 16_384 * word)
}

/// Bytes a fresh lasso interner (`Rodeo::new()`) holds for `strings` once frozen into a
/// `RodeoResolver`: its arena, as lasso counts it (`current_memory_usage`: a first 4 KB bucket, then
/// buckets of twice the size, the texts packed with no header), and the key-to-text `Vec` of `&str`,
/// which starts with room for 50 and doubles. A repeated text is interned once.
pub fn lasso_interner_bytes(strings: &[&str], word: usize) -> usize {
    let mut rodeo: lasso::Rodeo = lasso::Rodeo::new();
    for s in strings {
        rodeo.get_or_intern(s);
    }
    let mut slots = 50;
    while slots < rodeo.len() {
        slots *= 2;
    }
    rodeo.current_memory_usage() + slots * 2 * word
}

/// Bytes ustr's cache holds for `strings`: its fixed start and an entry per distinct text.
pub fn ustr_cache_bytes(strings: &[&str], word: usize) -> usize {
    let mut seen = std::collections::HashSet::new();
    ustr_cache_start_bytes(word) + strings.iter().filter(|s| seen.insert(**s)).map(|s| ustr_entry_bytes(s.len(), word)).sum::<usize>()
}

impl Candidate {
    /// For an interned symbol: the bytes its interner holds for `strings` (each distinct text once,
    /// and the interner's fixed start), handles aside; `None` for the other candidates.
    pub fn interner_bytes(self, strings: &[&str]) -> Option<usize> {
        self.interner_bytes_on(strings, std::mem::size_of::<usize>())
    }

    /// [`Candidate::interner_bytes`] on a target with `word`-byte pointers.
    pub fn interner_bytes_on(self, strings: &[&str], word: usize) -> Option<usize> {
        match self {
            Candidate::Ustr => Some(ustr_cache_bytes(strings, word)),
            Candidate::Lasso => Some(lasso_interner_bytes(strings, word)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod interner_tests {
    use super::*;

    /// Texts interned one after another in one ustr bin sit one entry apart in its arena (which
    /// ustr fills from the top down).
    #[test]
    #[cfg_attr(miri, ignore = "interns a few hundred texts into ustr's 12 MB global cache: minutes under Miri, and no unsafe code of ours")]
    fn ustr_entries_are_as_far_apart_as_the_layout_says() {
        for len in [4, 7, 8, 40] {
            // 400 distinct texts of one length ("u0" padded with '~'), unlike any other test's.
            let interned: Vec<ustr::Ustr> = (0..400).map(|i| ustr::Ustr::from(format!("{:~<len$}", format!("u{i}")).as_str())).collect();
            assert!(interned.iter().all(|u| u.len() == len));
            let bin = |u: &ustr::Ustr| (u.precomputed_hash() >> 58) % 64;
            let step = ustr_entry_bytes(len, std::mem::size_of::<usize>()) - 2 * std::mem::size_of::<usize>();
            // Pairs interned in a row into one bin; most sit exactly one entry apart (another test
            // interning into the same bin meanwhile, or a new arena, moves one now and then).
            let gaps: Vec<usize> = interned
                .windows(2)
                .filter(|w| bin(&w[0]) == bin(&w[1]))
                .map(|w| (w[1].as_char_ptr() as usize).abs_diff(w[0].as_char_ptr() as usize))
                .collect();
            let exact = gaps.iter().filter(|&&g| g == step).count();
            assert!(!gaps.is_empty() && exact * 2 > gaps.len(), "len {len}: {exact} of {} gaps are {step} bytes: {gaps:?}", gaps.len());
        }
    }

    /// A frozen Rodeo keeps its texts back to back, with nothing between them.
    #[test]
    fn lasso_packs_its_texts_with_no_header() {
        let mut rodeo = lasso::Rodeo::new();
        let keys: Vec<lasso::Spur> = ["alpha", "be", "gamma-delta"].iter().map(|t| rodeo.get_or_intern(t)).collect();
        let resolver = rodeo.into_resolver();
        let at = |k: &lasso::Spur| resolver.resolve(k).as_ptr() as usize;
        assert_eq!(at(&keys[1]) - at(&keys[0]), 5);
        assert_eq!(at(&keys[2]) - at(&keys[1]), 2);
        let word = std::mem::size_of::<usize>();
        // Three short texts (one repeated): the first 4 KB bucket and room for 50 `&str`s.
        assert_eq!(lasso_interner_bytes(&["alpha", "be", "alpha"], word), 4096 + 50 * 2 * word);
        // 5,000 bytes of text overflow the first bucket into one of 8 KB; 60 texts, a Vec of 100.
        let texts: Vec<String> = (0..60).map(|i| format!("{i:0>83}")).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        assert_eq!(lasso_interner_bytes(&texts, word), 4096 + 8192 + 100 * 2 * word);
        // ustr: the fixed start once, and an entry per distinct text.
        assert_eq!(ustr_cache_bytes(&["ab", "ab", "cd"], word) - ustr_cache_start_bytes(word), 2 * ustr_entry_bytes(2, word));
        // On wasm32 the table slots and the `&str`s are half as wide.
        assert_eq!(ustr_entry_bytes(2, 4), ustr_entry_bytes(2, 8) - 8);
        assert_eq!(lasso_interner_bytes(&["alpha"], 4), 4096 + 50 * 8);
        assert_eq!(Candidate::Lasso.size(), 4, "a Spur is a u32");
        assert_eq!(Candidate::Ustr.size(), std::mem::size_of::<usize>(), "a Ustr is one pointer");
    }
}

impl Built {
    /// Whether this value keeps its text inside its own bytes (asked of the type's API; for
    /// `SmolStr`, whose static strings are not heap-allocated either, the address says).
    pub fn is_inline(&self) -> bool {
        match self {
            Built::SmolStr(s) => {
                let at = s as *const smol_str::SmolStr as usize;
                !s.is_heap_allocated() && (at..at + std::mem::size_of::<smol_str::SmolStr>()).contains(&(s.as_ptr() as usize))
            }
            Built::CompactString(s) => !s.is_heap_allocated(),
            Built::InlineStr(s) => s.is_inline(),
            Built::HipStr(s) => s.is_inline(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod candidate_tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn inline_types_keep_short_text_and_others_never() {
        for c in Candidate::ALL.into_iter().filter(|c| !c.is_strategy()) {
            let short = c.keeps_inline("ok");
            let long = c.keeps_inline(&"x".repeat(100));
            let inline_type = matches!(c, Candidate::SmolStr | Candidate::CompactString | Candidate::InlineStr | Candidate::HipStr);
            assert_eq!(short, inline_type, "{}", c.name());
            assert!(!long, "{}", c.name());
            assert!(c.option_size() >= c.size());
        }
        assert_eq!(Candidate::Arcstr.size(), std::mem::size_of::<usize>(), "ArcStr is one pointer");
        assert_eq!(Candidate::ArcString.size(), std::mem::size_of::<usize>(), "Arc<String> is thin");
        assert_eq!(Candidate::InlineStr.option_size(), 24);
    }

    #[test]
    fn inline_cases_name_suite_variants_and_their_capacity_on_this_target() {
        let word = std::mem::size_of::<usize>();
        for c in Candidate::ALL {
            let Some((id, capacity)) = c.inline_case(word) else {
                assert!(!c.keeps_inline("ok"), "{} keeps text inline but names no inline case", c.name());
                continue;
            };
            let ty = crate::kernels::CloneType::parse(id).unwrap_or_else(|| panic!("{id} is not a clone variant"));
            assert_eq!(ty.inline_capacity(), Some(capacity), "{id}");
            assert!(c.keeps_inline(&"x".repeat(capacity)) && !c.keeps_inline(&"x".repeat(capacity + 1)), "{id}");
        }
        // wasm32's figures, whatever this target is.
        assert_eq!(Candidate::HipStr.inline_case(4), Some(("hipstr_inline", 11)));
        assert_eq!(Candidate::CompactString.inline_case(4), Some(("compact_string_inline", 12)));
    }
}

/// The clone cases of `file` the chooser reads: drop mode (a clone is made and dropped, as a
/// program does), not pinned to cores.
pub fn chooser_cases(file: &crate::results::ResultsFile) -> impl Iterator<Item = &crate::results::CaseResult> {
    unpinned_clone_cases(file, CloneMode::Drop)
}

/// The read cases of `file` the chooser charges each clone's reads with (no clone: the text read
/// through the handle), not pinned.
pub fn chooser_read_cases(file: &crate::results::ResultsFile) -> impl Iterator<Item = &crate::results::CaseResult> {
    unpinned_clone_cases(file, CloneMode::Read)
}

/// The clone-suite cases of `file` in `mode` on the file's own allocator (never the lab's allocator
/// A/B, whose `String` is not the `String` a program clones), not pinned to cores.
fn unpinned_clone_cases(file: &crate::results::ResultsFile, mode: CloneMode) -> impl Iterator<Item = &crate::results::CaseResult> {
    file.cases.iter().filter(move |c| c.is_global_clone() && c.placement.is_none() && c.clone_mode() == Some(mode))
}

/// The thread counts of `file`'s [`chooser_cases`], ascending.
pub fn chooser_thread_counts(file: &crate::results::ResultsFile) -> Vec<u32> {
    let mut t: Vec<u32> = chooser_cases(file).map(|c| c.threads).collect();
    crate::order::sort(&mut t);
    t.dedup();
    t
}

/// How many candidates `file`'s [`chooser_cases`] measured, at any thread count.
pub fn candidates_measured(file: &crate::results::ResultsFile) -> u32 {
    candidates_among(chooser_cases(file))
}

/// How many candidates `file`'s [`chooser_read_cases`] timed reads of, at any thread count.
pub fn candidates_read(file: &crate::results::ResultsFile) -> u32 {
    candidates_among(chooser_read_cases(file))
}

/// How many candidates have a case among `cases`.
fn candidates_among<'a>(cases: impl Iterator<Item = &'a crate::results::CaseResult>) -> u32 {
    let ids: std::collections::HashSet<&str> = cases.map(|c| c.variant_id.as_str()).collect();
    Candidate::ALL.iter().filter(|c| c.clone_id().is_some_and(|id| ids.contains(id))).count() as u32
}

/// One candidate's numbers on the reader's strings, as the chooser's table shows them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostRow {
    pub candidate: Candidate,
    /// Handle plus heap blocks per string.
    pub bytes: f64,
    /// Clone plus drop, ns, on the chosen machine and thread count; `None` where not measured.
    pub clone_ns: Option<f64>,
    /// One read of the text through the handle, ns, on the same machine and threads; `None` where
    /// not measured.
    pub read_ns: Option<f64>,
    /// Reads of each clone the reader's program makes, charged with the clone; 0 when the chosen
    /// machine timed no reads (then the clone is charged alone, and the page says so).
    pub reads: u32,
    /// Creating one string (and dropping it), ns, timed in the reader's page; `None` until timed.
    pub create_ns: Option<f64>,
    /// New strings made per clone (the reader's strings made a second over their clones a
    /// second): each clone carries that share of a creation. 0 when strings are made once.
    pub creates_per_clone: f64,
}

impl CostRow {
    /// What the model weighs: a clone with its reads and its share of creating strings, ns
    /// (`clone_ns + reads × read_ns + creates_per_clone × create_ns`); `None` when a figure it needs
    /// was not measured (or, for creation, not yet timed). An interner key's clone case already resolves it
    /// once, so its first read is charged twice: the model never flatters an interner.
    pub fn use_ns(&self) -> Option<f64> {
        let clone = self.clone_ns?;
        let reads = match self.reads {
            0 => 0.0,
            reads => f64::from(reads) * self.read_ns?,
        };
        let creation = if self.creates_per_clone > 0.0 { self.creates_per_clone * self.create_ns? } else { 0.0 };
        Some(clone + reads + creation)
    }

    /// No worse on memory or on a clone with its reads than `other`, and better on one.
    fn beats(&self, other: &CostRow) -> bool {
        let (Some(a), Some(b)) = (self.use_ns(), other.use_ns()) else { return false };
        self.bytes <= other.bytes && a <= b && (self.bytes < other.bytes || a < b)
    }
}

impl Candidate {
    /// Whether it comes with Rust itself (`String`, `Box<str>`, `Rc<str>`, `Arc<str>`, `Arc<String>`,
    /// `&'static str`, `Cow<'static, str>`, and the borrow strategy), not from a crate.
    pub fn is_std(self) -> bool {
        matches!(
            self,
            Candidate::String
                | Candidate::BoxStr
                | Candidate::RcStr
                | Candidate::ArcStr
                | Candidate::ArcString
                | Candidate::StaticStr
                | Candidate::CowStatic
                | Candidate::ArcStrBorrow
        )
    }

    /// Whether a value can move to another thread (`Send`): all but `Rc<str>`.
    pub fn is_send(self) -> bool {
        self != Candidate::RcStr
    }

    /// Whether clones share the heap blocks (a counted, leaked or interned block) rather than each copying the
    /// text into its own (`String`, `Box<str>`, and `CompactString` and `InlineStr` past their
    /// inline bytes).
    pub fn clones_share_blocks(self) -> bool {
        !matches!(self, Candidate::String | Candidate::BoxStr | Candidate::CompactString | Candidate::InlineStr)
    }

    /// Bytes one string costs when `copies` of it are alive at once, from `bytes_one`, what one value
    /// costs (its `handle_bytes` handle plus its heap blocks): a handle per copy, and the blocks once
    /// when clones share them, else once per copy.
    pub fn memory_per_string(self, handle_bytes: usize, bytes_one: f64, copies: u32) -> f64 {
        let handle = handle_bytes as f64;
        let blocks = (bytes_one - handle).max(0.0);
        let k = f64::from(copies.max(1));
        k * handle + if self.clones_share_blocks() { blocks } else { k * blocks }
    }

    /// Why it holds on to every string it was given (a leak, or an interner that frees nothing
    /// string by string), which bounds its memory only for a set fixed at start-up; `None` for
    /// the candidates that free each string.
    pub fn keeps_strings_for_ever(self) -> Option<&'static str> {
        match self {
            Candidate::StaticStr | Candidate::CowStatic => Some("leaks every string: only for a set fixed at start-up"),
            Candidate::Ustr => Some("its cache never frees a string: only for a set fixed at start-up"),
            Candidate::Lasso => Some("frees nothing until the whole interner goes: only for a set fixed at start-up"),
            _ => None,
        }
    }

    /// Whether its text can grow or shrink after creation, in place or copy-on-write (`String`,
    /// `CompactString` and `HipStr` have `push_str`; `Arc<String>` has `Arc::make_mut`;
    /// `Cow<'static, str>` has `Cow::to_mut`, which copies a borrowed text into a `String` it owns).
    pub fn can_change_text(self) -> bool {
        matches!(self, Candidate::String | Candidate::CompactString | Candidate::HipStr | Candidate::ArcString | Candidate::CowStatic)
    }
}

#[cfg(test)]
mod pick_tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// A table row, for the tests here and in `constraints`.
    pub(super) fn row(candidate: Candidate, bytes: f64, clone_ns: Option<f64>) -> CostRow {
        CostRow { candidate, bytes, clone_ns, read_ns: None, reads: 0, create_ns: None, creates_per_clone: 0.0 }
    }

    #[test]
    fn copies_share_a_counted_block_and_copy_an_owned_one() {
        let word = 8.0;
        // A 100-byte text: String's handle is three words, its block 100 bytes, copied per clone.
        let one = 3.0 * word + 100.0;
        assert_eq!(Candidate::String.memory_per_string(24, one, 1), one);
        assert_eq!(Candidate::String.memory_per_string(24, one, 10), 10.0 * one);
        // Arc<str>: ten two-word handles, one block.
        let arc_one = 2.0 * word + 2.0 * word + 100.0;
        assert_eq!(Candidate::ArcStr.memory_per_string(16, arc_one, 10), 20.0 * word + 2.0 * word + 100.0);
        assert_eq!(Candidate::ArcStr.memory_per_string(16, arc_one, 0), arc_one, "no copies counts as one");
    }

    #[test]
    fn a_row_beats_another_only_when_no_worse_on_both_and_better_on_one() {
        let hip = row(Candidate::HipStr, 24.0, Some(52.9));
        assert!(row(Candidate::String, 12.0, Some(20.0)).beats(&hip));
        assert!(row(Candidate::String, 24.0, Some(20.0)).beats(&hip), "same bytes, cheaper clone");
        assert!(!row(Candidate::String, 24.0, Some(52.9)).beats(&hip), "equal is not better");
        assert!(!row(Candidate::ArcStr, 30.0, Some(26.4)).beats(&hip), "cheaper clone, more bytes");
        assert!(!row(Candidate::SmolStr, 1.0, None).beats(&hip), "an unmeasured clone beats nothing");
        assert!(!row(Candidate::String, 1.0, Some(1.0)).beats(&row(Candidate::SmolStr, 24.0, None)), "nor is beaten");
        assert!(!Candidate::RcStr.is_send() && Candidate::ArcStr.is_send());
    }

    #[test]
    fn a_clone_is_charged_its_reads_when_the_machine_timed_them() {
        let arc = CostRow { read_ns: Some(0.5), reads: 4, ..row(Candidate::ArcStr, 40.0, Some(10.0)) };
        assert_eq!(arc.use_ns(), Some(12.0));
        assert_eq!(CostRow { reads: 0, ..arc }.use_ns(), Some(10.0), "no reads timed: the clone alone");
        assert_eq!(CostRow { read_ns: None, ..arc }.use_ns(), None, "reads asked for but not timed: unmeasured");
        // Reads decide between two rows whose clones alone would not: a cheap clone with a dear read loses.
        let lasso = CostRow { read_ns: Some(40.0), reads: 4, ..row(Candidate::Lasso, 40.0, Some(5.0)) };
        assert!(arc.beats(&lasso) && !CostRow { reads: 0, ..arc }.beats(&CostRow { reads: 0, ..lasso }));
        // A string made for every ten clones: each clone carries a tenth of a creation, once timed.
        let making = CostRow { create_ns: Some(30.0), creates_per_clone: 0.1, ..arc };
        assert_eq!(making.use_ns(), Some(15.0));
        assert_eq!(CostRow { create_ns: None, ..making }.use_ns(), None, "creation asked for but not yet timed");
        assert_eq!(
            CostRow { create_ns: None, creates_per_clone: 0.0, ..making }.use_ns(),
            Some(12.0),
            "strings made once: no creation charged"
        );
    }
}

#[cfg(test)]
mod shipped_tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn the_chooser_never_reads_the_allocator_ab() {
        let file = crate::shipped_files::file("browser-headless-chrome-156-epyc-2vcpu-allocators-2026-11-28.json");
        assert!(file.cases.iter().any(|c| c.params.allocator.is_some()), "the file has the lab's allocator A/B");
        let read: Vec<(&str, u32)> = chooser_cases(&file).map(|c| (c.variant_id.as_str(), c.threads)).collect();
        assert_eq!(read, [("arc_str", 1), ("string", 1), ("arc_str", 2), ("string", 2)], "the global allocator's cases only");
    }
}
