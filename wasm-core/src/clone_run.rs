//! What a clone run *is*, for both runners that make one: `native-runner clone` (processes, jemalloc,
//! pinning) and the site's threaded wasm tier (Web Workers over shared memory). Its plan (types, modes,
//! thread counts, clones per repeat), the contender loop every extra thread runs, how one case's raw
//! times become a [`CaseResult`], and how a run's cases become a [`ResultsFile`]. What is left in each
//! runner is what only it can do: start threads, read a clock, read allocator statistics, write files.

use crate::kernels::clone::{contend_in_batches, CloneAllocator, CloneMode, CloneType, SharedCloneSource};
use crate::kernels::harness::{clone_batch_shared_harnessed, should_drop_lock, Harness};
use crate::results::Suite;
use crate::results::{
    AllocatorInfo, CaseParams, CaseResult, LayoutFacts, MachineInfo, ResultsFile, RunConditions, RunnerInfo, ToolchainInfo, SCHEMA_VERSION,
};
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

/// Contenders check the stop flag between batches of this many clones: often enough to stop within
/// microseconds of the timed thread, rarely enough that the check is not what they measure.
pub const CONTENDER_BATCH: u64 = 64;

/// The article's string length (bytes): 64, long enough that no small-string type keeps it inline.
pub const DEFAULT_STRING_LEN: usize = 64;

/// The modes a default run measures (`native-runner clone` without `--mode`).
pub const DEFAULT_MODES: [CloneMode; 3] = [CloneMode::Drop, CloneMode::Forget, CloneMode::Read];
/// Clones the timed thread makes per repeat in a default run: 2^24, as the article's program.
pub const DEFAULT_SAMPLES: u64 = 1 << 24;
/// Rounds of a default run: the whole plan this many times, each round in fresh processes.
pub const DEFAULT_ROUNDS: u32 = 3;
/// Timed repeats per case and round in a default run (after the warm-up).
pub const DEFAULT_REPEATS: u32 = 3;
/// Untimed warm-up repeats per case and round in a default run.
pub const DEFAULT_WARMUPS: u32 = 1;

/// `1 thread`, `2 threads`: a thread count in words, as progress lines and messages write it (a bare
/// `x2` read as "twice").
pub fn threads_text(threads: u32) -> String {
    format!("{threads} thread{}", if threads == 1 { "" } else { "s" })
}

/// 1, 2, 4, ... up to `logical`, plus `logical` itself (1, 2, 4, 8, 12 on the article's 5600X).
pub fn default_thread_counts(logical: u32) -> Vec<u32> {
    let mut counts: Vec<u32> = std::iter::successors(Some(1u32), |n| n.checked_mul(2)).take_while(|&n| n <= logical).collect();
    if counts.last() != Some(&logical) && logical > 1 {
        counts.push(logical);
    }
    counts
}

/// What a clone run measures: every type in every mode at every thread count, with `samples` clones
/// per timed repeat of a `string_len`-byte text.
#[derive(Clone, Debug, PartialEq)]
pub struct ClonePlan {
    pub types: Vec<CloneType>,
    pub modes: Vec<CloneMode>,
    pub threads: Vec<u32>,
    pub samples: u64,
    pub string_len: usize,
    /// The allocators `String`'s drop cases also run on, besides the global one (the browser lab's
    /// allocator A/B; empty for every other run).
    pub string_allocators: Vec<CloneAllocator>,
}

/// One case of a plan, before it is measured.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedCase {
    pub ty: CloneType,
    pub mode: CloneMode,
    pub threads: u32,
    /// Clones the timed thread makes per repeat.
    pub samples: u64,
    /// Why `samples` differs from the plan's, when it does (a runner's memory guard).
    pub note: Option<String>,
    /// Where each clone's buffer comes from: the global allocator but in the allocator A/B.
    pub allocator: CloneAllocator,
}

impl PlannedCase {
    /// A case on the global allocator, with no note.
    pub fn new(ty: CloneType, mode: CloneMode, threads: u32, samples: u64) -> PlannedCase {
        PlannedCase { ty, mode, threads, samples, note: None, allocator: CloneAllocator::Global }
    }

