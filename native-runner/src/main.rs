//! `native-runner`: the multithreaded measuring instrument. Subcommands: `clone` (the contention
//! suite), `sso`, `arcswap`, `arena` (chapters 6-8), `validate`, `review`, `schema`, `import-reference`; see
//! `--help`.

mod allocator;
mod arcswap;
mod arena;
mod cli;
mod common;
mod failure;
mod guard;
mod info;
mod interrupt;
mod limits;
mod lines;
mod measure;
mod output;
mod placement;
mod progress;
mod reference;
mod run_file;
mod sso;
mod suite;
mod threads;

use clap::error::ErrorKind;
use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;

use failure::Failure;

/// A path's file name, as the validator names files.
fn file_name_of(path: &std::path::Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Reads a results file for `validate`: only a regular file (a FIFO would block, a device such as
/// /dev/zero never ends), and never more than the size limit plus one byte, whatever the file claims.
fn read_results_file(path: &std::path::Path) -> Result<Vec<u8>, wasm_core::validate::Problem> {
    use std::io::Read;
    use wasm_core::validate::{Problem, MAX_FILE_BYTES};
    let meta = std::fs::metadata(path).map_err(|e| Problem::new("file", format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(Problem::new("file", "is not a regular file (a directory, FIFO or device); refusing to read it"));
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(Problem::new("file", format!("is {} bytes; at most {MAX_FILE_BYTES} are allowed", meta.len())));
    }
    let file = std::fs::File::open(path).map_err(|e| Problem::new("file", format!("cannot read: {e}")))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|e| Problem::new("file", format!("cannot read: {e}")))?;
    Ok(bytes)
}

/// `validate`'s checks of one file: readable, valid, not dated in the future, and with
/// `submission` the rules the pull-request check adds.
fn check_file(path: &std::path::Path, submission: bool) -> Result<wasm_core::results::ResultsFile, Vec<wasm_core::validate::Problem>> {
    let name = file_name_of(path);
    let bytes = read_results_file(path).map_err(|p| vec![p])?;
    let file = if submission {
        wasm_core::validate::submission_check(&name, &bytes)?
    } else {
        wasm_core::validate::validate_bytes(&name, &bytes)?
    };
    match wasm_core::validate::future_problem(&file, std::time::SystemTime::now()) {
        Some(problem) => Err(vec![problem]),
        None => Ok(file),
    }
}

/// Every results file of `dir` that parses as one (names and contents), for `validate --shipped`.
fn shipped_files(dir: &std::path::Path) -> Result<Vec<(String, wasm_core::results::ResultsFile)>, Failure> {
    let entries = std::fs::read_dir(dir).map_err(|e| Failure::usage(format!("--shipped {}: {e}", dir.display())))?;
    Ok(entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
        .filter_map(|e| {
            let bytes = read_results_file(&e.path()).ok()?;
            Some((e.file_name().to_string_lossy().into_owned(), serde_json::from_slice(&bytes).ok()?))
        })
        .collect())
}

/// `validate`'s options beyond the files.
struct ValidateOptions<'a> {
    submission: bool,
    shipped: Option<&'a std::path::Path>,
    pull_request: bool,
    maintainer: bool,
}

fn validate_files(files: &[std::path::PathBuf], options: ValidateOptions) -> Result<(), Failure> {
    let shipped = options.shipped.map(shipped_files).transpose()?.unwrap_or_default();
    let mut problems: Vec<(std::path::PathBuf, Vec<wasm_core::validate::Problem>)> = Vec::new();
    let mut valid: Vec<(String, wasm_core::results::ResultsFile)> = Vec::new();
    for path in files {
        match check_file(path, options.submission) {
            Ok(file) => {
                // A pull request's files are checked for copies below, against the shipped ones and each other.
                let copies = if options.pull_request {
                    Vec::new()
                } else {
                    wasm_core::validate::duplicate_problems(&file_name_of(path), &file, &shipped)
                };
                problems.push((path.clone(), copies));
                valid.push((file_name_of(path), file));
            }
            Err(found) => problems.push((path.clone(), found)),
        }
    }
    let mut notes = Vec::new();
    if options.pull_request {
        // The files side by side: copies among them and of shipped ones, names, labels, one machine's voice.
        let (found, maintainer_notes) = wasm_core::validate::pull_request_problems(&valid, &shipped, options.maintainer);
        notes = maintainer_notes;
        for (name, problem) in found {
            if let Some((_, list)) = problems.iter_mut().find(|(p, _)| file_name_of(p) == name) {
                list.push(problem);
            }
        }
    }
    let mut failed = 0;
    for (path, list) in &problems {
        // A file name is the contributor's text too: no control characters reach the terminal.
        let shown = wasm_core::validate::escape_control(&path.display().to_string());
        if list.is_empty() {
            let cases = valid.iter().find(|(n, _)| *n == file_name_of(path)).map_or(0, |(_, f)| f.cases.len());
            println!("{shown}: ok ({cases} cases)");
        } else {
            failed += 1;
            for problem in list {
                println!("{shown}: {problem}");
            }
        }
    }
    for note in notes {
        println!("note for the maintainer: {note}");
    }
    if failed > 0 {
        return Err(Failure::runtime(format!("{failed} of {} file(s) failed validation", files.len())));
    }
    Ok(())
}

/// `review`: the maintainer's report of what the files would change (`wasm_core::review`).
fn review_files(files: &[std::path::PathBuf], shipped: &std::path::Path, texts: &[std::path::PathBuf]) -> Result<(), Failure> {
    let shipped = shipped_files(shipped)?;
    let mut new = Vec::new();
    for path in files {
        // Only what validates is reviewed: the check lists the rest as refused.
        if let Ok(file) = check_file(path, false) {
            new.push((file_name_of(path), file));
        }
    }
    let mut read: Vec<(String, String)> = Vec::new();
    for path in texts {
        let paths: Vec<std::path::PathBuf> = if path.is_dir() {
            let mut inner: Vec<_> = std::fs::read_dir(path)
                .map_err(|e| Failure::usage(format!("--text {}: {e}", path.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect();
            inner.sort();
            inner
        } else {
            vec![path.clone()]
        };
        for p in paths {
            let text = std::fs::read_to_string(&p).map_err(|e| Failure::usage(format!("--text {}: {e}", p.display())))?;
            read.push((file_name_of(&p), text));
        }
    }
    let sources: Vec<wasm_core::review::Source> = read.iter().map(|(name, text)| wasm_core::review::Source { name, text }).collect();
    print!("{}", wasm_core::review::review(&shipped, &new, &sources));
    Ok(())
}

/// What the closing lines say about noise, from the file's own flags: nothing when no case is noisy;
/// a note with the count when a few are; when `wasm_core::validate::noise` finds too many, advice to
/// run again on a quieter machine before any submission (a line starting "stop").
fn noise_advice(file: &wasm_core::results::ResultsFile) -> Option<String> {
    let wasm_core::validate::Noise { noisy, cases: all, too_noisy } = wasm_core::validate::noise(file);
    let threshold = wasm_core::results::NOISY_REL_MAD * 100.0;
    let how = "see \"Getting stable numbers\" in CONTRIBUTING.md (a quiet machine, AC power, the performance governor, no throttling)";
    match noisy {
        0 => None,
        n if too_noisy => Some(format!(
            "stop: {n} of {all} cases are noisy (their repeats disagree by more than {threshold:.0} %), too many to compare with other \
             machines; {how}, then run again before you send a file in. This one is kept as it is."
        )),
        n => Some(format!(
            "note: {n} of {all} cases are noisy (their repeats disagree by more than {threshold:.0} %); the charts mark them. If you can, {how}."
        )),
    }
}

/// What the closing lines say about the load the run recorded: nothing while it stayed at or under
/// one runnable thread per CPU; above it, the figures and what to do (other work shared the CPUs, and
/// the times include it; `validate --submission` refuses only a start above the busy limit).
fn load_advice(file: &wasm_core::results::ResultsFile) -> Option<String> {
    let c = file.conditions.as_ref()?;
    let cpus = file.load_cpus();
    let highest = [c.load_average_before, c.load_average_after].into_iter().flatten().fold(0.0_f64, f64::max);
    (highest > f64::from(cpus)).then(|| {
        let show = |l: Option<f64>| l.map_or_else(|| "unknown".to_owned(), |l| format!("{l:.2}"));
        format!(
            "note: the load average was {} before the run and {} after, on {cpus} logical CPU(s): more than one runnable thread per CPU, \
             so other work shared the CPUs and these times include it. For numbers to compare with other machines, stop the other work \
             (see \"Getting stable numbers\" in CONTRIBUTING.md) and run again.",
            show(c.load_average_before),
            show(c.load_average_after)
        )
    })
}

/// Problems a `next:` hint shows before it says "and N more" (validate lists them all).
const HINT_PROBLEMS: usize = 3;

/// Prints the written file's path (stdout, for scripts) and, unless `--quiet`, what to do next with
/// it (stderr): the exact commands to check it and send it in, or why this file cannot be sent in.
/// `not_submittable` says why, for a run `validate --submission` will refuse by design; any other
/// refusal (threads above the CPUs without `--oversubscribe`, contenders that never ran) is found
/// by running that check on the written file.
fn wrote(path: &std::path::Path, run: &cli::RunArgs, not_submittable: Option<&str>) {
    println!("{}", path.display());
    if run.quiet {
        return;
    }
    let file = path.display();
    let label = &run.label;
    if let Some(why) = not_submittable.or(run.quick.then_some("a --quick run tries the setup out; its numbers are not measurements")) {
        eprintln!("\nnote: this file cannot be sent in: {why}. Run again without that option to measure.");
        return;
    }
    let checked = match check_file(path, true) {
        Ok(checked) => checked,
        Err(problems) => {
            eprintln!("\nnote: this file cannot be sent in as it is; `validate {file} --submission` says:");
            for problem in problems.iter().take(HINT_PROBLEMS) {
                eprintln!("  {problem}");
            }
            if problems.len() > HINT_PROBLEMS {
                eprintln!("  ... and {} more", problems.len() - HINT_PROBLEMS);
            }
            return;
        }
    };
    if let Some(advice) = load_advice(&checked) {
        eprintln!("\n{advice}");
    }
    if let Some(advice) = noise_advice(&checked) {
        eprintln!("\n{advice}");
        if advice.starts_with("stop") {
            return;
        }
    }
    eprintln!("\nnext: check the file, then send it in by pull request (CONTRIBUTING.md):");
    eprintln!("  cargo run --release -p native-runner -- validate {file} --submission");
    let in_results = path.parent().is_some_and(|dir| dir.ends_with(run_file::RESULTS_DIR));
    if in_results {
        eprintln!(
            "  git switch -c results/{label} && git add {file} && git commit -m \"results: {label}\" && git push -u origin results/{label}"
        );
    } else {
        eprintln!("  then copy it into {}/ of your fork, and commit it there on a branch of its own", run_file::RESULTS_DIR);
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    limits::survive_file_size_limit();
    match cli.command {
        Command::Clone(args) => {
            let method = (args.method != wasm_core::kernels::harness::Harness::OURS)
                .then_some("runs with --method other than ours are for chapter 4's ablation");
            wrote(&suite::run_clone(&args)?, &args.run, method)
        }
        Command::Sso(args) => wrote(&sso::run(&args)?, &args.run, None),
        Command::Arcswap(args) => wrote(&arcswap::run(&args)?, &args.run, None),
        Command::Arena(args) => wrote(&arena::run(&args)?, &args.run, None),
        Command::Lines(args) => wrote(&lines::run(&args)?, &args.run, None),
        Command::Validate { files, submission, shipped, pull_request, maintainer } => {
            validate_files(&files, ValidateOptions { submission, shipped: shipped.as_deref(), pull_request, maintainer })?
        }
        Command::Review { files, shipped, texts } => review_files(&files, &shipped, &texts)?,
        Command::Schema => print!("{}", wasm_core::results::json_schema_text()),
        Command::ImportReference { input, output, force } => {
            let text = std::fs::read_to_string(&input).map_err(|e| Failure::runtime(format!("cannot read {}: {e}", input.display())))?;
            let file = reference::convert(&text).map_err(|e| Failure::runtime(format!("{}: {e}", input.display())))?;
            output::write_results(&output, &file, force)?;
            println!("{}", output.display());
        }
        Command::Case(args) => {
            let report = measure::run_case(&args).map_err(Failure::usage)?;
            println!("{}", serde_json::to_string(&report).expect("report serialises"));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => error.exit(),
        Err(error) if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("native-runner: a subcommand is required: clone, sso, arcswap, arena, lines, validate, schema or import-reference (see --help)");
            return ExitCode::from(2);
        }
        Err(error) => {
            // clap explains over several lines, then prints the usage: keep what comes before it, on
            // one line, so "required arguments were not provided" names the arguments.
            let rendered = error.render().to_string();
            let said: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            let message = if said.is_empty() { "bad arguments".to_owned() } else { said.join(" ") };
            eprintln!("native-runner: {} (see --help)", message.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    if matches!(cli.command, Command::Clone(_) | Command::Sso(_) | Command::Arcswap(_) | Command::Arena(_) | Command::Lines(_)) {
        interrupt::install();
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("native-runner: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 54: a run that recorded a load of 2.32 on 2 CPUs says so at the end.
    #[test]
    fn the_closing_lines_name_a_load_above_one_per_cpu() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../content/results/epyc-2vcpu-jemalloc-all-types-2026-11-26.json");
        let mut file: wasm_core::results::ResultsFile = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        let c = file.conditions.as_mut().unwrap();
        (c.load_average_before, c.load_average_after) = (Some(0.4), Some(2.0));
        assert_eq!(load_advice(&file), None, "2.0 on 2 CPUs is one per CPU");
        file.conditions.as_mut().unwrap().load_average_after = Some(2.32);
        let said = load_advice(&file).unwrap();
        assert!(said.contains("0.40 before the run and 2.32 after, on 2 logical CPU(s)") && said.contains("run again"), "{said}");
    }

    #[test]
    fn the_closing_lines_count_noisy_cases_and_stop_a_noisy_run() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../content/results/epyc-2vcpu-jemalloc-all-types-2026-11-26.json");
        let mut file: wasm_core::results::ResultsFile = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        for c in &mut file.cases {
            c.noisy = Some(false);
        }
        assert_eq!(noise_advice(&file), None);
        file.cases[0].noisy = Some(true);
        let few = noise_advice(&file).unwrap();
        assert!(few.starts_with(&format!("note: 1 of {} cases are noisy", file.cases.len())), "{few}");
        let all = file.cases.len();
        for c in &mut file.cases[..all / 2] {
            c.noisy = Some(true);
        }
        let many = noise_advice(&file).unwrap();
        assert!(
            many.starts_with(&format!("stop: {} of {all} cases are noisy", all / 2)) && many.contains("Getting stable numbers"),
            "{many}"
        );
    }
}
