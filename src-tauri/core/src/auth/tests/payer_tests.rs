//! Issue 15, point 11: signing in to a Team changes who pays only when the person chose it
//! in the sign-in flow. Personal, as the account's own balance, pays when signed in.

use xiaoya_sandbox as sb;

use super::super::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;

fn team(id: &str, make_payer: bool) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer }
}

async fn paying_kind(rig: &Rig) -> String {
    rig.core.models().model_catalog(false).await.unwrap().context.kind
}

#[tokio::test]
async fn a_team_sign_in_leaves_the_payer_alone_unless_the_person_chose_it() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID, false)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 2, "the Team is signed in");
    assert_eq!(view.active_id.as_deref(), Some(personal.id.as_str()), "Personal still pays");
    assert!(!view.payer_not_chosen);
    assert_eq!(paying_kind(&rig).await, "personal", "and requests still go to Personal");

    let beta = rig.sign_in(team(sb::TEAM_BETA_ID, true)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(beta.id.as_str()), "the Team chosen in the flow pays");
    assert_eq!(paying_kind(&rig).await, "team");
    assert_ne!(alpha.id, beta.id);
}

#[tokio::test]
async fn signing_in_again_to_the_team_that_pays_keeps_it_paying() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID, true)).await;
    let again = rig.sign_in(team(sb::TEAM_ALPHA_ID, false)).await;
    assert_eq!(again.id, alpha.id, "the same session, signed in again");
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(alpha.id.as_str()));
}

#[tokio::test]
async fn a_team_signed_in_when_nobody_pays_becomes_the_payer() {
    let rig = Rig::new().await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID, false)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(alpha.id.as_str()), "the only session pays");
    assert_eq!(paying_kind(&rig).await, "team");
}

/// When Personal paid without ever being chosen explicitly (the first session pays by
/// default), a Team that signs in later must not become "the first session" that pays.
#[tokio::test]
async fn a_default_payer_is_kept_when_a_team_signs_in() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.core.db().set_active_session_id(None).await.unwrap();
    rig.sign_in(team(sb::TEAM_ALPHA_ID, false)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.active_id.as_deref(), Some(personal.id.as_str()));
    assert_eq!(paying_kind(&rig).await, "personal");
}

/// After the paying context ended, the person has to choose; a Team sign-in without the
/// choice does not choose for them, one with it does.
#[tokio::test]
async fn after_the_payer_ended_only_the_persons_choice_picks_the_next_one() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let alpha = rig.sign_in(team(sb::TEAM_ALPHA_ID, true)).await;
    sqlx::query("UPDATE sessions SET expires_at = 1 WHERE id = ?")
        .bind(&alpha.id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    assert!(rig.core.auth().sessions_view().await.unwrap().payer_not_chosen);

    rig.sign_in(team(sb::TEAM_BETA_ID, false)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(view.payer_not_chosen, "still the person's choice");
    assert_eq!(view.active_id, None);
    assert_eq!(rig.core.models().model_catalog(false).await.unwrap_err().code(), ErrorCode::PayerNotChosen);

    let alpha_again = rig.sign_in(team(sb::TEAM_ALPHA_ID, true)).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert!(!view.payer_not_chosen);
    assert_eq!(view.active_id.as_deref(), Some(alpha_again.id.as_str()));
}

/// An expired Team sign-in keeps the person's payer choice, so "Start again" asks for the
/// same thing (on or off).
#[tokio::test]
async fn an_expired_team_sign_in_keeps_the_payer_choice_for_starting_again() {
    for make_payer in [true, false] {
        let rig = Rig::new().await;
        rig.sign_in(ContextRequest::Personal).await;
        rig.core.auth().begin_sign_in(team(sb::TEAM_ALPHA_ID, make_payer)).await.unwrap();
        sqlx::query("UPDATE pending_sign_ins SET started_at = started_at - 601")
            .execute(rig.core.db().pool())
            .await
            .unwrap();
        let expired =
            rig.core.auth().sessions_view().await.unwrap().expired_sign_in.expect("the expiry is said");
        assert_eq!(expired.team_id.as_deref(), Some(sb::TEAM_ALPHA_ID));
        assert_eq!(expired.make_payer, make_payer);
    }
}
