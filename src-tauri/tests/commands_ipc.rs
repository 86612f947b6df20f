//! Commands driven through the real shell on `tauri::test`'s mock runtime: the invoke
//! handler made from the registry, the real capability (the real `generate_context!`, so a
//! command the capability does not grant is refused), the real core on its built-in
//! sandbox, and the real event hub. What is checked is what the page meets: the argument
//! names it must send, the shape of an error, and the events that follow a command.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, Channel, InvokeBody, InvokeResponseBody};
use tauri::test::{get_ipc_response, mock_builder, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindow};
use xiaoya_companion_lib::commands::registry::{camel_case, invoke_handler, COMMANDS};
use xiaoya_companion_lib::events::AppEventHub;
use xiaoya_companion_lib::AppState;
use xiaoya_core::foundation::keychain::{KeychainError, SecretStore};
use xiaoya_core::foundation::secret::Sensitive;
use xiaoya_core::host::CoreOptions;
use xiaoya_core::Core;

struct Shell {
    _app: tauri::App<tauri::test::MockRuntime>,
    window: WebviewWindow<tauri::test::MockRuntime>,
    events: Arc<Mutex<Vec<Value>>>,
    _data: tempfile::TempDir,
}

/// The app's state and handler on the mock runtime, and a Rust-side channel subscribed to
/// the event hub exactly as the page's `app_events` channel is.
fn shell() -> Shell {
    shell_with(None)
}

/// `shell()`, with the core's keychain replaced by `keychain` when given.
fn shell_with(keychain: Option<Arc<dyn SecretStore>>) -> Shell {
    let data = tempfile::tempdir().expect("a data folder");
    let hub = Arc::new(AppEventHub::default());
    // No configuration from the environment: the core starts its built-in sandbox.
    let mut options = CoreOptions {
        env: Box::new(|_| None),
        events: hub.clone(),
        ..CoreOptions::from_process_env(data.path().to_path_buf(), "0.0.0-test")
    };
    if let Some(keychain) = keychain {
        options.keychain = keychain;
    }
    let core = tauri::async_runtime::block_on(Core::start(options)).expect("the core starts");
    let events = Arc::new(Mutex::new(Vec::new()));
    let seen = events.clone();
    hub.subscribe(Channel::new(move |body| {
        if let InvokeResponseBody::Json(text) = body {
            seen.lock().unwrap().push(serde_json::from_str(&text).unwrap_or(Value::Null));
        }
        Ok(())
    }));
    let app = mock_builder()
        .manage(AppState::new(core))
        .manage(hub)
        .invoke_handler(invoke_handler())
        .build(tauri::generate_context!("tauri.conf.json"))
        .expect("the shell builds");
    let window =
        tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().expect("the main window");
    Shell { _app: app, window, events, _data: data }
}

fn invoke(shell: &Shell, command: &str, args: Value) -> Result<Value, Value> {
    invoke_in(&shell.window, command, args)
}

/// What the page of `window` gets when it calls `command` with `args`.
fn invoke_in(
    window: &WebviewWindow<tauri::test::MockRuntime>,
    command: &str,
    args: Value,
) -> Result<Value, Value> {
    let request = InvokeRequest {
        cmd: command.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: "tauri://localhost".parse().expect("the app's origin"),
        body: InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    };
    get_ipc_response(window, request).map(|body| body.deserialize::<Value>().expect("JSON"))
}

#[test]
fn every_command_wants_the_argument_names_the_registry_gives_the_page() {
    let shell = shell();
    let mut checked = 0;
    for command in COMMANDS {
        // The first argument decides: sent without it, the command must name it. (A first
        // argument that may be left out, an `Option`, would run the command instead.)
        let Some((first, ty)) = command.args.first() else { continue };
        if ty.trim_start().starts_with("Option") {
            continue;
        }
        let error = invoke(&shell, command.name, json!({})).expect_err(command.name);
        let text = error.to_string();
        let key = camel_case(first);
        assert!(
            text.contains(&format!("missing required key {key}")),
            "`{}` sent without `{key}` answered {text}",
            command.name
        );
        checked += 1;
    }
    assert!(checked > 30, "only {checked} commands checked");
}

#[test]
fn an_error_crosses_as_code_and_message_and_a_command_outside_the_registry_is_refused() {
    let shell = shell();
    // Not signed in: the closed error shape, nothing else.
    let request = json!({ "ttsConfigId": "cfg", "voiceId": "v", "input": "hello", "responseFormat": "wav", "params": {} });
    let error = invoke(&shell, "tts_estimate", json!({ "request": request })).expect_err("not signed in");
    let object = error.as_object().unwrap_or_else(|| panic!("an object, not {error}"));
    assert_eq!(error["code"], "NOT_SIGNED_IN", "{error}");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{error}");
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    assert!(
        keys.iter().all(|k| [
            "code",
            "message",
            "platformCode",
            "requestId",
            "outcomeUnknown",
            "retryAfterSecs"
        ]
        .contains(k)),
        "{keys:?}"
    );

    // Wrongly typed arguments are refused before any core code runs.
    let error = invoke(&shell, "set_locale", json!({ "locale": "klingon" })).expect_err("an unknown locale");
    assert!(error.to_string().contains("locale"), "{error}");

    // A command the registry does not name has no handler and no permission.
    let error =
        invoke(&shell, "plugin:shell|open", json!({ "path": "https://example.com" })).expect_err("no shell");
    assert!(!error.to_string().is_empty());
    let error = invoke(&shell, "not_a_command", json!({})).expect_err("unknown command");
    assert!(!error.to_string().is_empty());

    // The capability is the main window's alone: any other webview gets no command at all.
    let other = tauri::WebviewWindowBuilder::new(shell.window.app_handle(), "other", Default::default())
        .build()
        .expect("a second window");
    let refused = invoke_in(&other, "sessions", json!({})).expect_err("no capability for another window");
    assert!(refused.to_string().contains("not allowed"), "{refused}");
}

