//! One encoding on every chart: colour is what is measured (a type, or a suite's variant), the
//! marker shape is where (a machine). So amber is `Arc<str>`'s on every page, and a machine keeps its
//! marker from `/results` to a chapter's figure and `/bench`.
//!
//! - Colours are indices into the twenty-three `--series-N` custom properties of `style.css`
//!   ([`SERIES_COLOURS`]). A type (clone variant) keeps its place among the shareable types
//!   (`CloneType::shareable`, the contention charts' order); `Rc<str>`, which no contention chart draws, takes the
//!   colour after them ([`type_colour`]); another suite's variant a colour of its own ([`variant_colour`]).
//! - Markers are the thirteen shapes of `charts.js` ([`MARKER_SHAPES`]). The reader's own browser run
//!   always has the last, [`BROWSER_MARKER`]; a machine (the site's one definition,
//!   [`wasm_core::machine_key`]: what its files record of the hardware) has the rank of its key among
//!   the machines of every results file the site ships, over the other twelve. Whoever loads files
//!   holds that list as a value ([`Markers`], from the index or the build's folder) and gives each
//!   [`crate::loaded::ValidFile`] its machine's marker, so the marker is the same on every page of one
//!   build, whatever else a chart draws. Files of one machine share its marker; where a chart draws
//!   several, each carries its run number as well (a small numeral beside the marker,
//!   [`ChartMarker::run`]). Beyond twelve machines, [`chart_markers`] keeps the machines of one chart
//!   apart, and a chart draws at most [`MACHINES_PER_CHART`] files, naming the ones it leaves out.
//! - Noise is not a marker's business: a noisy point keeps its shape and colour and gets a dotted
//!   ring (a bar is drawn pale), so it reads the same on filled and outline shapes.

/// The `--series-N` colours of `style.css` (and `charts.js`): one for each clone type, then one for
/// `String` on each other allocator of the allocator A/B ([`allocator_colour`]).
pub const SERIES_COLOURS: u32 = 25;
/// The colours of what is not the allocator A/B: the types, and other suites' variants.
const TYPE_COLOURS: u32 = SERIES_COLOURS - wasm_core::kernels::CloneAllocator::ALTERNATIVES.len() as u32;

/// The colour of `String` cloned on `allocator` instead of the global one (the allocator A/B): a
/// colour of its own after every type's, since it is another thing measured.
pub fn allocator_colour(allocator: wasm_core::kernels::CloneAllocator) -> u32 {
    let alternatives = wasm_core::kernels::CloneAllocator::ALTERNATIVES;
    let rank = alternatives.iter().position(|a| *a == allocator).unwrap_or(0) as u32;
    TYPE_COLOURS + rank
}

/// The colour of a clone type (`arc_str`, `string`, ...) on every chart: its place among the types
/// the contention charts draw; a type outside them (`rc_str`) takes the colour after the last.
pub fn type_colour(variant_id: &str) -> u32 {
    let types = wasm_core::kernels::CloneType::shareable().map(|t| t.id());
    let mut count = 0;
    for (i, id) in (0u32..).zip(types) {
        if id == variant_id {
            return i;
        }
        count = i + 1;
    }
    count % TYPE_COLOURS
}

/// A stable hash of `text` for a slot no list ranks (FNV-1a: any fixed hash does; this one needs no
/// dependency).
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The colour of a bar chart's variant: a clone type's own ([`type_colour`]); another suite's
/// variant (`vec_string`, `rwlock`, `bump`) a colour hashed from its id, the same on every page
/// (a chart keeps its variants apart with [`distinct_variants`]).
pub fn variant_colour(variant_id: &str) -> u32 {
    match wasm_core::kernels::CloneType::parse(variant_id) {
        Some(_) => type_colour(variant_id),
        None => fnv1a(variant_id) % TYPE_COLOURS,
    }
}

/// `(category, colour)` for one chart's variants in order, a colour already taken moving to the next
/// free one, so no two bars of different variants look alike.
pub fn distinct_variants(wanted: impl IntoIterator<Item = (String, u32)>) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for (category, colour) in wanted {
        if out.iter().any(|(c, _)| *c == category) {
            continue;
        }
        let free = (0..TYPE_COLOURS).map(|k| (colour + k) % TYPE_COLOURS).find(|c| !out.iter().any(|(_, t)| t == c));
        out.push((category, free.unwrap_or(colour)));
    }
    out
}

