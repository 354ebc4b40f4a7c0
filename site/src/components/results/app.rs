//! The live part of `/results` (an island): every results file loaded at run time (a static host
//! cannot list a folder, so the build writes `results/index.json`), then the explorer.

use leptos::prelude::*;

use super::explorer::Explorer;
use super::loader::{load_results_with_progress, Wanted};

#[component]
pub fn ResultsApp() -> impl IntoView {
    let (progress, set_progress) = signal((0usize, 0usize));
    let files = LocalResource::new(move || load_results_with_progress(Wanted::All, move |done, total| set_progress.set((done, total))));
    view! {
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
    }
}
