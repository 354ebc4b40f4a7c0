//! Copy buttons on code blocks. `site/build.rs` wraps every code block as
//! `<div class="code-block"><button data-copy>Copy</button><pre>…</pre></div>` (`/submit` writes the
//! same shape); one delegated click listener on the document serves all of them.

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Serves every Copy button of the page, present and future, with one click listener.
pub fn listen(document: &web_sys::Document) {
    let handler = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MouseEvent)>::new(on_click);
    let _ = document.add_event_listener_with_callback("click", handler.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    handler.forget();
}

/// Handles a click anywhere; acts only when it hit a `[data-copy]` button.
fn on_click(ev: web_sys::MouseEvent) {
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let Ok(Some(button)) = target.closest("[data-copy]") else { return };
    let Some(pre) = button.parent_element().and_then(|p| p.query_selector("pre").ok().flatten()) else { return };
    let text = pre.text_content().unwrap_or_default();
    let Some(window) = web_sys::window() else { return };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let copied = JsFuture::from(promise).await.is_ok();
        if !copied {
            // No clipboard permission: select the code so Ctrl+C / Cmd+C copies it.
            if let Ok(Some(selection)) = window.get_selection() {
                let _ = selection.select_all_children(&pre);
            }
        }
        button.set_text_content(Some(if copied { "Copied" } else { "Selected: press Ctrl+C" }));
        set_timeout(move || button.set_text_content(Some("Copy")), Duration::from_millis(2000));
    });
}
