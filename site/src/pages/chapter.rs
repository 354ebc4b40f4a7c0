//! `/chapters/:slug`: one chapter. Prose is HTML generated at build time (`content.rs`), placed with
//! `inner_html`; widgets are components between the prose parts.

use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_location, use_params_map};

use super::not_found::NotFound;
use crate::components::code_copy::on_chapter_click;
use crate::components::widgets::widget_view;
use crate::content::{chapter, Chapter, Part};

/// Scrolls to `#id` once the chapter is in the DOM (the browser tried before the page rendered).
fn scroll_to_hash(hash: &str) {
    let id = hash.trim_start_matches('#');
    if id.is_empty() {
        return;
    }
    if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) {
        el.scroll_into_view();
    }
}

#[component]
pub fn ChapterPage() -> impl IntoView {
    let params = use_params_map();
    let slug = Memo::new(move |_| params.read().get("slug").unwrap_or_default());
    move || match chapter(&slug.get()) {
        Some((prev, this, next)) => view! { <ChapterView prev=prev this=this next=next/> }.into_any(),
        None => view! { <NotFound/> }.into_any(),
    }
}

#[component]
fn ChapterView(prev: Option<&'static Chapter>, this: &'static Chapter, next: Option<&'static Chapter>) -> impl IntoView {
    let location = use_location();
    // After the chapter has rendered, and whenever the hash changes, bring `#id` into view.
    Effect::new(move |_| {
        let hash = location.hash.get();
        request_animation_frame(move || scroll_to_hash(&hash));
    });

    let parts = this
        .parts
        .iter()
        .map(|part| match *part {
            Part::Html(html) => view! { <div class="chapter-part" inner_html=html></div> }.into_any(),
            Part::Widget(w) => widget_view(w),
        })
        .collect_view();

    view! {
        <article class="prose chapter" data-testid="chapter" data-slug=this.slug on:click=on_chapter_click>
            <p class="chapter-kicker">{format!("Chapter {}", this.number)}</p>
            <h1>{this.title}</h1>
            <p class="lede" inner_html=this.lede_html></p>
            <nav class="on-this-page" aria-label="On this page">
                <details>
                    <summary>"On this page"</summary>
                    <ul>
                        {this.sections.iter().map(|(id, title)| view! {
                            <li><a href=format!("/chapters/{}#{}", this.slug, id)>{*title}</a></li>
                        }).collect_view()}
                    </ul>
                </details>
            </nav>
            {parts}
            <nav class="chapter-nav" aria-label="Previous and next chapter">
                {prev.map(|p| view! {
                    <A href=format!("/chapters/{}", p.slug) attr:class="prev" attr:rel="prev">
                        <span class="muted">"← Previous"</span><span>{p.title}</span>
                    </A>
                })}
                <A href="/chapters" attr:class="contents">"All chapters"</A>
                {next.map(|n| view! {
                    <A href=format!("/chapters/{}", n.slug) attr:class="next" attr:rel="next">
                        <span class="muted">"Next →"</span><span>{n.title}</span>
                    </A>
                })}
            </nav>
        </article>
    }
}
