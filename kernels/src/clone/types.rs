//! The clone types and modes, and everything known about each type in one table row ([`ROWS`]):
//! its id, its name, what a clone of it does. Adding a type is a variant, a row here, and its value
//! in the kernel's sources (`super::SharedCloneSource`).

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloneType {
    ArcStr,
    String,
    BoxStr,
    RcStr,
    /// `arcstr::ArcStr`: one pointer; length and counter live in the heap block.
    Arcstr,
    /// An `ArcStr` made static with `ArcStr::leak` (what `arcstr::literal!` gives for literals):
    /// clones copy the pointer and touch no counter.
    ArcstrStatic,
    /// `triomphe::Arc<str>`: std's `Arc` without the weak count; still one shared counter.
    TriompheArcStr,
    /// `Arc<String>`: a counted block holding a `String` that points at a second block.
    ArcString,
    /// `hipstr::HipStr` of the case's length (64 bytes by default: a shared heap block).
    Hipstr,
    /// `hipstr::HipStr` of [`INLINE_TEXT_BYTES`] bytes, or its inline capacity where that is less
    /// (11 on wasm32): inline, so a clone copies the handle.
    HipstrInline,
    /// `smol_str::SmolStr` of the case's length: past 23 bytes an `Arc<str>` inside, so a clone is
    /// one shared atomic increment.
    SmolStr,
    /// `smol_str::SmolStr` of [`INLINE_TEXT_BYTES`] bytes: inline, a clone copies 24 bytes.
    SmolStrInline,
    /// `compact_str::CompactString` of the case's length: on the heap, and a clone allocates and
    /// copies like `String`.
    CompactString,
    /// `compact_str::CompactString` of [`INLINE_TEXT_BYTES`] bytes, or its inline capacity where that
    /// is less (12 on wasm32): inline, a clone copies the handle.
    CompactStringInline,
    /// [`crate::inline_str::InlineStr`] of the case's length: a heap `Box<str>`, copied on clone.
    InlineStr,
    /// [`crate::inline_str::InlineStr`] of [`INLINE_TEXT_BYTES`] bytes: inline on every target.
    InlineStrInline,
    /// `bytes::Bytes` holding the text: a shared block with an atomic counter (its first clone
    /// turns the `Vec` it came from into that block).
    Bytes,
    /// A strategy: each thread clones the shared `Arc<str>` once, then borrows `&str` from its own
    /// clone for every use.
    ArcStrBorrow,
    /// A strategy: the text is leaked once (`Box::leak`) and every use copies the `&'static str`.
    StaticStr,
    /// `Cow<'static, str>` borrowing the leaked text: a clone copies the three-word enum.
    CowStatic,
    /// `ustr::Ustr`: a pointer into ustr's global, never-freed cache; a clone copies it.
    Ustr,
    /// `lasso::Spur` from a `ThreadedRodeo`: a clone copies the 4-byte key and resolves it, which
    /// takes a read lock on one shard of the interner's `DashMap` (a shared word every resolve
    /// writes).
    LassoThreaded,
    /// `lasso::Spur` resolved through a frozen `RodeoResolver`: copy the key, index a `Vec`; nothing
    /// shared is written.
    LassoResolver,
}

/// Length of the inline variants' text ([`CloneType::HipstrInline`] and the like). Every small-string
/// type keeps it inline on 64-bit targets; on wasm32, `HipStr` keeps 11 bytes inline and
/// `CompactString` 12, so their text is cut to fit (see [`CloneType::text_len`]).
pub const INLINE_TEXT_BYTES: usize = 16;

/// One clone type's facts.
struct Row {
    ty: CloneType,
    /// Stable identifier on the command line and in JSON.
    id: &'static str,
    /// The type as written in Rust: the results' `variant`.
    name: &'static str,
    /// One line on what a clone does (`--help`, the chooser).
    summary: &'static str,
    work: CloneWork,
    /// Whether one value can be cloned from several threads at once.
    thread_safe: bool,
    /// Whether forget mode means anything: the strategies make no clone to forget, and a copied
    /// borrow, pointer or key owns nothing to leak.
    forget_mode: bool,
    /// For the variants measured inline, the most bytes the type keeps inline on this target.
    inline_capacity: Option<fn() -> usize>,
}

