//! The arena kernel: build a long singly linked list node by node, and free it, four ways.
//!
//! This is the experiment of "Performance cheats" (bumpalo herds): a `Box` per node asks the global
//! allocator once per node and once more per node to free; a `bumpalo::Bump` bites nodes off big
//! blocks and frees the blocks at once; a `Mutex<Bump>` shares one arena between threads (and makes
//! them queue on its lock); a `bumpalo_herd::Herd` lends each thread its own arena whose nodes stay
//! valid for the herd's lifetime, so threads never contend.
//!
//! The single-thread builders live here; the native runner splits the values into one
//! [`chunk`] per thread and runs the same builders in threads (wasm-core itself spawns none).

use bumpalo::Bump;
use bumpalo_herd::{Herd, Member};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hint::black_box;
use std::ops::Range;
use std::sync::{Mutex, PoisonError};

/// One way of allocating the nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArenaVariant {
    /// `Box<Node>` per node from the global allocator; freed node by node.
    BoxNode,
    /// One `bumpalo::Bump` (single thread only: a `Bump` is not `Sync`).
    Bump,
    /// One `Mutex<Bump>` shared by every thread, locked for every node.
    MutexBump,
    /// A `bumpalo_herd::Herd`: each thread borrows its own `Bump` from the herd.
    #[serde(rename = "bump_herd")]
    Herd,
}

impl ArenaVariant {
    /// Every variant.
    pub const ALL: [ArenaVariant; 4] = [ArenaVariant::BoxNode, ArenaVariant::Bump, ArenaVariant::MutexBump, ArenaVariant::Herd];

    /// Stable identifier used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            ArenaVariant::BoxNode => "box_node",
            ArenaVariant::Bump => "bump",
            ArenaVariant::MutexBump => "mutex_bump",
            ArenaVariant::Herd => "bump_herd",
        }
    }

    /// The allocation as written in Rust, used as the results' `variant`.
    pub fn display_name(self) -> &'static str {
        match self {
            ArenaVariant::BoxNode => "Box<Node>",
            ArenaVariant::Bump => "bumpalo::Bump",
            ArenaVariant::MutexBump => "Mutex<Bump>",
            ArenaVariant::Herd => "bumpalo_herd::Herd",
        }
    }

    /// Looks a variant up by [`ArenaVariant::id`] or [`ArenaVariant::display_name`].
    pub fn parse(text: &str) -> Option<ArenaVariant> {
        Self::ALL.into_iter().find(|v| v.id() == text || v.display_name() == text)
    }

    /// Whether several threads can build one list together with this variant.
    pub fn is_thread_safe(self) -> bool {
        self != ArenaVariant::Bump
    }
}

impl fmt::Display for ArenaVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// A list node in an arena: the arena owns it, links are plain references.
#[derive(Debug)]
pub struct Node<'a> {
    /// The payload.
    pub value: u64,
    /// The following node.
    pub next: Option<&'a Node<'a>>,
}

/// The values of the list starting at `head`, in order.
pub fn node_values<'a>(head: Option<&'a Node<'a>>) -> impl Iterator<Item = u64> + 'a {
    std::iter::successors(head, |node| node.next).map(|node| node.value)
}

/// Builds the list `values` (first value at the head) with `alloc` placing each node.
#[inline(always)]
fn build<'a>(values: Range<u64>, mut alloc: impl FnMut(Node<'a>) -> &'a Node<'a>) -> Option<&'a Node<'a>> {
    let mut head = None;
    for value in values.rev() {
        head = Some(alloc(Node { value, next: head }));
    }
    head
}

/// A heap-allocated node: one `Box` each.
#[derive(Debug)]
struct BoxNode {
    value: u64,
    next: Option<Box<BoxNode>>,
}

/// A list with one `Box` per node. Dropping it frees the nodes one by one, in a loop (the derived,
/// recursive drop would overflow the stack on a million nodes).
#[derive(Debug, Default)]
pub struct BoxList {
    head: Option<Box<BoxNode>>,
}

