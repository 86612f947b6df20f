//! The platform client's transport rules, proven against local servers that misbehave in
//! ways the sandbox cannot: a server that accepts and never answers, a listener that never
//! completes a connection, an audio body that stops half way, token responses that are not
//! the documented JSON, and a redirecting token endpoint.
//!
//! Timeouts are shortened through `PlatformClient::with_timeouts` (a `#[cfg(test)]`
//! constructor; the app always uses `new()`, i.e. `CONNECT_TIMEOUT` and `REST_TIMEOUT`).
//! Nothing here asserts a duration except "it finished instead of hanging", with a bound
//! far above the timeout under test.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use url::Url;

use super::super::oauth::CodeExchange;
use super::super::*;
use crate::auth::call::ContextCall;
use crate::auth::store::SessionRecord;
use crate::foundation::context::RequestedContext;
use crate::foundation::secret::Sensitive;
use crate::tts::send::{send_once, Attempt, RetryPolicy};

/// Far above every timeout these tests set: reaching it means the call hung.
const HANG: Duration = Duration::from_secs(20);

async fn finishes<T>(what: &str, fut: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(HANG, fut).await.unwrap_or_else(|_| panic!("{what} hung instead of timing out"))
}

/// Accepts connections, reads the request, and never answers (the sockets stay open).
async fn silent_server(hits: Arc<AtomicUsize>) -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((mut sock, _)) = listener.accept().await {
            hits.fetch_add(1, Ordering::SeqCst);
            let mut buf = [0u8; 8192];
            let _ = sock.read(&mut buf).await;
            open.push(sock);
        }
    });
    url
}

/// Answers every connection with `head` followed by `body`, then keeps the socket open
/// without sending anything more.
async fn scripted_server(head: String, body: Vec<u8>, hits: Arc<AtomicUsize>) -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((mut sock, _)) = listener.accept().await {
            hits.fetch_add(1, Ordering::SeqCst);
            let mut buf = [0u8; 8192];
            let _ = sock.read(&mut buf).await;
            let _ = sock.write_all(head.as_bytes()).await;
            let _ = sock.write_all(&body).await;
            let _ = sock.flush().await;
            open.push(sock);
        }
    });
    url
}

fn json_response(status: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

fn session(origin: &Url) -> SessionRecord {
    SessionRecord {
        id: "s".into(),
        origin: origin.as_str().into(),
        client_id: "c".into(),
        subject: "u".into(),
        context: RequestedContext::Personal,
        team_name: None,
        role: None,
        member_status: None,
        team_context_version: None,
        display_name: "d".into(),
        avatar_url: None,
        granted_scopes: vec!["model".into()],
        expires_at: i64::MAX,
        created_at: 0,
        keychain_account: String::new(),
    }
}

fn exchange<'a>(
    origin: &'a Url,
    redirect: &'a Url,
    code: &'a Sensitive<String>,
    verifier: &'a Sensitive<String>,
) -> CodeExchange<'a> {
    CodeExchange { origin, client_id: "c", code, redirect_uri: redirect, verifier }
}

/// Proves H3: the app's client really is built with the documented timeouts.
#[test]
fn the_app_client_uses_the_production_timeouts() {
    let client = PlatformClient::new().unwrap();
    assert_eq!(client.rest_timeout, REST_TIMEOUT);
    assert_eq!(REST_TIMEOUT, Duration::from_secs(30));
    assert_eq!(CONNECT_TIMEOUT, Duration::from_secs(10));
}

/// Proves H3: a REST GET to a server that accepts the connection and never answers ends in
/// a timeout (a `NETWORK` error) after the total REST timeout, instead of hanging.
#[tokio::test]
async fn a_rest_get_to_a_server_that_never_answers_times_out() {
    let hits = Arc::new(AtomicUsize::new(0));
    let origin = silent_server(hits.clone()).await;
    let client = PlatformClient::with_timeouts(Duration::from_secs(5), Duration::from_millis(400)).unwrap();
    let token = Sensitive::new("tok".to_owned());
    let err = finishes("GET", client.get_open::<serde_json::Value>(&origin, "/api/v1/open/me", &token, None))
        .await
        .unwrap_err();
    let Error::Transport(e) = &err else { panic!("expected a transport error, got {err:?}") };
    assert!(e.is_timeout(), "a timeout, not another failure: {e:?}");
    assert_eq!(err.code(), crate::ErrorCode::Network);
    assert_eq!(hits.load(Ordering::SeqCst), 1, "the request reached the server once");
}

