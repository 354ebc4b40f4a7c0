//! The SSO kernel: turn a list of tags (`&[&dyn Display]`) into owned strings, nine ways.
//!
//! This is the experiment of "More fun with SSO" (Swatinem, parts 1 and 2): every variant formats each
//! tag and keeps the text in an owned collection, then the caller drops it. The variants differ in
//! where the text ends up (a heap `String`, a shrunk `Box<str>`, inline in a small-string type) and in
//! the collection around it (`Vec`, boxed slice, `SmallVec` with inline room for a few items).
//!
//! Every variant returns an empty collection for an empty input (none of them allocates then).

use arrayvec::ArrayString;
use compact_str::{CompactString, ToCompactString};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use smol_str::{SmolStr, ToSmolStr};
use std::cell::RefCell;
use std::fmt::{self, Display, Write};
use std::hint::black_box;

use crate::inline_str::InlineStr;

/// Items a `SmallVec` keeps inline before it spills to the heap (the article's choice).
pub const SMALLVEC_INLINE_ITEMS: usize = 4;
/// Bytes of the stack buffer the `inline_buf` variant formats into before building an `InlineStr`.
pub const STACK_BUFFER_BYTES: usize = 128;

/// One way of collecting the formatted tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SsoVariant {
    VecString,
    BoxedString,
    BoxedBoxed,
    ThreadLocal,
    Smallvec,
    SmolStr,
    SmallvecSmolStr,
    InlineBuf,
    CompactStr,
}

impl SsoVariant {
    /// Every variant, in the article's order, `compact_str` last.
    pub const ALL: [SsoVariant; 9] = [
        SsoVariant::VecString,
        SsoVariant::BoxedString,
        SsoVariant::BoxedBoxed,
        SsoVariant::ThreadLocal,
        SsoVariant::Smallvec,
        SsoVariant::SmolStr,
        SsoVariant::SmallvecSmolStr,
        SsoVariant::InlineBuf,
        SsoVariant::CompactStr,
    ];

    /// Stable identifier used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            SsoVariant::VecString => "vec_string",
            SsoVariant::BoxedString => "boxed_string",
            SsoVariant::BoxedBoxed => "boxed_boxed",
            SsoVariant::ThreadLocal => "thread_local",
            SsoVariant::Smallvec => "smallvec",
            SsoVariant::SmolStr => "smol_str",
            SsoVariant::SmallvecSmolStr => "smallvec_smol_str",
            SsoVariant::InlineBuf => "inline_buf",
            SsoVariant::CompactStr => "compact_str",
        }
    }

    /// The result type as written in Rust, used as the results' `variant`.
    pub fn display_name(self) -> &'static str {
        match self {
            SsoVariant::VecString => "Vec<String>",
            SsoVariant::BoxedString => "Box<[String]>",
            SsoVariant::BoxedBoxed => "Box<[Box<str>]>",
            SsoVariant::ThreadLocal => "Box<[Box<str>]> (thread-local buffer)",
            SsoVariant::Smallvec => "SmallVec<[String; 4]>",
            SsoVariant::SmolStr => "Box<[SmolStr]>",
            SsoVariant::SmallvecSmolStr => "SmallVec<[SmolStr; 4]>",
            SsoVariant::InlineBuf => "Box<[InlineStr]> (128-byte stack buffer)",
            SsoVariant::CompactStr => "Box<[CompactString]>",
        }
    }

    /// Looks a variant up by [`SsoVariant::id`] or [`SsoVariant::display_name`].
    pub fn parse(text: &str) -> Option<SsoVariant> {
        Self::ALL.into_iter().find(|v| v.id() == text || v.display_name() == text)
    }
}

