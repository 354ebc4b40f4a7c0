//! Clone costs for the chooser's table, from one results file at a time: the reader picks the
//! machine (from the build's summary, `richest` by default) and a thread count it has, and every
//! candidate's cost is that file's, measured as close to the reader's strings as the file allows,
//! averaged over the strings. Per string: for a type that keeps short text inline, its inline case
//! when the string fits inline on the target that measured it; else the case at its length, or,
//! between two lengths the file timed, the straight line between them (a copy's cost grows with the
//! bytes it copies; a counted clone's does not, and the line is then flat); outside them, the
//! nearer end.

use crate::components::bench::native::NativeFile;
use wasm_core::choose::Candidate;
use wasm_core::results::CaseResult;
use wasm_core::summary::MachineSummary;

/// Clone-and-drop cases of `file`, not pinned: what the chooser compares.
fn drop_cases(file: &NativeFile) -> impl Iterator<Item = &CaseResult> {
    wasm_core::choose::chooser_cases(&file.results)
}

/// The thread counts `file` measured clones at, ascending.
pub fn thread_counts(file: &NativeFile) -> Vec<u32> {
    wasm_core::choose::chooser_thread_counts(&file.results)
}

/// The thread count of `counts` (ascending, as [`thread_counts`] gives them) that stands for a
/// program with `wanted` threads: the most measured at or below it, else the fewest measured. A
/// file never measured more contention than its largest count, so a program with more threads than
/// that gets that count's figures, and the page says so.
pub fn measured_threads(counts: &[u32], wanted: u32) -> Option<u32> {
    counts.iter().copied().filter(|&t| t <= wanted).max().or(counts.first().copied())
}

/// Whether the reader's clones contend on one counter: several threads clone the same value. With
/// the strings on one thread, or each thread cloning its own values, no two threads write one
/// counter, whatever the program's thread count.
pub fn contended(sharing: wasm_core::choose::Sharing, same_value: bool) -> bool {
    sharing != wasm_core::choose::Sharing::OneThread && same_value
}

/// The thread count of `counts` (ascending) whose figures the chooser charges: where clones contend,
/// [`measured_threads`] for the program's `wanted`; where they do not, the fewest measured (one
/// thread, in every file the runner writes).
pub fn cost_threads(counts: &[u32], contended: bool, wanted: u32) -> Option<u32> {
    if contended {
        measured_threads(counts, wanted)
    } else {
        counts.first().copied()
    }
}

/// How many threads the chooser assumes the reader's program runs, until they say: one for strings
/// on one thread, [`MANY_THREADS`] otherwise.
pub fn default_threads(sharing: wasm_core::choose::Sharing) -> u32 {
    match sharing {
        wasm_core::choose::Sharing::OneThread => 1,
        _ => MANY_THREADS,
    }
}

/// "Many threads" until the reader says how many: a typical desktop's cores.
pub const MANY_THREADS: u32 = 8;

/// Most threads the question takes.
pub const MAX_THREADS: u32 = 1024;

/// The machine `/choose` opens on, chosen by the maintainers: the run that measured every candidate
/// and timed reads of them. A default must not move when anyone adds a file, so no rule over the
/// data picks it while it is on offer (a file that lies about its candidates, or is named to sort
/// first, cannot become every reader's default). Changing it is a reviewed code change.
pub const DEFAULT_MACHINE: &str = "epyc-2vcpu-jemalloc-reads-2026-11-26.json";

/// Why the chooser opened on the machine it did, when the reader did not pick one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// [`DEFAULT_MACHINE`], which is on offer.
    Default,
    /// The default is not on offer (the ranking's filters leave it out, or it is gone): the
    /// [`richest`] of the machines that are.
    Richest,
}

impl Opened {
    /// The sentence the page shows after the machine's name.
    pub fn reason(self) -> &'static str {
        match self {
            Opened::Default => {
                "It is the site's default machine, chosen by its maintainers because it measured every candidate and timed reads; \
                 a new results file never changes it. Pick another above."
            }
            Opened::Richest => {
                "The site's default machine is not among these, so the page opened on the one that measured the most candidates \
                 (then timed reads of the most, then the most thread counts, then the first by file name). Pick another above."
            }
        }
    }
}

