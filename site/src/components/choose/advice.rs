//! The chooser's recommendation: the rule `wasm_core::choose::recommend` picks for the reader's
//! strings and sharing, its reason, and where to read more.

use leptos::prelude::*;
use wasm_core::choose::{recommend, Candidate, Profile, Sharing, MOSTLY_SHORT, SHORT_BYTES};

use super::samples;

#[component]
pub fn Advice(text: ReadSignal<String>, sharing: ReadSignal<Sharing>) -> impl IntoView {
    let verdict = move || {
        let (lengths, left_out) = text.with(|t| {
            let parsed = samples::parse(t);
            (parsed.strings.iter().map(|s| s.len()).collect::<Vec<_>>(), parsed.left_out())
        });
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
        let shape = format!(
            "{} of your {} strings are at most {SHORT_BYTES} bytes (the longest is {} bytes), so they are {} short (at least {:.0} % needed).",
            profile.short,
            profile.count,
            profile.longest,
            if profile.mostly_short() { "mostly" } else { "not mostly" },
            MOSTLY_SHORT * 100.0
        );
        view! {
            <p class="choose-pick" data-testid="choose-pick" data-type=Candidate::ALL.iter().find(|c| c.name() == rule.pick).map(|c| c.name())>
                <strong>{rule.pick}</strong>
            </p>
            <p data-testid="choose-rule"><em>{rule.headline}</em> ": " {rule.because} "."</p>
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