impl BoxList {
    /// Builds the list `values`, one allocation per node.
    pub fn build(values: Range<u64>) -> Self {
        let mut head = None;
        for value in values.rev() {
            head = Some(Box::new(BoxNode { value, next: head }));
        }
        BoxList { head }
    }

    /// The values, in order.
    pub fn values(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::successors(self.head.as_deref(), |node| node.next.as_deref()).map(|node| node.value)
    }
}

impl Drop for BoxList {
    fn drop(&mut self) {
        let mut next = self.head.take();
        while let Some(mut node) = next {
            next = node.next.take();
        }
    }
}

/// Builds the list `values` in `bump`.
pub fn bump_list<'b>(bump: &'b Bump, values: Range<u64>) -> Option<&'b Node<'b>> {
    build(values, |node| &*bump.alloc(node))
}

/// A `Bump` behind a `Mutex`, shareable by threads: every allocation takes the lock.
#[derive(Debug, Default)]
pub struct LockedBump(Mutex<Bump>);

impl LockedBump {
    /// An empty arena.
    pub fn new() -> Self {
        LockedBump::default()
    }

    /// Moves `value` into the arena, under the lock.
    pub fn alloc<T>(&self, value: T) -> &T {
        let slot: *mut T = self.0.lock().unwrap_or_else(PoisonError::into_inner).alloc(value);
        // SAFETY: a `Bump` never moves or frees an allocation before it is reset or dropped. The
        // `Bump` is private to this type, which never resets it, and it is dropped only with `self`,
        // which the returned reference borrows. The slot was handed out once, so no `&mut` aliases it.
        unsafe { &*slot }
    }

    /// Bytes the arena has taken from the global allocator.
    pub fn allocated_bytes(&self) -> usize {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).allocated_bytes()
    }
}

/// Builds the list `values` in the shared, locked arena.
pub fn locked_list<'b>(arena: &'b LockedBump, values: Range<u64>) -> Option<&'b Node<'b>> {
    build(values, |node| arena.alloc(node))
}

/// Builds the list `values` in a herd member's arena; the nodes live as long as the herd.
pub fn herd_list<'h>(member: &Member<'h>, values: Range<u64>) -> Option<&'h Node<'h>> {
    build(values, |node| &*member.alloc(node))
}

/// The `index`-th of `parts` contiguous, nearly equal ranges covering `0..nodes`.
pub fn chunk(nodes: u64, parts: u32, index: u32) -> Range<u64> {
    let parts = u64::from(parts.max(1));
    let at = |i: u64| nodes / parts * i + (nodes % parts).min(i);
    at(u64::from(index))..at(u64::from(index) + 1)
}

/// What walking a list found: enough to tell two lists' contents apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListDigest {
    /// Nodes walked.
    pub nodes: u64,
    /// Sum of the values (wrapping).
    pub sum: u64,
    /// Whether every value was its predecessor plus one.
    pub consecutive: bool,
}

impl ListDigest {
    /// The digest of `values`.
    pub fn of(values: impl IntoIterator<Item = u64>) -> Self {
        let mut digest = ListDigest { consecutive: true, ..Default::default() };
        let mut previous: Option<u64> = None;
        for value in values {
            digest.nodes += 1;
            digest.sum = digest.sum.wrapping_add(value);
            digest.consecutive &= previous.is_none_or(|p| p.wrapping_add(1) == value);
            previous = Some(value);
        }
        digest
    }
}

