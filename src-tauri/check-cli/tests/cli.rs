//! The built `xiaoya-check` against the sample agents of `tests/agents/` (the official
//! Python MCP SDK): exit statuses and the JSON report. Fails, never skips, when the agents'
//! venv can't be made (`scripts/agents-venv.sh`).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;
use xiaoya_sample_agents::{Agent, Answers, Sessions};

/// The sample agent as the window's journey runs it: JSON answers, a session id.
fn start(variant: &str, port: u16) -> Agent {
    Agent::start_on(port, variant, Answers::Json, Sessions::Stateful)
}

fn check(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiaoya-check"))
        .args(args)
        .env("AGENT_KEY", "sk-cli-canary-77")
        .output()
        .unwrap()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every `{rule, verdict}` of a report: protocol, tools, calls.
fn verdicts(report: &Value) -> Vec<(String, String)> {
    let line =
        |l: &Value| (l["rule"].as_str().unwrap().to_owned(), l["verdict"].as_str().unwrap().to_owned());
    let mut out: Vec<_> = report["protocol"].as_array().unwrap().iter().map(line).collect();
    for part in ["tools", "calls"] {
        for item in report[part].as_array().unwrap() {
            out.extend(item["rules"].as_array().unwrap().iter().map(line));
        }
    }
    out
}

fn failing(report: &Value) -> Vec<String> {
    let mut rules: Vec<String> =
        verdicts(report).into_iter().filter(|(_, v)| v == "fail").map(|(r, _)| r).collect();
    rules.dedup();
    rules
}

const PLAN: &[&str] = &[
    "--call",
    "lookup_quote",
    "--args",
    r#"{"symbol":"ACME","currency":"USD"}"#,
    "--call",
    "lookup_quote",
    "--args",
    r#"{"symbol":"ZZZZ"}"#,
    "--call",
    "generate_report",
    "--args",
    r#"{"topic":"EVs","sections":["market"],"options":{"language":"en-US"}}"#,
    "--call",
    "export_table",
    "--args",
    r#"{"rows":3}"#,
];

/// The good agent: exit 0, the JSON report in the documented shape (every verdict pass or
/// warn, every rule id present), the Markdown beside it, the header value nowhere.
#[test]
fn the_good_agent_exits_0_with_the_documented_json_report() {
    let agent = start("good", 0);
    let dir = tempfile::tempdir().unwrap();
    let (json, md) = (dir.path().join("r.json"), dir.path().join("r.md"));
    let url = agent.url();
    let mut args = vec!["agent", url.as_str(), "--header", "X-Api-Key: $AGENT_KEY"];
    args.extend_from_slice(PLAN);
    args.extend(["--json", json.to_str().unwrap(), "--markdown", md.to_str().unwrap()]);
    let out = check(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains("PROTOCOL")
            && stdout.contains("TOOL delete_draft")
            && stdout.contains("CALL export_table")
    );
    assert!(stdout.contains("2025-03-26 negotiated"), "{stdout}");
    let report = read_json(&json);
    assert_eq!(report["url"], agent.url());
    assert!(report["tools"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["name"].is_string() && t["rules"].is_array()));
    assert!(report["calls"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["tool"].is_string() && c["rules"].is_array()));
    assert_eq!(report["changes"], serde_json::json!([]));
    let all = verdicts(&report);
    assert!(all.iter().all(|(_, v)| v == "pass" || v == "warn"), "{all:?}");
    for rule in [
        "protocol.initialize",
        "protocol.initialized-notification",
        "protocol.session",
        "protocol.transport",
        "protocol.redirect",
        "protocol.https",
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
    ] {
        assert!(all.iter().any(|(r, _)| r == rule), "no line for {rule}");
    }
    assert!(report["protocol"][0]["reason"].is_string());
    let markdown = std::fs::read_to_string(&md).unwrap();
    assert!(markdown.contains("| `tool.meta.price` | pass |"), "{markdown}");
    for text in [stdout.as_ref(), &std::fs::read_to_string(&json).unwrap(), &markdown] {
        assert!(!text.contains("sk-cli-canary-77"), "the header value leaked");
    }
}

/// Two broken variants exit 1 and their JSON fails exactly their rule.
#[test]
fn broken_variants_exit_1_and_fail_their_rule_in_the_json() {
    for (variant, rule) in [
        ("call.result", "call.result"),
        ("tool.meta.price", "tool.meta.price"),
        ("protocol.origin", "protocol.origin"),
    ] {
        let agent = start(variant, 0);
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("r.json");
        let url = agent.url();
        let mut args = vec!["agent", url.as_str()];
        args.extend_from_slice(PLAN);
        args.extend(["--json", json.to_str().unwrap(), "--lang", "zh-CN"]);
        let out = check(&args);
        assert_eq!(out.status.code(), Some(1), "{variant}: {}", String::from_utf8_lossy(&out.stdout));
        let report = read_json(&json);
        assert_eq!(failing(&report), vec![rule.to_owned()], "{variant}");
        assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("FAIL  {rule}")));
        assert!(report["protocol"][0]["text"].as_str().unwrap().contains("小雅"), "the Chinese rule text");
    }
}

