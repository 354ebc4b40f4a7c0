//! `/submit`: how a reader measures their own machine and sends the results file by pull request.
//! CONTRIBUTING.md says the same at more length. The steps with the label field are an island whose
//! first frame (the commands with `YOUR-LABEL`) is pre-rendered, so they read without JavaScript too.

use leptos::prelude::*;

use crate::components::section_heading::SectionHeading;

use crate::components::submit_steps::SubmitSteps;
use crate::live::{Island, Live};

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_run_is_told_from_the_runners_defaults() {
        let text = super::default_run();
        assert!(text.contains("drop, forget and read mode") && text.contains("3 rounds") && text.contains("3 timed repeats"), "{text}");
        assert!(text.contains(&format!("{} cases", wasm_core::clone_run::ClonePlan::default_for(2).cases().len())), "{text}");
    }
}

/// What a default `native-runner clone` run does, from the defaults the runner itself uses
/// (`wasm_core::clone_run`), so this sentence follows the runner when it changes.
fn default_run() -> String {
    use wasm_core::clone_run::{ClonePlan, DEFAULT_MODES, DEFAULT_REPEATS, DEFAULT_ROUNDS, DEFAULT_WARMUPS};
    let modes: Vec<String> = DEFAULT_MODES.iter().map(|m| m.id().to_owned()).collect();
    let modes = match modes.as_slice() {
        [.., last] if modes.len() > 1 => format!("{} and {last}", modes[..modes.len() - 1].join(", ")),
        _ => modes.join(""),
    };
    format!(
        "A default clone run times every case in {modes} mode, in {DEFAULT_ROUNDS} rounds (the whole plan each time, in fresh \
         processes) of {DEFAULT_REPEATS} timed repeats after {DEFAULT_WARMUPS} warm-up, and records every repeat: {} cases on a \
         machine with 2 logical CPUs, more with more CPUs (each thread count adds its cases). The charts show the median and \
         the spread, so a noisy run shows itself.",
        ClonePlan::default_for(2).cases().len()
    )
}

#[component]
pub fn Submit() -> impl IntoView {
    view! {
        <article class="prose">
            <h1>"Submit your results"</h1>
            <p class="lede">
                "One machine says little about contention. Run the native runner on yours and send the file it "
                "writes by pull request; once merged, it appears on the " <a href="/results">"results page"</a> "."
            </p>

            <SectionHeading page="/submit" id="browser" title="From your browser, with no toolchain"/>
            <p>
                "Your browser can measure contention on its own: the clone kernels run on real threads as WebAssembly "
                "Web Workers. Its figures are the browser's (wasm32, with Rust's wasm32 allocator), so the site shows them "
                "as a browser run, never as a native machine."
            </p>
            <ol>
                <li>"Open " <a href="/bench#contention">"Contention in your browser"</a> ", keep the defaults or pick more types, press Run and wait for \u{201c}Done\u{201d}. Keep the tab in front and the machine otherwise idle."</li>
                <li>"Type a label that names your device (the runner\u{2019}s label rules: letters, digits, " <code>"."</code> ", " <code>"_"</code> ", " <code>"-"</code>
                    ") and press \u{201c}Download results (JSON)\u{201d}; the file is " <code>"<label>-<date>.json"</code> ". It passes the same check a pull request runs, "
                    "or the page does not offer it and says why (a run too short or too noisy offers a longer one; a run its CPU checks call disturbed by other programs is offered only to keep)."</li>
                <li>"Open " <a href="https://github.com/arc-str-explained/arc-str-explained/upload/main/content/results">"GitHub\u{2019}s upload page for content/results"</a>
                    " and drop the file there (GitHub makes a fork for you if you need one)."</li>
                <li>"Choose \u{201c}Create a new branch for this commit and start a pull request\u{201d}, then \u{201c}Propose changes\u{201d}. The "
                    <code>"Validate results"</code> " check runs " <code>"native-runner validate --submission"</code> " on it."</li>
            </ol>
            <p>"A browser run records the browser and its version (from its user agent, which is kept whole), the number of logical CPUs it reports, the OS and device where the browser describes them (navigator.userAgentData), the allocator (dlmalloc), the threaded build\u{2019}s toolchain, and every case with its thread count and repeats."</p>

            <SectionHeading page="/submit" id="steps" title="From clone to pull request"/>
            <p>
                "You need git, a Rust toolchain (rustup, stable 1.88 or newer), a C compiler and " <code>"make"</code>
                " (jemalloc, the runner's allocator, is built from C: " <code>"build-essential"</code> " on Debian and Ubuntu, "
                "the Xcode command-line tools on macOS) and a GitHub account. Fork "
                <a href="https://github.com/arc-str-explained/arc-str-explained">"the repository"</a> " on GitHub first."
            </p>
            <Live island=Island::SubmitSteps>
                <SubmitSteps/>
            </Live>

            <SectionHeading page="/submit" id="recorded" title="What the file records"/>
            <ul>
                <li>"The CPU model, its logical and physical core counts, the architecture, the operating system name and version, the kernel version and total memory."</li>
                <li>"The rustc version, target triple and profile the runner was built with, the allocator and its version, the runner's version and git commit."</li>
                <li>"The size and alignment of the string types on your target, the time the file was written (UTC), and every measurement, with how much its repeats disagreed; for " <code>"--pin"</code> " runs, where each pinned case ran (its placement and logical CPU numbers)."</li>
                <li>"The run's conditions: whether it was " <code>"--quick"</code> ", the CPU topology, the cpufreq governor and boost, the hypervisor's vendor name on a virtual machine, the load average before and after, and the CPU time the hypervisor stole during the run."</li>
            </ul>
            <p>
                <strong>"Not recorded: "</strong>
                "no host name, no user name, no paths, no IP or MAC address, no serial numbers, no environment variables. "
                "The label is the only free text, and you choose it. Read the file before you commit it: it is plain JSON."
            </p>

            <SectionHeading page="/submit" id="stable" title="Getting stable numbers"/>
            <ul>
                <li>"A quiet machine: close browsers, editors, builds and anything else busy; do not use the machine during the run."</li>
                <li>"A laptop on AC power, not battery, with power saving off."</li>
                <li>"The performance CPU governor on Linux: " <code>"sudo cpupower frequency-set -g performance"</code> " (set it back afterwards)."</li>
                <li>"No thermal throttling: a cool machine with working fans; watch " <code>"sensors"</code> " and check the kernel log for throttling messages."</li>
                <li>"Bare metal if you can: a virtual machine or container shares its cores with others, so contention numbers blur."</li>
            </ul>
            <p data-testid="default-run">{default_run()}</p>

            <SectionHeading page="/submit" id="sources" title="Where this comes from"/>
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
