//! Starting a reply: send, retry, regenerate, edit and resend. Each journals the reply
//! (request id, body, Team run and attempt) before anything is sent, then hands over to
//! the gateway.

use serde_json::{json, Map, Value};

use super::conversations::{message_view, summary};
use super::params::{check_options, describe, parse_schema};
use super::wire::{
    ChatEvent, ChatMessage, ChatOptions, ChatRole, ChatSendInput, MessageStatus, ResponseFormatChoice,
};
use super::{ChatSink, ChatTurn, MAX_ATTEMPT, NODE_ID};
use crate::auth::call::ContextCall;
use crate::billing::ledger::context_label;
use crate::chat::store::{ChatScope, ConversationRecord, MessageRecord};
use crate::chat::Chat;
use crate::foundation::error::{Error, Result};
use crate::models::now_ms;

const MAX_TEXT_CHARS: usize = 100_000;
const MAX_SYSTEM_CHARS: usize = 20_000;
const TITLE_CHARS: usize = 60;

/// Options checked against the model, ready to be sent.
pub(crate) struct Checked {
    pub call: ContextCall,
    pub options: ChatOptions,
    pub schema: Option<Map<String, Value>>,
}

fn title_of(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut title: String = line.chars().take(TITLE_CHARS).collect();
    if line.chars().count() > TITLE_CHARS {
        title.push('…');
    }
    title
}

fn format_name(format: &ResponseFormatChoice) -> &'static str {
    match format {
        ResponseFormatChoice::Text => "text",
        ResponseFormatChoice::JsonObject => "json_object",
        ResponseFormatChoice::JsonSchema { .. } => "json_schema",
    }
}

/// The exact body of a turn. `history` is (role, text) in order, ending with the user's message.
pub(crate) fn request_body(
    options: &ChatOptions,
    schema: Option<&Map<String, Value>>,
    history: &[(&str, &str)],
    stream: bool,
) -> Value {
    let mut messages = Vec::new();
    if !options.system_prompt.trim().is_empty() {
        messages.push(json!({ "role": "system", "content": options.system_prompt }));
    }
    messages.extend(history.iter().map(|(role, content)| json!({ "role": role, "content": content })));
    let mut body = Map::new();
    body.insert("model".into(), json!(options.model_code));
    body.insert("messages".into(), Value::Array(messages));
    // Only fields the contract names (issue 11): no `stream_options`. A gateway that refuses
    // undeclared fields would refuse every reply; usage is read from whichever streamed
    // chunk carries it, and a reply without one says "not reported".
    body.insert("stream".into(), json!(stream));
    for (name, value) in &options.parameters {
        if !value.is_null() {
            body.insert(name.clone(), value.clone());
        }
    }
    match (&options.response_format, schema) {
        (ResponseFormatChoice::JsonObject, _) => {
            body.insert("response_format".into(), json!({ "type": "json_object" }));
        }
        (ResponseFormatChoice::JsonSchema { .. }, Some(schema)) => {
            body.insert(
                "response_format".into(),
                json!({ "type": "json_schema", "json_schema": { "name": "reply", "schema": schema } }),
            );
        }
        _ => {}
    }
    Value::Object(body)
}

/// The conversation so far, up to and including `until` (a user message): every user
/// message with the latest reply that has text.
fn history_until(messages: &[MessageRecord], until: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for user in messages.iter().filter(|m| m.role == "user") {
        out.push(("user".to_owned(), user.content.clone()));
        if user.id == until {
            break;
        }
        let reply = messages
            .iter()
            .filter(|r| r.parent_id.as_deref() == Some(user.id.as_str()) && !r.content.is_empty())
            .filter(|r| matches!(r.status.as_str(), "complete" | "stopped"))
            .max_by_key(|r| r.seq);
        if let Some(reply) = reply {
            out.push(("assistant".to_owned(), reply.content.clone()));
        }
    }
    out
}

impl Chat {
    /// Problems with these options for the active context's model (empty: they can be sent).
    /// Called as the person types: answered from the cached catalog when it can be.
    pub async fn chat_check_options(&self, options: &ChatOptions) -> Result<Vec<super::wire::OptionProblem>> {
        let session = self.auth().active_session().await?;
        if let Some(model) =
            self.models().catalogs().cached_model(&crate::models::context_key(&session), &options.model_code)
        {
            if session.has_scope("model") {
                return Ok(check_options(&model, options));
            }
        }
        let call = self.auth().context_call(Some("model")).await?;
        let model = self.models().catalog_model(&call, &options.model_code).await?;
        Ok(check_options(&model, options))
    }