/// Builds one list of `nodes` nodes with `variant` on this thread, hands its digest to `inspect` and
/// frees it; returns the head's value so the work cannot be skipped.
fn build_once(variant: ArenaVariant, nodes: u64, inspect: &mut dyn FnMut(ListDigest)) -> u64 {
    let values = 0..nodes;
    let head_value = |head: Option<&Node<'_>>| head.map_or(0, |n| black_box(n.value));
    match variant {
        ArenaVariant::BoxNode => {
            let list = BoxList::build(values);
            inspect(ListDigest::of(list.values()));
            black_box(list.head.as_ref().map_or(0, |n| n.value))
        }
        ArenaVariant::Bump => {
            let bump = Bump::new();
            let head = bump_list(&bump, values);
            inspect(ListDigest::of(node_values(head)));
            head_value(head)
        }
        ArenaVariant::MutexBump => {
            let arena = LockedBump::new();
            let head = locked_list(&arena, values);
            inspect(ListDigest::of(node_values(head)));
            head_value(head)
        }
        ArenaVariant::Herd => {
            let herd = Herd::new();
            let head = herd_list(&herd.get(), values);
            inspect(ListDigest::of(node_values(head)));
            head_value(head)
        }
    }
}

/// Builds and frees `n` lists of `nodes` nodes each with `variant`, on this thread. The benchmark
/// entry point of the single-thread (browser) runs.
pub fn arena_batch(variant: ArenaVariant, nodes: u64, n: u64) -> u64 {
    (0..n).fold(0, |acc, _| acc.wrapping_add(build_once(variant, nodes, &mut |_| {})))
}

/// Builds one list on this thread and returns the digest of its contents (for checking).
pub fn arena_digest(variant: ArenaVariant, nodes: u64) -> ListDigest {
    let mut digest = ListDigest::default();
    build_once(variant, nodes, &mut |d| digest = d);
    digest
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn every_variant_builds_the_same_list() {
        // Miri interprets every node: a smaller list still walks every variant's code path.
        let nodes = if cfg!(miri) { 2_000 } else { 100_000 };
        let expected = ListDigest::of(0..nodes);
        assert_eq!(expected, ListDigest { nodes, sum: nodes * (nodes - 1) / 2, consecutive: true });
        for variant in ArenaVariant::ALL {
            assert_eq!(arena_digest(variant, nodes), expected, "{variant}");
            assert_eq!(arena_batch(variant, 10, 3), 0);
            assert_eq!(arena_digest(variant, 0), ListDigest { consecutive: true, ..Default::default() });
        }
    }

    #[test]
    fn a_long_box_list_drops_without_overflowing_the_stack() {
        // A million nodes would overflow the stack with a recursive drop; under Miri a shorter list
        // still checks that the drop is iterative and frees every node (Miri reports leaks).
        let nodes: u64 = if cfg!(miri) { 5_000 } else { 1_000_000 };
        let list = BoxList::build(0..nodes);
        assert_eq!(list.values().count() as u64, nodes);
        drop(list);
    }

    #[test]
    fn chunks_cover_the_range_in_order() {
        for (nodes, parts) in [(10, 3), (1_000_000, 2), (2, 4), (0, 1), (7, 1)] {
            let chunks: Vec<_> = (0..parts).map(|i| chunk(nodes, parts, i)).collect();
            assert_eq!(chunks[0].start, 0);
            assert_eq!(chunks.last().unwrap().end, nodes);
            assert!(chunks.windows(2).all(|w| w[0].end == w[1].start), "{chunks:?}");
            let sizes: Vec<u64> = chunks.iter().map(|c| c.end - c.start).collect();
            assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{sizes:?}");
        }
    }

    #[test]
    fn digest_notices_gaps_and_order() {
        assert!(!ListDigest::of([0, 2, 3]).consecutive);
        assert!(!ListDigest::of([1, 0]).consecutive);
        assert_ne!(ListDigest::of(0..3), ListDigest::of(1..4));
        let arena = LockedBump::new();
        assert_eq!(*arena.alloc(5u64), 5);
        assert!(arena.allocated_bytes() >= 8);
    }

    #[test]
    fn ids_round_trip() {
        for variant in ArenaVariant::ALL {
            assert_eq!(ArenaVariant::parse(variant.id()), Some(variant));
            assert_eq!(serde_json::to_string(&variant).unwrap(), format!("\"{}\"", variant.id()));
        }
        assert!(!ArenaVariant::Bump.is_thread_safe() && ArenaVariant::Herd.is_thread_safe());
    }
}
