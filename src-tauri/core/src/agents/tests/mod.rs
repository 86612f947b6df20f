//! The review against real MCP agents: the sample agents of `tests/agents/` (the official
//! Python MCP SDK), started from here. A test FAILS when their venv can't be made
//! (`scripts/agents-venv.sh`): under CI a silent skip would hide that nothing was tested.

mod rules;
mod service;
mod tokens;

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{json, Value};

use super::http::Limits;
use super::review::{review, ReviewOptions};
use super::target::Target;
use super::wire::{AgentReport, Locale, RuleId, RuleVerdict, ToolCallRequest};

pub use xiaoya_sample_agents::{python as sample_python, repo_root, Agent, Answers, Sessions};

/// The venv's python (the tests fail, never skip, without it).
pub fn agents_python() -> PathBuf {
    sample_python().unwrap_or_else(|why| panic!("{why}"))
}

/// The calls the review makes of the sample agents (as `reference_review.py`'s CALL_PLAN):
/// two business failures, a destructive delete, the async report, the artifact export.
pub fn call_plan() -> Vec<ToolCallRequest> {
    let call =
        |tool: &str, arguments: Value| ToolCallRequest { tool: tool.into(), arguments, confirmed: true };
    vec![
        call("lookup_quote", json!({"symbol": "ACME", "currency": "USD"})),
        call("lookup_quote", json!({"symbol": "ZZZZ"})),
        call("delete_draft", json!({"draftId": "draft_abcd", "reason": "obsolete"})),
        call("delete_draft", json!({"draftId": "draft_missing", "reason": "other"})),
        call(
            "generate_report",
            json!({"topic": "Electric vehicles", "sections": ["market", "risks"], "options": {"language": "en-US"}}),
        ),
        call("export_table", json!({"rows": 3})),
    ]
}

pub fn test_limits() -> Limits {
    Limits { request_timeout: Duration::from_secs(20), ..Limits::default() }
}

/// Reviews a running agent with the sample call plan (`lookup quote` is the tool.identity
/// variant's name for lookup_quote).
pub async fn review_agent(
    agent: &Agent,
    calls: Vec<ToolCallRequest>,
    previous: Option<Vec<Value>>,
) -> AgentReport {
    let target = Target::parse(&agent.url(), Vec::new()).expect("a sample agent's URL");
    review(
        target,
        ReviewOptions {
            lang: Locale::En,
            limits: test_limits(),
            calls,
            previous,
            client: None,
            probes: true,
        },
    )
    .await
}

/// The call plan for a variant: the tool.identity variant advertises lookup_quote as
/// "lookup quote", and is called by that name.
pub fn call_plan_for(variant: &str) -> Vec<ToolCallRequest> {
    let mut plan = call_plan();
    if variant == "tool.identity" {
        for call in plan.iter_mut().filter(|c| c.tool == "lookup_quote") {
            call.tool = "lookup quote".into();
        }
    }
    plan
}

pub async fn review_variant(variant: &str, answers: Answers, sessions: Sessions) -> AgentReport {
    let agent = Agent::start(variant, answers, sessions);
    review_agent(&agent, call_plan_for(variant), None).await
}

/// Every rule that failed, with its reasons.
pub fn failing(report: &AgentReport) -> Vec<(RuleId, String)> {
    report.lines().filter(|l| l.verdict == RuleVerdict::Fail).map(|l| (l.rule, l.reason.clone())).collect()
}

/// The variant fails exactly `rule` (on at least one line) and no other rule.
pub fn assert_fails_only(report: &AgentReport, rule: RuleId) {
    let failing = failing(report);
    assert!(
        failing.iter().any(|(r, _)| *r == rule),
        "{} did not fail: {:#?}",
        rule.id(),
        report.lines().filter(|l| l.rule == rule).collect::<Vec<_>>()
    );
    let others: Vec<_> = failing.iter().filter(|(r, _)| *r != rule).collect();
    assert!(others.is_empty(), "only {} should fail, also failing: {others:#?}", rule.id());
}
