use reqwest::Method;
use url::Url;

use super::*;
use crate::api::PlatformClient;
use crate::foundation::secret::Sensitive;

const CANARY: &str = "canary-token-7c1f0e9d2b";

/// Bodies a shell gets wrong when quoted carelessly.
const AWKWARD: &[&str] = &[
    r#"{"messages":[{"role":"user","content":"it's \"quoted\""}]}"#,
    "{\"input\":\"line one\nline two\r\n\ttabbed\"}",
    "{\"input\":\"你好，世界 · naïve café 🎧\"}",
    "{\"input\":\"$HOME ${PATH} $(rm -rf /) `id` \\\\ !! %s\"}",
    "'''",
    "it’s ‘typographic’ ‚low‛",
    "",
];

fn built(body: &str, stream: bool) -> reqwest::Request {
    let client = PlatformClient::new().unwrap();
    let url = Url::parse("https://claw.example.com/api/proxy/v1/chat/completions").unwrap();
    let token = Sensitive::new(CANARY.to_owned());
    client
        .authorized(Method::POST, url, Some(&token), Some("team_02"))
        .header("Content-Type", "application/json")
        .header("Accept", if stream { "text/event-stream" } else { "application/json" })
        .header("X-Request-ID", "5b2e61a4-0f7e-4a57-9c3e-2f1d0c9b8a77")
        .header("X-Xiaoya-Run-Id", "run_1")
        .body(body.to_owned())
        .build()
        .unwrap()
}

fn evidence() -> Evidence {
    Evidence {
        request_id: "5b2e61a4-0f7e-4a57-9c3e-2f1d0c9b8a77".into(),
        sent_at: "2026-12-06T17:00:00.000Z".into(),
        context: "Team\nAlpha".into(),
        charged: Some("0.0031".into()),
        note: Some("Sending it again with the same X-Request-ID is not charged again.".into()),
    }
}

/// Runs `script` in bash and returns its standard output.
fn bash(script: &str) -> String {
    let out = std::process::Command::new("bash").arg("-c").arg(script).output().expect("bash");
    assert!(out.status.success(), "{script}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn bash_quoting_gives_back_every_byte() {
    for text in AWKWARD {
        assert_eq!(bash(&format!("printf %s {}", bash_quote(text))), *text, "{text:?}");
    }
}

#[test]
fn powershell_quoting_doubles_every_single_quote_kind() {
    assert_eq!(ps_quote("it's"), "'it''s'");
    assert_eq!(ps_quote("a’b‘c‚d‛e"), "'a’’b‘‘c‚‚d‛‛e'");
    assert_eq!(ps_quote("$env:X `n \"q\""), "'$env:X `n \"q\"'");
    assert_eq!(ps_quote("line\nbreak"), "'line\nbreak'");
}

/// Proves D3 in the renderer: the bearer value is never read, whatever the shell.
#[test]
fn no_shell_ever_shows_the_token() {
    for body in AWKWARD {
        let sent = SentRequest::of(&built(body, true)).unwrap();
        for shell in [CurlShell::Bash, CurlShell::PowerShell, CurlShell::Httpie] {
            let text = sent.render(shell, &evidence());
            assert!(!text.contains(CANARY), "{shell:?}: {text}");
            assert!(!text.contains("canary"), "{shell:?}: {text}");
        }
    }
    let sent = SentRequest::of(&built("{}", false)).unwrap();
    assert!(sent.render(CurlShell::Bash, &evidence()).contains("\"Authorization: Bearer $XIAOYA_TOKEN\""));
    assert!(sent.render(CurlShell::PowerShell, &evidence()).contains("\"Bearer $env:XIAOYA_TOKEN\""));
    assert!(sent.render(CurlShell::Httpie, &evidence()).contains("\"Authorization:Bearer $XIAOYA_TOKEN\""));
}

#[test]
fn the_request_is_copied_as_built() {
    let sent = SentRequest::of(&built("{\"a\":1}", true)).unwrap();
    assert_eq!(sent.method, "POST");
    assert_eq!(sent.url, "https://claw.example.com/api/proxy/v1/chat/completions");
    let names: Vec<&str> = sent.headers.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["Authorization", "X-Xiaoya-Team-Id", "Content-Type", "Accept", "X-Request-ID", "X-Xiaoya-Run-Id"]
    );
    assert_eq!(sent.body.as_deref(), Some("{\"a\":1}"));
    let text = sent.render(CurlShell::Bash, &evidence());
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "# Xiaoya request 5b2e61a4-0f7e-4a57-9c3e-2f1d0c9b8a77 · sent 2026-12-06T17:00:00.000Z · \
             charged to Team Alpha · charged 0.0031 points"
        ),
        "one comment line, the Team's line break gone"
    );
    assert!(text.contains("curl -sS -N -X POST 'https://claw.example.com/api/proxy/v1/chat/completions'"));
    assert!(text.contains("-H 'X-Xiaoya-Team-Id: team_02'"), "{text}");
    assert!(text.contains("-H 'Accept: text/event-stream'"), "{text}");
    assert!(text.contains("--data-binary '{\"a\":1}'"), "{text}");
}

