//! The Team information against the sandbox, per route and per Team shape (an owner, a
//! plain member, a Team without a plan), and the readers on shapes the sandbox never sends.

use serde_json::json;
use xiaoya_sandbox as sb;
use xiaoya_sandbox::{Fault, FaultKind, Route, Scope};

use super::read::*;
use super::wire::{TeamInformation, TeamRead, TeamRefusalKind};
use crate::auth::wire::{ContextRequest, SessionContext};
use crate::foundation::error::{Error, ErrorCode};
use crate::testing::Rig;

fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

async fn information(team_id: &str) -> (Rig, TeamInformation) {
    let rig = Rig::new().await;
    rig.sign_in(team(team_id)).await;
    let info = rig.core.teams().information(None).await.expect("team information");
    (rig, info)
}

fn read<T: ts_rs::TS + std::fmt::Debug>(read: &TeamRead<T>) -> &T {
    match read {
        TeamRead::Read { value, .. } => value,
        other => panic!("a read answer: {other:?}"),
    }
}

fn field<'a>(fields: &'a [super::wire::PlainField], key: &str) -> Option<&'a str> {
    fields.iter().find(|f| f.key == key).map(|f| f.value.as_str())
}

#[tokio::test]
async fn the_owner_reads_every_route_of_their_team() {
    let (_rig, info) = information(sb::TEAM_ALPHA_ID).await;
    assert_eq!(info.team_id, sb::TEAM_ALPHA_ID);

    let overview = read(&info.overview);
    assert_eq!(field(&overview.fields, "name"), Some(sb::TEAM_ALPHA_NAME));

    let members = read(&info.members);
    assert_eq!(members.len(), 4);
    let chen = members.iter().find(|m| m.name.as_deref() == Some("Chen Mo")).unwrap();
    assert_eq!((chen.role.as_deref(), chen.status.as_deref()), (Some("admin"), Some("active")));
    assert_eq!(field(&chen.other, "email"), Some("chen.mo@example.com"), "undocumented fields stay, as sent");
    if let TeamRead::Read { report, raw, .. } = &info.members {
        assert!(report.is_clean(), "{report:?}");
        assert!(raw.contains("member_alpha_0002"), "the answer as sent: {raw}");
    }

    let credits = read(&info.member_credits);
    assert_eq!(credits.members.len(), 4, "the owner sees everyone's credits");
    let zhou = credits.members.iter().find(|m| m.name.as_deref() == Some("Zhou Yun")).unwrap();
    assert_eq!(
        (zhou.quota_limit.as_deref(), zhou.quota_used.as_deref(), zhou.quota_remaining.as_deref()),
        (Some("800"), Some("799.75"), Some("0.25")),
        "exact decimals"
    );
    let owner =
        credits.members.iter().find(|m| m.member_id.as_deref() == Some(sb::TEAM_ALPHA_MEMBER_ID)).unwrap();
    assert_eq!(owner.quota_limit, None, "no limit sent, none invented");
    assert_eq!(field(&credits.other, "walletBalancePoints"), Some("9007199254740993"), "beyond 2^53, exact");

    let ent = read(&info.entitlements);
    assert_eq!(ent.account_type.as_deref(), Some("team"));
    assert_eq!(ent.account_id.as_deref(), Some(sb::TEAM_ALPHA_ID));
    assert_eq!((ent.max_file_bytes, ent.total_bytes), (Some(209_715_200), Some(107_374_182_400)));
    assert_eq!(ent.member_limit, Some(8));
    assert_eq!(ent.plan_features, vec!["team_chat", "voice_clone", "workflow_runs"]);
    assert_eq!(ent.sources.len(), 2);
    assert!(ent.sources[0].open_ended, "the base source has a null end: no expiry");
    assert_eq!(ent.sources[1].ends_at.as_deref(), Some("2027-09-01T00:00:00Z"));
    assert!(!ent.sources[1].open_ended);

    let membership = read(&info.membership);
    assert_eq!((membership.can_purchase_credits, membership.access_active), (Some(true), Some(true)));
    assert_eq!(field(&membership.other, "planName"), Some("Studio"));

    let orders = read(&info.orders);
    assert_eq!(orders.entries.len(), 1);
    assert_eq!(field(&orders.entries[0], "status"), Some("paid"));

    let plans = read(&info.plans);
    assert_eq!(plans.len(), 2);
    assert_eq!(
        (plans[0].included_members, plans[0].allow_purchase, plans[0].monthly_price_minor),
        (Some(5), Some(true), Some(9_900))
    );
    assert_eq!(field(&plans[0].other, "name"), Some("Studio"));
}

