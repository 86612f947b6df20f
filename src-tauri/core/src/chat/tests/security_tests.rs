//! Chat against H1, H2 and H3 with the sandbox's fault injection and its per-`X-Request-ID`
//! request counter: a definite error is never re-sent by anything generic, an answer that
//! does not come is retried under the same id up to the cap, and then the reply ends.

use std::time::Duration;

use serde_json::json;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::super::tests::{input, options, receipt_id, signed_in, Events};
use super::super::wire::MessageStatus;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;

/// Statuses that are a definite answer: neither the gateway nor anything generic may send
/// the POST again (H1 lists 429, 502, 503, 504 as the only retryable statuses).
const DEFINITE: [u16; 8] = [400, 402, 403, 404, 409, 422, 500, 501];

/// Proves H2: a chat POST answered with a definite error (500 included) is sent exactly
/// once, streamed (Personal) and whole (Team, with its workflow headers), and the reply
/// ends interrupted with the platform's code; no retry layer sits under the gateway.
#[tokio::test]
async fn a_chat_post_answered_with_a_definite_error_is_sent_exactly_once() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let team_id = rig.core.auth().sessions_view().await.unwrap().active_id.unwrap();
    let personal_id = rig.core.auth().sessions_view().await.unwrap().sessions[0].id.clone();
    for (session, label) in [(&personal_id, "personal, streamed"), (&team_id, "team, whole")] {
        rig.core.auth().set_active_session(session).await.unwrap();
        for status in DEFINITE {
            rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(status)));
            let reply = rig
                .core
                .chat()
                .chat_send(
                    input(&format!("Status {status}"), options(sb::MODEL_CHAT, json!({}))),
                    &Events::default().sink(),
                )
                .await
                .unwrap()
                .reply;
            assert!(rig.control().pending_faults().is_empty(), "{label} {status}: the fault was hit");
            assert_eq!(reply.status, MessageStatus::Interrupted, "{label} {status}");
            assert_eq!(reply.error.as_ref().unwrap().code, ErrorCode::Platform, "{label} {status}");
            let id = receipt_id(&reply);
            assert_eq!(rig.control().chat_request_count(&id), 1, "{label} {status}: sent exactly once");
            assert!(rig.control().charges_for(&id).is_empty(), "{label} {status}");
        }
    }
}

/// Proves H1 and H3 for chat: a request whose answer does not come within the read
/// timeout is retried automatically under the same `X-Request-ID`; after the cap (the
/// first send and two retries) the reply ends as a network error instead of hanging.
#[tokio::test]
async fn a_chat_request_that_gets_no_answer_is_retried_under_the_same_id_up_to_the_cap() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.core.chat().chat_runtime().set_idle_timeout(Duration::from_millis(300));

    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Latency(Duration::from_secs(5))));
    let reply = tokio::time::timeout(
        Duration::from_secs(30),
        rig.core
            .chat()
            .chat_send(input("Slow once", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink()),
    )
    .await
    .expect("finishes")
    .unwrap()
    .reply;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
    let id = receipt_id(&reply);
    assert_eq!(rig.control().chat_request_count(&id), 2, "one timeout, one retry, one id");
    assert_eq!(rig.control().charges_for(&id).len(), 1);

    rig.control().inject(Fault {
        route: Route::ChatCompletions,
        kind: FaultKind::Latency(Duration::from_secs(5)),
        times: 10,
    });
    let reply = tokio::time::timeout(
        Duration::from_secs(30),
        rig.core.chat().chat_send(
            input("Never answered", options(sb::MODEL_CHAT, json!({}))),
            &Events::default().sink(),
        ),
    )
    .await
    .expect("finishes instead of hanging")
    .unwrap()
    .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    assert_eq!(reply.error.as_ref().unwrap().code, ErrorCode::Network);
    let id = receipt_id(&reply);
    assert_eq!(rig.control().chat_request_count(&id), 3, "capped: the first send and two retries, one id");
    assert_eq!(rig.control().pending_faults()[0].times, 7);
    rig.control().clear_faults();
}

/// Proves H1's list for chat: each of 429, 502, 503 and 504 is retried automatically once
/// under the same `X-Request-ID` and charged once. (That the wait honours `Retry-After` is
/// not asserted here: no timing assertions; the speech tests assert it.)
#[tokio::test]
async fn chat_retries_exactly_the_listed_statuses_under_the_same_id() {
    let rig = signed_in(ContextRequest::Personal).await;
    for status in [429, 502, 503, 504] {
        rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(status)));
        let reply = rig
            .core
            .chat()
            .chat_send(
                input(&format!("Listed {status}"), options(sb::MODEL_CHAT, json!({}))),
                &Events::default().sink(),
            )
            .await
            .unwrap()
            .reply;
        assert_eq!(reply.status, MessageStatus::Complete, "{status}: {:?}", reply.error);
        let id = receipt_id(&reply);
        assert_eq!(rig.control().chat_request_count(&id), 2, "{status}: one retry, same id");
        assert_eq!(rig.control().charges_for(&id).len(), 1, "{status}");
    }
}

/// Proves S4 for chat: a finished reply and its ledger row are written in one transaction.
/// When the ledger write fails (a trigger stands in for a full disk), the reply is not
/// recorded as finished either; a retry under the same `X-Request-ID` is replayed by the
/// platform without a second charge and lands with exactly one ledger row.
#[tokio::test]
async fn a_finished_reply_is_never_saved_without_its_ledger_row() {
    let rig = signed_in(ContextRequest::Personal).await;
    sqlx::query(
        "CREATE TRIGGER s4_ledger_fails BEFORE INSERT ON points_ledger
         BEGIN SELECT RAISE(ABORT, 'the ledger write failed'); END",
    )
    .execute(rig.core.db().pool())
    .await
    .unwrap();
    let failed = rig
        .core
        .chat()
        .chat_send(
            input("Charged, then the ledger write failed", options(sb::MODEL_CHAT, json!({}))),
            &Events::default().sink(),
        )
        .await;
    assert!(failed.is_err(), "the failed ledger write is reported");
    let (reply_id, request_id, status): (String, String, String) =
        sqlx::query_as("SELECT id, request_id, status FROM chat_messages WHERE role = 'assistant'")
            .fetch_one(rig.core.db().pool())
            .await
            .unwrap();
    assert_ne!(status, "complete", "the reply was not recorded as finished without its ledger row");
    assert_eq!(rig.control().charges_for(&request_id).len(), 1, "the platform did charge");
    assert!(super::super::tests::ledger_rows(&rig, &request_id).await.is_empty());

    sqlx::query("DROP TRIGGER s4_ledger_fails").execute(rig.core.db().pool()).await.unwrap();
    let retried = rig.core.chat().chat_retry(&reply_id, &Events::default().sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete);
    assert_eq!(receipt_id(&retried), request_id, "retried under the same X-Request-ID");
    assert_eq!(rig.control().charges_for(&request_id).len(), 1, "no second charge");
    assert_eq!(super::super::tests::ledger_rows(&rig, &request_id).await.len(), 1, "in the ledger once");
}
