//! Checkboxes to choose which machines (results files) to compare. The article's reference dataset
//! and the allocator each run used are marked.

use leptos::prelude::*;

use crate::explorer::Machine;

#[component]
pub fn MachinePicker(
    machines: StoredValue<Vec<Machine>>,
    /// Ids of the chosen machines.
    #[prop(into)]
    chosen: Signal<Vec<String>>,
    /// Called with (machine id, checked).
    on_toggle: Callback<(String, bool)>,
) -> impl IntoView {
    let options = machines.with_value(|all| {
        all.iter()
            .map(|m| {
                let id = m.id.clone();
                let input_id = format!("machine-{id}");
                let checked_id = id.clone();
                let toggle_id = id.clone();
                let provenance = m.data.provenance.as_ref().map(|p| p.source.clone());
                view! {
                    <li class="machine-option" data-testid="machine-option" data-machine=id>
                        <input
                            type="checkbox"
                            id=input_id.clone()
                            prop:checked=move || chosen.read().contains(&checked_id)
                            on:change=move |ev| on_toggle.run((toggle_id.clone(), event_target_checked(&ev)))
                        />
                        <label for=input_id>
                            <span class="machine-label">{m.data.label.clone()}</span>
                            " "
                            <span class="badge allocator">{m.allocator().to_owned()}</span>
                            {m.is_reference().then(|| view! { " " <span class="badge reference" data-testid="reference-badge">"reference dataset"</span> })}
                            <span class="machine-desc">{m.description()}</span>
                            {provenance.map(|source| view! { <span class="machine-desc">"Imported from " {source}</span> })}
                        </label>
                    </li>
                }
            })
            .collect_view()
    });
    view! {
        <fieldset class="machine-picker" data-testid="machine-picker">
            <legend>"Machines"</legend>
            <ul>{options}</ul>
        </fieldset>
    }
}
