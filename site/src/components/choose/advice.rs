//! The chooser's recommendation: the cost model's pick (`pick::final_pick`, from the
//! table's memory and clone cost, the reader's answers and clone rate) with the numbers that
//! decided it, then the rule of thumb for the same case (`wasm_core::choose::recommend`) and, where
//! the model parts from it, why.

use leptos::prelude::*;
use wasm_core::choose::constraints::Constraints;
use wasm_core::choose::model::{core_share, separates, ties, Decider, CLONE_FACTOR, MEMORY_TIE, NEGLIGIBLE_CORE_SHARE};
use wasm_core::choose::pick::final_pick;
use wasm_core::choose::{recommend, CostRow, Profile, Sharing, MOSTLY_SHORT, SHORT_BYTES};

use super::form::Workload;
use super::samples::Sample;
use super::table::{core_time_text, human_bytes};
use crate::explorer::format::{count, sig, sig4};

#[component]
pub fn Advice(
    /// The reader's strings, parsed.
    sample: Memo<Sample>,
    sharing: ReadSignal<Sharing>,
    /// The reader's answers to the constraint questions.
    constraints: Memo<Constraints>,
    /// Every candidate's bytes and clone cost on these strings, from the table's machine.
    rows: Memo<Vec<CostRow>>,
    /// That machine's label, the thread count its costs are taken at, and the reader's.
    source: Signal<Option<(String, u32, u32)>>,
    /// The copies alive and the clone rate the model weighs the rows at.
    workload: ReadSignal<Workload>,
    /// The longest string, in bytes, the chosen machine timed clones of.
    longest_case: Signal<Option<u64>>,
) -> impl IntoView {
    let verdict = move || {
        let (lengths, left_out) = sample.with(|s| (s.lengths(), s.left_out.clone()));
        let left_out = left_out.map(|note| view! { <p class="note" data-testid="choose-left-out">{note}</p> });
        if lengths.is_empty() {
            return view! {
                <p data-testid="choose-empty">"Type or paste the strings your program holds, one a line, or pick a typical set above: the recommendation is made from them."</p>
                {left_out}
            }
            .into_any();
        }
        let profile = Profile::of(&lengths);
        let rule = recommend(&profile, sharing.get());
        let (answers, w) = (constraints.get(), workload.get());
        // The model picks from the numbers; the rule of thumb is then measured against it.
        let pick = rows.with(|rs| final_pick(rule.pick, rs, &answers, w.clones_per_sec));
        let row = |c| rows.with(|rs| rs.iter().find(|r| r.candidate == c).copied());
        let (machine, threads, wanted) = source.get().unwrap_or_default();
        let on_machine = format!("{machine}, {}", count(threads, "thread", "threads"));
        // Fewer threads measured than the reader's program runs: the counted clones' figures are a floor.
        let fewer_threads = (threads > 0 && threads < wanted && answers.same_value).then(|| {
            view! {
                <p class="note" data-testid="choose-advice-threads">{format!(
                    "{machine} timed these clones with {}, fewer than the {wanted} of your program: where threads clone one shared value, \
                     its counter costs more with every thread that writes it, so the counted types' clone costs here are a floor, \
                     and the pick could change on a machine that measured {wanted}.",
                    count(threads, "thread", "threads"),
                )}</p>
            }
        });
        // Each clone is weighed with the reads charged to it (none where the machine timed no reads).
        let ns = |r: Option<CostRow>| r.and_then(|r| r.use_ns()).map_or_else(|| "not measured".to_owned(), |ns| format!("{} ns", sig4(ns)));
        let memory = |r: Option<CostRow>| r.map_or_else(|| "?".to_owned(), |r| human_bytes(r.bytes * profile.count as f64));
        let cpu = |r: Option<CostRow>| {
            r.and_then(|r| r.use_ns()).map_or_else(
                || "not measured".to_owned(),
                |ns| core_time_text(core_share(ns, w.clones_per_sec), " of one core each second"),
            )
        };
        let charged = rows.with(|rs| rs.first().map_or(0, |r| r.reads));
        let mut with = Vec::new();
        if charged > 0 {
            with.push(format!("each with its {}", count(charged, "read", "reads")));
        }
        if w.creates_per_sec > 0 {
            with.push(format!(
                "and the {} new strings made a second",
                crate::components::bench::results_table::format_rate(w.creates_per_sec as f64)
            ));
        }
        let clones = if with.is_empty() { "clones".to_owned() } else { format!("clones ({})", with.join(", ")) };
        // New strings are charged their creation, timed in this page: until then, memory alone.
        let creation_pending = w.creates_per_sec > 0 && rows.with(|rs| rs.iter().all(|r| r.create_ns.is_none()));
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
        let rate =
            format!("At {} clones a second ({on_machine})", crate::components::bench::results_table::format_rate(w.clones_per_sec as f64));
        let tolerance = format!(
            "within {CLONE_FACTOR}× of the cheapest or {} ms of one core each second of it",
            sig(NEGLIGIBLE_CORE_SHARE * 1e3, 2, true)
        );
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
        let tied = rows.with(|rs| ties(rs, &answers, &pick.weighed));
        let tie = (!tied.is_empty()).then(|| {
            let others: Vec<&str> = tied.iter().map(|c| c.name()).collect();
            let figures: Vec<String> = std::iter::once(candidate)
                .chain(tied.iter().copied())
                .filter_map(&row)
                .map(|r| format!("{} {:.1} bytes per string, {}", r.candidate.name(), r.bytes, ns(Some(r))))
                .collect();
            let words: Vec<String> = tied.iter().flat_map(|&c| separates(candidate, c)).collect();
            let apart = if words.is_empty() {
                "Nothing measured here separates them: pick by the API you prefer.".to_owned()
            } else {
                format!("What separates them: {}.", words.join("; "))
            };
            view! {
                <p data-testid="choose-tie">{format!(
                    "A tie: {name} and {} are equivalent on these numbers (memory within {:.0} % and clones {tolerance}: {}). {apart}",
                    others.join(" and "),
                    MEMORY_TIE * 100.0,
                    figures.join("; "),
                )}</p>
            }
        });
        // A pick can win because its rivals were never timed on this machine: name them.
        let unmeasured: Vec<&str> = rows.with(|rs| {
            rs.iter()
                .filter(|r| r.candidate != candidate && answers.fits(r.candidate) && r.clone_ns.is_none())
                .map(|r| r.candidate.name())
                .collect()
        });
        let rivals_unmeasured = (!unmeasured.is_empty() && pick.weighed.decided_by != Decider::MemoryUnmeasured).then(|| {
            view! {
                <p class="note" data-testid="choose-rivals-unmeasured">{format!(
                    "{machine} did not time the clone of {}: they fit your answers but could not compete here. The line below weighs the other machines' files too.",
                    unmeasured.join(", ")
                )}</p>
            }
        });
        // Why the rule's pick is not the answer: the reader's answers rule it out, or the machine
        // did not measure its clone (never both: an unmeasured pick fits).
        let not_the_rule = pick
            .ruled_out
            .map(|out| (out, "choose-ruled-out", format!("your answers rule it out ({})", answers.ruled_out(out).unwrap_or_default())))
            .or(pick.unmeasured.map(|out| (out, "choose-unmeasured", format!("{machine} did not measure its clone"))))
            .map(|(out, test_id, why)| view! { <p data-testid=test_id>{format!("The rule of thumb below says {}, but {why}.", out.name())}</p> });
        let overruled = pick.beaten.and_then(|beaten| Some((row(beaten)?, picked?))).map(|(p, b)| {
            view! {
                <p data-testid="choose-overruled">{format!(
                    "{} is cheaper on both counts than {}, the rule of thumb's pick, on these strings: {:.1} bytes per string with its {} against {:.1} (wasm32, measured in this page), and {} {per_clone} against {} ({on_machine}).",
                    b.candidate.name(),
                    p.candidate.name(),
                    b.bytes,
                    count(w.copies, "copy", "copies"),
                    p.bytes,
                    ns(Some(b)),
                    ns(Some(p)),
                )}</p>
            }
        });
        // The model parts from the rule on these numbers without beating it on both counts: say by how much.
        let differs = (!pick.agrees(rule.pick) && pick.ruled_out.is_none() && pick.unmeasured.is_none() && pick.beaten.is_none()).then(|| {
            view! {
                <p data-testid="choose-model-differs">{format!(
                    "The rule of thumb below says {}; on these numbers the model parts from it: {} {per_clone} against {name}'s {}, and {} of memory against {}.",
                    rule.pick.name(),
                    ns(row(rule.pick)),
                    ns(picked),
                    memory(row(rule.pick)),
                    memory(picked),
                )}</p>
            }
        });
        // Strings longer than any the machine timed are charged the longest case's clone: say so,
        // since a type that copies the text pays for every byte.
        let beyond = longest_case.get().filter(|&case| profile.longest as u64 > case).map(|case| {
            let copies_text = !candidate.clones_share_blocks() && picked.is_some();
            let pick_note = if copies_text { format!(" The pick, {name}, is one of them: weigh it against the counted rows with that in mind.") } else { String::new() };
            view! {
                <p class="note" data-testid="choose-beyond">{format!(
                    "Your longest string is {} bytes; {machine} timed clones of strings up to {case} bytes, so each clone cost here is that of a string of {case} bytes or fewer. Types that copy the text on every clone (String, Box<str>, and CompactString and InlineStr past their inline bytes) cost more than shown for your strings; a counted clone (Arc<str> and the like) does not grow with the length.{pick_note}",
                    profile.longest,
                )}</p>
            }
        });
        let rule_intro = if pick.agrees(rule.pick) { "The rule of thumb for this case agrees: " } else { "Rule of thumb for this case: " };
        let shape = format!(
            "{} of your {} strings are at most {SHORT_BYTES} bytes (the longest is {} bytes), so they are {} short (at least {:.0} % needed).",
            profile.short,
            profile.count,
            profile.longest,
            if profile.mostly_short() { "mostly" } else { "not mostly" },
            MOSTLY_SHORT * 100.0
        );
        view! {
            <p class="choose-pick" data-testid="choose-pick" data-type=name>
                <strong>{name}</strong>
            </p>
            <p data-testid="choose-reason">{reason}</p>
            {tie}
            {rivals_unmeasured}
            {fewer_threads}
            {beyond}
            {not_the_rule}
            {overruled}
            {differs}
            <p data-testid="choose-rule">{rule_intro} <em>{rule.headline}</em> ": " {rule.because} "."</p>
            <p class="muted">{shape}</p>
            {left_out}
        }
        .into_any()
    };
    view! {
        <section class="choose-advice" aria-live="polite" aria-labelledby="choose-advice-title">
            <h2 id="choose-advice-title">"Recommendation"</h2>
            {verdict}
            <p class="small">
                "The model and the rules: " <a href="/chapters/what-instead#rules">"What to do instead"</a> ". Background: "
                <a href="/chapters/clone-cost">"What clone costs"</a> ", " <a href="/chapters/small-strings">"Small strings"</a> "."
            </p>
        </section>
    }
}