/// The machine the chooser opens on: [`DEFAULT_MACHINE`] when it is on offer, else the [`richest`].
pub fn default_machine(machines: &[MachineSummary]) -> Option<(usize, Opened)> {
    match machines.iter().position(|m| m.file == DEFAULT_MACHINE && m.choose_candidates > 0) {
        Some(i) => Some((i, Opened::Default)),
        None => richest(machines).map(|i| (i, Opened::Richest)),
    }
}

/// The machine the chooser shows, and why when the page chose it: the reader's pick (`picked`, a
/// file name) when it is on offer, else their own browser run (which `machines` lists first), else
/// [`default_machine`] with its reason.
pub fn opened_machine(machines: &[MachineSummary], picked: Option<&str>) -> Option<(String, Option<Opened>)> {
    let picked = picked.and_then(|p| machines.iter().position(|m| m.file == p));
    let own_first = machines.first().filter(|m| m.file == crate::own_run::OWN_RUN_FILE).map(|_| 0);
    match picked.or(own_first) {
        Some(i) => Some((machines[i].file.clone(), None)),
        None => default_machine(machines).map(|(i, why)| (machines[i].file.clone(), Some(why))),
    }
}

/// Of machines without the default, by an explicit rule over the build's summary: the one that
/// measured the most candidates, then timed reads of the most, then the most thread counts, then
/// the first by file name. Never by date alone, so a newer file with fewer types does not take over.
pub fn richest(machines: &[MachineSummary]) -> Option<usize> {
    (0..machines.len()).filter(|&i| machines[i].choose_candidates > 0).max_by(|&a, &b| {
        let key = |i: usize| (machines[i].choose_candidates, machines[i].choose_read_candidates, machines[i].clone_threads.len());
        key(a).cmp(&key(b)).then_with(|| machines[b].file.cmp(&machines[a].file))
    })
}

/// The longest string, in bytes, `file` timed clones of at `threads`: the reader's longer strings
/// are charged that length's clone, which is too little for a type that copies the text.
pub fn longest_case_bytes(file: &NativeFile, threads: u32) -> Option<u64> {
    drop_cases(file).filter(|c| c.threads == threads).filter_map(|c| c.params.string_len_bytes).max()
}

/// The word size of the target `file` was measured on.
fn word_bytes(file: &NativeFile) -> usize {
    wasm_core::choose::memory::Target::of(&file.results).word_bytes
}

/// One candidate's clone (or read) cost on the reader's strings, from one file at one thread count.
#[derive(Clone, Debug, PartialEq)]
pub struct CloneCost {
    /// Nanoseconds per clone plus drop (or per read), averaged over the reader's strings.
    pub ns: f64,
    /// The cases used, as `variant at N bytes` (or `between N and M bytes`) with how many strings
    /// each stood for.
    pub from: Vec<(String, usize)>,
    /// How far the repeats of the variants' cases at this thread count spread either side of their
    /// median: the widest half-range ÷ median among them (as the Create column's spread). Past
    /// [`UNRELIABLE_SPREAD`] the table marks the figure instead of showing it.
    pub spread: f64,
}

/// Repeats spread further either side than this share of their median make a figure the table does
/// not print: the slowest and fastest then differ by more than the median itself.
pub const UNRELIABLE_SPREAD: f64 = 0.5;

/// `candidate`'s clone cost in `file` at `threads` for strings of `lengths`; `None` when the file
/// has no case for it there (or there are no strings).
pub fn clone_cost(file: &NativeFile, candidate: Candidate, threads: u32, lengths: &[usize]) -> Option<CloneCost> {
    cost_in(drop_cases(file).filter(|c| c.threads == threads).collect(), word_bytes(file), candidate, lengths)
}

/// `candidate`'s cost of one read of its text in `file` at `threads`, for strings of `lengths`
/// (each by its inline or heap case, as [`clone_cost`]); `None` when the file timed no read of it.
pub fn read_cost(file: &NativeFile, candidate: Candidate, threads: u32, lengths: &[usize]) -> Option<CloneCost> {
    let cases = wasm_core::choose::chooser_read_cases(&file.results).filter(|c| c.threads == threads).collect();
    cost_in(cases, word_bytes(file), candidate, lengths)
}

/// Whether `file` timed any read (else the chooser charges clones alone, and says so).
pub fn has_reads(file: &NativeFile) -> bool {
    wasm_core::choose::chooser_read_cases(&file.results).next().is_some()
}

