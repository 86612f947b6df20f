//! Chat against the readings of issue 24, batch B (READINGS M3, M7, M8): the platform's
//! answer in the other forms the docs allow, served by the sandbox.

use serde_json::json;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::super::tests::{input, ledger_rows, options, receipt_id, signed_in, Events};
use super::super::wire::MessageStatus;
use super::faults_tests::LONG_PROMPT;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;

/// A Personal reply cut off after four events, with this reading in force: the
/// starting point of a Retry.
async fn interrupted_under(reading: sb::Reading) -> (crate::testing::Rig, super::super::wire::ChatMessage) {
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
    use super::super::wire::ProblemKind as P;
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

/// READINGS J4: a usage counter that counts a window (here each day) restarts, so it goes
/// backwards between two refreshes. A reply settled across the restart is "not reported"
/// because the counter restarted, not because there is no counter, and the interval says
/// the counter restarted and claims nothing from it.
#[tokio::test]
async fn a_usage_counter_that_restarts_says_so_and_claims_nothing() {
    use crate::billing::wire::{ChargeCost, NotReportedWhy};

    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings([sb::Reading::UsageWindowDaily].into_iter().collect());
    rig.core.billing().refresh_balance().await.unwrap();
    let send = |prompt: &'static str| {
        let chat = rig.core.chat();
        async move {
            chat.chat_send(input(prompt, options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
                .await
                .unwrap()
                .reply
        }
    };
    for prompt in ["Hello", "Hello again"] {
        let reply = send(prompt).await;
        let cost = super::cost_tests::settled_cost(&rig, &reply).await;
        assert!(matches!(cost, Some(ChargeCost::FromUsageCounter { .. })), "{cost:?}");
    }
    // A new day: the counter starts again from this reply alone, below what it showed.
    rig.control().advance_clock(std::time::Duration::from_secs(86_400));
    let reply = send("Hello").await;
    assert_eq!(
        super::cost_tests::settled_cost(&rig, &reply).await,
        Some(ChargeCost::NotReported { why: NotReportedWhy::CounterRestarted })
    );
    let request_id = receipt_id(&reply);
    let changes = rig.core.billing().balance_changes().await.unwrap();
    let interval = changes
        .intervals
        .iter()
        .find(|i| i.charges.iter().any(|c| c.request_id == request_id))
        .expect("the reply's interval");
    assert!(interval.counter_restarted, "{interval:?}");
    assert_eq!(interval.chat_by_usage, None, "nothing claimed from a restarted counter");
    assert_eq!(interval.unpriced, 1);
}

/// READINGS J3: a usage counter that counts chat only. A clip alone between two refreshes
/// leaves the counter where it was, which shows what it counts; then an interval with a clip
/// and a reply without its amount takes nothing off the counter for the clip, and explains
/// the reply's points in full (the old explanation took the clip's receipt off the counter
/// and left the reply's points "unexplained").
#[tokio::test]
async fn a_usage_counter_of_chat_only_is_learned_and_not_reduced_by_speech_receipts() {
    use crate::tts::tests::{fast_policy, standard};

    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings([sb::Reading::UsageCountsChatOnly].into_iter().collect());
    rig.core.tts().state().set_policy(fast_policy());
    rig.core.billing().refresh_balance().await.unwrap();
    let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
    assert!(
        clip.receipt.as_ref().and_then(|r| r.charged_points.as_ref()).is_some(),
        "speech names its points: {clip:?}"
    );
    refresh_until_read(&rig).await;
    // The refreshes the app starts after the reply and the next clip fail, so both land in
    // one interval, as when the platform is briefly unreachable (three refusals: the refresh
    // after the first clip may still be on its way).
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    rig.control().inject(Fault {
        route: Route::Balance,
        kind: FaultKind::Refusal { status: 400, code: "BALANCE_UNAVAILABLE" },
        times: 3,
    });
    let reply = rig
        .core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let request_id = receipt_id(&reply);
    let chat_points = rig.control().charges_for(&request_id)[0].points.to_string();
    rig.core.tts().synthesize(standard("hello again")).await.unwrap();
    refresh_until_read(&rig).await;
    let changes = rig.core.billing().balance_changes().await.unwrap();
    let interval = changes
        .intervals
        .iter()
        .find(|i| i.charges.iter().any(|c| c.request_id == request_id))
        .expect("the reply's interval");
    assert_eq!(interval.charges.len(), 2, "the reply and the clip: {interval:?}");
    assert_eq!(interval.chat_by_usage.as_deref(), Some(chat_points.as_str()), "{interval:?}");
    assert_eq!(interval.unexplained, "0", "{interval:?}");
    assert!(!interval.counter_scope_unknown);
}

/// A balance refresh that succeeds (an injected refusal may still be waiting for it).
async fn refresh_until_read(rig: &crate::testing::Rig) {
    for _ in 0..5 {
        if rig.core.billing().refresh_balance().await.is_ok() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the balance was never read");
}
