//! What the results file says about the machine, the build and the runner. No host or user names.

use std::collections::BTreeMap;
use std::path::Path;
use sysinfo::{CpuRefreshKind, MemoryRefreshKind, RefreshKind, System};
use wasm_core::results::{CpuIdentity, CpuTopology, MachineInfo, RunConditions, RunnerInfo, ToolchainInfo};

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
        browser: None,
        device: None,
        cpu_identity: cpu_identity(),
    }
}

/// Family, model, stepping and caches from CPUID (x86), the microcode revision from the OS, and
/// where the hypervisor's name came from; `None` when none of it is readable.
fn cpu_identity() -> Option<CpuIdentity> {
    let source = virtualisation().and_then(|v| v.source).map(str::to_owned);
    let mut id = CpuIdentity { microcode: microcode(), hypervisor_source: source, ..Default::default() };
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        let cpuid = raw_cpuid::CpuId::new();
        id.vendor = cpuid.get_vendor_info().map(|v| v.as_str().to_owned());
        if let Some(f) = cpuid.get_feature_info() {
            (id.family, id.model, id.stepping) = (Some(f.family_id().into()), Some(f.model_id().into()), Some(f.stepping_id().into()));
        }
        // Leaf 4 on Intel, 0x8000_001D on AMD: the same "deterministic cache parameters".
        for cache in cpuid.get_cache_parameters().into_iter().flatten() {
            let bytes = (cache.associativity() * cache.physical_line_partitions() * cache.coherency_line_size() * cache.sets()) as u64;
            match cache.level() {
                2 => id.l2_cache_bytes = Some(bytes),
                3 => id.l3_cache_bytes = Some(bytes),
                _ => {}
            }
        }
        if id.l2_cache_bytes.is_none() {
            id.l2_cache_bytes = cpuid.get_l2_l3_cache_and_tlb_info().map(|c| u64::from(c.l2cache_size()) * 1024).filter(|&b| b > 0);
        }
    }
    (id != CpuIdentity::default()).then_some(id)
}

/// The microcode revision Linux reports for the first CPU (`0x…`).
fn microcode() -> Option<String> {
    read_trimmed("/sys/devices/system/cpu/cpu0/microcode/version")
        .or_else(|| cpuinfo().lines().find(|l| l.starts_with("microcode")).and_then(|l| l.split_once(':')).and_then(|(_, v)| non_empty(v)))
}

/// The hypervisor's name and where it came from: CPUID's hypervisor leaf (what the hypervisor
/// itself signs, e.g. `KVM`), else the firmware's system vendor (DMI), else Xen's sysfs entry.
fn hypervisor_named() -> Option<(String, &'static str)> {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        let cpuid = raw_cpuid::CpuId::new();
        if let Some(info) = cpuid.get_hypervisor_info() {
            let name = match info.identify() {
                raw_cpuid::Hypervisor::Unknown(..) => None,
                known => Some(format!("{known:?}")),
            };
            if let Some(name) = name {
                return Some((name, "cpuid"));
            }
        }
    }
    read_trimmed("/sys/class/dmi/id/sys_vendor").map(|v| (v, "dmi")).or_else(|| read_trimmed("/sys/hypervisor/type").map(|v| (v, "sysfs")))
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
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

fn read_trimmed(path: impl AsRef<Path>) -> Option<String> {
    std::fs::read_to_string(path).ok().and_then(|t| non_empty(&t))
}

/// Parses a sysfs CPU list such as `0-3,8,10-11`.
pub fn parse_cpu_list(text: &str) -> Vec<u32> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                    cpus.extend(a..=b.min(a + 4096));
                }
            }
            None => cpus.extend(part.parse::<u32>().ok()),
        }
    }
    cpus
}

/// What Linux's sysfs says about one logical CPU; `None` where it does not say.
pub struct CpuFacts {
    /// `physical_package_id`.
    pub package: Option<String>,
    /// `core_id`.
    pub core: Option<String>,
    /// The CPUs of its core, itself included.
    pub siblings: Option<Vec<u32>>,
    /// The CPUs sharing its level-3 cache, itself included.
    pub l3: Option<Vec<u32>>,
}

/// Reads [`CpuFacts`] for `cpu` from `/sys/devices/system/cpu/cpuN` (the
/// run's topology and `clone --pin`'s placements both read them here).
pub fn cpu_facts(cpu: u32) -> CpuFacts {
    let dir = Path::new("/sys/devices/system/cpu").join(format!("cpu{cpu}"));
    // The level-3 cache, whichever index it has.
    let l3 = (0..8)
        .map(|index| dir.join(format!("cache/index{index}")))
        .find(|cache| read_trimmed(cache.join("level")).as_deref() == Some("3"))
        .and_then(|cache| read_trimmed(cache.join("shared_cpu_list")))
        .map(|t| parse_cpu_list(&t));
    CpuFacts {
        package: read_trimmed(dir.join("topology/physical_package_id")),
        core: read_trimmed(dir.join("topology/core_id")),
        siblings: read_trimmed(dir.join("topology/thread_siblings_list")).map(|t| parse_cpu_list(&t)),
        l3,
    }
}

