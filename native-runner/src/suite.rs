//! The `clone` suite: resolves its flags once (`Settings`), plans the cases, checks each against
//! the memory guard, runs each in a fresh child process (forget cases: one process per repeat, so
//! leaks never pile up), and assembles the results file.

use crate::cli::{CaseArgs, CloneArgs, ExcessLeak, ModeArg, TypeArg};
use crate::failure::Failure;
use crate::measure::CaseReport;
use crate::progress::{Progress, Step};
use crate::{common, guard, info, run_file};
use std::path::PathBuf;
use std::process::Command;
use wasm_core::clone_run::{self, CaseTimes, ClonePlan, PlannedCase};
use wasm_core::kernels::harness::Harness;
use wasm_core::kernels::{CloneMode, CloneType};
use wasm_core::results::CaseResult;

// The defaults live in wasm-core, where /submit reads them too.
use wasm_core::clone_run::{DEFAULT_REPEATS, DEFAULT_ROUNDS, DEFAULT_SAMPLES};
const QUICK_SAMPLES: u64 = wasm_core::validate::quick::CLONE_SAMPLES;
const QUICK_REPEATS: u32 = wasm_core::validate::quick::REPEATS;

/// A case of the shared plan ([`ClonePlan`]) at one of the run's string lengths, and where `--pin`
/// puts its threads.
struct Planned {
    case: PlannedCase,
    /// The `--string-len` it was planned at (an inline variant's text is cut shorter).
    len: u64,
    /// `--pin`: the placement and the CPUs (the timed thread's first).
    pinned: Option<(&'static str, Vec<u32>)>,
}

impl Planned {
    fn name(&self) -> String {
        let at = format!("{} {}B", self.case.name(), self.case.ty.text_len(self.len as usize));
        match &self.pinned {
            Some((placement, _)) => format!("{at} {placement}"),
            None => at,
        }
    }
}

/// The `clone` flags resolved once, at the edge: every default filled in (a quick or a full run,
/// the memory guard's limit from this machine's memory), so that nothing below reads a flag.
#[derive(Debug, PartialEq)]
struct Settings {
    types: Vec<CloneType>,
    modes: Vec<CloneMode>,
    threads: Vec<u32>,
    /// `--string-len`, in the order given, without repeats next to each other.
    lengths: Vec<u64>,
    /// Clones by the timed thread per repeat, before the memory guard fits each case.
    samples: u64,
    repeats: u32,
    rounds: u32,
    /// Untimed repeats per round: none for a harness without warm-up.
    warmups: u32,
    /// Most bytes one forget case may leak, and what to do with a case that would leak more.
    max_leak: u64,
    on_excess_leak: ExcessLeak,
    mapped_timeline_ms: Option<u64>,
    harness: Harness,
    pin: bool,
}

impl Settings {
    /// `args` on a machine with `total_memory` and `available_memory` bytes (0: unknown) and
    /// `address_room` bytes of address space left under `ulimit -v` (`None`: no limit). A
    /// `--max-leak` over half the available memory is refused: it could push the machine into OOM;
    /// so is one over the address space left, where a forget-mode case would die mid-run. The
    /// default leak budget is the smaller of the two.
    fn of(args: &CloneArgs, total_memory: u64, available_memory: u64, address_room: Option<u64>) -> Result<Settings, Failure> {
        let quick = args.run.quick;
        if let (Some(limit), Some(room)) = (args.max_leak, address_room) {
            if limit > room {
                return Err(Failure::usage(format!(
                    "--max-leak {} is more than the address space left under the limit (ulimit -v) for the threads, {}: a forget-mode case \
                     would die mid-run. Raise the limit (ulimit -v unlimited) or pass a smaller --max-leak",
                    guard::human_bytes(limit),
                    guard::human_bytes(room)
                )));
            }
        }
        let max_leak = match args.max_leak {
            Some(limit) if available_memory > 0 && limit > available_memory / 2 => {
                return Err(Failure::usage(format!(
                    "--max-leak {} is more than half the available memory ({}); that could push the machine into OOM",
                    guard::human_bytes(limit),
                    guard::human_bytes(available_memory)
                )));
            }
            Some(limit) => limit,
            None if available_memory > 0 => guard::default_max_leak(total_memory).min(available_memory / 2),
            None => guard::default_max_leak(total_memory),
        };
        let max_leak = match (args.max_leak, address_room) {
            (None, Some(room)) => max_leak.min(room.max(1)),
            _ => max_leak,
        };
        let mut lengths = args.string_len.clone();
        lengths.dedup();
        Ok(Settings {
            types: args.types.as_ref().map_or_else(|| CloneType::ALL.to_vec(), |t| t.iter().map(|&t| t.into()).collect()),
            modes: args.mode.iter().map(|&m| m.into()).collect(),
            threads: common::thread_counts(&args.threads),
            lengths,
            samples: args.samples.unwrap_or(if quick { QUICK_SAMPLES } else { DEFAULT_SAMPLES }),
            repeats: args.repeats.unwrap_or(if quick { QUICK_REPEATS } else { DEFAULT_REPEATS }),
            rounds: args.rounds.unwrap_or(if quick { 1 } else { DEFAULT_ROUNDS }),
            warmups: if args.method.warm_up { args.run.warmups } else { 0 },
            max_leak,
            on_excess_leak: args.on_excess_leak,
            mapped_timeline_ms: args.mapped_timeline,
            harness: args.method,
            pin: args.pin,
        })
    }
}

/// `--pin`: a pinned copy of every planned case of 2 or more threads, once per placement this
/// machine has that holds its contenders (one per CPU); and a line for each placement it lacks.
fn pinned_copies(planned: &[Planned]) -> Result<(Vec<Planned>, Vec<String>), Failure> {
    let cpus = crate::placement::allowed_cpus().ok_or_else(|| {
        Failure::runtime("--pin: this system does not say which CPUs the runner may use, or how they are arranged (Linux sysfs)".into())
    })?;
    let timed = cpus[0].cpu;
    let (placements, mut missing) = crate::placement::placements(timed, &cpus);
    let mut copies = Vec::new();
    for placement in &placements {
        let fits = |p: &&Planned| p.case.threads >= 2 && (p.case.threads - 1) as usize <= placement.cpus.len();
        let most = 1 + placement.cpus.len();
        if planned.iter().any(|p| p.case.threads > most as u32) {
            missing.push(format!(
                "{}: {} contender CPU(s) here, so pinned cases stop at {most} threads",
                placement.name,
                placement.cpus.len()
            ));
        }
        for p in planned.iter().filter(fits) {
            let mut used = vec![timed];
            used.extend(placement.cpus.iter().take((p.case.threads - 1) as usize));
            let note = format!("pinned ({}): timed thread on CPU {timed}, contenders on CPU(s) {:?}", placement.name, &used[1..]);
            let case = PlannedCase { note: Some(note), ..p.case.clone() };
            copies.push(Planned { case, len: p.len, pinned: Some((placement.name, used)) });
        }
    }
    Ok((copies, missing))
}

/// Makes the child die when this process does (Ctrl-C sent to the runner alone, `kill`, a crash):
/// a case process must never outlive the runner, least of all a forget case that keeps leaking.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: runs in the forked child before exec; prctl and getppid are async-signal-safe and
    // touch no memory of ours.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may have died between fork and prctl: then nobody would be told.
            if libc::getppid() as u32 != parent {
                return Err(std::io::Error::other("the runner exited while starting a case"));
            }
            Ok(())
        });
    }
}