/// Proves H3: the OAuth POSTs (token exchange and revocation) have the same total timeout.
#[tokio::test]
async fn the_token_and_revoke_posts_to_a_server_that_never_answers_time_out() {
    let hits = Arc::new(AtomicUsize::new(0));
    let origin = silent_server(hits.clone()).await;
    let client = PlatformClient::with_timeouts(Duration::from_secs(5), Duration::from_millis(400)).unwrap();
    let redirect = Url::parse("xiaoya-companion://oauth/callback").unwrap();
    let (code, verifier) = (Sensitive::new("code".to_owned()), Sensitive::new("v".repeat(43)));
    let err = finishes("token POST", client.exchange_code(exchange(&origin, &redirect, &code, &verifier)))
        .await
        .unwrap_err();
    assert!(matches!(&err, Error::Transport(e) if e.is_timeout()), "{err:?}");
    let err = finishes("revoke POST", client.revoke(&origin, "c", &Sensitive::new("tok".into())))
        .await
        .unwrap_err();
    assert!(matches!(&err, Error::Transport(e) if e.is_timeout()), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 2, "each POST was sent once (no retry after the timeout)");
}

/// Proves H3: `connect_timeout` bounds a connection that is never completed. A listener
/// whose accept queue is full drops further SYNs, so a connect to it hangs; the total
/// timeout is set far higher, so only the connect timeout can end the call.
#[tokio::test]
async fn a_connection_that_is_never_accepted_ends_at_the_connect_timeout() {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = socket.local_addr().unwrap();
    let _listener = socket.listen(1).unwrap(); // never accepts
    let mut filling = Vec::new();
    for _ in 0..16 {
        match std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(200)) {
            Ok(s) => filling.push(s),
            Err(_) => break, // the queue is full: SYNs are dropped now
        }
    }
    let origin = Url::parse(&format!("http://{addr}")).unwrap();
    let client = PlatformClient::with_timeouts(Duration::from_millis(500), Duration::from_secs(120)).unwrap();
    let token = Sensitive::new("tok".to_owned());
    let err = finishes("connect", client.get_open::<serde_json::Value>(&origin, "/x", &token, None))
        .await
        .unwrap_err();
    let Error::Transport(e) = &err else { panic!("expected a transport error, got {err:?}") };
    assert!(e.is_connect(), "the connect step failed: {e:?}");
    assert_eq!(err.code(), crate::ErrorCode::Network);
    drop(filling);
}

/// Proves H3 (read timeout for streams, the audio one): speech audio that stops arriving
/// half way ends in a timeout error while the body is read, instead of hanging.
#[tokio::test]
async fn speech_audio_that_stops_arriving_times_out_while_the_body_is_read() {
    let hits = Arc::new(AtomicUsize::new(0));
    let head = "HTTP/1.1 200 OK\r\ncontent-type: audio/mpeg\r\ncontent-length: 100000\r\nx-xiaoya-request-id: req_1\r\n\r\n";
    let origin = scripted_server(head.into(), vec![0xFF; 1000], hits.clone()).await;
    let client = PlatformClient::new().unwrap();
    let session = session(&origin);
    let call = ContextCall {
        context: crate::foundation::context::PlatformContext::of(&session).unwrap(),
        session,
        token: Sensitive::new("tok".into()),
    };
    let policy = RetryPolicy { request_timeout: Duration::from_millis(600), ..RetryPolicy::default() };
    let attempt =
        finishes("speech headers", send_once(&client, &call, "rid-1", "{}", &policy, false)).await.unwrap();
    let Attempt::Audio { response, receipt } = attempt else { panic!("the headers arrived: expected audio") };
    assert_eq!(receipt.request_id.as_deref(), Some("req_1"));
    let err = finishes("speech body", response.bytes()).await.unwrap_err();
    assert!(err.is_timeout(), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 1);
}

