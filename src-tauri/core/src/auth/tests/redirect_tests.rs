//! Issue 11, item 8: the redirect choices against the sandbox's readings. A loopback
//! redirect listens on 127.0.0.1 for one attempt (a free port, or the one given), is checked
//! exactly like a deep link, answers the browser with a bilingual page and closes; an https
//! redirect is sent while the callback arrives through the custom scheme; a pending sign-in
//! can always be cancelled, and one whose state expired says so with the redirect URI sent.

use std::collections::HashMap;

use xiaoya_sandbox::{self as sb, Reading, Readings};

use super::super::attempts::SignInOutcome;
use super::super::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;
use crate::wire::PlatformSettingsInput;

pub(super) fn query(url: &url::Url) -> HashMap<String, String> {
    url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

/// The rig pointed at its sandbox as a configured platform with this redirect URI, the
/// sandbox's public client registered to match.
pub(super) async fn rig_with_redirect(redirect_uri: &str, reading: Reading) -> Rig {
    let rig = Rig::new().await;
    rig.control().set_readings([reading].into_iter().collect::<Readings>());
    rig.core
        .set_platform(PlatformSettingsInput {
            base_url: rig.sandbox.base_url(),
            client_id: sb::PUBLIC_CLIENT_ID.into(),
            redirect_uri: redirect_uri.into(),
        })
        .await
        .unwrap();
    rig
}

/// What the browser does after "Allow": follow the platform's redirect to the listener.
async fn browser_returns(location: &str) -> (reqwest::StatusCode, String) {
    let resp = reqwest::Client::new().get(location).send().await.expect("the listener answers");
    (resp.status(), resp.text().await.unwrap_or_default())
}

async fn refused_connection(url: &url::Url) -> bool {
    let addr = format!("127.0.0.1:{}", url.port().unwrap());
    tokio::net::TcpStream::connect(addr).await.is_err()
}

/// Proves A5 (issue 25 adds "127.0.0.1 only"): the port the listener got is what is sent and
/// repeated in the token request, it listens on 127.0.0.1 only, and closes after its callback.
#[tokio::test]
async fn a_loopback_sign_in_listens_on_a_free_port_for_that_attempt_only() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    let view = rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let sent = url::Url::parse(&query(&rig.last_opened())["redirect_uri"]).unwrap();
    assert_eq!((sent.scheme(), sent.host_str(), sent.path()), ("http", Some("127.0.0.1"), "/oauth/callback"));
    let port = sent.port().expect("the port the listener got");
    assert_ne!(port, 0);
    // A5: 127.0.0.1 only. Every 127/8 address reaches this machine, so a listener on
    // 0.0.0.0 (or any address but 127.0.0.1) would accept on 127.0.0.2 too; nor does it
    // listen on the IPv6 loopback.
    assert!(tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok());
    assert!(tokio::net::TcpStream::connect(("127.0.0.2", port)).await.is_err(), "bound to 127.0.0.1 only");
    assert!(tokio::net::TcpStream::connect(("::1", port)).await.is_err(), "not on [::1]");
    assert_eq!(
        view.pending_redirect_uri.as_deref(),
        Some(sent.as_str()),
        "the window can show what was sent"
    );
    let diagnostics = rig.core.auth().sign_in_diagnostics(None).await.unwrap();
    assert_eq!(diagnostics.pending_redirect_uri.as_deref(), Some(sent.as_str()));
    assert_eq!(diagnostics.redirect_kind, crate::foundation::config::RedirectKind::Loopback);

    // A deep link is never a loopback sign-in's callback.
    let deep = format!("{}?code=x&state=y", sb::PUBLIC_CLIENT_REDIRECT_URI);
    assert!(rig.core.auth().complete_sign_in(&deep).await.unwrap().is_none());

    let location = rig.approve().await;
    assert!(location.starts_with(sent.as_str()), "{location}");
    let (signed_in, (status, page)) =
        tokio::join!(rig.core.auth().next_loopback_sign_in(), browser_returns(&location));
    let session = signed_in.unwrap().expect("signed in through the loopback redirect");
    assert_eq!(session.display_name, sb::USER_DISPLAY_NAME);
    assert_eq!(status, reqwest::StatusCode::OK);
    assert!(
        page.contains("You can return to Xiaoya Companion") && page.contains("您可以返回小雅助手了"),
        "{page}"
    );
    assert!(!page.contains(&query(&url::Url::parse(&location).unwrap())["code"]), "the page echoes nothing");
    // The listener closed with its attempt.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert!(refused_connection(&sent).await, "nothing listens on {sent} any more");
    assert_eq!(rig.core.auth().loopback().open_count(), 0);
    // The sandbox checked the token request sent the identical redirect_uri (port included).
    assert!(!rig.core.auth().sessions_view().await.unwrap().sign_in_pending);
}

