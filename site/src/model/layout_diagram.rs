//! The layout diagrams chapters 1–3 and 5 show in their HTML (cheats.rs-style pictures, readable
//! with JavaScript off): each diagram is blocks of cells, every cell a run of bytes with one role
//! ([`Role`]: one colour per role on every page). Sizes come from layout facts a results file
//! recorded (`LayoutFacts`: x86_64 from a native run, wasm32 from a browser run), the same facts
//! the size widget reads; the word order of `String` and the small-string types' bytes come from
//! wasm-core's inspectors run on the build's own target, as the live widgets run them on wasm32.
//! Pure: `components/layout_diagram.rs` draws it.

use wasm_core::inspect::sso::{inspect, Marker, SsoType};
use wasm_core::results::LayoutFacts;

/// What a run of bytes is. One colour each, the same in every chapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// An address: of text, of a value, of a vtable, of a function.
    Pointer,
    /// A length or a capacity, in bytes or elements.
    Length,
    /// A reference count (`strong`, `weak`).
    Count,
    /// Text: UTF-8 bytes of the string.
    Text,
    /// A value that is not text (the `u64`, the `u32` elements, a vtable's size and align).
    Value,
    /// The byte a small string reads to tell inline from heap.
    Tag,
    /// Bytes the value owns but this text does not use.
    Spare,
}

impl Role {
    /// Every role, in the legend's order.
    pub const ALL: [Role; 7] = [Role::Pointer, Role::Length, Role::Count, Role::Text, Role::Value, Role::Tag, Role::Spare];

    /// The name in CSS classes and `data-role`.
    pub fn key(self) -> &'static str {
        match self {
            Role::Pointer => "pointer",
            Role::Length => "length",
            Role::Count => "count",
            Role::Text => "text",
            Role::Value => "value",
            Role::Tag => "tag",
            Role::Spare => "spare",
        }
    }

    /// The legend's words.
    pub fn meaning(self) -> &'static str {
        match self {
            Role::Pointer => "pointer (an address)",
            Role::Length => "length or capacity",
            Role::Count => "reference count",
            Role::Text => "text (UTF-8 bytes)",
            Role::Value => "other data",
            Role::Tag => "inline-or-heap tag",
            Role::Spare => "unused by this text",
        }
    }
}

/// A run of `bytes` bytes with one role and a short label (it has to fit in 4 bytes' width).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub bytes: u32,
    pub role: Role,
    pub label: String,
}

fn cell(bytes: u32, role: Role, label: impl Into<String>) -> Cell {
    Cell { bytes, role, label: label.into() }
}

/// One value in memory: a handle (on the stack, say) or what one points at (on the heap, or static
/// data). `points_to`: the index of the block the first pointer cell's address leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub title: String,
    pub cells: Vec<Cell>,
    /// Drawn indented, under the handle that points at it.
    pub pointee: bool,
    /// For each pointer cell (by index into `cells`), the block (index into the panel) it leads to.
    pub arrows: Vec<(usize, usize)>,
}

impl Block {
    pub fn bytes(&self) -> u32 {
        self.cells.iter().map(|c| c.bytes).sum()
    }
}

/// One target's picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    /// `x86_64`, `wasm32`, ...
    pub target: String,
    pub blocks: Vec<Block>,
    /// Where the sizes come from, said under the picture.
    pub source: String,
}

/// Which picture a chapter places with `<!-- diagram: NAME -->`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramKind {
    /// `thin-and-wide`: a `&u64` (one word) beside a `&str` (address and length).
    ThinAndWide,
    /// `wide-pointers`: a `&[u32]` (address and element count) and a `&dyn Display` (address and
    /// vtable, with the vtable's first entries).
    WidePointers,
    /// `arc-inner`: an `Arc<str>` and the block behind it: strong, weak, then the text.
    ArcInner,
    /// `small-strings`: `String`, `Box<str>` and `Arc<str>` with their heap blocks, and the
    /// build's target's `CompactString` and `SmolStr` holding the same text inline.
    SmallStrings,
}

impl DiagramKind {
    pub const ALL: [DiagramKind; 4] =
        [DiagramKind::ThinAndWide, DiagramKind::WidePointers, DiagramKind::ArcInner, DiagramKind::SmallStrings];

