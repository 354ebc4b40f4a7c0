//! Sentences about *every* shipped run, computed from the build's summary and medians, so that a
//! contributed results file changes the words instead of breaking a test or leaving them stale.
//!
//! Prose (a chapter's Markdown, a page's lede) names a fact with a placeholder, `{{name}}`; the
//! pre-renderer fills it with [`Facts::fill`]. A placeholder with an unknown name is an error that
//! names it, so a typo stops the build. Each fact is a whole clause, written so that it stays true
//! whatever the data: a range says what it spans, a count says runs (files) or machines (distinct
//! machine records), and a winner that one more file could flip is given as "in X of N runs".
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

/// `1.7×`: a ratio as the chapters write it.
fn times(ratio: f64) -> String {
    format!("{ratio:.1}×")
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

/// `all 9`, `8 of 9`, `none of the 9`, `the one` / `neither`...: a count out of a total.
fn of(count: usize, total: usize) -> String {
    match (count, total) {
        (_, 1) if count == 1 => "the one".to_owned(),
        (0, 1) => "not the one".to_owned(),
        (0, _) => format!("none of the {total}"),
        (c, t) if c == t && t == 2 => "both".to_owned(),
        (c, t) if c == t => format!("all {t}"),
        (c, t) => format!("{c} of {t}"),
    }
}

/// `1 run` / `9 runs`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn distinct<'a>(runs: impl Iterator<Item = &'a Run<'a>>, key: impl Fn(&MachineSummary) -> String) -> usize {
    runs.map(|r| key(r.machine)).collect::<HashSet<_>>().len()
}

/// Which machine record a run has: the summary's number for it, else its file (a run alone).
fn machine_key(m: &MachineSummary) -> String {
    m.hardware.map_or_else(|| m.file.clone(), |h| h.to_string())
}

