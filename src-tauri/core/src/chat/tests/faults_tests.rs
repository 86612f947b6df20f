//! Chat under the sandbox's faults: a dropped or stalled stream, error statuses, a reset
//! connection, Stop, and a 401. Partial replies are kept; Retry reuses the request id.

use std::time::Duration;

use serde_json::json;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::super::tests::{input, ledger_rows, options, receipt_id, send_and_stop, signed_in, Events};
use super::super::wire::{ChatEvent, MessageStatus};
use crate::auth::wire::ContextRequest;
use crate::foundation::error::{Error, ErrorCode};

pub(super) const LONG_PROMPT: &str = "Write a long, detailed story about a lighthouse keeper";

#[tokio::test]
async fn a_dropped_stream_keeps_the_partial_reply_and_retry_replays_it_without_a_new_charge() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::SseDrop { after_events: 4 }));
    let events = Events::default();
    let reply = rig
        .core
        .chat()
        .chat_send(input(LONG_PROMPT, options(sb::MODEL_CHAT, json!({}))), &events.sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    assert!(!reply.content.is_empty(), "what arrived is kept");
    assert_eq!(events.deltas(), reply.content);
    assert_eq!(events.kinds().last(), Some(&"error"));
    let error = reply.error.clone().unwrap();
    assert_eq!(error.code, ErrorCode::Network);
    let id = receipt_id(&reply);
    assert_eq!(error.request_id.as_deref(), Some(id.as_str()));
    // The platform settled the charge before streaming: it happened once.
    assert_eq!(rig.control().charges_for(&id).len(), 1);
    // The stored copy says the same after a reload.
    let stored = rig.core.chat().chat_conversation(&reply.conversation_id).await.unwrap();
    assert_eq!(stored.messages[1].status, MessageStatus::Interrupted);
    assert_eq!(stored.messages[1].content, reply.content);

    let retry_events = Events::default();
    let retried = rig.core.chat().chat_retry(&reply.id, &retry_events.sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete);
    assert_eq!(retried.id, reply.id, "the same reply");
    assert_eq!(receipt_id(&retried), id, "the same X-Request-ID");
    assert!(retried.content.starts_with(&reply.content));
    assert!(retried.receipt.as_ref().unwrap().replayed, "the platform replayed its settled reply");
    assert_eq!(rig.control().chat_request_count(&id), 2);
    assert_eq!(rig.control().charges_for(&id).len(), 1, "no second charge");
    assert_eq!(ledger_rows(&rig, &id).await.len(), 1, "one ledger row");
    // A complete reply is regenerated, not retried.
    assert!(matches!(
        rig.core.chat().chat_retry(&reply.id, &Events::default().sink()).await,
        Err(Error::InvalidInput(_))
    ));
}

#[tokio::test]
async fn a_stalled_stream_is_interrupted_after_the_idle_timeout() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.core.chat().chat_runtime().set_idle_timeout(Duration::from_millis(400));
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::SseStall { after_events: 3, pause: Duration::from_secs(3) },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Plan a picnic", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    assert!(reply.error.unwrap().message.contains("stalled"));
    assert!(!reply.content.is_empty());

    // A pause shorter than the idle timeout is only a pause.
    rig.core.chat().chat_runtime().set_idle_timeout(Duration::from_secs(5));
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::SseStall { after_events: 3, pause: Duration::from_millis(300) },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Plan a party", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete);
}

#[tokio::test]
async fn an_error_status_is_shown_with_the_platform_code_and_can_be_retried() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(500)));
    let events = Events::default();
    let reply = rig
        .core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &events.sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    let error = reply.error.clone().unwrap();
    assert_eq!(error.code, ErrorCode::Platform);
    assert_eq!(error.platform_code.as_deref(), Some("INTERNAL_ERROR"));
    assert!(error.request_id.as_deref().is_some_and(|r| !r.is_empty()), "the platform's request_id");
    let id = receipt_id(&reply);
    assert_eq!(rig.control().chat_request_count(&id), 1, "500 is not retried automatically");
    assert!(ledger_rows(&rig, &id).await.is_empty());
    assert!(
        matches!(events.all().last(), Some(ChatEvent::Error { error, .. }) if error.platform_code.as_deref() == Some("INTERNAL_ERROR"))
    );

    let retried = rig.core.chat().chat_retry(&reply.id, &Events::default().sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete);
    assert!(retried.error.is_none());
    assert_eq!(rig.control().chat_request_count(&id), 2);
}

