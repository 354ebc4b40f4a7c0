//! What `/choose`'s recommendation says: the cost model's pick (`pick::final_pick`, from the
//! table's memory and clone cost, the reader's answers and clone rate) with the numbers that
//! decided it, then the rule of thumb for the same case (`wasm_core::choose::recommend`) and, where
//! the model parts from it, why. Every sentence is computed here from the cost rows, so the page
//! (`components/choose/advice.rs`) only lays them out, and the agreement line reuses the same pick.

use wasm_core::choose::constraints::Constraints;
use wasm_core::choose::model::{core_share, separates, ties, Decider, CLONE_FACTOR, MEMORY_TIE, NEGLIGIBLE_CORE_SHARE};
use wasm_core::choose::pick::final_pick;
use wasm_core::choose::{recommend, Candidate, CostRow, Profile, Rule, Sharing, MOSTLY_SHORT, SHORT_BYTES};

use super::inputs::Workload;
use crate::model::explorer::bars::format_rate;
use crate::model::explorer::format::{and_list, core_time_text, count, human_bytes, sig, sig4};

/// Where the advice's figures come from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AdviceSource {
    /// The chosen results file's label.
    pub machine: String,
    /// The thread count its clone costs are taken at.
    pub threads: u32,
    /// The thread count of the reader's program.
    pub wanted: u32,
    /// The target its memory figures are on (`Target::name`).
    pub target: String,
}

/// What the recommendation is asked: the reader's strings (their byte lengths), how they are
/// shared, what the program needs, every candidate's cost row, where those come from, the workload,
/// and the longest string the chosen machine timed.
#[derive(Clone, Copy, Debug)]
pub struct AdviceQuestion<'a> {
    pub lengths: &'a [usize],
    pub sharing: Sharing,
    pub constraints: &'a Constraints,
    pub rows: &'a [CostRow],
    pub source: &'a AdviceSource,
    pub workload: Workload,
    pub longest_case: Option<u64>,
}

/// Every sentence of the recommendation; `None` for the ones that do not apply.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The pick.
    pub pick: Candidate,
    /// Why the model picked it.
    pub reason: String,
    /// The rows it cannot tell from the pick, and what does tell them apart.
    pub tie: Option<String>,
    /// Rows that fit but were never timed on this machine.
    pub rivals_unmeasured: Option<String>,
    /// The machine timed fewer threads than the reader's program runs.
    pub fewer_threads: Option<String>,
    /// The reader's strings are longer than any the machine timed.
    pub beyond: Option<String>,
    /// Why the rule of thumb's pick is not the answer, with the page's test id for the reason.
    pub not_the_rule: Option<(&'static str, String)>,
    /// A row cheaper on both counts than the rule's pick.
    pub overruled: Option<String>,
    /// How far the model parts from the rule, where nothing above says why.
    pub differs: Option<String>,
    /// The rule of thumb for the case, and whether the pick agrees with it.
    pub rule: &'static Rule,
    pub rule_agrees: bool,
    /// How short the strings are, as the rules count it.
    pub shape: String,
}

