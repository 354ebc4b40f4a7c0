//! One sort for the lists the site's wasm orders (its pages and the parts of this crate they run).
//! Each `sort_by` with its own closure (and each `sort_unstable` of its own element type) is its
//! own copy of the standard library's sort in the wasm, about 4 to 5 KB each; sorting positions
//! through one `&dyn` comparison keeps a single copy (it took 8.6 KB gzip off `/results`). Stable,
//! like `slice::sort_by`. Not for hot paths: each comparison is a dynamic call.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping the order of equal items.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let order = positions(items.len(), &|a, b| compare(&items[a], &items[b]));
    permute(items, order);
}

/// Sorts `items` by `key`, keeping the order of items with equal keys.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their natural order.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The positions `0..len` in the order `compare` gives them: the one place the standard sort is
/// instantiated.
#[inline(never)]
fn positions(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Moves the item at `order[k]` to position `k`, following each cycle of the permutation.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..items.len() {
        let mut at = start;
        while order[at] != DONE {
            let from = order[at];
            order[at] = DONE;
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        // Pairs sorted by their first half only: equal keys keep their order.
        let mut seed = 7u64;
        for len in [0, 1, 2, 3, 10, 57, 200] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let (mut ours, mut std) = (items.clone(), items.clone());
            sort_by_key(&mut ours, |p| p.0);
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std, "length {len}");
            let mut reversed = items.clone();
            sort_by(&mut reversed, |a, b| b.cmp(a));
            let mut expected = items;
            expected.sort_by(|a, b| b.cmp(a));
            assert_eq!(reversed, expected);
        }
        let mut words = vec!["b", "a", "c", "a"];
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);
    }
}
