//! Balance snapshots, "why did my balance change", the ledger, the chart, the threshold
//! and the balance check.

use xiaoya_sandbox::{PersonalBalance, Points as SbPoints};

use super::{record, sb, team};
use crate::auth::wire::ContextRequest;
use crate::billing::ledger::ChargeKind;
use crate::billing::wire::{
    BalanceLimit, BalanceVerdict, BillingContext, LedgerQuery, LedgerScope, SpendingQuery,
};
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;

#[tokio::test]
async fn a_balance_that_changes_between_refreshes_is_lined_up_with_the_charges_seen() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    rig.core.billing().refresh_balance().await.unwrap();
    assert!(rig.core.billing().balance_changes().await.unwrap().intervals.is_empty(), "nothing moved");

    // The app sees two charges (one without an amount); the platform took 30 in all.
    record(&rig, ChargeKind::Tts, "tts-1", Some("12")).await;
    record(&rig, ChargeKind::Chat, "chat-1", None).await;
    rig.control().set_personal_balance(PersonalBalance { subscription: 770, gift_card: 200, recharge: 1500 });
    let overview = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(overview.spendable, "2470");

    record(&rig, ChargeKind::Tts, "tts-2", Some("0.5")).await;
    let changes = rig.core.billing().balance_changes().await.unwrap();
    assert_eq!(changes.intervals.len(), 1);
    let interval = &changes.intervals[0];
    assert_eq!((interval.from.spendable.as_str(), interval.to.spendable.as_str()), ("2500", "2470"));
    assert_eq!(interval.change, "-30");
    assert_eq!(interval.explained, "12");
    assert_eq!(interval.unpriced, 1);
    assert_eq!(interval.unexplained, "-18");
    let refs: Vec<&str> = interval.charges.iter().map(|c| c.receipt_ref.as_str()).collect();
    assert_eq!(refs, ["ref-tts-1", "ref-chat-1"]);
    assert_eq!(changes.since_last_refresh.len(), 1, "tts-2 came after the last refresh");
    assert!(!changes.shared_wallet);
}

#[tokio::test]
async fn a_team_quota_running_out_shows_low_and_the_check_warns_without_blocking() {
    let rig = Rig::new().await;
    rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let check = rig.core.billing().balance_check("20").await.unwrap();
    assert_eq!(check.verdict, BalanceVerdict::Enough, "a first check reads the balance itself");
    assert_eq!(check.remaining.as_deref(), Some("859.75"));
    assert_eq!(check.after.as_deref(), Some("839.75"));

    rig.control().set_team_balance(sb::TEAM_BETA_ID, None, Some(SbPoints::parse("990.5").unwrap()));
    let overview = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(overview.spendable, "9.5");
    assert!(overview.low, "below the default threshold of 100");

    let check = rig.core.billing().balance_check("20").await.unwrap();
    assert_eq!(check.verdict, BalanceVerdict::Exceeds);
    assert_eq!(check.limited_by, Some(BalanceLimit::Quota));
    assert_eq!(check.after.as_deref(), Some("-10.5"));
    assert_eq!(rig.core.billing().balance_check("5").await.unwrap().verdict, BalanceVerdict::Low);

    rig.core.billing().set_low_balance_threshold("0").await.unwrap();
    assert_eq!(rig.core.billing().balance_check("5").await.unwrap().verdict, BalanceVerdict::Enough);
    assert!(!rig.core.billing().last_balance().await.unwrap().unwrap().low);

    // The wallet, not the quota, is what runs out.
    rig.control().set_team_balance(sb::TEAM_BETA_ID, Some(SbPoints::whole(3)), Some(SbPoints::whole(0)));
    rig.core.billing().refresh_balance().await.unwrap();
    let check = rig.core.billing().balance_check("4").await.unwrap();
    assert_eq!((check.verdict, check.limited_by), (BalanceVerdict::Exceeds, Some(BalanceLimit::Wallet)));
}

#[tokio::test]
async fn the_threshold_is_validated_and_remembered() {
    let rig = Rig::new().await;
    assert_eq!(rig.core.billing().billing_settings().await.unwrap().low_balance_threshold, "100");
    let saved = rig.core.billing().set_low_balance_threshold(" 1000.50 ").await.unwrap();
    assert_eq!(saved.low_balance_threshold, "1000.5");
    for bad in ["-1", "abc", "", "1e3", "1,000"] {
        let err = rig.core.billing().set_low_balance_threshold(bad).await.unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidInput, "{bad:?}");
    }
    assert_eq!(rig.core.billing().billing_settings().await.unwrap().low_balance_threshold, "1000.5");
    assert_eq!(rig.core.billing().balance_check("x").await.unwrap_err().code(), ErrorCode::InvalidInput);
}

#[tokio::test]
async fn each_context_keeps_its_own_balance_and_ledger() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    record(&rig, ChargeKind::Tts, "p-1", Some("4")).await;
    let team_session = rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    assert_eq!(rig.core.billing().last_balance().await.unwrap(), None, "the Team has not been read yet");
    record(&rig, ChargeKind::Tts, "t-1", Some("0.25")).await;
    let team_balance = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(team_balance.session_id, team_session.id);

    let only = rig
        .core
        .billing()
        .points_ledger(LedgerQuery { scope: LedgerScope::ActiveContext, limit: 50, offset: 0 })
        .await
        .unwrap();
    assert_eq!(only.entries.iter().map(|e| e.request_id.as_str()).collect::<Vec<_>>(), ["t-1"]);
    assert_eq!(
        only.entries[0].context,
        BillingContext::Team { team_id: sb::TEAM_BETA_ID.into(), team_name: sb::TEAM_BETA_NAME.into() }
    );
    let all = rig
        .core
        .billing()
        .points_ledger(LedgerQuery { scope: LedgerScope::AllContexts, limit: 1, offset: 0 })
        .await
        .unwrap();
    assert_eq!((all.entries.len(), all.has_more), (1, true));
    assert_eq!(all.entries[0].request_id, "t-1", "newest first");

    let chart =
        rig.core.billing().spending_chart(SpendingQuery { days: 7, utc_offset_minutes: 480 }).await.unwrap();
    // The chart is the context on screen (issue 15: the Team page drew Personal's bars).
    assert_eq!(chart.series.len(), 1);
    assert_eq!(chart.series[0].context, only.entries[0].context);
    assert_eq!(chart.series[0].total, "0.25");
    assert_eq!(chart.max, "0.25");
    assert_eq!(chart.days.len(), 7);
    let personal = rig
        .core
        .auth()
        .sessions_view()
        .await
        .unwrap()
        .sessions
        .into_iter()
        .find(|s| s.id != team_session.id)
        .unwrap();
    rig.core.auth().set_active_session(&personal.id).await.unwrap();
    let chart =
        rig.core.billing().spending_chart(SpendingQuery { days: 7, utc_offset_minutes: 480 }).await.unwrap();
    assert_eq!(chart.series.len(), 1);
    assert_eq!(chart.series[0].context, BillingContext::Personal);
    assert_eq!((chart.series[0].total.as_str(), chart.max.as_str()), ("4", "4"));
}