    /// The name a chapter writes.
    pub fn name(self) -> &'static str {
        match self {
            DiagramKind::ThinAndWide => "thin-and-wide",
            DiagramKind::WidePointers => "wide-pointers",
            DiagramKind::ArcInner => "arc-inner",
            DiagramKind::SmallStrings => "small-strings",
        }
    }

    pub fn from_name(name: &str) -> Option<DiagramKind> {
        DiagramKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The caption's first sentence.
    pub fn caption(self) -> &'static str {
        match self {
            DiagramKind::ThinAndWide => "A thin pointer is one word; a pointer to a str carries the length as a second word.",
            DiagramKind::WidePointers => "Two kinds of wide pointer: address and count for a slice, address and vtable for a trait object.",
            DiagramKind::ArcInner => "An Arc<str> is a wide pointer to one heap block: the strong count, the weak count, then the text.",
            DiagramKind::SmallStrings => "The same five bytes of text in five string types: three point at the heap, two keep it inline.",
        }
    }
}

/// The text every diagram stores.
pub const TEXT: &str = "hello";

/// The layout facts one panel is drawn from: a target and the file that recorded them.
#[derive(Clone, Debug)]
pub struct TargetFacts {
    pub target: String,
    /// The results file (`name.json`) the facts were read from.
    pub file: String,
    pub layouts: LayoutFacts,
}

impl TargetFacts {
    fn size(&self, type_name: &str) -> Option<u32> {
        self.layouts.types.iter().find(|t| t.type_name == type_name).map(|t| t.size_bytes)
    }
}

/// The files a diagram's panels are drawn from, of valid files in name order: the first x86_64 run
/// the project's native runner wrote (the size widget's choice) and the first browser run (wasm32).
/// Either is left out when no such file is shipped.
pub fn targets(machines: &[crate::loaded::ValidFile]) -> Vec<TargetFacts> {
    let facts = |m: &crate::loaded::ValidFile| TargetFacts {
        target: m.data.machine.arch.clone(),
        file: m.file_name.clone(),
        layouts: m.data.layouts.clone(),
    };
    let native = machines.iter().find(|m| m.data.machine.arch == "x86_64" && m.data.runner.name == "native-runner");
    let browser = machines.iter().find(|m| m.data.machine.arch == "wasm32" && m.data.runner.name == wasm_core::browser::BROWSER_RUNNER);
    native.into_iter().chain(browser).map(facts).collect()
}

/// `kind`'s panels from `targets`: the build's own target's facts get the inspectors' readings.
pub fn panels(kind: DiagramKind, targets: &[TargetFacts]) -> Vec<Panel> {
    targets.iter().filter_map(|t| panel(kind, t, t.target == std::env::consts::ARCH)).collect()
}

/// The roles of a `String`'s three words, in memory order, read from a real `String` on the build's
/// target by its bytes (capacity 16 and length 5 tell the two counts apart; the pointer equals
/// `as_ptr`). `None` if the words are not three distinct ones of those.
pub fn string_word_order() -> Option<[&'static str; 3]> {
    let mut s = String::with_capacity(16);
    s.push_str(TEXT);
    let bytes = wasm_core::inspect::bytes_of(&s);
    let word = wasm_core::inspect::WORD;
    if bytes.len() != 3 * word {
        return None;
    }
    let mut order = [""; 3];
    for (i, slot) in order.iter_mut().enumerate() {
        let w = wasm_core::inspect::word_at(&bytes, i);
        *slot = if w == s.as_ptr() as usize {
            "ptr"
        } else if w == s.capacity() {
            "cap"
        } else if w == s.len() {
            "len"
        } else {
            return None;
        };
    }
    let mut sorted = order;
    sorted.sort_unstable();
    (sorted == ["cap", "len", "ptr"]).then_some(order)
}

/// [`TEXT`] as one run of bytes (a cell per byte would be too narrow to read on a phone).
fn text_cell() -> Cell {
    cell(TEXT.len() as u32, Role::Text, TEXT)
}

fn text_block(title: &str) -> Block {
    Block { title: title.into(), cells: vec![text_cell()], pointee: true, arrows: Vec::new() }
}

fn two_word_handle(title: &str, word: u32, second: Cell, target: usize) -> Block {
    Block { title: title.into(), cells: vec![cell(word, Role::Pointer, "ptr"), second], pointee: false, arrows: vec![(0, target)] }
}