    async fn check(&self, mut options: ChatOptions) -> Result<Checked> {
        if options.system_prompt.chars().count() > MAX_SYSTEM_CHARS {
            return Err(Error::InvalidInput(format!(
                "the system prompt is longer than {MAX_SYSTEM_CHARS} characters"
            )));
        }
        options.parameters.retain(|_, v| !v.is_null());
        let call = self.auth().context_call(Some("model")).await?;
        let model = self.models().catalog_model(&call, &options.model_code).await?;
        let problems = check_options(&model, &options);
        if !problems.is_empty() {
            return Err(Error::InvalidInput(describe(&problems)));
        }
        let schema = match &options.response_format {
            ResponseFormatChoice::JsonSchema { schema } => {
                Some(parse_schema(schema).map_err(|e| Error::InvalidInput(e.to_string()))?)
            }
            _ => None,
        };
        Ok(Checked { call, options, schema })
    }

    /// Journals a new reply to `parent` and runs it.
    async fn start_reply(
        &self,
        checked: Checked,
        conversation: ConversationRecord,
        parent: &MessageRecord,
        user_message: Option<ChatMessage>,
        sink: &dyn ChatSink,
    ) -> Result<ChatTurn> {
        let Checked { call, options, schema } = checked;
        let messages = self.shared.db().messages(&conversation.id).await?;
        let history = history_until(&messages, &parent.id);
        let history: Vec<(&str, &str)> = history.iter().map(|(r, c)| (r.as_str(), c.as_str())).collect();
        let team = call.team_id().is_some();
        let body = request_body(&options, schema.as_ref(), &history, !team);
        let workflow = if team { Some(self.chat_settings().await?.workflow_version_id) } else { None };
        let now = now_ms();
        let mut reply = MessageRecord {
            id: uuid::Uuid::new_v4().to_string(),
            conversation_id: conversation.id.clone(),
            role: ChatRole::Assistant.as_str().to_owned(),
            parent_id: Some(parent.id.clone()),
            status: MessageStatus::Pending.as_str().to_owned(),
            created_at: now,
            model_code: Some(options.model_code.clone()),
            request_id: Some(uuid::Uuid::new_v4().to_string()),
            request_body: Some(body.to_string()),
            streamed: Some(i64::from(!team)),
            response_format: Some(format_name(&options.response_format).to_owned()),
            workflow_version_id: workflow,
            run_id: team.then(|| format!("run_{}", uuid::Uuid::new_v4().simple())),
            node_id: team.then(|| NODE_ID.to_owned()),
            attempt: team.then_some(1),
            started_at: Some(now),
            ..MessageRecord::default()
        };
        reply.seq = self.shared.db().insert_message(&reply).await?;
        let options_json =
            serde_json::to_string(&options).map_err(|source| Error::Json { what: "chat options", source })?;
        self.shared
            .db()
            .update_conversation(&conversation.id, &options_json, &options.model_code, now)
            .await?;
        let mut conversation = conversation;
        conversation.options = options_json;
        conversation.model_code = options.model_code.clone();
        conversation.updated_at = now;
        let count = self.shared.db().message_count(&conversation.id).await?;
        sink.send(ChatEvent::Started {
            conversation: summary(&conversation, count),
            user_message,
            reply: message_view(&conversation, &reply),
        });
        self.run_reply(&call, &conversation, reply, schema, String::new(), sink).await
    }

    /// Sends a message (starting a conversation when `conversation_id` is `None`) and
    /// receives the reply. Fails before anything is journaled when the options are not
    /// valid for the model; after that, problems arrive as an `error` event and the reply
    /// comes back interrupted.
    #[tracing::instrument(skip_all, err)]
    pub async fn chat_send(&self, input: ChatSendInput, sink: &dyn ChatSink) -> Result<ChatTurn> {
        let text = input.text.trim();
        if text.is_empty() {
            return Err(Error::InvalidInput("the message is empty".into()));
        }
        if text.chars().count() > MAX_TEXT_CHARS {
            return Err(Error::InvalidInput(format!(
                "the message is longer than {MAX_TEXT_CHARS} characters"
            )));
        }
        let checked = self.check(input.options).await?;
        let scope = ChatScope::of(&checked.call.session);
        let now = now_ms();
        let conversation = match &input.conversation_id {
            Some(id) => self.scoped_conversation(id, &scope).await?,
            None => {
                let c = ConversationRecord {
                    id: uuid::Uuid::new_v4().to_string(),
                    origin: scope.origin.clone(),
                    client_id: scope.client_id.clone(),
                    subject: scope.subject.clone(),
                    context_kind: scope.context_kind.clone(),
                    team_id: scope.team_id.clone(),
                    context_label: context_label(&checked.call.session),
                    title: title_of(text),
                    options: "{}".into(),
                    model_code: checked.options.model_code.clone(),
                    created_at: now,
                    updated_at: now,
                };
                self.shared.db().insert_conversation(&c).await?;
                c
            }
        };
        let mut user = MessageRecord {
            id: uuid::Uuid::new_v4().to_string(),
            conversation_id: conversation.id.clone(),
            role: ChatRole::User.as_str().to_owned(),
            content: text.to_owned(),
            status: MessageStatus::Complete.as_str().to_owned(),
            created_at: now,
            ..MessageRecord::default()
        };
        user.seq = self.shared.db().insert_message(&user).await?;
        let user_view = message_view(&conversation, &user);
        self.start_reply(checked, conversation, &user, Some(user_view), sink).await
    }

