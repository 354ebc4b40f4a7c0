//! The page frame around every route: header with navigation and theme toggle, main area, footer.

use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;
use wasm_bindgen::JsCast;

use super::theme_toggle::ThemeToggle;

/// Keeps `document.title` on the page the reader is on, and after a client-side navigation (not
/// the first load, which keeps the browser's own focus and scroll) moves focus to the new page's
/// heading, so keyboard and screen-reader users land on what just appeared.
fn follow_navigation() {
    let location = use_location();
    Effect::new(move |previous: Option<String>| {
        let path = location.pathname.get();
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return path };
        let title = crate::routes::page_meta(&path).map_or_else(crate::routes::not_found_title, |(title, _)| title);
        document.set_title(&title);
        if previous.is_some_and(|p| p != path) {
            // The new page renders in this same tick; focus its heading on the next frame.
            let focus = wasm_bindgen::closure::Closure::once_into_js(move || {
                let heading = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("main h1").ok().flatten());
                if let Some(h1) = heading.and_then(|h| h.dyn_into::<web_sys::HtmlElement>().ok()) {
                    let _ = h1.set_attribute("tabindex", "-1");
                    let options = web_sys::FocusOptions::new();
                    options.set_prevent_scroll(true);
                    let _ = h1.focus_with_options(&options);
                }
            });
            if let Some(window) = web_sys::window() {
                let _ = window.request_animation_frame(focus.unchecked_ref());
            }
        }
        path
    });
}

#[component]
pub fn Shell(children: Children) -> impl IntoView {
    follow_navigation();
    view! {
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="site-header">
            <A href="/" attr:class="brand">"arc-str explained"</A>
            <nav aria-label="Site">
                <A href="/">"Home"</A>
                <A href="/chapters">"Chapters"</A>
                <A href="/choose">"Choose"</A>
                <A href="/bench">"Benchmarks"</A>
                <A href="/results">"Results"</A>
                <A href="/submit">"Submit yours"</A>
            </nav>
            <ThemeToggle/>
        </header>
        <main id="main" tabindex="-1">{children()}</main>
        <footer class="site-footer">
            <p>
                "Facts and figures credited to the articles “Arc<str> vs String”, “More fun with SSO, part 2” "
                "and “If you want performance, cheat!”; text and code here are our own."
            </p>
        </footer>
    }
}
