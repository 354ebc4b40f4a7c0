//! The chooser's memory model (`wasm_core::choose::memory`) against real allocations: every
//! candidate is built for many texts under a counting allocator, and the requests it makes must be
//! exactly the ones the model gives for this target's word. Run on x86_64 and on wasm32 (where the
//! same model stands for the browser's figures), so both pointer widths are checked for real.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
use wasm_core::choose::Candidate;
use wasm_core::heap::CountingAlloc;

#[global_allocator]
static HEAP: CountingAlloc<std::alloc::System> = CountingAlloc::new(std::alloc::System);

/// The texts: every length to 80 (every inline edge on both widths, the padding of every header),
/// longer ones, non-ASCII text, and smol_str's whitespace runs.
fn texts() -> Vec<String> {
    let mut texts: Vec<String> = (0..=80).map(|n| "x".repeat(n)).collect();
    texts.extend([100, 255, 256, 1000, 4097].map(|n| "y".repeat(n)));
    texts.extend(["é".repeat(7), "日本語のテキスト".to_owned()]);
    texts.extend([format!("{}{}", "\n".repeat(4), " ".repeat(40)), " ".repeat(128), " ".repeat(129), "\n".repeat(33)]);
    texts
}

// One test only: the meter is global, and a second test on another thread would be counted too.
#[test]
fn every_candidates_heap_requests_are_the_models() {
    let word = std::mem::size_of::<usize>();
    let mut wrong = Vec::new();
    for c in Candidate::ALL.into_iter().filter(|c| !c.is_interned()) {
        for text in texts() {
            let (value, sizes, count) = HEAP.measure(|| c.build(&text));
            let inline = value.is_inline();
            drop(value);
            let model = c.heap_requests(&text, word);
            if (sizes.clone(), count) != (model.clone(), model.len()) || inline != c.inline_on(&text, word) {
                wrong.push(format!(
                    "{} of {} bytes: built {sizes:?} (inline {inline}), model {model:?} (inline {})",
                    c.name(),
                    text.len(),
                    c.inline_on(&text, word)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{} mismatches:\n{}", wrong.len(), wrong.join("\n"));
}