/// The marker shapes `charts.js` draws (`MARKERS`): seven filled, six in outline.
pub const MARKER_SHAPES: u32 = 13;

/// The marker of the reader's own browser run, on every chart that shows one.
pub const BROWSER_MARKER: u32 = MARKER_SHAPES - 1;

/// The most machines one chart draws: one marker shape each, the browser's aside. A chart asked for
/// more draws the first this many and names the rest ([`crate::charts::ChartSpec::left_out`]), so no
/// two of its machines ever share a marker.
pub const MACHINES_PER_CHART: usize = BROWSER_MARKER as usize;

/// `items` (machines, in the order chosen) split where a chart stops telling them apart: the first
/// [`MACHINES_PER_CHART`] it draws, and the rest it names instead.
pub fn split_charted<T>(items: &[T]) -> (&[T], &[T]) {
    items.split_at(items.len().min(MACHINES_PER_CHART))
}

/// The machines of the site's results files, by machine key ([`wasm_core::machine_key`], from the
/// build's folder): what a machine's marker is the rank in (the summary's `hardware`). Sorted and
/// without repeats, so the rank does not depend on the order the list came in; files of one machine
/// are one entry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Markers {
    machines: wasm_core::machine_key::MachineRanks,
}

impl Markers {
    /// The list of machine keys, in any order, repeats allowed.
    pub fn of<S: AsRef<str>>(machine_keys: impl IntoIterator<Item = S>) -> Markers {
        Markers { machines: wasm_core::machine_key::MachineRanks::of(machine_keys) }
    }

    /// The marker shape of the machine `machine_key` on every chart (colour is the type): its rank
    /// in the list over the twelve shapes that are not the browser's, so that a machine's marker is
    /// the same on every page (up to twelve machines; beyond, a chart keeps its own machines apart
    /// with [`chart_markers`]). A key the list does not hold takes a hashed one.
    pub fn of_machine(&self, machine_key: &str) -> u32 {
        marker_of_rank(self.machines.rank(machine_key).unwrap_or_else(|| fnv1a(machine_key)))
    }
}

/// The marker of the machine of rank `rank` among the site's machines: what [`Markers::of_machine`]
/// gives, for a page that has only the summary's rank ([`wasm_core::summary::MachineSummary::hardware`]).
pub fn marker_of_rank(rank: u32) -> u32 {
    rank % BROWSER_MARKER
}

/// How one chart marks one file's series: its machine's shape, and which of that machine's files it
/// is where the chart draws more than one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartMarker {
    /// The marker shape (the machine's, [`Markers::of_machine`]).
    pub marker: u32,
    /// 1, 2, ... in the chart's order among the files of its machine that the chart draws, drawn as
    /// a numeral beside the marker; `None` where the chart draws one file of that machine.
    pub run: Option<u32>,
}

impl ChartMarker {
    /// The reader's own browser run: the browser's marker, never numbered.
    pub const BROWSER: ChartMarker = ChartMarker { marker: BROWSER_MARKER, run: None };
}

