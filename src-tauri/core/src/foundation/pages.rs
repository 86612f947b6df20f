//! Lists the platform may split in pages (READINGS P1). No list route of the docs says
//! whether it pages or how, so a list answer is read for every common way of saying "there
//! is more": a cursor (`nextCursor`, `next_cursor`, `nextPageToken`), a link (`next`,
//! `nextUrl`, same origin only), or page numbers (`page` with `totalPages`, `total` or
//! `hasMore`), in `data` itself or in a `pagination`/`paging`/`pageInfo`/`meta` object.
//! The pages are read in turn and their entries joined into the first page's list, so each
//! reader sees one list. A list longer than [`MAX_PAGES`] pages is said, never cut silently.

use serde_json::{Map, Value};
use url::Url;

use super::error::{Error, Result};
use super::reading::{find_list, whole_number, ReadReport};

/// The most pages read of one list; beyond it the list is reported as incomplete.
pub const MAX_PAGES: u32 = 50;

/// Where a platform may put its paging fields: `data` itself, or one of these in it.
const HOLDERS: &[&str] = &["pagination", "paging", "pageInfo", "page_info", "meta"];

/// How to ask for the next page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NextPage {
    /// The same route with this query parameter.
    Query { name: &'static str, value: String },
    /// A link the platform gave, as a path with its query, on the platform's own origin.
    Link(String),
    /// A link to another origin: never followed (the token goes only to the platform that
    /// issued it), so the list is incomplete.
    Elsewhere,
}

impl NextPage {
    /// The path (with query) that asks for this page of the list at `path`.
    pub fn path(&self, path: &str) -> String {
        match self {
            NextPage::Link(link) => link.clone(),
            NextPage::Elsewhere => path.to_owned(),
            NextPage::Query { name, value } => {
                let (base, query) = path.split_once('?').unwrap_or((path, ""));
                let mut pairs: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
                    .into_owned()
                    .filter(|(key, _)| key != name)
                    .collect();
                pairs.push(((*name).to_owned(), value.clone()));
                let query: String =
                    url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
                format!("{base}?{query}")
            }
        }
    }
}

/// A list read in every page it came in.
#[derive(Debug, Clone, PartialEq)]
pub struct Paged {
    /// The first page's `data`, its list holding the entries of every page read.
    pub data: Value,
    /// How it came, for the reader's report (kept apart so `data` can be moved to a reader).
    pub read: PagesRead,
}

/// How many pages a list came in, and whether all of them were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PagesRead {
    /// Pages read (1 for a list that was not split).
    pub pages: u32,
    /// False when the platform still had pages after [`MAX_PAGES`].
    pub complete: bool,
}

impl PagesRead {
    /// Says in a reader's report how the list came: `data.items (3 pages)`, and a list cut
    /// at [`MAX_PAGES`] as something missing.
    pub fn note(&self, report: &mut ReadReport) {
        if self.pages > 1 {
            report.shape = format!("{} ({} pages)", report.shape, self.pages);
        }
        if !self.complete {
            report.missing(format!(
                "pages after the first {MAX_PAGES} (the platform lists more than the app reads)"
            ));
        }
    }
}

fn first<'a>(map: &'a Map<String, Value>, names: &[&str]) -> Option<&'a Value> {
    names.iter().find_map(|name| map.get(*name)).filter(|v| !v.is_null())
}

fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// How to ask for the page after `page` (a page's `data`), `read` entries having been read
/// so far; `None` when the page says nothing of a next one, or says there is none.
pub fn next_page(page: &Value, origin: &Url, read: usize) -> Option<NextPage> {
    let Value::Object(data) = page else { return None };
    let holders = std::iter::once(data).chain(HOLDERS.iter().filter_map(|h| data.get(*h)?.as_object()));
    for map in holders {
        if let Some(next) = next_in(map, origin, read) {
            return next;
        }
    }
    None
}

/// `Some(answer)` when this object holds paging fields; `None` to look elsewhere.
fn next_in(map: &Map<String, Value>, origin: &Url, read: usize) -> Option<Option<NextPage>> {
    let more = first(map, &["hasMore", "has_more", "hasNext", "has_next", "hasNextPage", "more"]).map(|v| {
        matches!(v, Value::Bool(true)) || v.as_str().is_some_and(|s| s.eq_ignore_ascii_case("true"))
    });
    if more == Some(false) {
        return Some(None);
    }
    if let Some(link) = first(map, &["next", "nextUrl", "next_url", "nextLink", "next_link", "nextPage"])
        .and_then(Value::as_str)
        .filter(|s| s.starts_with('/') || s.starts_with("http"))
    {
        return Some(Some(match origin.join(link).ok().filter(|u| u.origin() == origin.origin()) {
            Some(url) => NextPage::Link(match url.query() {
                Some(query) => format!("{}?{query}", url.path()),
                None => url.path().to_owned(),
            }),
            None => NextPage::Elsewhere,
        }));
    }
    for (names, param) in [
        (&["nextCursor", "next_cursor", "nextPageCursor", "endCursor", "end_cursor"][..], "cursor"),
        (&["nextPageToken", "next_page_token", "nextToken", "next_token"][..], "pageToken"),
    ] {
        if let Some(value) = names.iter().find_map(|name| map.get(*name)) {
            return Some(text(value).map(|value| NextPage::Query { name: param, value }));
        }
    }
    let page = first(map, &["page", "pageNumber", "page_number", "currentPage", "current_page", "pageNo"])
        .and_then(whole_number)?;
    let next = Some(NextPage::Query { name: "page", value: (page + 1).to_string() });
    if let Some(pages) =
        first(map, &["totalPages", "total_pages", "pageCount", "page_count", "pages"]).and_then(whole_number)
    {
        // One-based pages end at `pages`; a zero-based list's last page is `pages - 1`.
        let last = if page == 0 { pages - 1 } else { pages };
        return Some(if page < last { next } else { None });
    }
    if let Some(total) = first(map, &["total", "totalCount", "total_count", "totalItems", "total_items"])
        .and_then(whole_number)
    {
        return Some(if (read as i64) < total { next } else { None });
    }
    Some(if more == Some(true) { next } else { None })
}