/// Elsewhere the terminal's Ctrl-C reaches the whole process group, children included; a signal
/// sent to the runner alone does not stop a running case there.
#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

/// Runs `__case` in a fresh copy of this program and reads its report.
fn run_child(case: &CaseArgs) -> Result<CaseReport, Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure::runtime(format!("cannot find my own binary: {e}")))?;
    let mut command = Command::new(exe);
    command.arg("__case").arg("--type").arg(CloneType::from(case.ty).id()).arg("--mode").arg(CloneMode::from(case.mode).id());
    for (flag, value) in [
        ("--threads", case.threads.to_string()),
        ("--samples", case.samples.to_string()),
        ("--string-len", case.string_len.to_string()),
        ("--repeats", case.repeats.to_string()),
        ("--warmups", case.warmups.to_string()),
        ("--max-leak", case.max_leak.to_string()),
        ("--harness", case.harness.id()),
    ] {
        command.arg(flag).arg(value);
    }
    if let Some(ms) = case.timeline_ms {
        command.arg("--timeline-ms").arg(ms.to_string());
    }
    if let Some(cpus) = &case.cpus {
        command.arg("--cpus").arg(cpus.iter().map(u32::to_string).collect::<Vec<_>>().join(","));
    }
    die_with_parent(&mut command);
    command.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let child = command.spawn().map_err(|e| Failure::runtime(format!("cannot start a case process: {e}")))?;
    // Ctrl-C stops the case in hand at once (`interrupt`): the cases already done are kept.
    let watched = crate::interrupt::CaseProcess::watch(child.id());
    let out = child.wait_with_output().map_err(|e| Failure::runtime(format!("cannot read a case process: {e}")))?;
    drop(watched);
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(Failure::runtime(format!("case process failed ({}): {}", out.status, stderr.trim())));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| Failure::runtime(format!("unreadable case report: {e}")))
}

