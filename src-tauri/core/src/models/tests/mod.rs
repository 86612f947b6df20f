//! Catalogs against the sandbox: both shapes, tolerant parsing, and a cache that is only
//! ever reused for the same context.

use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::wire::{ParameterSpecState, StructuredOutputMode};
use crate::auth::wire::ContextRequest;
use crate::foundation::error::Error;
use crate::testing::Rig;

#[tokio::test]
async fn the_personal_catalog_is_read_tolerantly() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let catalog = rig.core.models().model_catalog(false).await.unwrap();
    assert_eq!(catalog.context.kind, "personal");
    assert_eq!(catalog.context.label, "Personal");
    assert!(catalog.catalog_version.is_none() && catalog.team_context_version.is_none());
    let find = |code: &str| catalog.items.iter().find(|m| m.model_code == code).cloned().expect(code);
    assert!(
        !catalog.items.iter().any(|m| m.model_code == sb::MODEL_TEAM_ONLY),
        "Team-only models stay in Team"
    );

    let legacy = find(sb::MODEL_LEGACY);
    assert_eq!(legacy.model_type, "chat");
    assert_eq!(
        (legacy.accepts_text, legacy.accepts_image),
        (Some(true), Some(false)),
        "older inputs* spellings"
    );
    assert!(legacy.legacy_spellings);
    assert_eq!(legacy.structured_output_mode, StructuredOutputMode::Prompt);
    assert!(!legacy.structured_output_declared, "missing structuredOutputMode means prompt");
    assert_eq!(legacy.parameter_spec, ParameterSpecState::Null);
    assert!(legacy.chat_capable);

    let audio = find(sb::MODEL_AUDIO);
    assert_eq!(audio.model_type, "audio", "a type outside the enum is shown as sent");
    assert_eq!(audio.parameter_spec, ParameterSpecState::Empty);
    assert!(!audio.chat_capable);

    let vision = find(sb::MODEL_VISION);
    assert_eq!(vision.accepts_image, Some(true));
    assert_eq!(vision.structured_output_mode, StructuredOutputMode::JsonObject);
    let detail = vision.parameters.iter().find(|p| p.name == "detail").expect("detail");
    assert_eq!(detail.enum_values.as_ref().map(Vec::len), Some(3));
    assert!(vision.raw_json.contains("\"acceptsImage\": true"), "the raw view keeps the entry as sent");

    let chat = find(sb::MODEL_CHAT);
    let temperature = chat.parameters.iter().find(|p| p.name == "temperature").expect("temperature");
    assert_eq!((temperature.minimum, temperature.maximum), (Some(0.0), Some(2.0)));
    assert_eq!(find(sb::MODEL_JSON_SCHEMA).structured_output_mode, StructuredOutputMode::JsonSchema);
}

#[tokio::test]
async fn the_team_catalog_keeps_its_versions() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let catalog = rig.core.models().model_catalog(false).await.unwrap();
    assert_eq!(catalog.context.kind, "team");
    assert_eq!(catalog.context.team_id.as_deref(), Some(sb::TEAM_ALPHA_ID));
    assert_eq!(catalog.context.label, sb::TEAM_ALPHA_NAME);
    assert_eq!(catalog.team_context_version, Some(sb::TEAM_ALPHA_CONTEXT_VERSION));
    assert_eq!(catalog.plan_version_id.as_deref(), Some("plan_version_alpha_03"));
    assert!(catalog.catalog_version.as_deref().is_some_and(|v| v.starts_with("sha256:")));
    assert!(catalog.items.iter().any(|m| m.model_code == sb::MODEL_TEAM_ONLY));
}

