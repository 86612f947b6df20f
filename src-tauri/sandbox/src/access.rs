//! The per-run access key of the no-account sandbox. The app starts its built-in sandbox
//! with a random key that only its core knows and sends on every call; a local process or a
//! web page that finds the loopback port gets "Not Found" from every route except the few a
//! browser opens itself (the consent page, the voice library page, avatars, the public
//! OpenAPI document), which carry no secret and change nothing without the person.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

/// The header the core sends with the key.
pub const ACCESS_KEY_HEADER: &str = "x-xiaoya-sandbox-key";

/// Routes a browser opens by itself (no way to add a header there).
fn browser_route(method: &Method, path: &str) -> bool {
    match (method, path) {
        (&Method::GET | &Method::POST, "/oauth/authorize") => true,
        (&Method::GET, "/voices" | "/developers/openapi.json") => true,
        (&Method::GET, p) => p.starts_with("/static/avatars/"),
        _ => false,
    }
}

/// Equal in length-independent time (the key is compared byte for byte without an early exit).
fn same(given: &[u8], key: &[u8]) -> bool {
    let mut diff = given.len() ^ key.len();
    for (i, k) in key.iter().enumerate() {
        diff |= usize::from(given.get(i).copied().unwrap_or(0) ^ k);
    }
    diff == 0
}

pub(crate) async fn require_key(
    State(key): State<Arc<Option<String>>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(key) = key.as_deref() else {
        return next.run(request).await;
    };
    if browser_route(request.method(), request.uri().path()) {
        return next.run(request).await;
    }
    let given = request.headers().get(ACCESS_KEY_HEADER).map(|v| v.as_bytes()).unwrap_or_default();
    if same(given, key.as_bytes()) {
        next.run(request).await
    } else {
        crate::envelope::not_found().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_compare_exactly() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abd", b"abc"));
        assert!(!same(b"ab", b"abc"));
        assert!(!same(b"abcd", b"abc"));
        assert!(!same(b"", b"abc"));
    }

    #[test]
    fn only_the_browsers_own_routes_are_open() {
        assert!(browser_route(&Method::GET, "/oauth/authorize"));
        assert!(browser_route(&Method::POST, "/oauth/authorize"));
        assert!(browser_route(&Method::GET, "/static/avatars/u1.svg"));
        for (m, p) in [
            (Method::POST, "/oauth/token"),
            (Method::POST, "/oauth/revoke"),
            (Method::GET, "/api/v1/open/me"),
            (Method::POST, "/api/proxy/v1/chat/completions"),
            (Method::GET, "/__sandbox/seed"),
            (Method::DELETE, "/oauth/authorize"),
        ] {
            assert!(!browser_route(&m, p), "{m} {p}");
        }
    }
}