    /// A new reply to the same user message, with a new request id (and a new Team run).
    #[tracing::instrument(skip_all, err)]
    pub async fn chat_regenerate(
        &self,
        reply_id: &str,
        options: ChatOptions,
        sink: &dyn ChatSink,
    ) -> Result<ChatTurn> {
        let checked = self.check(options).await?;
        let scope = ChatScope::of(&checked.call.session);
        let reply = self
            .shared
            .db()
            .message(reply_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such reply".into()))?;
        let conversation = self.scoped_conversation(&reply.conversation_id, &scope).await?;
        let parent_id = reply
            .parent_id
            .clone()
            .ok_or_else(|| Error::InvalidInput("only a reply can be regenerated".into()))?;
        let parent = self
            .shared
            .db()
            .message(&parent_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such message".into()))?;
        if self.chat_runtime().is_active(reply_id) {
            return Err(Error::InvalidInput("stop this reply before regenerating it".into()));
        }
        self.start_reply(checked, conversation, &parent, None, sink).await
    }

    /// Replaces a user message with new text: it and everything after it are deleted, and
    /// the new text is sent as a new turn.
    #[tracing::instrument(skip_all, err)]
    pub async fn chat_edit_resend(
        &self,
        message_id: &str,
        text: String,
        options: ChatOptions,
        sink: &dyn ChatSink,
    ) -> Result<ChatTurn> {
        let scope = self.active_chat_scope().await?;
        let message = self
            .shared
            .db()
            .message(message_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such message".into()))?;
        if message.role != "user" {
            return Err(Error::InvalidInput("only your own messages can be edited".into()));
        }
        let conversation = self.scoped_conversation(&message.conversation_id, &scope).await?;
        let later = self.shared.db().messages(&conversation.id).await?;
        if later.iter().any(|m| m.seq >= message.seq && self.chat_runtime().is_active(&m.id)) {
            return Err(Error::InvalidInput("stop the reply in progress first".into()));
        }
        // Checked before anything is deleted, so a refused edit loses nothing.
        if text.trim().is_empty() {
            return Err(Error::InvalidInput("the message is empty".into()));
        }
        self.check(options.clone()).await?;
        self.shared.db().truncate_conversation(&conversation.id, message.seq).await?;
        self.chat_send(ChatSendInput { conversation_id: Some(conversation.id), text, options }, sink).await
    }

    /// Sends an interrupted reply again: the same body under the same `X-Request-ID`, in
    /// the same context; a Team reply keeps its run and raises `X-Xiaoya-Attempt`.
    #[tracing::instrument(skip_all, err)]
    pub async fn chat_retry(&self, reply_id: &str, sink: &dyn ChatSink) -> Result<ChatTurn> {
        let call = self.auth().context_call(Some("model")).await?;
        let scope = ChatScope::of(&call.session);
        let mut reply = self
            .shared
            .db()
            .message(reply_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such reply".into()))?;
        let conversation = self.scoped_conversation(&reply.conversation_id, &scope).await?;
        if reply.role != "assistant" || reply.request_body.is_none() {
            return Err(Error::InvalidInput("only a reply can be retried".into()));
        }
        if self.chat_runtime().is_active(reply_id) {
            return Err(Error::InvalidInput("this reply is already being received".into()));
        }
        if !matches!(reply.status.as_str(), "interrupted" | "pending" | "streaming") {
            return Err(Error::InvalidInput(
                "only an interrupted reply can be retried; regenerate instead".into(),
            ));
        }
        // A Team reply repeats its whole tuple (request id, run, node, attempt) after an
        // unknown outcome: the platform may key idempotency on all of it, and a raised
        // attempt would be a second charge. Only after a definite refusal (the platform
        // answered, nothing was carried out) is the next attempt of the run sent.
        if let Some(attempt) = reply.attempt {
            let definite = reply
                .error
                .as_deref()
                .and_then(|e| serde_json::from_str::<crate::foundation::error::IpcError>(e).ok())
                .is_some_and(|e| e.code.is_platform_refusal() && !e.outcome_unknown);
            if definite {
                if attempt >= i64::from(MAX_ATTEMPT) {
                    return Err(Error::InvalidInput(format!(
                        "this Team run has used all {MAX_ATTEMPT} attempts; regenerate to start a new run"
                    )));
                }
                reply.attempt = Some(attempt + 1);
            }
        }
        // The schema that was sent, to check the reply against.
        let schema =
            reply.request_body.as_deref().and_then(|b| serde_json::from_str::<Value>(b).ok()).and_then(
                |body| {
                    body.pointer("/response_format/json_schema/schema").and_then(Value::as_object).cloned()
                },
            );
        let kept = std::mem::take(&mut reply.content);
        reply.error = None;
        reply.json_check = None;
        reply.status = MessageStatus::Pending.as_str().to_owned();
        reply.started_at = Some(now_ms());
        reply.first_token_ms = None;
        reply.total_ms = None;
        self.shared.db().save_reply(&reply).await?;
        let count = self.shared.db().message_count(&conversation.id).await?;
        sink.send(ChatEvent::Started {
            conversation: summary(&conversation, count),
            user_message: None,
            reply: message_view(&conversation, &reply),
        });
        self.run_reply(&call, &conversation, reply, schema, kept, sink).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_one_short_line() {
        assert_eq!(title_of("  Hello\n\nworld  "), "Hello world");
        let long = "word ".repeat(40);
        assert!(title_of(&long).ends_with('…'));
        assert_eq!(title_of(&long).chars().count(), TITLE_CHARS + 1);
    }

    #[test]
    fn bodies_carry_only_what_was_chosen() {
        let options = ChatOptions {
            model_code: "m".into(),
            system_prompt: "Be brief.".into(),
            parameters: [("temperature".to_owned(), json!(0.2)), ("top_p".to_owned(), Value::Null)].into(),
            response_format: ResponseFormatChoice::JsonObject,
        };
        let body = request_body(&options, None, &[("user", "hi")], true);
        assert_eq!(body["messages"][0]["role"], "system");
        assert_eq!(body["messages"][1]["content"], "hi");
        assert_eq!(body["temperature"], json!(0.2));
        assert!(body.get("top_p").is_none());
        assert_eq!(body["response_format"]["type"], "json_object");
        assert_eq!(body["stream"], json!(true));
        let mut keys: Vec<_> = body.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        assert_eq!(
            keys,
            ["messages", "model", "response_format", "stream", "temperature"],
            "a streamed body names only documented fields and declared parameters"
        );
        let team = request_body(&options, None, &[("user", "hi")], false);
        assert_eq!(team["stream"], json!(false));
        assert!(team.get("stream_options").is_none());
    }

    #[test]
    fn history_takes_the_latest_reply_with_text_per_turn() {
        let msg = |id: &str, seq: i64, role: &str, parent: Option<&str>, content: &str, status: &str| {
            MessageRecord {
                id: id.into(),
                seq,
                role: role.into(),
                parent_id: parent.map(str::to_owned),
                content: content.into(),
                status: status.into(),
                ..MessageRecord::default()
            }
        };
        let messages = vec![
            msg("u1", 1, "user", None, "one", "complete"),
            msg("a1", 2, "assistant", Some("u1"), "first", "complete"),
            msg("u2", 3, "user", None, "two", "complete"),
            msg("a2", 4, "assistant", Some("u2"), "partial", "interrupted"),
            msg("a1b", 5, "assistant", Some("u1"), "second", "stopped"),
            msg("u3", 6, "user", None, "three", "complete"),
        ];
        let history = history_until(&messages, "u3");
        let flat: Vec<(&str, &str)> = history.iter().map(|(r, c)| (r.as_str(), c.as_str())).collect();
        assert_eq!(flat, vec![("user", "one"), ("assistant", "second"), ("user", "two"), ("user", "three")]);
        assert_eq!(history_until(&messages, "u1").len(), 1);
    }
}
