//! The words of an error answer that is not JSON (READINGS A3): a proxy's plain-text or
//! HTML 502/504 page, a web server's text 429. Read as plain text (tags, scripts and styles
//! dropped, a page's `<title>` preferred), whitespace collapsed; the caller caps it like any
//! platform message before it reaches the window or the log.

/// How much of such a body is looked at: error pages are short, and only the first
/// `MAX_MESSAGE_CHARS` characters are ever shown.
const MAX_SCANNED_BYTES: usize = 64 * 1024;

/// The text a person can read in a non-JSON error body, `None` when it has none.
pub fn plain_text(body: &[u8], content_type: Option<&str>) -> Option<String> {
    let scanned = &body[..body.len().min(MAX_SCANNED_BYTES)];
    let text = String::from_utf8_lossy(scanned);
    let html = content_type.is_some_and(|t| t.to_ascii_lowercase().contains("html"))
        || text.trim_start().starts_with('<');
    let words = if html { html_text(&text) } else { text.into_owned() };
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    (!words.is_empty()).then_some(words)
}

/// A page's `<title>`, else all its text outside tags (script and style bodies dropped).
fn html_text(page: &str) -> String {
    let lower = page.to_ascii_lowercase();
    if let Some(start) = lower.find("<title") {
        let open_end = lower[start..].find('>').map(|i| start + i + 1);
        let close = open_end.and_then(|from| lower[from..].find("</title").map(|i| (from, from + i)));
        if let Some((from, to)) = close {
            let title = entities(&page[from..to]);
            if !title.trim().is_empty() {
                return title;
            }
        }
    }
    let mut out = String::new();
    let mut rest = page;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        let tag = &rest[open..];
        let tag_lower = tag.get(..7).unwrap_or(tag).to_ascii_lowercase();
        let skip_to = if tag_lower.starts_with("<script") || tag_lower.starts_with("<style") {
            let closing = if tag_lower.starts_with("<script") { "</script" } else { "</style" };
            tag.to_ascii_lowercase().find(closing).map(|i| i + closing.len())
        } else {
            Some(0)
        };
        let Some(skip_to) = skip_to else { return entities(&out) };
        match tag[skip_to..].find('>') {
            Some(end) => rest = &tag[skip_to + end + 1..],
            None => return entities(&out),
        }
    }
    out.push_str(rest);
    entities(&out)
}

/// The few character references error pages use.
fn entities(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_pages_read_as_their_words() {
        let nginx = b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
        assert_eq!(plain_text(nginx, Some("text/html")).as_deref(), Some("502 Bad Gateway"));
        let untitled = b"<body><script>alert('x')</script><style>p{}</style><p>Upstream &amp; proxy\n timed out</p></body>";
        assert_eq!(plain_text(untitled, None).as_deref(), Some("Upstream & proxy timed out"));
        assert_eq!(
            plain_text(b"  Too Many Requests\n", Some("text/plain")).as_deref(),
            Some("Too Many Requests")
        );
        assert_eq!(plain_text(b" \n ", Some("text/plain")), None);
        assert_eq!(plain_text(b"<p>cut <b", None).as_deref(), Some("cut"));
    }
}