/// The shared plan at each of the run's string lengths in turn, each case fitted to the memory
/// guard (`--max-leak`). A case whose text another length already gave it (an inline variant's,
/// cut to what it keeps inline) is not planned twice.
fn plan(settings: &Settings) -> Result<Vec<Planned>, Failure> {
    let mut planned: Vec<Planned> = Vec::new();
    // What a case measures: its type, mode and threads, and the text that type holds at its length.
    let text = |p: &Planned| (p.case.ty, p.case.mode, p.case.threads, p.case.ty.text_len(p.len as usize));
    for &len in &settings.lengths {
        let plan = ClonePlan {
            types: settings.types.clone(),
            modes: settings.modes.clone(),
            threads: settings.threads.clone(),
            samples: settings.samples,
            string_len: len as usize,
            string_allocators: Vec::new(),
        };
        for mut case in plan.cases() {
            let this = (case.ty, case.mode, case.threads, case.ty.text_len(len as usize));
            if planned.iter().any(|p| text(p) == this) {
                continue;
            }
            // A read touches the length and first byte whatever the length: once, at the first
            // length. And it has no clone loop for another method to write differently.
            let read_before = |p: &Planned| (p.case.ty, p.case.mode, p.case.threads) == (case.ty, CloneMode::Read, case.threads);
            if case.mode == CloneMode::Read && (settings.harness != Harness::OURS || planned.iter().any(read_before)) {
                continue;
            }
            let fitted =
                guard::fit_samples(case.ty, case.mode, case.threads, settings.samples, len, settings.max_leak, settings.on_excess_leak);
            (case.samples, case.note) = fitted.map_err(Failure::usage)?;
            planned.push(Planned { case, len, pinned: None });
        }
    }
    if planned.is_empty() {
        return Err(Failure::usage("nothing to run: Rc<str> is single-thread only, add 1 to --threads".into()));
    }
    Ok(planned)
}

/// Forget cases leak, so each repeat gets a fresh process; so does every repeat of a harness
/// without warm-up (the article's program times the first run of a fresh process).
fn fresh_per_repeat(case: &PlannedCase, method: Harness) -> bool {
    case.mode == CloneMode::Forget || !method.warm_up
}

