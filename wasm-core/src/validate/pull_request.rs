//! The rules that need a pull request's files side by side with each other and with the files the
//! site ships (today's base branch): the runner's own file name, one label per machine, a machine
//! record that is the reference's, copies among the new files as well as of shipped ones, and one
//! machine, one voice (several new files of one suite from one machine need a maintainer).

use super::copies::duplicate_problems;
use crate::machine_key::machine_key;
use crate::problem::{escape_control, Problem};
use crate::results::ResultsFile;

/// Longest name of a results file (the label's 64 characters, a suite and a date fit in it).
pub const MAX_NAME_CHARS: usize = 100;

/// Why `file_name` is not the name the runner gives `file` (`<label>-<date>.json`, or
/// `<label>-<suite>-<date>.json` for a run of one suite, the date the day of `created_at`), or `None`.
pub fn name_problem(file_name: &str, file: &ResultsFile) -> Option<Problem> {
    if file_name.chars().count() > MAX_NAME_CHARS {
        return Some(Problem::new("file", format!("its name is {} characters long; at most {MAX_NAME_CHARS}", file_name.chars().count())));
    }
    let day = file.created_at.get(..10).unwrap_or("");
    let mut allowed = vec![format!("{}-{day}.json", file.label)];
    let mut suites: Vec<&str> = file.cases.iter().map(|c| c.suite.as_str()).collect();
    suites.dedup();
    if suites.len() == 1 {
        allowed.push(format!("{}-{}-{day}.json", file.label, suites[0]));
    }
    (!allowed.iter().any(|a| a == file_name)).then(|| {
        Problem::new(
            "file",
            format!(
                "is named {:?}, not as the runner names this run ({}): the name is the label and the day of created_at",
                escape_control(file_name),
                allowed.join(" or ")
            ),
        )
    })
}

