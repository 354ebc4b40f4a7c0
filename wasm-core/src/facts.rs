//! Sentences about *every* shipped run, computed from the build's summary and medians, so that a
//! contributed results file changes the words instead of breaking a test or leaving them stale.
//!
//! Prose (a chapter's Markdown, a page's lede) names a fact with a placeholder, `{{name}}`; the
//! pre-renderer fills it with [`Facts::fill`]. A placeholder with an unknown name is an error that
//! names it, so a typo stops the build. Each fact is a whole clause, written so that it stays true
//! whatever the data: a range says what it spans, a winner that one more machine could flip is
//! given as "on X of N machines", and no data at all is a sentence of its own, not "none of the 0".
//! One machine, one voice: counts are of machines ([`crate::machine_key`]), and a machine that sent
//! several files votes once, with the median of what its files say. A ratio within [`TIE`] of 1 is
//! a tie, counted on neither side and said.
//! The values are HTML (type names in `<code>`), since they are filled into rendered HTML.
//!
//! The populations, all clone + drop at the suite's default length, not pinned:
//! - *jemalloc runs*: native or imported-reference files with jemalloc that timed `Arc<str>` and
//!   `String` on one thread ([`crate::summary::Headline`]);
//! - *native runs*: every native or reference file, any allocator;
//! - *browser runs*: files from the site's contention lab.

use std::collections::{BTreeMap, HashSet};

use crate::summary::{CaseMedians, MachineSummary, RunnerKind, Summary};

/// Every fact's name and what it says, in the order ARCHITECTURE.md and the tests list them.
pub const FACTS: &[(&str, &str)] = &[
    ("jemalloc-runs", "how many jemalloc clone runs there are, on how many machines and CPU models"),
    ("jemalloc-one-thread", "on how many of them each type was the cheaper clone on one thread, and by how much"),
    ("jemalloc-one-thread-count", "on how many of them each type was the cheaper clone on one thread (counts only, for a lede)"),
    ("jemalloc-two-threads", "how much slower each type got at two threads than at one, and on how many runs Arc<str> did"),
    ("native-drop-from-two", "on how many native runs String was the cheaper clone + drop at every thread count from two up"),
    ("jemalloc-forget-two", "on how many native jemalloc runs Arc<str> was the cheaper clone at two threads in forget mode"),
    ("browser-two", "on how many browser runs Arc<str> was the cheaper clone + drop at two threads"),
    ("rc-one-thread", "on how many native runs Rc<str> was the cheapest clone of the four standard handles on one thread"),
    ("files", "how many results files the site ships, and from how many machines"),
];

const ARC: &str = "<code>Arc&lt;str&gt;</code>";
const STRING: &str = "<code>String</code>";

/// The filled-in facts of one build.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    values: BTreeMap<&'static str, String>,
}

/// What the facts are made of: per run, the clone + drop medians (ns per clone) it has, by thread
/// count, for `Arc<str>` and `String`, and its forget-mode pair at two threads.
struct Run<'a> {
    machine: &'a MachineSummary,
    /// (threads, `Arc<str>` ns, `String` ns), ascending threads, drop mode.
    drop: Vec<(u32, f64, f64)>,
    /// (`Arc<str>` ns, `String` ns) at two threads in forget mode.
    forget_two: Option<(f64, f64)>,
    /// `Rc<str>`'s clone + drop at one thread, and the cheapest of `String`'s, `Box<str>`'s and
    /// `Arc<str>`'s, when the run timed all four.
    rc_and_rest_one: Option<(f64, f64)>,
}

impl Run<'_> {
    fn at(&self, threads: u32) -> Option<(f64, f64)> {
        self.drop.iter().find(|(t, _, _)| *t == threads).map(|&(_, a, s)| (a, s))
    }
    fn native(&self) -> bool {
        self.machine.kind != RunnerKind::Browser
    }
    fn jemalloc(&self) -> bool {
        self.native() && self.machine.allocator == "jemalloc" && self.at(1).is_some()
    }
}