/// Steps of one thread count and mode take most alike (forget cases also fault in fresh pages).
fn step_class(p: &Planned) -> u32 {
    p.case.threads.saturating_mul(2) + u32::from(p.case.mode == CloneMode::Forget)
}

/// Measures one round of one planned case (in one or several child processes).
fn measure_round(p: &Planned, settings: &Settings, bar: &mut Progress) -> Result<CaseReport, Failure> {
    let (fresh_per_repeat, warmups, repeats) = (fresh_per_repeat(&p.case, settings.harness), settings.warmups, settings.repeats);
    let child = CaseArgs {
        ty: TypeArg(p.case.ty),
        mode: match p.case.mode {
            CloneMode::Drop => ModeArg::Drop,
            CloneMode::Forget => ModeArg::Forget,
            CloneMode::Read => ModeArg::Read,
        },
        threads: p.case.threads,
        samples: p.case.samples,
        string_len: p.len,
        repeats: if fresh_per_repeat { 1 } else { repeats },
        warmups: if fresh_per_repeat { 0 } else { warmups },
        max_leak: settings.max_leak,
        timeline_ms: settings.mapped_timeline_ms,
        cpus: p.pinned.as_ref().map(|(_, cpus)| cpus.clone()),
        harness: settings.harness,
    };
    bar.set_message(p.name());
    let report = if fresh_per_repeat {
        // The first `warmups` processes are warm-ups; the last one supplies memory and timeline.
        let mut joined = CaseReport { repeat_times_ns: vec![], contender_ops_per_sec: vec![], memory: None, mapped_timeline: None };
        for i in 0..warmups + repeats {
            let one = run_child(&child)?;
            bar.step_done();
            if i >= warmups {
                joined.repeat_times_ns.extend(one.repeat_times_ns);
                joined.contender_ops_per_sec.extend(one.contender_ops_per_sec);
                joined.memory = one.memory;
                joined.mapped_timeline = one.mapped_timeline;
            }
        }
        joined
    } else {
        let report = run_child(&child)?;
        bar.step_done();
        report
    };
    Ok(report)
}

/// One case's rounds (each a [`CaseReport`], in the order they ran) as the results file records
/// it: every repeat, and with two or more rounds each round's median.
fn case_of_rounds(p: &Planned, settings: &Settings, rounds: Vec<CaseReport>) -> CaseResult {
    let round_medians: Vec<f64> = rounds.iter().filter_map(|r| wasm_core::stats::summarize(&r.repeat_times_ns).map(|s| s.median)).collect();
    let last = rounds.last().map(|r| (r.memory, r.mapped_timeline.clone()));
    let times = CaseTimes {
        repeat_times_ns: rounds.iter().flat_map(|r| r.repeat_times_ns.iter().copied()).collect(),
        contender_ops_per_sec: rounds.iter().flat_map(|r| r.contender_ops_per_sec.iter().copied()).collect(),
    };
    let mut case = clone_run::case_result(&p.case, p.len as usize, settings.warmups, times);
    case.params.fresh_process_per_repeat = Some(fresh_per_repeat(&p.case, settings.harness));
    case.params.harness = (settings.harness != Harness::OURS).then(|| settings.harness.id());
    case.round_medians_ns = (round_medians.len() >= 2).then_some(round_medians);
    if let Some((memory, timeline)) = last {
        (case.memory, case.mapped_timeline) = (memory, timeline);
    }
    if let Some((placement, cpus)) = &p.pinned {
        (case.placement, case.cpus) = (Some((*placement).to_owned()), Some(cpus.clone()));
    }
    case
}

/// The contenders' column: their rate, `-` without contenders, and `none ran` when they never
/// started.
fn contender_rate(rate: Option<f64>) -> String {
    match rate {
        None => "-".to_owned(),
        Some(0.0) => "none ran".to_owned(),
        Some(r) => per_second(r),
    }
}

