//! The process limits a run can hit, checked before anything is measured: room on the disk for the
//! results file and address space for the threads (jemalloc reserves address space per thread, and
//! under `ulimit -v` it crashes with SIGSEGV, silently, rather than failing an allocation). Also makes
//! a file-size limit (`ulimit -f`) an error instead of a signal that kills the process mid-write.
//!
//! The calls into libc are Linux-only (where `ulimit -v` and full disks were met); elsewhere these
//! checks pass and the write fallback in `output` still keeps the run.

use crate::failure::Failure;
use crate::guard::human_bytes;
use std::path::Path;

/// Address space the runner needs before its threads, in bytes (code, the main stack, jemalloc's
/// first arenas).
const BASE_ADDRESS_SPACE: u64 = 256 << 20;
/// Address space each measuring thread takes, in bytes: its 2 MiB stack, jemalloc's per-thread
/// cache and the extents of its arena. Measured on x86_64 Linux with `prlimit --as`: 8 threads
/// crashed under 512 MiB and ran under 768 MiB, 16 threads needed up to 1.5 GiB.
const ADDRESS_SPACE_PER_THREAD: u64 = 96 << 20;
/// Room the results file may take, in bytes, beyond its estimate (the temporary file is written
/// whole before it is renamed into place).
const DISK_MARGIN: u64 = 64 << 10;

/// Makes writing past `ulimit -f` fail with an error (EFBIG) instead of killing the process with
/// SIGXFSZ, which would leave a half-written temporary file and no message.
pub fn survive_file_size_limit() {
    #[cfg(target_os = "linux")]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code, so nothing can
    // run in signal context; it is done once, before any thread is spawned.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Address space this run needs for `threads` measuring threads.
pub fn address_space_needed(threads: u32) -> u64 {
    BASE_ADDRESS_SPACE + u64::from(threads) * ADDRESS_SPACE_PER_THREAD
}

/// The type glibc and musl give `getrlimit`'s resource.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Resource = libc::__rlimit_resource_t;
#[cfg(all(target_os = "linux", not(target_env = "gnu")))]
type Resource = libc::c_int;

/// The soft limit on `resource` (`libc::RLIMIT_AS`: `ulimit -v`; `RLIMIT_FSIZE`: `ulimit -f`), or
/// `None` when unlimited or unknown.
#[cfg(target_os = "linux")]
fn soft_limit(resource: Resource) -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes one `rlimit` through a pointer to a live local of that type.
    let ok = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
    (ok && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// The soft address-space limit, or `None` when unlimited or unknown.
fn address_space_limit() -> Option<u64> {
    #[cfg(target_os = "linux")]
    return soft_limit(libc::RLIMIT_AS);
    #[cfg(not(target_os = "linux"))]
    None
}

/// Address space left under the limit (`ulimit -v`) once `threads` threads have theirs: what a
/// forget-mode case may leak at most. `None` when there is no limit.
pub fn address_space_room(threads: u32) -> Option<u64> {
    address_space_limit().map(|limit| limit.saturating_sub(address_space_needed(threads)))
}

/// Refuses a run whose threads would not fit in the address-space limit.
pub fn check_address_space(threads: u32) -> Result<(), Failure> {
    check_address_space_against(threads, address_space_limit())
}

fn check_address_space_against(threads: u32, limit: Option<u64>) -> Result<(), Failure> {
    let Some(limit) = limit else { return Ok(()) };
    let needed = address_space_needed(threads);
    if needed <= limit {
        return Ok(());
    }
    let fit = (limit.saturating_sub(BASE_ADDRESS_SPACE) / ADDRESS_SPACE_PER_THREAD) as u32;
    let smaller = if fit >= 1 { format!(", or pass --threads with at most {fit}") } else { String::new() };
    Err(Failure::usage(format!(
        "the address space is limited to {} (ulimit -v or prlimit --as), and {threads} threads need about {}: jemalloc would crash when a thread starts. Raise the limit (ulimit -v unlimited){smaller}",
        human_bytes(limit),
        human_bytes(needed)
    )))
}

/// Bytes free for an unprivileged user in the file system holding `dir`, when known.
#[allow(clippy::useless_conversion)] // the fields are u64 on 64-bit Linux, narrower on 32-bit
fn free_bytes(dir: &Path) -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        // SAFETY: an all-zero `statvfs` is a valid value of that plain C struct.
        let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: `path` is a NUL-terminated string that outlives the call; `stats` is a live local
        // that statvfs only writes.
        let ok = unsafe { libc::statvfs(path.as_ptr(), &mut stats) } == 0;
        ok.then(|| u64::from(stats.f_bavail).saturating_mul(u64::from(stats.f_frsize)))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        None
    }
}