#[tokio::test]
async fn unavailable_is_retried_automatically_with_the_same_id() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(503)));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Hello again", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete);
    let id = receipt_id(&reply);
    assert_eq!(rig.control().chat_request_count(&id), 2, "honoured Retry-After, then the same id again");
    assert_eq!(rig.control().charges_for(&id).len(), 1);
    // Business errors are never retried.
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(402)));
    let refused = rig
        .core
        .chat()
        .chat_send(input("Once more", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(refused.status, MessageStatus::Interrupted);
    assert_eq!(rig.control().chat_request_count(&receipt_id(&refused)), 1);
}

#[tokio::test]
async fn a_reset_connection_is_interrupted_and_retry_charges_once() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::ResetBeforeCommit));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Tell me a fact", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    assert_eq!(reply.error.as_ref().unwrap().code, ErrorCode::Network);
    let id = receipt_id(&reply);
    assert!(rig.control().charges_for(&id).is_empty());
    let retried = rig.core.chat().chat_retry(&reply.id, &Events::default().sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete);
    assert_eq!(rig.control().charges_for(&id).len(), 1);
}

/// Proves H1 for Team chat (issue 11): after an unknown outcome (a reset after sending, a
/// 503 retried by itself) a retry repeats the identical workflow tuple — same request id,
/// run, node and `X-Xiaoya-Attempt`.
#[tokio::test]
async fn a_team_retry_after_an_unknown_outcome_repeats_the_identical_tuple() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::ResetBeforeCommit));
    let opts = options(sb::MODEL_CHAT, json!({"max_tokens": 256}));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Status report", opts.clone()), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    assert!(reply.error.as_ref().unwrap().outcome_unknown);
    let first = reply.receipt.clone().unwrap();
    assert_eq!(first.attempt, Some(1));

    let retried = rig.core.chat().chat_retry(&reply.id, &Events::default().sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete);
    let receipt = retried.receipt.unwrap();
    assert_eq!(receipt.attempt, Some(1), "the same attempt");
    assert_eq!(receipt.run_id, first.run_id, "the same run");
    assert_eq!(receipt.request_id, first.request_id, "the same X-Request-ID");
    let charge = &rig.control().charges_for(&first.request_id)[0];
    let workflow = charge.workflow.clone().unwrap();
    assert_eq!((workflow.attempt, Some(workflow.run_id)), (1, first.run_id.clone()));

    // An automatic retry (503) is the same request too.
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(503)));
    let auto =
        rig.core.chat().chat_send(input("Next report", opts), &Events::default().sink()).await.unwrap().reply;
    assert_eq!(auto.status, MessageStatus::Complete);
    assert_eq!(auto.receipt.as_ref().unwrap().attempt, Some(1));
    assert_eq!(rig.control().chat_request_count(&receipt_id(&auto)), 2);
    assert_eq!(rig.control().charges_for(&receipt_id(&auto))[0].workflow.as_ref().unwrap().attempt, 1);
}

/// Proves H1 for Team chat (issue 11): on a platform that keys Team idempotency on the whole
/// tuple, an answer lost after the charge and then retried is still charged once.
#[tokio::test]
async fn a_lost_team_answer_is_charged_once_where_idempotency_is_the_whole_tuple() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.control().set_readings([sb::Reading::TeamIdempotencyTuple].into_iter().collect());
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::ResetAfterCommit));
    let opts = options(sb::MODEL_CHAT, json!({}));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Quarterly summary", opts), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    let id = receipt_id(&reply);
    assert_eq!(rig.control().charges_for(&id).len(), 1, "the platform charged before the answer was lost");
    let retried = rig.core.chat().chat_retry(&reply.id, &Events::default().sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete);
    assert!(retried.receipt.as_ref().unwrap().replayed, "the platform replayed it");
    assert_eq!(rig.control().charges_for(&id).len(), 1, "no second charge");
    assert_eq!(ledger_rows(&rig, &id).await.len(), 1);
}

