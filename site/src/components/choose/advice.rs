//! The chooser's recommendation: the rule `wasm_core::choose::recommend` picks for the reader's
//! strings and sharing, then `constraints::final_pick` for their answers and the table's numbers,
//! with the reason for each step and where to read more.

use leptos::prelude::*;
use wasm_core::choose::constraints::{final_pick, Constraints};
use wasm_core::choose::{recommend, CostRow, Profile, Sharing, MOSTLY_SHORT, SHORT_BYTES};

use super::samples::Sample;

#[component]
pub fn Advice(
    /// The reader's strings, parsed.
    sample: Memo<Sample>,
    sharing: ReadSignal<Sharing>,
    /// The reader's answers to the constraint questions.
    constraints: Memo<Constraints>,
    /// Every candidate's bytes and clone cost on these strings, from the table's machine.
    rows: Memo<Vec<CostRow>>,
    /// That machine's label and the thread count.
    source: Signal<Option<(String, u32)>>,
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
        // The rule of thumb gives way to the reader's answers (a type they rule out) and to the
        // numbers (a fitting row cheaper on both memory and clone cost).
        let answers = constraints.get();
        let pick = rows.with(|rs| final_pick(rule.pick, rs, &answers));
        let row = |c| rows.with(|rs| rs.iter().find(|r| r.candidate == c).copied());
        let (machine, threads) = source.get().unwrap_or_default();
        let on_machine = format!("{machine}, {}", crate::explorer::format::count(threads, "thread", "threads"));
        let ns = |r: Option<CostRow>| r.and_then(|r| r.clone_ns).map_or_else(|| "not measured".to_owned(), |ns| format!("{} ns", crate::explorer::format::sig4(ns)));
        // Why the rule's pick is not the answer: the reader's answers rule it out, or the machine
        // did not measure its clone (never both: an unmeasured pick fits).
        let not_the_rule = pick
            .ruled_out
            .map(|out| (out, "choose-ruled-out", format!("your answers rule it out ({})", answers.ruled_out(out).unwrap_or_default())))
            .or(pick.unmeasured.map(|out| (out, "choose-unmeasured", format!("{machine} did not measure its clone"))))
            .map(|(out, test_id, why)| {
                let start = pick.beaten.unwrap_or(pick.candidate);
                view! {
                    <p data-testid=test_id>{format!(
                        "The rule of thumb below says {}, but {why}. Of the measured rows that fit, {} has the cheapest clone: {} per clone ({on_machine}).",
                        out.name(),
                        start.name(),
                        ns(row(start)),
                    )}</p>
                }
            });
        let overruled = pick.beaten.and_then(|beaten| Some((row(beaten)?, row(pick.candidate)?))).map(|(p, b)| {
            view! {
                <p data-testid="choose-overruled">{format!(
                    "{} is cheaper on both counts than {} on these strings: {:.1} bytes per string against {:.1} (measured in this page, with the copies you said are alive), and {} per clone against {} ({on_machine}).",
                    b.candidate.name(),
                    p.candidate.name(),
                    b.bytes,
                    p.bytes,
                    ns(Some(b)),
                    ns(Some(p)),
                )}</p>
            }
        });
        let shape = format!(
            "{} of your {} strings are at most {SHORT_BYTES} bytes (the longest is {} bytes), so they are {} short (at least {:.0} % needed).",
            profile.short,
            profile.count,
            profile.longest,
            if profile.mostly_short() { "mostly" } else { "not mostly" },
            MOSTLY_SHORT * 100.0
        );
        view! {
            <p class="choose-pick" data-testid="choose-pick" data-type=pick.candidate.name()>
                <strong>{pick.candidate.name()}</strong>
            </p>
            {not_the_rule}
            {overruled}
            <p data-testid="choose-rule">"Rule of thumb: " <em>{rule.headline}</em> ": " {rule.because} "."</p>
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
                "Why these rules: " <a href="/chapters/what-instead#rules">"What to do instead"</a> ". Background: "
                <a href="/chapters/clone-cost">"What clone costs"</a> ", " <a href="/chapters/small-strings">"Small strings"</a> "."
            </p>
        </section>
    }
}
