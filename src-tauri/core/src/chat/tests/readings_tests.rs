//! Chat against other readings of the same docs (issue 11) and `Retry-After` in both of its
//! forms (issue 13): what the sandbox's default reading never shows.

use std::time::{Duration, Instant};

use serde_json::json;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, RetryAfter, Route};

use super::super::tests::{input, options, receipt_id, signed_in, Events};
use super::super::wire::MessageStatus;
use crate::auth::wire::ContextRequest;

/// A gateway that refuses request fields the model doesn't declare still streams Personal
/// replies: the app sends only documented fields (no `stream_options`), and tokens still
/// arrive with the stream.
#[tokio::test]
async fn a_gateway_that_refuses_undeclared_fields_still_streams() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings([sb::Reading::StrictRequestFields].into_iter().collect());
    let reply = rig
        .core
        .chat()
        .chat_send(
            input("Hello, strict gateway", options(sb::MODEL_CHAT, json!({"temperature": 0.3}))),
            &Events::default().sink(),
        )
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
    let receipt = reply.receipt.unwrap();
    assert!(receipt.streamed);
    assert!(receipt.usage.is_some(), "usage came with the stream");
}

/// Proves H1 (issue 13): a 429 asking for 60 s is not re-sent after a shorter wait; the
/// reply says how long the platform asked to wait.
#[tokio::test]
async fn a_long_retry_after_is_handed_to_the_person_with_its_wait() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::StatusRetryAfter { status: 429, after: RetryAfter::Seconds(60) },
    ));
    let started = Instant::now();
    let reply = rig
        .core
        .chat()
        .chat_send(input("Busy?", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert!(started.elapsed() < Duration::from_secs(5), "did not wait out part of it");
    assert_eq!(reply.status, MessageStatus::Interrupted);
    let error = reply.error.unwrap();
    assert_eq!(error.retry_after_secs, Some(60));
    assert!(!error.outcome_unknown, "a 429 carried nothing out");
    assert_eq!(rig.control().chat_request_count(&receipt_id_of(&rig, &reply.id).await), 1);

    // The same as an HTTP date.
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::StatusRetryAfter { status: 503, after: RetryAfter::DateIn(120) },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Busy now?", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let wait = reply.error.unwrap().retry_after_secs.expect("the wait is shown");
    assert!((110..=121).contains(&wait), "{wait}");
}

/// A short `Retry-After` in the HTTP-date form is waited out, then the same id is re-sent.
#[tokio::test]
async fn a_short_retry_after_date_is_waited_out_and_retried() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::StatusRetryAfter { status: 429, after: RetryAfter::DateIn(2) },
    ));
    let started = Instant::now();
    let reply = rig
        .core
        .chat()
        .chat_send(input("Patience", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
    assert!(started.elapsed() >= Duration::from_millis(900), "honoured the date: {:?}", started.elapsed());
    assert_eq!(rig.control().chat_request_count(&receipt_id(&reply)), 2);
}

async fn receipt_id_of(rig: &crate::testing::Rig, reply_id: &str) -> String {
    let reply = rig.core.db().message(reply_id).await.unwrap().unwrap();
    reply.request_id.unwrap()
}

/// A whole (Team) reply larger than the body cap is refused without reading it all into memory.
#[tokio::test]
async fn an_oversized_whole_reply_is_refused() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::HugeBody { bytes: 9 * 1024 * 1024 }));
    let reply = rig
        .core
        .chat()
        .chat_send(input("A huge answer", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    let error = reply.error.unwrap();
    assert!(error.message.contains("larger than"), "{error:?}");
}

/// Issue 24: a catalog whose `parameterSpec` is a JSON Schema object (another schema version)
/// offers the same parameters, and chat sends them to a gateway that refuses undeclared fields.
#[tokio::test]
async fn a_json_schema_parameter_spec_offers_the_same_options_and_sends_them() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings(
        [sb::Reading::CatalogParameterSchemaV2, sb::Reading::StrictRequestFields].into_iter().collect(),
    );
    let catalog = rig.core.models().model_catalog(true).await.unwrap();
    let othan = catalog.items.iter().find(|m| m.model_code == sb::MODEL_CHAT).unwrap();
    assert_eq!(othan.parameter_schema_version, Some(2));
    let names: Vec<&str> = othan.parameters.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["max_tokens", "presence_penalty", "temperature", "top_p"], "not type/properties");
    let sent = options(sb::MODEL_CHAT, json!({"temperature": 0.3, "max_tokens": 200}));
    assert!(rig.core.chat().chat_check_options(&sent).await.unwrap().is_empty());
    let reply =
        rig.core.chat().chat_send(input("Schema two", sent), &Events::default().sink()).await.unwrap().reply;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
}