    /// `Arc<str> drop, 2 threads`, `String drop in a bumpalo-herd arena per thread, 2 threads`: the
    /// case as progress lines name it.
    pub fn name(&self) -> String {
        match self.allocator {
            CloneAllocator::Global => format!("{} {}, {}", self.ty, self.mode, threads_text(self.threads)),
            other => format!("{} {} in a {other}, {}", self.ty, self.mode, threads_text(self.threads)),
        }
    }
}

/// Allocator ids from a comma-separated list (`bump_herd,thread_pool`; blanks skipped; `global` is
/// always run and may be listed).
pub fn allocator_list(list: &str) -> Result<Vec<CloneAllocator>, String> {
    let mut allocators = Vec::new();
    for id in list.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        match CloneAllocator::parse(id) {
            Some(CloneAllocator::Global) => {}
            Some(a) if !allocators.contains(&a) => allocators.push(a),
            Some(_) => {}
            None => return Err(format!("unknown allocator {id:?}")),
        }
    }
    Ok(allocators)
}

/// Thread counts from a comma-separated list (`1,2,4`; blanks skipped), each from 1 to
/// [`crate::problem::MAX_THREADS`]: how the site's pages hand thread counts to the threaded tier.
pub fn thread_list(list: &str) -> Result<Vec<u32>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u32>()
                .ok()
                .filter(|&t| (1..=crate::problem::MAX_THREADS).contains(&t))
                .ok_or_else(|| format!("not a thread count: {t:?}"))
        })
        .collect()
}

impl ClonePlan {
    /// A plan from four comma-separated lists (`1,2,4`, `arc_str,string`, `drop,forget`,
    /// `bump_herd`), as [`ClonePlan::lists`] writes them: how the site's page hands a reader's choice
    /// to its threaded tier, and keeps it across a reload.
    pub fn from_lists(lists: &[&str; 4], samples: u64, string_len: usize) -> Result<ClonePlan, String> {
        let [threads, types, modes, allocators] = *lists;
        let items = |list: &str| list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect::<Vec<_>>();
        let threads = thread_list(threads)?;
        let types =
            items(types).iter().map(|t| CloneType::parse(t).ok_or_else(|| format!("unknown type {t:?}"))).collect::<Result<Vec<_>, _>>()?;
        let modes =
            items(modes).iter().map(|m| CloneMode::parse(m).ok_or_else(|| format!("unknown mode {m:?}"))).collect::<Result<Vec<_>, _>>()?;
        let string_allocators = allocator_list(allocators)?;
        Ok(ClonePlan { types, modes, threads, samples, string_len, string_allocators })
    }

    /// What `native-runner clone` runs with no options on a machine of `logical` CPUs: every type,
    /// [`DEFAULT_MODES`], the default thread counts, [`DEFAULT_SAMPLES`] of a 64-byte text.
    pub fn default_for(logical: u32) -> ClonePlan {
        ClonePlan {
            types: CloneType::ALL.to_vec(),
            modes: DEFAULT_MODES.to_vec(),
            threads: default_thread_counts(logical),
            samples: DEFAULT_SAMPLES,
            string_len: DEFAULT_STRING_LEN,
            string_allocators: Vec::new(),
        }
    }

    /// The four lists [`ClonePlan::from_lists`] and [`allocator_list`] read: thread counts, type
    /// ids, mode ids, and the ids of `String`'s other allocators.
    pub fn lists(&self) -> [String; 4] {
        let join = |items: Vec<String>| items.join(",");
        [
            join(self.threads.iter().map(u32::to_string).collect()),
            join(self.types.iter().map(|t| t.id().to_owned()).collect()),
            join(self.modes.iter().map(|m| m.id().to_owned()).collect()),
            join(self.string_allocators.iter().map(|a| a.id().to_owned()).collect()),
        ]
    }