impl Facts {
    /// The facts of a build's `summary` and the `medians` made from the same files.
    pub fn of(summary: &Summary, medians: &CaseMedians) -> Facts {
        let runs = runs(summary, medians);
        let jemalloc: Vec<&Run> = runs.iter().filter(|r| r.jemalloc()).collect();
        let mut values = BTreeMap::new();
        let n = jemalloc.len();

        values.insert(
            "jemalloc-runs",
            format!(
                "{} with jemalloc ({} of {})",
                plural(n, "native run", "native runs"),
                plural(distinct(jemalloc.iter().copied(), machine_key), "machine", "machines"),
                plural(distinct(jemalloc.iter().copied(), |m| m.cpu.clone()), "CPU model", "CPU models"),
            ),
        );

        let one: Vec<f64> = jemalloc.iter().filter_map(|r| r.at(1)).map(|(a, s)| a / s).collect();
        let arc_won: Vec<f64> = one.iter().filter(|&&r| r < 1.0).map(|r| 1.0 / r).collect();
        let string_won: Vec<f64> = one.iter().filter(|&&r| r > 1.0).copied().collect();
        let won = |who: &str, ratios: &[f64]| match ratios.len() {
            0 => format!("{who} in none"),
            k => format!("{who} in {} ({} cheaper)", of(k, n), span(ratios)),
        };
        values.insert(
            "jemalloc-one-thread",
            if n == 0 {
                "no run has timed both on one thread yet".to_owned()
            } else {
                format!("the cheaper clone on one thread was {} and {}", won(ARC, &arc_won), won(STRING, &string_won))
            },
        );

        let count = |who: &str, k: usize| if k == 0 { format!("{who} in none") } else { format!("{who} in {}", of(k, n)) };
        values.insert(
            "jemalloc-one-thread-count",
            if n == 0 {
                "no run has timed both on one thread yet".to_owned()
            } else {
                format!("the cheaper clone on one thread was {} and {}", count(ARC, arc_won.len()), count(STRING, string_won.len()))
            },
        );

        let both: Vec<(f64, f64)> =
            jemalloc.iter().filter_map(|r| Some((r.at(1)?, r.at(2)?))).map(|((a1, s1), (a2, s2))| (a2 / a1, s2 / s1)).collect();
        let slower: Vec<f64> = both.iter().map(|b| b.0).filter(|&r| r > 1.0).collect();
        let string_change: Vec<f64> = both.iter().map(|b| b.1).collect();
        values.insert(
            "jemalloc-two-threads",
            if both.is_empty() {
                "no run has timed both at one and two threads yet".to_owned()
            } else {
                format!(
                    "{ARC} got slower than on one thread in {} {} ({} its one-thread time), while {STRING} took {} its one-thread time",
                    of(slower.len(), both.len()),
                    if both.len() == 1 { "run that timed two threads" } else { "runs that timed two threads" },
                    if slower.is_empty() { "never above".to_owned() } else { span(&slower) },
                    span(&string_change),
                )
            },
        );

        let native_drop: Vec<bool> = runs
            .iter()
            .filter(|r| r.native() && r.drop.iter().any(|(t, _, _)| *t >= 2))
            .map(|r| r.drop.iter().filter(|(t, _, _)| *t >= 2).all(|&(_, a, s)| s < a))
            .collect();
        values.insert(
            "native-drop-from-two",
            format!(
                "{STRING} was the cheaper clone + drop at every thread count from two up in {} {}",
                of(native_drop.iter().filter(|&&b| b).count(), native_drop.len()),
                if native_drop.len() == 1 {
                    "native run that timed two threads or more"
                } else {
                    "native runs that timed two threads or more"
                }
            ),
        );

        let forget: Vec<bool> = jemalloc.iter().filter_map(|r| r.forget_two).map(|(a, s)| a < s).collect();
        values.insert(
            "jemalloc-forget-two",
            format!(
                "{ARC} was the cheaper clone at two threads in {} native jemalloc {} that timed forget mode",
                of(forget.iter().filter(|&&b| b).count(), forget.len()),
                if forget.len() == 1 { "run" } else { "runs" }
            ),
        );

        let browser: Vec<bool> = runs.iter().filter(|r| !r.native()).filter_map(|r| r.at(2)).map(|(a, s)| a < s).collect();
        values.insert(
            "browser-two",
            format!(
                "{ARC} was the cheaper clone + drop at two threads in {} browser {}",
                of(browser.iter().filter(|&&b| b).count(), browser.len()),
                if browser.len() == 1 { "run" } else { "runs" }
            ),
        );

        let rc: Vec<bool> = runs.iter().filter(|r| r.native()).filter_map(|r| r.rc_and_rest_one).map(|(rc, rest)| rc < rest).collect();
        values.insert(
            "rc-one-thread",
            format!(
                "in {} native {} that timed all four on one thread",
                of(rc.iter().filter(|&&b| b).count(), rc.len()),
                if rc.len() == 1 { "run" } else { "runs" }
            ),
        );

        values.insert(
            "files",
            format!(
                "{} from {}",
                plural(summary.machines.len(), "results file", "results files"),
                plural(distinct(runs.iter(), machine_key), "machine", "machines")
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

    /// A summary of runs given as (file, kind, allocator, hardware, cpu, drop cases
    /// `(threads, arc ns, string ns)`, forget at two threads).
    #[allow(clippy::type_complexity)]
    fn data(runs: &[(&str, RunnerKind, &str, u32, &str, &[(u32, f64, f64)], Option<(f64, f64)>)]) -> (Summary, CaseMedians) {
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
        assert_eq!(f.get("jemalloc-runs").unwrap(), "3 native runs with jemalloc (2 machines of 2 CPU models)");
        assert_eq!(
            f.get("jemalloc-one-thread").unwrap(),
            "the cheaper clone on one thread was <code>Arc&lt;str&gt;</code> in 1 of 3 (2.0× cheaper) and <code>String</code> in 2 of 3 (2.5× and 2.6× cheaper)"
        );
        assert_eq!(
            f.get("jemalloc-two-threads").unwrap(),
            "<code>Arc&lt;str&gt;</code> got slower than on one thread in all 3 runs that timed two threads (3.0× to 7.7× its one-thread time), while <code>String</code> took 1.0× to 1.1× its one-thread time"
        );
        // d.json (system allocator) counts among native runs: String lost at two threads there.
        assert!(f.get("native-drop-from-two").unwrap().ends_with("in 3 of 4 native runs that timed two threads or more"), "{f:?}");
        assert!(f.get("jemalloc-forget-two").unwrap().contains("in both native jemalloc runs that timed forget mode"));
        assert!(f.get("browser-two").unwrap().contains("in the one browser run"));
        assert_eq!(f.get("files").unwrap(), "5 results files from 3 machines");
    }

    /// One more file can flip a one-thread winner: the words count instead of naming a winner.
    #[test]
    fn a_new_file_changes_the_counts_not_the_claims() {
        let runs = [("a.json", N, "jemalloc", 0, "EPYC", &[(1, 10.0, 20.0), (2, 40.0, 21.0)][..], None)];
        let before = Facts::of(&data(&runs).0, &data(&runs).1);
        assert!(before.get("jemalloc-one-thread").unwrap().contains("in the one (2.0× cheaper) and <code>String</code> in none"));
        let more = [runs[0], ("z.json", N, "jemalloc", 5, "Zen 9", &[(1, 30.0, 10.0), (2, 20.0, 25.0)][..], None)];
        let after = Facts::of(&data(&more).0, &data(&more).1);
        assert!(after
            .get("jemalloc-one-thread")
            .unwrap()
            .contains("in 1 of 2 (2.0× cheaper) and <code>String</code> in 1 of 2 (3.0× cheaper)"));
        assert!(after.get("jemalloc-two-threads").unwrap().contains("in 1 of 2 runs that timed two threads (4.0× its one-thread time)"));
        assert!(after.get("native-drop-from-two").unwrap().contains("in 1 of 2 native runs"));
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
        assert_eq!(f.get("rc-one-thread").unwrap(), "in 1 of 2 native runs that timed all four on one thread");
    }

    #[test]
    fn no_data_says_so() {
        let f = Facts::of(&data(&[]).0, &data(&[]).1);
        assert_eq!(f.get("jemalloc-runs").unwrap(), "0 native runs with jemalloc (0 machines of 0 CPU models)");
        assert!(f.get("jemalloc-one-thread").unwrap().starts_with("no run"));
        assert!(f.get("jemalloc-two-threads").unwrap().starts_with("no run"));
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
        assert_eq!(of(3, 3), "all 3");
        assert_eq!(of(2, 2), "both");
        assert_eq!(of(0, 4), "none of the 4");
        assert_eq!(of(1, 1), "the one");
        assert_eq!(of(2, 5), "2 of 5");
    }
}
