//! Renders every page of the site to HTML at build time: `prerender OUT.json` writes one entry per
//! route (path, title, description, whether it charts, and the `<body>` content), which
//! `scripts/postbuild.mjs` puts into each route's `index.html`. The pages are the same Leptos
//! components the site is made of, rendered natively; the live parts come out as empty boxes
//! (`islands::Live`) that the wasm fills in the browser.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use leptos::prelude::*;
    use site::{routes, App, Route};

    /// The pages are each page's first frame: no effect runs and no resource resolves here.
    struct NeverRun;
    impl any_spawner::CustomExecutor for NeverRun {
        fn spawn(&self, _: any_spawner::PinnedFuture<()>) {}
        fn spawn_local(&self, _: any_spawner::PinnedLocalFuture<()>) {}
        fn poll_local(&self) {}
    }

    let Some(out) = std::env::args_os().nth(1) else {
        eprintln!("usage: prerender OUT.json");
        std::process::exit(2);
    };
    any_spawner::Executor::init_custom_executor(NeverRun).expect("the executor is set once");
    let pages: Vec<serde_json::Value> = Route::all()
        .into_iter()
        .map(|(path, route)| {
            let (title, description) = match &path {
                Some(p) => routes::page_meta(p).unwrap_or_else(|| panic!("{p} has a title in site/routes.json or is a chapter")),
                None => (routes::not_found_title(), "There is no page at this address.".to_owned()),
            };
            // `untrack`: rendering reads each signal once, outside any effect, which is the point here.
            let body = Owner::new().with(|| untrack(|| view! { <App route/> }.to_html()));
            let lite = lite_enough(&body);
            serde_json::json!({
                "path": path,
                "title": title,
                "description": description,
                "charts": route.charts(),
                // Every live part of the page is in the small wasm (`site-lite`).
                "lite": lite,
                // `<!>` marks where text nodes meet for hydration; these pages are never hydrated.
                "body": body.replace("<!>", ""),
            })
        })
        .collect();
    let json = serde_json::to_string(&pages).expect("strings and bools serialise");
    let tmp = std::path::PathBuf::from(format!("{}.tmp", out.to_string_lossy()));
    if let Err(e) = std::fs::write(&tmp, json).and_then(|()| std::fs::rename(&tmp, &out)) {
        eprintln!("error: cannot write {}: {e}", out.to_string_lossy());
        std::process::exit(1);
    }
}

/// Whether every island box in `body` (`data-live="NAME"`) is one the lite wasm carries. A name
/// that needs its argument to be known (`recorded-results`) counts as not lite, which is right for
/// it and safe for any other: the full wasm carries every island.
#[cfg(not(target_arch = "wasm32"))]
fn lite_enough(body: &str) -> bool {
    body.split(r#"data-live=""#).skip(1).all(|rest| {
        let name = rest.split('"').next().unwrap_or_default();
        site::islands::Island::from_box(name, None).is_some_and(site::islands::Island::is_lite)
    })
}

#[cfg(target_arch = "wasm32")]
fn main() {}