/// A schema version whose form this app can't read offers no parameter; chat refuses to send
/// one (rather than a wrong one) and still sends without any.
#[tokio::test]
async fn an_unknown_parameter_schema_version_sends_no_parameter() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_readings([sb::Reading::CatalogParameterSchemaUnknown].into_iter().collect());
    let catalog = rig.core.models().model_catalog(true).await.unwrap();
    let othan = catalog.items.iter().find(|m| m.model_code == sb::MODEL_CHAT).unwrap();
    assert_eq!(othan.parameter_spec, crate::models::wire::ParameterSpecState::UnknownVersion);
    assert_eq!(othan.parameter_schema_version, Some(99));
    assert!(othan.parameters.is_empty());
    assert!(othan.raw_json.contains("\"parameterSpec\""), "the raw spec can be shown");
    let guessed = options(sb::MODEL_CHAT, json!({"temperature": 0.3}));
    let err =
        rig.core.chat().chat_send(input("Guess", guessed), &Events::default().sink()).await.unwrap_err();
    assert_eq!(err.code(), crate::foundation::error::ErrorCode::InvalidInput);
    let reply = rig
        .core
        .chat()
        .chat_send(input("No parameters", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
}

/// Readings audit M2: a reply cut at the request's `max_tokens` (`finish_reason: "length"`)
/// is complete but says so, streamed (Personal) and whole (Team), and still says so when the
/// conversation is opened again. A reply that simply ended says `stop`.
#[tokio::test]
async fn a_reply_cut_at_its_token_limit_says_so_streamed_whole_and_reopened() {
    for context in [
        ContextRequest::Personal,
        ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true },
    ] {
        let team = matches!(context, ContextRequest::Team { .. });
        let model = if team { sb::MODEL_TEAM_ONLY } else { sb::MODEL_CHAT };
        let rig = signed_in(context).await;
        let prompt = "Write a detailed story about a lighthouse keeper";
        let send = |params: serde_json::Value| {
            let chat = rig.core.chat();
            async move {
                chat.chat_send(input(prompt, options(model, params)), &Events::default().sink())
                    .await
                    .unwrap()
                    .reply
            }
        };
        let whole = send(json!({})).await;
        let cut = send(json!({"max_tokens": 8})).await;
        assert_eq!(cut.status, MessageStatus::Complete, "team {team}: {:?}", cut.error);
        let (whole_receipt, cut_receipt) = (whole.receipt.unwrap(), cut.receipt.clone().unwrap());
        assert_eq!(whole_receipt.finish_reason.as_deref(), Some("stop"), "team {team}");
        assert_eq!(cut_receipt.finish_reason.as_deref(), Some("length"), "team {team}");
        assert_eq!(cut_receipt.streamed, !team);
        assert!(cut.content.len() < whole.content.len() && !cut.content.is_empty(), "team {team}");
        assert!(cut_receipt.usage.and_then(|u| u.completion_tokens).is_some_and(|n| n <= 8));
        let reopened = rig.core.chat().chat_conversation(&cut.conversation_id).await.unwrap();
        let kept = reopened.messages.iter().find(|m| m.id == cut.id).unwrap();
        assert_eq!(kept.receipt.as_ref().unwrap().finish_reason.as_deref(), Some("length"), "team {team}");
        let doc = rig
            .core
            .chat()
            .chat_document(&cut.conversation_id, super::super::wire::ExportFormat::Markdown)
            .await
            .unwrap();
        let text = String::from_utf8(doc.bytes).unwrap();
        assert!(text.contains("cut short at the token limit (max_tokens)"), "{text}");
    }
}

