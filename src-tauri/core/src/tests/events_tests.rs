//! The event port: what the core announces by itself, proved with the recording `Events`.

use xiaoya_sandbox as sb;

use crate::auth::wire::{ContextRequest, SessionEndReason};
use crate::foundation::error::Error;
use crate::tts::tests::{personal, standard};
use crate::tts::wire::ClipStatus;
use crate::wire::AppEvent;

fn name(event: &AppEvent) -> &'static str {
    match event {
        AppEvent::PlatformChanged { .. } => "platformChanged",
        AppEvent::SessionsChanged { .. } => "sessionsChanged",
        AppEvent::SignedIn { .. } => "signedIn",
        AppEvent::SignInFailed { .. } => "signInFailed",
        AppEvent::BalanceChanged { .. } => "balanceChanged",
        AppEvent::SessionEnded { .. } => "sessionEnded",
        AppEvent::ClipSettled { .. } => "clipSettled",
        AppEvent::PlatformBusy { .. } => "platformBusy",
        AppEvent::PlaybackChanged { .. } => "playbackChanged",
    }
}

/// A 401 during synthesis ends that session and is announced exactly once, with its reason
/// and the view after it (no session left, the notice in it).
#[tokio::test]
async fn a_401_during_synthesis_announces_one_session_ended_with_its_reason_and_the_view() {
    let rig = personal().await;
    let session = rig.core.auth().active_session().await.unwrap();
    rig.events.take();
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    let err = rig.core.tts().synthesize(standard("Still signed in?")).await.unwrap_err();
    assert!(matches!(err, Error::Unauthorized { .. }), "{err:?}");
    let events = rig.events.take();
    let ended: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            AppEvent::SessionEnded { ended, view } => Some((ended, view)),
            _ => None,
        })
        .collect();
    assert_eq!(ended.len(), 1, "announced once: {:?}", events.iter().map(name).collect::<Vec<_>>());
    let (ended, view) = ended[0];
    assert_eq!(ended.id, session.id);
    assert_eq!(ended.reason, SessionEndReason::Rejected);
    assert!(ended.was_paying);
    assert!(view.sessions.is_empty(), "the view is the one after the end");
    assert_eq!(view.ended.first().map(|n| n.id.as_str()), Some(session.id.as_str()));
    // Nothing else claims the session is still there, and no balance follows a refused call.
    assert!(!events
        .iter()
        .any(|e| matches!(e, AppEvent::BalanceChanged { .. } | AppEvent::ClipSettled { .. })));
}

