//! Timing of one case, run inside a (fresh) child process: one timed thread clones `samples` times
//! while `threads - 1` contenders clone the same value until it finishes (the article's experiment),
//! with the loops written as the case's harness says (ours by default, the article's with
//! `--method article`).

use crate::allocator;
use crate::cli::CaseArgs;
use crate::threads::{spawn_failure, StartGate};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Barrier;
use std::time::{Duration, Instant};
use wasm_core::clone_run::{contend_harnessed, contender_cap};
use wasm_core::kernels::harness::{self, ContenderStop};
use wasm_core::kernels::{CloneAllocator, CloneMode, CloneSource, CloneType};
use wasm_core::results::{MemoryStats, TimelinePoint};

/// What a child process reports to its parent (one JSON object on stdout).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseReport {
    /// Wall time of each timed repeat, warm-ups excluded.
    pub repeat_times_ns: Vec<f64>,
    /// Contender throughput of each timed repeat (empty at one thread).
    pub contender_ops_per_sec: Vec<f64>,
    /// Allocator statistics around the last repeat.
    pub memory: Option<MemoryStats>,
    /// Mapped bytes during the last repeat, if asked for.
    pub mapped_timeline: Option<Vec<TimelinePoint>>,
}

struct Repeat {
    elapsed_ns: f64,
    contender_ops_per_sec: Option<f64>,
    timeline: Option<Vec<TimelinePoint>>,
}

/// Samples jemalloc's mapped bytes every `interval` until `running` goes false.
fn sample_mapped(running: &AtomicBool, interval: Duration) -> Vec<TimelinePoint> {
    let start = Instant::now();
    let mut points = Vec::new();
    while running.load(Ordering::Relaxed) {
        if let Some(mapped_bytes) = allocator::mapped_bytes() {
            points.push(TimelinePoint { elapsed_ns: start.elapsed().as_nanos() as u64, mapped_bytes });
        }
        std::thread::sleep(interval);
    }
    points
}

