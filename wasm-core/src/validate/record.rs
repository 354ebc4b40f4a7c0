//! Machine records that cannot be: a CPUID identity no CPU reports (or one that contradicts the
//! model string or the arch), topology and memory no machine has, steal time with no hypervisor,
//! and, for submissions, a jemalloc run with no jemalloc statistics and repeats that are one number. Each rule names the
//! field; the shipped files and the runner's own output pass them all.

use crate::problem::Problem;
use crate::results::ResultsFile;
use crate::results::Suite;

/// CPUID's vendor strings of the x86 makers.
pub const CPUID_VENDORS: [&str; 6] = ["AuthenticAMD", "GenuineIntel", "HygonGenuine", "CentaurHauls", "  Shanghai  ", "GenuineIotel"];
/// Largest L2 of one core any CPU has (bytes; today's largest are 3 MiB).
pub const MAX_L2_BYTES: u64 = 64 << 20;
/// Largest L3 any CPU reports (bytes; a whole EPYC 9684X has 1152 MiB).
pub const MAX_L3_BYTES: u64 = 2 << 30;
/// Most memory a results file may record (bytes): 256 TiB, beyond any single machine today.
pub const MAX_MEMORY_BYTES: u64 = 256 << 40;
/// Longest microcode revision (`0x` and up to 16 hex digits).
pub const MAX_MICROCODE_CHARS: usize = 18;

/// Every rule of this module on `file`.
pub fn record_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = identity_problems(file);
    let m = &file.machine;
    let conditions = file.conditions.as_ref();
    if let Some(bytes) = m.memory_total_bytes.filter(|&b| b > MAX_MEMORY_BYTES) {
        problems.push(Problem::new("machine.memory_total_bytes", format!("is {bytes}, more than any one machine has (256 TiB)")));
    }
    let x86 = matches!(m.arch.as_str(), "x86" | "x86_64");
    let maker = crate::results::cpu_vendor(m.cpu_model.as_deref());
    if !x86 && m.arch != "wasm32" && matches!(maker, "AMD" | "Intel") {
        problems.push(Problem::new(
            "machine.cpu_model",
            format!("is {:?}, an x86 CPU, but the arch is {:?}", m.cpu_model.as_deref().unwrap_or_default(), m.arch),
        ));
    }
    if let Some(c) = conditions {
        if c.steal_percent.is_some_and(|s| s > 0.0) && c.hypervisor.is_none() {
            problems.push(Problem::new(
                "conditions.steal_percent",
                "is above 0 with no hypervisor recorded: only a virtual machine has time stolen",
            ));
        }
        if let Some(t) = &c.topology {
            if t.cores == t.logical_cpus && t.smt_groups.iter().any(|g| g.len() > 1) {
                problems.push(Problem::new(
                    "conditions.topology.smt_groups",
                    format!("lists SMT siblings, but the {} cores are as many as the logical CPUs: no core runs two", t.cores),
                ));
            }
            if t.sockets > 1 && t.l3_groups.len() == 1 && t.l3_groups[0].len() as u32 == t.logical_cpus {
                problems.push(Problem::new(
                    "conditions.topology.l3_groups",
                    format!("is one L3 shared by all {} sockets; a socket's L3 is its own", t.sockets),
                ));
            }
        }
    }
    problems
}

/// A native-runner jemalloc run without jemalloc's statistics on a clone case: a system-allocator
/// run relabelled (for submissions; hand-made test files need not carry statistics).
pub fn jemalloc_statistics_problems(file: &ResultsFile) -> Vec<Problem> {
    if file.runner.name != "native-runner" || file.allocator.name != "jemalloc" {
        return Vec::new();
    }
    match file.cases.iter().position(|c| c.is(Suite::Clone) && c.memory.is_none()) {
        Some(i) => vec![Problem::new(
            format!("cases[{i}].memory"),
            "is missing: the runner records jemalloc's statistics for every clone case it times with jemalloc",
        )],
        None => Vec::new(),
    }
}

/// A native run's repeats that are one number to the nanosecond (imported data, timed in whole
/// milliseconds, may repeat; the runner's nanosecond clock does not): for submissions.
pub fn frozen_clock_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    if file.runner.name != "native-runner" {
        return problems;
    }
    for (i, case) in file.cases.iter().enumerate() {
        let r = &case.repeat_times_ns;
        if r.len() >= 3 && r.iter().all(|t| t.to_bits() == r[0].to_bits()) {
            problems.push(Problem::new(
                format!("cases[{i}].repeat_times_ns"),
                format!("are {} repeats of exactly {} ns: a nanosecond clock never reads the same every time", r.len(), r[0]),
            ));
        }
    }
    problems
}

