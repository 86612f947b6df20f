//! The `Agents` service: header values only in the keychain and masked everywhere else,
//! snapshots saved and compared, a call refused before sending until it is valid and
//! confirmed, and the exports.

use std::sync::Arc;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::*;
use crate::agents::wire::{AgentHeaderInput, AgentInput, ChangeKind, ExportFormat, Locale};
use crate::agents::Agents;
use crate::foundation::error::Error;
// Refused calls return before `review::review`, the only thing that sends anything.
use crate::testing::Rig;

const SECRET: &str = "sk-agent-canary-4f1d9e";

fn input(url: &str, value: &str) -> AgentInput {
    AgentInput {
        url: url.into(),
        headers: vec![AgentHeaderInput { name: "X-Api-Key".into(), value: value.into() }],
    }
}

fn agents(rig: &Rig) -> Agents {
    Agents::new(rig.core.shared().clone()).with_limits(test_limits())
}

/// The database as SQLite keeps it on disk (the file and its write-ahead log).
fn database_bytes(rig: &Rig) -> String {
    ["companion.db", "companion.db-wal"]
        .iter()
        .map(|f| {
            String::from_utf8_lossy(&std::fs::read(rig.dir.path().join(f)).unwrap_or_default()).into_owned()
        })
        .collect()
}

/// The header value reaches the agent on the wire, and nowhere else: not the database, not
/// the report or its transcript, not either export. A bare TCP server stands in for the
/// agent so the test sees the request bytes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_header_value_is_sent_to_the_agent_and_kept_only_in_the_keychain() {
    let rig = Rig::new().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen = Arc::new(tokio::sync::Mutex::new(String::new()));
    let served = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut buf = vec![0u8; 64 * 1024];
            let n = socket.read(&mut buf).await.unwrap_or(0);
            served.lock().await.push_str(&String::from_utf8_lossy(&buf[..n]));
            // An agent that echoes the key back in its refusal.
            let body = format!(
                r#"{{"jsonrpc":"2.0","id":0,"error":{{"code":-32602,"message":"bad key {SECRET}"}}}}"#
            );
            let answer = format!(
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(answer.as_bytes()).await;
        }
    });
    let service = agents(&rig);
    let saved = service.save(input(&format!("http://127.0.0.1:{port}/mcp"), SECRET)).await.unwrap();
    assert_eq!(saved.header_names, vec!["x-api-key"]);
    assert!(saved.insecure_development, "http on loopback is flagged");
    assert_eq!(
        rig.keys
            .entries
            .lock()
            .unwrap()
            .get(&format!("agent-header:{}:x-api-key", saved.id))
            .map(String::as_str),
        Some(SECRET)
    );

    let report = service.review(&saved.id, Locale::En, Vec::new()).await.unwrap();
    assert!(
        seen.lock().await.to_ascii_lowercase().contains(&format!("x-api-key: {SECRET}")),
        "sent on the wire"
    );
    let json = String::from_utf8(crate::agents::export::json(&report).unwrap()).unwrap();
    assert!(!json.contains(SECRET), "the report holds no header value");
    assert!(json.contains("••••••"), "the header is shown masked");
    let snapshot = service.snapshots(&saved.id).await.unwrap()[0].id;
    for format in [ExportFormat::Markdown, ExportFormat::Json] {
        let doc = service.export(snapshot, format).await.unwrap();
        assert!(!String::from_utf8_lossy(&doc.bytes).contains(SECRET), "{format:?} export");
    }
    let db = database_bytes(&rig);
    assert!(db.contains("x-api-key") && db.contains(&saved.id), "the database file was read");
    assert!(!db.contains(SECRET), "nothing in the database");

    // Saving again with an empty value keeps the key; forgetting the agent deletes it.
    service.save(input(&format!("http://127.0.0.1:{port}/mcp"), "")).await.unwrap();
    assert_eq!(rig.keys.entries.lock().unwrap().len(), 1);
    service.forget(&saved.id).await.unwrap();
    assert!(rig.keys.entries.lock().unwrap().is_empty(), "the key left the keychain with the agent");
    assert!(service.list().await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reserved_or_malformed_headers_and_urls_are_refused_before_anything_is_stored() {
    let rig = Rig::new().await;
    let service = agents(&rig);
    for (url, name) in [
        ("ftp://example.com/mcp", "X-Api-Key"),
        ("https://user:pw@example.com/mcp", "X-Api-Key"),
        ("https://example.com/mcp", "Mcp-Session-Id"),
        ("https://example.com/mcp", "X-Xiaoya-Call-Context"),
        ("https://example.com/mcp", "Bad Name"),
    ] {
        let input = AgentInput {
            url: url.into(),
            headers: vec![AgentHeaderInput { name: name.into(), value: "v".into() }],
        };
        assert!(matches!(service.save(input).await, Err(Error::InvalidInput(_))), "{url} {name}");
    }
    assert!(rig.keys.entries.lock().unwrap().is_empty());
    assert!(service.list().await.unwrap().is_empty());
}

/// Two reviews of one agent (the good release, then the `changed` one on the same URL) are
/// two snapshots; the second review lists the changes, and comparing the snapshots gives
/// the same list: four that need a fresh review, the reworded title harmless.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_release_is_compared_with_the_last_snapshot() {
    let rig = Rig::new().await;
    let service = agents(&rig);
    let first = Agent::start("good", Answers::Json, Sessions::Stateful);
    let port = first.port;
    let saved = service.save(AgentInput { url: first.url(), headers: Vec::new() }).await.unwrap();
    let report = service.review(&saved.id, Locale::ZhCn, Vec::new()).await.unwrap();
    assert!(report.changes.is_empty(), "nothing to compare with yet");
    assert!(report.protocol[0].text.contains("小雅"), "the rules' text in the review's language");
    drop(first);
    let _next = Agent::start_on(port, "changed", Answers::Json, Sessions::Stateful);
    let report = service.review(&saved.id, Locale::En, Vec::new()).await.unwrap();
    let fresh: Vec<(String, ChangeKind)> =
        report.changes.iter().filter(|c| c.fresh_review).map(|c| (c.tool.clone(), c.change)).collect();
    assert_eq!(
        fresh,
        vec![
            ("delete_draft".into(), ChangeKind::Removed),
            ("export_table".into(), ChangeKind::SyncToAsync),
            ("generate_report".into(), ChangeKind::PriceIncreased),
            ("lookup_quote".into(), ChangeKind::ScopesExpanded),
        ]
    );
    let harmless: Vec<_> = report.changes.iter().filter(|c| !c.fresh_review).collect();
    assert_eq!(harmless.len(), 1, "{harmless:#?}");
    assert!(harmless[0].detail.contains("Write a market report"));
    let snapshots = service.snapshots(&saved.id).await.unwrap();
    assert_eq!(snapshots.len(), 2);
    assert_eq!(service.compare(snapshots[1].id, snapshots[0].id).await.unwrap(), report.changes);
    assert_eq!(service.list().await.unwrap()[0].token_weight, Some(report.token_weight.total));
}

