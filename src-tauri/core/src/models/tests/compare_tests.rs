//! One model across the signed-in contexts, against the sandbox (Personal, Team Alpha and
//! Team Beta offer different plans).

use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route, TokenSelector};

use super::super::compare::{differences, CompareField};
use super::super::wire::ParameterSpecState;
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;

async fn three_contexts() -> Rig {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
    let alpha =
        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.core.auth().set_active_session(&alpha.id).await.unwrap();
    rig
}

#[tokio::test]
async fn the_same_model_is_compared_across_personal_and_teams() {
    let rig = three_contexts().await;
    let before = rig.core.auth().sessions_view().await.unwrap().active_id;
    let cmp = rig.core.models().model_across_contexts(sb::MODEL_CHAT).await.unwrap();

    let labels: Vec<_> = cmp.contexts.iter().map(|c| c.context.label.as_str()).collect();
    assert_eq!(
        labels,
        [sb::TEAM_ALPHA_NAME, "Personal", sb::TEAM_BETA_NAME],
        "active first, then sign-in order"
    );
    assert!(cmp.contexts[0].active && !cmp.contexts[1].active && !cmp.contexts[2].active);
    assert!(cmp.contexts.iter().all(|c| c.model.is_some() && c.error.is_none()));
    assert!(cmp.contexts[0].catalog_version.as_deref().is_some_and(|v| v.starts_with("sha256:")));
    assert!(cmp.contexts[1].catalog_version.is_none(), "the Personal catalog has no version");

    // Team Beta's plan offers Othan 2.0 with an empty parameterSpec and schema version 1.
    assert_eq!(cmp.differs, [CompareField::ParameterSchemaVersion, CompareField::Parameters]);
    assert_eq!(cmp.differing_parameters, ["max_tokens", "presence_penalty", "temperature", "top_p"]);

    // Looking does not change who pays.
    assert_eq!(rig.core.auth().sessions_view().await.unwrap().active_id, before);
}

#[tokio::test]
async fn a_model_only_some_plans_offer_shows_where_it_is_missing() {
    let rig = three_contexts().await;
    let cmp = rig.core.models().model_across_contexts(sb::MODEL_TEAM_ONLY).await.unwrap();
    let personal = cmp.contexts.iter().find(|c| c.context.kind == "personal").unwrap();
    assert!(personal.model.is_none() && personal.error.is_none(), "missing, not failed");
    assert_eq!(cmp.differs, [CompareField::Presence]);
    assert!(cmp.differing_parameters.is_empty());

    let identical = rig.core.models().model_across_contexts(sb::MODEL_JSON_SCHEMA).await.unwrap();
    // Qingyu Pro: Personal and Alpha offer it the same way, Beta not at all.
    assert_eq!(identical.differs, [CompareField::Presence]);
}

#[tokio::test]
async fn a_context_that_fails_says_why_and_the_others_still_answer() {
    let rig = three_contexts().await;
    rig.control().expire_token_of(TokenSelector::Team(sb::TEAM_BETA_ID.into()));
    let cmp = rig.core.models().model_across_contexts(sb::MODEL_CHAT).await.unwrap();
    let beta = cmp.contexts.iter().find(|c| c.context.team_id.as_deref() == Some(sb::TEAM_BETA_ID)).unwrap();
    assert_eq!(beta.error.as_ref().map(|e| e.code), Some(ErrorCode::SessionExpired));
    assert!(beta.model.is_none());
    // Only the readable catalogs are compared: Personal and Alpha agree.
    assert!(cmp.differs.is_empty(), "{:?}", cmp.differs);
    // The 401 ended that session only (A12).
    let view = rig.core.auth().sessions_view().await.unwrap();
    assert_eq!(view.sessions.len(), 2);
    assert!(view.sessions.iter().all(|s| s.id != beta.session_id));
}

#[tokio::test]
async fn each_context_reads_its_own_catalog_and_keeps_it_in_its_own_cache() {
    let rig = three_contexts().await;
    rig.core.models().model_across_contexts(sb::MODEL_CHAT).await.unwrap();
    // The platform is down now: every context answers from its own cached catalog.
    rig.control().inject(Fault { route: Route::Models, kind: FaultKind::Status(500), times: 10 });
    let cmp = rig.core.models().model_across_contexts(sb::MODEL_CHAT).await.unwrap();
    assert!(cmp.contexts.iter().all(|c| c.error.is_none()), "answered from the caches");
    let beta = cmp.contexts.iter().find(|c| c.context.team_id.as_deref() == Some(sb::TEAM_BETA_ID)).unwrap();
    assert_eq!(
        beta.model.as_ref().map(|m| m.parameter_spec),
        Some(ParameterSpecState::Empty),
        "Team Beta's own entry, not another context's"
    );
    // And the active context's catalog is the cached one too.
    assert!(rig.core.models().model_catalog(false).await.unwrap().from_cache);
}

#[tokio::test]
async fn a_context_without_the_model_scope_is_listed_with_the_reason() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_granted_scopes_override(Some(vec![sb::Scope::Profile, sb::Scope::TeamRead]));
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let cmp = rig.core.models().model_across_contexts(sb::MODEL_CHAT).await.unwrap();
    let team = cmp.contexts.iter().find(|c| c.context.kind == "team").unwrap();
    assert_eq!(team.error.as_ref().map(|e| e.code), Some(ErrorCode::ScopeMissing));
}

#[test]
fn identical_entries_differ_in_nothing_and_an_empty_list_too() {
    assert_eq!(differences(&[]), (vec![], vec![]));
    assert_eq!(differences(&[None, None]), (vec![], vec![]), "absent everywhere is not a difference");
}
