//! The chooser's inputs: the sample strings (a text box, one a line, or a preset) and how they are
//! shared.

use leptos::prelude::*;
use wasm_core::choose::Sharing;

use super::samples::{MAX_STRINGS, PRESETS};

#[component]
pub fn ChooseForm(text: ReadSignal<String>, set_text: WriteSignal<String>, sharing: ReadSignal<Sharing>, set_sharing: WriteSignal<Sharing>) -> impl IntoView {
    let presets = PRESETS
        .iter()
        .map(|p| view! { <button type="button" data-preset=p.id on:click=move |_| set_text.set(p.text.to_owned())>{p.label}</button> })
        .collect_view();
    let sharing_options = Sharing::ALL
        .iter()
        .map(|&s| {
            view! {
                <label class="radio">
                    <input type="radio" name="choose-sharing" value=s.id() data-testid=format!("choose-sharing-{}", s.id())
                        prop:checked=move || sharing.get() == s on:change=move |_| set_sharing.set(s)/>
                    " " {s.label()}
                </label>
            }
        })
        .collect_view();
    view! {
        <form class="choose-form" on:submit=|ev| ev.prevent_default()>
            <label for="choose-input">"Your strings, one a line (up to " {MAX_STRINGS} "):"</label>
            <textarea id="choose-input" data-testid="choose-input" rows="8" spellcheck="false"
                prop:value=text on:input=move |ev| set_text.set(event_target_value(&ev))></textarea>
            <div class="controls" role="group" aria-label="Fill with a typical set">
                <span class="muted">"Or try: "</span>{presets}
            </div>
            <fieldset>
                <legend>"How are they shared?"</legend>
                {sharing_options}
            </fieldset>
        </form>
    }
}
