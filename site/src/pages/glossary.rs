//! `/glossary`: the terms the chapters link on first use, from `content/glossary.md` (turned into
//! HTML at build time by `site/build.rs`, like the chapters).

use leptos::prelude::*;

use crate::content::{Part, GLOSSARY};

#[component]
pub fn Glossary() -> impl IntoView {
    view! {
        <article class="prose glossary" data-testid="glossary">
            <h1>{GLOSSARY.title}</h1>
            <p class="lede" inner_html=GLOSSARY.lede_html></p>
            <nav class="on-this-page" aria-label="Terms">
                <ul>
                    {GLOSSARY.sections.iter().map(|(id, title)| view! { <li><a href=format!("#{id}")>{*title}</a></li> }).collect_view()}
                </ul>
            </nav>
            {GLOSSARY.parts.iter().filter_map(|p| match p {
                Part::Html(html) => Some(view! { <div inner_html=*html></div> }),
                _ => None,
            }).collect_view()}
        </article>
    }
}
