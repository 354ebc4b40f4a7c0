//! One encoding on every chart: colour is what is measured (a type, or a suite's variant), the
//! marker shape is where (a machine). So amber is `Arc<str>`'s on every page, and a machine keeps its
//! marker from `/results` to a chapter's figure and `/bench`.
//!
//! - Colours are indices into the twenty-three `--series-N` custom properties of `style.css`
//!   ([`SERIES_COLOURS`]). A type (clone variant) keeps its place among the shareable types
//!   (`CloneType::shareable`, the contention charts' order); `Rc<str>`, which no contention chart draws, takes the
//!   colour after them ([`type_colour`]); another suite's variant a colour of its own ([`variant_colour`]).
//! - Markers are the thirteen shapes of `charts.js` ([`MARKER_SHAPES`]). The reader's own browser run
//!   always has the last, [`BROWSER_MARKER`]; a machine has the rank of its label (the name the charts
//!   give it; a run's files share one) among the labels of every results file the site ships, over
//!   the other twelve. Whoever loads machines holds that list as a value ([`Markers`], from the
//!   index or the build's folder) and gives each [`crate::loaded::Machine`] its marker, so the rank
//!   is the same on every page of one build; beyond twelve labels, [`distinct_markers`] keeps the
//!   machines of one chart apart, and a chart draws at most [`MACHINES_PER_CHART`] machines, naming
//!   the ones it leaves out.

/// The `--series-N` colours of `style.css` (and `charts.js`): one for each clone type.
pub const SERIES_COLOURS: u32 = 23;

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
    count % SERIES_COLOURS
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
        None => fnv1a(variant_id) % SERIES_COLOURS,
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
        let free = (0..SERIES_COLOURS).map(|k| (colour + k) % SERIES_COLOURS).find(|c| !out.iter().any(|(_, t)| t == c));
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

/// The machines of the site's results files, by label (from `results/index.json` or the build's
/// folder): what a machine's marker is the rank in. Sorted and without repeats, so the rank does not
/// depend on the order the list came in; two files of one run (one label) are one machine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Markers {
    labels: Vec<String>,
}

impl Markers {
    /// The list of `labels`, in any order, repeats allowed.
    pub fn of<S: AsRef<str>>(labels: impl IntoIterator<Item = S>) -> Markers {
        let mut labels: Vec<String> = labels.into_iter().map(|n| n.as_ref().to_owned()).collect();
        wasm_core::order::sort(&mut labels);
        labels.dedup();
        Markers { labels }
    }

    /// The marker shape of the machine labelled `label` on every chart (colour is the type): its
    /// label's rank in the list over the twelve shapes that are not the browser's, so that a machine's
    /// marker is the same on every page (up to twelve labels; beyond, a chart keeps its own machines
    /// apart with [`distinct_markers`]). A label the list does not hold takes a hashed one.
    pub fn of_label(&self, label: &str) -> u32 {
        let rank = self.labels.binary_search_by(|known| known.as_str().cmp(label)).ok();
        let slot = rank.map_or_else(|| fnv1a(label), |r| r as u32);
        slot % BROWSER_MARKER
    }
}

/// `wanted` markers made distinct within one chart: a marker an earlier entry took moves to the next
/// free machine marker; the browser's stays.
pub fn distinct_markers(wanted: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let mut taken: Vec<u32> = Vec::new();
    for w in wanted {
        let mut m = w;
        if w != BROWSER_MARKER {
            m = (0..BROWSER_MARKER).map(|k| (w + k) % BROWSER_MARKER).find(|c| !taken.contains(c)).unwrap_or(w);
        }
        taken.push(m);
    }
    taken
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
    fn a_machines_marker_is_its_labels_rank_in_whatever_order_the_list_came_and_never_the_browsers() {
        // Two files of one run (one label) are one machine.
        let known = Markers::of(["c", "a", "b", "a"]);
        assert_eq!([known.of_label("a"), known.of_label("b"), known.of_label("c")], [0, 1, 2]);
        assert_eq!(Markers::of(["b", "c", "a"]).of_label("c"), 2);
        // The thirteenth label wraps round the twelve machine markers; the browser's is never used.
        let many: Vec<String> = (0..20).map(|i| format!("m{i:02}")).collect();
        let known = Markers::of(&many);
        assert_eq!((known.of_label("m11"), known.of_label("m12")), (11, 0));
        assert!(many.iter().all(|m| known.of_label(m) != BROWSER_MARKER));
        // A label the list does not hold still gets a stable marker.
        assert_eq!(known.of_label("somewhere"), Markers::default().of_label("somewhere"));
        assert_eq!(distinct_markers([0, 0, BROWSER_MARKER, 11, 11]), [0, 1, BROWSER_MARKER, 11, 2]);
        assert!(include_str!("../js/charts.js").contains(&format!("const MARKER_SHAPES = {MARKER_SHAPES};")));
    }
}