/// The cost of `candidate` on strings of `lengths` from `cases` (one thread count, one mode) of a
/// target with `word`-byte pointers.
fn cost_in(cases: Vec<&CaseResult>, word: usize, candidate: Candidate, lengths: &[usize]) -> Option<CloneCost> {
    let id = candidate.clone_id()?;
    let inline = candidate.inline_case(word);
    // What stood for the strings (a case, or the line between two), the mean of their costs (kept
    // as a running mean, so that one case for every string is its median exactly), and how many.
    let mut used: Vec<(String, f64, usize)> = Vec::new();
    for &len in lengths {
        let variant = match inline {
            Some((inline_id, capacity)) if len <= capacity => inline_id,
            _ => id,
        };
        let (what, ns) = at_length(variant, cases.iter().copied().filter(|c| c.variant_id == variant), len as u64)?;
        match used.iter_mut().find(|(w, ..)| *w == what) {
            Some((_, mean, n)) => {
                *n += 1;
                *mean += (ns - *mean) / *n as f64;
            }
            None => used.push((what, ns, 1)),
        }
    }
    // Weighted by share.
    let ns = used.iter().map(|(_, mean, n)| mean * (*n as f64 / lengths.len() as f64)).sum();
    let variants: Vec<&str> = [Some(id), inline.map(|(i, _)| i)].into_iter().flatten().collect();
    let spread = cases
        .iter()
        .filter(|c| variants.contains(&c.variant_id.as_str()) && c.median_ns > 0.0)
        .map(|c| (c.max_ns - c.min_ns) / 2.0 / c.median_ns)
        .fold(0.0, f64::max);
    (!lengths.is_empty()).then(|| CloneCost { ns, from: used.into_iter().map(|(what, _, n)| (what, n)).collect(), spread })
}