/// Proves A9: `token_type` must be Bearer and `expires_in` a plausible positive number of
/// seconds in the token response itself (end to end through `exchange_code`, not only the
/// helper); anything else is refused and no token comes out.
#[tokio::test]
async fn a_token_response_without_bearer_or_a_plausible_expires_in_is_refused() {
    let redirect = Url::parse("xiaoya-companion://oauth/callback").unwrap();
    let (code, verifier) = (Sensitive::new("code".to_owned()), Sensitive::new("v".repeat(43)));
    let client = PlatformClient::new().unwrap();
    let good =
        r#"{"access_token":"tok_1","token_type":"Bearer","expires_in":604800,"scope":"profile model"}"#;
    let bad = [
        r#"{"access_token":"tok_1","token_type":"mac","expires_in":604800,"scope":"profile model"}"#,
        r#"{"access_token":"tok_1","token_type":"","expires_in":604800,"scope":"profile model"}"#,
        r#"{"access_token":"tok_1","expires_in":604800,"scope":"profile model"}"#,
        r#"{"access_token":"tok_1","token_type":"Bearer","expires_in":0,"scope":"profile model"}"#,
        r#"{"access_token":"tok_1","token_type":"Bearer","expires_in":-1,"scope":"profile model"}"#,
        r#"{"access_token":"tok_1","token_type":"Bearer","expires_in":315360000,"scope":"profile model"}"#,
        r#"{"access_token":"tok_1","token_type":"Bearer","expires_in":"604800","scope":"profile model"}"#,
        r#"{"access_token":"tok_1","token_type":"Bearer","scope":"profile model"}"#,
    ];
    let hits = Arc::new(AtomicUsize::new(0));
    let origin = scripted_server(json_response("200 OK", good), Vec::new(), hits.clone()).await;
    let grant = client.exchange_code(exchange(&origin, &redirect, &code, &verifier)).await.unwrap();
    assert_eq!(grant.access_token.expose(), "tok_1");
    assert_eq!(grant.expires_in, Duration::from_secs(604_800));
    for body in bad {
        let origin = scripted_server(json_response("200 OK", body), Vec::new(), hits.clone()).await;
        let err = client.exchange_code(exchange(&origin, &redirect, &code, &verifier)).await.unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Decode, "{body}: {err:?}");
        assert!(!format!("{err:?} {err}").contains("tok_1"), "the refused token is not echoed");
    }
}

/// Proves A9 (no redirects) for the OAuth POSTs: a token endpoint answering 307 (which
/// would re-send the form, code and verifier included, to the new place) is an error and
/// the target is never contacted.
#[tokio::test]
async fn a_redirecting_token_endpoint_is_not_followed() {
    let target_hits = Arc::new(AtomicUsize::new(0));
    let good = r#"{"access_token":"tok_1","token_type":"Bearer","expires_in":604800,"scope":"profile"}"#;
    let target = scripted_server(json_response("200 OK", good), Vec::new(), target_hits.clone()).await;
    let head = format!("HTTP/1.1 307 Temporary Redirect\r\nlocation: {target}oauth/token\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
    let origin = scripted_server(head, Vec::new(), Arc::new(AtomicUsize::new(0))).await;
    let client = PlatformClient::new().unwrap();
    let redirect = Url::parse("xiaoya-companion://oauth/callback").unwrap();
    let (code, verifier) = (Sensitive::new("code".to_owned()), Sensitive::new("v".repeat(43)));
    let err = client.exchange_code(exchange(&origin, &redirect, &code, &verifier)).await.unwrap_err();
    assert!(matches!(&err, Error::OAuth { error, .. } if error == "http_307"), "{err:?}");
    assert!(client.revoke(&origin, "c", &Sensitive::new("tok".into())).await.is_err());
    assert_eq!(target_hits.load(Ordering::SeqCst), 0, "the redirect target was never contacted");
}

/// Rust files under `dir` that are compiled into the app (test modules, the test rig and
/// benchmarks left out), with any inline `#[cfg(test)] mod tests` cut off.
fn production_sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" {
                production_sources(&path, out);
            }
            continue;
        }
        let test_only = name.ends_with("tests.rs")
            || name.starts_with("tests_")
            || name.ends_with("_tests.rs")
            || matches!(name.as_str(), "testing.rs" | "bench.rs" | "fake.rs");
        if !name.ends_with(".rs") || test_only {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default().to_owned();
        out.push((path.display().to_string(), code));
    }
}

