//! One machine, one voice: which results files are of one machine. The site's one definition of
//! "a machine" is what a file records of its hardware and nothing finer: the kind of runner
//! (native, browser, the imported reference), the CPU (model string and, where recorded, CPUID's
//! vendor, family, model and stepping), the logical and physical cores, the memory (to the GiB),
//! and the OS and kernel; a browser run records no CPU, so its machine is its platform (the user
//! agent's system part, the device the browser names, `navigator.hardwareConcurrency`). Two
//! computers that record the same are one machine here; one computer that records a new kernel is
//! a new one. The facts count machines by it, the ranking folds a machine's files by it, and the
//! pull-request check asks a maintainer when one machine sends several files of one suite.

use crate::results::ResultsFile;

/// One GiB: memory is compared to the GiB, since the kernel's reserve moves the byte count a few
/// pages between boots of one machine.
const GIB: u64 = 1 << 30;

/// The machine of `file` as a short, stable text: equal for files of one machine, different
/// otherwise. Its fields are `|`-separated in a fixed order (see the module header).
pub fn machine_key(file: &ResultsFile) -> String {
    let m = &file.machine;
    let kind = if file.is_known_reference() {
        "reference"
    } else if file.runner.name == crate::browser::BROWSER_RUNNER {
        "browser"
    } else {
        "native"
    };
    let opt = |v: Option<String>| v.unwrap_or_default();
    let identity = m.cpu_identity.as_ref().map(|c| {
        let n = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
        format!("{}/{}/{}/{}", c.vendor.as_deref().unwrap_or(""), n(c.family), n(c.model), n(c.stepping))
    });
    let cpus = file.logical_cpus();
    let fields = [
        kind.to_owned(),
        m.arch.clone(),
        opt(m.cpu_model.as_deref().map(|s| s.trim().to_owned())),
        opt(identity),
        opt(cpus.map(|n| n.to_string())),
        opt(m.physical_cores.map(|n| n.to_string())),
        opt(m.memory_total_bytes.map(|b| ((b + GIB / 2) / GIB).to_string())),
        opt(m.os.clone()),
        opt(m.kernel_version.clone()),
        opt(m.user_agent.as_deref().and_then(crate::browser::user_agent_platform).map(str::to_owned)),
        opt(m.device.clone()),
    ];
    fields.join("|")
}

/// The machines of a set of files, by machine key, sorted and without repeats: a machine's rank is
/// the same whatever order its files came in, and files of one machine share it. What the summary's
/// `hardware` numbers and the site's chart markers are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MachineRanks {
    keys: Vec<String>,
}

impl MachineRanks {
    /// The ranks of `machine_keys`, in any order, repeats allowed.
    pub fn of<S: AsRef<str>>(machine_keys: impl IntoIterator<Item = S>) -> MachineRanks {
        let mut keys: Vec<String> = machine_keys.into_iter().map(|k| k.as_ref().to_owned()).collect();
        crate::order::sort(&mut keys);
        keys.dedup();
        MachineRanks { keys }
    }

    /// The rank of the machine `machine_key`, `None` where the set does not hold it.
    pub fn rank(&self, machine_key: &str) -> Option<u32> {
        self.keys.binary_search_by(|known| known.as_str().cmp(machine_key)).ok().map(|r| r as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shipped_files::file;

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn one_machine_across_allocators_suites_and_browser_updates() {
        let jemalloc = file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json");
        let system = file("xeon-2.1ghz-2vcpu-system-2026-11-22.json");
        assert_eq!(machine_key(&jemalloc), machine_key(&system), "the allocator is not the machine");
        let mut other_boot = jemalloc.clone();
        other_boot.machine.memory_total_bytes = other_boot.machine.memory_total_bytes.map(|b| b - 8192);
        assert_eq!(machine_key(&jemalloc), machine_key(&other_boot), "a few pages of memory are not a machine");
        let mut browser = file("browser-headless-chrome-156-epyc-2vcpu-2026-11-24.json");
        let before = machine_key(&browser);
        browser.machine.user_agent = browser.machine.user_agent.map(|ua| ua.replace("156.0.0.0", "157.0.0.0"));
        assert_eq!(before, machine_key(&browser), "a browser update is not a new machine");
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn what_a_file_records_tells_machines_apart() {
        let xeon = file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json");
        for change in [
            (|f: &mut ResultsFile| f.machine.cpu_model = Some("AMD EPYC".into())) as fn(&mut ResultsFile),
            |f| f.machine.logical_cores = Some(8),
            |f| f.machine.kernel_version = Some("6.1.0".into()),
            |f| f.machine.memory_total_bytes = Some(64 << 30),
            |f| f.machine.cpu_identity = Some(crate::results::CpuIdentity { family: Some(25), ..Default::default() }),
        ] {
            let mut other = xeon.clone();
            change(&mut other);
            assert_ne!(machine_key(&xeon), machine_key(&other));
        }
        let native = file("epyc-2vcpu-jemalloc-2026-11-23.json");
        let browser = file("browser-headless-chrome-156-epyc-2vcpu-2026-11-24.json");
        assert_ne!(machine_key(&native), machine_key(&browser), "a browser run is its own kind of machine");
        assert_eq!(crate::browser::user_agent_platform("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit"), Some("X11; Linux x86_64"));
        assert_eq!(crate::browser::user_agent_platform("no parentheses"), None);
    }
}