/// Each run's medians, read from `medians` (which lists the machines in the summary's order).
fn runs<'a>(summary: &'a Summary, medians: &CaseMedians) -> Vec<Run<'a>> {
    // Case identity → index in `medians.cases`, for the few identities the facts read.
    let index: BTreeMap<&str, u32> = medians.cases.iter().enumerate().map(|(i, c)| (c.as_str(), i as u32)).collect();
    let wanted = |variant: &str, condition: &str| index.get(format!("clone|{variant}|{condition}|unpinned").as_str()).copied();
    let threads: Vec<u32> = {
        let mut t: Vec<u32> =
            medians.cases.iter().filter_map(|c| c.strip_prefix("clone|arc_str|t")?.strip_suffix("-drop|unpinned")?.parse().ok()).collect();
        t.sort_unstable();
        t
    };
    let drop_ids: Vec<(u32, Option<u32>, Option<u32>)> =
        threads.iter().map(|&t| (t, wanted("arc_str", &format!("t{t}-drop")), wanted("string", &format!("t{t}-drop")))).collect();
    let forget_ids = (wanted("arc_str", "t2-forget"), wanted("string", "t2-forget"));
    let four_ids = ["rc_str", "string", "box_str", "arc_str"].map(|v| wanted(v, "t1-drop"));
    summary
        .machines
        .iter()
        .zip(&medians.machines)
        .map(|(machine, m)| {
            debug_assert_eq!(machine.file, m.file);
            let by_case: BTreeMap<u32, f64> = m.medians.iter().map(|&(i, ns, _)| (i, ns)).collect();
            let get = |id: Option<u32>| id.and_then(|i| by_case.get(&i).copied());
            let drop = drop_ids.iter().filter_map(|&(t, a, s)| Some((t, get(a)?, get(s)?))).collect();
            let forget_two = get(forget_ids.0).zip(get(forget_ids.1));
            let four = four_ids.map(get);
            let rc_and_rest_one = match four {
                [Some(rc), Some(s), Some(b), Some(a)] => Some((rc, s.min(b).min(a))),
                _ => None,
            };
            Run { machine, drop, forget_two, rc_and_rest_one }
        })
        .collect()
}

fn distinct<'a>(runs: impl Iterator<Item = &'a Run<'a>>, key: impl Fn(&MachineSummary) -> String) -> usize {
    runs.map(|r| key(r.machine)).collect::<HashSet<_>>().len()
}

/// `1.7×`: a ratio as the chapters write it; below 1.1 with two decimals, so that 0.95× (faster)
/// never reads as "1.0×".
fn times(ratio: f64) -> String {
    if ratio < 1.095 {
        format!("{ratio:.2}×")
    } else {
        format!("{ratio:.1}×")
    }
}

/// The span of `ratios` in words: `2.4×`, `1.7× and 3.1×`, or `2.4× to 2.6×`.
fn span(ratios: &[f64]) -> String {
    let low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let high = ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    match ratios.len() {
        0 => String::new(),
        _ if times(low) == times(high) => times(low),
        2 => format!("{} and {}", times(low), times(high)),
        _ => format!("{} to {}", times(low), times(high)),
    }
}

/// `all 9`, `8 of 9`, `none of the 9`, `the one`, `0 of 1`, `both`: a count out of a total of at
/// least one (a fact with no machine at all says so in a sentence of its own).
fn of(count: usize, total: usize) -> String {
    match (count, total) {
        (1, 1) => "the one".to_owned(),
        (c, 1) => format!("{c} of 1"),
        (0, t) => format!("none of the {t}"),
        (2, 2) => "both".to_owned(),
        (c, t) if c == t => format!("all {t}"),
        (c, t) => format!("{c} of {t}"),
    }
}