/// Proves H3 ("connect_timeout everywhere") and A9 ("no redirects" everywhere): the only HTTP
/// client the app builds is `PlatformClient`'s, which sets the connect timeout and the
/// no-redirect policy; every chat, speech, OAuth and REST call goes through it.
#[test]
fn the_platform_client_is_the_only_http_client_the_app_builds() {
    let mut sources = Vec::new();
    production_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut sources);
    assert!(sources.len() > 20, "the sources were found: {}", sources.len());
    let mut builders = Vec::new();
    for (path, code) in &sources {
        for needle in
            ["Client::builder(", "Client::new(", "ClientBuilder::new(", "reqwest::get(", "reqwest::blocking"]
        {
            for (at, _) in code.match_indices(needle) {
                if !code[..at].ends_with("Platform") {
                    builders.push(format!("{path}: {needle}"));
                }
            }
        }
    }
    builders.sort();
    builders.dedup();
    assert_eq!(builders.len(), 1, "one HTTP client builder in the app: {builders:?}");
    assert!(builders[0].contains("api/mod.rs") && builders[0].contains("Client::builder("), "{builders:?}");
    let api = &sources.iter().find(|(p, _)| p.ends_with("api/mod.rs")).unwrap().1;
    assert!(api.contains(".connect_timeout(connect)"));
    assert!(api.contains(".redirect(reqwest::redirect::Policy::none())"));
}

/// Proves the wire-copy clause of T6 (issue 25): the copies of secrets this crate makes for
/// the wire are wiped once their request is done. Against the sandbox, a sign-in (the token
/// POST with the code and the verifier, and its answer with the token), the calls made with
/// `Bearer <token>` and a sign-out (the revocation with the token): every token, code and
/// verifier the sandbox issued or received is found among the wire copies that were wiped
/// (test builds record what each held just before its wipe), in the form it was sent. What
/// `reqwest`, `hyper` and the TLS layer copy on their own is out of reach and not claimed.
#[tokio::test]
async fn the_wire_copies_of_a_sign_in_its_calls_and_the_sign_out_are_wiped() {
    use crate::foundation::secret::wipes::wiped_copies_holding;

    let rig = crate::testing::Rig::new().await;
    let session = rig.sign_in(crate::auth::wire::ContextRequest::Personal).await;
    rig.core.auth().sign_out(&session.id).await.unwrap();

    let secrets = rig.control().issued_secrets();
    assert!(secrets.len() >= 3, "a token, a code and a verifier: {}", secrets.len());
    // The request's copies are dropped by hyper once sent; give its task a moment.
    let wiped_in_time = |needle: &str| {
        let needle = needle.to_owned();
        async move {
            for _ in 0..100 {
                let found = wiped_copies_holding(&needle);
                if !found.is_empty() {
                    return found;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Vec::new()
        }
    };
    let (mut bearer, mut grant, mut revoke, mut answer) = (0, 0, 0, 0);
    for secret in &secrets {
        let copies = wiped_in_time(secret).await;
        assert!(!copies.is_empty(), "a secret sent or received left a copy that was never wiped");
        for copy in &copies {
            bearer += usize::from(*copy == format!("Bearer {secret}"));
            grant += usize::from(copy.starts_with("grant_type=authorization_code&"));
            revoke += usize::from(copy.contains(&format!("&token={secret}&token_type_hint=access_token")));
            answer += usize::from(copy.contains(&format!("\"access_token\":\"{secret}\"")));
        }
    }
    assert!(bearer >= 1, "the bearer header of a call was wiped");
    assert!(grant >= 2, "the token POST's body (its code and its verifier) was wiped");
    assert!(revoke >= 1, "the revocation's body was wiped");
    assert!(answer >= 1, "the token answer was wiped");
}
