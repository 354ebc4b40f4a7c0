//! Clone costs for the chooser's table, read from the shipped results files: for one clone-suite
//! type, the single-thread cost and the cost at the most threads any file measured it at.

use crate::components::bench::native::NativeFile;

/// One recorded clone cost: nanoseconds per clone plus drop, at `threads`, from the file `label`.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    pub ns: f64,
    pub threads: u32,
    pub label: String,
}

/// The drop-mode cost of `clone_id` at one thread (newest file first) and at the most threads
/// (ties: newest file), over `files`.
pub fn recorded(files: &[NativeFile], clone_id: &str) -> (Option<Recorded>, Option<Recorded>) {
    let mut cases: Vec<(&NativeFile, u32, f64)> = files
        .iter()
        .flat_map(|f| {
            f.results
                .cases
                .iter()
                .filter(|c| c.suite == "clone" && c.placement.is_none() && c.variant_id == clone_id && c.mode.as_deref() == Some("drop"))
                .map(move |c| (f, c.threads, c.median_ns_per_op))
        })
        .collect();
    // Newest first, so the first match of each kind below is the newest file's.
    cases.sort_by(|a, b| b.0.results.created_at.cmp(&a.0.results.created_at));
    let make = |(f, threads, ns): &(&NativeFile, u32, f64)| Recorded { ns: *ns, threads: *threads, label: f.results.label.clone() };
    let one = cases.iter().find(|c| c.1 == 1).map(make);
    // The most threads; among equals the first seen, which is the newest file's.
    let most = cases.iter().filter(|c| c.1 > 1).fold(None, |best: Option<&(&NativeFile, u32, f64)>, c| match best {
        Some(b) if b.1 >= c.1 => Some(b),
        _ => Some(c),
    });
    let most = most.map(make);
    (one, most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::results::*;

    fn file(label: &str, created: &str, cases: &[(&str, u32, f64)]) -> NativeFile {
        let mut results: ResultsFile = serde_json::from_str(include_str!("../../../../content/results/reference-ryzen5600x-2024.json")).unwrap();
        results.label = label.into();
        results.created_at = created.into();
        results.cases = cases
            .iter()
            .map(|&(id, t, ns)| {
                let mut c = CaseResult::new("clone", id, id, t, 1, CaseParams::default(), 0, vec![ns]);
                c.mode = Some("drop".into());
                c
            })
            .collect();
        NativeFile { name: format!("{label}.json"), results }
    }

    #[test]
    fn newest_one_thread_and_most_threads() {
        let old = file("old", "2024-01-01T00:00:00Z", &[("arc_str", 1, 3.0), ("arc_str", 12, 287.0)]);
        let new = file("new", "2026-11-23T00:00:00Z", &[("arc_str", 1, 9.0), ("arc_str", 2, 26.0), ("hipstr", 2, 50.0)]);
        let files = [old, new];
        let (one, most) = recorded(&files, "arc_str");
        assert_eq!(one, Some(Recorded { ns: 9.0, threads: 1, label: "new".into() }));
        assert_eq!(most, Some(Recorded { ns: 287.0, threads: 12, label: "old".into() }));
        let (one, most) = recorded(&files, "hipstr");
        assert_eq!(one, None);
        assert_eq!(most.unwrap().threads, 2);
        assert_eq!(recorded(&files, "nothing"), (None, None));
    }
}
