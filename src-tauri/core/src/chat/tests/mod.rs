//! Chat against the sandbox: streaming for Personal, workflow-tagged whole replies for
//! Team, parameters checked before sending, JSON replies checked, history in SQLite.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use xiaoya_sandbox::{self as sb, ChargeContext};

use super::wire::{
    ChatEvent, ChatMessage, ChatOptions, ChatSendInput, ExportFormat, JsonProblemKind, MessageStatus,
    ProblemKind, ResponseFormatChoice,
};
use super::{DEFAULT_WORKFLOW_VERSION_ID, NODE_ID};
use crate::auth::wire::ContextRequest;
use crate::foundation::error::{Error, ErrorCode};
use crate::testing::Rig;

/// Records every event of one request.
#[derive(Clone, Default)]
pub(super) struct Events(pub Arc<Mutex<Vec<ChatEvent>>>);

impl Events {
    pub fn sink(&self) -> impl Fn(ChatEvent) -> bool + Send + Sync {
        let events = self.0.clone();
        move |event| {
            events.lock().unwrap().push(event);
            true
        }
    }

    pub fn all(&self) -> Vec<ChatEvent> {
        self.0.lock().unwrap().clone()
    }

    pub fn deltas(&self) -> String {
        self.all()
            .iter()
            .filter_map(|e| match e {
                ChatEvent::Delta { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    pub fn delta_count(&self) -> usize {
        self.all().iter().filter(|e| matches!(e, ChatEvent::Delta { .. })).count()
    }

    pub fn kinds(&self) -> Vec<&'static str> {
        self.all()
            .iter()
            .map(|e| match e {
                ChatEvent::Started { .. } => "started",
                ChatEvent::Delta { .. } => "delta",
                ChatEvent::Done { .. } => "done",
                ChatEvent::Error { .. } => "error",
            })
            .collect()
    }
}

pub(super) fn options(model: &str, params: Value) -> ChatOptions {
    ChatOptions {
        model_code: model.into(),
        system_prompt: String::new(),
        parameters: serde_json::from_value::<BTreeMap<String, Value>>(params).unwrap(),
        response_format: ResponseFormatChoice::Text,
    }
}

pub(super) fn input(text: &str, options: ChatOptions) -> ChatSendInput {
    ChatSendInput { conversation_id: None, text: text.into(), options }
}

pub(super) async fn signed_in(context: ContextRequest) -> Rig {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(std::time::Duration::ZERO);
    rig.sign_in(ContextRequest::Personal).await;
    if context != ContextRequest::Personal {
        rig.sign_in(context).await;
    }
    rig
}

pub(super) async fn ledger_rows(
    rig: &Rig,
    request_id: &str,
) -> Vec<(String, Option<i64>, Option<i64>, String)> {
    sqlx::query_as(
        "SELECT context_kind, input_tokens, output_tokens, receipt_ref FROM points_ledger WHERE request_id = ?",
    )
    .bind(request_id)
    .fetch_all(rig.core.db().pool())
    .await
    .unwrap()
}

pub(super) fn receipt_id(reply: &ChatMessage) -> String {
    reply.receipt.as_ref().expect("a receipt").request_id.clone()
}

/// Sends `text` as a paced stream and presses Stop once three deltas have arrived, as a
/// person would; the turn, and the id of the reply Stop was pressed for.
pub(super) async fn send_and_stop(rig: &Rig, events: &Events, text: &str) -> (super::ChatTurn, String) {
    rig.control().set_stream_pace(std::time::Duration::from_millis(30));
    let sink = events.sink();
    let send = rig.core.chat().chat_send(input(text, options(sb::MODEL_CHAT, json!({}))), &sink);
    let stop = async {
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            let started = events.all().iter().find_map(|e| match e {
                ChatEvent::Started { reply, .. } => Some(reply.id.clone()),
                _ => None,
            });
            if let Some(id) = started.filter(|_| events.delta_count() >= 3) {
                assert!(rig.core.chat().chat_stop(&id));
                return id;
            }
        }
    };
    let (turn, stopped_id) = tokio::join!(send, stop);
    (turn.unwrap(), stopped_id)
}

/// Each delta crosses to the page as one script evaluation (WebKitGTK keeps memory per
/// evaluation), so however fast the platform streams, the core sends at most one delta per
/// 16 ms window, the first at once, and loses or reorders nothing.
#[tokio::test]
async fn a_fast_stream_reaches_the_page_in_at_most_one_delta_per_window() {
    let rig = signed_in(ContextRequest::Personal).await;
    let events = Events::default();
    let started = std::time::Instant::now();
    let reply = rig
        .core
        .chat()
        .chat_send(
            input("How do I plan a small project?", options(sb::MODEL_CHAT, json!({}))),
            &events.sink(),
        )
        .await
        .unwrap()
        .reply;
    let elapsed_ms = started.elapsed().as_millis() as usize;
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(events.deltas(), reply.content, "nothing lost or reordered");
    let count = events.delta_count();
    assert!(count >= 1);
    assert!(count <= elapsed_ms / 16 + 2, "{count} deltas in {elapsed_ms} ms");
    // The sandbox sent the reply in many more pieces than that.
    assert!(
        reply.content.split_whitespace().count() > 4 * count,
        "{count} deltas for {} words",
        reply.content.split_whitespace().count()
    );
}

#[tokio::test]
async fn a_personal_reply_streams_and_gets_a_receipt() {
    let rig = signed_in(ContextRequest::Personal).await;
    // Paced as a model streams, so the reply spans many of the core's delta windows.
    rig.control().set_stream_pace(std::time::Duration::from_millis(4));
    let events = Events::default();
    let opts = ChatOptions {
        system_prompt: "Answer briefly.".into(),
        ..options(sb::MODEL_CHAT, json!({"temperature": 0.4}))
    };
    let reply = rig
        .core
        .chat()
        .chat_send(input("How do I plan a small project?", opts), &events.sink())
        .await
        .unwrap()
        .reply;

    assert_eq!(reply.status, MessageStatus::Complete);
    let kinds = events.kinds();
    assert_eq!(kinds.first(), Some(&"started"));
    assert_eq!(kinds.last(), Some(&"done"));
    assert!(events.delta_count() > 5, "text arrives in pieces: {kinds:?}");
    assert_eq!(events.deltas(), reply.content);
    assert!(reply.content.contains("```python"), "the sandbox's markdown reply");

    let receipt = reply.receipt.clone().unwrap();
    assert_eq!(receipt.model_code, sb::MODEL_CHAT);
    assert_eq!(receipt.context_label, "Personal");
    assert!(receipt.streamed);
    assert_eq!(receipt.platform_request_id.as_deref(), Some(receipt.request_id.as_str()));
    assert!(receipt.time_to_first_token_ms.is_some() && receipt.total_ms.is_some());
    let usage = receipt.usage.unwrap();
    assert!(usage.total_tokens.unwrap() > 0);
    assert!(receipt.run_id.is_none() && receipt.attempt.is_none(), "no workflow headers for Personal");

    // One request, one charge to Personal, one ledger row that points at the reply.
    assert_eq!(rig.control().chat_request_count(&receipt.request_id), 1);
    let charges = rig.control().charges_for(&receipt.request_id);
    assert_eq!(charges.len(), 1);
    assert_eq!(charges[0].context, ChargeContext::Personal);
    assert_eq!(charges[0].output_tokens, usage.completion_tokens);
    let rows = ledger_rows(&rig, &receipt.request_id).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0, "personal");
    assert_eq!(rows[0].2.map(|t| t as u64), usage.completion_tokens);
    assert_eq!(rows[0].3, reply.id);

    // The conversation is in SQLite, with the system prompt and parameters kept.
    let list = rig.core.chat().chat_conversations("").await.unwrap();
    assert_eq!(list.len(), 1);
    let view = rig.core.chat().chat_conversation(&list[0].id).await.unwrap();
    assert_eq!(view.messages.len(), 2);
    assert_eq!(view.messages[1].content, reply.content);
    assert_eq!(view.options.system_prompt, "Answer briefly.");
    assert_eq!(view.options.parameters.get("temperature"), Some(&json!(0.4)));
}

#[tokio::test]
async fn parameters_are_checked_against_the_spec_before_anything_is_sent() {
    let rig = signed_in(ContextRequest::Personal).await;
    let bad = options(sb::MODEL_CHAT, json!({"temperature": 5, "seed": 1}));
    let problems = rig.core.chat().chat_check_options(&bad).await.unwrap();
    assert!(problems
        .iter()
        .any(|p| p.field == "temperature" && p.problem == ProblemKind::AboveMaximum { maximum: 2.0 }));
    assert!(problems.iter().any(|p| p.field == "seed" && p.problem == ProblemKind::NotDeclared));
    let err = rig.core.chat().chat_send(input("hi", bad), &Events::default().sink()).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(err.to_string().contains("temperature must be at most 2"), "{err}");
    // The legacy model has `parameterSpec: null`: no parameters at all.
    let legacy = options(sb::MODEL_LEGACY, json!({"temperature": 1}));
    assert!(matches!(
        rig.core.chat().chat_send(input("hi", legacy), &Events::default().sink()).await,
        Err(Error::InvalidInput(_))
    ));
    // JSON output only where declared; image models are not chat models.
    let json_on_prompt = ChatOptions {
        response_format: ResponseFormatChoice::JsonObject,
        ..options(sb::MODEL_CHAT, json!({}))
    };
    assert_eq!(
        rig.core.chat().chat_check_options(&json_on_prompt).await.unwrap()[0].problem,
        ProblemKind::FormatUnsupported
    );
    let image = options(sb::MODEL_IMAGE, json!({}));
    assert_eq!(
        rig.core.chat().chat_check_options(&image).await.unwrap()[0].problem,
        ProblemKind::NotChatCapable
    );
    assert!(rig.core.chat().chat_conversations("").await.unwrap().is_empty(), "nothing was journaled");
    assert!(rig.control().charges().is_empty());
}

#[tokio::test]
async fn a_team_reply_is_whole_and_carries_the_workflow_headers() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let events = Events::default();
    let reply = rig
        .core
        .chat()
        .chat_send(input("Summarize the update", options(sb::MODEL_TEAM_ONLY, json!({}))), &events.sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(events.kinds(), ["started", "delta", "done"], "not streamed: one delta with the whole text");
    let receipt = reply.receipt.clone().unwrap();
    assert!(!receipt.streamed);
    assert_eq!(receipt.context_label, sb::TEAM_ALPHA_NAME);
    assert!(receipt.time_to_first_token_ms.is_none());

    let charges = rig.control().charges_for(&receipt.request_id);
    assert_eq!(charges.len(), 1);
    assert!(
        matches!(&charges[0].context, ChargeContext::Team { team_id, .. } if team_id == sb::TEAM_ALPHA_ID)
    );
    let workflow = charges[0].workflow.clone().expect("the workflow tuple");
    assert_eq!(workflow.workflow_version_id, DEFAULT_WORKFLOW_VERSION_ID);
    assert_eq!(workflow.node_id, NODE_ID);
    assert_eq!(workflow.attempt, 1);
    assert_eq!(Some(workflow.run_id.clone()), receipt.run_id);
    assert!(workflow.run_id.starts_with("run_"));
    let rows = ledger_rows(&rig, &receipt.request_id).await;
    assert_eq!(rows[0].0, "team");

    // Each turn is a new run and a new request id; the workflow version comes from settings.
    rig.core.chat().set_chat_workflow_version("workflow_version_07").await.unwrap();
    let next = rig
        .core
        .chat()
        .chat_send(
            super::wire::ChatSendInput {
                conversation_id: Some(reply.conversation_id.clone()),
                ..input("And now?", options(sb::MODEL_TEAM_ONLY, json!({})))
            },
            &Events::default().sink(),
        )
        .await
        .unwrap()
        .reply;
    let second = rig.control().charges_for(&receipt_id(&next))[0].workflow.clone().unwrap();
    assert_ne!(second.run_id, workflow.run_id);
    assert_ne!(receipt_id(&next), receipt.request_id);
    assert_eq!(second.workflow_version_id, "workflow_version_07");
    assert!(rig.core.chat().set_chat_workflow_version("bad value").await.is_err());
    assert_eq!(
        rig.core.chat().set_chat_workflow_version("").await.unwrap().workflow_version_id,
        DEFAULT_WORKFLOW_VERSION_ID
    );
}

#[tokio::test]
async fn team_and_personal_requests_carry_exactly_the_right_headers() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
    let call = rig.core.auth().context_call(Some("model")).await.unwrap();
    let reply = crate::chat::store::MessageRecord {
        request_id: Some("rid-1".into()),
        request_body: Some("{}".into()),
        workflow_version_id: Some("wf".into()),
        run_id: Some("run_1".into()),
        node_id: Some(NODE_ID.into()),
        attempt: Some(3),
        ..Default::default()
    };
    let request = rig.core.chat().reply_request(&call, &reply, false).unwrap().build().unwrap();
    let h = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    assert_eq!(h("x-xiaoya-team-id").as_deref(), Some(sb::TEAM_BETA_ID));
    assert_eq!(h("x-xiaoya-workflow-version-id").as_deref(), Some("wf"));
    assert_eq!(h("x-xiaoya-run-id").as_deref(), Some("run_1"));
    assert_eq!(h("x-xiaoya-node-id").as_deref(), Some(NODE_ID));
    assert_eq!(h("x-xiaoya-attempt").as_deref(), Some("3"));
    assert_eq!(h("x-request-id").as_deref(), Some("rid-1"));