/// Size a results file of `cases` cases may reach, in bytes (never more than a file may hold).
pub fn estimated_file_bytes(cases: usize) -> u64 {
    (cases as u64 * (16 << 10)).min(wasm_core::validate::MAX_FILE_BYTES as u64)
}

/// The soft file-size limit, or `None` when unlimited or unknown.
fn file_size_limit() -> Option<u64> {
    #[cfg(target_os = "linux")]
    return soft_limit(libc::RLIMIT_FSIZE);
    #[cfg(not(target_os = "linux"))]
    None
}

/// Refuses a run whose results file would not fit on the disk of `path`'s folder, or past the
/// file-size limit.
pub fn check_disk(path: &Path, cases: usize) -> Result<(), Failure> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let estimate = estimated_file_bytes(cases);
    if let Some(limit) = file_size_limit().filter(|&limit| limit < estimate + DISK_MARGIN) {
        return Err(Failure::runtime(format!(
            "files are limited to {} (ulimit -f), and this run's results file may take about {}: raise the limit (ulimit -f unlimited)",
            human_bytes(limit),
            human_bytes(estimate + DISK_MARGIN)
        )));
    }
    check_disk_against(dir, estimate, free_bytes(dir))
}

fn check_disk_against(dir: &Path, estimate: u64, free: Option<u64>) -> Result<(), Failure> {
    match free {
        Some(free) if free < estimate + DISK_MARGIN => Err(Failure::runtime(format!(
            "{} has {} free, and this run's results file may take about {}: free some space or pass --out on another disk",
            dir.display(),
            human_bytes(free),
            human_bytes(estimate + DISK_MARGIN)
        ))),
        _ => Ok(()),
    }
}

/// Most threads per usable CPU a run starts without `--oversubscribe`: past that, a case spends its
/// time taking turns (1,024 threads on 2 CPUs ran for minutes without a word), which is never the
/// contention the suites measure.
pub const MAX_THREADS_PER_CPU: u32 = 4;

