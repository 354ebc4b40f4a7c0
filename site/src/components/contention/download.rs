//! The end of a lab's run: a label field (the runner's `--label` rules), the download, named
//! `<label>-<date>.json` like the runner's files, offered only when the file passes the very rules
//! `native-runner validate --submission` applies, and otherwise the reasons, with a longer run
//! offered where a longer run is what would help.

use leptos::prelude::*;
use wasm_core::results::ResultsFile;
use wasm_core::validate::{label_problem, noise, Problem};

use crate::browser::download::save;

/// The problems `validate --submission` would report for `file`, checked on the very JSON the
/// download would hold (`wasm_core::validate::submission_check`, the pull request's own rules),
/// but for those that make it a file to keep (too noisy to compare, or disturbed:
/// `keep_only_problems`): such a run is still offered, to keep (the page says why it is not for
/// submitting, and the pull-request check refuses it).
pub fn submission_check(file: &ResultsFile) -> Vec<Problem> {
    let name = wasm_core::browser::file_name(file);
    let keep_only = wasm_core::validate::keep_only_problems(file);
    let problems = wasm_core::validate::submission_check(&name, file.to_pretty_json().as_bytes()).err().unwrap_or_default();
    problems.into_iter().filter(|p| !keep_only.contains(p)).collect()
}

/// Whether a problem is one that longer repeats cure: too few operations or too short a repeat.
fn cured_by_longer(problem: &Problem) -> bool {
    ["ops_per_repeat", "median_ns"].iter().any(|field| problem.field.ends_with(field))
}

/// `file` under the label the reader typed (the run's own when the field is empty).
fn relabelled(file: &ResultsFile, typed: &str) -> ResultsFile {
    let mut file = file.clone();
    if !typed.trim().is_empty() {
        file.label = typed.trim().to_owned();
    }
    file
}

