//! What the reader chooses before a run: thread counts, types, modes and `String`'s other
//! allocators, offered for this device, and handed to the threaded tier (and across the isolation
//! reload) as wasm-core's plan lists.

use wasm_core::clone_run::{default_thread_counts, ClonePlan, DEFAULT_STRING_LEN};
use wasm_core::kernels::{CloneAllocator, CloneMode, CloneType};

/// Most threads the lab offers (`wasm_core::browser::LAB_MAX_THREADS`, which the validator holds
/// a browser run to).
pub const MAX_THREADS: u32 = wasm_core::browser::LAB_MAX_THREADS;

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

/// The reader's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub threads: Vec<u32>,
    pub types: Vec<CloneType>,
    pub modes: Vec<CloneMode>,
    /// The allocators `String`'s drop cases also run on, besides dlmalloc (the allocator A/B).
    pub allocators: Vec<CloneAllocator>,
}

impl Selection {
    /// The default: the article's comparison, `Arc<str>` against `String`, dropping each clone, at
    /// every offered thread count.
    pub fn default_for(logical: u32) -> Selection {
        Selection {
            threads: offered_threads(logical),
            types: vec![CloneType::ArcStr, CloneType::String],
            modes: vec![CloneMode::Drop],
            allocators: Vec::new(),
        }
    }

    /// The allocator A/B (chapter 8): `String` cloned and dropped on dlmalloc, in a bumpalo-herd
    /// arena per thread and from a per-thread pool, on 1 and 2 threads (a device of one CPU gets 2
    /// as well, with the lab's note that they take turns).
    pub fn allocator_ab() -> Selection {
        Selection {
            threads: vec![1, 2],
            types: vec![CloneType::String],
            modes: vec![CloneMode::Drop],
            allocators: CloneAllocator::ALTERNATIVES.to_vec(),
        }
    }

    /// The selection as wasm-core's plan (samples 0: the tier calibrates each type and mode).
    pub fn plan(&self) -> ClonePlan {
        ClonePlan {
            types: self.types.clone(),
            modes: self.modes.clone(),
            threads: self.threads.clone(),
            samples: 0,
            string_len: DEFAULT_STRING_LEN,
            string_allocators: self.allocators.clone(),
        }
    }

    /// What is missing before Run can start, in words.
    pub fn missing(&self) -> Option<&'static str> {
        match (self.threads.is_empty(), self.types.is_empty(), self.modes.is_empty()) {
            (true, _, _) => Some("Pick at least one thread count."),
            (_, true, _) => Some("Pick at least one type."),
            (_, _, true) => Some("Pick at least one mode: drop, forget or read."),
            _ => None,
        }
    }

    /// `1,2;arc_str,string;drop;`: kept in sessionStorage across the isolation reload.
    pub fn to_text(&self) -> String {
        self.plan().lists().join(";")
    }

    /// The selection [`Selection::to_text`] wrote; `None` for anything else.
    pub fn from_text(text: &str) -> Option<Selection> {
        let mut parts = text.split(';');
        let lists = [parts.next()?, parts.next()?, parts.next()?, parts.next()?];
        let plan = ClonePlan::from_lists(&lists, 0, DEFAULT_STRING_LEN).ok()?;
        let selection = Selection { threads: plan.threads, types: plan.types, modes: plan.modes, allocators: plan.string_allocators };
        parts.next().is_none().then_some(selection)
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
    fn the_default_is_the_articles_comparison_at_every_offered_count() {
        let selection = Selection::default_for(4);
        assert_eq!(selection.missing(), None);
        let names: Vec<String> = selection.plan().cases().iter().map(|c| c.name()).collect();
        assert_eq!(
            names,
            [
                "Arc<str> drop, 1 thread",
                "String drop, 1 thread",
                "Arc<str> drop, 2 threads",
                "String drop, 2 threads",
                "Arc<str> drop, 4 threads",
                "String drop, 4 threads"
            ]
        );
        assert!(selection.plan().cases().iter().all(|c| c.samples == 0));
    }

    #[test]
    fn the_allocator_ab_is_strings_drop_on_three_allocators_at_one_and_two_threads() {
        let names: Vec<String> = Selection::allocator_ab().plan().cases().iter().map(|c| c.name()).collect();
        assert_eq!(
            names,
            [
                "String drop, 1 thread",
                "String drop in a bumpalo-herd arena per thread, 1 thread",
                "String drop in a sharded-slab pool per thread, 1 thread",
                "String drop, 2 threads",
                "String drop in a bumpalo-herd arena per thread, 2 threads",
                "String drop in a sharded-slab pool per thread, 2 threads"
            ]
        );
    }

    #[test]
    fn an_empty_choice_says_what_is_missing_and_selections_survive_as_text() {
        let mut s = Selection::default_for(2);
        s.types.clear();
        assert_eq!(s.missing(), Some("Pick at least one type."));
        let text = Selection::default_for(2).to_text();
        assert_eq!(text, "1,2;arc_str,string;drop;");
        assert_eq!(Selection::from_text(&text), Some(Selection::default_for(2)));
        let ab = Selection::allocator_ab();
        assert_eq!(ab.to_text(), "1,2;string;drop;bump_herd,thread_pool");
        assert_eq!(Selection::from_text(&ab.to_text()), Some(ab));
        for bad in ["", "1,2", "1;x;drop;", "1;string;drop;more", "1;string;drop;;more"] {
            assert_eq!(Selection::from_text(bad), None, "{bad:?}");
        }
    }
}
