//! `/submit`: how a reader measures their own machine and sends the results file by pull request.
//! CONTRIBUTING.md says the same at more length; keep the commands of both in step with
//! `native-runner --help`.

use leptos::prelude::*;
use leptos_router::components::A;

/// A shell snippet, one command a line.
#[component]
fn Commands(lines: &'static [&'static str]) -> impl IntoView {
    view! { <pre class="commands" tabindex="0"><code>{lines.join("\n")}</code></pre> }
}

#[component]
pub fn Submit() -> impl IntoView {
    view! {
        <article class="prose">
            <h1>"Submit your results"</h1>
            <p class="lede">
                "One machine says little about contention. Run the native runner on yours and send the file it "
                "writes by pull request; once merged, it appears on the " <A href="/results">"results page"</A> "."
            </p>

            <h2 id="steps">"From clone to pull request"</h2>
            <p>"You need git, a Rust toolchain (rustup, stable 1.88 or newer) and a GitHub account. Fork the repository on GitHub first, then:"</p>
            <Commands lines=&[
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
                <code>"content/results/YOUR-LABEL-YYYY-MM-DD.json"</code> ". Check it, then commit that one file:"
            </p>
            <Commands lines=&[
                "cargo run --release -p native-runner -- validate content/results/YOUR-LABEL-YYYY-MM-DD.json --submission",
                "git switch -c results/YOUR-LABEL",
                "git add content/results/YOUR-LABEL-YYYY-MM-DD.json",
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
            <Commands lines=&["cargo run --release -p native-runner --no-default-features -- clone --label YOUR-LABEL-system"]/>

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
        </article>
    }
}
