//! `/submit`'s steps from clone to pull request: a label field and the commands that use it. Keep
//! the commands in step with `native-runner --help` and CONTRIBUTING.md.

use leptos::prelude::*;
use wasm_core::validate::label_problem;

/// What the commands say until the reader types a label.
const PLACEHOLDER: &str = "YOUR-LABEL";

/// A shell snippet, one command a line, with `YOUR-LABEL` replaced by the reader's label, and a
/// Copy button (served by the page's one delegated click handler).
#[component]
fn Commands(lines: &'static [&'static str], label: Signal<String>) -> impl IntoView {
    let text = move || label.with(|l| lines.join("\n").replace(PLACEHOLDER, l));
    view! {
        <div class="code-block">
            <button type="button" class="copy-button" data-copy aria-label="Copy these commands">"Copy"</button>
            <pre class="commands" tabindex="0"><code data-testid="submit-commands">{text}</code></pre>
        </div>
    }
}

/// The steps; the label the reader types fills every command.
#[component]
pub fn SubmitSteps() -> impl IntoView {
    let (typed, set_typed) = signal(String::new());
    // The commands use the typed label once it is valid, the placeholder until then.
    let problem = move || typed.with(|t| (!t.is_empty()).then(|| label_problem(t)).flatten());
    let label =
        Signal::derive(move || if typed.with(String::is_empty) || problem().is_some() { PLACEHOLDER.to_owned() } else { typed.get() });
    view! {
        <div class="controls">
            <label for="submit-label">"Your label:"</label>
            <input id="submit-label" type="text" data-testid="submit-label" placeholder="ryzen7-7700-laptop" maxlength="64"
                prop:value=typed on:input=move |ev| set_typed.set(event_target_value(&ev))/>
            <span class="muted" aria-live="polite" data-testid="submit-label-note">
                {move || match problem() {
                    Some(p) => format!("The label {p}."),
                    None if typed.with(String::is_empty) => "The commands below fill it in.".to_owned(),
                    None => "The commands below use it.".to_owned(),
                }}
            </span>
        </div>
        <p>"Then:"</p>
        <Commands label lines=&[
            "git clone https://github.com/YOUR-NAME/arc-str-explained.git",
            "cd arc-str-explained",
            "cargo run --release -p native-runner -- clone --label YOUR-LABEL",
        ]/>
        <p>
            "The run takes a few minutes: every type and strategy (Arc<str>, String, Box<str>, Rc<str> and the "
            "alternatives of chapter 10; " <code>"--help"</code> " lists all twenty-three) is cloned 2"<sup>"24"</sup>
            " times per repeat, in three rounds of three repeats (the rounds show how much a run varies from one minute to the next), "
            "in drop and forget mode, at 1, 2, 4, … threads up to your CPU's thread count. "
            "The label is yours to choose (letters, digits, " <code>"."</code> ", " <code>"_"</code> ", " <code>"-"</code>
            "), for example " <code>"ryzen7-7700-laptop"</code> ". The file lands in "
            <code>"content/results/YOUR-LABEL-YYYY-MM-DD.json"</code> " (today's date in UTC), and the runner's last lines "
            "repeat the next commands with that exact name. Check it, then commit it:"
        </p>
        <Commands label lines=&[
            "cargo run --release -p native-runner -- validate content/results/YOUR-LABEL-*.json --submission",
            "git switch -c results/YOUR-LABEL",
            "git add content/results/YOUR-LABEL-*.json",
            "git commit -m \"results: YOUR-LABEL\"",
            "git push -u origin results/YOUR-LABEL",
        ]/>
        <p>
            "Open a pull request from that branch (GitHub offers a button after the push). A check runs the same "
            <code>"validate"</code> " command on the files you changed; the pull request template asks a few questions about the run."
        </p>

        <h3>"Useful options"</h3>
        <ul>
            <li><code>"--quick"</code> ": a tiny run (seconds) to try the setup; " <code>"validate --submission"</code> " and the pull-request check refuse it."</li>
            <li><code>"--threads 1,2,4,8"</code> ": choose the thread counts."</li>
            <li><code>"--mapped-timeline 10"</code> ": sample jemalloc's mapped memory every 10 ms during the last repeat, for the memory timeline."</li>
            <li><code>"--max-leak 1GiB"</code> ": cap what a forget case may leak (by default the smaller of 2 GiB and a quarter of your RAM; bigger cases run with fewer clones and say so)."</li>
            <li><code>"--pin"</code> ": also run the cases of 2 or more threads pinned, once per " <a class="term-ref" href=crate::routes::site_url("/glossary#placement")>"placement"</a>
                " your machine has (the contenders on the timed thread's " <a class="term-ref" href=crate::routes::site_url("/glossary#smt")>"SMT sibling"</a>
                ", on cores sharing its " <a class="term-ref" href=crate::routes::site_url("/glossary#l3")>"L3"</a>
                ", in another L3, on another socket; Linux), for the explorer's \u{201C}By placement\u{201D} view."</li>
        </ul>
        <p>"Allocator A/B: run once more with the system allocator instead of jemalloc, under another label, and submit both files:"</p>
        <Commands label lines=&["cargo run --release -p native-runner --no-default-features -- clone --label YOUR-LABEL-system"]/>
    }
}