impl fmt::Display for SsoVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// A named list of tags, the input of every variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputSet {
    /// No tags at all.
    Empty,
    /// Eight tags of 3 to 16 bytes: each fits inline in every 24-byte small-string type (not in
    /// `CompactString` on wasm32, which holds 12). `tests/chapter_figures.rs` checks these numbers.
    Short,
    /// Eight tags, half short, half 29 to 44 bytes (too long for any inline buffer).
    Mixed,
    /// Six tags of 31 to 158 bytes; one exceeds the 128-byte stack buffer.
    Long,
}

impl InputSet {
    /// Every input set, shortest first.
    pub const ALL: [InputSet; 4] = [InputSet::Empty, InputSet::Short, InputSet::Mixed, InputSet::Long];

    /// Stable identifier (`empty`, `short`, `mixed`, `long`), the results' `params.input_set`.
    pub fn id(self) -> &'static str {
        match self {
            InputSet::Empty => "empty",
            InputSet::Short => "short",
            InputSet::Mixed => "mixed",
            InputSet::Long => "long",
        }
    }

    /// Looks a set up by [`InputSet::id`].
    pub fn parse(text: &str) -> Option<InputSet> {
        Self::ALL.into_iter().find(|s| s.id() == text)
    }
}

/// A `key:value` tag, formatted through two `Display` calls (like a metrics tag).
#[derive(Clone, Debug)]
struct KeyValue(&'static str, String);

impl Display for KeyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0, self.1)
    }
}

type Tag = Box<dyn Display + Send + Sync>;

/// The owned values behind one input set: strings, numbers and `key:value` pairs. `Sync`, so that
/// threads can each take their own [`SsoInput::tags`] view of one shared input.
pub struct SsoInput {
    set: InputSet,
    items: Vec<Tag>,
}

impl fmt::Debug for SsoInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SsoInput").field("set", &self.set).field("expected", &self.expected()).finish()
    }
}

fn kv(key: &'static str, value: &str) -> Tag {
    Box::new(KeyValue(key, value.to_string()))
}