/// A rate as people read it: `31.5 M/s`, not `3.150e7`.
fn per_second(rate: f64) -> String {
    match rate {
        r if r >= 1e9 => format!("{:.2} G/s", r / 1e9),
        r if r >= 1e6 => format!("{:.1} M/s", r / 1e6),
        r if r >= 1e3 => format!("{:.1} k/s", r / 1e3),
        r => format!("{r:.0} /s"),
    }
}

/// Human summary on stderr: one line per case (the type column as wide as the longest name), then
/// Arc<str> vs String per mode and thread count.
fn print_summary(cases: &[CaseResult]) {
    let name = |c: &CaseResult| match &c.placement {
        Some(placement) => format!("{} @{placement}", c.variant),
        None => c.variant.clone(),
    };
    let w = cases.iter().map(|c| name(c).chars().count()).max().unwrap_or(4).max(4);
    // ns/op: a clone (drop, forget) or a read.
    eprintln!(
        "{:<w$} {:>5} {:<7} {:>3} {:>12} {:>10} {:>8} {:>16} {:>12}",
        "type", "bytes", "mode", "thr", "median ms", "ns/op", "rounds±", "contenders", "mapped after"
    );
    for c in cases {
        let rate = contender_rate(c.contender_ops_per_sec);
        let mapped = c.memory.map_or("-".to_string(), |m| guard::human_bytes(m.mapped_after_bytes));
        // How far apart the rounds' medians landed, as a share of their median.
        let spread = c.round_spread_rel().map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0));
        let bytes = c.params.string_len_bytes.map_or("-".to_string(), |b| b.to_string());
        eprintln!(
            "{:<w$} {bytes:>5} {:<7} {:>3} {:>12.1} {:>10.2} {:>8} {:>16} {:>12}",
            name(c),
            c.mode.as_deref().unwrap_or("-"),
            c.threads,
            c.median_ns / 1e6,
            c.median_ns_per_op,
            spread,
            rate,
            mapped
        );
    }
    // A case whose contenders never ran timed one thread under another thread count's name.
    let alone = cases.iter().filter(|c| c.contender_ops_per_sec == Some(0.0)).count();
    if alone > 0 {
        eprintln!("note: in {alone} case(s) no contender ran before the timed thread finished, so they timed one thread alone (a --quick repeat is that short; otherwise, is the run confined to one CPU?); validate --submission refuses them");
    }
    let find = |variant: &str, mode: &str, threads: u32, len: Option<u64>| {
        cases.iter().find(|c| {
            c.variant == variant
                && c.threads == threads
                && c.mode.as_deref() == Some(mode)
                && c.placement.is_none()
                && c.params.string_len_bytes == len
        })
    };
    let mut threads: Vec<u32> = cases.iter().map(|c| c.threads).collect();
    threads.sort_unstable();
    threads.dedup();
    let mut lengths: Vec<Option<u64>> = cases.iter().filter(|c| c.variant_id == "arc_str").map(|c| c.params.string_len_bytes).collect();
    lengths.sort_unstable();
    lengths.dedup();
    for len in lengths {
        let bytes = if len.is_some_and(|l| l != wasm_core::results::DEFAULT_CLONE_LEN) {
            format!(", {} bytes", len.unwrap_or_default())
        } else {
            String::new()
        };
        for mode in [CloneMode::Drop, CloneMode::Forget].map(CloneMode::id) {
            for &t in &threads {
                if let (Some(arc), Some(string)) = (find("Arc<str>", mode, t, len), find("String", mode, t, len)) {
                    let ratio = arc.median_ns_per_op / string.median_ns_per_op;
                    let verdict = if ratio < 1.0 { "Arc<str> faster" } else { "String faster" };
                    let threads = if t == 1 { "1 thread".to_owned() } else { format!("{t} threads") };
                    eprintln!("{mode}, {threads}{bytes}: Arc<str>/String time ratio {ratio:.2} ({verdict})");
                }
            }
        }
    }
}

