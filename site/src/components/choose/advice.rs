//! The chooser's recommendation, laid out: the sentences `model::choose::advice` computed from the
//! cost rows, each in its paragraph (the test ids name them), under one live region.

use leptos::prelude::*;

use crate::model::choose::advice::Advice;

#[component]
pub fn AdviceView(
    /// What the recommendation says; `None` while there are no strings.
    advice: Memo<Option<Advice>>,
    /// Strings the page left out of the sample, said under the advice.
    #[prop(into)]
    left_out: Signal<Option<String>>,
) -> impl IntoView {
    let note = |test_id: &'static str, text: Option<String>| text.map(|t| view! { <p class="note" data-testid=test_id>{t}</p> });
    let line = |test_id: &'static str, text: Option<String>| text.map(|t| view! { <p data-testid=test_id>{t}</p> });
    let verdict = move || {
        let left_out = left_out.get().map(|t| view! { <p class="note" data-testid="choose-left-out">{t}</p> });
        let Some(a) = advice.get() else {
            return view! {
                <p data-testid="choose-empty">"Type or paste the strings your program holds, one a line, or pick a typical set above: the recommendation is made from them."</p>
                {left_out}
            }
            .into_any();
        };
        let rule_intro = if a.rule_agrees { "The rule of thumb for this case agrees: " } else { "Rule of thumb for this case: " };
        let (not_the_rule_id, not_the_rule) = a.not_the_rule.map_or(("choose-ruled-out", None), |(id, text)| (id, Some(text)));
        view! {
            <p class="choose-pick" data-testid="choose-pick" data-type=a.pick.name()>
                <strong>{a.pick.name()}</strong>
            </p>
            <p data-testid="choose-reason">{a.reason}</p>
            {line("choose-tie", a.tie)}
            {note("choose-rivals-unmeasured", a.rivals_unmeasured)}
            {note("choose-advice-threads", a.fewer_threads)}
            {note("choose-beyond", a.beyond)}
            {line(not_the_rule_id, not_the_rule)}
            {line("choose-overruled", a.overruled)}
            {line("choose-model-differs", a.differs)}
            <p data-testid="choose-rule">{rule_intro} <em>{a.rule.headline}</em> ": " {a.rule.because} "."</p>
            <p class="muted">{a.shape}</p>
            {left_out}
        }
        .into_any()
    };
    view! {
        <section class="choose-advice" aria-live="polite" aria-labelledby="choose-advice-title">
            <h2 id="choose-advice-title">"Recommendation"</h2>
            {verdict}
            <p class="small">
                "The model and the rules: " <a href=crate::routes::site_url("/chapters/what-instead#rules")>"What to do instead"</a> ". Background: "
                <a href=crate::routes::site_url("/chapters/clone-cost")>"What clone costs"</a> ", " <a href=crate::routes::site_url("/chapters/small-strings")>"Small strings"</a> "."
            </p>
        </section>
    }
}
