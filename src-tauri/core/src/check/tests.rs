//! Check platform against the sandbox: every read-only check reads with the app's own
//! readers, failures say why without stopping the others, the OpenAPI comparison names real
//! differences, billable checks need the confirmed estimate, and no secret is in the report.

use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use super::wire::{CheckId, CheckVerdict, OpenApiDifferenceKind, ReportFormat};
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;

async fn personal_and_team() -> Rig {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig
}

#[tokio::test]
async fn the_read_only_checks_cover_every_signed_in_context() {
    let rig = personal_and_team().await;
    let report = rig.core.check().platform_check().await.unwrap();
    let find = |id: CheckId, context: &str| {
        report
            .items
            .iter()
            .find(|i| i.id == id && i.context == context)
            .unwrap_or_else(|| panic!("{id:?} {context}"))
    };
    for id in [
        CheckId::Profile,
        CheckId::Teams,
        CheckId::Models,
        CheckId::Balance,
        CheckId::Usage,
        CheckId::TtsOptions,
    ] {
        let item = find(id, "Personal");
        assert_eq!(item.verdict, CheckVerdict::Pass, "{id:?}: {:?} {:?}", item.notes, item.error);
        assert!(
            item.request_id.as_deref().is_some_and(|r| !r.is_empty()),
            "{id:?} has the platform's request id"
        );
        assert!(
            item.raw.as_deref().is_some_and(|r| r.contains("\"success\"")),
            "{id:?} keeps the raw answer"
        );
    }
    for id in [CheckId::TeamContext, CheckId::Models, CheckId::Balance, CheckId::TtsOptions] {
        let item = find(id, "Team Alpha");
        assert_eq!(item.verdict, CheckVerdict::Pass, "Team {id:?}: {:?} {:?}", item.notes, item.error);
    }
    assert!(
        !report.items.iter().any(|i| i.id == CheckId::Usage && i.context == "Team Alpha"),
        "usage is Personal only"
    );
    let models = find(CheckId::Models, "Personal");
    assert!(models.notes.iter().any(|n| n.contains("model(s)")), "{:?}", models.notes);

    // The sandbox serves the reference's OpenAPI: its ModelCatalogItem says accepts*, the
    // catalog guide (and the app) also read inputs*; TeamContext has no teamContextVersion.
    let openapi = report.items.iter().find(|i| i.id == CheckId::OpenApi).unwrap();
    assert_eq!(openapi.verdict, CheckVerdict::Warn);
    let has = |schema: &str, field: &str| {
        report.differences.iter().any(|d| {
            d.schema == schema && d.field == field && d.kind == OpenApiDifferenceKind::ReadButUndeclared
        })
    };
    assert!(has("ModelCatalogItem", "inputsText"), "{:?}", report.differences);
    assert!(has("TeamContext", "teamContextVersion"));
    assert!(report.differences.iter().any(|d| d.schema == "TeamContext"
        && d.field == "status"
        && d.kind == OpenApiDifferenceKind::RequiredButUnread));
    assert_eq!(report.failed, 0);

    // T1: no secret the sandbox issued or saw is anywhere in the report or its exports.
    let json = super::report::json(&report).unwrap();
    let md = super::report::markdown(&report);
    for secret in rig.control().issued_secrets() {
        assert!(!json.contains(&secret) && !md.contains(&secret), "a secret reached the report");
    }
}

#[tokio::test]
async fn a_failing_route_fails_its_check_only_and_ends_no_session() {
    let rig = personal_and_team().await;
    rig.control().inject(Fault::once(Route::Models, FaultKind::Status(503)));
    rig.control().set_readings([sb::Reading::NoOpenApi].into_iter().collect());
    let report = rig.core.check().platform_check().await.unwrap();
    let failed: Vec<_> = report.items.iter().filter(|i| i.verdict == CheckVerdict::Fail).collect();
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].id, CheckId::Models);
    assert_eq!(failed[0].http_status, Some(503));
    assert_eq!(failed[0].error.as_ref().unwrap().platform_code.as_deref(), Some("SERVICE_UNAVAILABLE"));
    let openapi = report.items.iter().find(|i| i.id == CheckId::OpenApi).unwrap();
    assert_eq!(openapi.verdict, CheckVerdict::Skipped);
    assert_eq!(rig.core.auth().sessions_view().await.unwrap().sessions.len(), 2, "no session ended");
}