/// The problems of each of `new` (the pull request's files, name and contents) seen beside each
/// other and beside `shipped`: (file name, problem). `maintainer`: the one-machine-one-suite rule
/// is reported as a note for the maintainer instead of a problem (returned as the second list).
pub fn pull_request_problems(
    new: &[(String, ResultsFile)],
    shipped: &[(String, ResultsFile)],
    maintainer: bool,
) -> (Vec<(String, Problem)>, Vec<String>) {
    let mut problems: Vec<(String, Problem)> = Vec::new();
    let mut notes = Vec::new();
    let everyone: Vec<(String, ResultsFile)> = shipped.iter().chain(new).cloned().collect();
    for (name, file) in new {
        let mut add = |p: Problem| problems.push((name.clone(), p));
        // A maintainer's edit of a shipped file keeps the name it has.
        let edit = shipped.iter().any(|(n, _)| n == name);
        if let Some(p) = name_problem(name, file).filter(|_| !edit) {
            add(p);
        }
        // duplicate_problems skips the files named `name` itself; so do the look-ups below.
        for p in duplicate_problems(name, file, &everyone) {
            add(p);
        }
        let others = || everyone.iter().filter(|(n, _)| n != name);
        let key = machine_key(file);
        if let Some((other, _)) = others().find(|(_, o)| o.label == file.label && machine_key(o) != key) {
            add(Problem::new(
                "label",
                format!("is {:?}, the label of {}, a run of another machine: a label names one machine", file.label, escape_control(other)),
            ));
        }
        if !file.is_known_reference() {
            if let Some((reference, _)) = others().find(|(_, o)| o.is_known_reference() && o.machine == file.machine) {
                add(Problem::new(
                    "machine",
                    format!("is {}'s machine record, byte for byte: the article's machine, not this run's", escape_control(reference)),
                ));
            }
        }
    }
    // One machine, one voice: two new files of one suite from one machine (with one allocator: an
    // allocator A/B is one machine measured two ways, and the facts never pool allocators).
    let mut by_machine_and_suite: std::collections::BTreeMap<(String, String), Vec<&str>> = Default::default();
    for (name, file) in new {
        let mut suites: Vec<&str> = file.cases.iter().map(|c| c.suite.as_str()).collect();
        suites.sort_unstable();
        suites.dedup();
        for suite in suites {
            by_machine_and_suite
                .entry((format!("{}|{}", machine_key(file), file.allocator.name), suite.to_owned()))
                .or_default()
                .push(name);
        }
    }
    for ((_, suite), names) in by_machine_and_suite.into_iter().filter(|(_, names)| names.len() > 1) {
        let text = format!(
            "{} are {} {suite} runs of one machine with one allocator (their machine records agree): one machine, one voice, so several files of one suite need a maintainer",
            names.iter().map(|n| escape_control(n)).collect::<Vec<_>>().join(", "),
            names.len()
        );
        if maintainer {
            notes.push(text);
        } else {
            for name in &names {
                problems.push(((*name).to_owned(), Problem::new("file", text.clone())));
            }
        }
    }
    (problems, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shipped_files::{all as shipped, named as file};

    /// A shipped run as a contributor would send it again: another machine (memory), its own label.
    fn relabelled(name: &str, label: &str, scale: f64) -> (String, ResultsFile) {
        let (_, mut f) = file(name);
        f.label = label.into();
        f.machine.memory_total_bytes = Some(64 << 30);
        for c in &mut f.cases {
            for t in &mut c.repeat_times_ns {
                *t = (*t * scale).round();
            }
            c.summarize();
        }
        (format!("{label}-{}.json", &f.created_at[..10]), f)
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn every_shipped_file_has_the_runners_name_but_the_reference() {
        for (name, f) in shipped() {
            assert_eq!(name_problem(&name, &f).is_none(), !f.is_known_reference(), "{name}");
        }
        let (_, f) = file("epyc-2vcpu-jemalloc-2026-11-23.json");
        assert!(name_problem("index.json.json", &f).unwrap().problem.contains("epyc-2vcpu-jemalloc-2026-11-23.json"));
        assert!(name_problem(&format!("{}.json", "a".repeat(101)), &f).unwrap().problem.contains("at most 100"));
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn twenty_scaled_copies_are_refused_and_one_machines_suites_pass() {
        let copies: Vec<(String, ResultsFile)> =
            (0..20).map(|i| relabelled("epyc-2vcpu-jemalloc-2026-11-23.json", &format!("copy-{i}"), 0.55 + 0.01 * i as f64)).collect();
        let (problems, _) = pull_request_problems(&copies, &shipped(), false);
        for (name, _) in &copies {
            assert!(problems.iter().any(|(n, p)| n == name && p.problem.contains("a scaled copy")), "{name}: {problems:?}");
            assert!(problems.iter().any(|(n, p)| n == name && p.problem.contains("one machine, one voice")), "{name}");
        }
        // One machine's clone and sso files together: honest, and they pass.
        let (_, clone) = file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json");
        let (_, sso) = file("xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21.json");
        let others: Vec<_> = shipped().into_iter().filter(|(n, _)| !n.starts_with("xeon-2.1ghz")).collect();
        let pair = [
            ("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json".to_owned(), clone),
            ("xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21.json".to_owned(), sso),
        ];
        let (problems, notes) = pull_request_problems(&pair, &others, false);
        assert!(problems.is_empty() && notes.is_empty(), "{problems:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn two_clone_files_of_one_machine_need_a_maintainer() {
        let (_, a) = file("epyc-2vcpu-jemalloc-reads-2026-11-26.json");
        let (_, b) = file("epyc-2vcpu-jemalloc-all-types-2026-11-26.json");
        let others: Vec<_> = shipped().into_iter().filter(|(n, _)| !n.contains("2026-11-26")).collect();
        let pair =
            [("epyc-2vcpu-jemalloc-reads-2026-11-26.json".to_owned(), a), ("epyc-2vcpu-jemalloc-all-types-2026-11-26.json".to_owned(), b)];
        let (problems, notes) = pull_request_problems(&pair, &others, false);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].1.problem.contains("are 2 clone runs of one machine"), "{problems:?}");
        assert!(notes.is_empty());
        let (problems, notes) = pull_request_problems(&pair, &others, true);
        assert!(problems.is_empty() && notes.len() == 1, "{problems:?} {notes:?}");
        // An allocator A/B: one machine's clone runs with jemalloc and with the system allocator.
        let ab = [file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json"), file("xeon-2.1ghz-2vcpu-system-2026-11-22.json")];
        let others: Vec<_> = shipped().into_iter().filter(|(n, _)| !n.starts_with("xeon-2.1ghz")).collect();
        let (problems, notes) = pull_request_problems(&ab, &others, false);
        assert!(problems.is_empty() && notes.is_empty(), "{problems:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn identity_lies_are_refused_and_their_twins_pass() {
        let shipped = shipped();
        // A label another machine's file has.
        let (name, mut taken) = relabelled("xeon-2vcpu-jemalloc-all-types-2026-11-25.json", "epyc-2vcpu-jemalloc-reads", 1.0);
        for c in &mut taken.cases {
            for (k, t) in c.repeat_times_ns.iter_mut().enumerate() {
                *t *= 1.0 + 0.03 * (k as f64 % 3.0);
            }
            c.summarize();
        }
        let (problems, _) = pull_request_problems(&[(name.clone(), taken.clone())], &shipped, false);
        assert!(problems.iter().any(|(_, p)| p.field == "label"), "{problems:?}");
        taken.label = "my-own-label".into();
        taken.conditions.as_mut().unwrap().steal_percent = Some(0.0412);
        let (problems, _) =
            pull_request_problems(&[(format!("my-own-label-{}", &name[name.len() - 15..]), taken.clone())], &shipped, false);
        assert!(problems.is_empty(), "{problems:?}");
        // The reference's machine record, byte for byte.
        let reference = shipped.iter().find(|(_, f)| f.is_known_reference()).unwrap().1.machine.clone();
        let mut borrowed = taken.clone();
        borrowed.machine = reference;
        let (problems, _) = pull_request_problems(&[(format!("my-own-label-{}", &name[name.len() - 15..]), borrowed)], &shipped, false);
        assert!(problems.iter().any(|(_, p)| p.field == "machine"), "{problems:?}");
    }
}
