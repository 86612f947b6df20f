//! The tray's figures read from what the app stored (`Billing::tray_input`): every signed-in
//! context, who pays, the last charges and today's spending; a failed refresh is remembered
//! until a read succeeds; presenting hides everything.

use xiaoya_sandbox::{Fault, FaultKind, Route};

use super::{record, sb, team};
use crate::auth::wire::ContextRequest;
use crate::billing::ledger::ChargeKind;
use crate::billing::tray::{view, TrayBalance};
use crate::store::wire::{Locale, Presenting};
use crate::testing::Rig;

#[tokio::test]
async fn the_tray_reads_every_context_the_payer_its_charges_and_today() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    record(&rig, ChargeKind::Tts, "tts-1", Some("12")).await;
    record(&rig, ChargeKind::Chat, "chat-1", None).await;
    record(&rig, ChargeKind::Tts, "tts-2", Some("0.5")).await;
    record(&rig, ChargeKind::Tts, "tts-3", Some("3")).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    rig.core.auth().set_active_session(&personal.id).await.unwrap();
    rig.events.take();

    let input = rig.core.billing().tray_input(0).await.unwrap();
    assert!(rig.events.take().is_empty(), "reading the tray announces nothing");
    assert_eq!(input.active_id.as_deref(), Some(personal.id.as_str()));
    assert_eq!(input.contexts.len(), 2);
    let p = input.contexts.iter().find(|c| c.session_id == personal.id).unwrap();
    assert_eq!(p.balance.as_ref().map(|b| b.spendable.as_str()), Some("2500"));
    let a = input.contexts.iter().find(|c| c.session_id == alpha.id).unwrap();
    assert_eq!(a.team_name.as_deref(), Some(sb::TEAM_ALPHA_NAME));
    assert_eq!(a.balance, None, "Team Alpha's balance was never read");
    let charges: Vec<_> = input.charges.iter().map(|c| (c.summary.as_str(), c.points.as_deref())).collect();
    assert_eq!(
        charges,
        [("test charge tts-3", Some("3")), ("test charge tts-2", Some("0.5")), ("test charge chat-1", None)],
        "the three newest, newest first"
    );
    assert_eq!(input.spent_today.as_deref(), Some("15"), "12 + 0.5 + 3, cut to whole points");

    let v = view(&input, crate::billing::now_ms(), Locale::En);
    assert_eq!(v.label, "2,500");
    assert!(v.contexts.contains(&format!("{}: not read yet", sb::TEAM_ALPHA_NAME)), "{:?}", v.contexts);
}

#[tokio::test]
async fn a_failed_refresh_is_remembered_until_a_read_succeeds() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    let fresh = rig.core.billing().tray_input(0).await.unwrap();
    assert!(!fresh.contexts[0].refresh_failed);

    rig.control().inject(Fault { route: Route::Balance, kind: FaultKind::Status(500), times: 20 });
    assert!(rig.core.billing().refresh_balance_of(&personal.id).await.is_err());
    let failed = rig.core.billing().tray_input(0).await.unwrap();
    assert!(failed.contexts[0].refresh_failed);
    let TrayBalance { spendable, .. } = failed.contexts[0].balance.clone().unwrap();
    assert_eq!(spendable, "2500", "the last figure stays, marked");
    let label = view(&failed, crate::billing::now_ms(), Locale::En).label;
    assert_eq!(label, "2,500 · just now", "never shown as fresh");

    rig.control().clear_faults();
    rig.core.billing().refresh_balance_of(&personal.id).await.unwrap();
    let again = rig.core.billing().tray_input(0).await.unwrap();
    assert!(!again.contexts[0].refresh_failed);
}

#[tokio::test]
async fn presenting_hides_the_tray() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.billing().refresh_balance().await.unwrap();
    rig.core.set_presenting(Presenting { on: true, scale: 125 }).await.unwrap();
    let input = rig.core.billing().tray_input(0).await.unwrap();
    assert!(input.presenting);
    let v = view(&input, crate::billing::now_ms(), Locale::En);
    assert!(!v.visible && v.label.is_empty() && v.contexts.is_empty());
}
