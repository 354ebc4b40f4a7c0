//! The fallback page for a path no route matches.

use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <article class="prose">
            <h1>"Page not found"</h1>
            <p>"There is no page at this address. "<a href="/">"Start at the beginning"</a>"."</p>
        </article>
    }
}