/// Sockets, cores, SMT siblings and L3 groups from `/sys/devices/system/cpu` (Linux only).
pub fn topology() -> Option<CpuTopology> {
    let root = Path::new("/sys/devices/system/cpu");
    let mut cpus: Vec<u32> = std::fs::read_dir(root)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_prefix("cpu")?.parse().ok())
        .filter(|n: &u32| root.join(format!("cpu{n}/topology")).is_dir())
        .collect();
    cpus.sort_unstable();
    if cpus.is_empty() {
        return None;
    }
    let mut cores: BTreeMap<(String, String), ()> = BTreeMap::new();
    let mut sockets: BTreeMap<String, ()> = BTreeMap::new();
    let mut smt: BTreeMap<Vec<u32>, ()> = BTreeMap::new();
    let mut l3: BTreeMap<Vec<u32>, ()> = BTreeMap::new();
    for &cpu in &cpus {
        let facts = cpu_facts(cpu);
        let package = facts.package.unwrap_or_default();
        sockets.insert(package.clone(), ());
        cores.insert((package, facts.core.unwrap_or_else(|| cpu.to_string())), ());
        if let Some(siblings) = facts.siblings.filter(|s| s.len() > 1) {
            smt.insert(siblings, ());
        }
        if let Some(shared) = facts.l3 {
            l3.insert(shared, ());
        }
    }
    Some(CpuTopology {
        sockets: sockets.len() as u32,
        cores: cores.len() as u32,
        logical_cpus: cpus.len() as u32,
        smt_groups: smt.into_keys().collect(),
        l3_groups: l3.into_keys().collect(),
    })
}

/// `steal` and total jiffies from the first line of `/proc/stat`.
fn cpu_jiffies() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|f| f.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    (fields.len() >= 8).then(|| (fields[7], fields.iter().take(8).sum()))
}

pub fn load_average() -> Option<f64> {
    read_trimmed("/proc/loadavg")?.split_whitespace().next()?.parse().ok()
}

/// `/proc/cpuinfo` (empty where there is none), read once per process: its flags and microcode
/// do not change during a run.
fn cpuinfo() -> &'static str {
    static CPUINFO: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CPUINFO.get_or_init(|| std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default())
}

/// The hypervisor a run is under, as `machine.cpu_identity` and `conditions.hypervisor` record it.
struct Virtualisation {
    /// Its name, or `unknown` when the CPU says it is virtual but nothing names the hypervisor.
    name: String,
    /// Where the name came from (`cpuid`, `dmi`, `sysfs`), when something named it.
    source: Option<&'static str>,
}

/// The hypervisor, probed once per process so the two fields that record it always agree; `None`
/// on bare metal (the CPU does not show Linux's `hypervisor` flag).
fn virtualisation() -> Option<&'static Virtualisation> {
    static PROBED: std::sync::OnceLock<Option<Virtualisation>> = std::sync::OnceLock::new();
    PROBED
        .get_or_init(|| {
            let flagged = cpuinfo().lines().any(|l| l.starts_with("flags") && l.split_whitespace().any(|f| f == "hypervisor"));
            flagged.then(|| match hypervisor_named() {
                Some((name, source)) => Virtualisation { name, source: Some(source) },
                None => Virtualisation { name: "unknown".into(), source: None },
            })
        })
        .as_ref()
}

fn hypervisor() -> Option<String> {
    virtualisation().map(|v| v.name.clone())
}

fn boost() -> Option<bool> {
    if let Some(on) = read_trimmed("/sys/devices/system/cpu/cpufreq/boost") {
        return Some(on == "1");
    }
    read_trimmed("/sys/devices/system/cpu/intel_pstate/no_turbo").map(|off| off != "1")
}

/// What the run's conditions were at its start; [`Probe::finish`] completes them at its end.
pub struct Probe {
    quick: bool,
    oversubscribe: bool,
    load_before: Option<f64>,
    jiffies_before: Option<(u64, u64)>,
}

impl Probe {
    /// Takes the "before" readings. Call before the first case is measured.
    pub fn start(quick: bool, oversubscribe: bool) -> Probe {
        Probe { quick, oversubscribe, load_before: load_average(), jiffies_before: cpu_jiffies() }
    }

    /// Takes the "after" readings and the machine's setup.
    pub fn finish(&self) -> RunConditions {
        let steal_percent = match (self.jiffies_before, cpu_jiffies()) {
            (Some((s0, t0)), Some((s1, t1))) if t1 > t0 => Some(100.0 * s1.saturating_sub(s0) as f64 / (t1 - t0) as f64),
            _ => None,
        };
        RunConditions {
            quick: self.quick,
            oversubscribe: self.oversubscribe,
            incomplete: false,
            topology: topology(),
            governor: read_trimmed("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
            boost: boost(),
            hypervisor: hypervisor(),
            load_average_before: self.load_before,
            load_average_after: load_average(),
            steal_percent,
            cpu_checks: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists_parse() {
        assert_eq!(parse_cpu_list("0-3,8,10-11\n"), [0, 1, 2, 3, 8, 10, 11]);
        assert_eq!(parse_cpu_list(""), Vec::<u32>::new());
        assert_eq!(parse_cpu_list("x,2"), [2]);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_machines_conditions_are_read() {
        let c = Probe::start(true, false).finish();
        assert!(c.quick);
        let t = c.topology.expect("sysfs topology on Linux");
        assert_eq!(t.logical_cpus as usize, std::thread::available_parallelism().map_or(1, |n| n.get()).max(t.logical_cpus as usize));
        assert!(t.sockets >= 1 && t.cores >= 1 && t.cores <= t.logical_cpus);
        assert!(c.load_average_before.is_some_and(|l| l >= 0.0));
        assert!(c.steal_percent.is_none_or(|s| (0.0..=100.0).contains(&s)));
    }
}
