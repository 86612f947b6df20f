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
    for id in [
        CheckId::TeamContext,
        CheckId::Models,
        CheckId::Balance,
        CheckId::TtsOptions,
        CheckId::TeamOverview,
        CheckId::TeamMembers,
        CheckId::TeamMemberCredits,
        CheckId::TeamEntitlements,
        CheckId::TeamMembership,
        CheckId::TeamMembershipOrders,
        CheckId::TeamMembershipPlans,
    ] {
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
    let run = rig.core.check().platform_check().await.unwrap();
    let quote = rig.core.check().platform_check_quote().await.unwrap();
    assert_eq!(quote.payer, "Personal");
    let estimate = quote.speech_estimate.clone().expect("an estimate before any charge");
    assert!(estimate.total_points.is_some());
    assert!(quote.chat_model.is_some());
    let before = rig.control().charges().len();

    // A confirmation of another amount sends nothing.
    let err = rig
        .core
        .check()
        .platform_check_billable(Some("999".into()), Some(run.run_id.clone()))
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert_eq!(rig.control().charges().len(), before, "nothing was charged");

    let report = rig
        .core
        .check()
        .platform_check_billable(estimate.total_points.clone(), Some(run.run_id.clone()))
        .await
        .unwrap();
    assert_eq!(report.run_id, run.run_id, "added to the run on screen");
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

    let export = rig.core.check().check_document(&report.run_id, ReportFormat::Markdown).await.unwrap();
    let text = String::from_utf8(export.bytes).unwrap();
    assert!(text.starts_with("# Xiaoya platform check"));
    assert!(text.contains("| PASS | Speech | Personal |"), "{text}");
    assert!(export.name.starts_with("platform-check-") && export.name.ends_with(".md"), "{}", export.name);
    let json = rig.core.check().check_document(&report.run_id, ReportFormat::Json).await.unwrap();
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

/// Issue 26, item 2: runs are kept in the database per platform and context: listed with
/// their time and verdicts, reopened and exported later (by a new `Core` on the same data,
/// as after a restart), and another context does not see them.
#[tokio::test]
async fn runs_are_kept_per_context_listed_reopened_and_exported_later() {
    let rig = personal_and_team().await;
    let first = rig.core.check().platform_check().await.unwrap();
    let second = rig.core.check().platform_check().await.unwrap();
    assert!(!first.run_id.is_empty() && first.run_id != second.run_id);

    let runs = rig.core.check().platform_check_runs().await.unwrap();
    assert_eq!(
        runs.iter().map(|r| r.run_id.as_str()).collect::<Vec<_>>(),
        [second.run_id.as_str(), first.run_id.as_str()],
        "newest first"
    );
    assert_eq!((runs[1].started_at.as_str(), runs[1].passed), (first.started_at.as_str(), first.passed));
    assert_eq!((runs[1].warned, runs[1].failed), (first.warned, first.failed));

    // Reopened after a restart: the same report, and its export.
    let again = rig.second_start().await;
    let reopened = again.check().platform_check_run(&first.run_id).await.unwrap();
    assert_eq!(reopened.items.len(), first.items.len());
    assert_eq!(reopened.finished_at, first.finished_at);
    let doc = again.check().check_document(&first.run_id, ReportFormat::Markdown).await.unwrap();
    assert!(String::from_utf8(doc.bytes).unwrap().contains(&first.started_at));

    // Another context has its own list.
    let view = again.auth().sessions_view().await.unwrap();
    let other = view.sessions.iter().find(|s| Some(&s.id) != view.active_id.as_ref()).unwrap().id.clone();
    again.auth().set_active_session(&other).await.unwrap();
    assert!(again.check().platform_check_runs().await.unwrap().is_empty());
    let err = again.check().platform_check_run(&first.run_id).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
}

/// Issue 26: kept runs don't grow without end. Past the newest `RUNS_KEPT` of a context the
/// older runs go, except one that charged something (the evidence of what was paid); every
/// kept run is listed.
#[tokio::test]
async fn only_the_newest_runs_are_kept_and_a_paid_run_is_never_dropped() {
    use super::runs::RUNS_KEPT;
    use super::wire::BillableCharged;
    use crate::foundation::context::ContextColumns;
    let rig = personal_and_team().await;
    let template = rig.core.check().platform_check().await.unwrap();
    let key = ContextColumns::of(&rig.core.auth().active_session().await.unwrap());
    let db = rig.core.db();
    let mut paid = template.clone();
    paid.run_id = "run-paid".into();
    paid.charged = Some(BillableCharged { known: "3".into(), unknown: 0 });
    db.keep_check_run(&key, 1, &paid).await.unwrap();
    for n in 0..RUNS_KEPT + 5 {
        let mut run = template.clone();
        run.run_id = format!("run-{n:03}");
        db.keep_check_run(&key, 4_000_000_000_000 + n, &run).await.unwrap();
    }
    let listed: Vec<String> =
        rig.core.check().platform_check_runs().await.unwrap().into_iter().map(|r| r.run_id).collect();
    assert_eq!(listed.len() as i64, RUNS_KEPT + 1, "the newest {RUNS_KEPT} and the paid one");
    assert_eq!(listed[0], format!("run-{:03}", RUNS_KEPT + 4), "newest first");
    assert_eq!(listed.last().map(String::as_str), Some("run-paid"), "the paid run stays");
    assert!(!listed.contains(&"run-004".to_owned()) && listed.contains(&"run-005".to_owned()));
    assert!(!listed.contains(&template.run_id), "the oldest unpaid run went");
    let reopened = rig.core.check().platform_check_run("run-paid").await.unwrap();
    assert_eq!(reopened.charged.map(|c| c.known).as_deref(), Some("3"));
}

/// Issue 26, item 3: a billable run says what it charged: the speech clip's reported points
/// and the chat reply's, from the usage counter (each check is alone between two balance
/// refreshes), and the run is kept with that amount.
#[tokio::test]
async fn a_billable_run_says_what_it_charged() {
    use crate::billing::wire::ChargeCost;

    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let quote = rig.core.check().platform_check_quote().await.unwrap();
    let total = quote.speech_estimate.and_then(|e| e.total_points);
    let report = rig.core.check().platform_check_billable(total, None).await.unwrap();
    assert!(!report.run_id.is_empty(), "kept as a run of its own");
    let points = |id: CheckId| {
        let item = report.items.iter().find(|i| i.id == id).unwrap();
        let request = item.request_id.clone().unwrap();
        (item.cost.clone(), rig.control().charges_for(&request)[0].points.to_string())
    };
    let (chat, chat_charged) = points(CheckId::Chat);
    assert_eq!(chat, Some(ChargeCost::FromUsageCounter { points: chat_charged.clone() }));
    let (speech, speech_charged) = points(CheckId::Speech);
    assert_eq!(speech, Some(ChargeCost::Reported { points: speech_charged.clone() }));
    let sum = crate::billing::Points::parse(&chat_charged).unwrap()
        + crate::billing::Points::parse(&speech_charged).unwrap();
    let charged = report.charged.clone().expect("what the run charged");
    assert_eq!((charged.known, charged.unknown), (sum.to_string(), 0));
    let runs = rig.core.check().platform_check_runs().await.unwrap();
    assert_eq!(runs[0].charged, report.charged, "the list says it too");
}