#[test]
fn a_command_answers_in_the_generated_shape_and_the_core_announces_what_changed() {
    let shell = shell();
    let info = invoke(&shell, "set_locale", json!({ "locale": "zh-CN" })).expect("set_locale");
    assert_eq!(info["locale"], "zh-CN", "{info}");
    let view = invoke(&shell, "sessions", json!({})).expect("sessions");
    assert_eq!(view["sessions"], json!([]), "{view}");
    assert_eq!(view["signInPending"], false, "{view}");
    assert_eq!(view["payerNotChosen"], false, "{view}");

    // Switching to the sandbox is announced by the core, not by the command.
    let platform = invoke(&shell, "use_sandbox", json!({})).expect("use_sandbox");
    assert_eq!(platform["mode"], "sandbox", "{platform}");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let events = shell.events.lock().unwrap().clone();
        if let Some(event) = events.iter().find(|e| e["type"] == "platformChanged") {
            assert_eq!(event["platform"]["mode"], "sandbox", "{event}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no platformChanged after use_sandbox: {events:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_shell_keeps_no_state_of_its_own_between_commands() {
    // Two windows of state would disagree; the state is the core's, managed once.
    let shell = shell();
    let state = shell.window.app_handle().state::<AppState>();
    let before = tauri::async_runtime::block_on(state.core.app_info()).expect("app_info");
    invoke(&shell, "set_theme", json!({ "theme": "dark" })).expect("set_theme");
    let after = tauri::async_runtime::block_on(state.core.app_info()).expect("app_info");
    assert_eq!(serde_json::to_value(before.theme).unwrap(), json!("system"));
    assert_eq!(serde_json::to_value(after.theme).unwrap(), json!("dark"));
}

/// A keychain in this test's memory: what the core put there, by account.
#[derive(Default)]
struct TestKeychain(Mutex<std::collections::HashMap<String, String>>);

impl SecretStore for TestKeychain {
    fn put(&self, account: &str, secret: &Sensitive<String>) -> Result<(), KeychainError> {
        self.0.lock().unwrap().insert(account.into(), secret.expose().clone());
        Ok(())
    }
    fn get(&self, account: &str) -> Result<Option<Sensitive<String>>, KeychainError> {
        Ok(self.0.lock().unwrap().get(account).cloned().map(Sensitive::new))
    }
    fn delete(&self, account: &str) -> Result<(), KeychainError> {
        self.0.lock().unwrap().remove(account);
        Ok(())
    }
    fn backend(&self) -> &'static str {
        "memory (commands test)"
    }
}

#[test]
fn an_agents_header_value_goes_to_the_keychain_and_no_answer_carries_it() {
    const SECRET: &str = "sk-ipc-agent-secret-1234";
    let keychain = Arc::new(TestKeychain::default());
    let shell = shell_with(Some(keychain.clone() as Arc<dyn SecretStore>));
    // Port 9 on loopback: nothing listens, so the review ends at once as unreachable.
    let input =
        json!({ "url": "http://127.0.0.1:9/mcp", "headers": [{ "name": "X-Api-Key", "value": SECRET }] });
    let saved = invoke(&shell, "agent_save", json!({ "input": input })).expect("agent_save");
    let id = saved["id"].as_str().expect("an id").to_owned();
    assert_eq!(saved["headerNames"], json!(["x-api-key"]), "{saved}");
    assert_eq!(saved["insecureDevelopment"], true, "http on loopback is marked: {saved}");
    assert_eq!(
        keychain.0.lock().unwrap().get(&format!("agent-header:{id}:x-api-key")).map(String::as_str),
        Some(SECRET)
    );

    let list = invoke(&shell, "agents_list", json!({})).expect("agents_list");
    let report = invoke(&shell, "agent_review", json!({ "agentId": id, "calls": [] })).expect("agent_review");
    assert_eq!(report["reachability"], "unreachable", "{report}");
    let snapshots = invoke(&shell, "agent_snapshots", json!({ "agentId": id })).expect("agent_snapshots");
    let snapshot = snapshots[0]["id"].as_u64().expect("a snapshot id, a number");
    let again = invoke(&shell, "agent_report", json!({ "snapshotId": snapshot })).expect("agent_report");
    assert_eq!(again["url"], report["url"]);
    let changes =
        invoke(&shell, "agent_compare", json!({ "older": snapshot, "newer": snapshot })).expect("compare");
    assert_eq!(changes, json!([]));
    for answer in [&saved, &list, &report, &snapshots, &again] {
        assert!(!answer.to_string().contains(SECRET), "a header value crossed IPC: {answer}");
    }

    // Refusals cross as the closed shape; forgetting takes the value out of the keychain.
    let error = invoke(&shell, "agent_forget", json!({ "agentId": "nope" })).expect_err("no such agent");
    assert_eq!(error["code"], "INVALID_INPUT", "{error}");
    let error = invoke(&shell, "agent_save", json!({ "input": { "url": "ftp://x", "headers": [] } }))
        .expect_err("ftp");
    assert_eq!(error["code"], "INVALID_INPUT", "{error}");
    invoke(&shell, "agent_forget", json!({ "agentId": id })).expect("agent_forget");
    assert!(keychain.0.lock().unwrap().is_empty(), "the header value left the keychain with the agent");
    assert_eq!(invoke(&shell, "agents_list", json!({})).expect("agents_list"), json!([]));
}