/// `1 run` / `9 runs`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Within this of 1 a ratio of two medians is a tie: it prints as `1.00×` and says neither won.
const TIE: f64 = 0.005;

/// Which side a ratio `a / s` falls on: `Less` when the first is cheaper, `Greater` when the
/// second is, `Equal` for a tie ([`TIE`]).
fn side(ratio: f64) -> std::cmp::Ordering {
    if ratio < 1.0 - TIE {
        std::cmp::Ordering::Less
    } else if ratio > 1.0 + TIE {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

/// One machine's vote: the median of what each of its runs says (one machine, one voice, however
/// many files it sent).
fn median(values: &[f64]) -> Option<f64> {
    let finite: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
    crate::stats::summarize(&finite).map(|s| s.median)
}

/// Which machine a run is of: the summary's number for it, else its file (a run alone).
fn machine_key(m: &MachineSummary) -> String {
    m.hardware.map_or_else(|| m.file.clone(), |h| h.to_string())
}

/// The runs in `runs` grouped by machine, in the order the machines first appear.
fn by_machine<'a, 'b>(runs: &[&'b Run<'a>]) -> Vec<Vec<&'b Run<'a>>> {
    let mut order: Vec<String> = Vec::new();
    let mut groups: Vec<Vec<&Run>> = Vec::new();
    for run in runs {
        let key = machine_key(run.machine);
        match order.iter().position(|k| *k == key) {
            Some(i) => groups[i].push(run),
            None => {
                order.push(key);
                groups.push(vec![run]);
            }
        }
    }
    groups
}

/// Each machine's vote on `measure` (the median over its runs that have it); machines none of whose
/// runs have it do not vote.
fn votes(machines: &[Vec<&Run>], measure: impl Fn(&Run) -> Option<f64>) -> Vec<f64> {
    machines.iter().filter_map(|runs| median(&runs.iter().filter_map(|r| measure(r)).collect::<Vec<_>>())).collect()
}

/// `machine` / `machines` with what qualified them.
fn machines_that(n: usize, what: &str) -> String {
    format!("{} {what}", if n == 1 { "machine" } else { "machines" })
}

/// Who was cheaper, by machine: `Arc<str> on 1 of 6 (2.0× cheaper), String on 4 of 6 (1.3× to
/// 2.5× cheaper) and a tie on 1`, from ratios `Arc ÷ String`. `spans` adds the by-how-much.
fn split(ratios: &[f64], spans: bool) -> String {
    use std::cmp::Ordering::*;
    let n = ratios.len();
    let arc: Vec<f64> = ratios.iter().filter(|&&r| side(r) == Less).map(|r| 1.0 / r).collect();
    let string: Vec<f64> = ratios.iter().filter(|&&r| side(r) == Greater).copied().collect();
    let ties = ratios.iter().filter(|&&r| side(r) == Equal).count();
    let won = |who: &str, wins: &[f64]| match wins.len() {
        0 => format!("{who} on none"),
        k if spans => format!("{who} on {} ({} cheaper)", of(k, n), span(wins)),
        k => format!("{who} on {}", of(k, n)),
    };
    let tie = match ties {
        0 => String::new(),
        t => format!(", and they tied (within {:.1} %) on {}", TIE * 100.0, of(t, n)),
    };
    format!("{} and {}{tie}", won(ARC, &arc), won(STRING, &string))
}

impl Facts {
    /// The facts of a build's `summary` and the `medians` made from the same files. Every count is
    /// of machines: a machine's several runs are one vote, the median of theirs.
    pub fn of(summary: &Summary, medians: &CaseMedians) -> Facts {
        let runs = runs(summary, medians);
        let all: Vec<&Run> = runs.iter().collect();
        let jemalloc_runs: Vec<&Run> = runs.iter().filter(|r| r.jemalloc()).collect();
        let jemalloc = by_machine(&jemalloc_runs);
        let native = by_machine(&runs.iter().filter(|r| r.native()).collect::<Vec<_>>());
        let browser = by_machine(&runs.iter().filter(|r| !r.native()).collect::<Vec<_>>());
        let mut values = BTreeMap::new();
        let n = jemalloc.len();

        // "Native" takes in the article's imported run (its program ran natively too): say so.
        let article = if jemalloc_runs.iter().any(|r| r.machine.kind == RunnerKind::Reference) { "; the article's among them" } else { "" };
        values.insert(
            "jemalloc-runs",
            format!(
                "{} with jemalloc ({} of {}{article})",
                plural(n, "native machine", "native machines"),
                plural(jemalloc_runs.len(), "run", "runs"),
                plural(distinct(jemalloc_runs.iter().copied(), |m| m.cpu.clone()), "CPU model", "CPU models"),
            ),
        );

        let one = votes(&jemalloc, |r| r.at(1).map(|(a, s)| a / s));
        let no_one = "no machine has timed both on one thread yet".to_owned();
        values.insert(
            "jemalloc-one-thread",
            if one.is_empty() { no_one.clone() } else { format!("the cheaper clone on one thread was {}", split(&one, true)) },
        );
        values.insert(
            "jemalloc-one-thread-count",
            if one.is_empty() { no_one } else { format!("the cheaper clone on one thread was {}", split(&one, false)) },
        );

        let arc_two = votes(&jemalloc, |r| Some(r.at(2)?.0 / r.at(1)?.0));
        let string_two = votes(&jemalloc, |r| Some(r.at(2)?.1 / r.at(1)?.1));
        let slower: Vec<f64> = arc_two.iter().copied().filter(|&r| side(r) == std::cmp::Ordering::Greater).collect();
        values.insert(
            "jemalloc-two-threads",
            if arc_two.is_empty() {
                "no machine has timed both at one and two threads yet".to_owned()
            } else {
                format!(
                    "{ARC} got slower than on one thread on {} {} ({} its one-thread time), while {STRING} took {} its one-thread time",
                    of(slower.len(), arc_two.len()),
                    machines_that(arc_two.len(), "that timed two threads"),
                    if slower.is_empty() { "never above".to_owned() } else { span(&slower) },
                    span(&string_two),
                )
            },
        );

        // A machine's vote here: at each thread count from two up, the median Arc ÷ String of its
        // runs; String won if it was cheaper at every one of them.
        let from_two: Vec<bool> = native
            .iter()
            .filter_map(|runs| {
                let mut threads: Vec<u32> = runs.iter().flat_map(|r| r.drop.iter().map(|d| d.0)).filter(|&t| t >= 2).collect();
                threads.sort_unstable();
                threads.dedup();
                if threads.is_empty() {
                    return None;
                }
                Some(threads.iter().all(|&t| {
                    let ratio = median(&runs.iter().filter_map(|r| r.at(t)).map(|(a, s)| a / s).collect::<Vec<_>>());
                    ratio.is_some_and(|r| side(r) == std::cmp::Ordering::Greater)
                }))
            })
            .collect();
        values.insert(
            "native-drop-from-two",
            if from_two.is_empty() {
                "no native machine has timed two threads or more yet".to_owned()
            } else {
                format!(
                    "{STRING} was the cheaper clone + drop at every thread count from two up on {} native {}",
                    of(from_two.iter().filter(|&&b| b).count(), from_two.len()),
                    machines_that(from_two.len(), "that timed two threads or more"),
                )
            },
        );

        let won_by_arc = |ratios: &[f64]| ratios.iter().filter(|&&r| side(r) == std::cmp::Ordering::Less).count();
        let forget = votes(&jemalloc, |r| r.forget_two.map(|(a, s)| a / s));
        values.insert(
            "jemalloc-forget-two",
            if forget.is_empty() {
                "no native jemalloc machine has timed forget mode at two threads yet".to_owned()
            } else {
                format!(
                    "{ARC} was the cheaper clone at two threads on {} native jemalloc {}",
                    of(won_by_arc(&forget), forget.len()),
                    machines_that(forget.len(), "that timed forget mode")
                )
            },
        );

        let browser_two = votes(&browser, |r| r.at(2).map(|(a, s)| a / s));
        values.insert(
            "browser-two",
            if browser_two.is_empty() {
                "no browser machine has timed two threads yet".to_owned()
            } else {
                format!(
                    "{ARC} was the cheaper clone + drop at two threads on {} browser {}",
                    of(won_by_arc(&browser_two), browser_two.len()),
                    machines_that(browser_two.len(), "that timed two threads")
                )
            },
        );

        let rc = votes(&native, |r| r.rc_and_rest_one.map(|(rc, rest)| rc / rest));
        values.insert(
            "rc-one-thread",
            if rc.is_empty() {
                "on no native machine yet (none has timed all four on one thread)".to_owned()
            } else {
                format!("on {} native {}", of(won_by_arc(&rc), rc.len()), machines_that(rc.len(), "that timed all four on one thread"))
            },
        );

        values.insert(
            "files",
            format!(
                "{} from {}",
                plural(summary.machines.len(), "results file", "results files"),
                plural(by_machine(&all).len(), "machine", "machines")
            ),
        );
        debug_assert!(FACTS.iter().all(|(name, _)| values.contains_key(name)));
        Facts { values }
    }

    /// The value of fact `name`, if there is one by that name.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// `text` with every `{{name}}` replaced by that fact; an unknown or unclosed placeholder is an
    /// error naming it and the known names.
    pub fn fill(&self, text: &str) -> Result<String, String> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let end =
                after.find("}}").ok_or_else(|| format!("an unclosed placeholder: {:?}", &rest[start..(start + 40).min(rest.len())]))?;
            let name = after[..end].trim();
            let value = self.get(name).ok_or_else(|| {
                let known: Vec<&str> = FACTS.iter().map(|(n, _)| *n).collect();
                format!("no fact is named {{{{{name}}}}} (the facts are {})", known.join(", "))
            })?;
            out.push_str(value);
            rest = &after[end + 2..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// The placeholder names `text` uses, in order.
    pub fn placeholders(text: &str) -> Vec<&str> {
        text.split("{{").skip(1).filter_map(|s| s.split_once("}}")).map(|(name, _)| name.trim()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::MachineMedians;

    /// One made-up run: (file, kind, allocator, hardware, cpu, drop cases `(threads, arc ns,
    /// string ns)`, forget at two threads).
    type MadeUp<'a> = (&'a str, RunnerKind, &'a str, u32, &'a str, &'a [(u32, f64, f64)], Option<(f64, f64)>);

    /// A summary of made-up runs.
    fn data(runs: &[MadeUp]) -> (Summary, CaseMedians) {
        let mut cases: Vec<String> = Vec::new();
        let mut id = |key: String| -> u32 {
            match cases.iter().position(|c| *c == key) {
                Some(i) => i as u32,
                None => {
                    cases.push(key);
                    (cases.len() - 1) as u32
                }
            }
        };
        let mut machines = Vec::new();
        let mut medians = Vec::new();
        for &(file, kind, allocator, hardware, cpu, drop, forget) in runs {
            let mut m = Vec::new();
            for &(t, a, s) in drop {
                m.push((id(format!("clone|arc_str|t{t}-drop|unpinned")), a, 0));
                m.push((id(format!("clone|string|t{t}-drop|unpinned")), s, 0));
            }
            if let Some((a, s)) = forget {
                m.push((id("clone|arc_str|t2-forget|unpinned".into()), a, 0));
                m.push((id("clone|string|t2-forget|unpinned".into()), s, 0));
            }
            medians.push(MachineMedians { file: file.into(), medians: m });
            machines.push(MachineSummary {
                file: file.into(),
                label: file.into(),
                cpu: cpu.into(),
                vendor: "AMD".into(),
                arch: "x86_64".into(),
                hardware: Some(hardware),
                source: None,
                logical_cpus: Some(2),
                os: None,
                allocator: allocator.into(),
                kind,
                created_at: "2026-11-26T00:00:00Z".into(),
                rustc: None,
                hypervisor: None,
                steal_percent: None,
                oversubscribed_above: None,
                suites: vec!["clone".into()],
                contention: true,
                choose_candidates: 0,
                choose_read_candidates: 0,
                clone_threads: vec![1, 2],
                noisy_cases: 0,
                unknown_noise_cases: 0,
                headline: Default::default(),
            });
        }
        let summary = Summary { summary_version: crate::summary::SUMMARY_VERSION, machines, refused: vec![] };
        (summary, CaseMedians { summary_version: crate::summary::SUMMARY_VERSION, cases, machines: medians })
    }

    const N: RunnerKind = RunnerKind::Native;

    #[test]
    fn counts_runs_machines_and_models_and_splits_the_one_thread_winners() {
        let (s, m) = data(&[
            ("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 20.0), (2, 40.0, 21.0)], Some((30.0, 90.0))),
            ("b.json", N, "jemalloc", 0, "EPYC", &[(1, 30.0, 12.0), (2, 90.0, 12.0)], Some((60.0, 80.0))),
            ("c.json", N, "jemalloc", 1, "Xeon", &[(1, 26.0, 10.0), (2, 200.0, 11.0)], None),
            ("d.json", N, "system", 1, "Xeon", &[(1, 26.0, 10.0), (2, 200.0, 300.0)], None),
            ("e.json", RunnerKind::Browser, "dlmalloc", 2, "Chrome", &[(1, 9.0, 30.0), (2, 40.0, 240.0)], None),
        ]);
        let f = Facts::of(&s, &m);
        // a and b are one machine (hardware 0): one vote, the median of their ratios.
        assert_eq!(f.get("jemalloc-runs").unwrap(), "2 native machines with jemalloc (3 runs of 2 CPU models)");
        // Machine 0: Arc ÷ String 0.5 and 2.5, median 1.5: String 1.5× cheaper. Machine 1: 2.6.
        assert_eq!(
            f.get("jemalloc-one-thread").unwrap(),
            "the cheaper clone on one thread was <code>Arc&lt;str&gt;</code> on none and <code>String</code> on both (1.5× and 2.6× cheaper)"
        );
        // Arc two ÷ one: machine 0 (4.0 + 3.0) / 2 = 3.5, machine 1 7.7; String (1.05 + 1.0) / 2 and 1.1.
        assert_eq!(
            f.get("jemalloc-two-threads").unwrap(),
            "<code>Arc&lt;str&gt;</code> got slower than on one thread on both machines that timed two threads (3.5× and 7.7× its one-thread time), while <code>String</code> took 1.02× and 1.1× its one-thread time"
        );
        // d.json (system allocator) is the Xeon's second file: its vote at two threads is the
        // median of 200 ÷ 11 and 200 ÷ 300, and String still won there.
        assert!(f.get("native-drop-from-two").unwrap().ends_with("on both native machines that timed two threads or more"), "{f:?}");
        assert!(f.get("jemalloc-forget-two").unwrap().contains("on the one native jemalloc machine that timed forget mode"), "{f:?}");
        assert!(f.get("browser-two").unwrap().contains("on the one browser machine that timed two threads"));
        assert_eq!(f.get("files").unwrap(), "5 results files from 3 machines");
    }

    /// One more machine can flip a one-thread winner: the words count instead of naming a winner.
    #[test]
    fn a_new_machine_changes_the_counts_not_the_claims() {
        let runs = [("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 20.0), (2, 40.0, 21.0)][..], None)];
        let before = Facts::of(&data(&runs).0, &data(&runs).1);
        assert!(before.get("jemalloc-one-thread").unwrap().contains("on the one (2.0× cheaper) and <code>String</code> on none"));
        let more = [runs[0], ("z.json", N, "jemalloc", 5, "Zen 9", &[(1, 30.0, 10.0), (2, 20.0, 25.0)][..], None)];
        let after = Facts::of(&data(&more).0, &data(&more).1);
        assert!(after
            .get("jemalloc-one-thread")
            .unwrap()
            .contains("on 1 of 2 (2.0× cheaper) and <code>String</code> on 1 of 2 (3.0× cheaper)"));
        assert!(after
            .get("jemalloc-two-threads")
            .unwrap()
            .contains("on 1 of 2 machines that timed two threads (4.0× its one-thread time)"));
        assert!(after.get("native-drop-from-two").unwrap().contains("on 1 of 2 native machines"));
    }

    /// Issue 51: five files of one machine and one of another are two voices, not six, however the
    /// five are labelled; twenty copies cannot outvote one machine.
    #[test]
    fn one_machine_one_voice() {
        let mut runs: Vec<MadeUp> = vec![("honest.json", N, "jemalloc", 1, "Xeon", &[(1, 20.0, 10.0), (2, 200.0, 11.0)], None)];
        let names = ["c1.json", "c2.json", "c3.json", "c4.json", "c5.json"];
        for name in names {
            runs.push((name, N, "jemalloc", 0, "EPYC", &[(1, 5.0, 10.0), (2, 4.0, 11.0)], None));
        }
        let (s, m) = data(&runs);
        let f = Facts::of(&s, &m);
        assert_eq!(f.get("files").unwrap(), "6 results files from 2 machines");
        // The article's imported run is native too, and the words say it is among them.
        let mut with_article = runs.clone();
        with_article[0].1 = RunnerKind::Reference;
        let (s, m) = data(&with_article);
        assert_eq!(
            Facts::of(&s, &m).get("jemalloc-runs").unwrap(),
            "2 native machines with jemalloc (6 runs of 2 CPU models; the article's among them)"
        );
        assert_eq!(f.get("jemalloc-runs").unwrap(), "2 native machines with jemalloc (6 runs of 2 CPU models)");
        assert!(f
            .get("jemalloc-one-thread-count")
            .unwrap()
            .ends_with("<code>Arc&lt;str&gt;</code> on 1 of 2 and <code>String</code> on 1 of 2"));
        assert!(f.get("jemalloc-two-threads").unwrap().contains("on 1 of 2 machines that timed two threads"));
    }

    /// Each wording on made-up data: no file, one file, a tie, a faster String at two threads.
    #[test]
    fn words_for_none_one_a_tie_and_a_speed_up() {
        let none = Facts::of(&data(&[]).0, &data(&[]).1);
        for (name, _) in FACTS {
            let text = none.get(name).unwrap();
            assert!(!text.contains("of the 0") && !text.contains("not the one"), "{name}: {text}");
        }
        assert_eq!(none.get("browser-two").unwrap(), "no browser machine has timed two threads yet");
        assert_eq!(none.get("native-drop-from-two").unwrap(), "no native machine has timed two threads or more yet");

        // One machine on which String lost at two threads: "0 of 1", never "not the one".
        let one = [("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 20.0), (2, 40.0, 50.0)][..], None)];
        let f = Facts::of(&data(&one).0, &data(&one).1);
        assert_eq!(
            f.get("native-drop-from-two").unwrap(),
            "<code>String</code> was the cheaper clone + drop at every thread count from two up on 0 of 1 native machine that timed two threads or more"
        );

        // A tie at one thread is said, and counted on neither side; String 0.95× at two threads
        // reads as faster, not as "1.0×".
        let tie = [("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 10.0), (2, 30.0, 9.5)][..], None)];
        let f = Facts::of(&data(&tie).0, &data(&tie).1);
        assert_eq!(
            f.get("jemalloc-one-thread-count").unwrap(),
            "the cheaper clone on one thread was <code>Arc&lt;str&gt;</code> on none and <code>String</code> on none, and they tied (within 0.5 %) on the one"
        );
        assert!(f.get("jemalloc-two-threads").unwrap().ends_with("<code>String</code> took 0.95× its one-thread time"), "{f:?}");
    }

    #[test]
    fn rc_is_counted_only_where_all_four_ran() {
        let (s, mut m) = data(&[
            ("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 20.0)], None),
            ("b.json", N, "jemalloc", 1, "Xeon", &[(1, 10.0, 20.0)], None),
            ("c.json", N, "jemalloc", 2, "Zen", &[(1, 10.0, 20.0)], None),
        ]);
        // a: Rc 3 ns, Box 25: Rc cheapest. b: Rc 12, Box 9: Box cheapest. c: no Box case.
        for (machine, rc, boxed) in [(0, 3.0, Some(25.0)), (1, 12.0, Some(9.0)), (2, 3.0, None)] {
            let mut add = |variant: &str, ns: f64| {
                let key = format!("clone|{variant}|t1-drop|unpinned");
                let i = m.cases.iter().position(|c| *c == key).unwrap_or_else(|| {
                    m.cases.push(key);
                    m.cases.len() - 1
                });
                m.machines[machine].medians.push((i as u32, ns, 0));
            };
            add("rc_str", rc);
            if let Some(b) = boxed {
                add("box_str", b);
            }
        }
        let f = Facts::of(&s, &m);
        assert_eq!(f.get("rc-one-thread").unwrap(), "on 1 of 2 native machines that timed all four on one thread");
    }

    #[test]
    fn no_data_says_so() {
        let f = Facts::of(&data(&[]).0, &data(&[]).1);
        assert_eq!(f.get("jemalloc-runs").unwrap(), "0 native machines with jemalloc (0 runs of 0 CPU models)");
        assert!(f.get("jemalloc-one-thread").unwrap().starts_with("no machine"));
        assert!(f.get("jemalloc-two-threads").unwrap().starts_with("no machine"));
        assert_eq!(f.get("files").unwrap(), "0 results files from 0 machines");
    }

    #[test]
    fn fill_replaces_known_names_and_refuses_others() {
        let runs = [("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 20.0)][..], None)];
        let (s, m) = data(&runs);
        let f = Facts::of(&s, &m);
        assert_eq!(f.fill("We ship {{ files }}.").unwrap(), "We ship 1 results file from 1 machine.");
        assert_eq!(f.fill("no placeholder").unwrap(), "no placeholder");
        let err = f.fill("{{nope}}").unwrap_err();
        assert!(err.contains("{{nope}}") && err.contains("jemalloc-runs"), "{err}");
        assert!(f.fill("{{files").unwrap_err().contains("unclosed"));
        assert_eq!(Facts::placeholders("a {{x}} b {{ y }}"), ["x", "y"]);
        for (name, _) in FACTS {
            assert!(f.get(name).is_some(), "{name}");
        }
    }

    #[test]
    fn spans_and_counts_read_naturally() {
        assert_eq!(span(&[2.44]), "2.4×");
        assert_eq!(span(&[2.41, 2.44]), "2.4×");
        assert_eq!(span(&[1.7, 3.1]), "1.7× and 3.1×");
        assert_eq!(span(&[2.4, 2.5, 2.6]), "2.4× to 2.6×");
        assert_eq!(span(&[0.95, 1.12]), "0.95× and 1.1×");
        assert_eq!(of(0, 1), "0 of 1");
        assert_eq!(of(3, 3), "all 3");
        assert_eq!(of(2, 2), "both");
        assert_eq!(of(0, 4), "none of the 4");
        assert_eq!(of(1, 1), "the one");
        assert_eq!(of(2, 5), "2 of 5");
    }
}
