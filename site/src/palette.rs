//! One colour per machine and per type on every page: the rule that keeps a machine orange on
//! `/results`, in a chapter's figure and on `/bench` alike.
//!
//! Colours are indices into the twenty-three `--series-N` custom properties of `style.css`
//! ([`SERIES_COLOURS`]).
//! - A type (clone variant) keeps its place in [`crate::explorer::contention_variants`]; `Rc<str>`,
//!   which no contention chart draws, takes the colour after them.
//! - "This browser" (the reader's own run) always has the last colour, [`BROWSER_COLOUR`].
//! - A machine has the rank of its label (the name the charts give it; a run's files share one)
//!   among the labels of every results file the site ships, modulo the other twenty-two colours.
//!   Every page learns that list before it draws a machine (the index, the summary, or the
//!   build's folder: [`know_machines`]), so the rank is the same on every page of one build. Up to
//!   twenty-two labels, no two machines share a colour; beyond that, [`distinct`] keeps the
//!   machines of one chart apart.

use std::cell::RefCell;

/// The `--series-N` colours of `style.css` (and `charts.js`): one for each clone type.
pub const SERIES_COLOURS: u32 = 23;

/// The colour of the reader's own browser run, on every chart that shows one.
pub const BROWSER_COLOUR: u32 = 11;

/// Palette slots for machines: every series colour but the browser's.
const MACHINE_COLOURS: u32 = SERIES_COLOURS - 1;

/// The colour of machine slot `slot` (any number, wrapped): the series colours in order, skipping
/// the browser's.
fn slot_colour(slot: u32) -> u32 {
    let slot = slot % MACHINE_COLOURS;
    if slot >= BROWSER_COLOUR {
        slot + 1
    } else {
        slot
    }
}

/// The slot of a machine colour (the inverse of [`slot_colour`]).
fn colour_slot(colour: u32) -> u32 {
    if colour > BROWSER_COLOUR {
        colour - 1
    } else {
        colour
    }
}

thread_local! {
    /// The label of every results file this page knows of, sorted and without repeats, so the
    /// rank does not depend on the order the list came in.
    static LABELS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Records the labels of the site's results files (from `results/index.json`, the summary, or the
/// build's folder). Later calls replace them: one page, one list.
pub fn know_machines<S: AsRef<str>>(names: impl IntoIterator<Item = S>) {
    let mut names: Vec<String> = names.into_iter().map(|n| n.as_ref().to_owned()).collect();
    wasm_core::order::sort(&mut names);
    names.dedup();
    LABELS.with(|l| *l.borrow_mut() = names);
}

/// The colour of the machine labelled `label`. A label the list does not name (a page that never
/// loaded it) falls back to a hash of it: stable, if not collision-free.
pub fn machine_colour(label: &str) -> u32 {
    let rank = LABELS.with(|l| l.borrow().binary_search_by(|known| known.as_str().cmp(label)).ok());
    match rank {
        Some(rank) => slot_colour(rank as u32),
        // FNV-1a: any fixed hash does; this one needs no dependency.
        None => slot_colour(label.bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))),
    }
}

/// `wanted` colours made distinct within one chart: a colour already taken by an earlier entry
/// moves to the next free machine colour. Only charts with more machines than the list can tell
/// apart (more than twenty-two labels) ever move one.
pub fn distinct(wanted: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let mut taken: Vec<u32> = Vec::new();
    for w in wanted {
        let mut c = w;
        if w < SERIES_COLOURS && w != BROWSER_COLOUR {
            let free = (0..MACHINE_COLOURS).map(|k| slot_colour(colour_slot(w) + k)).find(|c| !taken.contains(c));
            c = free.unwrap_or(w);
        }
        taken.push(c);
    }
    taken
}

/// The colour of a clone type (`arc_str`, `string`, ...) on every chart: its place among the types
/// the contention charts draw; a type outside them (`rc_str`) takes the colour after the last.
pub fn type_colour(variant_id: &str) -> u32 {
    let types = crate::explorer::contention_variants();
    let mut count = 0;
    for (i, id) in (0u32..).zip(types) {
        if id == variant_id {
            return i;
        }
        count = i + 1;
    }
    count % SERIES_COLOURS
}

/// The marker shape of a machine on line charts (colour is the type there): its colour's index,
/// so that a machine's marker, like its colour, is the same on every page.
pub fn machine_marker(label: &str) -> u32 {
    machine_colour(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_machines_colour_is_its_labels_rank_in_whatever_order_the_list_came() {
        // Two files of one run (one label) are one machine.
        know_machines(["c", "a", "b", "a"]);
        assert_eq!([machine_colour("a"), machine_colour("b"), machine_colour("c")], [0, 1, 2]);
        know_machines(["b", "c", "a"]);
        assert_eq!(machine_colour("c"), 2);
        // The twelfth label takes the colour after the browser's; the twenty-third wraps round the
        // twenty-two machine colours; the browser's is never used.
        let many: Vec<String> = (0..24).map(|i| format!("m{i:02}")).collect();
        know_machines(&many);
        assert_eq!((machine_colour("m10"), machine_colour("m11"), machine_colour("m21"), machine_colour("m22")), (10, 12, 22, 0));
        assert!(many.iter().all(|m| machine_colour(m) != BROWSER_COLOUR && machine_colour(m) < SERIES_COLOURS));
    }

    #[test]
    fn an_unknown_machine_still_gets_a_stable_colour() {
        know_machines(Vec::<String>::new());
        let c = machine_colour("somewhere");
        assert_eq!(c, machine_colour("somewhere"));
        assert!(c != BROWSER_COLOUR && c < SERIES_COLOURS);
    }

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
    fn distinct_moves_only_a_clash_and_keeps_the_browser() {
        assert_eq!(distinct([3, 5, 3, BROWSER_COLOUR, 10, 10]), [3, 5, 4, BROWSER_COLOUR, 10, 12]);
        assert_eq!(distinct([22, 22]), [22, 0], "past the last colour, round to the first");
    }
}
