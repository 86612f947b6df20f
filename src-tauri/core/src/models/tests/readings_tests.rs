//! Catalogs against other readings of the same docs (issue 24, READINGS G1, G8, G10).

use xiaoya_sandbox::{self as sb, Reading};

use super::super::wire::StructuredOutputMode;
use crate::auth::wire::ContextRequest;
use crate::testing::Rig;

/// READINGS G1: the Personal catalog as an object (`{"models": [...]}`, the API reference's
/// "SuccessEnvelope + object") lists the same models as the bare list, and says how it was read.
#[tokio::test]
async fn a_personal_catalog_in_an_object_lists_the_same_models() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let bare = rig.core.models().model_catalog(true).await.unwrap();
    rig.control().set_readings([Reading::CatalogInObject].into_iter().collect());
    let wrapped = rig.core.models().model_catalog(true).await.unwrap();
    assert_eq!(wrapped.items, bare.items);
    assert_eq!(wrapped.skipped, 0);
    assert_ne!(wrapped.reading.shape, bare.reading.shape, "the wrapper is reported");
    assert!(wrapped.reading.shape.contains("models"), "{:?}", wrapped.reading);
}

/// READINGS G8: an entry without `modelCode` and a repeated entry are left out and counted
/// ("n could not be read"), in both catalogs; every other model is listed once.
#[tokio::test]
async fn unusable_and_repeated_catalog_entries_are_counted_not_listed() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let clean = rig.core.models().model_catalog(true).await.unwrap();
    rig.control().set_readings([Reading::CatalogOddEntries].into_iter().collect());
    let odd = rig.core.models().model_catalog(true).await.unwrap();
    assert_eq!(odd.items, clean.items);
    assert_eq!(odd.skipped, 2);
    assert!(odd.reading.missing.iter().any(|m| m.contains("2 entries skipped")), "{:?}", odd.reading);

    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let team = rig.core.models().model_catalog(true).await.unwrap();
    assert_eq!(team.skipped, 2);
    assert_eq!(team.items.iter().filter(|m| m.model_code == sb::MODEL_CHAT).count(), 1);
}

/// READINGS G10: a structured-output mode in another case means the same mode; a mode the
/// docs don't list never grants native JSON (read as `prompt`, kept in the raw view).
#[tokio::test]
async fn structured_output_modes_in_another_case_or_added_later_are_read_safely() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_readings([Reading::StructuredOutputModeOther].into_iter().collect());
    let catalog = rig.core.models().model_catalog(true).await.unwrap();
    let find = |code: &str| catalog.items.iter().find(|m| m.model_code == code).cloned().expect(code);
    assert_eq!(find(sb::MODEL_JSON_SCHEMA).structured_output_mode, StructuredOutputMode::JsonSchema);
    assert_eq!(find(sb::MODEL_VISION).structured_output_mode, StructuredOutputMode::JsonObject);
    assert_eq!(find(sb::MODEL_CHAT).structured_output_mode, StructuredOutputMode::Prompt);
    let legacy = find(sb::MODEL_LEGACY);
    assert_eq!(legacy.structured_output_mode, StructuredOutputMode::Prompt);
    assert!(legacy.structured_output_declared);
    assert!(legacy.raw_json.contains("\"tool_call\""), "the raw view keeps it as sent");
}
