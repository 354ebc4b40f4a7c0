//! Light/dark switch. The page follows the OS by default (CSS `prefers-color-scheme`); pressing the
//! button pins a choice in `localStorage` and on `<html data-theme>`.

use leptos::prelude::*;

const STORAGE_KEY: &str = "theme";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn os_prefers_dark() -> bool {
    web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches())
}

fn apply(theme: &str) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", theme);
    }
}

#[component]
pub fn ThemeToggle() -> impl IntoView {
    let initial = storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .unwrap_or_else(|| if os_prefers_dark() { "dark" } else { "light" }.to_owned());
    let (theme, set_theme) = signal(initial);
    Effect::new(move |_| apply(&theme.get()));

    let toggle = move |_| {
        let next = if theme.get_untracked() == "dark" { "light" } else { "dark" };
        if let Some(s) = storage() {
            let _ = s.set_item(STORAGE_KEY, next);
        }
        set_theme.set(next.to_owned());
    };
    view! {
        <button
            class="theme-toggle"
            type="button"
            data-testid="theme-toggle"
            aria-pressed=move || (theme.get() == "dark").to_string()
            on:click=toggle
        >
            {move || if theme.get() == "dark" { "☀ Light" } else { "☾ Dark" }}
        </button>
    }
}