/// The `clone` subcommand. Returns the path written.
pub fn run_clone(args: &CloneArgs) -> Result<PathBuf, Failure> {
    let (total_memory, available_memory) = info::memory_bytes();
    let most_threads = common::thread_counts(&args.threads).into_iter().max().unwrap_or(1);
    let settings = Settings::of(args, total_memory, available_memory, crate::limits::address_space_room(most_threads))?;
    let (repeats, rounds) = (settings.repeats, settings.rounds);
    let created_at = info::now_rfc3339();
    let path = run_file::output_path(&args.run, None, &created_at)?;
    let mut planned = plan(&settings)?;
    let mut unplaced = Vec::new();
    if settings.pin {
        let (copies, missing) = pinned_copies(&planned)?;
        planned.extend(copies);
        unplaced = missing;
    }
    // Printed before the progress bar exists: a hidden bar (no terminal) would swallow them.
    if !args.run.quiet {
        for line in &unplaced {
            eprintln!("note: --pin could not place {line}");
        }
        for note in planned.iter().filter(|p| p.pinned.is_none()).filter_map(|p| p.case.note.as_ref()) {
            eprintln!("note: {note}");
        }
    }
    crate::limits::check_before_run(&path, planned.len(), planned.iter().map(|p| p.case.threads).max().unwrap_or(1), &args.run)?;
    // A step is one child process: one per repeat (and warm-up) where every repeat is fresh, else one per round.
    let steps_per_round = |p: &Planned| if fresh_per_repeat(&p.case, settings.harness) { settings.warmups + repeats } else { 1 };
    let steps = (0..rounds)
        .flat_map(|_| planned.iter().enumerate())
        .flat_map(|(case, p)| (0..steps_per_round(p)).map(move |_| Step { case, class: step_class(p) }));
    let steps: Vec<Step> = steps.collect();
    if !args.run.quiet {
        // The progress line counts steps, not cases: say what a step is.
        eprintln!(
            "plan: {} cases x {rounds} round{}; the progress line counts {} steps, a step being one case process (a forget-mode case \
             runs each of its {} repeats in a fresh process, every other case one process per round)",
            planned.len(),
            if rounds == 1 { "" } else { "s" },
            steps.len(),
            settings.warmups + repeats
        );
    }
    let mut bar = Progress::new(steps, args.run.quiet);
    let probe = info::Probe::start(args.run.quick, args.run.oversubscribe);
    // Round by round: every case once per round, so a slow minute lands on one round of each case
    // rather than on all repeats of one.
    let mut reports: Vec<Vec<CaseReport>> = planned.iter().map(|_| Vec::with_capacity(rounds as usize)).collect();
    let mut died = None;
    'rounds: for _ in 0..rounds {
        for (p, done) in planned.iter().zip(&mut reports) {
            if crate::interrupt::requested() {
                break 'rounds;
            }
            match measure_round(p, &settings, &mut bar) {
                Ok(report) => done.push(report),
                // The signal that stopped the run may have killed the case in hand: keep the others.
                Err(_) if crate::interrupt::requested() => break 'rounds,
                // A case process died: the cases finished so far are kept, marked incomplete.
                Err(failure) => {
                    died = Some(failure);
                    break 'rounds;
                }
            }
        }
    }
    // Stopped by a signal or a failed case: every case with a round done, over the rounds each finished.
    let done = planned.iter().zip(reports).filter(|(_, r)| !r.is_empty());
    let cases: Vec<CaseResult> = done.map(|(p, r)| case_of_rounds(p, &settings, r)).collect();
    bar.finish_and_clear();
    if let Some(failure) = died {
        return Err(run_file::keep_finished(&args.run, &path, created_at, &probe, cases, run_file::Cut::Failed(failure)));
    }
    if crate::interrupt::requested() {
        return Err(run_file::keep_finished(&args.run, &path, created_at, &probe, cases, run_file::Cut::Signal));
    }
    if !args.run.quiet {
        print_summary(&cases);
    }
    run_file::write_file(&args.run, &path, created_at, &probe, cases)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::{contender_rate, per_second, Settings};
    use clap::Parser;

    fn clone_args(flags: &[&str]) -> crate::cli::CloneArgs {
        let cli = crate::cli::Cli::try_parse_from(["native-runner", "clone"].iter().chain(flags)).unwrap();
        let crate::cli::Command::Clone(args) = cli.command else { panic!("clone") };
        args
    }

    /// A run with no options plans what wasm-core's default plan says (the count /submit and
    /// CONTRIBUTING state), in the modes wasm-core names.
    #[test]
    fn the_default_run_is_the_shared_default_plan() {
        let settings = Settings::of(&clone_args(&["--threads", "1,2"]), 0, 0, None).unwrap();
        assert_eq!(settings.modes, wasm_core::clone_run::DEFAULT_MODES);
        assert_eq!(settings.warmups, wasm_core::clone_run::DEFAULT_WARMUPS);
        assert_eq!(
            (settings.samples, settings.repeats, settings.rounds),
            (super::DEFAULT_SAMPLES, super::DEFAULT_REPEATS, super::DEFAULT_ROUNDS)
        );
        let planned = super::plan(&Settings { max_leak: u64::MAX, ..settings }).unwrap();
        assert_eq!(planned.len(), wasm_core::clone_run::ClonePlan::default_for(2).cases().len());
    }

    #[test]
    fn flags_are_resolved_once_quick_defaults_and_the_memory_guard_included() {
        const GIB: u64 = 1 << 30;
        let quick = Settings::of(&clone_args(&["--quick", "--string-len", "64,64,2048,64"]), 16 * GIB, 8 * GIB, None).unwrap();
        assert_eq!((quick.samples, quick.repeats, quick.rounds), (super::QUICK_SAMPLES, super::QUICK_REPEATS, 1));
        assert_eq!(quick.lengths, [64, 2048, 64], "repeats next to each other go");
        assert_eq!(quick.max_leak, crate::guard::default_max_leak(16 * GIB).min(4 * GIB), "at most half the available memory");
        let asked =
            Settings::of(&clone_args(&["--samples", "99", "--rounds", "5", "--max-leak", "1GiB"]), 16 * GIB, 8 * GIB, None).unwrap();
        assert_eq!((asked.samples, asked.rounds, asked.max_leak), (99, 5, GIB));
        // More than half the available memory could push the machine into OOM: refused, by name.
        let refused = Settings::of(&clone_args(&["--max-leak", "5GiB"]), 16 * GIB, 8 * GIB, None).unwrap_err();
        assert!(format!("{refused:?}").contains("--max-leak"), "{refused:?}");
        // Under ulimit -v the leak budget is the address space left, and a --max-leak past it is refused.
        let limited = Settings::of(&clone_args(&[]), 16 * GIB, 8 * GIB, Some(GIB / 2)).unwrap();
        assert_eq!(limited.max_leak, GIB / 2);
        let past = Settings::of(&clone_args(&["--max-leak", "1GiB"]), 16 * GIB, 8 * GIB, Some(GIB / 2)).unwrap_err();
        assert!(format!("{past:?}").contains("ulimit -v"), "{past:?}");
        // The article's harness has no warm-up.
        assert_eq!(Settings::of(&clone_args(&["--method", "article"]), 0, 0, None).unwrap().warmups, 0);
    }

    #[test]
    fn rates_read_as_people_write_them() {
        assert_eq!(per_second(3.15e7), "31.5 M/s");
        assert_eq!(per_second(1.411e9), "1.41 G/s");
        assert_eq!(per_second(2500.0), "2.5 k/s");
        assert_eq!(per_second(12.0), "12 /s");
        assert_eq!(
            (contender_rate(None), contender_rate(Some(0.0)), contender_rate(Some(2500.0))),
            ("-".to_owned(), "none ran".to_owned(), "2.5 k/s".to_owned())
        );
    }
}