/// After a definite refusal (the platform answered; nothing was carried out) the person's
/// Retry is the run's next attempt, up to six.
#[tokio::test]
async fn a_team_retry_after_a_definite_refusal_raises_the_attempt_up_to_six() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.control().inject(Fault { route: Route::ChatCompletions, kind: FaultKind::Status(402), times: 6 });
    let opts = options(sb::MODEL_CHAT, json!({}));
    let failing = rig
        .core
        .chat()
        .chat_send(input("Third report", opts), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(failing.status, MessageStatus::Interrupted);
    assert!(!failing.error.as_ref().unwrap().outcome_unknown);
    for expected in 2..=6 {
        let again = rig.core.chat().chat_retry(&failing.id, &Events::default().sink()).await.unwrap().reply;
        assert_eq!(again.receipt.as_ref().unwrap().attempt, Some(expected));
        assert_eq!(again.status, MessageStatus::Interrupted);
    }
    let err = rig.core.chat().chat_retry(&failing.id, &Events::default().sink()).await.unwrap_err();
    assert!(err.to_string().contains("6 attempts"), "{err}");
}

#[tokio::test]
async fn stop_aborts_the_request_and_keeps_the_partial_reply() {
    let rig = signed_in(ContextRequest::Personal).await;
    let events = Events::default();
    let (turn, stopped_id) = send_and_stop(&rig, &events, LONG_PROMPT).await;
    let reply = turn.reply;
    assert_eq!(reply.id, stopped_id);
    assert_eq!(reply.status, MessageStatus::Stopped);
    assert!(!reply.content.is_empty());
    assert_eq!(events.deltas(), reply.content);
    assert_eq!(events.kinds().last(), Some(&"done"));
    // Far from the whole long reply.
    assert!(reply.content.len() < 2000, "{} bytes", reply.content.len());
    assert!(!rig.core.chat().chat_stop(&reply.id), "nothing left to stop");
    // A stopped reply can be regenerated, not retried.
    assert!(rig.core.chat().chat_retry(&reply.id, &Events::default().sink()).await.is_err());
    rig.control().set_stream_pace(Duration::ZERO);
    let again = rig
        .core
        .chat()
        .chat_regenerate(&reply.id, options(sb::MODEL_CHAT, json!({})), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(again.status, MessageStatus::Complete);
}

#[tokio::test]
async fn a_closed_channel_stops_the_reply() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_stream_pace(Duration::from_millis(5));
    let seen = std::sync::atomic::AtomicUsize::new(0);
    let sink = |event: ChatEvent| {
        let n = seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        !matches!(event, ChatEvent::Delta { .. }) || n < 3
    };
    let reply = rig
        .core
        .chat()
        .chat_send(input(LONG_PROMPT, options(sb::MODEL_CHAT, json!({}))), &sink)
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Stopped);
}

#[tokio::test]
async fn a_401_ends_only_that_session_and_marks_the_reply() {
    let rig = signed_in(ContextRequest::Personal).await;
    let first = rig
        .core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    let events = Events::default();
    let err = rig
        .core
        .chat()
        .chat_send(
            super::super::wire::ChatSendInput {
                conversation_id: Some(first.conversation_id.clone()),
                ..input("Still there?", options(sb::MODEL_CHAT, json!({})))
            },
            &events.sink(),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Unauthorized { .. }));
    assert!(
        matches!(events.all().last(), Some(ChatEvent::Error { error, .. }) if error.code == ErrorCode::SessionExpired)
    );
    assert!(rig.core.auth().sessions_view().await.unwrap().sessions.is_empty(), "the Personal session ended");
}

/// Issue 25: a platform that streams without end is cut off at the same bound as a reply
/// answered whole; what arrived is saved (and its charge kept in the ledger) like any
/// interrupted reply, and the reply says why.
#[tokio::test]
async fn a_stream_without_end_is_cut_off_saved_and_charged_as_received() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control()
        .inject(Fault::once(Route::ChatCompletions, FaultKind::SseEndless { delta_bytes: 64 * 1024 }));
    let events = Events::default();
    let reply = rig
        .core
        .chat()
        .chat_send(input(LONG_PROMPT, options(sb::MODEL_CHAT, json!({}))), &events.sink())
        .await
        .unwrap()
        .reply;
    let bound = super::super::gateway::MAX_REPLY_BYTES;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    assert_eq!(reply.content.len(), bound, "exactly up to the bound");
    let error = reply.error.clone().unwrap();
    assert!(error.message.contains("cut off at 8 MiB"), "{}", error.message);
    assert_eq!(events.deltas().len(), bound, "the window got what was kept, no more");
    let id = receipt_id(&reply);
    assert_eq!(rig.control().charges_for(&id).len(), 1, "the platform charged once");
    assert_eq!(ledger_rows(&rig, &id).await.len(), 1, "and the ledger says so");
    let stored = rig.core.chat().chat_conversation(&reply.conversation_id).await.unwrap();
    assert_eq!(stored.messages[1].content.len(), bound, "saved as received");
}
