use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use super::*;
use crate::foundation::secret::Sensitive;

/// A one-shot HTTP server answering every connection with `response`.
async fn serve(response: &'static str, hits: Arc<AtomicUsize>) -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            hits.fetch_add(1, Ordering::SeqCst);
            let mut buf = [0u8; 4096];
            let _ = sock.read(&mut buf).await;
            let _ = sock.write_all(response.as_bytes()).await;
        }
    });
    url
}

/// A9: a redirect is an error, never followed (a token must not travel to another host).
#[tokio::test]
async fn redirects_are_not_followed() {
    let target_hits = Arc::new(AtomicUsize::new(0));
    let target = serve("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}", target_hits.clone()).await;
    let location: &'static str = Box::leak(
        format!("HTTP/1.1 302 Found\r\nlocation: {target}api/v1/open/me\r\ncontent-length: 0\r\n\r\n")
            .into_boxed_str(),
    );
    let origin = serve(location, Arc::new(AtomicUsize::new(0))).await;
    let client = PlatformClient::new().unwrap();
    let token = Sensitive::new("tok".to_owned());
    let err =
        client.get_open::<serde_json::Value>(&origin, "/api/v1/open/me", &token, None).await.unwrap_err();
    assert!(matches!(err, Error::Platform { status: 302, .. }), "{err:?}");
    assert_eq!(target_hits.load(Ordering::SeqCst), 0, "the redirect target was never contacted");
}

/// Issue 11: a 403 context code on a Team's own route (or a gateway) says the session's
/// context ended, and is handled as a 401; the same code on any other route is not.
#[tokio::test]
async fn a_context_code_on_a_context_route_ends_the_session_like_a_401() {
    let client = PlatformClient::new().unwrap();
    let token = Sensitive::new("tok".to_owned());
    for code in CONTEXT_CODES {
        let body =
            format!("{{\"success\":false,\"code\":\"{code}\",\"message\":\"m\",\"request_id\":\"req_9\"}}");
        let response: &'static str = Box::leak(
            format!("HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len())
                .into_boxed_str(),
        );
        let origin = serve(response, Arc::new(AtomicUsize::new(0))).await;
        for path in ["/api/v1/open/teams/team_01/balance", "/api/proxy/v1/chat/completions"] {
            let err = client
                .get_open::<serde_json::Value>(&origin, path, &token, Some("team_01"))
                .await
                .unwrap_err();
            let Error::Unauthorized { code: got, request_id } = &err else { panic!("{path}: {err:?}") };
            assert_eq!((got.as_str(), request_id.as_deref()), (code, Some("req_9")), "{path}");
        }
        for path in ["/api/v1/open/me", "/api/v1/open/balance", "/api/v1/open/teams"] {
            let err = client.get_open::<serde_json::Value>(&origin, path, &token, None).await.unwrap_err();
            assert!(matches!(err, Error::Platform { status: 403, .. }), "{path}: {err:?}");
        }
    }
}

/// Issue 25: a platform error's message and code cross IPC capped and without control
/// characters (they reach the window and the log), like OAuth descriptions.
#[tokio::test]
async fn platform_error_text_is_capped_and_stripped() {
    let long = "x".repeat(5000);
    let body = format!(
        "{{\"success\":false,\"code\":\"BAD\\u001b[31mCODE{long}\",\"message\":\"line one\\nline two\\u0007 {long}\",\"request_id\":\"req_1\"}}"
    );
    let response: &'static str = Box::leak(
        format!(
            "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_boxed_str(),
    );
    let origin = serve(response, Arc::new(AtomicUsize::new(0))).await;
    let client = PlatformClient::new().unwrap();
    let token = Sensitive::new("tok".to_owned());
    let err = client.get_open::<serde_json::Value>(&origin, "/x", &token, None).await.unwrap_err();
    let ipc = crate::IpcError::from(&err);
    assert!(ipc.message.starts_with("line one line two"), "{}", ipc.message);
    assert!(ipc.message.chars().count() <= MAX_MESSAGE_CHARS);
    assert!(!ipc.message.chars().any(char::is_control));
    let code = ipc.platform_code.unwrap();
    assert!(code.chars().count() <= 64 && !code.chars().any(char::is_control), "{code}");
}

/// Errors keep transport, platform and decode failures apart.
#[tokio::test]
async fn envelopes_map_to_typed_errors() {
    let hits = Arc::new(AtomicUsize::new(0));
    let client = PlatformClient::new().unwrap();
    let token = Sensitive::new("tok".to_owned());
    let env = serve(
        "HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: 97\r\n\r\n{\"success\":false,\"code\":\"OPEN_AGENT_SCOPE_REQUIRED\",\"message\":\"model scope\",\"request_id\":\"req_1\"}",
        hits.clone(),
    )
    .await;
    let err = client.get_open::<serde_json::Value>(&env, "/x", &token, None).await.unwrap_err();
    assert_eq!(err.code(), crate::ErrorCode::ScopeMissing);
    let ipc = crate::IpcError::from(&err);
    assert_eq!(ipc.platform_code.as_deref(), Some("OPEN_AGENT_SCOPE_REQUIRED"));
    assert_eq!(ipc.request_id.as_deref(), Some("req_1"));

    let garbage = serve("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello", hits.clone()).await;
    let err = client.get_open::<serde_json::Value>(&garbage, "/x", &token, None).await.unwrap_err();
    assert_eq!(err.code(), crate::ErrorCode::Decode);

    let closed = Url::parse("http://127.0.0.1:9").unwrap();
    let err = client.get_open::<serde_json::Value>(&closed, "/x", &token, None).await.unwrap_err();
    assert_eq!(err.code(), crate::ErrorCode::Network);
}