fn arc_blocks(facts: &TargetFacts, word: u32, handle_title: &str) -> Option<[Block; 2]> {
    let len = TEXT.len();
    let handle = two_word_handle(handle_title, word, cell(word, Role::Length, format!("len {len}")), usize::MAX);
    let header = facts.layouts.arc_header_bytes;
    // The header is two words (strong, weak) on every target std supports; drawn as one cell if a
    // file ever records otherwise, rather than split where nothing says it splits.
    let counts = if header == 2 * word {
        vec![cell(word, Role::Count, "strong 1"), cell(word, Role::Count, "weak 1")]
    } else {
        vec![cell(header, Role::Count, "counts")]
    };
    let mut inner = text_block("ArcInner (heap)");
    inner.cells.splice(0..0, counts);
    // std pads the block to the counters' alignment (a word): the padding is the block's, unused.
    let pad = inner.bytes().next_multiple_of(word) - inner.bytes();
    if pad > 0 {
        inner.cells.push(cell(pad, Role::Spare, ""));
    }
    (facts.size("Arc<str>")? == handle.bytes()).then_some([handle, inner])
}

/// Points every handle's arrows (placeholder `usize::MAX`) at the block that follows it.
fn link_next(mut blocks: Vec<Block>) -> Vec<Block> {
    for (i, block) in blocks.iter_mut().enumerate() {
        for a in &mut block.arrows {
            if a.1 == usize::MAX {
                a.1 = i + 1;
            }
        }
    }
    blocks
}

/// The blocks of the build target's small string holding [`TEXT`], read by the SSO inspector:
/// the text where it lies in the value, the tag byte, and the rest spare.
fn inline_block(kind: SsoType) -> Option<Block> {
    let v = inspect(kind, TEXT);
    let offset = v.text_offset?;
    let (tag, marker) = v.marker?;
    if !v.inline || !matches!(marker, Marker::InlineLength(_)) || (offset..offset + v.text_len).contains(&tag) {
        return None;
    }
    let mut cells: Vec<Cell> = Vec::new();
    let mut at = 0;
    let spare_until = |cells: &mut Vec<Cell>, from: usize, to: usize| {
        if to > from {
            cells.push(cell((to - from) as u32, Role::Spare, ""));
        }
    };
    let mut marks = vec![(offset, "text"), (tag, "tag")];
    marks.sort();
    for (pos, what) in marks {
        spare_until(&mut cells, at, pos);
        if what == "text" {
            cells.push(text_cell());
            at = pos + v.text_len;
        } else {
            cells.push(cell(1, Role::Tag, "tag byte"));
            at = pos + 1;
        }
    }
    spare_until(&mut cells, at, v.bytes.len());
    Some(Block { title: format!("{} (inline)", kind.name()), cells, pointee: false, arrows: Vec::new() })
}