#[tokio::test]
async fn a_cached_catalog_is_reused_only_for_the_same_context() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    let first = rig.core.models().model_catalog(false).await.unwrap();
    assert!(!first.from_cache);

    // The platform is down: the same context is answered from the cache; a refresh fails
    // and keeps that last good catalog, marked stale.
    rig.control().inject(Fault { route: Route::Models, kind: FaultKind::Status(500), times: 10 });
    let again = rig.core.models().model_catalog(false).await.unwrap();
    assert!(again.from_cache);
    assert_eq!(again.items, first.items);
    let refreshed = rig.core.models().model_catalog(true).await.unwrap();
    assert!(refreshed.stale.as_ref().is_some_and(|e| e.platform_code.as_deref() == Some("INTERNAL_ERROR")));
    assert_eq!(refreshed.items, first.items);
    rig.control().clear_faults();

    // Another context never sees that cache.
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
    let team = rig.core.models().model_catalog(false).await.unwrap();
    assert!(!team.from_cache);
    assert_eq!(team.context.team_id.as_deref(), Some(sb::TEAM_BETA_ID));
    let othan = team.items.iter().find(|m| m.model_code == sb::MODEL_CHAT).unwrap();
    assert_eq!(othan.parameter_spec, ParameterSpecState::Empty, "Team Beta's own entry, not Personal's");

    // Back in Personal: its own cached copy.
    rig.core.auth().set_active_session(&personal.id).await.unwrap();
    let back = rig.core.models().model_catalog(false).await.unwrap();
    assert!(back.from_cache);
    assert_eq!(back.context.kind, "personal");
}

#[tokio::test]
async fn the_catalog_needs_the_model_scope_and_a_session() {
    let rig = Rig::new().await;
    assert!(matches!(rig.core.models().model_catalog(false).await, Err(Error::NotSignedIn)));
    rig.control().set_granted_scopes_override(Some(vec![sb::Scope::Profile]));
    rig.sign_in(ContextRequest::Personal).await;
    assert!(
        matches!(rig.core.models().model_catalog(false).await, Err(Error::ScopeMissing(s)) if s == "model")
    );
}

/// Issue 15 point 7: one 503 on a refresh is read again by itself; a refresh that keeps
/// failing keeps the last good catalog on screen, marked stale with the reason, instead of
/// a full-page error; and an ended session is never papered over with an old catalog.
#[tokio::test]
async fn a_failed_refresh_keeps_the_last_good_catalog_marked_stale() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let first = rig.core.models().model_catalog(false).await.unwrap();
    assert!(first.stale.is_none());

    // One passing failure: read again by itself, fresh.
    rig.control().inject(Fault::once(Route::Models, FaultKind::Status(503)));
    let again = rig.core.models().model_catalog(true).await.unwrap();
    assert!(again.stale.is_none(), "{:?}", again.stale);
    assert!(rig.control().pending_faults().is_empty(), "the 503 was met, then the read repeated");

    // Busy for longer than the retries (each 503 asks for 1 s; the read waits 3 times):
    // the last good catalog, marked stale, with the busy code and the wait.
    rig.control().inject(Fault { route: Route::Models, kind: FaultKind::Status(503), times: 4 });
    let stale = rig.core.models().model_catalog(true).await.unwrap();
    let why = stale.stale.clone().expect("marked stale");
    assert_eq!(why.platform_code.as_deref(), Some("SERVICE_UNAVAILABLE"));
    assert_eq!(why.code, crate::foundation::error::ErrorCode::PlatformBusy);
    assert_eq!(why.retry_after_secs, Some(1));
    assert_eq!(stale.items, first.items, "the last good catalog");
    assert!(stale.from_cache);
    assert!(rig.control().pending_faults().is_empty(), "four reads: the first and three retries");

    // A 502 (not busy, passing) is retried by the catalog itself, twice.
    rig.control().inject(Fault { route: Route::Models, kind: FaultKind::Status(502), times: 3 });
    let stale = rig.core.models().model_catalog(true).await.unwrap();
    assert!(stale.stale.is_some());
    assert!(rig.control().pending_faults().is_empty(), "three reads: the first and two retries");

    // A 500 is not retried, but the last good catalog is still shown.
    rig.control().inject(Fault { route: Route::Models, kind: FaultKind::Status(500), times: 2 });
    let shown = rig.core.models().model_catalog(true).await.unwrap();
    assert!(shown.stale.is_some());
    assert_eq!(rig.control().pending_faults().len(), 1, "500 read once");
    rig.control().clear_faults();

    // An ended session is not hidden behind an old catalog.
    rig.control().expire_token_of(sb::TokenSelector::Personal);
    let err = rig.core.models().model_catalog(true).await.unwrap_err();
    assert!(matches!(err, Error::Unauthorized { .. }), "{err:?}");
}

mod compare_tests;
mod readings_tests;
