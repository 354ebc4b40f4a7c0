//! A table of `size_of` / `align_of` for the string types, computed live by wasm-core on this target.

use leptos::prelude::*;
use wasm_core::layout::string_type_layouts;

#[component]
pub fn LayoutTable() -> impl IntoView {
    let rows = string_type_layouts();
    view! {
        <table class="data" data-testid="layout-table">
            <caption>"Measured in your browser (wasm32, " {8 * std::mem::size_of::<usize>()} "-bit pointers)"</caption>
            <thead>
                <tr><th scope="col">"Type"</th><th scope="col">"size_of"</th><th scope="col">"align_of"</th></tr>
            </thead>
            <tbody>
                {rows.into_iter().map(|l| {
                    let name = l.type_name.clone();
                    view! {
                    <tr data-type=l.type_name>
                        <th scope="row"><code>{name}</code></th>
                        <td class="num" data-field="size">{l.size_bytes}</td>
                        <td class="num" data-field="align">{l.align_bytes}</td>
                    </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}