/// One target's blocks for `kind`; `host` when the facts are the build's own target's, where the
/// inspectors' readings (String's word order, the inline types) apply. `None` when the file lacks a
/// size the picture needs or the size disagrees with the cells.
pub fn panel(kind: DiagramKind, facts: &TargetFacts, host: bool) -> Option<Panel> {
    let word = facts.size("usize")?;
    let len = TEXT.len();
    let blocks = match kind {
        DiagramKind::ThinAndWide => {
            let thin = Block {
                title: "&u64".into(),
                cells: vec![cell(word, Role::Pointer, "ptr")],
                pointee: false,
                arrows: vec![(0, usize::MAX)],
            };
            let value = Block { title: "u64".into(), cells: vec![cell(8, Role::Value, "42")], pointee: true, arrows: Vec::new() };
            let wide = two_word_handle("&str", word, cell(word, Role::Length, format!("len {len}")), usize::MAX);
            if facts.size("&str")? != wide.bytes() {
                return None;
            }
            link_next(vec![thin, value, wide, text_block("str")])
        }
        DiagramKind::WidePointers => {
            let slice = two_word_handle("&[u32]", word, cell(word, Role::Length, "len 3"), usize::MAX);
            let elements = Block {
                title: "[u32]".into(),
                cells: [10, 20, 30].map(|n| cell(4, Role::Value, n.to_string())).into(),
                pointee: true,
                arrows: Vec::new(),
            };
            let object = Block {
                title: "&dyn Display".into(),
                cells: vec![cell(word, Role::Pointer, "data"), cell(word, Role::Pointer, "vtable")],
                pointee: false,
                arrows: vec![(0, 3), (1, 4)],
            };
            let value = Block { title: "u32".into(), cells: vec![cell(4, Role::Value, "7")], pointee: true, arrows: Vec::new() };
            let vtable = Block {
                title: "vtable (static)".into(),
                cells: vec![
                    // A u32 has no drop glue: its vtable's drop slot is null (chapter 2; inspect::wide's tests).
                    cell(word, Role::Pointer, "drop=0"),
                    cell(word, Role::Value, "size 4"),
                    cell(word, Role::Value, "align 4"),
                    cell(word, Role::Pointer, "fmt"),
                ],
                pointee: true,
                arrows: Vec::new(),
            };
            if facts.size("&[u32]")? != slice.bytes() || facts.size("&dyn Display")? != object.bytes() {
                return None;
            }
            let mut blocks = link_next(vec![slice, elements]);
            blocks.extend([object, value, vtable]);
            blocks
        }
        DiagramKind::ArcInner => link_next(arc_blocks(facts, word, "Arc<str>")?.into()),
        DiagramKind::SmallStrings => {
            let string = match (host, string_word_order()) {
                (true, Some(order)) => order,
                // Another target's word order is not read here: drawn as the build's, said in the caption.
                (false, _) => string_word_order().unwrap_or(["ptr", "cap", "len"]),
                (true, None) => return None,
            };
            let string = Block {
                title: "String".into(),
                cells: string
                    .iter()
                    .map(|w| match *w {
                        "ptr" => cell(word, Role::Pointer, "ptr"),
                        "cap" => cell(word, Role::Length, "cap 16"),
                        _ => cell(word, Role::Length, format!("len {len}")),
                    })
                    .collect(),
                pointee: false,
                arrows: vec![(string.iter().position(|w| *w == "ptr")?, usize::MAX)],
            };
            if facts.size("String")? != string.bytes() {
                return None;
            }
            let mut heap = text_block("heap, 16 reserved");
            heap.cells.push(cell(11, Role::Spare, ""));
            let boxed = two_word_handle("Box<str>", word, cell(word, Role::Length, format!("len {len}")), usize::MAX);
            if facts.size("Box<str>")? != boxed.bytes() {
                return None;
            }
            let [arc, inner] = arc_blocks(facts, word, "Arc<str>")?;
            let mut blocks = link_next(vec![string, heap]);
            let boxed_at = blocks.len();
            blocks.extend([Block { arrows: vec![(0, boxed_at + 1)], ..boxed }, text_block("heap")]);
            let arc_at = blocks.len();
            blocks.extend([Block { arrows: vec![(0, arc_at + 1)], ..arc }, inner]);
            if host {
                blocks.extend([SsoType::CompactString, SsoType::SmolStr].into_iter().filter_map(inline_block));
            }
            blocks
        }
    };
    Some(Panel { target: facts.target.clone(), blocks, source: facts.file.clone() })
}

