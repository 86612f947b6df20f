//! Small HTML helpers for the pages a person sees (consent, errors, voice library).
//! Everything interpolated goes through [`escape`].

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};

pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = r#"
:root { color-scheme: light; --ink:#1f2430; --muted:#5c6475; --accent:#3b5bdb; --line:#e3e6ee; }
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; display:flex; align-items:center; justify-content:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif;
  color:var(--ink); background:linear-gradient(160deg,#eef2ff,#f8f9fc 60%); }
main { width:min(460px,92vw); background:#fff; border:1px solid var(--line); border-radius:16px;
  box-shadow:0 12px 40px rgba(31,36,48,.08); padding:28px 28px 24px; }
.brand { display:flex; align-items:center; gap:10px; font-weight:600; color:var(--accent); }
.brand .logo { width:32px; height:32px; border-radius:9px; background:var(--accent); color:#fff;
  display:grid; place-items:center; font-weight:700; }
.sandbox { margin-left:auto; white-space:nowrap; font-size:12px; font-weight:600; color:#8a5a00; background:#fff4d6;
  border:1px solid #f5d98b; border-radius:999px; padding:2px 10px; }
h1 { font-size:20px; margin:18px 0 6px; }
p { margin:6px 0; color:var(--muted); }
ul.scopes { list-style:none; padding:0; margin:14px 0; border:1px solid var(--line); border-radius:12px; }
ul.scopes li { padding:10px 14px; border-top:1px solid var(--line); }
ul.scopes li:first-child { border-top:0; }
ul.scopes code { font-size:12px; color:var(--muted); }
.withheld { color:#a23b3b; font-size:13px; }
.team { padding:10px 14px; border-radius:12px; background:#f3f5fb; margin:12px 0; }
select { font:inherit; padding:6px 8px; border-radius:8px; border:1px solid var(--line); width:100%; }
.actions { display:flex; gap:12px; margin-top:20px; }
button { flex:1; font:inherit; font-weight:600; padding:10px 14px; border-radius:10px; cursor:pointer;
  border:1px solid var(--line); background:#fff; color:var(--ink); }
button.allow { background:var(--accent); border-color:var(--accent); color:#fff; }
.fine { font-size:12px; margin-top:16px; }
"#;

/// A complete page: brand header, sandbox label, and `body_html` (already escaped).
pub(crate) fn page(status: StatusCode, title: &str, body_html: &str) -> Response {
    let document = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\">\
         <title>{title} · Xiaoya</title><style>{STYLE}</style></head><body><main>\
         <div class=\"brand\"><span class=\"logo\">X</span>Xiaoya Open Platform\
         <span class=\"sandbox\">Sandbox — no real points</span></div>{body_html}</main></body></html>",
        title = escape(title),
    );
    let mut response = (status, Html(document)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"),
    );
    response
}

/// A 400 page for a request that must not be redirected (unknown client, bad redirect URI...).
pub(crate) fn error_page(title: &str, explanation: &str) -> Response {
    let body = format!("<h1>{}</h1><p>{}</p>", escape(title), escape(explanation));
    page(StatusCode::BAD_REQUEST, title, &body)
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_markup() {
        assert_eq!(super::escape("<a href='x'>&\"</a>"), "&lt;a href=&#x27;x&#x27;&gt;&amp;&quot;&lt;/a&gt;");
    }
}