#[tokio::test]
async fn a_plain_member_sees_their_own_quota_and_is_refused_the_orders_with_the_platforms_words() {
    let (_rig, info) = information(sb::TEAM_BETA_ID).await;
    assert_eq!(read(&info.members).len(), 3, "every member sees who is in the Team");
    let credits = read(&info.member_credits);
    assert_eq!(credits.members.len(), 1, "a plain member sees only their own row");
    let me = &credits.members[0];
    assert_eq!(me.member_id.as_deref(), Some(sb::TEAM_BETA_MEMBER_ID));
    assert_eq!(
        (me.quota_limit.as_deref(), me.quota_used.as_deref(), me.quota_remaining.as_deref()),
        (Some("1000"), Some(sb::TEAM_BETA_QUOTA_USED), Some(sb::TEAM_BETA_BALANCE_DECIMAL))
    );
    let TeamRead::Refused { refusal } = &info.orders else { panic!("orders refused: {:?}", info.orders) };
    assert_eq!((refusal.kind, refusal.status), (TeamRefusalKind::RoleRequired, 403));
    assert_eq!(refusal.platform_code.as_deref(), Some("TEAM_ROLE_REQUIRED"));
    assert!(refusal.message.contains("owner or admins"), "{}", refusal.message);
    assert!(refusal.request_id.is_some());
    assert!(matches!(info.plans, TeamRead::Read { .. }), "the rest still reads");
}

#[tokio::test]
async fn a_team_without_a_plan_says_it_cannot_buy_credits_and_its_sources_never_end() {
    let (_rig, info) = information(sb::TEAM_GAMMA_ID).await;
    let membership = read(&info.membership);
    assert_eq!((membership.can_purchase_credits, membership.access_active), (Some(false), Some(false)));
    assert_eq!(field(&membership.other, "planName"), Some("null"));
    let ent = read(&info.entitlements);
    assert_eq!(ent.member_limit, Some(1));
    assert!(ent.plan_features.is_empty());
    assert_eq!(ent.sources.len(), 1);
    assert!(ent.sources[0].open_ended);
    assert!(read(&info.orders).entries.is_empty());
}

#[tokio::test]
async fn a_402_plan_required_and_a_404_are_refusals_not_failures() {
    let rig = Rig::new().await;
    rig.sign_in(team(sb::TEAM_GAMMA_ID)).await;
    rig.control().inject(Fault { route: Route::TeamInfo, kind: FaultKind::Status(402), times: 7 });
    let info = rig.core.teams().information(None).await.unwrap();
    let TeamRead::Refused { refusal } = &info.membership else { panic!("{:?}", info.membership) };
    assert_eq!(refusal.kind, TeamRefusalKind::PlanRequired);
    assert_eq!(refusal.platform_code.as_deref(), Some("TEAM_CREDIT_PACK_PLAN_REQUIRED"));

    rig.control().inject(Fault { route: Route::TeamInfo, kind: FaultKind::Status(404), times: 7 });
    let info = rig.core.teams().information(None).await.unwrap();
    let TeamRead::Refused { refusal } = &info.members else { panic!("{:?}", info.members) };
    assert_eq!((refusal.kind, refusal.status), (TeamRefusalKind::NotFound, 404));

    rig.control().inject(Fault { route: Route::TeamInfo, kind: FaultKind::Status(500), times: 7 });
    let info = rig.core.teams().information(None).await.unwrap();
    let TeamRead::Failed { error } = &info.overview else { panic!("{:?}", info.overview) };
    assert_eq!(error.code, ErrorCode::Platform);
}

#[tokio::test]
async fn without_team_read_nothing_is_asked_and_the_reason_is_the_missing_scope() {
    let rig = Rig::new().await;
    rig.control().set_granted_scopes_override(Some(vec![Scope::Profile, Scope::Balance, Scope::Model]));
    rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    let err = rig.core.teams().information(None).await.unwrap_err();
    assert!(matches!(&err, Error::ScopeMissing(s) if s == "team_read"), "{err:?}");

    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    assert_eq!(rig.core.teams().information(None).await.unwrap_err().code(), ErrorCode::InvalidInput);
}