/// The list at a [`find_list`] path (`data.items`, `data.data.configs`, `bare list`).
fn list_at_mut<'a>(data: &'a mut Value, path: &str) -> Option<&'a mut Vec<Value>> {
    if path == "bare list" {
        return data.as_array_mut();
    }
    let mut at = data;
    for name in path.split('.').skip(1) {
        at = at.get_mut(name)?;
    }
    at.as_array_mut()
}

/// The number of entries in a page's list (0 when it has none).
pub fn entries(page: &Value, keys: &[&str]) -> usize {
    find_list(page, keys).map_or(0, |(list, _)| list.len())
}

/// Adds `page`'s entries to the list of `into` (the first page); how many it added.
pub fn append(into: &mut Value, page: &Value, keys: &[&str]) -> Result<usize> {
    let (list, path) = find_list(page, keys)
        .ok_or_else(|| Error::Decode("a later page of a list has no list".to_owned()))?;
    let (_, first_path) = find_list(into, keys)
        .ok_or_else(|| Error::Decode("the first page of a list has no list".to_owned()))?;
    if path != first_path {
        return Err(Error::Decode(format!(
            "a later page's list is at {path}, the first page's at {first_path}"
        )));
    }
    let target =
        list_at_mut(into, &first_path).ok_or_else(|| Error::Invariant("a list found by its path"))?;
    target.extend(list.iter().cloned());
    Ok(list.len())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn origin() -> Url {
        Url::parse("https://platform.example/").unwrap()
    }

    fn query(name: &'static str, value: &str) -> Option<NextPage> {
        Some(NextPage::Query { name, value: value.to_owned() })
    }

    #[test]
    fn every_common_way_of_saying_there_is_more_is_read() {
        for (page, read, want) in [
            (json!({"items": [1], "nextCursor": "c2"}), 1, query("cursor", "c2")),
            (json!({"items": [1], "nextCursor": null}), 1, None),
            (json!({"items": [1], "pagination": {"next_cursor": 42}}), 1, query("cursor", "42")),
            (json!({"items": [1], "nextPageToken": "t"}), 1, query("pageToken", "t")),
            (json!({"items": [1], "hasMore": false, "nextCursor": "c2"}), 1, None),
            (json!({"items": [1, 2], "page": 1, "pageSize": 2, "total": 5}), 2, query("page", "2")),
            (json!({"items": [5], "page": 3, "pageSize": 2, "total": 5}), 5, None),
            (json!({"items": [1], "meta": {"page": 0, "totalPages": 2}}), 1, query("page", "1")),
            (json!({"items": [1], "meta": {"page": 1, "totalPages": 2}}), 1, query("page", "2")),
            (json!({"items": [1], "page": "2", "totalPages": "2"}), 1, None),
            (json!({"items": [1], "page": 1, "hasMore": true}), 1, query("page", "2")),
            (json!({"items": [1], "page": 1}), 1, None),
            (
                json!({"items": [1], "next": "/api/v1/open/models?after=9"}),
                1,
                Some(NextPage::Link("/api/v1/open/models?after=9".into())),
            ),
            (json!({"items": [1], "next": "https://elsewhere.example/steal"}), 1, Some(NextPage::Elsewhere)),
            (json!([1, 2]), 2, None),
            (json!({"items": [1]}), 1, None),
        ] {
            assert_eq!(next_page(&page, &origin(), read), want, "{page}");
        }
    }

    #[test]
    fn a_next_page_keeps_the_routes_own_query() {
        let next = NextPage::Query { name: "cursor", value: "a b&c".into() };
        assert_eq!(next.path("/api/v1/open/models"), "/api/v1/open/models?cursor=a+b%26c");
        assert_eq!(next.path("/x?kind=tts&cursor=old"), "/x?kind=tts&cursor=a+b%26c");
    }

    #[test]
    fn later_pages_join_the_first_pages_list_wherever_it_sits() {
        let mut first = json!({"teamId": "t", "data": {"configs": [1, 2]}, "nextCursor": "x"});
        let added =
            append(&mut first, &json!({"data": {"configs": [3]}, "nextCursor": null}), &["configs"]).unwrap();
        assert_eq!(added, 1);
        assert_eq!(first["data"]["configs"], json!([1, 2, 3]));
        assert_eq!(first["teamId"], "t", "the first page's other fields stay");
        let err = append(&mut first, &json!({"items": [4]}), &["configs"]).unwrap_err();
        assert!(err.to_string().contains("later page"), "{err}");
    }

    #[test]
    fn a_list_cut_at_the_page_limit_says_so() {
        let mut report = ReadReport::new("data.items");
        PagesRead { pages: MAX_PAGES, complete: false }.note(&mut report);
        assert_eq!(report.shape, format!("data.items ({MAX_PAGES} pages)"));
        assert!(report.missing[0].contains("lists more than the app reads"), "{report:?}");
    }
}
