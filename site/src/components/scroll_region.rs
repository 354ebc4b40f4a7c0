//! A table that may be wider than the screen, in a scroll container a keyboard can reach: focusable
//! (tab, then the arrow keys scroll it) and named, so a screen reader says what it holds (WCAG 2.1.1,
//! axe's `scrollable-region-focusable`). Every wide table on the site sits in one; the two views whose
//! tables borrow their data (the results grid, the Arc inspector) write the same `div` by hand, since
//! `Children` must own what it renders.

use leptos::prelude::*;

/// Wraps `children` (one table) in a focusable, labelled `.table-scroll` region.
#[component]
pub fn ScrollRegion(#[prop(into)] label: String, children: Children) -> impl IntoView {
    view! { <div class="table-scroll" tabindex="0" role="region" aria-label=label>{children()}</div> }
}