/// `variant`'s clone cost for a string of `len` bytes from its `cases` (one thread count): the case
/// at that length, the straight line between the two lengths around it, or the nearer end; with
/// what stood for it.
fn at_length<'a>(variant: &str, cases: impl Iterator<Item = &'a CaseResult>, len: u64) -> Option<(String, f64)> {
    let mut points: Vec<(u64, f64)> =
        cases.map(|c| (c.params.string_len_bytes.unwrap_or(wasm_core::results::DEFAULT_CLONE_LEN), c.median_ns_per_op)).collect();
    wasm_core::order::sort_by_key(&mut points, |p| p.0);
    let below = points.iter().rev().find(|p| p.0 <= len).copied();
    let above = points.iter().find(|p| p.0 >= len).copied();
    Some(match (below, above) {
        (Some(b), Some(a)) if b.0 != a.0 => {
            let share = (len - b.0) as f64 / (a.0 - b.0) as f64;
            (format!("{variant} between {} and {} bytes", b.0, a.0), b.1 + share * (a.1 - b.1))
        }
        (Some(p), _) | (None, Some(p)) => (format!("{variant} at {} bytes", p.0), p.1),
        (None, None) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::results::*;

    fn file(name: &str, word: u32, cases: &[(&str, u32, u64, f64)]) -> NativeFile {
        let mut results: ResultsFile =
            serde_json::from_str(include_str!("../../../../content/results/reference-ryzen5600x-2024.json")).unwrap();
        results.label = name.into();
        results.layouts.types = vec![wasm_core::layout::TypeLayout { type_name: "&str".into(), size_bytes: 2 * word, align_bytes: word }];
        results.cases = cases
            .iter()
            .map(|&(id, t, len, ns)| {
                let params = CaseParams { string_len_bytes: Some(len), ..CaseParams::default() };
                let mut c = CaseResult::new(Suite::Clone, id, id, t, 1, params, 0, vec![ns]);
                c.mode = Some("drop".into());
                c
            })
            .collect();
        NativeFile { name: format!("{name}.json"), results, marker: 0 }
    }

    #[test]
    fn one_file_the_strings_own_lengths_and_hipstr_inline_only_where_it_fits() {
        let epyc = file(
            "epyc",
            8,
            &[
                ("hipstr", 2, 64, 52.9),
                ("hipstr_inline", 2, 16, 0.46),
                ("string", 2, 16, 20.0),
                ("string", 2, 64, 30.0),
                ("arc_str", 2, 64, 26.4),
            ],
        );
        // Twelve-byte ids fit HipStr's 23 inline bytes on x86_64: its inline case.
        let ids = [12; 40];
        assert_eq!(clone_cost(&epyc, Candidate::HipStr, 2, &ids).unwrap().ns, 0.46);
        // Half short, half long: each string its own case, averaged.
        let mixed = [12, 100];
        let c = clone_cost(&epyc, Candidate::HipStr, 2, &mixed).unwrap();
        assert!((c.ns - (0.46 + 52.9) / 2.0).abs() < 1e-9);
        assert_eq!(c.from, [("hipstr_inline at 16 bytes".to_owned(), 1), ("hipstr at 64 bytes".to_owned(), 1)]);
        // String: below its shortest case, that case; between two, the line (50 bytes: 34/48 of the way).
        assert_eq!(clone_cost(&epyc, Candidate::String, 2, &[10]).unwrap().ns, 20.0);
        assert!((clone_cost(&epyc, Candidate::String, 2, &[50]).unwrap().ns - (20.0 + 10.0 * 34.0 / 48.0)).abs() < 1e-9);
        // Nothing at another thread count, and nothing for a type this file did not measure.
        assert_eq!(clone_cost(&epyc, Candidate::String, 1, &[10]), None);
        assert_eq!(clone_cost(&epyc, Candidate::SmolStr, 2, &[10]), None);
        assert_eq!(clone_cost(&epyc, Candidate::String, 2, &[]), None);
        // 2 KB strings get the 64-byte case, the longest this file has at 2 threads; none at 3.
        assert_eq!(clone_cost(&epyc, Candidate::String, 2, &[2048]).unwrap().ns, 30.0);
        // Between two lengths the file timed, the line between them; at one of them, its case.
        let two =
            file("two", 8, &[("string", 1, 64, 4.0), ("string", 1, 2048, 12.0), ("arc_str", 1, 64, 10.0), ("arc_str", 1, 2048, 10.0)]);
        let mid = clone_cost(&two, Candidate::String, 1, &[1056]).unwrap();
        assert!((mid.ns - 8.0).abs() < 1e-9, "{}", mid.ns);
        assert_eq!(mid.from, [("string between 64 and 2048 bytes".to_owned(), 1)]);
        assert_eq!(clone_cost(&two, Candidate::String, 1, &[2048]).unwrap().from, [("string at 2048 bytes".to_owned(), 1)]);
        assert_eq!(clone_cost(&two, Candidate::String, 1, &[10]).unwrap().ns, 4.0, "below the shortest: the shortest");
        assert_eq!(clone_cost(&two, Candidate::ArcStr, 1, &[500]).unwrap().ns, 10.0, "a counted clone's line is flat");
        // Two strings on the line: each its own point, the mean of the two.
        let both = clone_cost(&two, Candidate::String, 1, &[560, 1552]).unwrap();
        assert!((both.ns - 8.0).abs() < 1e-9 && both.from == [("string between 64 and 2048 bytes".to_owned(), 2)], "{both:?}");
        assert_eq!(longest_case_bytes(&epyc, 2), Some(64));
        assert_eq!(longest_case_bytes(&epyc, 3), None);
        // On wasm32 HipStr keeps 11 bytes inline: twelve-byte ids are on the heap there.
        let browser = file("browser", 4, &[("hipstr", 2, 64, 40.0), ("hipstr_inline", 2, 16, 1.0)]);
        assert_eq!(clone_cost(&browser, Candidate::HipStr, 2, &ids).unwrap().ns, 40.0);
        assert_eq!(clone_cost(&browser, Candidate::HipStr, 2, &[11]).unwrap().ns, 1.0);
        // Each inline type by its own capacity there: CompactString keeps 12 bytes inline on wasm32.
        let browser = file("browser", 4, &[("compact_string", 2, 64, 30.0), ("compact_string_inline", 2, 12, 0.5)]);
        assert_eq!(clone_cost(&browser, Candidate::CompactString, 2, &ids).unwrap().ns, 0.5);
        assert_eq!(clone_cost(&browser, Candidate::CompactString, 2, &[13]).unwrap().ns, 30.0);
    }

    #[test]
    fn reads_come_from_the_read_cases_by_the_same_inline_rule() {
        let mut f =
            file("reads", 8, &[("hipstr", 2, 64, 40.0), ("hipstr", 2, 64, 0.9), ("hipstr_inline", 2, 16, 0.6), ("string", 2, 64, 20.0)]);
        assert!(!has_reads(&f));
        f.results.cases[1].mode = Some("read".into());
        f.results.cases[2].mode = Some("read".into());
        assert!(has_reads(&f));
        // Reads are their own cases: the clone of a heap HipStr stays its drop case.
        assert_eq!(clone_cost(&f, Candidate::HipStr, 2, &[40]).unwrap().ns, 40.0);
        assert_eq!(read_cost(&f, Candidate::HipStr, 2, &[40]).unwrap().ns, 0.9);
        let mixed = read_cost(&f, Candidate::HipStr, 2, &[10, 40]).unwrap();
        assert!(
            (mixed.ns - 0.75).abs() < 1e-9
                && mixed.from == [("hipstr_inline at 16 bytes".to_owned(), 1), ("hipstr at 64 bytes".to_owned(), 1)],
            "{mixed:?}"
        );
        assert_eq!(read_cost(&f, Candidate::String, 2, &[40]), None, "no read of String timed");
        assert_eq!(read_cost(&f, Candidate::HipStr, 1, &[40]), None);
    }

    /// A file that claims every candidate and sorts first by name does not take the default over;
    /// without the default on offer, the richest is chosen and the page says why.
    #[test]
    fn a_cost_whose_repeats_land_far_apart_carries_its_spread() {
        let mut f = file("xeon", 8, &[("arc_str", 2, 64, 116.3)]);
        // The Xeon file's five 2-thread Arc<str> repeats, 47.2 to 129.8 ns around a 116.3 ns median:
        // ±36 %, wide but printed.
        let c = &mut f.results.cases[0];
        (c.min_ns, c.max_ns, c.median_ns) = (47.2, 129.8, 116.3);
        let cost = clone_cost(&f, Candidate::ArcStr, 2, &[64]).unwrap();
        assert!((cost.spread - (129.8 - 47.2) / 2.0 / 116.3).abs() < 1e-9 && cost.spread < UNRELIABLE_SPREAD);
        // Slowest and fastest further apart than the median itself: marked.
        let c = &mut f.results.cases[0];
        (c.min_ns, c.max_ns, c.median_ns) = (20.0, 140.0, 100.0);
        assert!(clone_cost(&f, Candidate::ArcStr, 2, &[64]).unwrap().spread > UNRELIABLE_SPREAD);
        let steady = clone_cost(&file("x", 8, &[("arc_str", 2, 64, 26.4)]), Candidate::ArcStr, 2, &[64]).unwrap();
        assert_eq!(steady.spread, 0.0);
    }

    #[test]
    fn a_program_with_more_threads_than_measured_gets_the_most_measured_and_fewer_the_nearest_below() {
        assert_eq!(measured_threads(&[1, 2], 8), Some(2));
        assert_eq!(measured_threads(&[1, 2, 4, 8, 12], 8), Some(8));
        assert_eq!(measured_threads(&[1, 2, 4, 8, 12], 6), Some(4));
        assert_eq!(measured_threads(&[2, 4], 1), Some(2), "none at or below: the fewest measured");
        assert_eq!(measured_threads(&[], 4), None);
        assert_eq!(default_threads(wasm_core::choose::Sharing::OneThread), 1);
        // Strings on one thread never contend, however many threads the program has.
        use wasm_core::choose::Sharing;
        assert!(!contended(Sharing::OneThread, true));
        assert!(contended(Sharing::ClonedByMany, true) && contended(Sharing::ReadByMany, true));
        assert!(!contended(Sharing::ClonedByMany, false), "each thread its own values");
        assert_eq!(cost_threads(&[1, 2, 8], false, 8), Some(1));
        assert_eq!(cost_threads(&[1, 2, 8], true, 8), Some(8));
        assert_eq!(cost_threads(&[1, 2, 8], true, 4), Some(2));
        assert_eq!(default_threads(wasm_core::choose::Sharing::ReadByMany), MANY_THREADS);
    }

    #[test]
    fn the_default_machine_is_the_maintainers_and_no_new_file_takes_it_over() {
        let summary = |f: &NativeFile| MachineSummary::unlisted(&f.name, &f.results);
        let rows = [("arc_str", 1, 64, 9.0), ("string", 1, 64, 5.0), ("hipstr", 1, 64, 6.0), ("arc_str", 2, 64, 26.0)];
        let shipped = file(DEFAULT_MACHINE.trim_end_matches(".json"), 2, &rows[..2]);
        let poisoned = file("a-poisoned", 2, &rows);
        let machines = [summary(&poisoned), summary(&shipped)];
        assert!(machines[0].choose_candidates > machines[1].choose_candidates);
        assert_eq!(default_machine(&machines), Some((1, Opened::Default)));
        assert_eq!(default_machine(&machines[..1]), Some((0, Opened::Richest)));
        assert_eq!(default_machine(&[]), None);
        assert!(Opened::Default.reason().contains("never changes it") && Opened::Richest.reason().contains("most candidates"));
    }

    #[test]
    fn the_readers_pick_then_their_own_run_then_the_default_is_opened() {
        let summary = |f: &NativeFile| MachineSummary::unlisted(&f.name, &f.results);
        let rows = [("arc_str", 1, 64, 9.0), ("string", 1, 64, 5.0)];
        let shipped = summary(&file(DEFAULT_MACHINE.trim_end_matches(".json"), 2, &rows));
        let other = summary(&file("other", 2, &rows));
        let own = summary(&NativeFile { name: crate::own_run::OWN_RUN_FILE.into(), ..file("mine", 2, &rows) });
        let opened = |ms: &[MachineSummary], picked: Option<&str>| opened_machine(ms, picked);
        assert_eq!(opened(&[other.clone(), shipped.clone()], None), Some((DEFAULT_MACHINE.to_owned(), Some(Opened::Default))));
        assert_eq!(opened(&[other.clone(), shipped.clone()], Some("other.json")), Some(("other.json".to_owned(), None)));
        // A pick that is not on offer (a filtered link, a file since removed) falls back.
        assert_eq!(opened(&[other.clone(), shipped.clone()], Some("gone.json")).map(|(f, _)| f), Some(DEFAULT_MACHINE.to_owned()));
        let with_own = [own, other, shipped];
        assert_eq!(opened(&with_own, None), Some((crate::own_run::OWN_RUN_FILE.to_owned(), None)), "the reader's own run first");
        assert_eq!(opened(&with_own, Some("other.json")).map(|(f, _)| f), Some("other.json".to_owned()));
        assert_eq!(opened(&[], Some("other.json")), None);
    }

    #[test]
    fn the_richest_file_measured_the_most_candidates_never_the_newest_alone() {
        let summary = |f: &NativeFile| MachineSummary::unlisted(&f.name, &f.results);
        let few = file("a-few", 8, &[("arc_str", 1, 64, 3.0), ("arc_str", 12, 64, 287.0), ("string", 1, 64, 9.0)]);
        let many = file("b-many", 8, &[("arc_str", 1, 64, 9.0), ("string", 1, 64, 5.0), ("hipstr", 1, 64, 6.0), ("arc_str", 2, 64, 26.0)]);
        assert_eq!((summary(&few).choose_candidates, summary(&many).choose_candidates), (2, 3));
        assert_eq!(summary(&few).clone_threads, [1, 12]);
        assert_eq!(richest(&[summary(&few), summary(&many)]), Some(1));
        assert_eq!(richest(&[summary(&many), summary(&few)]), Some(0));
        // A tie is settled by name, so the pick does not depend on the order files arrive in.
        let twin = file("a-twin", 8, &[("arc_str", 1, 64, 9.0), ("string", 1, 64, 5.0), ("hipstr", 1, 64, 6.0), ("arc_str", 2, 64, 26.0)]);
        assert_eq!(richest(&[summary(&many), summary(&twin)]), Some(1));
        assert_eq!(richest(&[summary(&twin), summary(&many)]), Some(0));
        assert_eq!(thread_counts(&few), [1, 12]);
        assert_eq!(richest(&[]), None);
        // As many candidates and threads: the one that timed reads, whatever its name.
        let mut read = file(
            "z-reads",
            8,
            &[("arc_str", 1, 64, 9.0), ("string", 1, 64, 5.0), ("hipstr", 1, 64, 6.0), ("arc_str", 2, 64, 26.0), ("arc_str", 1, 64, 0.5)],
        );
        read.results.cases[4].mode = Some("read".into());
        assert_eq!((summary(&read).choose_candidates, summary(&read).choose_read_candidates), (3, 1));
        assert_eq!(richest(&[summary(&many), summary(&read), summary(&twin)]), Some(1));
        // A machine with no clone case the chooser can use is never the start.
        let none = file("c-none", 8, &[("arcstr_static", 1, 64, 0.3)]);
        assert_eq!(richest(&[summary(&none)]), None);
    }
}
