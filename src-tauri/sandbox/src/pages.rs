//! Lists served in pages (READINGS P1). No list route of the docs says whether it pages;
//! a platform that does could write it with a cursor (`nextCursor`, asked back as
//! `?cursor=`) or with page numbers (`page`, `pageSize`, `total`, asked as `?page=`). Under
//! `lists-paged-cursor` or `lists-paged-numbered` the catalogs, the Team list and the TTS
//! options come [`PAGE_SIZE`] entries at a time.

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::envelope::PlatformError;
use crate::readings::{Reading, Readings};
use crate::validation::ValidationIssue;

/// Entries per page: small, so every seeded list spans several pages.
pub const PAGE_SIZE: usize = 2;

/// What a paged list route reads from its query string.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PageQuery {
    cursor: Option<String>,
    page: Option<String>,
}

/// The page of `items` the query asks for, under `key`, with the paging fields of the
/// reading in force; `None` when lists are not paged (the route answers as before).
pub(crate) fn page_of(
    items: Vec<Value>,
    key: &str,
    query: &PageQuery,
    readings: &Readings,
) -> Result<Option<Map<String, Value>>, PlatformError> {
    let total = items.len();
    let mut out = Map::new();
    if readings.has(Reading::ListsPagedCursor) {
        let start = match query.cursor.as_deref() {
            None => 0,
            Some(cursor) => cursor
                .strip_prefix("after-")
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| *n <= total)
                .ok_or_else(|| invalid(&["query", "cursor"], cursor))?,
        };
        let end = (start + PAGE_SIZE).min(total);
        out.insert(key.into(), Value::Array(items[start..end].to_vec()));
        out.insert(
            "nextCursor".into(),
            if end < total { json!(format!("after-{end}")) } else { Value::Null },
        );
        return Ok(Some(out));
    }
    if readings.has(Reading::ListsPagedNumbered) {
        let page = match query.page.as_deref() {
            None => 1,
            Some(page) => page
                .parse::<usize>()
                .ok()
                .filter(|p| *p >= 1)
                .ok_or_else(|| invalid(&["query", "page"], page))?,
        };
        let start = ((page - 1) * PAGE_SIZE).min(total);
        let end = (start + PAGE_SIZE).min(total);
        out.insert(key.into(), Value::Array(items[start..end].to_vec()));
        out.insert("page".into(), json!(page));
        out.insert("pageSize".into(), json!(PAGE_SIZE));
        out.insert("total".into(), json!(total));
        return Ok(Some(out));
    }
    Ok(None)
}

fn invalid(loc: &[&str], input: &str) -> PlatformError {
    PlatformError::Validation(vec![
        ValidationIssue::new(loc, "value_error", "Not a page this list has").with_input(json!(input))
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(n: usize) -> Vec<Value> {
        (0..n).map(|i| json!(i)).collect()
    }

    fn query(cursor: Option<&str>, page: Option<&str>) -> PageQuery {
        PageQuery { cursor: cursor.map(str::to_owned), page: page.map(str::to_owned) }
    }

    #[test]
    fn a_cursor_walks_every_entry_once_and_ends_with_null() {
        let readings: Readings = [Reading::ListsPagedCursor].into_iter().collect();
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let page =
                page_of(items(5), "items", &query(cursor.as_deref(), None), &readings).unwrap().unwrap();
            seen.extend(page["items"].as_array().unwrap().iter().cloned());
            match page["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_owned()),
                None => break,
            }
        }
        assert_eq!(seen, items(5));
        assert!(page_of(items(5), "items", &query(Some("bogus"), None), &readings).is_err());
    }

    #[test]
    fn numbered_pages_say_their_total_and_run_empty_past_the_end() {
        let readings: Readings = [Reading::ListsPagedNumbered].into_iter().collect();
        let page = page_of(items(5), "items", &query(None, Some("3")), &readings).unwrap().unwrap();
        assert_eq!(page["items"], json!([4]));
        assert_eq!((page["page"].clone(), page["total"].clone()), (json!(3), json!(5)));
        let past = page_of(items(5), "items", &query(None, Some("9")), &readings).unwrap().unwrap();
        assert_eq!(past["items"], json!([]));
        assert!(page_of(items(5), "items", &query(None, Some("0")), &readings).is_err());
        assert!(page_of(items(5), "items", &query(None, None), &Readings::default()).unwrap().is_none());
    }
}
