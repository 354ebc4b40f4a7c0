//! `/search`: search the chapters, the glossary and the machines, in the browser (no server).

use leptos::prelude::*;

use crate::live::{Island, Live};

#[component]
pub fn Search() -> impl IntoView {
    view! {
        <article class="prose">
            <h1>"Search"</h1>
            <Live island=Island::Search/>
            <p class="field-note">
                "The index is built with the site: every chapter section, every " <a href="/glossary">"glossary"</a>
                " entry, each page and each machine in the " <a href="/results">"results"</a> "."
            </p>
        </article>
    }
}