/// What a screen reader hears for one panel: each block's size and cells.
pub fn describe(panel: &Panel) -> String {
    let blocks: Vec<String> = panel
        .blocks
        .iter()
        .map(|b| {
            let mut parts: Vec<String> = Vec::new();
            for c in &b.cells {
                match c.role {
                    Role::Text => parts.push(format!("text \"{}\"", c.label)),
                    Role::Spare => parts.push(format!("{} spare", c.bytes)),
                    _ => parts.push(format!("{} ({} bytes)", c.label, c.bytes)),
                }
            }
            format!("{}: {} bytes: {}", b.title, b.bytes(), parts.join(", "))
        })
        .collect();
    format!("On {}: {}.", panel.target, blocks.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(target: &str, word: u32) -> TargetFacts {
        let t =
            |name: &str, words: u32| wasm_core::layout::TypeLayout { type_name: name.into(), size_bytes: words * word, align_bytes: word };
        TargetFacts {
            target: target.into(),
            file: format!("{target}.json"),
            layouts: LayoutFacts {
                types: vec![
                    t("String", 3),
                    t("&str", 2),
                    t("Box<str>", 2),
                    t("Arc<str>", 2),
                    t("&[u32]", 2),
                    t("&dyn Display", 2),
                    t("usize", 1),
                ],
                arc_header_bytes: 2 * word,
            },
        }
    }

    #[test]
    fn every_handle_is_as_many_bytes_as_its_file_records_on_both_targets() {
        for (target, word) in [("x86_64", 8), ("wasm32", 4)] {
            let f = facts(target, word);
            for kind in DiagramKind::ALL {
                let p = panel(kind, &f, target == "x86_64").unwrap_or_else(|| panic!("{target} {kind:?}"));
                for b in p.blocks.iter().filter(|b| !b.pointee && !b.title.contains("inline")) {
                    let name = b.title.as_str();
                    let recorded = f.size(name).or((name == "&u64").then_some(word)).unwrap_or_else(|| panic!("{name}"));
                    assert_eq!(b.bytes(), recorded, "{target} {name}");
                }
                for b in &p.blocks {
                    for &(c, to) in &b.arrows {
                        assert_eq!(b.cells[c].role, Role::Pointer, "{target} {kind:?} {}: an arrow leaves a pointer", b.title);
                        assert!(p.blocks[to].pointee, "{target} {kind:?}: {} points at a pointee", b.title);
                    }
                }
            }
        }
    }

    #[test]
    fn the_arc_block_is_two_counts_then_the_text() {
        let p = panel(DiagramKind::ArcInner, &facts("wasm32", 4), false).unwrap();
        let inner = &p.blocks[1];
        assert_eq!(inner.bytes(), 16, "8 bytes of counts and 5 of text, padded to the word");
        assert_eq!(inner.cells.iter().map(|c| c.role).take(3).collect::<Vec<_>>(), [Role::Count, Role::Count, Role::Text]);
        let mut odd = facts("wasm32", 4);
        odd.layouts.arc_header_bytes = 12;
        assert_eq!(panel(DiagramKind::ArcInner, &odd, false).unwrap().blocks[1].cells[0], cell(12, Role::Count, "counts"));
        odd.layouts.types.retain(|t| t.type_name != "Arc<str>");
        assert!(panel(DiagramKind::ArcInner, &odd, false).is_none(), "no size recorded, no picture");
    }

    /// The small strings are read from real values on this target: the text inline, one tag byte,
    /// the rest spare, adding up to `size_of`.
    #[test]
    fn inline_types_come_from_the_inspector() {
        let p = panel(DiagramKind::SmallStrings, &facts(std::env::consts::ARCH, wasm_core::inspect::WORD as u32), true).unwrap();
        for kind in [SsoType::CompactString, SsoType::SmolStr] {
            let b = p.blocks.iter().find(|b| b.title.starts_with(kind.name())).unwrap();
            assert_eq!(b.bytes() as usize, kind.size(), "{kind:?}");
            assert_eq!(b.cells.iter().filter(|c| c.role == Role::Tag).count(), 1);
            let text: Vec<&str> = b.cells.iter().filter(|c| c.role == Role::Text).map(|c| c.label.as_str()).collect();
            assert_eq!(text, [TEXT]);
        }
        let wasm = panel(DiagramKind::SmallStrings, &facts("wasm32", 4), false).unwrap();
        assert!(wasm.blocks.iter().all(|b| !b.title.contains("inline")), "another target's inline layout is not drawn from this one's");
    }

    #[test]
    fn strings_words_are_read_not_assumed() {
        let order = string_word_order().expect("three words: ptr, cap and len in some order");
        let mut sorted = order;
        sorted.sort_unstable();
        assert_eq!(sorted, ["cap", "len", "ptr"]);
    }

    #[test]
    fn every_diagram_a_chapter_places_is_a_kind_and_chapters_1_to_3_and_5_place_one() {
        let mut placed = Vec::new();
        for c in crate::content::CHAPTERS {
            for part in c.parts {
                if let crate::content::Part::Diagram(name) = part {
                    if *name == "crossover" {
                        continue; // chapter 4's chart, not a layout
                    }
                    assert!(DiagramKind::from_name(name).is_some(), "{}: {name}", c.slug);
                    placed.push(c.number);
                }
            }
        }
        assert_eq!(placed, [1, 2, 3, 5]);
    }

    #[test]
    fn a_screen_reader_hears_every_block() {
        let p = panel(DiagramKind::ThinAndWide, &facts("x86_64", 8), false).unwrap();
        assert_eq!(
            describe(&p),
            "On x86_64: &u64: 8 bytes: ptr (8 bytes); u64: 8 bytes: 42 (8 bytes); &str: 16 bytes: ptr (8 bytes), len 5 (8 bytes); str: 5 bytes: text \"hello\"."
        );
    }
}