/// A call from the window: arguments checked against the inputSchema and a destructive,
/// priced tool confirmed, both before anything is sent; then the envelope and its rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_is_sent_only_once_valid_and_confirmed_and_its_envelope_is_checked() {
    let rig = Rig::new().await;
    let service = agents(&rig);
    let agent = Agent::start("good", Answers::Sse, Sessions::Stateful);
    let saved = service.save(AgentInput { url: agent.url(), headers: Vec::new() }).await.unwrap();
    let call = |args: serde_json::Value, confirmed| ToolCallRequest {
        tool: "delete_draft".into(),
        arguments: args,
        confirmed,
    };
    assert!(
        matches!(
            service.call(&saved.id, Locale::En, call(json!({}), true)).await,
            Err(Error::InvalidInput(_))
        ),
        "no tool list yet"
    );
    service.review(&saved.id, Locale::En, Vec::new()).await.unwrap();
    let problems = service
        .check_arguments(&saved.id, "delete_draft", &json!({"draftId": "x", "extra": 1}))
        .await
        .unwrap();
    let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["", "", "/draftId", "/draftId"], "{problems:#?}");
    let bad = service.call(&saved.id, Locale::En, call(json!({"draftId": "x"}), true)).await;
    assert!(matches!(&bad, Err(Error::InvalidInput(why)) if why.contains("inputSchema")), "{bad:?}");
    let unconfirmed = service
        .call(&saved.id, Locale::En, call(json!({"draftId": "draft_abcd", "reason": "obsolete"}), false))
        .await;
    assert!(
        matches!(&unconfirmed, Err(Error::InvalidInput(why)) if why.contains("destructive") && why.contains("5 points")),
        "{unconfirmed:?}"
    );
    let report = service
        .call(&saved.id, Locale::En, call(json!({"draftId": "draft_abcd", "reason": "obsolete"}), true))
        .await
        .unwrap();
    assert_eq!(report.calls.len(), 1);
    let done = &report.calls[0];
    assert_eq!(done.envelope.as_ref().map(|e| e.status.as_str()), Some("completed"));
    assert!(
        done.rules.iter().all(|l| l.verdict == crate::agents::wire::RuleVerdict::Pass),
        "{:#?}",
        done.rules
    );
    assert!(
        report.transcript.iter().all(|x| x.via == crate::agents::wire::ExchangeVia::Rmcp),
        "no probes for a call"
    );
}

/// The window (the service, headers from the keychain) and the command line (the review
/// called directly, as `xiaoya-check` does) give the same verdicts for the same agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_window_and_the_command_line_give_the_same_verdicts() {
    let rig = Rig::new().await;
    let service = agents(&rig);
    for variant in ["good", "tool.meta.timeout"] {
        let agent = Agent::start(variant, Answers::Json, Sessions::Stateful);
        let saved = service.save(AgentInput { url: agent.url(), headers: Vec::new() }).await.unwrap();
        let window = service.review(&saved.id, Locale::En, call_plan()).await.unwrap();
        let command_line = review_agent(&agent, call_plan(), None).await;
        let verdicts = |r: &AgentReport| -> Vec<(RuleId, RuleVerdict)> {
            r.lines().map(|l| (l.rule, l.verdict)).collect()
        };
        assert_eq!(verdicts(&window), verdicts(&command_line), "{variant}");
        assert_eq!(window.counts, command_line.counts);
    }
}