/// The recommendation for `q`; `None` without strings.
pub fn advise(q: AdviceQuestion<'_>) -> Option<Advice> {
    let lengths = q.lengths;
    if lengths.is_empty() {
        return None;
    }
    let profile = Profile::of(lengths);
    let rule = recommend(&profile, q.sharing);
    let (answers, w, rows) = (q.constraints, q.workload, q.rows);
    // The model picks from the numbers; the rule of thumb is then measured against it.
    let pick = final_pick(rule.pick, rows, answers, w.clones_per_sec);
    let row = |c| rows.iter().find(|r| r.candidate == c).copied();
    let AdviceSource { machine, threads, wanted, target } = q.source;
    let (threads, wanted) = (*threads, *wanted);
    let on_machine = format!("{machine}, {}", count(threads, "thread", "threads"));
    // Fewer threads measured than the reader's program runs: the counted clones' figures are a floor.
    let fewer_threads = (threads > 0 && threads < wanted && answers.same_value).then(|| {
        format!(
            "{machine} timed these clones with {}, fewer than the {wanted} of your program: where threads clone one shared value, \
                 its counter costs more with every thread that writes it, so the counted types' clone costs here are a floor, \
                 and the pick could change on a machine that measured {wanted}.",
            count(threads, "thread", "threads"),
        )
    });
    // Each clone is weighed with the reads charged to it (none where the machine timed no reads).
    let ns = |r: Option<CostRow>| r.and_then(|r| r.use_ns()).map_or_else(|| "not measured".to_owned(), |ns| format!("{} ns", sig4(ns)));
    let memory = |r: Option<CostRow>| r.map_or_else(|| "?".to_owned(), |r| human_bytes(r.bytes * profile.count as f64));
    let cpu = |r: Option<CostRow>| {
        r.and_then(|r| r.use_ns())
            .map_or_else(|| "not measured".to_owned(), |ns| core_time_text(core_share(ns, w.clones_per_sec), " of one core each second"))
    };
    let charged = rows.first().map_or(0, |r| r.reads);
    let mut with = Vec::new();
    if charged > 0 {
        with.push(format!("each with its {}", count(charged, "read", "reads")));
    }
    if w.creates_per_sec > 0 {
        with.push(format!("and the {} new strings made a second", format_rate(w.creates_per_sec as f64)));
    }
    let clones = if with.is_empty() { "clones".to_owned() } else { format!("clones ({})", with.join(", ")) };
    // New strings are charged their creation, timed in this page: until then, memory alone.
    let creation_pending = w.creates_per_sec > 0 && rows.iter().all(|r| r.create_ns.is_none());
    let per_clone = match (charged, w.creates_per_sec > 0) {
        (0, false) => "per clone".to_owned(),
        (0, true) => "per clone with its share of creating".to_owned(),
        (reads, false) => format!("per clone with {}", count(reads, "read", "reads")),
        (reads, true) => format!("per clone with {} and its share of creating", count(reads, "read", "reads")),
    };
    let candidate = pick.candidate();
    let picked = row(candidate);
    let held = format!(
        "your {} in {} with {}",
        count(profile.count as u64, "string", "strings"),
        memory(picked),
        count(w.copies, "copy", "copies")
    );
    let rate = format!("At {} clones a second ({on_machine})", format_rate(w.clones_per_sec as f64));
    let tolerance =
        format!("within {CLONE_FACTOR}× of the cheapest or {} ms of one core each second of it", sig(NEGLIGIBLE_CORE_SHARE * 1e3, 2, true));
    let name = candidate.name();
    let reason = match pick.weighed.decided_by {
        Decider::CloneCpu => format!("{rate}, {name}'s {clones} take {}, the least of the rows that fit your answers, and no other comes {tolerance}. It holds {held}.", cpu(picked)),
        Decider::Memory => {
            let cheapest = pick.weighed.cheapest_clone.unwrap_or(candidate);
            format!(
                "{rate}, {} rows that fit your answers clone {tolerance} ({} at {}). Of those, {name} holds {held}, the least; its {clones} take {}.",
                pick.weighed.near,
                cheapest.name(),
                cpu(row(cheapest)),
                cpu(picked),
            )
        }
        Decider::MemoryUnmeasured if creation_pending => format!("Creating each type is still being timed in this page; until it is, memory alone decides: {name} holds {held}, the least."),
        Decider::MemoryUnmeasured => format!("{machine} measured the clone of no row that fits your answers, so memory alone decides: {name} holds {held}, the least."),
    };
    // Rows the numbers cannot tell from the pick are named as equals, with what does tell them apart.
    let tied = ties(rows, answers, &pick.weighed);
    let tie = (!tied.is_empty()).then(|| {
        let others: Vec<&str> = tied.iter().map(|c| c.name()).collect();
        let figures: Vec<String> = std::iter::once(candidate)
            .chain(tied.iter().copied())
            .filter_map(&row)
            .map(|r| format!("{} {:.1} bytes per string, {}", r.candidate.name(), r.bytes, ns(Some(r))))
            .collect();
        // What tells the pick from each rival, rival by rival when there are several.
        let apart: Vec<(Candidate, Vec<String>)> =
            tied.iter().map(|&c| (c, separates(candidate, c))).filter(|(_, words)| !words.is_empty()).collect();
        let apart = match apart.as_slice() {
            [] => "Nothing measured here separates them: pick by the API you prefer.".to_owned(),
            [(_, words)] if tied.len() == 1 => format!("What separates them: {}.", words.join("; ")),
            each => {
                let each: Vec<String> = each.iter().map(|(c, words)| format!("from {}: {}", c.name(), words.join("; "))).collect();
                format!("What separates {name} {}.", each.join("; and "))
            }
        };
        format!(
            "A tie: {} are equivalent on these numbers (memory within {:.0} % and clones {tolerance}: {}). {apart}",
            and_list(&[&[name][..], &others].concat()),
            MEMORY_TIE * 100.0,
            figures.join("; "),
        )
    });
    // A pick can win because its rivals were never timed on this machine: name them.
    let unmeasured: Vec<&str> = rows
        .iter()
        .filter(|r| r.candidate != candidate && answers.fits(r.candidate) && r.clone_ns.is_none())
        .map(|r| r.candidate.name())
        .collect();
    let rivals_unmeasured = (!unmeasured.is_empty() && pick.weighed.decided_by != Decider::MemoryUnmeasured).then(|| {
        format!(
                "{machine} did not time the clone of {}: they fit your answers but could not compete here. The line below weighs the other machines' files too.",
                and_list(&unmeasured)
            )
    });
    // Why the rule's pick is not the answer: the reader's answers rule it out, or the machine
    // did not measure its clone (never both: an unmeasured pick fits).
    let not_the_rule = pick
        .ruled_out
        .map(|out| (out, "choose-ruled-out", format!("your answers rule it out ({})", answers.ruled_out(out).unwrap_or_default())))
        .or(pick.unmeasured.map(|out| (out, "choose-unmeasured", format!("{machine} did not measure its clone"))))
        .map(|(out, test_id, why)| (test_id, format!("The rule of thumb below says {}, but {why}.", out.name())));
    let overruled = pick.beaten.and_then(|beaten| Some((row(beaten)?, picked?))).map(|(p, b)| {
        format!(
                "{} is cheaper on both counts than {}, the rule of thumb's pick, on these strings: {:.1} bytes per string with its {} against {:.1} (on {target}, the file's target), and {} {per_clone} against {} ({on_machine}).",
                b.candidate.name(),
                p.candidate.name(),
                b.bytes,
                count(w.copies, "copy", "copies"),
                p.bytes,
                ns(Some(b)),
                ns(Some(p)),
            )
    });
    // The model parts from the rule on these numbers without beating it on both counts: say by how much.
    let differs = (!pick.agrees(rule.pick) && pick.ruled_out.is_none() && pick.unmeasured.is_none() && pick.beaten.is_none()).then(|| {
        format!(
                "The rule of thumb below says {}; on these numbers the model parts from it: {} {per_clone} against {name}'s {}, and {} of memory against {}.",
                rule.pick.name(),
                ns(row(rule.pick)),
                ns(picked),
                memory(row(rule.pick)),
                memory(picked),
            )
    });
    // Strings longer than any the machine timed are charged the longest case's clone: say so,
    // since a type that copies the text pays for every byte.
    let beyond = q.longest_case.filter(|&case| profile.longest as u64 > case).map(|case| {
        let copies_text = !candidate.clones_share_blocks() && picked.is_some();
        let pick_note = if copies_text { format!(" The pick, {name}, is one of them: weigh it against the counted rows with that in mind.") } else { String::new() };
        format!(
                "Your longest string is {} bytes; {machine} timed clones of strings up to {case} bytes, so each clone cost here is that of a string of {case} bytes or fewer. Types that copy the text on every clone (String, Box<str>, and CompactString and InlineStr past their inline bytes) cost more than shown for your strings; a counted clone (Arc<str> and the like) does not grow with the length.{pick_note}",
                profile.longest,
            )
    });

    let shape = format!(
        "{} of your {} strings are at most {SHORT_BYTES} bytes (the longest is {} bytes), so they are {} short (at least {:.0} % needed).",
        profile.short,
        profile.count,
        profile.longest,
        if profile.mostly_short() { "mostly" } else { "not mostly" },
        MOSTLY_SHORT * 100.0
    );
    Some(Advice {
        pick: candidate,
        reason,
        tie,
        rivals_unmeasured,
        fewer_threads,
        beyond,
        not_the_rule,
        overruled,
        differs,
        rule,
        rule_agrees: pick.agrees(rule.pick),
        shape,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(candidate: Candidate, bytes: f64, clone_ns: Option<f64>) -> CostRow {
        CostRow { candidate, bytes, clone_ns, read_ns: None, reads: 0, create_ns: None, creates_per_clone: 0.0 }
    }

    fn source(threads: u32, wanted: u32) -> AdviceSource {
        AdviceSource { machine: "epyc".into(), threads, wanted, target: "x86_64 (64-bit)".into() }
    }

    fn ask<'a>(lengths: &'a [usize], constraints: &'a Constraints, rows: &'a [CostRow], source: &'a AdviceSource) -> AdviceQuestion<'a> {
        AdviceQuestion {
            lengths,
            sharing: Sharing::ClonedByMany,
            constraints,
            rows,
            source,
            workload: Workload::DEFAULT,
            longest_case: Some(64),
        }
    }

    #[test]
    fn no_strings_no_advice() {
        let (c, s) = (Constraints::default_for(Sharing::ClonedByMany), source(2, 8));
        assert_eq!(advise(ask(&[], &c, &[], &s)), None);
    }

    /// Three 24-byte inline types with clones within 2× of each other: one tie, listed as a
    /// sentence lists things, and what separates the pick from each rival, rival by rival.
    #[test]
    fn a_three_way_tie_names_each_rival_once() {
        let (c, s) = (Constraints::default_for(Sharing::ClonedByMany), source(2, 2));
        let rows = [
            row(Candidate::CompactString, 24.0, Some(1.18)),
            row(Candidate::SmolStr, 24.0, Some(1.35)),
            row(Candidate::HipStr, 24.0, Some(1.27)),
            row(Candidate::String, 40.0, Some(30.0)),
        ];
        let a = advise(ask(&[7, 6, 2], &c, &rows, &s)).unwrap();
        assert_eq!(a.pick, Candidate::CompactString);
        let tie = a.tie.unwrap();
        assert!(tie.starts_with("A tie: CompactString, SmolStr and HipStr are equivalent on these numbers"), "{tie}");
        assert!(tie.contains("What separates CompactString from SmolStr: ") && tie.contains("; and from HipStr: "), "{tie}");
        assert_eq!(a.fewer_threads, None, "the file measured the program's two threads");
        assert_eq!(a.beyond, None, "seven bytes is within the 64-byte cases");
    }

    #[test]
    fn fewer_threads_than_the_program_and_longer_strings_than_the_cases_are_said() {
        let (c, s) = (Constraints::default_for(Sharing::ClonedByMany), source(2, 8));
        let rows = [row(Candidate::String, 140.0, Some(20.0)), row(Candidate::ArcStr, 150.0, Some(90.0))];
        let a = advise(ask(&[100, 120], &c, &rows, &s)).unwrap();
        assert_eq!(a.pick, Candidate::String);
        assert!(a.fewer_threads.unwrap().starts_with("epyc timed these clones with 2 threads, fewer than the 8 of your program"));
        let beyond = a.beyond.unwrap();
        assert!(beyond.starts_with("Your longest string is 120 bytes; epyc timed clones of strings up to 64 bytes"), "{beyond}");
        assert!(beyond.ends_with("The pick, String, is one of them: weigh it against the counted rows with that in mind."), "{beyond}");
        // Each thread cloning its own values: no shared counter, so no floor to warn of.
        let own = Constraints { same_value: false, ..c };
        assert_eq!(advise(ask(&[100, 120], &own, &rows, &s)).unwrap().fewer_threads, None);
    }

    #[test]
    fn with_no_clone_measured_memory_alone_decides_and_the_page_says_why() {
        let (c, s) = (Constraints::default_for(Sharing::ClonedByMany), source(2, 2));
        let rows = [row(Candidate::BoxStr, 20.0, None), row(Candidate::String, 28.0, None)];
        let a = advise(ask(&[4], &c, &rows, &s)).unwrap();
        assert_eq!(a.pick, Candidate::BoxStr);
        assert!(
            a.reason.starts_with("epyc measured the clone of no row that fits your answers, so memory alone decides: Box<str> holds"),
            "{}",
            a.reason
        );
        assert_eq!(a.rivals_unmeasured, None, "memory decided: nothing was out-competed by going untimed");
    }
}
