//! The wire client's limits, recording and masking, and the body readers.

use super::*;

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A bare HTTP server: answers every request with `answer` (None: reads and never
/// answers), counting the requests.
async fn server(answer: Option<Vec<u8>>) -> (Url, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}/mcp", listener.local_addr().unwrap())).unwrap();
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            seen.fetch_add(1, Ordering::SeqCst);
            let answer = answer.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 65536];
                let _ = socket.read(&mut buf).await;
                match answer {
                    Some(bytes) => {
                        let _ = socket.write_all(&bytes).await;
                    }
                    None => tokio::time::sleep(Duration::from_secs(30)).await,
                }
            });
        }
    });
    (url, count)
}

fn client(url: Url, limits: Limits) -> WireClient {
    let header =
        AgentHeader { name: HeaderName::from_static("x-api-key"), value: Sensitive::new("sk-wire-1".into()) };
    WireClient::recording(PlatformClient::new().unwrap(), url, vec![header], limits, "canary".into())
}

fn post() -> Outgoing {
    Outgoing::post(ExchangeVia::Probe, "probe", Bytes::from_static(b"{}"))
}

fn short() -> Limits {
    Limits { request_timeout: Duration::from_millis(400), max_response_bytes: 1000, max_concurrency: 1 }
}

#[tokio::test]
async fn a_redirect_is_refused_with_where_it_pointed_and_never_followed() {
    let (url, count) = server(Some(
        b"HTTP/1.1 307 Temporary Redirect\r\nlocation: /elsewhere\r\ncontent-length: 0\r\n\r\n".to_vec(),
    ))
    .await;
    let answer = client(url, short()).send(post()).await;
    assert!(
        matches!(&answer.error, Some(WireError::Redirect { status: 307, location: Some(l) }) if l == "/elsewhere")
    );
    assert!(answer.exchange.error.as_deref().is_some_and(|e| e.contains("redirect refused")));
    assert_eq!(count.load(Ordering::SeqCst), 1, "not followed");
}

#[tokio::test]
async fn a_silent_server_ends_at_the_time_limit() {
    let (url, _) = server(None).await;
    let started = Instant::now();
    let answer = client(url, short()).send(post()).await;
    assert!(matches!(answer.error, Some(WireError::Timeout(_))), "{:?}", answer.error);
    assert!(started.elapsed() < Duration::from_secs(3));
    assert!(answer.exchange.error.as_deref().is_some_and(|e| e.contains("time limit")));
}

#[tokio::test]
async fn an_answer_over_the_size_limit_is_refused_with_or_without_a_length() {
    let body = "x".repeat(2000);
    let sized =
        format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2000\r\n\r\n{body}");
    let chunked = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n7d0\r\n{body}\r\n0\r\n\r\n");
    for raw in [sized, chunked] {
        let (url, _) = server(Some(raw.into_bytes())).await;
        let answer = client(url, short()).send(post()).await;
        assert!(matches!(answer.error, Some(WireError::TooLarge { limit: 1000 })), "{:?}", answer.error);
        assert!(answer.exchange.error.as_deref().is_some_and(|e| e.contains("body size limit")));
    }
}

#[tokio::test]
async fn a_request_waits_for_a_place_at_most_its_time_limit() {
    let (url, count) = server(None).await;
    let wire = client(url, short());
    let _held = wire.inner.permits.acquire().await.unwrap();
    let answer = wire.send(post()).await;
    assert!(matches!(answer.error, Some(WireError::Busy { limit: 1, .. })), "{:?}", answer.error);
    assert!(answer.exchange.error.as_deref().is_some_and(|e| e.contains("concurrency limit")));
    assert_eq!(count.load(Ordering::SeqCst), 0, "nothing was sent");
}

#[tokio::test]
async fn header_values_are_sent_but_recorded_masked_even_when_echoed() {
    let body = r#"{"jsonrpc":"2.0","id":1,"result":{"echo":"sk-wire-1"}}"#;
    let raw = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let (url, _) = server(Some(raw.into_bytes())).await;
    let wire = client(url, short());
    let answer = wire.send(post()).await;
    assert_eq!(answer.exchange.request_headers, vec![("x-api-key".to_owned(), MASK.to_owned())]);
    let shown = answer.exchange.response.clone().unwrap();
    assert!(!shown.contains("sk-wire-1") && shown.contains(MASK), "{shown}");
    let mut value = serde_json::json!({"reason": "got sk-wire-1 back", "n": [1, "sk-wire-1"]});
    wire.mask_value(&mut value);
    assert!(!value.to_string().contains("sk-wire-1"), "{value}");
}

#[test]
fn sse_bodies_split_into_events_and_their_json_messages() {
    let body = b"event: message\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n\r\n: keep-alive\n\ndata: {\"a\":\ndata: 1}\n\n";
    let events = sse_events(body);
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[0].event.as_deref(), Some("message"));
    let messages = parse_messages(WireFormat::Sse, body);
    assert_eq!(
        messages,
        vec![serde_json::json!({"jsonrpc":"2.0","id":1,"result":{}}), serde_json::json!({"a":1})]
    );
}

#[test]
fn a_mislabelled_answer_is_read_by_its_body() {
    assert_eq!(wire_format(Some("text/plain; charset=utf-8"), b"{}"), WireFormat::Other);
    assert_eq!(parse_messages(WireFormat::Other, b"{\"id\":1}"), vec![serde_json::json!({"id":1})]);
    assert_eq!(parse_messages(WireFormat::Other, b"data: {\"id\":2}\n\n"), vec![serde_json::json!({"id":2})]);
    assert_eq!(wire_format(Some("Application/JSON"), b""), WireFormat::Json);
    assert_eq!(wire_format(None, b"  "), WireFormat::Empty);
}
