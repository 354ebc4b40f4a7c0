//! Renders every page of the site to HTML at build time: `prerender OUT.json` writes one entry per
//! route (path, title, description, whether it charts, which wasm it needs, and the `<body>` content), which
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
            let tier = tier_needed(&body);
            serde_json::json!({
                "path": path,
                "title": title,
                "description": description,
                "charts": route.charts(),
                // The cargo binary of the smallest wasm that carries every live part of the page.
                "wasm": tier.bin(),
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

/// The smallest wasm tier that carries every island box in `body` (`data-live="NAME"`, with
/// `data-suite="SUITE"` for a widget that takes one). A box no island claims needs the full wasm,
/// which is right for any name a future island adds before this learns it.
#[cfg(not(target_arch = "wasm32"))]
fn tier_needed(body: &str) -> site::islands::Tier {
    use site::islands::{Island, Tier};
    let attr = |tag: &str, name: &str| tag.split(&format!(r#"{name}=""#)).nth(1).and_then(|rest| rest.split('"').next()).map(str::to_owned);
    body.split("<div ")
        .filter_map(|rest| rest.split('>').next())
        .filter_map(|tag| Some((attr(tag, "data-live")?, attr(tag, "data-suite"))))
        .map(|(name, suite)| Island::from_box(&name, suite.as_deref()).map_or(Tier::Full, Island::tier))
        .fold(Tier::Lite, Tier::join)
}

#[cfg(target_arch = "wasm32")]
fn main() {}
