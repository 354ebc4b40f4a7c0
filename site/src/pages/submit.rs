//! `/submit`: how a reader measures their own machine and sends the results file by pull request.
//! CONTRIBUTING.md says the same at more length; keep the commands of both in step with
//! `native-runner --help`.

use leptos::prelude::*;
use leptos_router::components::A;
use wasm_core::validate::label_problem;

use crate::components::code_copy::on_chapter_click;

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

#[component]
pub fn Submit() -> impl IntoView {
    let (typed, set_typed) = signal(String::new());
    // The commands use the typed label once it is valid, the placeholder until then.
    let problem = move || typed.with(|t| (!t.is_empty()).then(|| label_problem(t)).flatten());
    let label = Signal::derive(move || if typed.with(String::is_empty) || problem().is_some() { PLACEHOLDER.to_owned() } else { typed.get() });
    view! {
        <article class="prose" on:click=on_chapter_click>
            <h1>"Submit your results"</h1>
            <p class="lede">
                "One machine says little about contention. Run the native runner on yours and send the file it "
                "writes by pull request; once merged, it appears on the " <A href="/results">"results page"</A> "."
            </p>

            <h2 id="steps">"From clone to pull request"</h2>
            <p>
                "You need git, a Rust toolchain (rustup, stable 1.88 or newer), a C compiler and " <code>"make"</code>
                " (jemalloc, the runner's allocator, is built from C: " <code>"build-essential"</code> " on Debian and Ubuntu, "
                "the Xcode command-line tools on macOS) and a GitHub account. Fork "
                <a href="https://github.com/arc-str-explained/arc-str-explained">"the repository"</a> " on GitHub first."
            </p>
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
                "alternatives of chapter 9; " <code>"--help"</code> " lists all twelve) is cloned 2"<sup>"24"</sup>
                " times per repeat, in drop and forget mode, at 1, 2, 4, … threads up to your CPU's thread count. "
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
            </ul>
            <p>"Allocator A/B: run once more with the system allocator instead of jemalloc, under another label, and submit both files:"</p>
            <Commands label lines=&["cargo run --release -p native-runner --no-default-features -- clone --label YOUR-LABEL-system"]/>

            <h2 id="recorded">"What the file records"</h2>
            <ul>
                <li>"The CPU model, its logical and physical core counts, the architecture, the operating system name and version, the kernel version and total memory."</li>
                <li>"The rustc version, target triple and profile the runner was built with, the allocator and its version, the runner's version and git commit."</li>
                <li>"The size and alignment of the string types on your target, the time the file was written (UTC), and every measurement, with how much its repeats disagreed."</li>
                <li>"The run's conditions: whether it was " <code>"--quick"</code> ", the CPU topology, the cpufreq governor and boost, the hypervisor's vendor name on a virtual machine, the load average before and after, and the CPU time the hypervisor stole during the run."</li>
            </ul>
            <p>
                <strong>"Not recorded: "</strong>
                "no host name, no user name, no paths, no IP or MAC address, no serial numbers, no environment variables. "
                "The label is the only free text, and you choose it. Read the file before you commit it: it is plain JSON."
            </p>

            <h2 id="stable">"Getting stable numbers"</h2>
            <ul>
                <li>"A quiet machine: close browsers, editors, builds and anything else busy; do not use the machine during the run."</li>
                <li>"A laptop on AC power, not battery, with power saving off."</li>
                <li>"The performance CPU governor on Linux: " <code>"sudo cpupower frequency-set -g performance"</code> " (set it back afterwards)."</li>
                <li>"No thermal throttling: a cool machine with working fans; watch " <code>"sensors"</code> " and check the kernel log for throttling messages."</li>
                <li>"Bare metal if you can: a virtual machine or container shares its cores with others, so contention numbers blur."</li>
            </ul>
            <p>"The runner repeats every case five times and records each repeat; the charts show the median and the spread, so a noisy run shows itself."</p>

            <h2 id="sources">"Where this comes from"</h2>
            <ul>
                <li><a href="https://github.com/arc-str-explained/arc-str-explained">"The project's repository"</a> ": the runner, the site and every results file."</li>
                <li><a href="https://github.com/BlockListed/arc_str_perf">"BlockListed/arc_str_perf"</a> ": the benchmark of the article \u{2018}Arc<str> vs String, is Arc<str> really faster?\u{2019}, whose published numbers ship as the reference dataset."</li>
                <li>"The crates measured: " <a href="https://docs.rs/smol_str">"smol_str"</a> ", " <a href="https://docs.rs/compact_str">"compact_str"</a> ", "
                    <a href="https://docs.rs/arcstr">"arcstr"</a> ", " <a href="https://docs.rs/triomphe">"triomphe"</a> ", " <a href="https://docs.rs/hipstr">"hipstr"</a> ", "
                    <a href="https://docs.rs/arc-swap">"arc-swap"</a> ", " <a href="https://docs.rs/bumpalo">"bumpalo"</a> ", " <a href="https://docs.rs/bumpalo-herd">"bumpalo-herd"</a> "."</li>
            </ul>
        </article>
    }
}
