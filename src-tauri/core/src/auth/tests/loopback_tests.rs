//! Issue 25: the loopback redirect's listener against real sockets (tokio `TcpStream`s to
//! the port the core listens on), with the shell's loop (`next_loopback_sign_in`) running
//! as in the app. No assertion depends on how long anything took: each test counts answers
//! and checks their order.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use xiaoya_sandbox::{self as sb, Reading};

use super::super::attempts::SignInOutcome;
use super::super::loopback::NOT_FOUND;
use super::super::wire::{ContextRequest, LapseReason};
use super::redirect_tests::{query, rig_with_redirect};
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;
use crate::wire::AppEvent;

/// The shell's loop: every callback that reaches a listener is completed and answered.
fn serve_callbacks(rig: &Rig) -> tokio::task::JoinHandle<()> {
    let auth = rig.core.auth().clone();
    tokio::spawn(async move {
        loop {
            let _ = auth.next_loopback_sign_in().await;
        }
    })
}

fn sent_redirect(rig: &Rig) -> url::Url {
    url::Url::parse(&query(&rig.last_opened())["redirect_uri"]).unwrap()
}

fn get(target: &str, host: &str) -> String {
    format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: test\r\nAccept: */*\r\n\r\n")
}

/// Sends `request` on a new connection and reads the whole answer (until the listener
/// closes the connection).
async fn exchange(port: u16, request: &str) -> Vec<u8> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("the listener accepts");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    answer
}

/// The target (path and query) of a callback URL, as a browser requests it.
fn target_of(location: &str) -> String {
    let url = url::Url::parse(location).unwrap();
    format!("{}?{}", url.path(), url.query().unwrap_or_default())
}

fn status_line(answer: &[u8]) -> String {
    String::from_utf8_lossy(answer).lines().next().unwrap_or_default().to_owned()
}

fn failures(events: &[AppEvent]) -> usize {
    events.iter().filter(|e| matches!(e, AppEvent::SignInFailed { .. })).count()
}

fn signed_in(events: &[AppEvent]) -> usize {
    events.iter().filter(|e| matches!(e, AppEvent::SignedIn { .. })).count()
}

/// Proves A4 (issue 25): a web page sweeping local ports (`new Image().src = 'http://127.0.0.1:PORT/oauth/
/// callback?code=x&state=y'`) while a sign-in waits: every request, callback-shaped or
/// not, gets the same bare 404; nothing is announced (no `signInFailed` the window could tie
/// to the pending attempt); the diagnostics hold one entry for the run of refusals; the
/// attempt stays pending and the genuine callback signs in.
#[tokio::test]
async fn a_port_sweep_while_signing_in_is_answered_alike_and_announces_nothing() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    let _loop = serve_callbacks(&rig);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let port = sent_redirect(&rig).port().unwrap();
    let host = format!("127.0.0.1:{port}");
    rig.events.take();

    // Callback-shaped requests reach the core and are refused there.
    let callbacks = [
        "/oauth/callback?code=x&state=y",
        "/oauth/callback?code=x",
        "/oauth/callback",
        "/oauth/callback?error=access_denied&state=y",
        "/oauth/callback?code=a&state=s&state=t",
    ];
    // Anything else is refused by the listener itself.
    let others = [
        get("/", &host),
        get("/favicon.ico", &host),
        get("/oauth/callback/", &host),
        format!("POST /oauth/callback?code=x&state=y HTTP/1.1\r\nHost: {host}\r\n\r\n"),
        "GET /oauth/callback?code=x&state=y HTTP/1.1\r\n\r\n".to_owned(),
        "\r\n\r\n".to_owned(),
        "GET /oauth/callback?code=x&state=y\r\n\r\n".to_owned(),
    ];
    let mut answers = Vec::new();
    for target in callbacks {
        answers.push(exchange(port, &get(target, &host)).await);
    }
    for request in &others {
        answers.push(exchange(port, request).await);
    }
    assert_eq!(answers.len(), callbacks.len() + others.len());
    for (i, answer) in answers.iter().enumerate() {
        assert_eq!(answer.as_slice(), NOT_FOUND, "request {i}: {:?}", String::from_utf8_lossy(answer));
    }

    let events = rig.events.take();
    assert_eq!(failures(&events), 0, "a refusal is never announced: {events:?}");
    assert!(events.is_empty(), "nothing changed, so nothing is announced: {events:?}");
    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    let outcomes: Vec<_> = recent.iter().map(|e| e.outcome).collect();
    assert_eq!(outcomes, [SignInOutcome::Refused, SignInOutcome::Started], "one entry for the sweep");
    let detail = recent[0].detail.as_deref().unwrap_or_default();
    assert!(detail.ends_with("(5 refused in a row)"), "{detail}");
    assert!(recent[0].context_kind.is_none(), "tied to no attempt");
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending);

    let location = rig.approve().await;
    let answer = exchange(port, &get(&target_of(&location), &host)).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK");
    assert!(String::from_utf8_lossy(&answer).contains("You're signed in"));
    assert_eq!(signed_in(&rig.events.take()), 1);
}

/// Proves A4 (issue 25): connections that send nothing (or half a request) and stay open do not hold up the
/// real callback: each connection has its own task. The head wait is set to an hour here,
/// so an idle connection can only be answered by that wait; none is answered before the
/// callback signed in, and all are closed unanswered with the listener.
#[tokio::test]
async fn idle_connections_opened_before_the_real_callback_do_not_delay_it() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().loopback().set_head_timeout(Duration::from_secs(3600));
    let _loop = serve_callbacks(&rig);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let port = sent_redirect(&rig).port().unwrap();
    let host = format!("127.0.0.1:{port}");

    let mut idle = Vec::new();
    for i in 0..20 {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        if i % 2 == 1 {
            stream
                .write_all(format!("GET /oauth/callback?code=x HTTP/1.1\r\nHost: {host}\r\n").as_bytes())
                .await
                .unwrap();
        }
        idle.push(stream);
    }
    let location = rig.approve().await;
    let answer = exchange(port, &get(&target_of(&location), &host)).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{:?}", String::from_utf8_lossy(&answer));
    assert_eq!(signed_in(&rig.events.take()), 1);

    for (i, mut stream) in idle.into_iter().enumerate() {
        let mut got = Vec::new();
        let _ = stream.read_to_end(&mut got).await;
        assert!(got.is_empty(), "idle connection {i} was answered: {:?}", String::from_utf8_lossy(&got));
    }
}

/// Proves H3 (issue 25): a connection that sends no request head within the head wait gets the same 404 as any
/// refused request, and the listener goes on serving.
#[tokio::test]
async fn a_connection_that_sends_nothing_gets_the_404_after_the_head_wait() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().loopback().set_head_timeout(Duration::from_millis(20));
    let _loop = serve_callbacks(&rig);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let port = sent_redirect(&rig).port().unwrap();
    let mut silent = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut got = Vec::new();
    silent.read_to_end(&mut got).await.unwrap();
    assert_eq!(got.as_slice(), NOT_FOUND);
    let location = rig.approve().await;
    let answer = exchange(port, &get(&target_of(&location), &format!("127.0.0.1:{port}"))).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK");
}

/// Proves A4 (issue 25), DNS rebinding: a page on `evil.example` whose name now resolves to 127.0.0.1 sends its
/// own name as `Host`. Only the listener's own address (as the redirect URI names it) is
/// served; any other `Host`, or none, gets the 404 and the callback is not even read, so
/// the genuine attempt is untouched and completes afterwards.
#[tokio::test]
async fn a_request_for_another_host_gets_the_404_and_leaves_the_attempt_alone() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    let _loop = serve_callbacks(&rig);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let port = sent_redirect(&rig).port().unwrap();
    let target = target_of(&rig.approve().await);
    rig.events.take();
    for host in [
        format!("evil.example:{port}"),
        format!("localhost:{port}"),
        "127.0.0.1".to_owned(),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("127.0.0.1:{port}.evil.example"),
    ] {
        let answer = exchange(port, &get(&target, &host)).await;
        assert_eq!(answer.as_slice(), NOT_FOUND, "Host: {host}");
    }
    let two_hosts = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n\r\n");
    assert_eq!(exchange(port, &two_hosts).await.as_slice(), NOT_FOUND);
    assert!(rig.events.take().is_empty());
    assert_eq!(rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent.len(), 1, "only Started");

    let answer = exchange(port, &get(&target, &format!("127.0.0.1:{port}"))).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK");
    assert_eq!(signed_in(&rig.events.take()), 1);
}

/// Proves A4 (issue 25): the app restarts while a loopback sign-in waits for the browser: the new core listens
/// again on the port that attempt sent, and the browser coming back then signs in.
#[tokio::test]
async fn a_restart_during_a_pending_sign_in_listens_again_on_its_port() {
    let mut rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let sent = sent_redirect(&rig);
    let port = sent.port().unwrap();
    // The app stops: its listener is gone with it.
    rig.core.auth().loopback().close_all().await;
    assert!(TcpStream::connect(("127.0.0.1", port)).await.is_err());

    rig.restart().await;
    assert_eq!(rig.core.auth().loopback().open_ports(), [port]);
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.sign_in_pending);
    assert_eq!(view.pending_redirect_uri.as_deref(), Some(sent.as_str()));
    let _loop = serve_callbacks(&rig);
    let location = rig.approve().await;
    let answer = exchange(port, &get(&target_of(&location), &format!("127.0.0.1:{port}"))).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{:?}", String::from_utf8_lossy(&answer));
    assert_eq!(rig.core.auth().sessions_view().await.unwrap().sessions.len(), 1);
}

/// Proves A4 (issue 25): when the port can't be listened on again after a restart (another program took it), the
/// attempt ends at start with a notice that says why, instead of waiting ten minutes for a
/// browser nothing listens for.
#[tokio::test]
async fn a_restart_that_cannot_listen_again_ends_the_attempt_with_a_notice() {
    let mut rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let sent = sent_redirect(&rig);
    rig.core.auth().loopback().close_all().await;
    let _squatter = std::net::TcpListener::bind(("127.0.0.1", sent.port().unwrap())).unwrap();

    rig.restart().await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(!view.sign_in_pending);
    let notice = view.expired_sign_in.expect("the window says the sign-in ended");
    assert_eq!(notice.reason, LapseReason::NotListening);
    assert_eq!(notice.redirect_uri, sent.as_str());
    assert_eq!(notice.context_kind, "personal");
    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    assert_eq!(recent[0].outcome, SignInOutcome::Failed);
    assert!(recent[0].detail.as_deref().unwrap_or_default().contains("could not listen"));
    assert_eq!(rig.core.auth().loopback().open_count(), 0);
    // Starting again clears the notice.
    drop(_squatter);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    assert!(rig.core.auth().sessions_view().await.unwrap().expired_sign_in.is_none());
}

/// Proves A4 (issue 25): with a fixed port, a second "Sign in" (the first browser tab was closed) replaces the
/// first attempt instead of failing with "could not listen": one listener, one pending
/// attempt; the first attempt's link is refused, the second's signs in.
#[tokio::test]
async fn a_second_attempt_on_a_fixed_port_replaces_the_first() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let redirect = format!("http://127.0.0.1:{free}/oauth/callback");
    let rig = rig_with_redirect(&redirect, Reading::LoopbackRedirect).await;
    let _loop = serve_callbacks(&rig);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let first = rig.approve().await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.expect("the second attempt listens");
    let second = rig.approve().await;
    assert_ne!(
        query(&url::Url::parse(&first).unwrap())["state"],
        query(&url::Url::parse(&second).unwrap())["state"]
    );
    assert_eq!(rig.core.auth().loopback().open_ports(), [free]);
    let attempts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pending_sign_ins")
        .fetch_one(rig.core.db().pool())
        .await
        .unwrap();
    assert_eq!(attempts, 1, "the first attempt was replaced");

    let host = format!("127.0.0.1:{free}");
    rig.events.take();
    assert_eq!(exchange(free, &get(&target_of(&first), &host)).await.as_slice(), NOT_FOUND);
    assert_eq!(failures(&rig.events.take()), 0);
    let answer = exchange(free, &get(&target_of(&second), &host)).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK");
    assert_eq!(signed_in(&rig.events.take()), 1);
}

/// Proves A4 (issue 25): the keychain does not answer when the callback arrives: the attempt is kept (`pending.rs`
/// reads the verifier before removing anything), and now so is its listener. The window
/// is told why; the browser is told to reload once that is fixed, and the same link then
/// signs in on the same port.
#[tokio::test]
async fn a_kept_attempt_keeps_its_listener() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    let _loop = serve_callbacks(&rig);
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let port = sent_redirect(&rig).port().unwrap();
    let request = get(&target_of(&rig.approve().await), &format!("127.0.0.1:{port}"));
    rig.events.take();

    rig.keys.get_unavailable.store(true, std::sync::atomic::Ordering::SeqCst);
    let answer = exchange(port, &request).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK");
    assert!(String::from_utf8_lossy(&answer).contains("reload this page"));
    let events = rig.events.take();
    let codes: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            AppEvent::SignInFailed { error } => Some(error.code),
            _ => None,
        })
        .collect();
    assert_eq!(codes, [ErrorCode::KeychainUnavailable], "the window is told why");
    assert!(rig.core.auth().sessions_view().await.unwrap().sign_in_pending);
    assert_eq!(rig.core.auth().loopback().open_ports(), [port], "the listener stays");

    rig.keys.get_unavailable.store(false, std::sync::atomic::Ordering::SeqCst);
    let answer = exchange(port, &request).await;
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK");
    assert!(String::from_utf8_lossy(&answer).contains("You're signed in"));
    assert_eq!(signed_in(&rig.events.take()), 1);
}
