//! The card shown instead of a results file that failed validation: the file name and every problem.

use leptos::prelude::*;

use crate::explorer::BadFile;

#[component]
pub fn ErrorCard(bad: BadFile) -> impl IntoView {
    let BadFile { file_name, claimed_label, problems } = bad;
    let data_file = file_name.clone();
    view! {
        <section class="error-card" data-testid="results-error" data-file=data_file>
            <p>
                <span class="file">{file_name}</span>
                " is not shown: it does not pass validation."
                {claimed_label.map(|label| view! { " Its label reads " <code class="claimed-label">{label}</code> "." })}
            </p>
            <ul>
                {problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
            </ul>
        </section>
    }
}
