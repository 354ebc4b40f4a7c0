//! The address bar of `/results`, shared by the ranking and the explorer: each owns its own keys
//! (`explorer::ranking::KEYS` are the ranking's, the rest the explorer's), and writing one part keeps
//! the other. The page is static, there is no router: the query is read once and replaced in place.

use crate::model::explorer::ranking::KEYS;

/// The address bar's query string (without `?`).
pub fn page_query() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default().trim_start_matches('?').to_owned()
}

/// Puts `query` in `/results`'s address bar, replacing the entry: the back button leaves the page
/// rather than undoing one tick.
pub fn replace_query(query: &str) {
    replace_page_query("/results", query);
}

/// Puts `query` in the address bar of the page at `path`, replacing the entry.
pub fn replace_page_query(path: &str, query: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let q = if query.is_empty() { String::new() } else { format!("?{query}") };
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{}{q}", crate::routes::site_url(path))));
    }
}

/// `key`'s value in a query string.
pub fn query_value(query: &str, key: &str) -> Option<String> {
    web_sys::UrlSearchParams::new_with_str(query).ok()?.get(key)
}

/// The `key=value` parts of `query` whose key the ranking owns (`ranking == true`) or does not.
pub fn part(query: &str, ranking: bool) -> Vec<&str> {
    query.split('&').filter(|p| !p.is_empty()).filter(|p| KEYS.contains(&p.split('=').next().unwrap_or_default()) == ranking).collect()
}

/// `pairs` as a query string, values encoded.
pub fn encode_pairs(pairs: &[(&str, String)]) -> Vec<String> {
    pairs.iter().map(|(k, v)| format!("{k}={}", String::from(js_sys::encode_uri_component(v)))).collect()
}

/// Joins non-empty query parts with `&`.
pub fn join(parts: impl IntoIterator<Item = String>) -> String {
    parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_part_keeps_its_own_keys() {
        let q = "machines=a,b&sort=arcmost&view=ratio&q=ryzen%207&group=cpu";
        assert_eq!(part(q, true), ["sort=arcmost", "q=ryzen%207", "group=cpu"]);
        assert_eq!(part(q, false), ["machines=a,b", "view=ratio"]);
        assert_eq!(join(["".to_owned(), "a=1".to_owned(), "b=2".to_owned()]), "a=1&b=2");
    }
}
