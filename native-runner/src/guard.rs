//! The memory guard. A forget case leaks every clone of an allocating type until its process ends:
//! samples × threads × (allocation size) bytes per repeat (contenders are capped at the timed
//! thread's sample count in forget mode so that the bound holds). Cases are checked before they run.

use crate::allocator::allocation_bytes;
use crate::cli::ExcessLeak;
use wasm_core::kernels::{CloneMode, CloneType};

const GIB: u64 = 1 << 30;
/// Scaling below this many samples would measure noise; the case is refused instead.
pub const MIN_SCALED_SAMPLES: u64 = 1024;

/// The default `--max-leak`: the smaller of 2 GiB and a quarter of the machine's memory.
pub fn default_max_leak(total_memory_bytes: u64) -> u64 {
    (2 * GIB).min(total_memory_bytes / 4).max(1)
}

/// Bytes one forget repeat leaks at most (0 for drop and read modes and for types whose clone does not allocate).
pub fn leak_bytes(ty: CloneType, mode: CloneMode, threads: u32, samples: u64, len: u64) -> u64 {
    if mode != CloneMode::Forget || !ty.clone_allocates() || len == 0 {
        return 0;
    }
    samples.saturating_mul(threads as u64).saturating_mul(allocation_bytes(len))
}

/// Human-readable byte count in powers of 1024 (`1.0 GiB`), as the site writes sizes too.
pub fn human_bytes(bytes: u64) -> String {
    bytesize::ByteSize::b(bytes).display().iec().to_string()
}

/// The samples a case may run with under `max_leak`, and a note when they were scaled down;
/// or an error line when the case must not run.
pub fn fit_samples(
    ty: CloneType,
    mode: CloneMode,
    threads: u32,
    samples: u64,
    len: u64,
    max_leak: u64,
    policy: ExcessLeak,
) -> Result<(u64, Option<String>), String> {
    let leak = leak_bytes(ty, mode, threads, samples, len);
    if leak <= max_leak {
        return Ok((samples, None));
    }
    let what = format!(
        "{ty} {mode} at {threads} thread(s) with {samples} samples would leak about {} (> --max-leak {})",
        human_bytes(leak),
        human_bytes(max_leak)
    );
    let per_sample = leak / samples;
    let scaled = max_leak / per_sample.max(1);
    match policy {
        ExcessLeak::Refuse => Err(format!("{what}; refusing (use fewer --samples, or --on-excess-leak scale)")),
        ExcessLeak::Scale if scaled < MIN_SCALED_SAMPLES => {
            Err(format!("{what}; even {MIN_SCALED_SAMPLES} samples would not fit, refusing"))
        }
        ExcessLeak::Scale => Ok((scaled, Some(format!("{what}; samples scaled down to {scaled}")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_machine() {
        assert_eq!(default_max_leak(24 * GIB), 2 * GIB);
        assert_eq!(default_max_leak(4 * GIB), GIB);
    }

    #[test]
    fn only_allocating_forget_cases_leak() {
        assert_eq!(leak_bytes(CloneType::String, CloneMode::Drop, 8, 1 << 24, 64), 0);
        assert_eq!(leak_bytes(CloneType::ArcStr, CloneMode::Forget, 8, 1 << 24, 64), 0);
        assert_eq!(leak_bytes(CloneType::String, CloneMode::Forget, 1, 1 << 24, 0), 0);
        let one = leak_bytes(CloneType::BoxStr, CloneMode::Forget, 1, 1 << 24, 64);
        assert!(one >= 64 << 24, "{one}");
        assert_eq!(leak_bytes(CloneType::BoxStr, CloneMode::Forget, 3, 1 << 24, 64), 3 * one);
    }

    #[test]
    fn over_the_limit_scales_or_refuses() {
        let (ty, mode) = (CloneType::String, CloneMode::Forget);
        assert_eq!(fit_samples(ty, mode, 1, 1000, 64, GIB, ExcessLeak::Refuse), Ok((1000, None)));
        let (scaled, note) = fit_samples(ty, mode, 4, 1 << 24, 64, GIB, ExcessLeak::Scale).unwrap();
        assert!(scaled < 1 << 24 && leak_bytes(ty, mode, 4, scaled, 64) <= GIB);
        assert!(note.unwrap().contains("scaled down"));
        let refused = fit_samples(ty, mode, 4, 1 << 24, 64, GIB, ExcessLeak::Refuse).unwrap_err();
        assert!(refused.contains("--max-leak") && refused.contains("refusing"), "{refused}");
        assert!(fit_samples(ty, mode, 1, 1 << 24, 64, 1000, ExcessLeak::Scale).is_err());
    }
}
