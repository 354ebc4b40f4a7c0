//! What a results file records of the machine: what the OS and, on x86, CPUID say of it. Part of
//! [`super`]'s one definition of the format, kept apart only for its length.

use serde::{Deserialize, Serialize};

/// The machine the run happened on. Every field but `arch` may be unknown.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MachineInfo {
    /// CPU model string as the OS reports it, e.g. `AMD Ryzen 5 5600X 6-Core Processor`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_model: Option<String>,
    /// Logical CPUs (hardware threads) this process could run on: the native runner records Rust's
    /// `available_parallelism` (a `taskset` or a container's CPU limit lowers it below the machine's
    /// count, which is `conditions.topology.logical_cpus`), a browser `navigator.hardwareConcurrency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logical_cores: Option<u32>,
    /// Physical CPU cores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub physical_cores: Option<u32>,
    /// CPU architecture as Rust names it: `x86_64`, `aarch64`, `wasm32`.
    pub arch: String,
    /// Operating system name and version, e.g. `Debian GNU/Linux 12`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Option<String>,
    /// Kernel version, e.g. `6.6.8-zen1-1-zen`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel_version: Option<String>,
    /// Total physical memory in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_total_bytes: Option<u64>,
    /// Browser user agent, for runs measured by the site in a browser.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    /// Browser name and major version (`Chrome 131`), for runs measured by the site in a browser.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser: Option<String>,
    /// The device as a browser describes it through `navigator.userAgentData` (model, CPU
    /// architecture and bitness, e.g. `Pixel 7, arm 64-bit`), for browser runs whose browser says;
    /// absent where it does not (Firefox, Safari) and in native runs, which record `cpu_model`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    /// What tells this CPU from another with the same model string (schema 2; absent in older
    /// files and in browser runs): a cloud VM's "AMD EPYC" names no generation, its family, model
    /// and stepping do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_identity: Option<CpuIdentity>,
}

/// The CPU as CPUID (x86) and the OS describe it: enough to tell two machines with one model
/// string apart, or to say they may be the same.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CpuIdentity {
    /// CPUID's vendor string, e.g. `AuthenticAMD`, `GenuineIntel`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vendor: Option<String>,
    /// Family, model and stepping as CPUID reports them (extended family and model folded in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stepping: Option<u32>,
    /// The microcode revision the OS reports (`0x1` is common under a hypervisor that hides it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub microcode: Option<String>,
    /// Level-2 cache of one core, bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l2_cache_bytes: Option<u64>,
    /// Level-3 cache as this CPU reports it (one slice or the whole, as the hardware or hypervisor says), bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l3_cache_bytes: Option<u64>,
    /// Where the hypervisor's name came from: `cpuid` (its signature leaf), `dmi` (the firmware's
    /// system vendor), or absent when none was named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hypervisor_source: Option<String>,
}

/// The maker of a CPU, read from its model name; `unknown` when nothing matches.
pub fn cpu_vendor(model: Option<&str>) -> &'static str {
    let Some(model) = model else { return "unknown" };
    let lower = model.to_ascii_lowercase();
    const MAKERS: [(&str, &str); 9] = [
        ("amd", "AMD"),
        ("ryzen", "AMD"),
        ("epyc", "AMD"),
        ("intel", "Intel"),
        ("xeon", "Intel"),
        ("apple", "Apple"),
        ("neoverse", "Arm"),
        ("cortex", "Arm"),
        ("qualcomm", "Qualcomm"),
    ];
    MAKERS.iter().find(|(needle, _)| lower.contains(needle)).map_or("other", |(_, maker)| maker)
}