    /// The cases, thread count by thread count, then mode, then type (so a run that stops early has
    /// every type at the lower counts). Types that cannot be shared run at one thread only; the two
    /// strategies make no clone to forget, so they have no forget case. `String`'s drop case is
    /// followed by one per allocator of [`ClonePlan::string_allocators`].
    pub fn cases(&self) -> Vec<PlannedCase> {
        let mut threads = self.threads.clone();
        threads.sort_unstable();
        threads.dedup();
        let mut modes = self.modes.clone();
        modes.sort();
        modes.dedup();
        let mut types = self.types.clone();
        types.sort();
        types.dedup();
        let mut cases = Vec::new();
        for &t in &threads {
            for &mode in &modes {
                for &ty in &types {
                    if (ty.is_thread_safe() || t == 1) && (mode != CloneMode::Forget || ty.has_forget_mode()) {
                        cases.push(PlannedCase::new(ty, mode, t, self.samples));
                        if ty == CloneType::String && mode == CloneMode::Drop {
                            cases.extend(
                                self.string_allocators
                                    .iter()
                                    .map(|&allocator| PlannedCase { allocator, ..PlannedCase::new(ty, mode, t, self.samples) }),
                            );
                        }
                    }
                }
            }
        }
        cases
    }
}

/// A contender's work: clone `ty`'s shared value in batches of [`CONTENDER_BATCH`] until `running`
/// goes false or `cap` clones are done (forget mode caps it, so a contender leaks no more than the
/// timed thread). Returns how many clones it made.
pub fn contend(shared: &SharedCloneSource, ty: CloneType, mode: CloneMode, cap: u64, running: &AtomicBool) -> u64 {
    contend_harnessed(shared, ty, mode, Harness::OURS, &should_drop_lock(mode), cap, running)
}

/// [`contend`] with each batch's loop written as `harness` says (`should_drop` as
/// [`crate::kernels::harness::clone_batch_harnessed`] reads it): the ablation steps that change the
/// loop body but keep our stop flag.
pub fn contend_harnessed(
    shared: &SharedCloneSource,
    ty: CloneType,
    mode: CloneMode,
    harness: Harness,
    should_drop: &OnceLock<bool>,
    cap: u64,
    running: &AtomicBool,
) -> u64 {
    contend_in_batches(CONTENDER_BATCH, cap, running, |n| clone_batch_shared_harnessed(shared, ty, mode, harness, should_drop, n).is_ok())
}

/// How many clones a contender may make in one repeat: unbounded in drop mode; in forget mode as many
/// as the timed thread, so a repeat's leak is at most `threads × samples` clones; in an arena twice
/// the timed thread's (an arena keeps every clone until the repeat ends, and a contender that
/// stopped early would leave the timed thread's last clones uncontended).
pub fn contender_cap(mode: CloneMode, allocator: CloneAllocator, samples: u64) -> u64 {
    match (mode, allocator) {
        (_, CloneAllocator::BumpHerd) => samples.saturating_mul(2),
        (CloneMode::Drop | CloneMode::Read, _) => u64::MAX,
        (CloneMode::Forget, _) => samples,
    }
}

/// The measured case: the timed thread's wall time per repeat, and the contenders' clones per second
/// (summed over contenders, one figure per repeat; empty at one thread).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaseTimes {
    pub repeat_times_ns: Vec<f64>,
    pub contender_ops_per_sec: Vec<f64>,
}

/// One clone case as a results file records it: summarised, with the text length the type really
/// cloned (`HipStr (inline)` is shorter) and the contenders' median rate.
pub fn case_result(case: &PlannedCase, string_len: usize, warmups: u32, times: CaseTimes) -> CaseResult {
    let params = CaseParams {
        string_len_bytes: Some(case.ty.text_len(string_len) as u64),
        allocator: (case.allocator != CloneAllocator::Global).then(|| case.allocator.id().to_owned()),
        ..Default::default()
    };
    let mut result = CaseResult::new(
        Suite::Clone,
        case.ty.display_name(),
        case.ty.id(),
        case.threads,
        case.samples,
        params,
        warmups,
        times.repeat_times_ns,
    );
    result.mode = Some(case.mode.id().into());
    result.contender_ops_per_sec = crate::stats::summarize(&times.contender_ops_per_sec).map(|s| s.median);
    result.notes.extend(case.note.clone());
    result
}

/// Everything a results file says besides its cases: who measured, where, how.
#[derive(Clone, Debug, PartialEq)]
pub struct RunContext {
    pub label: String,
    pub created_at: String,
    pub runner: RunnerInfo,
    pub machine: MachineInfo,
    pub toolchain: ToolchainInfo,
    pub allocator: AllocatorInfo,
    pub conditions: Option<RunConditions>,
}

