//! The card shown instead of a results file that failed validation: the file name and every problem.

use leptos::prelude::*;

use crate::model::explorer::{BadFile, BadKind};

#[component]
pub fn ErrorCard(bad: BadFile) -> impl IntoView {
    let BadFile { file_name, kind, claimed_label, problems } = bad;
    let why = match kind {
        BadKind::Invalid => " is not shown: it does not pass validation.",
        BadKind::Unreachable => " is not shown: it could not be loaded.",
        BadKind::Capped => " lists more files than this page loads (every file is valid; none failed):",
    };
    let data_file = file_name.clone();
    view! {
        <section class="error-card" data-testid="results-error" data-file=data_file>
            <p>
                <span class="file">{file_name}</span>
                {why}
                {claimed_label.map(|label| view! { " Its label reads " <code class="claimed-label">{label}</code> "." })}
            </p>
            <ul>
                {problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
            </ul>
        </section>
    }
}