/// Readings audit M1, M5, M14: a stream without `usage`, a whole reply inside the Open API
/// envelope with its content as a list of parts, and a stream answered as one whole JSON
/// completion all give the same complete reply as the default reading.
#[tokio::test]
async fn other_forms_of_a_reply_give_the_same_complete_text() {
    let prompt = "How do I plan a small project?";
    let team = ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true };
    for (context, model, readings) in [
        (ContextRequest::Personal, sb::MODEL_CHAT, vec![sb::Reading::ChatStreamNoUsage]),
        (ContextRequest::Personal, sb::MODEL_CHAT, vec![sb::Reading::ChatWholeWhenStreamed]),
        (team, sb::MODEL_TEAM_ONLY, vec![sb::Reading::ChatWholeEnveloped, sb::Reading::ChatContentParts]),
    ] {
        let rig = signed_in(context).await;
        let send = || async {
            rig.core
                .chat()
                .chat_send(input(prompt, options(model, json!({}))), &Events::default().sink())
                .await
                .unwrap()
                .reply
        };
        let expected = send().await;
        assert_eq!(expected.status, MessageStatus::Complete);
        rig.control().set_readings(readings.iter().copied().collect());
        let reply = send().await;
        assert_eq!(reply.status, MessageStatus::Complete, "{readings:?}: {:?}", reply.error);
        assert_eq!(reply.content, expected.content, "{readings:?}");
        let receipt = reply.receipt.unwrap();
        if readings.contains(&sb::Reading::ChatStreamNoUsage) {
            assert!(receipt.usage.is_none(), "no usage was sent, none is made up");
        } else {
            assert!(receipt.usage.is_some(), "{readings:?}: usage read from the whole reply");
        }
        assert_eq!(receipt.finish_reason.as_deref(), Some("stop"), "{readings:?}");
    }
}

/// READINGS M11: a refusal under a code the docs don't name, but which names the model or a
/// parameter (`MODEL_UNAVAILABLE`, `OPEN_AGENT_MODEL_NOT_ALLOWED`, `PARAMETER_INVALID`), drops
/// the context's cached catalog, so the next check reads what the platform offers now; a
/// refusal about points keeps it.
#[tokio::test]
async fn a_model_refusal_under_another_name_drops_the_cached_catalog() {
    let rig = signed_in(ContextRequest::Personal).await;
    let chat = rig.core.chat();
    let key = crate::models::context_key(&rig.core.auth().active_session().await.unwrap());
    let send = |text: &'static str| async move {
        chat.chat_send(input(text, options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
            .await
            .unwrap()
            .reply
    };
    assert_eq!(send("Hello").await.status, MessageStatus::Complete);
    assert!(
        chat.models().catalogs().cached_model(&key, sb::MODEL_CHAT).is_some(),
        "the send read the catalog"
    );

    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::Refusal { status: 402, code: "INSUFFICIENT_POINTS" },
    ));
    let reply = send("Out of points?").await;
    assert_eq!(reply.error.unwrap().platform_code.as_deref(), Some("INSUFFICIENT_POINTS"));
    assert!(
        chat.models().catalogs().cached_model(&key, sb::MODEL_CHAT).is_some(),
        "points say nothing of the model"
    );

    for (status, code) in
        [(404, "MODEL_UNAVAILABLE"), (403, "OPEN_AGENT_MODEL_NOT_ALLOWED"), (400, "PARAMETER_INVALID")]
    {
        // Each send reads the catalog again when it was dropped.
        assert_eq!(send("Warm the catalog").await.status, MessageStatus::Complete);
        assert!(chat.models().catalogs().cached_model(&key, sb::MODEL_CHAT).is_some());
        rig.control().inject(Fault::once(Route::ChatCompletions, FaultKind::Refusal { status, code }));
        let reply = send("Refused by name").await;
        assert_eq!(reply.status, MessageStatus::Interrupted);
        assert_eq!(reply.error.unwrap().platform_code.as_deref(), Some(code));
        assert!(
            chat.models().catalogs().cached_model(&key, sb::MODEL_CHAT).is_none(),
            "{code} dropped the catalog"
        );
    }
}

/// READINGS P3: the docs say an expired Team plan must be renewed before Team model calls
/// resume, and name no code. A Team reply or catalog read refused under a code that names the
/// plan or the membership as ended is `TEAM_PLAN_INACTIVE` (plain words: a Team owner renews
/// it), with the platform's own code kept; nothing is charged and the session stays.
#[tokio::test]
async fn a_team_whose_plan_ended_is_told_so_in_plain_words() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::Refusal { status: 402, code: "TEAM_PLAN_EXPIRED" },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(
            input("Is our plan still on?", options(sb::MODEL_CHAT, json!({}))),
            &Events::default().sink(),
        )
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    let error = reply.error.unwrap();
    assert_eq!(error.code, crate::foundation::error::ErrorCode::TeamPlanInactive);
    assert_eq!(error.platform_code.as_deref(), Some("TEAM_PLAN_EXPIRED"));
    assert!(!error.outcome_unknown, "a refusal carried nothing out");

    rig.control().inject(Fault::once(
        Route::Models,
        FaultKind::Refusal { status: 403, code: "OPEN_AGENT_TEAM_MEMBERSHIP_INACTIVE" },
    ));
    let refused = rig.core.models().model_catalog(true).await.unwrap_err();
    assert_eq!(refused.code(), crate::foundation::error::ErrorCode::TeamPlanInactive);
    // Still signed in: once renewed, the next read works.
    assert!(rig.core.models().model_catalog(true).await.is_ok());
}