/// Both checks, for a run of `cases` cases on at most `threads` threads writing to `path`; a
/// refusal of more than [`MAX_THREADS_PER_CPU`] threads per usable CPU unless `--oversubscribe`;
/// and a note on stderr when there are more threads than CPUs. `--quiet` hides progress, never
/// this warning.
pub fn check_before_run(path: &Path, cases: usize, threads: u32, run: &crate::cli::RunArgs) -> Result<(), Failure> {
    let usable = crate::info::logical_cpus();
    too_many_threads(threads, usable, run.oversubscribe)?;
    check_address_space(threads)?;
    check_disk(path, cases)?;
    if let Some(note) = oversubscribed(threads, usable, run.oversubscribe) {
        eprintln!("note: {note}");
    }
    if let Some(note) = crate::info::load_average().and_then(|load| busy(load, usable)) {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// What to say before a run on a machine already this busy; `None` when it is quiet enough.
fn busy(load: f64, usable: u32) -> Option<String> {
    let bound = wasm_core::validate::BUSY_LOAD_PER_CPU * f64::from(usable.max(1));
    (load > bound).then(|| {
        format!(
            "the machine is busy (load average {load:.1} on {usable} CPU(s), above {bound}): other work will slow the cases down; \
             the file is written all the same, with that load recorded, but validate --submission refuses it as disturbed. \
             Stop the other work, or run later"
        )
    })
}

/// Refuses more than [`MAX_THREADS_PER_CPU`] threads per usable CPU unless `on_purpose`.
fn too_many_threads(threads: u32, usable: u32, on_purpose: bool) -> Result<(), Failure> {
    let bound = usable.max(1).saturating_mul(MAX_THREADS_PER_CPU);
    if threads > bound && !on_purpose {
        return Err(Failure::usage(format!(
            "--threads: {threads} threads at once, but this process may use {usable} CPU(s): above {bound} ({MAX_THREADS_PER_CPU} per CPU) \
             a case measures threads waiting their turn, for minutes, not contention between cores; use at most {bound}, \
             or pass --oversubscribe to run it anyway (recorded in the file)"
        )));
    }
    Ok(())
}

/// What a run of `threads` threads measures when this process may use only `usable` CPUs (a
/// `taskset`, a cgroup's CPU set, or the machine): the extra threads take turns on a CPU, so their
/// cases show time-sharing, not contention between cores. `None` when every thread has a CPU.
/// `on_purpose` is `--oversubscribe`; without it the note says the file will not be accepted.
pub fn oversubscribed(threads: u32, usable: u32, on_purpose: bool) -> Option<String> {
    (threads > usable).then(|| {
        let consequence = if on_purpose {
            "as asked (--oversubscribe, recorded in the file)"
        } else {
            "validate --submission refuses those cases unless you pass --oversubscribe to say it is meant"
        };
        format!(
            "this run uses up to {threads} threads at once, but this process may use {usable} CPU(s) (see taskset or the container's CPU limit); \
             cases above {usable} threads measure threads taking turns on a CPU, not contention between cores: {consequence}"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_machine_gets_a_note_before_the_run() {
        assert_eq!(busy(3.9, 2), None);
        let note = busy(147.0, 2).unwrap();
        assert!(note.contains("147.0 on 2 CPU(s)") && note.contains("written all the same") && note.contains("disturbed"), "{note}");
    }

    #[test]
    fn far_more_threads_than_cpus_are_refused_unless_asked_for() {
        assert!(too_many_threads(8, 2, false).is_ok());
        let error = too_many_threads(1024, 2, false).unwrap_err().to_string();
        assert!(error.contains("1024 threads") && error.contains("at most 8") && error.contains("--oversubscribe"), "{error}");
        assert!(too_many_threads(1024, 2, true).is_ok());
    }

    #[test]
    fn a_small_address_space_is_refused_with_what_would_fit() {
        assert!(check_address_space_against(64, None).is_ok());
        assert!(check_address_space_against(2, Some(512 << 20)).is_ok());
        let error = check_address_space_against(8, Some(512 << 20)).unwrap_err().to_string();
        assert!(error.contains("limited to 512.0 MiB") && error.contains("at most 2"), "{error}");
        let error = check_address_space_against(8, Some(100 << 20)).unwrap_err().to_string();
        assert!(!error.contains("at most"), "{error}");
    }

    #[test]
    fn more_threads_than_usable_cpus_is_said_and_why() {
        assert_eq!(oversubscribed(2, 2, false), None);
        assert_eq!(oversubscribed(1, 16, true), None);
        let note = oversubscribed(8, 2, false).unwrap();
        assert!(note.contains("up to 8 threads") && note.contains("may use 2 CPU(s)") && note.contains("above 2 threads"), "{note}");
        assert!(note.contains("refuses those cases unless you pass --oversubscribe"), "{note}");
        assert!(oversubscribed(8, 2, true).unwrap().ends_with("as asked (--oversubscribe, recorded in the file)"));
    }

    #[test]
    fn a_full_disk_is_refused_before_measuring() {
        let dir = Path::new("/results");
        assert!(check_disk_against(dir, 1 << 20, None).is_ok(), "unknown free space passes");
        assert!(check_disk_against(dir, 1 << 20, Some(1 << 30)).is_ok());
        let error = check_disk_against(dir, estimated_file_bytes(40), Some(16 << 10)).unwrap_err().to_string();
        assert!(error.starts_with("/results has 16.0 KiB free"), "{error}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn free_space_is_read_from_the_file_system() {
        assert!(free_bytes(Path::new(".")).is_some_and(|b| b > 0));
        assert_eq!(free_bytes(Path::new("/no/such/folder")), None);
    }
}
