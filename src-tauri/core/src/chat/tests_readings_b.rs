//! Chat against the readings of issue 24, batch B (READINGS M3, M7, M8): the platform's
//! answer in the other forms the docs allow, served by the sandbox.

use serde_json::json;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::tests::{input, ledger_rows, options, receipt_id, signed_in, Events};
use super::tests_faults::LONG_PROMPT;
use super::wire::MessageStatus;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;

/// A Personal reply cut off after four events, with this reading in force: the
/// starting point of a Retry.
async fn interrupted_under(reading: sb::Reading) -> (crate::testing::Rig, super::wire::ChatMessage) {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings([reading].into_iter().collect());
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::SseDrop { after_events: 4 }));
    let sent = rig
        .core
        .chat()
        .chat_send(input(LONG_PROMPT, options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(sent.status, MessageStatus::Interrupted);
    (rig, sent)
}

/// READINGS M8: a platform that answers a retried, settled request id with 409 (as speech
/// does) instead of replaying it. Retry says plainly the request was settled and charged
/// once; the text that arrived stays; nothing is charged again.
#[tokio::test]
async fn a_retry_answered_already_settled_keeps_the_text_and_says_it_was_charged_once() {
    let (rig, sent) = interrupted_under(sb::Reading::ChatSettledConflict).await;
    assert!(!sent.content.is_empty());
    let id = receipt_id(&sent);
    assert_eq!(rig.control().charges_for(&id).len(), 1);

    let events = Events::default();
    let retried = rig.core.chat().chat_retry(&sent.id, &events.sink()).await.unwrap().reply;
    assert_eq!(rig.control().chat_request_count(&id), 2, "the same request id was sent again");
    assert_eq!(retried.status, MessageStatus::Interrupted);
    let error = retried.error.clone().expect("said why");
    assert_eq!(error.code, ErrorCode::ReplyAlreadySettled);
    assert_eq!(error.platform_code.as_deref(), Some("CHAT_REQUEST_ALREADY_SETTLED"));
    assert!(!error.outcome_unknown, "settled is known");
    assert_eq!(retried.content, sent.content, "the text that arrived is kept");
    assert_eq!(events.kinds().last(), Some(&"error"));
    assert_eq!(rig.control().charges_for(&id).len(), 1, "no second charge");
    assert_eq!(ledger_rows(&rig, &id).await.len(), 1, "one ledger row");
    let stored = rig.core.chat().chat_conversation(&sent.conversation_id).await.unwrap();
    assert_eq!(stored.messages[1].content, sent.content, "and after a reload");
    assert_eq!(stored.messages[1].error.as_ref().map(|e| e.code), Some(ErrorCode::ReplyAlreadySettled));
}

/// READINGS M7: a platform that marks a replay `X-Xiaoya-Idempotent-Replay: 1` and sends no
/// `X-Xiaoya-Request-Id` on chat. Retry's replay is still shown as a replay (no new
/// charge), and the receipt names the request id the app sent, claiming no platform one.
#[tokio::test]
async fn a_replay_marked_one_without_a_platform_request_id_is_still_a_replay() {
    let (rig, sent) = interrupted_under(sb::Reading::ChatReplayHeadersOther).await;
    let id = receipt_id(&sent);
    assert_eq!(sent.receipt.as_ref().unwrap().platform_request_id, None, "none was sent");

    let retried = rig.core.chat().chat_retry(&sent.id, &Events::default().sink()).await.unwrap().reply;
    assert_eq!(retried.status, MessageStatus::Complete, "{:?}", retried.error);
    let receipt = retried.receipt.as_ref().unwrap();
    assert_eq!(receipt.request_id, id, "the app's own X-Request-ID");
    assert_eq!(receipt.platform_request_id, None);
    assert!(receipt.replayed, "`1` marks a replay");
    assert_eq!(rig.control().charges_for(&id).len(), 1, "no second charge");
    assert_eq!(ledger_rows(&rig, &id).await.len(), 1);
}

/// READINGS M3: an error delivered inside the stream, in each shape the docs leave open
/// (OpenAI's `{error: {code, message}}`, the envelope, a typed `event: error`). The reply
/// stops there, keeps what arrived, and names the platform's code.
#[tokio::test]
async fn an_error_inside_the_stream_interrupts_the_reply_in_every_shape() {
    for shape in
        [sb::StreamErrorShape::ErrorObject, sb::StreamErrorShape::Envelope, sb::StreamErrorShape::ErrorEvent]
    {
        let rig = signed_in(ContextRequest::Personal).await;
        rig.control()
            .inject(Fault::once(Route::ChatCompletions, FaultKind::SseError { after_events: 3, shape }));
        let events = Events::default();
        let reply = rig
            .core
            .chat()
            .chat_send(input(LONG_PROMPT, options(sb::MODEL_CHAT, json!({}))), &events.sink())
            .await
            .unwrap()
            .reply;
        assert_eq!(reply.status, MessageStatus::Interrupted, "{shape:?}");
        assert!(!reply.content.is_empty(), "{shape:?}: what arrived is kept");
        assert_eq!(events.deltas(), reply.content, "{shape:?}");
        assert_eq!(events.kinds().last(), Some(&"error"), "{shape:?}");
        let error = reply.error.expect("said why");
        assert_eq!(error.code, ErrorCode::Platform, "{shape:?}");
        assert_eq!(error.platform_code.as_deref(), Some(sb::StreamErrorShape::CODE), "{shape:?}");
        assert!(error.message.contains("failed while writing"), "{shape:?}: {}", error.message);
        let stored = rig.core.chat().chat_conversation(&reply.conversation_id).await.unwrap();
        assert_eq!(stored.messages[1].content, reply.content, "{shape:?}");
    }
}

/// READINGS G7: parameter rules in the JSON Schema keywords the docs' example never shows.
/// The app refuses, before sending, every value the platform would refuse (exclusive bounds
/// in both drafts' forms, `multipleOf`, bounds written as text, `{value, label}` enums,
/// `const`), offers the enum's values with their labels, ignores the unknown `x-ui-widget`,
/// and what it accepts the platform accepts: the reply completes.
#[tokio::test]
async fn parameter_rules_in_other_keywords_offer_only_what_the_platform_accepts() {
    use super::wire::ProblemKind as P;
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings([sb::Reading::ParameterSpecKeywords].into_iter().collect());
    let catalog = rig.core.models().model_catalog(true).await.unwrap();
    let othan = catalog.items.iter().find(|m| m.model_code == sb::MODEL_CHAT).unwrap();
    let def = |name: &str| othan.parameters.iter().find(|p| p.name == name).unwrap();
    let effort = def("reasoning_effort");
    assert_eq!(
        effort.enum_values,
        Some(vec![json!("low"), json!("medium"), json!("high")]),
        "the values, not the objects"
    );
    let labels: Vec<Option<&str>> = effort.enum_labels.iter().flatten().map(|l| l.as_deref()).collect();
    assert_eq!(labels, [Some("Quick"), Some("Balanced"), Some("Thorough")]);
    assert_eq!(def("n").enum_values, Some(vec![json!(1)]), "a const is the one value offered");
    assert!(def("top_p").nullable && def("top_p").maximum == Some(1.0), "a bound written as text is kept");
    let refused = [
        ("temperature", json!(0), P::NotAboveMinimum { minimum: 0.0 }),
        ("temperature", json!(0.25), P::NotMultipleOf { step: 0.1 }),
        ("temperature", json!(2.5), P::AboveMaximum { maximum: 2.0 }),
        ("top_p", json!(1.5), P::AboveMaximum { maximum: 1.0 }),
        ("max_tokens", json!(100), P::NotMultipleOf { step: 16.0 }),
        ("max_tokens", json!(8193), P::NotBelowMaximum { maximum: 8193.0 }),
        ("presence_penalty", json!(2), P::NotBelowMaximum { maximum: 2.0 }),
        ("presence_penalty", json!(-2), P::NotAboveMinimum { minimum: -2.0 }),
        (
            "reasoning_effort",
            json!("Thorough"),
            P::NotInEnum { allowed: vec![json!("low"), json!("medium"), json!("high")] },
        ),
        ("n", json!(2), P::NotInEnum { allowed: vec![json!(1)] }),
    ];
    for (name, value, problem) in refused {
        let found = rig
            .core
            .chat()
            .chat_check_options(&options(sb::MODEL_CHAT, json!({ name: value })))
            .await
            .unwrap();
        assert_eq!(
            found.iter().map(|p| (&*p.field, &p.problem)).collect::<Vec<_>>(),
            [(name, &problem)],
            "{name} = {value}"
        );
    }
    let accepted = options(
        sb::MODEL_CHAT,
        json!({"temperature": 0.3, "top_p": 1, "max_tokens": 512, "presence_penalty": -1.5,
            "reasoning_effort": "high", "n": 1}),
    );
    assert!(rig.core.chat().chat_check_options(&accepted).await.unwrap().is_empty());
    let reply = rig
        .core
        .chat()
        .chat_send(input("Keywords", accepted), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
}