/// One repeat: contenders (and the optional sampler) start together with the timed thread. Every
/// helper thread is started before any of them passes the gate; if one cannot be started, the rest
/// are released and the repeat fails with one line instead of waiting forever at the barrier.
fn run_repeat(source: &CloneSource, ty: CloneType, mode: CloneMode, args: &CaseArgs, timeline: Option<Duration>) -> Result<Repeat, String> {
    let (threads, samples, cpus, method) = (args.threads, args.samples, args.cpus.as_deref(), args.harness);
    let shared = source.shared();
    // Read by loops that check the mode on every clone, as the article's `should_drop()` does.
    let should_drop = harness::should_drop_lock(mode);
    let contenders = if ty.is_thread_safe() { threads.saturating_sub(1) } else { 0 };
    // In forget mode a contender stops after `samples` clones, so the leak estimate is an upper bound.
    let contender_cap = contender_cap(mode, CloneAllocator::Global, samples);
    let running = AtomicBool::new(true);
    let barrier = Barrier::new(1 + contenders as usize + timeline.is_some() as usize);
    let gate = StartGate::default();
    // The article's contenders each poll their own channel; ours read `running`.
    let mut stop_senders = Vec::new();
    std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(contenders as usize);
        for started in 0..contenders {
            // Pinned: contender i on cpus[1 + i % (len - 1)] (the timed thread has cpus[0]).
            let cpu = cpus.map(|c| c[1 + started as usize % (c.len() - 1)]);
            let (gate, barrier, running, should_drop) = (&gate, &barrier, &running, &should_drop);
            let stop = (method.contender_stop == ContenderStop::ChannelEachClone).then(|| {
                let (sender, receiver) = mpsc::sync_channel::<()>(1);
                stop_senders.push(sender);
                receiver
            });
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                if !gate.wait() {
                    return Ok(0.0);
                }
                let pinned = cpu.map_or(Ok(()), crate::placement::pin_current);
                barrier.wait();
                // A contender that could not be pinned does not run (the case fails below).
                pinned?;
                let start = Instant::now();
                let ops = match &stop {
                    Some(receiver) => {
                        harness::contend_polling(shared, ty, mode, method, should_drop, contender_cap, || receiver.try_recv().is_ok())
                            .map_err(|e| e.to_string())?
                    }
                    None => contend_harnessed(shared, ty, mode, method, should_drop, contender_cap, running),
                };
                Ok::<f64, String>(ops as f64 / start.elapsed().as_secs_f64().max(1e-9))
            });
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(error) => {
                    gate.decide(false);
                    return Err(spawn_failure(started + 1, threads, error).to_string());
                }
            }
        }
        let sampler = match timeline {
            None => None,
            Some(interval) => {
                let (running, barrier, gate) = (&running, &barrier, &gate);
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                    if !gate.wait() {
                        return Vec::new();
                    }
                    barrier.wait();
                    sample_mapped(running, interval)
                });
                match spawned {
                    Ok(handle) => Some(handle),
                    Err(error) => {
                        gate.decide(false);
                        return Err(format!("could not start the memory sampler thread ({error})"));
                    }
                }
            }
        };
        gate.decide(true);
        barrier.wait();
        let start = Instant::now();
        harness::clone_batch_harnessed(source, ty, mode, method, &should_drop, samples);
        let elapsed = start.elapsed();
        running.store(false, Ordering::Relaxed);
        for sender in &stop_senders {
            // A contender that already stopped at its cap has dropped its receiver: nothing to tell.
            let _ = sender.send(());
        }
        let rates: Vec<f64> = handles.into_iter().map(|h| h.join().expect("contender panicked")).collect::<Result<_, String>>()?;
        Ok(Repeat {
            elapsed_ns: (elapsed.as_nanos() as f64).max(1.0),
            contender_ops_per_sec: (!rates.is_empty()).then(|| rates.iter().sum()),
            timeline: sampler.map(|h| h.join().expect("sampler panicked")),
        })
    })
}

/// Runs the warm-ups and timed repeats of one case (the `__case` subcommand).
pub fn run_case(args: &CaseArgs) -> Result<CaseReport, String> {
    let (ty, mode): (CloneType, CloneMode) = (args.ty.into(), args.mode.into());
    let leak = crate::guard::leak_bytes(ty, mode, args.threads, args.samples, args.string_len);
    let total_leak = leak.saturating_mul((args.warmups + args.repeats) as u64);
    if total_leak > args.max_leak {
        return Err(format!(
            "case would leak {} > limit {}; refusing",
            crate::guard::human_bytes(total_leak),
            crate::guard::human_bytes(args.max_leak)
        ));
    }
    if !ty.is_thread_safe() && args.threads > 1 {
        return Err(format!("{ty} is single-thread only"));
    }
    if let Some(cpus) = &args.cpus {
        if cpus.len() < 2 {
            return Err("--cpus needs the timed thread's CPU and at least one contender CPU".into());
        }
        crate::placement::pin_current(cpus[0])?;
    }
    let source = CloneSource::new(args.string_len as usize);
    let mut report = CaseReport { repeat_times_ns: vec![], contender_ops_per_sec: vec![], memory: None, mapped_timeline: None };
    let total = args.warmups + args.repeats;
    for i in 0..total {
        let last = i + 1 == total;
        let before = if last { allocator::snapshot() } else { None };
        let timeline = if last { args.timeline_ms.map(Duration::from_millis) } else { None };
        let repeat = run_repeat(&source, ty, mode, args, timeline)?;
        if last {
            report.memory = allocator::memory_stats(before, allocator::snapshot());
            report.mapped_timeline = repeat.timeline;
        }
        if i >= args.warmups {
            report.repeat_times_ns.push(repeat.elapsed_ns);
            report.contender_ops_per_sec.extend(repeat.contender_ops_per_sec);
        }
    }
    Ok(report)
}
