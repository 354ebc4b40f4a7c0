//! The page frame around every route: header with navigation and theme toggle, main area, footer.

use leptos::prelude::*;
use leptos_router::components::A;

use super::theme_toggle::ThemeToggle;

#[component]
pub fn Shell(children: Children) -> impl IntoView {
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