/// A server that can't serve the platform's sequence is a rule failure (1), not exit 2.
#[test]
fn a_modern_only_server_exits_1_on_protocol_initialize() {
    let agent = start("modern-only", 0);
    let out = check(&["agent", &agent.url()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("FAIL  protocol.initialize") && stdout.contains("2026-07-28"), "{stdout}");
}

/// Nothing listening, or a web page instead of MCP: exit 2.
#[test]
fn an_unreachable_or_non_mcp_endpoint_exits_2() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port();
    drop(free);
    let out = check(&["agent", &format!("http://127.0.0.1:{port}/mcp"), "--timeout", "5"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cannot be reached"));

    let page = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = page.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut stream in page.incoming().flatten() {
            let mut buf = [0u8; 65536];
            let _ = stream.read(&mut buf);
            let body = "<html><body>Not an MCP server</body></html>";
            let _ = write!(
                stream,
                "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    let out = check(&["agent", &format!("http://127.0.0.1:{port}/mcp")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("does not speak MCP"), "{stdout}");
}

/// --compare: the `changed` release against the good one's report lists the changes that
/// need a fresh review (and exits 0: the new release still follows every rule).
#[test]
fn compare_lists_the_changes_since_an_earlier_report() {
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old.json"), dir.path().join("new.json"));
    let good = start("good", 0);
    let port = good.port;
    assert_eq!(check(&["agent", &good.url(), "--json", old.to_str().unwrap()]).status.code(), Some(0));
    drop(good);
    let changed = start("changed", port);
    let out = check(&[
        "agent",
        &changed.url(),
        "--compare",
        old.to_str().unwrap(),
        "--json",
        new.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let report = read_json(&new);
    let fresh: Vec<(String, String)> = report["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["freshReview"] == true)
        .map(|c| (c["tool"].as_str().unwrap().to_owned(), c["change"].as_str().unwrap().to_owned()))
        .collect();
    let want = [
        ("delete_draft", "removed"),
        ("export_table", "sync-to-async"),
        ("generate_report", "price-increased"),
        ("lookup_quote", "scopes-expanded"),
    ];
    assert_eq!(fresh, want.map(|(a, b)| (a.to_owned(), b.to_owned())));
    assert!(stdout.contains("CHANGES") && stdout.contains("fresh review  removed"), "{stdout}");
    let bad =
        check(&["agent", &changed.url(), "--compare", dir.path().join("missing.json").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(3), "a missing file is a usage error");
}

/// An agent that wants a key it wasn't given: exit 2, and the reason says so.
#[test]
fn refused_credentials_exit_2_with_the_reason() {
    let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = server.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut stream in server.incoming().flatten() {
            let mut buf = [0u8; 65536];
            let _ = stream.read(&mut buf);
            let _ =
                write!(stream, "HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        }
    });
    let out = check(&["agent", &format!("http://127.0.0.1:{port}/mcp")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("HTTP 401") && stdout.contains("credentials"), "{stdout}");
}

/// A mistake on the command line is named in the person's language: `LANG=zh_CN` before
/// `--lang` is read, `--lang` over `LANG`; exit 3 with the usage text in the same language.
#[test]
fn a_usage_mistake_is_named_in_the_language_of_lang_or_the_environment() {
    let run = |args: &[&str], lang: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_xiaoya-check"))
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, zh) = run(&["agent", "https://a.example/mcp", "--timeout", "0"], "zh_CN.UTF-8");
    assert_eq!(code, Some(3), "{zh}");
    assert!(zh.contains("--timeout \"0\"：1–3600 秒") && zh.contains("用法："), "{zh}");
    let (code, en) =
        run(&["agent", "https://a.example/mcp", "--lang", "en", "--timeout", "0"], "zh_CN.UTF-8");
    assert_eq!(code, Some(3));
    assert!(en.contains("--timeout \"0\": 1–3600 seconds") && en.contains("Usage:"), "{en}");
    let (code, zh) = run(&["agent", "ftp://a.example/mcp", "--lang", "zh-CN"], "C.UTF-8");
    assert_eq!(code, Some(3));
    assert!(zh.contains("无法使用该端点"), "{zh}");
}