/// A server that answers with a body of `size` bytes of JSON-ish filler, chunked (no
/// declared length) or with its `content-length`.
async fn serve_big(size: usize, chunked: bool, sent: Arc<AtomicUsize>) -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            let sent = sent.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = sock.read(&mut buf).await;
                let head = if chunked {
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
                        .to_owned()
                } else {
                    format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {size}\r\n\r\n"
                    )
                };
                if sock.write_all(head.as_bytes()).await.is_err() {
                    return;
                }
                let piece = vec![b' '; 64 * 1024];
                let mut left = size;
                while left > 0 {
                    let n = left.min(piece.len());
                    let ok = if chunked {
                        let mut frame = format!("{n:x}\r\n").into_bytes();
                        frame.extend_from_slice(&piece[..n]);
                        frame.extend_from_slice(b"\r\n");
                        sock.write_all(&frame).await
                    } else {
                        sock.write_all(&piece[..n]).await
                    };
                    if ok.is_err() {
                        return;
                    }
                    sent.fetch_add(n, Ordering::SeqCst);
                    left -= n;
                }
                if chunked {
                    let _ = sock.write_all(b"0\r\n\r\n").await;
                }
            });
        }
    });
    url
}

/// An oversized answer is refused — by its declared length before any of it is read,
/// or as soon as a chunked one passes the cap — not held whole in memory.
#[tokio::test]
async fn an_oversized_envelope_is_refused_without_reading_it_all() {
    let client = PlatformClient::new().unwrap();
    let token = Sensitive::new("tok".to_owned());
    for chunked in [false, true] {
        let sent = Arc::new(AtomicUsize::new(0));
        let origin = serve_big(64 * 1024 * 1024, chunked, sent.clone()).await;
        let err = client
            .get_open::<serde_json::Value>(&origin, "/api/v1/open/models", &token, None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Decode, "{err:?}");
        assert!(err.to_string().contains("larger than"), "{err}");
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            sent.load(Ordering::SeqCst) < 32 * 1024 * 1024,
            "chunked={chunked}: stopped reading early, the server got {} bytes out",
            sent.load(Ordering::SeqCst)
        );
    }
    // Just under the cap still reads (whitespace is valid JSON around nothing: a decode
    // error, not a size error).
    let origin = serve_big(MAX_BODY_BYTES - 1, true, Arc::new(AtomicUsize::new(0))).await;
    let err = client.get_open::<serde_json::Value>(&origin, "/x", &token, None).await.unwrap_err();
    assert!(!err.to_string().contains("larger than"), "{err}");
}

/// READINGS A2 and A6: a failed answer says its code, message and request id in any of
/// the forms the docs allow, and nothing is invented where it says none.
#[test]
fn error_fields_are_read_from_the_envelope_fastapi_detail_and_validation_lists() {
    use serde_json::json;
    let read = |body: serde_json::Value, header: Option<&str>| error_fields(&body, header);
    let fields = |code: Option<&str>, message: Option<&str>, id: Option<&str>| ErrorFields {
        code: code.map(str::to_owned),
        message: message.map(str::to_owned),
        request_id: id.map(str::to_owned),
    };
    assert_eq!(
        read(
            json!({"success": false, "code": "INSUFFICIENT_POINTS", "message": "m", "request_id": "req_1"}),
            Some("req_h")
        ),
        fields(Some("INSUFFICIENT_POINTS"), Some("m"), Some("req_1")),
        "the envelope's own request id wins over the header"
    );
    assert_eq!(
        read(
            json!({"detail": {"code": "TTS_REQUEST_ALREADY_SETTLED", "message": "persist the audio"}}),
            Some("req_h")
        ),
        fields(Some("TTS_REQUEST_ALREADY_SETTLED"), Some("persist the audio"), Some("req_h"))
    );
    assert_eq!(read(json!({"detail": "Not Found"}), None), fields(None, Some("Not Found"), None));
    assert_eq!(
        read(
            json!({"detail": [
                {"loc": ["body", "voice"], "msg": "field required", "type": "missing"},
                {"loc": ["body", "speed", 0], "msg": "not a number", "type": "x"},
                {"type": "no message"}
            ]}),
            None
        ),
        fields(None, Some("voice: field required; speed.0: not a number"), None),
        "a 422 says which field was refused, and no code is made up"
    );
    assert_eq!(read(json!([1, 2]), None), ErrorFields::default());
    assert_eq!(read(json!({"code": "", "requestId": "req_c"}), None), fields(None, None, Some("req_c")));
}

mod readings_tests;
mod security_tests;