impl RunContext {
    /// The results file of this run: every case marked with its noise figure, and the layout facts of
    /// the target this code runs on (the measured one, for both runners).
    pub fn into_file(self, mut cases: Vec<CaseResult>) -> ResultsFile {
        cases.iter_mut().for_each(CaseResult::mark_noise);
        ResultsFile {
            schema_version: SCHEMA_VERSION,
            label: self.label,
            created_at: self.created_at,
            runner: self.runner,
            machine: self.machine,
            toolchain: self.toolchain,
            allocator: self.allocator,
            layouts: LayoutFacts::current(),
            provenance: None,
            conditions: self.conditions,
            cases,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::clone::CloneSource;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn plan(types: &[CloneType], modes: &[CloneMode], threads: &[u32]) -> ClonePlan {
        ClonePlan {
            types: types.to_vec(),
            modes: modes.to_vec(),
            threads: threads.to_vec(),
            samples: 1000,
            string_len: 64,
            string_allocators: Vec::new(),
        }
    }

    #[test]
    fn thread_counts_double_and_end_at_the_machine() {
        assert_eq!(default_thread_counts(1), vec![1]);
        assert_eq!(default_thread_counts(2), vec![1, 2]);
        assert_eq!(default_thread_counts(12), vec![1, 2, 4, 8, 12]);
        assert_eq!(default_thread_counts(16), vec![1, 2, 4, 8, 16]);
    }

    #[test]
    fn plans_skip_what_cannot_run_and_order_by_threads() {
        let cases = plan(
            &[CloneType::String, CloneType::RcStr, CloneType::ArcStr, CloneType::StaticStr],
            &[CloneMode::Forget, CloneMode::Drop],
            &[2, 1, 2],
        )
        .cases();
        let names: Vec<String> = cases.iter().map(PlannedCase::name).collect();
        assert_eq!(
            names,
            [
                "Arc<str> drop, 1 thread",
                "String drop, 1 thread",
                "Rc<str> drop, 1 thread",
                "leaked &'static str drop, 1 thread",
                "Arc<str> forget, 1 thread",
                "String forget, 1 thread",
                "Rc<str> forget, 1 thread",
                "Arc<str> drop, 2 threads",
                "String drop, 2 threads",
                "leaked &'static str drop, 2 threads",
                "Arc<str> forget, 2 threads",
                "String forget, 2 threads",
            ]
        );
        assert!(cases.iter().all(|c| c.samples == 1000 && c.note.is_none()));
        // A read owns nothing to leak either, so every type that can run has a read case.
        let reads: Vec<String> = plan(&[CloneType::RcStr, CloneType::StaticStr, CloneType::LassoThreaded], &[CloneMode::Read], &[1, 2])
            .cases()
            .iter()
            .map(PlannedCase::name)
            .collect();
        assert_eq!(
            reads,
            [
                "Rc<str> read, 1 thread",
                "leaked &'static str read, 1 thread",
                "lasso::Spur (ThreadedRodeo) read, 1 thread",
                "leaked &'static str read, 2 threads",
                "lasso::Spur (ThreadedRodeo) read, 2 threads"
            ]
        );
    }

    #[test]
    fn plans_travel_as_four_lists() {
        let p = plan(&[CloneType::ArcStr, CloneType::HipstrInline], &[CloneMode::Drop, CloneMode::Forget], &[1, 2, 16]);
        let [threads, types, modes, allocators] = p.lists();
        assert_eq!(
            (threads.as_str(), types.as_str(), modes.as_str(), allocators.as_str()),
            ("1,2,16", "arc_str,hipstr_inline", "drop,forget", "")
        );
        assert_eq!(ClonePlan::from_lists(&[&threads, &types, &modes, &allocators], 1000, 64), Ok(p));
        assert!(ClonePlan::from_lists(&["1", "string", "drop", "jemalloc"], 0, 64).unwrap_err().contains("unknown allocator"));
        assert!(ClonePlan::from_lists(&["1,x", "", "", ""], 0, 64).unwrap_err().contains("\"x\""));
        assert!(ClonePlan::from_lists(&["0", "", "", ""], 0, 64).is_err());
        assert!(ClonePlan::from_lists(&["1", "cow", "drop", ""], 0, 64).unwrap_err().contains("unknown type"));
        assert!(ClonePlan::from_lists(&["1", "string", "keep", ""], 0, 64).unwrap_err().contains("unknown mode"));
        assert_eq!(ClonePlan::from_lists(&["", "", "", ""], 0, 64).unwrap().cases(), vec![]);
    }

    #[test]
    fn a_contender_stops_at_its_cap_or_when_told() {
        let source = CloneSource::new(16);
        let running = AtomicBool::new(true);
        assert_eq!(contend(source.shared(), CloneType::ArcStr, CloneMode::Drop, 3 * CONTENDER_BATCH + 5, &running), 3 * CONTENDER_BATCH);
        running.store(false, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(contend(source.shared(), CloneType::ArcStr, CloneMode::Drop, u64::MAX, &running), 0);
        // Rc<str> cannot be shared: the contender makes no clone instead of panicking.
        running.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(contend(source.shared(), CloneType::RcStr, CloneMode::Drop, 1024, &running), 0);
        assert_eq!(contender_cap(CloneMode::Forget, CloneAllocator::Global, 77), 77);
        assert_eq!(contender_cap(CloneMode::Drop, CloneAllocator::Global, 77), u64::MAX);
        // An arena keeps every clone until the repeat ends: a contender stops at twice the timed thread's.
        assert_eq!(contender_cap(CloneMode::Drop, CloneAllocator::BumpHerd, 77), 154);
    }

    #[test]
    fn case_results_carry_the_mode_length_rate_and_note() {
        let planned = PlannedCase { note: Some("scaled".into()), ..PlannedCase::new(CloneType::HipstrInline, CloneMode::Forget, 2, 100) };
        let times = CaseTimes { repeat_times_ns: vec![300.0, 100.0, 200.0], contender_ops_per_sec: vec![5.0, 1.0, 3.0] };
        let case = case_result(&planned, 64, 1, times);
        assert_eq!((case.suite.as_str(), case.variant_id.as_str(), case.mode.as_deref()), ("clone", "hipstr_inline", Some("forget")));
        assert_eq!(case.params.string_len_bytes, Some(CloneType::HipstrInline.text_len(64) as u64));
        assert_eq!((case.median_ns, case.median_ns_per_op), (200.0, 2.0));
        assert_eq!(case.contender_ops_per_sec, Some(3.0));
        assert_eq!((case.warmup_repeats, case.notes.as_slice()), (1, ["scaled".to_string()].as_slice()));
        let alone = case_result(
            &PlannedCase { threads: 1, note: None, ..planned },
            64,
            0,
            CaseTimes { repeat_times_ns: vec![1.0], contender_ops_per_sec: vec![] },
        );
        assert_eq!(alone.contender_ops_per_sec, None);
    }

    #[test]
    fn a_run_becomes_a_valid_file_with_noise_marked() {
        let planned = PlannedCase::new(CloneType::ArcStr, CloneMode::Drop, 1, 10);
        let case = case_result(&planned, 64, 0, CaseTimes { repeat_times_ns: vec![100.0, 100.0, 200.0], contender_ops_per_sec: vec![] });
        let context = RunContext {
            label: "browser-test".into(),
            created_at: "2026-11-24T00:00:00Z".into(),
            runner: RunnerInfo { name: "browser".into(), version: None, git_revision: None },
            machine: MachineInfo { arch: std::env::consts::ARCH.into(), ..Default::default() },
            toolchain: ToolchainInfo::default(),
            allocator: AllocatorInfo { name: "dlmalloc".into(), version: None },
            conditions: None,
        };
        let file = context.into_file(vec![case]);
        assert_eq!(file.cases[0].noise_rel_mad, Some(0.0));
        assert_eq!(file.cases[0].noisy, Some(false));
        assert_eq!(file.layouts, LayoutFacts::current());
        assert!(crate::validate::validate_file(&file).is_empty(), "{:?}", crate::validate::validate_file(&file));
    }
}
