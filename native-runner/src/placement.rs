//! `clone --pin`: which logical CPUs stand in which relation to the timed thread's CPU. Read from
//! Linux's sysfs topology (`info::cpu_facts`: SMT siblings, package, the CPUs sharing the L3); the pure part,
//! [`placements`], works on any list of [`CpuInfo`] and is unit-tested.

use crate::info::cpu_facts;
use wasm_core::results::PLACEMENTS;

/// What sysfs says about one logical CPU.
#[derive(Clone, Debug)]
pub struct CpuInfo {
    pub cpu: u32,
    /// The CPUs of its core, itself included.
    pub siblings: Vec<u32>,
    /// `physical_package_id`.
    pub package: String,
    /// The CPUs sharing its L3, itself included; `None` when sysfs does not say.
    pub l3: Option<Vec<u32>>,
}

/// The contender CPUs of one placement.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// One of [`PLACEMENTS`].
    pub name: &'static str,
    /// Where contenders go, one per CPU, nearest first.
    pub cpus: Vec<u32>,
}

/// The placements around `timed` among `cpus` (the CPUs this process may use), and a sentence for
/// each one the machine does not have.
pub fn placements(timed: u32, cpus: &[CpuInfo]) -> (Vec<Placement>, Vec<String>) {
    let Some(me) = cpus.iter().find(|c| c.cpu == timed) else {
        return (Vec::new(), vec![format!("CPU {timed} is not one this process may run on")]);
    };
    let others = || cpus.iter().filter(|c| c.cpu != timed);
    let same_l3 = |c: &CpuInfo| match (&me.l3, &c.l3) {
        (Some(mine), Some(_)) => mine.contains(&c.cpu),
        // Without cache information, a socket is taken as one L3 (said below).
        _ => c.package == me.package,
    };
    let classes: [(&'static str, Vec<u32>, String); 4] = [
        (
            PLACEMENTS[0],
            others().filter(|c| me.siblings.contains(&c.cpu)).map(|c| c.cpu).collect(),
            format!("smt-sibling: CPU {timed} has no SMT sibling (no SMT, or it is off)"),
        ),
        (
            PLACEMENTS[1],
            others().filter(|c| !me.siblings.contains(&c.cpu) && c.package == me.package && same_l3(c)).map(|c| c.cpu).collect(),
            format!("same-l3: no other core shares CPU {timed}'s L3"),
        ),
        (
            PLACEMENTS[2],
            others().filter(|c| c.package == me.package && !same_l3(c)).map(|c| c.cpu).collect(),
            if me.l3.is_none() {
                "other-l3: sysfs names no L3 groups here".to_owned()
            } else {
                "other-l3: every core of this socket shares one L3".to_owned()
            },
        ),
        (PLACEMENTS[3], others().filter(|c| c.package != me.package).map(|c| c.cpu).collect(), "other-socket: one socket".to_owned()),
    ];
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for (name, cpus, why) in classes {
        if cpus.is_empty() {
            missing.push(why);
        } else {
            found.push(Placement { name, cpus });
        }
    }
    (found, missing)
}

/// Every CPU this process may run on, with its topology (Linux sysfs); `None` off Linux or when the
/// OS does not say which CPUs are allowed.
pub fn allowed_cpus() -> Option<Vec<CpuInfo>> {
    let allowed: Vec<u32> = core_affinity::get_core_ids()?.into_iter().map(|c| c.id as u32).collect();
    let infos: Vec<CpuInfo> = allowed
        .into_iter()
        .filter_map(|cpu| {
            let facts = cpu_facts(cpu);
            Some(CpuInfo { cpu, siblings: facts.siblings?, package: facts.package.unwrap_or_default(), l3: facts.l3 })
        })
        .collect();
    (!infos.is_empty()).then_some(infos)
}

/// Pins the calling thread to `cpu`, or says why it could not.
pub fn pin_current(cpu: u32) -> Result<(), String> {
    if core_affinity::set_for_current(core_affinity::CoreId { id: cpu as usize }) {
        Ok(())
    } else {
        Err(format!("could not pin a thread to CPU {cpu}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cpu(cpu: u32, siblings: &[u32], package: &str, l3: &[u32]) -> CpuInfo {
        CpuInfo { cpu, siblings: siblings.to_vec(), package: package.into(), l3: Some(l3.to_vec()) }
    }

    #[test]
    fn a_two_socket_smt_machine_has_every_placement() {
        // Two sockets; socket 0 has two L3 groups of two cores; each core has two threads.
        let cpus = [
            cpu(0, &[0, 1], "0", &[0, 1, 2, 3]),
            cpu(1, &[0, 1], "0", &[0, 1, 2, 3]),
            cpu(2, &[2, 3], "0", &[0, 1, 2, 3]),
            cpu(3, &[2, 3], "0", &[0, 1, 2, 3]),
            cpu(4, &[4, 5], "0", &[4, 5]),
            cpu(5, &[4, 5], "0", &[4, 5]),
            cpu(6, &[6], "1", &[6]),
        ];
        let (found, missing) = placements(0, &cpus);
        assert!(missing.is_empty(), "{missing:?}");
        let by_name: Vec<(&str, Vec<u32>)> = found.into_iter().map(|p| (p.name, p.cpus)).collect();
        assert_eq!(by_name, [("smt-sibling", vec![1]), ("same-l3", vec![2, 3]), ("other-l3", vec![4, 5]), ("other-socket", vec![6])]);
    }

    #[test]
    fn two_cores_without_smt_place_only_in_the_same_l3_and_say_why() {
        let cpus = [cpu(0, &[0], "0", &[0, 1]), cpu(1, &[1], "0", &[0, 1])];
        let (found, missing) = placements(0, &cpus);
        assert_eq!(found, [Placement { name: "same-l3", cpus: vec![1] }]);
        assert_eq!(missing.len(), 3);
        assert!(missing[0].starts_with("smt-sibling") && missing[2] == "other-socket: one socket", "{missing:?}");
    }

    #[test]
    fn without_cache_information_a_socket_counts_as_one_l3() {
        let mut cpus = vec![cpu(0, &[0], "0", &[]), cpu(1, &[1], "0", &[])];
        for c in &mut cpus {
            c.l3 = None;
        }
        let (found, missing) = placements(0, &cpus);
        assert_eq!(found, [Placement { name: "same-l3", cpus: vec![1] }]);
        assert!(missing.iter().any(|m| m.contains("names no L3")), "{missing:?}");
        assert_eq!(placements(9, &cpus).1, ["CPU 9 is not one this process may run on"]);
    }

    #[test]
    fn this_machine_has_a_placement_or_says_why_not() {
        let Some(cpus) = allowed_cpus() else { return };
        let (found, missing) = placements(cpus[0].cpu, &cpus);
        assert_eq!(found.len() + missing.len(), PLACEMENTS.len());
        if cpus.len() > 1 {
            assert!(!found.is_empty(), "{missing:?}");
        }
    }
}
