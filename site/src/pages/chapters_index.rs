//! `/chapters`: the table of contents.

use leptos::prelude::*;

use crate::content::CHAPTERS;
use crate::static_data::filled;

#[component]
pub fn ChaptersIndex() -> impl IntoView {
    view! {
        <article class="prose">
            <h1>"Chapters"</h1>
            <p class="lede">
                "From what " <code>"Sized"</code> " means to the bytes of a small string. Each chapter has live widgets "
                "that read this page's own WebAssembly memory."
            </p>
            <ol class="toc" data-testid="toc">
                {CHAPTERS.iter().map(|c| view! {
                    <li value=c.number.to_string()>
                        <a href=format!("/chapters/{}", c.slug)>{c.title}</a>
                        <p class="toc-lede" inner_html=filled(c.lede_html)></p>
                        <ul class="toc-sections">
                            {c.sections.iter().map(|(id, title)| view! {
                                <li><a href=format!("/chapters/{}#{}", c.slug, id)>{*title}</a></li>
                            }).collect_view()}
                        </ul>
                    </li>
                }).collect_view()}
            </ol>
        </article>
    }
}
