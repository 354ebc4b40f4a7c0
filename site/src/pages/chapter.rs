//! `/chapters/<slug>`: one chapter. Prose is HTML generated at build time (`content.rs`), placed with
//! `inner_html`; each widget is an island's box between the prose parts.

use leptos::prelude::*;

use crate::components::crossover::CrossoverFigure;
use crate::components::layout_diagram::ChapterDiagram;
use crate::components::widgets::recorded_results::RecordedFirstFrame;
use crate::components::widgets::size_table::SizeFirstFrame;
use crate::content::{chapter, Chapter, Part, Widget, CHAPTERS};
use crate::live::{Island, Live};
use crate::static_data::filled;

#[component]
pub fn ChapterPage(this: &'static Chapter) -> impl IntoView {
    let (prev, _, next) = chapter(this.slug).expect("a chapter is found by its own slug");
    let parts = this
        .parts
        .iter()
        .map(|part| match *part {
            Part::Html(html) => view! { <div class="chapter-part" inner_html=filled(html)></div> }.into_any(),
            Part::Widget(Widget::RecordedResults(suite)) => view! {
                <Live island=Island::Widget(Widget::RecordedResults(suite))><RecordedFirstFrame suite/></Live>
            }
            .into_any(),
            Part::Widget(Widget::SizeTable) => view! { <Live island=Island::Widget(Widget::SizeTable)><SizeFirstFrame/></Live> }.into_any(),
            Part::Widget(w) => view! { <Live island=Island::Widget(w)/> }.into_any(),
            Part::Diagram("crossover") => view! { <CrossoverFigure/> }.into_any(),
            Part::Diagram(name) => view! { <ChapterDiagram name/> }.into_any(),
        })
        .collect_view();

    let section_links = move || {
        this.sections
            .iter()
            .map(|(id, title)| view! { <li><a href=format!("/chapters/{}#{}", this.slug, id)>{*title}</a></li> })
            .collect_view()
    };
    view! {
        <article class="prose chapter" data-testid="chapter" data-slug=this.slug>
            <p class="chapter-kicker" data-testid="chapter-kicker">{format!("Chapter {} of {}", this.number, CHAPTERS.len())}</p>
            <h1>{this.title}</h1>
            <nav class="chapter-nav-top" aria-label="Chapter navigation, top">
                {prev.map(|p| view! { <a href=format!("/chapters/{}", p.slug) rel="prev">{format!("← {}", p.title)}</a> })}
                {match next {
                    Some(n) => view! { <a href=format!("/chapters/{}", n.slug) rel="next">{format!("{} →", n.title)}</a> }.into_any(),
                    None => view! { <a href="/choose">"Choose a type for your strings →"</a> }.into_any(),
                }}
            </nav>
            <p class="lede" inner_html=filled(this.lede_html)></p>
            <nav class="on-this-page" aria-label="On this page">
                <details>
                    <summary>"On this page"</summary>
                    <ul>{section_links()}</ul>
                </details>
            </nav>
            // On a wide screen the same list stays in view in the right margin (CSS shows one of the two).
            <nav class="on-this-page-side" aria-label="On this page, sidebar" data-testid="toc-side">
                <p>"On this page"</p>
                <ul>{section_links()}</ul>
            </nav>
            {parts}
            <nav class="chapter-nav" aria-label="Previous and next chapter">
                {prev.map(|p| view! {
                    <a href=format!("/chapters/{}", p.slug) class="prev" rel="prev">
                        <span class="muted">"← Previous"</span><span>{p.title}</span>
                    </a>
                })}
                <a href="/chapters" class="contents">"All chapters"</a>
                {match next {
                    Some(n) => view! {
                        <a href=format!("/chapters/{}", n.slug) class="next" rel="next">
                            <span class="muted">"Next →"</span><span>{n.title}</span>
                        </a>
                    }.into_any(),
                    // The last chapter leads on to where its rules are applied and its data lives.
                    None => view! {
                        <a href="/results" class="next">
                            <span class="muted">"See the data →"</span><span>"Results from real machines"</span>
                        </a>
                        <a href="/choose" class="next">
                            <span class="muted">"Apply it →"</span><span>"Which string type should I use?"</span>
                        </a>
                    }.into_any(),
                }}
            </nav>
        </article>
    }
}