/// `machine.cpu_identity` against what CPUID can say and what the rest of the record says.
fn identity_problems(file: &ResultsFile) -> Vec<Problem> {
    let m = &file.machine;
    let Some(id) = &m.cpu_identity else { return Vec::new() };
    let mut problems = Vec::new();
    let at = |field: &str| format!("machine.cpu_identity.{field}");
    let cpuid = id.vendor.is_some() || id.family.is_some() || id.model.is_some() || id.stepping.is_some();
    if cpuid && !matches!(m.arch.as_str(), "x86" | "x86_64") {
        problems.push(Problem::new(
            at("vendor"),
            format!("records CPUID's vendor, family, model or stepping, which only x86 has; the arch is {:?}", m.arch),
        ));
    }
    if let Some(vendor) = &id.vendor {
        if !CPUID_VENDORS.contains(&vendor.as_str()) {
            problems.push(Problem::new(
                at("vendor"),
                format!("is {vendor:?}, not a vendor string CPUID returns ({})", CPUID_VENDORS.join(", ")),
            ));
        }
        let maker = crate::results::cpu_vendor(m.cpu_model.as_deref());
        let expected = match maker {
            "AMD" => Some("AuthenticAMD"),
            "Intel" => Some("GenuineIntel"),
            _ => None,
        };
        if let Some(expected) = expected.filter(|e| e != vendor) {
            problems.push(Problem::new(
                at("vendor"),
                format!("is {vendor:?}, but the CPU model {:?} is {maker}'s ({expected})", m.cpu_model.as_deref().unwrap_or_default()),
            ));
        }
    }
    for (field, value, max) in [("family", id.family, 0x0F + 0xFF), ("model", id.model, 0xFF), ("stepping", id.stepping, 0x0F)] {
        if let Some(v) = value.filter(|&v| v > max) {
            problems.push(Problem::new(at(field), format!("is {v}; CPUID's {field} is at most {max}")));
        }
    }
    if let Some(code) = &id.microcode {
        let hex = code.strip_prefix("0x").is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_hexdigit()));
        if code.len() > MAX_MICROCODE_CHARS || !hex {
            let shown: String = code.chars().take(24).collect();
            problems.push(Problem::new(
                at("microcode"),
                format!(
                    "is {:?}{}; the OS reports a revision as 0x and at most 16 hex digits",
                    crate::problem::escape_control(&shown),
                    if code.chars().count() > 24 { "…" } else { "" }
                ),
            ));
        }
    }
    if let Some(b) = id.l2_cache_bytes.filter(|&b| b > MAX_L2_BYTES) {
        problems.push(Problem::new(at("l2_cache_bytes"), format!("is {b}, more than any core's L2 (64 MiB)")));
    }
    if let Some(b) = id.l3_cache_bytes.filter(|&b| b > MAX_L3_BYTES) {
        problems.push(Problem::new(at("l3_cache_bytes"), format!("is {b}, more than any CPU's L3 (2 GiB)")));
    }
    if let Some(source) = &id.hypervisor_source {
        if !matches!(source.as_str(), "cpuid" | "dmi") {
            problems.push(Problem::new(at("hypervisor_source"), format!("is {source:?}; the runner writes cpuid or dmi")));
        }
        if file.conditions.as_ref().and_then(|c| c.hypervisor.as_ref()).is_none() {
            problems
                .push(Problem::new(at("hypervisor_source"), "says where the hypervisor's name came from, but no hypervisor is recorded"));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::CpuIdentity;
    use crate::shipped_files::file;

    fn fields(f: &ResultsFile) -> Vec<String> {
        record_problems(f).into_iter().map(|p| p.field).collect()
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn every_shipped_file_passes() {
        for (name, f) in crate::shipped_files::all() {
            assert!(record_problems(&f).is_empty(), "{name}: {:?}", record_problems(&f));
        }
    }

    /// Each rule on both edges: the largest value that passes and the first that does not.
    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn identity_rules_on_both_edges() {
        let mut f = file("epyc-2vcpu-jemalloc-all-types-2026-11-26.json");
        let amd = CpuIdentity {
            vendor: Some("AuthenticAMD".into()),
            family: Some(25),
            model: Some(0xFF),
            stepping: Some(15),
            microcode: Some("0xa0011d5".into()),
            l2_cache_bytes: Some(MAX_L2_BYTES),
            l3_cache_bytes: Some(MAX_L3_BYTES),
            hypervisor_source: Some("cpuid".into()),
        };
        f.machine.cpu_identity = Some(amd.clone());
        assert!(fields(&f).is_empty(), "{:?}", record_problems(&f));
        type Lie = (fn(&mut CpuIdentity), &'static str);
        let lies: Vec<Lie> = vec![
            (|c| c.vendor = Some("GenuineIntel".into()), "machine.cpu_identity.vendor"),
            (|c| c.vendor = Some("AuthenticAMD\u{200b}".into()), "machine.cpu_identity.vendor"),
            (|c| c.stepping = Some(16), "machine.cpu_identity.stepping"),
            (|c| c.model = Some(256), "machine.cpu_identity.model"),
            (|c| c.microcode = Some("0x".to_owned() + &"f".repeat(300_000)), "machine.cpu_identity.microcode"),
            (|c| c.microcode = Some("banana".into()), "machine.cpu_identity.microcode"),
            (|c| c.l2_cache_bytes = Some(MAX_L2_BYTES + 1), "machine.cpu_identity.l2_cache_bytes"),
            (|c| c.l3_cache_bytes = Some(4 << 40), "machine.cpu_identity.l3_cache_bytes"),
            (|c| c.hypervisor_source = Some("vibes".into()), "machine.cpu_identity.hypervisor_source"),
        ];
        for (lie, field) in lies {
            let mut g = f.clone();
            lie(g.machine.cpu_identity.as_mut().unwrap());
            assert!(fields(&g).iter().any(|p| p == field), "{field}: {:?}", record_problems(&g));
        }
        let mut no_hypervisor = f.clone();
        no_hypervisor.conditions.as_mut().unwrap().hypervisor = None;
        no_hypervisor.conditions.as_mut().unwrap().steal_percent = None;
        assert_eq!(fields(&no_hypervisor), ["machine.cpu_identity.hypervisor_source"]);
        let mut arm = f.clone();
        arm.machine.arch = "aarch64".into();
        arm.machine.cpu_model = Some("Neoverse-N1".into());
        assert_eq!(fields(&arm), ["machine.cpu_identity.vendor"], "CPUID on aarch64");
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn records_that_contradict_themselves() {
        let base = file("epyc-2vcpu-jemalloc-all-types-2026-11-26.json");
        type Lie = (fn(&mut ResultsFile), &'static str);
        let lies: Vec<Lie> = vec![
            (|f| f.conditions.as_mut().unwrap().hypervisor = None, "conditions.steal_percent"),
            (|f| f.conditions.as_mut().unwrap().topology.as_mut().unwrap().smt_groups = vec![vec![0, 1]], "conditions.topology.smt_groups"),
            (|f| f.machine.memory_total_bytes = Some(u64::MAX), "machine.memory_total_bytes"),
            (|f| f.machine.arch = "aarch64".into(), "machine.cpu_model"),
        ];
        for (lie, field) in lies {
            let mut f = base.clone();
            lie(&mut f);
            assert!(fields(&f).iter().any(|p| p == field), "{field}: {:?}", record_problems(&f));
        }
        // The honest edges: steal with a hypervisor named "unknown", one SMT pair on 1 core of 2
        // CPUs, 256 TiB, a system-allocator run without statistics, two equal repeats.
        let mut honest = base.clone();
        let t = honest.conditions.as_mut().unwrap().topology.as_mut().unwrap();
        t.cores = 1;
        t.smt_groups = vec![vec![0, 1]];
        honest.machine.physical_cores = Some(1);
        honest.machine.memory_total_bytes = Some(MAX_MEMORY_BYTES);
        assert!(fields(&honest).is_empty(), "{:?}", record_problems(&honest));
        let mut frozen = base.clone();
        frozen.cases[1].repeat_times_ns = vec![1000.0, 1000.0];
        assert!(frozen_clock_problems(&frozen).is_empty(), "two equal repeats happen");
        frozen.cases[1].repeat_times_ns = vec![1000.0; 3];
        assert_eq!(frozen_clock_problems(&frozen)[0].field, "cases[1].repeat_times_ns");
        let mut system = file("xeon-2.1ghz-2vcpu-system-2026-11-22.json");
        assert!(jemalloc_statistics_problems(&system).is_empty());
        system.allocator.name = "jemalloc".into();
        assert_eq!(jemalloc_statistics_problems(&system)[0].field, "cases[0].memory", "a system run relabelled jemalloc");
        assert!(jemalloc_statistics_problems(&base).is_empty());
    }
}