#[tokio::test]
async fn a_forged_loopback_callback_is_refused_and_the_genuine_one_still_completes() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let sent = url::Url::parse(&query(&rig.last_opened())["redirect_uri"]).unwrap();
    let location = rig.approve().await;
    let forged = format!("{sent}?code=attacker&state=forged");
    let (result, (status, page)) =
        tokio::join!(rig.core.auth().next_loopback_sign_in(), browser_returns(&forged));
    assert_eq!(result.unwrap_err().code(), ErrorCode::SignInFailed);
    // The same bare 404 as any other path: nothing tells a sweeper a sign-in is waiting.
    assert_eq!(status, reqwest::StatusCode::NOT_FOUND);
    assert!(page.is_empty(), "{page}");
    // Strict parsing, as for deep links: a duplicate state is refused too.
    let duplicate = format!("{sent}?code=a&state=s&state=t");
    let (result, (status, _)) =
        tokio::join!(rig.core.auth().next_loopback_sign_in(), browser_returns(&duplicate));
    assert!(result.is_err());
    assert_eq!(status, reqwest::StatusCode::NOT_FOUND);
    // Other paths are not the callback.
    let other = sent.join("/favicon.ico").unwrap();
    assert_eq!(reqwest::get(other).await.unwrap().status(), reqwest::StatusCode::NOT_FOUND);
    let (signed_in, (status, _)) =
        tokio::join!(rig.core.auth().next_loopback_sign_in(), browser_returns(&location));
    assert!(signed_in.unwrap().is_some(), "the genuine attempt survived");
    assert_eq!(status, reqwest::StatusCode::OK);
}

#[tokio::test]
async fn a_loopback_redirect_with_a_port_uses_that_port() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let redirect = format!("http://127.0.0.1:{free}/oauth/callback");
    let rig = rig_with_redirect(&redirect, Reading::LoopbackRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    assert_eq!(query(&rig.last_opened())["redirect_uri"], redirect);
    let location = rig.approve().await;
    let (signed_in, _) = tokio::join!(rig.core.auth().next_loopback_sign_in(), browser_returns(&location));
    assert!(signed_in.unwrap().is_some());
}

#[tokio::test]
async fn cancelling_a_loopback_sign_in_closes_its_listener() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let sent = url::Url::parse(&query(&rig.last_opened())["redirect_uri"]).unwrap();
    assert!(!refused_connection(&sent).await);
    let view = rig.core.auth().cancel_sign_in().await.unwrap();
    assert!(!view.sign_in_pending);
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert!(refused_connection(&sent).await);
}

#[tokio::test]
async fn an_https_redirect_is_sent_and_its_forwarded_callback_arrives_by_the_custom_scheme() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_HTTPS_REDIRECT_URI, Reading::HttpsRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    assert_eq!(query(&rig.last_opened())["redirect_uri"], sb::PUBLIC_CLIENT_HTTPS_REDIRECT_URI);
    let location = url::Url::parse(&rig.approve().await).unwrap();
    assert!(location.as_str().starts_with(sb::PUBLIC_CLIENT_HTTPS_REDIRECT_URI));
    // The publisher's page forwards code and state to the custom scheme.
    let q = query(&location);
    let mut forwarded = url::Url::parse(sb::PUBLIC_CLIENT_REDIRECT_URI).unwrap();
    forwarded.query_pairs_mut().append_pair("code", &q["code"]).append_pair("state", &q["state"]);
    // The https URL itself arriving as a link is not a callback.
    assert!(rig.core.auth().complete_sign_in(location.as_str()).await.unwrap().is_none());
    let session = rig.core.auth().complete_sign_in(forwarded.as_str()).await.unwrap().expect("signed in");
    assert_eq!(session.display_name, sb::USER_DISPLAY_NAME);
}

#[tokio::test]
async fn an_expired_sign_in_says_so_with_the_redirect_uri_it_sent() {
    let rig = rig_with_redirect(sb::PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI, Reading::LoopbackRedirect).await;
    rig.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let sent = query(&rig.last_opened())["redirect_uri"].clone();
    sqlx::query("UPDATE pending_sign_ins SET started_at = started_at - 601")
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(!view.sign_in_pending);
    let expired = view.expired_sign_in.expect("the expiry is said");
    assert_eq!(expired.redirect_uri, sent);
    assert_eq!(expired.context_kind, "personal");
    let recent = rig.core.auth().sign_in_diagnostics(None).await.unwrap().recent;
    assert_eq!(recent[0].outcome, SignInOutcome::Expired);
    assert_eq!(recent[0].redirect_uri.as_deref(), Some(sent.as_str()));
    // Cancel (or a new sign-in) puts it away.
    assert!(rig.core.auth().cancel_sign_in().await.unwrap().expired_sign_in.is_none());
}