    let personal = rig.core.auth().sessions_view().await.unwrap().sessions[0].id.clone();
    rig.core.auth().set_active_session(&personal).await.unwrap();
    let call = rig.core.auth().context_call(Some("model")).await.unwrap();
    let request = rig.core.chat().reply_request(&call, &reply, true).unwrap().build().unwrap();
    assert!(
        request.headers().keys().all(|k| !k.as_str().starts_with("x-xiaoya-")),
        "Personal sends no Team headers"
    );
    assert_eq!(request.headers().get("x-request-id").unwrap(), "rid-1");
}

#[tokio::test]
async fn json_replies_are_checked_as_json_and_against_the_schema() {
    let rig = signed_in(ContextRequest::Personal).await;
    let object = ChatOptions {
        response_format: ResponseFormatChoice::JsonObject,
        ..options(sb::MODEL_VISION, json!({"detail": "low"}))
    };
    let reply = rig
        .core
        .chat()
        .chat_send(input("Give me facts about tea", object), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let check = reply.json_check.unwrap();
    assert_eq!(check.mode, "json_object");
    assert!(check.valid, "{:?}", check.problems);

    let schema = r#"{"type":"object","required":["title","tags"],"properties":{"title":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}},"mood":{"enum":["calm","busy"]}}}"#;
    let with_schema = ChatOptions {
        response_format: ResponseFormatChoice::JsonSchema { schema: schema.into() },
        ..options(sb::MODEL_JSON_SCHEMA, json!({"reasoning_effort": "low"}))
    };
    let reply = rig
        .core
        .chat()
        .chat_send(input("Describe tea", with_schema), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let check = reply.json_check.unwrap();
    assert_eq!(check.mode, "json_schema");
    assert!(check.valid, "{:?}", check.problems);
    assert_eq!(reply.receipt.unwrap().response_format, "json_schema");

    // The checker itself on a reply that breaks the schema.
    let map = serde_json::from_str::<Value>(schema).unwrap().as_object().cloned().unwrap();
    let bad = super::json_check::check_reply(r#"{"title": 1}"#, Some(&map));
    assert!(!bad.valid);
    assert!(bad.problems.iter().any(|p| p.kind == JsonProblemKind::MissingProperty { name: "tags".into() }));
}

#[tokio::test]
async fn history_regenerate_edit_delete_search_and_export() {
    let rig = signed_in(ContextRequest::Personal).await;
    let opts = options(sb::MODEL_CHAT, json!({}));
    let first = rig
        .core
        .chat()
        .chat_send(input("Tell me about kites", opts.clone()), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let cid = first.conversation_id.clone();
    let second = rig
        .core
        .chat()
        .chat_send(
            ChatSendInput { conversation_id: Some(cid.clone()), ..input("And about gliders?", opts.clone()) },
            &Events::default().sink(),
        )
        .await
        .unwrap()
        .reply;

    // Regenerate: a new reply to the same message, under a new request id, kept beside the first.
    let again = rig
        .core
        .chat()
        .chat_regenerate(&second.id, opts.clone(), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    assert_eq!(again.parent_id, second.parent_id);
    assert_ne!(receipt_id(&again), receipt_id(&second));
    let view = rig.core.chat().chat_conversation(&cid).await.unwrap();
    assert_eq!(view.messages.len(), 5);
    assert_eq!(view.messages[3].id, second.id, "replies follow their message");
    assert_eq!(view.messages[4].id, again.id);

    // Search by title and by text, only in this context.
    assert_eq!(rig.core.chat().chat_conversations("kites").await.unwrap().len(), 1);
    assert_eq!(rig.core.chat().chat_conversations("gliders").await.unwrap().len(), 1);
    assert!(rig.core.chat().chat_conversations("zeppelin").await.unwrap().is_empty());
    assert!(
        rig.core.chat().chat_conversations("100%").await.unwrap().is_empty(),
        "LIKE wildcards are literal"
    );

    // Edit and resend the second message: it and what followed are replaced.
    let user2 = view.messages[2].id.clone();
    let edited = rig
        .core
        .chat()
        .chat_edit_resend(&user2, "And about balloons?".into(), opts.clone(), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    let view = rig.core.chat().chat_conversation(&cid).await.unwrap();
    assert_eq!(view.messages.len(), 4);
    assert_eq!(view.messages[2].content, "And about balloons?");
    assert_eq!(view.messages[3].id, edited.id);

    // Delete the first user message: its reply goes with it.
    let view = rig.core.chat().chat_delete_message(&view.messages[0].id).await.unwrap();
    assert_eq!(view.messages.len(), 2);

    // Export: a document to save, named after the conversation.
    let md = rig.core.chat().chat_document(&cid, ExportFormat::Markdown).await.unwrap();
    let text = String::from_utf8(md.bytes.clone()).unwrap();
    assert!(md.name.ends_with(".md"), "{}", md.name);
    assert!(text.contains("## You\n\nAnd about balloons?"));
    assert!(text.contains(&format!("request id `{}`", receipt_id(&edited))));
    let js = rig.core.chat().chat_document(&cid, ExportFormat::Json).await.unwrap();
    let parsed: Value = serde_json::from_slice(&js.bytes).unwrap();
    assert_eq!(parsed["messages"].as_array().unwrap().len(), 2);
    assert_eq!(parsed["conversation"]["id"], json!(cid));
    assert!(js.name.ends_with(".json"));

    rig.core.chat().chat_delete_conversation(&cid).await.unwrap();
    assert!(rig.core.chat().chat_conversations("").await.unwrap().is_empty());
}

#[tokio::test]
async fn conversations_stay_in_the_context_that_paid_for_them() {
    let rig = signed_in(ContextRequest::Personal).await;
    let personal = rig
        .core
        .chat()
        .chat_send(input("Personal question", options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
        .await
        .unwrap()
        .reply;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    assert!(
        rig.core.chat().chat_conversations("").await.unwrap().is_empty(),
        "Team sees none of Personal's history"
    );
    assert!(rig.core.chat().chat_conversation(&personal.conversation_id).await.is_err());
    assert!(rig.core.chat().chat_document(&personal.conversation_id, ExportFormat::Markdown).await.is_err());
    let into_other = ChatSendInput {
        conversation_id: Some(personal.conversation_id.clone()),
        ..input("hi", options(sb::MODEL_CHAT, json!({})))
    };
    assert!(rig.core.chat().chat_send(into_other, &Events::default().sink()).await.is_err());
    // A model that only Personal has is not in Team Alpha's catalog.
    let vision = options(sb::MODEL_VISION, json!({}));
    assert!(matches!(
        rig.core.chat().chat_send(input("hi", vision), &Events::default().sink()).await,
        Err(Error::InvalidInput(_))
    ));
}

#[tokio::test]
async fn links_open_only_when_https() {
    let rig = Rig::new().await;
    rig.core.chat().open_external_link("https://example.com/docs?a=1").unwrap();
    assert_eq!(rig.last_opened().as_str(), "https://example.com/docs?a=1");
    for bad in [
        "javascript:alert(1)",
        "http://example.com",
        "file:///etc/passwd",
        "https://user:pw@example.com",
        "nonsense",
    ] {
        assert!(rig.core.chat().open_external_link(bad).is_err(), "{bad}");
    }
    assert_eq!(rig.browser.opened.lock().unwrap().len(), 1);
}

mod cost_tests;
mod faults_tests;
mod readings_b_tests;
mod readings_tests;
mod security_tests;
mod sse_tests;