/// The rendered bash command, run by bash with `curl` replaced by a function that prints its
/// arguments, hands curl exactly the URL, headers and body that were built (every awkward
/// body), with the token taken from the environment.
#[test]
fn bash_hands_curl_the_exact_request() {
    for body in AWKWARD {
        let sent = SentRequest::of(&built(body, false)).unwrap();
        let script = format!(
            "curl() {{ printf '%s\\0' \"$@\"; }}\nXIAOYA_TOKEN=from-env\n{}",
            sent.render(CurlShell::Bash, &evidence())
        );
        let args = bash(&script);
        let args: Vec<&str> = args.split('\0').collect();
        assert!(args.contains(&"Authorization: Bearer from-env"), "{args:?}");
        assert!(args.contains(&"X-Request-ID: 5b2e61a4-0f7e-4a57-9c3e-2f1d0c9b8a77"), "{args:?}");
        let at = args.iter().position(|a| *a == "--data-binary").unwrap();
        assert_eq!(args[at + 1], *body);
    }
}

#[test]
fn httpie_items_carry_the_same_request() {
    for body in AWKWARD {
        let sent = SentRequest::of(&built(body, true)).unwrap();
        let script = format!(
            "http() {{ printf '%s\\0' \"$@\"; }}\nXIAOYA_TOKEN=from-env\n{}",
            sent.render(CurlShell::Httpie, &evidence())
        );
        let args = bash(&script);
        let args: Vec<&str> = args.split('\0').collect();
        assert!(args.contains(&"--stream"), "{args:?}");
        assert!(args.contains(&"Authorization:Bearer from-env"), "{args:?}");
        assert!(args.contains(&"X-Xiaoya-Team-Id:team_02"), "{args:?}");
        let at = args.iter().position(|a| *a == "--raw").unwrap();
        assert_eq!(args[at + 1], *body);
    }
}

#[test]
fn the_sandbox_key_is_left_out_and_said_so() {
    let client = PlatformClient::new().unwrap();
    let origin = Url::parse("http://127.0.0.1:4567").unwrap();
    client.set_sandbox_key(Some((&origin, "sandbox-key-canary".to_owned())));
    let request = client.get(origin.join("/api/v1/open/models").unwrap()).build().unwrap();
    let sent = SentRequest::of(&request).unwrap();
    assert!(sent.sandbox_key);
    for shell in [CurlShell::Bash, CurlShell::PowerShell, CurlShell::Httpie] {
        let text = sent.render(shell, &Evidence::default());
        assert!(!text.contains("sandbox-key-canary"), "{text}");
        assert!(text.contains("built-in sandbox answers only the app"), "{text}");
    }
}