/// The marks of one chart's files, each given as `(machine key, marker)`: files of one machine keep
/// their shared marker and are numbered; a machine whose marker another machine of the chart took
/// (past twelve machines) moves to the next free machine marker; the browser's stays.
pub fn chart_markers<K: PartialEq>(wanted: impl IntoIterator<Item = (K, u32)>) -> Vec<ChartMarker> {
    let wanted: Vec<(K, u32)> = wanted.into_iter().collect();
    let mut machines: Vec<(&K, u32)> = Vec::new();
    for (key, want) in &wanted {
        let want = *want;
        if machines.iter().any(|(k, _)| *k == key) {
            continue;
        }
        let free = |m: &u32| !machines.iter().any(|(_, taken)| taken == m);
        let marker = match want {
            BROWSER_MARKER => want,
            _ => (0..BROWSER_MARKER).map(|k| (want + k) % BROWSER_MARKER).find(free).unwrap_or(want),
        };
        machines.push((key, marker));
    }
    let mut seen: Vec<&K> = Vec::new();
    wanted
        .iter()
        .map(|(key, _)| {
            let files = wanted.iter().filter(|(k, _)| k == key).count();
            seen.push(key);
            let nth = seen.iter().filter(|k| **k == key).count() as u32;
            let marker = machines.iter().find(|(k, _)| *k == key).map_or(0, |(_, m)| *m);
            ChartMarker { marker, run: (files > 1).then_some(nth) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clone_type_has_a_colour_of_its_own() {
        let mut colours: Vec<u32> = wasm_core::kernels::CloneType::ALL.iter().map(|t| type_colour(t.id())).collect();
        assert!(colours.iter().all(|&c| c < SERIES_COLOURS));
        colours.sort_unstable();
        colours.dedup();
        assert_eq!(colours.len(), wasm_core::kernels::CloneType::ALL.len(), "two types share a colour");
        // String on the A/B's other allocators: colours no type has.
        for a in wasm_core::kernels::CloneAllocator::ALTERNATIVES {
            assert!(!colours.contains(&allocator_colour(a)) && allocator_colour(a) < SERIES_COLOURS, "{a}");
        }
        assert_ne!(
            allocator_colour(wasm_core::kernels::CloneAllocator::BumpHerd),
            allocator_colour(wasm_core::kernels::CloneAllocator::ThreadPool)
        );
        let css = include_str!("../style.css");
        assert!(css.contains(&format!("--series-{SERIES_COLOURS}:")) && !css.contains(&format!("--series-{}:", SERIES_COLOURS + 1)));
        assert!(include_str!("../js/charts.js").contains(&format!("% {SERIES_COLOURS}) + 1")));
    }

    #[test]
    fn a_variant_is_coloured_as_its_type_and_a_charts_variants_never_share_a_colour() {
        assert_eq!(variant_colour("arc_str"), type_colour("arc_str"));
        let sso = variant_colour("vec_string");
        assert_eq!(sso, variant_colour("vec_string"), "stable");
        assert!(sso < SERIES_COLOURS);
        let picked =
            distinct_variants([("a".to_owned(), 3), ("b".to_owned(), 3), ("a".to_owned(), 7), ("c".to_owned(), 22), ("d".to_owned(), 22)]);
        assert_eq!(picked, [("a".to_owned(), 3), ("b".to_owned(), 4), ("c".to_owned(), 22), ("d".to_owned(), 0)]);
    }

    #[test]
    fn a_machines_marker_is_its_keys_rank_in_whatever_order_the_list_came_and_never_the_browsers() {
        // Files of one machine (one key) are one entry.
        let known = Markers::of(["c", "a", "b", "a"]);
        assert_eq!([known.of_machine("a"), known.of_machine("b"), known.of_machine("c")], [0, 1, 2]);
        assert_eq!(Markers::of(["b", "c", "a"]).of_machine("c"), 2);
        // The thirteenth machine wraps round the twelve machine markers; the browser's is never used.
        let many: Vec<String> = (0..20).map(|i| format!("m{i:02}")).collect();
        let known = Markers::of(&many);
        assert_eq!((known.of_machine("m11"), known.of_machine("m12")), (11, 0));
        assert!(many.iter().all(|m| known.of_machine(m) != BROWSER_MARKER));
        // A key the list does not hold still gets a stable marker.
        assert_eq!(known.of_machine("somewhere"), Markers::default().of_machine("somewhere"));
        assert!(include_str!("../js/charts.js").contains(&format!("const MARKER_SHAPES = {MARKER_SHAPES};")));
    }

    #[test]
    fn one_machines_files_share_its_marker_and_are_numbered_while_other_machines_are_kept_apart() {
        let mark = |marker, run| ChartMarker { marker, run };
        // x and z both want 0 (thirteen machines or more): z moves; x's two files keep 0, numbered.
        let marks = chart_markers([("x", 0), ("z", 0), ("live", BROWSER_MARKER), ("x", 0), ("y", 11)]);
        assert_eq!(marks, [mark(0, Some(1)), mark(1, None), mark(BROWSER_MARKER, None), mark(0, Some(2)), mark(11, None)]);
        // One file per machine: no numbers, and every shape as wanted.
        assert_eq!(chart_markers([("a", 4), ("b", 7)]), [mark(4, None), mark(7, None)]);
        assert!(chart_markers::<&str>([]).is_empty());
    }
}
