//! `/results`: every results file shipped in `content/results/`, charted. Files load at run time
//! (a static host cannot list a folder, so the build writes `results/index.json`).

use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::results::explorer::Explorer;
use crate::components::results::loader::load_results_with_progress;

#[component]
pub fn Results() -> impl IntoView {
    let (progress, set_progress) = signal((0usize, 0usize));
    let files = LocalResource::new(move || load_results_with_progress(move |done, total| set_progress.set((done, total))));
    view! {
        <article class="prose wide">
            <h1>"Results from real machines"</h1>
            <p class="lede">
                "Cloning an Arc<str> bumps one shared counter; cloning a String asks the allocator for new memory. "
                "On one thread the counter usually wins (3× on the article's Ryzen; our 2-vCPU Xeon VM, whose locked "
                "instructions are slow, is an exception worth a look). With every extra thread cloning the same "
                "Arc<str>, the threads queue for that one cache line, and String becomes the faster clone."
            </p>
            <p>
                "The Suite menu also charts the runner's other measurements: the nine ways to own a list of small "
                "strings (SSO), arc-swap's reads, and bump-arena lists. "
                "Each machine below is one results file written by the native runner and sent in by pull request. "
                "Pick machines and a view; the address bar keeps your choice, so you can share the chart. "
                <A href="/submit">"Add your machine"</A> "."
            </p>
            <Suspense fallback=move || view! {
                <p class="note" data-testid="results-loading" aria-live="polite">
                    {move || match progress.get() {
                        (_, 0) => "Loading results files…".to_owned(),
                        (done, total) => format!("Loading results files… {done} of {total}"),
                    }}
                </p>
            }>
                <ErrorBoundary fallback=|errors| view! {
                    <div class="error-card" data-testid="results-load-error">
                        <p>"The list of results files could not be loaded."</p>
                        <ul>{move || errors.get().into_iter().map(|(_, e)| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                    </div>
                }>
                    {move || Suspend::new(async move { files.await.map(|files| view! { <Explorer files=files/> }) })}
                </ErrorBoundary>
            </Suspense>
        </article>
    }
}