/// Every type's row, in [`CloneType::ALL`]'s order (which is the enum's: `row` indexes by it).
/// `LassoThreaded` counts as `Counter`: every resolve takes a shard's read lock, an atomic add on a
/// word all threads share. `SmolStr` keeps 23 bytes inline on every target; `compact_str` as many
/// as its handle is wide.
const ROWS: [Row; 23] = [
    Row {
        ty: CloneType::ArcStr,
        id: "arc_str",
        name: "Arc<str>",
        summary: "std's Arc<str>: an atomic increment on a counter every clone shares",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::String,
        id: "string",
        name: "String",
        summary: "allocate and copy the text; free it when dropped",
        work: CloneWork::Allocation,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::BoxStr,
        id: "box_str",
        name: "Box<str>",
        summary: "like String, two words instead of three",
        work: CloneWork::Allocation,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::RcStr,
        id: "rc_str",
        name: "Rc<str>",
        summary: "a plain increment; one thread only",
        work: CloneWork::Counter,
        thread_safe: false,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::Arcstr,
        id: "arcstr",
        name: "ArcStr",
        summary: "arcstr::ArcStr: one pointer wide, still one shared atomic counter",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::ArcstrStatic,
        id: "arcstr_static",
        name: "ArcStr (static)",
        summary: "an ArcStr made static (ArcStr::leak, like literal!): no counter at all",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::TriompheArcStr,
        id: "triomphe_arc_str",
        name: "triomphe::Arc<str>",
        summary: "triomphe::Arc<str>: no weak count, still one shared atomic counter",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::ArcString,
        id: "arc_string",
        name: "Arc<String>",
        summary: "Arc<String>: one shared counter, two heap blocks, two hops to the text",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::Hipstr,
        id: "hipstr",
        name: "HipStr",
        summary: "hipstr::HipStr of the case's length: a shared heap block with a counter",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::HipstrInline,
        id: "hipstr_inline",
        name: "HipStr (inline)",
        summary: "hipstr::HipStr of 16 bytes (11 on wasm32): inline, a clone copies the handle",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: Some(hipstr::HipStr::inline_capacity),
    },
    Row {
        ty: CloneType::SmolStr,
        id: "smol_str",
        name: "SmolStr",
        summary: "smol_str::SmolStr of the case's length: an Arc<str> inside, one shared atomic counter",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::SmolStrInline,
        id: "smol_str_inline",
        name: "SmolStr (inline)",
        summary: "smol_str::SmolStr of 16 bytes: inline, a clone copies 24 bytes",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: Some(|| 23),
    },
    Row {
        ty: CloneType::CompactString,
        id: "compact_string",
        name: "CompactString",
        summary: "compact_str::CompactString of the case's length: allocate and copy, like String",
        work: CloneWork::Allocation,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::CompactStringInline,
        id: "compact_string_inline",
        name: "CompactString (inline)",
        summary: "compact_str::CompactString of 16 bytes (12 on wasm32): inline, a clone copies the handle",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: Some(std::mem::size_of::<compact_str::CompactString>),
    },
    Row {
        ty: CloneType::InlineStr,
        id: "inline_str",
        name: "InlineStr",
        summary: "this project's InlineStr of the case's length: a Box<str> inside, allocate and copy",
        work: CloneWork::Allocation,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::InlineStrInline,
        id: "inline_str_inline",
        name: "InlineStr (inline)",
        summary: "this project's InlineStr of 16 bytes: inline, a clone copies 24 bytes",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: Some(|| crate::inline_str::InlineStr::INLINE_CAPACITY),
    },
    Row {
        ty: CloneType::Bytes,
        id: "bytes",
        name: "bytes::Bytes",
        summary: "bytes::Bytes: a shared block with one atomic counter, reached through a vtable",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: true,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::ArcStrBorrow,
        id: "arc_str_borrow",
        name: "Arc<str> cloned once, borrowed",
        summary: "strategy: one Arc<str> clone per thread, then borrow &str for each use",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: false,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::StaticStr,
        id: "static_str",
        name: "leaked &'static str",
        summary: "strategy: leak the text once, copy the &'static str for each use",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: false,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::CowStatic,
        id: "cow_static",
        name: "Cow<'static, str>",
        summary: "Cow<'static, str> borrowing a leaked text: a clone copies three words",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: false,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::Ustr,
        id: "ustr",
        name: "ustr::Ustr",
        summary: "ustr::Ustr: a pointer into ustr's global, never-freed cache; a clone copies it",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: false,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::LassoThreaded,
        id: "lasso_threaded",
        name: "lasso::Spur (ThreadedRodeo)",
        summary: "lasso::Spur key copied and resolved through a ThreadedRodeo (a DashMap shard's read lock)",
        work: CloneWork::Counter,
        thread_safe: true,
        forget_mode: false,
        inline_capacity: None,
    },
    Row {
        ty: CloneType::LassoResolver,
        id: "lasso_resolver",
        name: "lasso::Spur (RodeoResolver)",
        summary: "lasso::Spur key copied and resolved through a frozen RodeoResolver (a Vec index)",
        work: CloneWork::Copy,
        thread_safe: true,
        forget_mode: false,
        inline_capacity: None,
    },
];

