//! Every rule id against the sample agents: the good agent passes every rule in all four
//! modes (JSON/SSE × stateful/stateless), and each broken variant fails its rule and no other.

use std::process::Command;

use super::*;
use crate::agents::wire::{AgentReachability, CallPurpose, WireFormat};

async fn good(answers: Answers, sessions: Sessions) -> AgentReport {
    let report = review_variant("good", answers, sessions).await;
    assert_eq!(report.reachability, AgentReachability::Reviewed);
    assert_eq!(
        report.negotiated_protocol.as_deref(),
        Some("2025-03-26"),
        "the review says what was negotiated"
    );
    assert_eq!(failing(&report), vec![], "the good agent fails nothing");
    // Every rule id has a line, and only protocol.https warns (http on loopback).
    for rule in RuleId::ALL {
        assert!(report.lines().any(|l| l.rule == rule), "no line for {}", rule.id());
    }
    let warns: Vec<_> = report.lines().filter(|l| l.verdict == RuleVerdict::Warn).map(|l| l.rule).collect();
    assert_eq!(
        warns,
        vec![RuleId::ProtocolHttps],
        "{:#?}",
        report.lines().filter(|l| l.verdict == RuleVerdict::Warn).collect::<Vec<_>>()
    );
    assert_eq!(report.tools.len(), 4);
    assert_eq!(
        report.tools.iter().map(|t| t.rules.len()).collect::<Vec<_>>(),
        vec![11; 4],
        "one line per tool rule"
    );
    // The transcript: initialize first, each answer in the mode asked for, the session id.
    let first = &report.transcript[0];
    assert_eq!(first.rpc_method.as_deref(), Some("initialize"));
    let want = if answers == Answers::Json { WireFormat::Json } else { WireFormat::Sse };
    assert_eq!(first.format, Some(want), "{first:#?}");
    assert_eq!(first.session_received.is_some(), sessions == Sessions::Stateful);
    let note = report
        .transcript
        .iter()
        .find(|x| x.rpc_method.as_deref() == Some("notifications/initialized"))
        .unwrap();
    assert_eq!(
        (note.http_status, note.response.as_deref()),
        (Some(202), None),
        "a notification gets no response"
    );
    report
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_good_agent_passes_every_rule_json_stateful() {
    let report = good(Answers::Json, Sessions::Stateful).await;
    // Stateful: the session probes ran, and rmcp ended the session with DELETE.
    assert!(report
        .transcript
        .iter()
        .any(|x| x.label == "probe: unknown session id" && x.http_status == Some(404)));
    assert!(report.transcript.iter().any(|x| x.http_method == "DELETE"), "the session is ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_good_agent_passes_every_rule_sse_stateful() {
    good(Answers::Sse, Sessions::Stateful).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_good_agent_passes_every_rule_json_stateless() {
    let report = good(Answers::Json, Sessions::Stateless).await;
    assert!(report.transcript.iter().all(|x| x.session_received.is_none() && x.session_sent.is_none()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_good_agent_passes_every_rule_sse_stateless() {
    good(Answers::Sse, Sessions::Stateless).await;
}

/// What each call of the plan shows on the good agent: the envelope, the artifacts, the
/// async task id checked twice, and the invalid-params probe on the two read-only tools.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_good_agents_calls_show_their_envelopes_and_the_rules_they_were_judged_by() {
    let report = review_variant("good", Answers::Json, Sessions::Stateful).await;
    let requested: Vec<_> = report.calls.iter().filter(|c| c.purpose == CallPurpose::Requested).collect();
    assert_eq!(requested.len(), 6);
    let status = |i: usize| requested[i].envelope.as_ref().map(|e| e.status.clone());
    assert_eq!(status(0).as_deref(), Some("completed"));
    assert_eq!(status(1).as_deref(), Some("failed"));
    assert!(requested[1]
        .rules
        .iter()
        .any(|l| l.rule == RuleId::CallBusinessFailure && l.verdict == RuleVerdict::Pass));
    let report_call = requested[4];
    assert_eq!(report_call.exchanges.len(), 2, "the async, idempotent tool is called twice");
    assert!(report_call.rules.iter().any(|l| l.rule == RuleId::CallAsync && l.verdict == RuleVerdict::Pass));
    let export = requested[5].envelope.as_ref().unwrap();
    assert_eq!(export.artifacts.len(), 1);
    assert_eq!(export.artifacts[0].sha256.as_ref().map(String::len), Some(64));
    let probes: Vec<_> = report
        .calls
        .iter()
        .filter(|c| c.purpose == CallPurpose::InvalidParams)
        .map(|c| c.tool.as_str())
        .collect();
    assert_eq!(probes, vec!["lookup_quote", "export_table"], "read-only tools only");
    assert_eq!(
        report
            .calls
            .iter()
            .find(|c| c.purpose == CallPurpose::InvalidParams)
            .unwrap()
            .error
            .as_ref()
            .map(|e| e.code),
        Some(-32602)
    );
    // Confirmation data: delete_draft is destructive and priced; lookup_quote needs none.
    let tool = |n: &str| report.tools.iter().find(|t| t.name == n).unwrap();
    assert!(!tool("lookup_quote").call.needs_confirmation);
    let delete = &tool("delete_draft").call;
    assert!(delete.needs_confirmation && delete.destructive && delete.price_points == Some(5));
    assert!(tool("generate_report").call.called_twice);
    assert!(report.token_weight.total > 200 && report.token_weight.tools == 4, "{:?}", report.token_weight);
}

macro_rules! breaks {
    ($($test:ident: $variant:literal => $rule:expr;)*) => {$(
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $test() {
            let report = review_variant($variant, Answers::Json, Sessions::Stateful).await;
            assert_fails_only(&report, $rule);
        }
    )*};
}

breaks! {
    protocol_initialize_fails_on_a_counter_offered_revision: "protocol.initialize" => RuleId::ProtocolInitialize;
    protocol_initialized_notification_fails_on_an_answered_notification: "protocol.initialized-notification" => RuleId::ProtocolInitializedNotification;
    protocol_session_fails_on_a_new_session_id_per_answer: "protocol.session" => RuleId::ProtocolSession;
    protocol_transport_fails_on_answers_labelled_text_plain: "protocol.transport" => RuleId::ProtocolTransport;
    protocol_errors_fails_on_internal_error_for_everything: "protocol.errors" => RuleId::ProtocolErrors;
    protocol_limits_fails_on_a_server_that_takes_a_2_mib_body: "protocol.limits" => RuleId::ProtocolLimits;
    protocol_origin_fails_on_a_loopback_server_serving_a_foreign_origin: "protocol.origin" => RuleId::ProtocolOrigin;
    tool_identity_fails_on_a_space_in_a_name_and_a_missing_title: "tool.identity" => RuleId::ToolIdentity;
    tool_input_schema_fails_on_unconstrained_inputs: "tool.input-schema" => RuleId::ToolInputSchema;
    tool_output_schema_fails_on_a_wrong_envelope: "tool.output-schema" => RuleId::ToolOutputSchema;
    tool_annotations_fails_on_missing_and_string_hints: "tool.annotations" => RuleId::ToolAnnotations;
    tool_meta_version_fails_on_missing_and_non_semver: "tool.meta.version" => RuleId::ToolMetaVersion;
    tool_meta_price_fails_on_missing_string_and_negative_prices: "tool.meta.price" => RuleId::ToolMetaPrice;
    tool_meta_scopes_fails_on_missing_and_string_scopes: "tool.meta.scopes" => RuleId::ToolMetaScopes;
    tool_meta_execution_mode_fails_on_missing_and_unknown_modes: "tool.meta.execution-mode" => RuleId::ToolMetaExecutionMode;
    tool_meta_artifact_types_fails_on_csv_and_a_missing_list: "tool.meta.artifact-types" => RuleId::ToolMetaArtifactTypes;
    tool_meta_timeout_fails_on_missing_too_long_and_string_timeouts: "tool.meta.timeout" => RuleId::ToolMetaTimeout;
    tool_no_platform_arguments_fails_on_identity_token_and_billing_inputs: "tool.no-platform-arguments" => RuleId::ToolNoPlatformArguments;
    call_result_fails_on_no_text_block_and_a_bad_status: "call.result" => RuleId::CallResult;
    call_async_fails_on_an_async_tool_answering_completed: "call.async" => RuleId::CallAsync;
    call_artifacts_fails_on_local_private_and_incomplete_artifacts: "call.artifacts" => RuleId::CallArtifacts;
    call_invalid_params_fails_on_a_result_for_broken_arguments: "call.invalid-params" => RuleId::CallInvalidParams;
    call_business_failure_fails_on_failed_without_error_code: "call.business-failure" => RuleId::CallBusinessFailure;
    call_no_inline_files_fails_on_a_2_mib_inline_blob: "call.no-inline-files" => RuleId::CallNoInlineFiles;
    call_context_headers_fails_on_an_echoed_call_context: "call.context-headers" => RuleId::CallContextHeaders;
}

/// protocol.redirect: the endpoint answers 307; the review refuses to follow, says where it
/// pointed, and cannot go on (initialize fails too, for the same reason).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_redirect_fails_on_a_307_and_is_never_followed() {
    let report = review_variant("protocol.redirect", Answers::Json, Sessions::Stateful).await;
    assert_eq!(report.verdict_of(RuleId::ProtocolRedirect), Some(RuleVerdict::Fail));
    let line = report.protocol.iter().find(|l| l.rule == RuleId::ProtocolRedirect).unwrap();
    assert!(line.reason.contains("307") && line.reason.contains("/mcp/v2"), "{}", line.reason);
    assert_eq!(
        report.transcript.len(),
        1,
        "nothing sent after the refused redirect: {:#?}",
        report.transcript
    );
    assert!(report.transcript[0].error.as_deref().is_some_and(|e| e.contains("redirect refused")));
    assert_eq!(
        report.reachability,
        AgentReachability::Reviewed,
        "it answered HTTP: a rule failure, not unreachable"
    );
}

/// protocol.https: http on loopback is a warning (every sample agent), http elsewhere a
/// failure, and https passes; the URL alone decides, so no agent is needed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_https_warns_on_loopback_http_and_fails_on_other_http() {
    let report = review_variant("good", Answers::Json, Sessions::Stateless).await;
    let line = report.protocol.iter().find(|l| l.rule == RuleId::ProtocolHttps).unwrap();
    assert_eq!(line.verdict, RuleVerdict::Warn);
    assert!(line.reason.contains("loopback"), "{}", line.reason);
    // A non-loopback http endpoint (nothing listens there: connecting fails at once).
    let target = Target::parse("http://192.0.2.1:9/mcp", Vec::new()).unwrap();
    let limits = Limits { request_timeout: Duration::from_secs(1), ..Limits::default() };
    let report = review(target, ReviewOptions { limits, ..ReviewOptions::default() }).await;
    assert_eq!(report.verdict_of(RuleId::ProtocolHttps), Some(RuleVerdict::Fail));
    assert_eq!(report.reachability, AgentReachability::Unreachable);
}

/// modern-only refuses every initialize (it serves only 2026-07-28's server/discover):
/// protocol.initialize fails with the server's own reason, and nothing falls back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_initialize_fails_on_a_server_that_cannot_serve_the_platforms_sequence() {
    let report = review_variant("modern-only", Answers::Json, Sessions::Stateful).await;
    let line = report.protocol.iter().find(|l| l.rule == RuleId::ProtocolInitialize).unwrap();
    assert_eq!(line.verdict, RuleVerdict::Fail);
    assert!(line.reason.contains("-32602") && line.reason.contains("2026-07-28"), "{}", line.reason);
    assert_eq!(report.negotiated_protocol, None);
    assert!(
        report.transcript.iter().all(|x| x.rpc_method.as_deref() != Some("server/discover")),
        "no fallback"
    );
    assert_eq!(report.reachability, AgentReachability::Reviewed);
}

/// Every broken variant, answering SSE without a session: it fails its rule and no other,
/// and `tests/agents/reference_review.py` (a raw-HTTP second opinion in Python) finds the
/// same failing rules on the same agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_broken_variant_fails_its_rule_in_sse_stateless_mode_as_the_reference_review_says() {
    let variants = [
        "protocol.initialize",
        "protocol.initialized-notification",
        "protocol.session",
        "protocol.transport",
        "protocol.errors",
        "protocol.limits",
        "protocol.origin",
        "tool.identity",
        "tool.input-schema",
        "tool.output-schema",
        "tool.annotations",
        "tool.meta.version",
        "tool.meta.price",
        "tool.meta.scopes",
        "tool.meta.execution-mode",
        "tool.meta.artifact-types",
        "tool.meta.timeout",
        "tool.no-platform-arguments",
        "call.result",
        "call.async",
        "call.artifacts",
        "call.invalid-params",
        "call.business-failure",
        "call.no-inline-files",
        "call.context-headers",
    ];
    for variant in variants {
        let rule = RuleId::from_id(variant).unwrap();
        let agent = Agent::start(variant, Answers::Sse, Sessions::Stateless);
        let report = review_agent(&agent, call_plan_for(variant), None).await;
        assert_fails_only(&report, rule);
        let reference = Command::new(agents_python())
            .arg(repo_root().join("tests/agents/reference_review.py"))
            .arg(agent.url())
            .output()
            .expect("reference_review.py runs");
        let doc: Value = serde_json::from_slice(&reference.stdout).expect("the reference review's JSON");
        let theirs: Vec<&str> = doc["rules"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, problems)| problems.as_array().is_some_and(|p| !p.is_empty()))
            .map(|(rule, _)| rule.as_str())
            .collect();
        assert_eq!(theirs, vec![variant], "the reference review on {variant}");
    }
}

/// The README and docs/AGENT_CHECK.md name every rule id the review gives, and no id it
/// doesn't give (a renamed or dropped rule can't linger in the docs).
#[test]
fn the_readme_and_the_agent_check_guide_list_every_rule_id_and_no_other() {
    let ids: std::collections::BTreeSet<&str> = RuleId::ALL.iter().map(|r| r.id()).collect();
    let shape = regex::Regex::new(r"`((?:protocol|tool|call)\.[a-z][a-z.-]*)`").unwrap();
    for doc in ["README.md", "docs/AGENT_CHECK.md"] {
        let text = std::fs::read_to_string(repo_root().join(doc)).unwrap();
        let named: std::collections::BTreeSet<&str> =
            shape.captures_iter(&text).map(|c| c.get(1).unwrap().as_str()).collect();
        let missing: Vec<_> = ids.difference(&named).collect();
        let unknown: Vec<_> = named.difference(&ids).filter(|n| !n.ends_with(".*")).collect();
        assert!(missing.is_empty(), "{doc} doesn't name {missing:?}");
        assert!(unknown.is_empty(), "{doc} names rule ids the review doesn't give: {unknown:?}");
    }
}
