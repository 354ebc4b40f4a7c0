//! The chooser's recommendation: the rule `wasm_core::choose::recommend` picks for the reader's
//! strings and sharing, its reason, and where to read more.

use leptos::prelude::*;
use wasm_core::choose::{better_than_pick, recommend, Candidate, CostRow, Profile, Sharing, MOSTLY_SHORT, SHORT_BYTES};

use super::samples::Sample;

#[component]
pub fn Advice(
    /// The reader's strings, parsed.
    sample: Memo<Sample>,
    sharing: ReadSignal<Sharing>,
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
        // The rule of thumb gives way to the numbers: a row cheaper on both memory and clone cost
        // (one that may cross threads, where they are shared) is the pick instead.
        let needs_send = sharing.get() != Sharing::OneThread;
        let better = rows.with(|rs| {
            let picked = rs.iter().find(|r| r.candidate.name() == rule.pick).copied();
            better_than_pick(rule.pick, rs, needs_send).zip(picked)
        });
        let pick_name = better.map_or(rule.pick, |(b, _)| b.candidate.name());
        let overruled = better.map(|(b, p)| {
            let (machine, threads) = source.get().unwrap_or_default();
            view! {
                <p data-testid="choose-overruled">{format!(
                    "The rule of thumb below says {}, but on these strings {} is cheaper on both counts: {:.1} bytes per string against {:.1} (measured in this page), and {} ns per clone against {} ({machine}, {threads} thread{}).",
                    p.candidate.name(),
                    b.candidate.name(),
                    b.bytes,
                    p.bytes,
                    crate::explorer::format::sig4(b.clone_ns.unwrap_or_default()),
                    crate::explorer::format::sig4(p.clone_ns.unwrap_or_default()),
                    if threads == 1 { "" } else { "s" },
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
            <p class="choose-pick" data-testid="choose-pick" data-type=Candidate::ALL.iter().find(|c| c.name() == pick_name).map(|c| c.name())>
                <strong>{pick_name}</strong>
            </p>
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