impl SsoInput {
    /// Builds the values of `set`.
    pub fn new(set: InputSet) -> Self {
        let short = || -> Vec<Tag> {
            vec![
                Box::new("http.get"),
                kv("region", "eu-west-1"),
                Box::new(404u16),
                kv("env", "prod"),
                Box::new(3.25f64),
                Box::new(true),
                kv("service", "checkout"),
                Box::new(String::from("version:1.42.0")),
            ]
        };
        let items: Vec<Tag> = match set {
            InputSet::Empty => Vec::new(),
            InputSet::Short => short(),
            InputSet::Mixed => {
                let mut items = short();
                items.truncate(4);
                items.push(kv("user_agent", "Mozilla/5.0 (X11; Linux x86_64)"));
                items.push(Box::new(String::from("trace_id:4bf92f3577b34da6a3ce")));
                items.push(kv("url", "https://example.org/api/v2/orders?page=3"));
                items.push(kv("error", "deadline exceeded after 3 retries"));
                items
            }
            InputSet::Long => vec![
                kv("user_agent", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"),
                Box::new(String::from("exception:connection reset by peer")),
                kv("url", "https://example.org/api/v2/orders/0193a4c2-7d1e-7c4b-9a55-3f1e2d4c5b6a/items"),
                kv("query", &"SELECT id, name FROM orders WHERE customer_id = $1 ORDER BY created_at DESC ".repeat(2)),
                Box::new(String::from("span.kind:server/handler/orders")),
                kv("k8s.pod", "checkout-7c9d8f6b5-x2x9q.default.svc.cluster.local"),
            ],
        };
        SsoInput { set, items }
    }

    /// Which set this is.
    pub fn set(&self) -> InputSet {
        self.set
    }

    /// The tags, as the kernel takes them.
    pub fn tags(&self) -> Vec<&dyn Display> {
        self.items.iter().map(|tag| &**tag as &dyn Display).collect()
    }

    /// What every variant must produce: each tag formatted with `{}`.
    pub fn expected(&self) -> Vec<String> {
        self.items.iter().map(ToString::to_string).collect()
    }
}

fn vec_string(tags: &[&dyn Display]) -> Vec<String> {
    let mut out = Vec::with_capacity(tags.len());
    for tag in tags {
        out.push(tag.to_string());
    }
    out
}

fn boxed_string(tags: &[&dyn Display]) -> Box<[String]> {
    vec_string(tags).into_boxed_slice()
}

fn boxed_boxed(tags: &[&dyn Display]) -> Box<[Box<str>]> {
    let mut out = Vec::with_capacity(tags.len());
    for tag in tags {
        out.push(tag.to_string().into_boxed_str());
    }
    out.into_boxed_slice()
}

thread_local! {
    /// The reusable formatting buffer of the `thread_local` variant (one per thread, never freed).
    static FORMAT_BUFFER: RefCell<String> = const { RefCell::new(String::new()) };
}

fn thread_local_buffer(tags: &[&dyn Display]) -> Box<[Box<str>]> {
    FORMAT_BUFFER.with_borrow_mut(|buffer| {
        let mut out = Vec::with_capacity(tags.len());
        for tag in tags {
            buffer.clear();
            write!(buffer, "{tag}").expect("formatting into a String cannot fail");
            out.push(Box::from(buffer.as_str()));
        }
        out.into_boxed_slice()
    })
}

fn smallvec_string(tags: &[&dyn Display]) -> SmallVec<[String; SMALLVEC_INLINE_ITEMS]> {
    let mut out = SmallVec::with_capacity(tags.len());
    for tag in tags {
        out.push(tag.to_string());
    }
    out
}

fn smol_str(tags: &[&dyn Display]) -> Box<[SmolStr]> {
    let mut out = Vec::with_capacity(tags.len());
    for tag in tags {
        out.push(tag.to_smolstr());
    }
    out.into_boxed_slice()
}

fn smallvec_smol_str(tags: &[&dyn Display]) -> SmallVec<[SmolStr; SMALLVEC_INLINE_ITEMS]> {
    let mut out = SmallVec::with_capacity(tags.len());
    for tag in tags {
        out.push(tag.to_smolstr());
    }
    out
}

/// Formats `tag` into a 128-byte stack buffer and builds the `InlineStr` from it: no heap at all for
/// text up to 23 bytes, one exact-size allocation up to 128 bytes; longer text falls back to a
/// heap `String` first.
pub fn inline_str_via_stack(tag: &dyn Display) -> InlineStr {
    let mut buffer = ArrayString::<STACK_BUFFER_BYTES>::new();
    match write!(buffer, "{tag}") {
        Ok(()) => InlineStr::new(&buffer),
        Err(fmt::Error) => InlineStr::new(&tag.to_string()),
    }
}

fn inline_buf(tags: &[&dyn Display]) -> Box<[InlineStr]> {
    let mut out = Vec::with_capacity(tags.len());
    for tag in tags {
        out.push(inline_str_via_stack(*tag));
    }
    out.into_boxed_slice()
}

fn compact_str(tags: &[&dyn Display]) -> Box<[CompactString]> {
    let mut out = Vec::with_capacity(tags.len());
    for tag in tags {
        out.push(tag.to_compact_string());
    }
    out.into_boxed_slice()
}

/// Runs one variant once and copies its result out as `String`s (for checking, not for timing).
pub fn sso_collect(variant: SsoVariant, tags: &[&dyn Display]) -> Vec<String> {
    fn strings<S: AsRef<str>>(items: &[S]) -> Vec<String> {
        items.iter().map(|s| s.as_ref().to_string()).collect()
    }
    match variant {
        SsoVariant::VecString => vec_string(tags),
        SsoVariant::BoxedString => strings(&boxed_string(tags)),
        SsoVariant::BoxedBoxed => strings(&boxed_boxed(tags)),
        SsoVariant::ThreadLocal => strings(&thread_local_buffer(tags)),
        SsoVariant::Smallvec => strings(&smallvec_string(tags)),
        SsoVariant::SmolStr => strings(&smol_str(tags)),
        SsoVariant::SmallvecSmolStr => strings(&smallvec_smol_str(tags)),
        SsoVariant::InlineBuf => inline_buf(tags).iter().map(|s| s.as_str().to_string()).collect(),
        SsoVariant::CompactStr => strings(&compact_str(tags)),
    }
}

/// Calls `convert` `n` times, dropping each result; `black_box` keeps the work in.
#[inline(never)]
fn convert_n<T>(tags: &[&dyn Display], n: u64, convert: fn(&[&dyn Display]) -> T) {
    for _ in 0..n {
        drop(black_box(convert(black_box(tags))));
    }
}

/// Converts `tags` `n` times with `variant`, dropping each result. The benchmark entry point.
pub fn sso_batch(variant: SsoVariant, tags: &[&dyn Display], n: u64) {
    match variant {
        SsoVariant::VecString => convert_n(tags, n, vec_string),
        SsoVariant::BoxedString => convert_n(tags, n, boxed_string),
        SsoVariant::BoxedBoxed => convert_n(tags, n, boxed_boxed),
        SsoVariant::ThreadLocal => convert_n(tags, n, thread_local_buffer),
        SsoVariant::Smallvec => convert_n(tags, n, smallvec_string),
        SsoVariant::SmolStr => convert_n(tags, n, smol_str),
        SsoVariant::SmallvecSmolStr => convert_n(tags, n, smallvec_smol_str),
        SsoVariant::InlineBuf => convert_n(tags, n, inline_buf),
        SsoVariant::CompactStr => convert_n(tags, n, compact_str),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn every_variant_gives_the_same_strings_on_every_input_set() {
        for set in InputSet::ALL {
            let input = SsoInput::new(set);
            let expected = input.expected();
            for variant in SsoVariant::ALL {
                assert_eq!(sso_collect(variant, &input.tags()), expected, "{variant} on {set:?}");
            }
        }
    }

    #[test]
    fn input_sets_have_the_promised_shapes() {
        let lens = |set| SsoInput::new(set).expected().iter().map(String::len).collect::<Vec<_>>();
        assert!(lens(InputSet::Empty).is_empty());
        assert!(lens(InputSet::Short).iter().all(|&l| l <= InlineStr::INLINE_CAPACITY), "{:?}", lens(InputSet::Short));
        let mixed = lens(InputSet::Mixed);
        assert_eq!(mixed.iter().filter(|&&l| l > 24).count(), 4, "{mixed:?}");
        let long = lens(InputSet::Long);
        assert!(long.iter().all(|&l| l >= 30), "{long:?}");
        assert!(long.iter().any(|&l| l > STACK_BUFFER_BYTES), "{long:?}");
    }

    #[test]
    fn stack_buffer_keeps_short_text_inline_and_falls_back_for_long_text() {
        assert!(inline_str_via_stack(&"short").is_inline());
        let long = "x".repeat(STACK_BUFFER_BYTES + 1);
        let built = inline_str_via_stack(&long);
        assert!(!built.is_inline());
        assert_eq!(built.as_str(), long);
        assert_eq!(inline_str_via_stack(&"y".repeat(STACK_BUFFER_BYTES)).len(), STACK_BUFFER_BYTES);
    }

    #[test]
    fn ids_round_trip_and_batches_run() {
        let input = SsoInput::new(InputSet::Mixed);
        for variant in SsoVariant::ALL {
            assert_eq!(SsoVariant::parse(variant.id()), Some(variant));
            assert_eq!(serde_json::to_string(&variant).unwrap(), format!("\"{}\"", variant.id()));
            sso_batch(variant, &input.tags(), 3);
        }
        for set in InputSet::ALL {
            assert_eq!(InputSet::parse(set.id()), Some(set));
        }
    }
}
