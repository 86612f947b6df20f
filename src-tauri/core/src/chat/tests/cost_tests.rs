//! The composer's usage hint: what the platform reported for recent replies with the same
//! model in the same context, never another context's, never a guess.

use serde_json::json;
use xiaoya_sandbox as sb;

use super::super::cost::summarize;
use super::super::tests::{input, ledger_rows, options, receipt_id, send_and_stop, signed_in, Events};
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

/// Issue 26: before the next reply, the composer can say what recent replies with this model
/// cost here, where the platform said so (`X-Xiaoya-Charged-Points` on chat): the middle and
/// the most of their points. Replies whose points nobody knows are not counted.
#[tokio::test]
async fn the_hint_names_the_points_recent_replies_were_charged() {
    let rig = signed_in(ContextRequest::Personal).await;
    let none = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!((none.priced_samples, none.typical_points.as_deref()), (0, None));

    // Without the header, the points are not known until a balance read settles them.
    rig.core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap();
    let unsettled = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!((unsettled.samples, unsettled.priced_samples), (1, 0), "tokens known, points not yet");

    rig.control().set_readings([sb::Reading::ChatChargedPointsHeader].into_iter().collect());
    let mut charged = Vec::new();
    for text in ["Tell me about tea", "How do I plan a small project?"] {
        let reply = rig
            .core
            .chat()
            .chat_send(input(text, options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
            .await
            .unwrap()
            .reply;
        let id = receipt_id(&reply);
        charged.push(rig.control().charges_for(&id).first().expect("charged").points);
    }
    let hint = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!(hint.priced_samples, 2, "{hint:?}");
    let mut sorted: Vec<_> = charged.iter().map(|p| p.to_string()).collect();
    sorted.sort_by(|a, b| a.parse::<f64>().unwrap().total_cmp(&b.parse::<f64>().unwrap()));
    assert_eq!(hint.typical_points.as_deref(), Some(sorted[0].as_str()));
    assert_eq!(hint.max_points.as_deref(), Some(sorted[1].as_str()));
}

#[test]
fn the_typical_count_is_the_middle_one_and_the_max_the_largest() {
    assert_eq!(summarize(vec![]), (None, None));
    assert_eq!(summarize(vec![300, 150, 900]), (Some(300), Some(900)));
    assert_eq!(summarize(vec![400, 200]), (Some(200), Some(400)), "the lower middle of an even count");
}

/// Issue 15, points 1 and 2: a stopped reply the platform charged is a ledger entry (its
/// receipt names no points), and "why did my balance change" explains those points through
/// the platform's own usage counter instead of blaming another device (issue 26: as the
/// reply's own cost, since it was the only charge between the two refreshes).
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
    // Alone between two refreshes, the counter's change is its own cost (issue 26).
    let counted = interval.charges.iter().find(|c| c.request_id == request_id).unwrap();
    assert_eq!(
        counted.cost,
        crate::billing::wire::ChargeCost::FromUsageCounter { points: charged.clone() },
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

/// The reply's cost once a balance refresh after it has settled it (the app refreshes the
/// paying context's balance in the background after every reply).
pub(super) async fn settled_cost(
    rig: &crate::testing::Rig,
    reply: &crate::chat::wire::ChatMessage,
) -> Option<crate::billing::wire::ChargeCost> {
    use crate::billing::wire::{ChargeCost, NotReportedWhy};
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let view = rig.core.chat().chat_conversation(&reply.conversation_id).await.unwrap();
        let cost = view.messages.iter().find(|m| m.id == reply.id).and_then(|m| m.receipt.clone()?.cost);
        let waiting = cost == Some(ChargeCost::NotReported { why: NotReportedWhy::AwaitingRefresh });
        if !waiting || std::time::Instant::now() > deadline {
            return cost;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Issue 26, item 1: a reply names what it cost, in both of the sandbox's readings. With
/// `X-Xiaoya-Charged-Points` on the answer, the platform's number at once; without it, "not
/// reported" until the balance refresh after the reply, then the usage counter's change
/// (it was the only charge between the two refreshes), and Balances calls the interval fully
/// explained with every amount known. A Team has no usage counter: "not reported", and why.
#[tokio::test]
async fn a_reply_names_what_it_cost_with_the_header_or_the_usage_counter() {
    use crate::billing::wire::{ChargeCost, NotReportedWhy};

    // Not sent (the default reading): the usage counter names it.
    let rig = signed_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    let reply = rig
        .core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let receipt = reply.receipt.clone().unwrap();
    assert_eq!(receipt.charged_points, None, "the default reading sends no header on chat");
    let charged = rig.control().charges_for(&receipt.request_id)[0].points.to_string();
    let cost = settled_cost(&rig, &reply).await;
    assert_eq!(cost, Some(ChargeCost::FromUsageCounter { points: charged.clone() }), "{charged}");
    let changes = rig.core.billing().balance_changes().await.unwrap();
    let interval = changes
        .intervals
        .iter()
        .find(|i| i.charges.iter().any(|c| c.request_id == receipt.request_id))
        .expect("the reply's interval");
    assert_eq!(interval.charges[0].cost, ChargeCost::FromUsageCounter { points: charged.clone() });
    assert_eq!((interval.explained.as_str(), interval.unpriced), (charged.as_str(), 0), "{interval:?}");
    assert_eq!(interval.unexplained, "0");
    let chart = rig
        .core
        .billing()
        .spending_chart(crate::billing::wire::SpendingQuery { days: 1, utc_offset_minutes: 0 })
        .await
        .unwrap();
    assert_eq!(chart.series[0].total, charged, "the chart counts the reply's points");

    // Sent: the platform's own number, on the reply itself, before any refresh.
    rig.control().set_readings([sb::Reading::ChatChargedPointsHeader].into_iter().collect());
    let reply = rig
        .core
        .chat()
        .chat_send(input("Tell me about tea", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let receipt = reply.receipt.clone().unwrap();
    let charged = rig.control().charges_for(&receipt.request_id)[0].points.to_string();
    assert_eq!(receipt.cost, Some(ChargeCost::Reported { points: charged.clone() }));
    assert_eq!(settled_cost(&rig, &reply).await, Some(ChargeCost::Reported { points: charged }));

    // A Team without the header: no usage counter to read, and the reply says so.
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.core.billing().refresh_balance().await.unwrap();
    let reply = rig
        .core
        .chat()
        .chat_send(input("Hello", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(
        settled_cost(&rig, &reply).await,
        Some(ChargeCost::NotReported { why: NotReportedWhy::NoUsageCounter })
    );
}

/// Issue 26, item 1, as the window meets it: the header read the balance at sign-in, a
/// reply completes, and the refresh the core starts by itself after the reply (nobody calls
/// `refresh_balance`) announces what the reply cost, from the usage counter.
#[tokio::test]
async fn the_refresh_after_a_reply_announces_its_cost_from_the_usage_counter() {
    use std::time::{Duration, Instant};

    use crate::billing::wire::ChargeCost;
    use crate::wire::AppEvent;

    let rig = signed_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    rig.events.take();
    let reply = rig
        .core
        .chat()
        .chat_send(
            input("How do I plan a small project?", options(sb::MODEL_CHAT, json!({}))),
            &Events::default().sink(),
        )
        .await
        .unwrap()
        .reply;
    let request_id = receipt_id(&reply);
    let deadline = Instant::now() + Duration::from_secs(10);
    let settled = loop {
        let found = rig.events.take().into_iter().find_map(|e| match e {
            AppEvent::BalanceChanged { balance } => {
                balance.settled.into_iter().find(|s| s.request_id == request_id)
            }
            _ => None,
        });
        if let Some(found) = found {
            break found;
        }
        assert!(Instant::now() < deadline, "no refresh after the reply settled it");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let charged =
        rig.control().charges_for(&request_id).first().map(|c| c.points.to_string()).expect("charged");
    assert_eq!(settled.cost, ChargeCost::FromUsageCounter { points: charged });
    assert_eq!(settled.receipt_ref, reply.id);
}
