//! What the reader chooses before a run, and the requests the threaded tier gets for it.

use serde::{Deserialize, Serialize};
use wasm_core::clone_run::{default_thread_counts, CaseRequest, ClonePlan, DEFAULT_STRING_LEN};
use wasm_core::kernels::{CloneMode, CloneType};

/// Most threads the lab offers, whatever the device says: past 16 a browser's Workers are rarely
/// on cores of their own, and a run of every count would take minutes.
pub const MAX_THREADS: u32 = 16;

/// Timed repeats per case, and untimed warm-ups before them.
pub const REPEATS: u32 = 5;
pub const WARMUPS: u32 = 1;

/// Most bytes one forget-mode case may leak: the tier's memory is 1 GiB and never shrinks, and a
/// run of every type at many threads must fit in it.
pub const LEAK_BUDGET_BYTES: u64 = 24 << 20;

/// The thread counts offered on a device that reports `logical` CPUs: 1, 2, 4, ... up to it, capped
/// at [`MAX_THREADS`]. A device that reports one CPU still gets 2, so that it can see the
/// difference, with a note that its two threads share one core.
pub fn offered_threads(logical: u32) -> Vec<u32> {
    default_thread_counts(logical.clamp(2, MAX_THREADS))
}

/// The types several threads can clone: all but `Rc<str>`.
pub fn offered_types() -> Vec<CloneType> {
    CloneType::ALL.into_iter().filter(|t| t.is_thread_safe()).collect()
}

/// The reader's choices; kept across the isolation reload as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Selection {
    pub threads: Vec<u32>,
    pub types: Vec<CloneType>,
    pub modes: Vec<CloneMode>,
}

impl Selection {
    /// The default: the article's comparison, `Arc<str>` against `String`, dropping each clone, at
    /// every offered thread count.
    pub fn default_for(logical: u32) -> Selection {
        Selection { threads: offered_threads(logical), types: vec![CloneType::ArcStr, CloneType::String], modes: vec![CloneMode::Drop] }
    }

    /// The selection as a plan (samples 0: the tier calibrates each type and mode on one thread).
    pub fn plan(&self) -> ClonePlan {
        ClonePlan { types: self.types.clone(), modes: self.modes.clone(), threads: self.threads.clone(), samples: 0, string_len: DEFAULT_STRING_LEN }
    }

    /// What is missing before Run can start, in words.
    pub fn missing(&self) -> Option<&'static str> {
        match (self.threads.is_empty(), self.types.is_empty(), self.modes.is_empty()) {
            (true, _, _) => Some("Pick at least one thread count."),
            (_, true, _) => Some("Pick at least one type."),
            (_, _, true) => Some("Pick drop, forget or both."),
            _ => None,
        }
    }

    /// The requests for the Worker, in plan order, and the most threads any of them uses.
    pub fn requests(&self) -> (Vec<CaseRequest>, u32) {
        let requests: Vec<CaseRequest> =
            self.plan().cases().iter().map(|c| CaseRequest::of(c, DEFAULT_STRING_LEN, WARMUPS, REPEATS, LEAK_BUDGET_BYTES)).collect();
        let most = requests.iter().map(|r| r.threads).max().unwrap_or(1);
        (requests, most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_follow_the_device_within_bounds() {
        assert_eq!(offered_threads(1), vec![1, 2]);
        assert_eq!(offered_threads(8), vec![1, 2, 4, 8]);
        assert_eq!(offered_threads(12), vec![1, 2, 4, 8, 12]);
        assert_eq!(offered_threads(128), vec![1, 2, 4, 8, 16]);
        assert!(!offered_types().contains(&CloneType::RcStr));
        assert_eq!(offered_types().len(), CloneType::ALL.len() - 1);
    }

    #[test]
    fn the_default_is_the_articles_comparison_and_its_requests_calibrate() {
        let selection = Selection::default_for(4);
        assert_eq!(selection.missing(), None);
        let (requests, most) = selection.requests();
        assert_eq!(most, 4);
        let names: Vec<(String, u32)> = requests.iter().map(|r| (r.type_id.clone(), r.threads)).collect();
        let expected: Vec<(String, u32)> =
            [1, 2, 4].into_iter().flat_map(|t| [("arc_str".to_string(), t), ("string".to_string(), t)]).collect();
        assert_eq!(names, expected);
        assert!(requests.iter().all(|r| r.samples == 0 && r.repeats == REPEATS && r.max_leak_bytes == LEAK_BUDGET_BYTES));
    }

    #[test]
    fn an_empty_choice_says_what_is_missing_and_selections_survive_json() {
        let mut s = Selection::default_for(2);
        s.types.clear();
        assert_eq!(s.missing(), Some("Pick at least one type."));
        let text = serde_json::to_string(&Selection::default_for(2)).unwrap();
        assert_eq!(serde_json::from_str::<Selection>(&text).unwrap(), Selection::default_for(2));
    }
}