/// Label, download and the reasons a run is not offered (`{prefix}-label`, `{prefix}-download`,
/// `{prefix}-invalid`, `{prefix}-longer`). `on_longer`, where given, starts the same run again with
/// longer repeats.
#[component]
pub fn SubmitFile(
    file: Signal<Option<ResultsFile>>,
    prefix: &'static str,
    #[prop(optional)] on_longer: Option<Callback<()>>,
) -> impl IntoView {
    let (typed, set_typed) = signal(String::new());
    let (error, set_error) = signal(None::<String>);
    let labelled = Memo::new(move |_| file.with(|f| f.as_ref().map(|f| typed.with(|t| relabelled(f, t)))));
    let problems = Memo::new(move |_| labelled.with(|f| f.as_ref().map(submission_check).unwrap_or_default()));
    let label_note = move || typed.with(|t| (!t.trim().is_empty()).then(|| label_problem(t.trim())).flatten());
    let name = move || labelled.with(|f| f.as_ref().map(wasm_core::browser::file_name).unwrap_or_default());
    let noise = Memo::new(move |_| labelled.with(|f| f.as_ref().map(noise)));
    let disturbed = Memo::new(move |_| labelled.with(|f| f.as_ref().and_then(wasm_core::validate::disturbance_problem)));
    let longer_helps =
        move || on_longer.is_some() && (problems.with(|p| p.iter().any(cured_by_longer)) || noise.with(|n| n.is_some_and(|n| n.too_noisy)));
    let keep_only = move || noise.with(|n| n.is_some_and(|n| n.too_noisy)) || disturbed.with(Option::is_some);
    let download = move |_| {
        let Some(file) = labelled.get_untracked() else { return };
        set_error.set(save(&wasm_core::browser::file_name(&file), &file.to_pretty_json()).err().map(|e| format!("{e:?}")));
    };
    let label_id = format!("{prefix}-label");
    let default_label = move || file.with(|f| f.as_ref().map(|f| f.label.clone()).unwrap_or_default());
    view! {
        <div class="submit-file">
            <p class="field">
                <label for=label_id.clone()>"Label for your file: "</label>
                <input id=label_id type="text" data-testid=format!("{prefix}-label") maxlength="64" autocomplete="off" spellcheck="false"
                    placeholder=default_label prop:value=typed on:input=move |ev| set_typed.set(event_target_value(&ev))/>
            </p>
            <p class="field-note" aria-live="polite" data-testid=format!("{prefix}-label-note")>
                {move || match label_note() {
                    Some(p) => format!("The label {p}. "),
                    None => "Name your device (letters, digits, '.', '_', '-'), so that your file's name is not someone else's. ".into(),
                }}
                "It downloads as " <code data-testid=format!("{prefix}-file-name")>{name}</code> "."
            </p>
            {move || noise.get().filter(|n| n.noisy > 0).map(|n| view! {
                <p class="field-note" data-testid=format!("{prefix}-noise")>
                    {format!(
                        "{} of {} cases {} noisy (their five repeats disagree by more than 5 %){}",
                        n.noisy,
                        n.cases,
                        if n.noisy == 1 { "is" } else { "are" },
                        if n.too_noisy {
                            ": too many to compare with other machines. Close other tabs, plug the device in, and run again with longer repeats."
                        } else {
                            "; the table marks them."
                        }
                    )}
                </p>
            })}
            {move || disturbed.get().map(|p| view! {
                <p class="field-note" role="status" data-testid=format!("{prefix}-disturbed")>
                    "Disturbed: this run's " <code>"conditions.cpu_checks"</code> " " {p.problem}
                </p>
            })}
            <Show when=move || problems.with(Vec::is_empty) fallback=move || view! {
                <p class="error-card" role="alert" data-testid=format!("{prefix}-invalid")>
                    "This run does not pass the check a pull request gets, so it is not offered for download: "
                    {move || problems.get().iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")}
                </p>
            }>
                // A run the page itself calls too noisy to compare, or disturbed, is a file to keep,
                // not to submit.
                {move || if keep_only() {
                    let why = if disturbed.with(Option::is_some) { "Disturbed by other programs" } else { "Too noisy to compare with other machines" };
                    view! {
                        <p data-testid=format!("{prefix}-keep-only")>
                            <button type="button" class="secondary" data-testid=format!("{prefix}-download") on:click=download>"Download to keep (JSON)"</button>
                            " " {why} ", so not for submitting: keep it to compare runs on this device."
                        </p>
                    }.into_any()
                } else {
                    view! {
                        <p>
                            <button type="button" class="secondary" data-testid=format!("{prefix}-download") on:click=download>"Download results (JSON)"</button>
                            " Then send it in: " <a href=crate::routes::site_url("/submit#browser")>"how to submit a browser run"</a> "."
                        </p>
                    }.into_any()
                }}
            </Show>
            <Show when=longer_helps>
                <p>
                    <button type="button" data-testid=format!("{prefix}-longer") on:click=move |_| { if let Some(again) = on_longer { again.run(()) } }>
                        "Run again with longer repeats"
                    </button>
                    " Each timed repeat then lasts twice as long, which gives a slow or busy device more clones to average over."
                </p>
            </Show>
            {move || error.get().map(|e| view! { <p class="error-card" role="alert">"Download failed: " {e}</p> })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_label_renames_the_file_and_is_held_to_the_runners_rules() {
        use wasm_core::browser::{contention_context, BrowserFacts};
        let facts = BrowserFacts {
            user_agent: "Chrome/156.0".into(),
            logical_cpus: 2,
            created_at: "2026-11-26T00:00:00Z".into(),
            ..Default::default()
        };
        let file = contention_context(&facts).into_file(Vec::new());
        assert_eq!(relabelled(&file, "  ").label, "browser-chrome-156-2cpu", "an empty field keeps the run's label");
        let mine = relabelled(&file, "pixel7-chrome ");
        assert_eq!(mine.label, "pixel7-chrome");
        assert!(wasm_core::browser::file_name(&mine).starts_with("pixel7-chrome-"));
        let bad = relabelled(&file, "my phone");
        assert!(submission_check(&bad).iter().any(|p| p.field == "label"), "{:?}", submission_check(&bad));
    }

    /// A shipped browser run.
    fn browser_run() -> ResultsFile {
        serde_json::from_str(include_str!("../../../../content/results/browser-headless-chrome-156-epyc-2vcpu-reads-2026-11-26.json"))
            .unwrap()
    }

    /// What the pull-request check refuses of `file`.
    fn refused(file: &ResultsFile) -> Vec<Problem> {
        let name = wasm_core::browser::file_name(file);
        wasm_core::validate::submission_check(&name, file.to_pretty_json().as_bytes()).err().unwrap_or_default()
    }

    /// A run too noisy to compare is refused by the pull-request check, yet still offered here (as a
    /// file to keep: the page's keep-only branch says why it is not for submitting).
    #[test]
    fn too_noisy_is_kept_not_submitted() {
        let mut file = browser_run();
        let about_noise = |problems: &[Problem]| problems.iter().any(|p| p.field == "cases" && p.problem.contains("too many to compare"));
        assert!(!about_noise(&refused(&file)), "the shipped run is not too noisy");
        // Every case's five repeats ±20 % about its median: noisy, and the figures agree.
        for c in &mut file.cases {
            let median = c.median_ns;
            c.repeat_times_ns = [1.0, 0.8, 1.2, 0.9, 1.1].iter().map(|k| median * k).collect();
            c.summarize();
            c.mark_noise();
        }
        assert!(wasm_core::validate::noise(&file).too_noisy);
        assert!(about_noise(&refused(&file)), "the pull-request check refuses it: {:?}", refused(&file));
        assert!(!about_noise(&submission_check(&file)), "the page still offers it, to keep");
    }

    /// A run whose CPU checks say other programs shared the CPUs is refused by the pull-request
    /// check and still offered here, to keep; a quiet one is offered to submit; and a run made since
    /// the lab checks cannot dodge the rule by leaving its checks out.
    #[test]
    fn disturbed_is_kept_not_submitted() {
        use wasm_core::results::{CpuChecks, RunConditions};
        let mut file = browser_run();
        let about_checks = |problems: &[Problem]| problems.iter().any(|p| p.field == "conditions.cpu_checks");
        let with_checks = |one: [f64; 4], all: [f64; 4]| {
            let mut f = file.clone();
            let checks = CpuChecks { threads: 2, one_thread_ms: one.to_vec(), all_threads_ms: all.to_vec() };
            f.conditions = Some(RunConditions { cpu_checks: Some(checks), ..Default::default() });
            f
        };
        let quiet = with_checks([20.0, 20.3, 20.1, 19.9], [20.8, 21.0, 20.5, 20.9]);
        assert!(!about_checks(&refused(&quiet)) && !about_checks(&submission_check(&quiet)));
        let hog = with_checks([20.0, 20.3, 20.1, 19.9], [39.0, 41.0, 40.5, 38.9]);
        assert!(about_checks(&refused(&hog)), "the pull-request check refuses it: {:?}", refused(&hog));
        assert!(!about_checks(&submission_check(&hog)), "the page still offers it, to keep");
        file.created_at = wasm_core::validate::CPU_CHECKS_SINCE.to_owned() + "T12:00:00Z";
        assert!(about_checks(&refused(&file)), "no checks, made since the lab checks: {:?}", refused(&file));
    }

    #[test]
    fn only_size_problems_are_cured_by_a_longer_run() {
        assert!(cured_by_longer(&Problem::new("cases[0].ops_per_repeat", "is 1024, a --quick run's size")));
        assert!(cured_by_longer(&Problem::new("cases[3].median_ns", "is 10 ns")));
        assert!(!cured_by_longer(&Problem::new("label", "is empty")));
        assert!(!cured_by_longer(&Problem::new("machine.user_agent", "is missing")));
    }
}