impl CloneType {
    /// Every type, in the order results and charts list them: the article's four first.
    pub const ALL: [CloneType; 23] = {
        let mut all = [CloneType::ArcStr; 23];
        let mut i = 0;
        while i < ROWS.len() {
            all[i] = ROWS[i].ty;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static Row {
        &ROWS[self as usize]
    }

    /// Stable identifier used on the command line and in JSON (`arc_str`, `string`, ...).
    pub fn id(self) -> &'static str {
        self.row().id
    }

    /// The type as written in Rust (`Arc<str>`), used as the results' `variant`.
    pub fn display_name(self) -> &'static str {
        self.row().name
    }

    /// One line on what a clone of this type does (for `--help` and the chooser).
    pub fn summary(self) -> &'static str {
        self.row().summary
    }

    /// The types several threads can clone at once (all but `Rc<str>`), in [`CloneType::ALL`]'s order:
    /// the ones a contention run and its charts compare.
    pub fn shareable() -> impl Iterator<Item = CloneType> {
        Self::ALL.into_iter().filter(|t| t.is_thread_safe())
    }

    /// Looks a type up by [`CloneType::id`] or [`CloneType::display_name`].
    pub fn parse(text: &str) -> Option<CloneType> {
        Self::ALL.into_iter().find(|t| t.id() == text || t.display_name() == text)
    }

    /// Whether one value can be cloned from several threads at once (`Rc<str>` cannot).
    pub fn is_thread_safe(self) -> bool {
        self.row().thread_safe
    }

    /// Whether a clone allocates a new heap buffer (so a forgotten clone leaks memory).
    pub fn clone_allocates(self) -> bool {
        self.work() == CloneWork::Allocation
    }

    /// What one clone of this type does to memory: the one fact that decides how it scales with
    /// threads.
    pub fn work(self) -> CloneWork {
        self.row().work
    }

    /// Whether forget mode means anything: the strategies make no clone to forget, and a copied
    /// borrow, pointer or key owns nothing to leak.
    pub fn has_forget_mode(self) -> bool {
        self.row().forget_mode
    }

    /// The most bytes this variant keeps inline on this target, for the variants measured inline.
    pub fn inline_capacity(self) -> Option<usize> {
        self.row().inline_capacity.map(|capacity| capacity())
    }

    /// The text length a case of this type measures when the run asks for `len` bytes: the
    /// inline variants measure [`INLINE_TEXT_BYTES`], cut to what fits inline here.
    pub fn text_len(self, len: usize) -> usize {
        match self.inline_capacity() {
            Some(capacity) => INLINE_TEXT_BYTES.min(capacity).min(len),
            None => len,
        }
    }
}

/// What a clone does, in the three kinds that decide how it scales with threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CloneWork {
    /// Increments a counter in a block every clone shares (atomic but for `Rc<str>`'s).
    Counter,
    /// Asks the allocator for a block of its own and copies the text into it.
    Allocation,
    /// Copies the handle (an inline text, a static pointer, a borrow): writes nothing shared.
    Copy,
}

impl fmt::Display for CloneType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// What happens to each clone right after it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloneMode {
    /// The clone is dropped: `String` frees its buffer, `Arc` decrements its counter.
    Drop,
    /// The clone is passed to `std::mem::forget`: memory (or a reference count) leaks.
    Forget,
    /// No clone: each operation reads the value's text (its length and first byte) through the
    /// handle, as code holding a clone does between clones. For a `lasso` key that is a resolve.
    Read,
}

impl CloneMode {
    /// Every mode, drop first.
    pub const ALL: [CloneMode; 3] = [CloneMode::Drop, CloneMode::Forget, CloneMode::Read];

    /// Stable identifier (`drop` / `forget` / `read`).
    pub const fn id(self) -> &'static str {
        match self {
            CloneMode::Drop => "drop",
            CloneMode::Forget => "forget",
            CloneMode::Read => "read",
        }
    }

    /// Looks a mode up by [`CloneMode::id`].
    pub fn parse(text: &str) -> Option<CloneMode> {
        Self::ALL.into_iter().find(|m| m.id() == text)
    }
}

impl fmt::Display for CloneMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn every_row_sits_at_its_types_place() {
        for (i, row) in ROWS.iter().enumerate() {
            assert_eq!(row.ty as usize, i, "{}'s row", row.id);
        }
        let mut ids: Vec<&str> = CloneType::ALL.iter().map(|t| t.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ROWS.len(), "ids are unique");
    }

    #[test]
    fn ids_and_names_round_trip() {
        for ty in CloneType::ALL {
            assert_eq!(CloneType::parse(ty.id()), Some(ty));
            assert_eq!(CloneType::parse(ty.display_name()), Some(ty));
            assert_eq!(serde_json::to_string(&ty).unwrap(), format!("\"{}\"", ty.id()));
        }
        for mode in CloneMode::ALL {
            assert_eq!(CloneMode::parse(mode.id()), Some(mode));
        }
        assert_eq!(CloneType::parse("Cow<str>"), None);
    }
}
