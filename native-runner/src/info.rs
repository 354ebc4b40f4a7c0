//! What the results file says about the machine, the build and the runner. No host or user names.

use sysinfo::{CpuRefreshKind, MemoryRefreshKind, RefreshKind, System};
use wasm_core::results::{MachineInfo, RunnerInfo, ToolchainInfo};

fn non_empty(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// Memory of this machine: (total, available) bytes.
pub fn memory_bytes() -> (u64, u64) {
    let sys = System::new_with_specifics(RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()));
    (sys.total_memory(), sys.available_memory())
}

/// Logical CPUs this process may use.
pub fn logical_cpus() -> u32 {
    std::thread::available_parallelism().map(|n| n.get() as u32).unwrap_or(1)
}

pub fn machine() -> MachineInfo {
    let sys = System::new_with_specifics(
        RefreshKind::nothing().with_cpu(CpuRefreshKind::nothing()).with_memory(MemoryRefreshKind::nothing().with_ram()),
    );
    MachineInfo {
        cpu_model: sys.cpus().first().and_then(|cpu| non_empty(cpu.brand())),
        logical_cores: Some(logical_cpus()),
        physical_cores: System::physical_core_count().map(|n| n as u32),
        arch: std::env::consts::ARCH.to_string(),
        os: System::long_os_version().as_deref().and_then(non_empty),
        kernel_version: System::kernel_version().as_deref().and_then(non_empty),
        memory_total_bytes: Some(sys.total_memory()).filter(|&m| m > 0),
        user_agent: None,
    }
}

pub fn toolchain() -> ToolchainInfo {
    ToolchainInfo {
        rustc_version: non_empty(env!("NR_RUSTC_VERSION")),
        target_triple: non_empty(env!("NR_TARGET")),
        profile: non_empty(env!("NR_PROFILE")),
        opt_level: non_empty(env!("NR_OPT_LEVEL")),
    }
}

pub fn runner() -> RunnerInfo {
    RunnerInfo {
        name: env!("CARGO_PKG_NAME").into(),
        version: Some(env!("CARGO_PKG_VERSION").into()),
        git_revision: non_empty(env!("NR_GIT_REVISION")),
    }
}

/// Now, as RFC 3339 UTC to the second (`2025-01-31T12:00:00Z`).
pub fn now_rfc3339() -> String {
    let now = jiff::Timestamp::now();
    jiff::Timestamp::from_second(now.as_second()).expect("in range").to_string()
}
