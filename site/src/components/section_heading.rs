//! A page's `<h2>` with its deep link: the same `¶` self-link every chapter heading gets from
//! `build.rs`, for the headings Leptos pages write by hand.

use leptos::prelude::*;

/// `<h2 id=ID>TITLE ¶</h2>`, the `¶` a link to `PAGE#ID`.
#[component]
pub fn SectionHeading(page: &'static str, id: &'static str, title: &'static str) -> impl IntoView {
    view! {
        <h2 id=id>
            {title}
            <a class="heading-anchor" href=format!("{page}#{id}") aria-label=format!("Link to this section: {title}")>"¶"</a>
        </h2>
    }
}