#[tokio::test]
async fn billable_checks_need_the_confirmed_estimate_and_are_charged_once_each() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.check().platform_check().await.unwrap();
    let quote = rig.core.check().platform_check_quote().await.unwrap();
    assert_eq!(quote.payer, "Personal");
    let estimate = quote.speech_estimate.clone().expect("an estimate before any charge");
    assert!(estimate.total_points.is_some());
    assert!(quote.chat_model.is_some());
    let before = rig.control().charges().len();

    // A confirmation of another amount sends nothing.
    let err = rig.core.check().platform_check_billable(Some("999".into())).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert_eq!(rig.control().charges().len(), before, "nothing was charged");

    let report = rig.core.check().platform_check_billable(estimate.total_points.clone()).await.unwrap();
    let chat = report.items.iter().find(|i| i.id == CheckId::Chat).unwrap();
    let speech = report.items.iter().find(|i| i.id == CheckId::Speech).unwrap();
    assert_eq!(chat.verdict, CheckVerdict::Pass, "{:?} {:?}", chat.notes, chat.error);
    assert_eq!(speech.verdict, CheckVerdict::Pass, "{:?} {:?}", speech.notes, speech.error);
    assert_eq!(rig.control().charges().len(), before + 2, "one chat and one speech charge");
    assert!(
        report.items.iter().any(|i| i.id == CheckId::Models),
        "the read-only checks are kept in the report"
    );
    // Both are in the app's own points ledger, like any other charge.
    let ledger = rig
        .core
        .billing()
        .points_ledger(crate::billing::wire::LedgerQuery {
            scope: crate::billing::wire::LedgerScope::ActiveContext,
            limit: 50,
            offset: 0,
        })
        .await
        .unwrap();
    for id in [chat.request_id.as_deref().unwrap(), speech.request_id.as_deref().unwrap()] {
        assert!(ledger.entries.iter().any(|e| e.request_id == id), "{id} is in the ledger");
    }

    let export = rig.core.check().check_document(ReportFormat::Markdown).await.unwrap();
    let text = String::from_utf8(export.bytes).unwrap();
    assert!(text.starts_with("# Xiaoya platform check"));
    assert!(text.contains("| PASS | Speech | Personal |"), "{text}");
    assert!(export.name.starts_with("platform-check-") && export.name.ends_with(".md"), "{}", export.name);
    let json = rig.core.check().check_document(ReportFormat::Json).await.unwrap();
    let parsed: serde_json::Value = serde_json::from_slice(&json.bytes).unwrap();
    assert_eq!(parsed["items"].as_array().unwrap().len(), report.items.len());
}

/// Against a platform that follows the same docs another way, the check still reads every
/// answer and says how: which wrapper, which fields it did not find.
#[tokio::test]
async fn other_readings_are_read_and_described() {
    let rig = personal_and_team().await;
    rig.control().set_readings(
        [
            sb::Reading::TtsOptionsItems,
            sb::Reading::VoiceStateUpper,
            sb::Reading::TeamBalanceLegacy,
            sb::Reading::PointsFractional,
        ]
        .into_iter()
        .collect(),
    );
    let report = rig.core.check().platform_check().await.unwrap();
    assert_eq!(
        report.failed,
        0,
        "{:?}",
        report.items.iter().filter(|i| i.verdict == CheckVerdict::Fail).collect::<Vec<_>>()
    );
    let tts = report.items.iter().find(|i| i.id == CheckId::TtsOptions && i.context == "Personal").unwrap();
    assert!(tts.notes.iter().any(|n| n.contains("read as") && n.contains("items")), "{:?}", tts.notes);
    let team_balance =
        report.items.iter().find(|i| i.id == CheckId::Balance && i.context == "Team Alpha").unwrap();
    assert!(team_balance.notes.iter().any(|n| n.contains("memberQuota")), "{:?}", team_balance.notes);
}
