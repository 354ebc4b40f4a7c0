//! How much the pick depends on the machine: the same strings, answers and workload weighed with
//! every other machine's clone costs (each at its own thread count for the reader's program), and
//! how many give the same pick. One results file is one machine's luck; a pick that holds on most
//! machines is a safer answer than one that holds on the chosen one alone.

use leptos::prelude::*;
use wasm_core::choose::constraints::Constraints;
use wasm_core::choose::pick::final_pick;
use wasm_core::choose::{Candidate, CostRow};

use super::costs::{self, CloneCost};
use super::table::{footprint_on, Creation};
use crate::components::bench::native::NativeFile;
use crate::model::choose::inputs::Workload;
use wasm_core::choose::memory::{Footprint, Target};

/// Most machines fetched to check the pick against (the first on offer, the reader's own run and
/// the default first): ten thousand shipped files must not mean ten thousand requests.
pub const MAX_MACHINES: usize = 12;

/// Every candidate's row for the model, from its memory on one file's target (`footprints`), its
/// creation timed in this page (`creation`) and the clone and read costs of that file at one thread
/// count (`clones`, `reads`), in `Candidate::ALL` order. Reads are charged only where the file timed
/// them.
pub fn cost_rows(
    footprints: &[Footprint],
    clones: &[Option<CloneCost>],
    reads: &[Option<CloneCost>],
    creation: &[Creation],
    w: Workload,
    reads_timed: bool,
) -> Vec<CostRow> {
    let reads_per_clone = if reads_timed { w.reads_per_clone } else { 0 };
    footprints
        .iter()
        .zip(clones)
        .zip(reads)
        .enumerate()
        .map(|(i, ((m, c), r))| CostRow {
            candidate: m.candidate,
            bytes: m.memory_per_string(w.copies),
            clone_ns: c.as_ref().map(|c| c.ns),
            read_ns: r.as_ref().map(|r| r.ns),
            reads: reads_per_clone,
            create_ns: creation.get(i).map(|t| t.median_ns),
            creates_per_clone: w.creates_per_clone(),
        })
        .collect()
}

/// What the reader asked, for weighing any machine's file.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The reader's strings: each machine's memory is weighed on its own target, and its clones at
    /// the strings' lengths.
    pub strings: Vec<String>,
    pub creation: Vec<Creation>,
    pub workload: Workload,
    pub constraints: Constraints,
    /// Whether the reader's clones contend on one counter (`costs::contended`).
    pub contended: bool,
    pub wanted_threads: u32,
    pub rule_pick: Candidate,
}

/// The model's pick on `file`, with memory on its target and clones at the thread count that
/// stands for the reader's program there (one thread where no two threads clone one value); `None`
/// when the file has no clone cases.
pub fn pick_on(file: &NativeFile, q: &Question) -> Option<Candidate> {
    let counts = costs::thread_counts(file);
    let t = costs::cost_threads(&counts, q.contended, q.wanted_threads)?;
    let lengths: Vec<usize> = q.strings.iter().map(String::len).collect();
    let each = |cost: fn(&NativeFile, Candidate, u32, &[usize]) -> Option<CloneCost>| {
        Candidate::ALL.iter().map(|&c| cost(file, c, t, &lengths)).collect::<Vec<_>>()
    };
    let (target, strings) = (Target::of(&file.results), q.strings.iter().map(String::as_str).collect::<Vec<_>>());
    let footprints: Vec<Footprint> = Candidate::ALL.iter().map(|&c| footprint_on(c, &strings, &target)).collect();
    let rows = cost_rows(&footprints, &each(costs::clone_cost), &each(costs::read_cost), &q.creation, q.workload, costs::has_reads(file));
    Some(final_pick(q.rule_pick, &rows, &q.constraints, q.workload.clones_per_sec).candidate())
}

/// How many of `files` pick `chosen`, and what the others pick (most frequent first).
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    pub same: usize,
    pub of: usize,
    pub others: Vec<(Candidate, usize)>,
}

/// [`Agreement`] of the picks on `files` with `chosen`.
pub fn agreement(files: &[NativeFile], q: &Question, chosen: Candidate) -> Agreement {
    let picks: Vec<Candidate> = files.iter().filter_map(|f| pick_on(f, q)).collect();
    let mut others: Vec<(Candidate, usize)> = Vec::new();
    for &p in picks.iter().filter(|&&p| p != chosen) {
        match others.iter_mut().find(|(c, _)| *c == p) {
            Some((_, n)) => *n += 1,
            None => others.push((p, 1)),
        }
    }
    wasm_core::order::sort_by_key(&mut others, |(_, n)| std::cmp::Reverse(*n));
    Agreement { same: picks.iter().filter(|&&p| p == chosen).count(), of: picks.len(), others }
}

/// The sentence the advice shows.
pub fn agreement_text(a: &Agreement, chosen: Candidate) -> String {
    let others: Vec<String> = a.others.iter().map(|(c, n)| format!("{} on {n}", c.name())).collect();
    match (a.of, a.others.is_empty()) {
        (0, _) => "No other machine's file has clone cases to check this pick against.".to_owned(),
        (of, true) => format!("{} is the pick on all {of} machines checked, each weighed at its own thread count for your program.", chosen.name()),
        (of, false) => format!(
            "{} is the pick on {} of the {of} machines checked (each weighed at its own thread count for your program); on the others: {}. The answer depends on the machine.",
            chosen.name(),
            a.same,
            others.join(", ")
        ),
    }
}

/// The line under the recommendation: waits for the other machines' files, then says how many agree.
#[component]
pub fn AgreementNote(#[prop(into)] text: Signal<Option<String>>) -> impl IntoView {
    view! {
        <p class="note" data-testid="choose-agreement">
            {move || text.get().unwrap_or_else(|| "Checking the pick against the other machines' files…".to_owned())}
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_counts_the_same_pick_and_names_the_others_most_frequent_first() {
        let a = Agreement { same: 5, of: 9, others: vec![(Candidate::String, 3), (Candidate::BoxStr, 1)] };
        assert_eq!(
            agreement_text(&a, Candidate::ArcStr),
            "Arc<str> is the pick on 5 of the 9 machines checked (each weighed at its own thread count for your program); on the others: String on 3, Box<str> on 1. The answer depends on the machine."
        );
        let all = Agreement { same: 4, of: 4, others: vec![] };
        assert!(agreement_text(&all, Candidate::String).starts_with("String is the pick on all 4 machines"));
    }
}