/// READINGS M12: a reply refused with `402 INSUFFICIENT_POINTS` is a definite refusal: the
/// reply is interrupted with the platform's code (the window says "Not enough points …
/// nothing was charged"), and no ledger row is written for it.
#[tokio::test]
async fn a_reply_refused_for_points_writes_no_charge() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::Refusal { status: 402, code: "INSUFFICIENT_POINTS" },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Can I afford this?", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Interrupted);
    let error = reply.error.clone().unwrap();
    assert_eq!(error.platform_code.as_deref(), Some("INSUFFICIENT_POINTS"));
    assert!(error.code.is_platform_refusal() && !error.outcome_unknown, "{error:?}");
    let request_id = receipt_id_of(&rig, &reply.id).await;
    assert!(
        super::super::tests::ledger_rows(&rig, &request_id).await.is_empty(),
        "a refusal charged nothing"
    );
}

/// READINGS A2: a 422 in FastAPI's `HTTPValidationError` form says which field was refused
/// and why (not "Unprocessable Entity"); a 422 in the envelope keeps its code and request id.
#[tokio::test]
async fn a_validation_422_says_which_field_was_refused() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::RawBody {
            status: 422,
            content_type: "application/json",
            body: r#"{"detail":[{"type":"less_than_equal","loc":["body","temperature"],"msg":"Input should be less than or equal to 2","input":5,"ctx":{"le":2}},{"type":"missing","loc":["header","X-Request-ID"],"msg":"Field required"}]}"#,
            after: RetryAfter::Absent,
        },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Refused?", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let error = reply.error.expect("refused");
    assert_eq!(
        error.message,
        "temperature: Input should be less than or equal to 2; header.X-Request-ID: Field required"
    );
    assert_eq!(error.platform_code.as_deref(), Some("HTTP_422"), "no code is made up");
    assert!(!error.outcome_unknown);

    rig.control().inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::RawBody {
            status: 422,
            content_type: "application/json",
            body: r#"{"success":false,"code":"OPEN_AGENT_CHARGE_LIMIT_EXCEEDED","message":"The charge limit of this authorization is reached","request_id":"req_422"}"#,
            after: RetryAfter::Absent,
        },
    ));
    let reply = rig
        .core
        .chat()
        .chat_send(input("Limit?", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let error = reply.error.expect("refused");
    assert_eq!(error.platform_code.as_deref(), Some("OPEN_AGENT_CHARGE_LIMIT_EXCEEDED"));
    assert_eq!(error.request_id.as_deref(), Some("req_422"));
    assert_eq!(error.message, "The charge limit of this authorization is reached");
}

/// READINGS B11: a chat refused for longer than the app waits by itself, the wait written
/// with a fraction or in `Retry-After-Ms`, hands that wait to the person.
#[tokio::test]
async fn a_wait_with_a_fraction_or_in_milliseconds_is_handed_to_the_person() {
    let rig = signed_in(ContextRequest::Personal).await;
    for (after, secs) in [(RetryAfter::Raw("60.5"), 61), (RetryAfter::Millis(90_000), 90)] {
        rig.control()
            .inject(Fault::once(Route::ChatCompletions, FaultKind::StatusRetryAfter { status: 429, after }));
        let started = Instant::now();
        let reply = rig
            .core
            .chat()
            .chat_send(input("Busy?", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
            .await
            .unwrap()
            .reply;
        assert!(started.elapsed() < Duration::from_secs(5), "{after:?}: did not wait out part of it");
        assert_eq!(reply.status, MessageStatus::Interrupted, "{after:?}");
        assert_eq!(reply.error.unwrap().retry_after_secs, Some(secs), "{after:?}");
    }
}