/// A Team member sees their Team while Personal pays: the Team session named is read with its
/// own token, and who pays does not change. Without a name, the active (Personal) session is
/// no Team; a name that is no signed-in session is `NOT_SIGNED_IN`.
#[tokio::test]
async fn a_team_is_read_while_personal_pays_and_the_payer_stays() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: false }).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    let personal = view.sessions.iter().find(|s| s.context == SessionContext::Personal).unwrap().id.clone();
    let team = view.sessions.iter().find(|s| s.context != SessionContext::Personal).unwrap().id.clone();
    assert_eq!(rig.core.auth().active_session().await.unwrap().id, personal);

    let info = rig.core.teams().information(Some(&team)).await.unwrap();
    assert_eq!((info.team_id.as_str(), info.session_id.as_str()), (sb::TEAM_ALPHA_ID, team.as_str()));
    assert!(!read(&info.members).is_empty(), "the members are read");
    assert_eq!(rig.core.auth().active_session().await.unwrap().id, personal, "Personal still pays");

    assert_eq!(rig.core.teams().information(None).await.unwrap_err().code(), ErrorCode::InvalidInput);
    assert_eq!(
        rig.core.teams().information(Some(&personal)).await.unwrap_err().code(),
        ErrorCode::InvalidInput
    );
    assert_eq!(
        rig.core.teams().information(Some("no-such-session")).await.unwrap_err().code(),
        ErrorCode::NotSignedIn
    );
}

#[test]
fn unknown_shapes_are_flagged_and_kept_never_refused() {
    let (members, report) = read_members(&json!({"people": {"count": 2}}));
    assert!(members.is_empty());
    assert_eq!(report.shape, "not a list");
    assert!(report.unrecognised[0].starts_with("data = an object"), "{report:?}");

    let (members, report) = read_members(&json!({"data": {"members": [{"id": 7, "displayName": "Ann"}]}}));
    assert_eq!((members[0].member_id.as_deref(), members[0].name.as_deref()), (Some("7"), Some("Ann")));
    assert_eq!(report.shape, "data.data.members");
    assert_eq!(report.missing, vec!["members[].role"]);

    let (credits, report) = read_member_credits(
        &json!([{"memberId": "m", "quotaLimit": "10.5", "quotaUsed": 2.25, "quotaRemaining": "lots"}]),
    );
    let m = &credits.members[0];
    assert_eq!((m.quota_limit.as_deref(), m.quota_used.as_deref()), (Some("10.5"), Some("2.25")));
    assert!(report.unrecognised.iter().any(|u| u.contains("quotaRemaining")), "{report:?}");

    let exact = crate::foundation::reading::exact_json(r#"[{"quotaUsed": 2.25}]"#).unwrap();
    assert_eq!(read_member_credits(&exact).0.members[0].quota_used.as_deref(), Some("2.25"));

    let (ent, report) = read_entitlements(&json!({
        "accountType": "team", "accountId": "t",
        "entitlements": {"storage": {"maxFileBytes": "1024", "totalBytes": -1, "cdn": true}, "planFeatures": {"sso": true}},
        "sources": [{"startsAt": "2026-01-01T00:00:00Z"}]
    }));
    assert_eq!(ent.max_file_bytes, Some(1024));
    assert_eq!(ent.total_bytes, None);
    assert!(report.unrecognised.contains(&"entitlements.storage.totalBytes = -1".to_owned()), "{report:?}");
    assert!(report.missing.contains(&"entitlements.memberLimit".to_owned()));
    assert!(report.missing.contains(&"sources[].endsAt".to_owned()), "an absent end is not an open end");
    assert!(!ent.sources[0].open_ended);
    assert_eq!(field(&ent.plan_feature_fields, "planFeatures.sso"), Some("true"));
    assert_eq!(field(&ent.other, "entitlements.storage.cdn"), Some("true"));

    let (membership, report) =
        read_membership(&json!({"membership": {"canPurchaseCredits": "yes", "accessActive": true}}));
    assert_eq!(report.shape, "data.membership");
    assert_eq!((membership.can_purchase_credits, membership.access_active), (None, Some(true)));
    assert_eq!(report.unrecognised, vec!["canPurchaseCredits = \"yes\""]);
}