/// A clip that settled with a charge is announced, then the paying context's balance.
#[tokio::test]
async fn a_settled_charged_clip_announces_clip_settled_then_balance_changed() {
    let rig = personal().await;
    let session = rig.core.auth().active_session().await.unwrap();
    rig.events.take();
    let clip = rig.core.tts().synthesize(standard("Charged and settled.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete);
    // The balance is read after the answer (issue 23: Synthesize doesn't wait for it).
    let mut events = rig.events.take();
    for _ in 0..500 {
        if events.iter().any(|e| matches!(e, AppEvent::BalanceChanged { .. })) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        events.extend(rig.events.take());
    }
    let names: Vec<_> = events.iter().map(name).collect();
    assert_eq!(names, ["clipSettled", "balanceChanged"], "{names:?}");
    let AppEvent::ClipSettled { clip: settled, session_id, totals, counting } = &events[0] else {
        unreachable!()
    };
    assert_eq!((settled.id.as_str(), settled.status), (clip.id.as_str(), ClipStatus::Complete));
    // What it changed comes with it (issue 23: the page reads nothing back): the context's
    // totals as the ledger now has them, and the configuration's counting rule.
    assert_eq!(session_id, &session.id);
    let totals = totals.as_ref().expect("the totals");
    let read = rig.core.tts().tts_totals().await.unwrap();
    assert_eq!(
        (totals.context_points.as_str(), totals.context_clips, totals.session_clips),
        (read.context_points.as_str(), 1, 1)
    );
    assert!(counting.is_some(), "the counting rule");
    let AppEvent::BalanceChanged { balance } = &events[1] else { unreachable!() };
    assert_eq!(balance.session_id, session.id);
}

/// The billable checks charge the active context: its balance is read again and announced.
#[tokio::test]
async fn a_billable_check_announces_the_balance_after_it() {
    let rig = crate::testing::Rig::new().await;
    let session = rig.sign_in(ContextRequest::Personal).await;
    let quote = rig.core.check().platform_check_quote().await.unwrap();
    let total = quote.speech_estimate.and_then(|e| e.total_points);
    rig.events.take();
    rig.core.check().platform_check_billable(total, None).await.unwrap();
    let balances: Vec<_> = rig
        .events
        .take()
        .into_iter()
        .filter_map(|e| match e {
            AppEvent::BalanceChanged { balance } => Some(balance),
            _ => None,
        })
        .collect();
    assert!(!balances.is_empty(), "the balance was announced");
    assert_eq!(balances.last().map(|b| b.session_id.as_str()), Some(session.id.as_str()));
}

/// An expiry noticed while listing the sessions is announced once, as `sessionEnded`.
#[tokio::test]
async fn an_expiry_noticed_in_the_list_is_announced_once() {
    let rig = crate::testing::Rig::new().await;
    let session = rig.sign_in(ContextRequest::Personal).await;
    sqlx::query("UPDATE sessions SET expires_at = 0").execute(rig.core.db().pool()).await.unwrap();
    rig.events.take();
    let view = rig.core.auth().sessions_view().await.unwrap();
    rig.core.auth().sessions_view().await.unwrap();
    let events = rig.events.take();
    assert_eq!(events.len(), 1, "{:?}", events.iter().map(name).collect::<Vec<_>>());
    let AppEvent::SessionEnded { ended, view: announced } = &events[0] else {
        panic!("{:?}", name(&events[0]))
    };
    assert_eq!((ended.id.as_str(), ended.reason), (session.id.as_str(), SessionEndReason::Expired));
    assert_eq!(announced.ended.len(), view.ended.len());
}

/// Two calls that fail together end the session once: the one that finds the token gone
/// (because the first call just removed it) must not replace the first reason with
/// "token missing", nor announce a second end. (Seen in the real window: a 401 on the
/// catalog and a balance read at the same moment left "token missing" as the reason.)
#[tokio::test]
async fn a_session_ended_by_one_call_is_not_ended_again_by_another_that_found_its_token_gone() {
    let rig = personal().await;
    let session = rig.core.auth().active_session().await.unwrap();
    rig.events.take();
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    rig.core.tts().synthesize(standard("Still signed in?")).await.unwrap_err();
    // The second call still holds the record it read before the end.
    let err = rig.core.auth().token_for(&session).await.unwrap_err();
    assert!(matches!(err, Error::Unauthorized { .. }), "{err:?}");
    let events = rig.events.take();
    let ends: Vec<_> = events.iter().filter(|e| matches!(e, AppEvent::SessionEnded { .. })).collect();
    assert_eq!(ends.len(), 1, "announced once: {:?}", events.iter().map(name).collect::<Vec<_>>());
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.ended.len(), 1);
    assert_eq!(view.ended[0].reason, SessionEndReason::Rejected, "the first reason stands");
}

/// The same, at once: several calls on a session the platform just ended.
#[tokio::test]
async fn concurrent_calls_on_an_ended_session_leave_one_notice_with_the_platforms_reason() {
    let rig = personal().await;
    rig.events.take();
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    let tts = rig.core.tts();
    let billing = rig.core.billing();
    let models = rig.core.models();
    let (a, b, c) =
        tokio::join!(tts.synthesize(standard("one")), billing.refresh_balance(), models.model_catalog(true));
    assert!(a.is_err() && b.is_err() && c.is_err());
    let events = rig.events.take();
    assert_eq!(events.iter().filter(|e| matches!(e, AppEvent::SessionEnded { .. })).count(), 1);
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.ended.len(), 1);
    assert_eq!(view.ended[0].reason, SessionEndReason::Rejected);
}
