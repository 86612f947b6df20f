//! The composer's usage hint: what the platform reported for recent replies with the same
//! model in the same context, never another context's, never a guess.

use serde_json::json;
use xiaoya_sandbox as sb;

use super::cost::summarize;
use super::tests::{input, ledger_rows, options, receipt_id, send_and_stop, signed_in, Events};
use crate::auth::wire::ContextRequest;

#[tokio::test]
async fn the_hint_is_the_usage_recent_replies_with_the_model_reported_in_this_context() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    let team = view.active_id.clone().unwrap();
    let personal = view.sessions.iter().find(|s| s.id != team).unwrap().id.clone();
    rig.core.auth().set_active_session(&personal).await.unwrap();

    let none = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!((none.samples, none.typical_tokens), (0, None), "nothing sent yet: no number");

    let mut used = Vec::new();
    for text in ["Hello", "Tell me about tea", "How do I plan a small project?"] {
        let reply = rig
            .core
            .chat()
            .chat_send(input(text, options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
            .await
            .unwrap()
            .reply;
        let usage = reply.receipt.as_ref().and_then(|r| r.usage).expect("the platform reported the usage");
        used.push(usage.total_tokens.expect("a total"));
    }
    let hint = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!(hint.samples, 3);
    let (typical, max) = summarize(used);
    assert_eq!((hint.typical_tokens, hint.max_tokens), (typical, max));
    assert!(typical.is_some_and(|t| t > 0));

    // Another model, and another context, have their own (empty) history.
    assert_eq!(rig.core.chat().chat_usage_hint(sb::MODEL_VISION).await.unwrap().samples, 0);
    rig.core.auth().set_active_session(&team).await.unwrap();
    assert_eq!(
        rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap().samples,
        0,
        "Personal's replies don't count in Team"
    );
}

#[test]
fn the_typical_count_is_the_middle_one_and_the_max_the_largest() {
    assert_eq!(summarize(vec![]), (None, None));
    assert_eq!(summarize(vec![300, 150, 900]), (Some(300), Some(900)));
    assert_eq!(summarize(vec![400, 200]), (Some(200), Some(400)), "the lower middle of an even count");
}

/// Issue 15, points 1 and 2: a stopped reply the platform charged is a ledger entry (its
/// receipt names no points), and "why did my balance change" explains those points through
/// the platform's own usage counter instead of blaming another device.
#[tokio::test]
async fn a_stopped_reply_is_in_the_ledger_and_the_usage_counter_explains_its_points() {
    use std::time::Duration;

    use crate::billing::wire::{LedgerQuery, LedgerScope};
    use crate::chat::wire::MessageStatus;

    let rig = signed_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    let (turn, _) =
        send_and_stop(&rig, &Events::default(), "Write a long, detailed story about a lighthouse keeper")
            .await;
    let reply = turn.reply;
    assert_eq!(reply.status, MessageStatus::Stopped);
    let request_id = receipt_id(&reply);

    // The platform charged the stopped reply (once its stream was cut).
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while rig.control().charges_for(&request_id).is_empty() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let charged = rig
        .control()
        .charges_for(&request_id)
        .first()
        .map(|c| c.points.to_string())
        .expect("the sandbox charged it");
    rig.core.billing().refresh_balance().await.unwrap();

    let ledger = rig
        .core
        .billing()
        .points_ledger(LedgerQuery { scope: LedgerScope::ActiveContext, limit: 50, offset: 0 })
        .await
        .unwrap();
    let entry = ledger
        .entries
        .iter()
        .find(|e| e.request_id == request_id)
        .expect("the stopped reply is in the ledger");
    assert_eq!(entry.points, None, "its receipt reported no points: shown as not reported, not as 0");

    let changes = rig.core.billing().balance_changes().await.unwrap();
    let interval = changes
        .intervals
        .iter()
        .find(|i| i.charges.iter().any(|c| c.request_id == request_id))
        .expect("the interval with the stopped reply");
    assert_eq!(
        interval.chat_by_usage.as_deref(),
        Some(charged.as_str()),
        "the usage counter names its points"
    );
    assert_eq!(interval.unexplained, "0", "nothing blamed on another device: {interval:?}");
}

/// A reply the platform refused outright (nothing streamed, a definite error) charged
/// nothing and leaves no ledger row.
#[tokio::test]
async fn a_refused_reply_leaves_no_ledger_row() {
    use sb::{Fault, FaultKind, Route};

    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Status(400)));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let request_id = receipt_id(&reply);
    assert!(ledger_rows(&rig, &request_id).await.is_empty(), "no ledger row for a refused reply");
    assert!(rig.control().charges_for(&request_id).is_empty());
}
