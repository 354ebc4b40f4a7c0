//! A labelled `<select>` over one of the explorer's choices (view, mode, scale).

use leptos::prelude::*;

use crate::model::explorer::choice::Choice;

#[component]
pub fn ChoiceSelect<T>(
    /// The visible label.
    label: &'static str,
    /// Element id and test id.
    id: &'static str,
    #[prop(into)] value: Signal<T>,
    /// Called with the picked value.
    on_pick: Callback<T>,
) -> impl IntoView
where
    T: Choice + Send + Sync,
{
    view! {
        <label class="control" for=id>
            <span>{label}</span>
            <select
                id=id
                data-testid=id
                prop:value=move || value.get().key()
                on:change=move |ev| {
                    if let Some(v) = T::parse(&event_target_value(&ev)) {
                        on_pick.run(v);
                    }
                }
            >
                {T::ALL
                    .iter()
                    .map(|&(v, key, text)| view! { <option value=key prop:selected=move || value.get() == v>{text}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}
