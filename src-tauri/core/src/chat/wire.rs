//! Chat types that cross IPC. A reply's progress goes out on one channel per request as
//! `ChatEvent` (`started | delta | done | error`); everything else is a command answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::foundation::error::IpcError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ChatRole {
    User,
    Assistant,
}

impl ChatRole {
    pub fn as_str(self) -> &'static str {
        match self {
            ChatRole::User => "user",
            ChatRole::Assistant => "assistant",
        }
    }
}

/// Where a reply stands. `stopped` and `interrupted` keep the partial text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum MessageStatus {
    /// Journaled, not yet answered.
    Pending,
    Streaming,
    Complete,
    /// The person pressed Stop.
    Stopped,
    /// An error, a dropped connection or a stream without `[DONE]`: can be retried.
    Interrupted,
}

impl MessageStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            MessageStatus::Pending => "pending",
            MessageStatus::Streaming => "streaming",
            MessageStatus::Complete => "complete",
            MessageStatus::Stopped => "stopped",
            MessageStatus::Interrupted => "interrupted",
        }
    }

    pub fn parse(raw: &str) -> MessageStatus {
        match raw {
            "pending" => MessageStatus::Pending,
            "streaming" => MessageStatus::Streaming,
            "complete" => MessageStatus::Complete,
            "stopped" => MessageStatus::Stopped,
            _ => MessageStatus::Interrupted,
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TokenUsage {
    #[ts(type = "number | null")]
    pub prompt_tokens: Option<u64>,
    #[ts(type = "number | null")]
    pub completion_tokens: Option<u64>,
    #[ts(type = "number | null")]
    pub total_tokens: Option<u64>,
}

/// What the person asked the reply to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum ResponseFormatChoice {
    Text,
    JsonObject,
    /// `schema` is the JSON Schema as typed (checked to be a JSON object).
    JsonSchema {
        schema: String,
    },
}

/// The model and settings of a request. Parameters are checked against the model's
/// `parameterSpec` in the core; nothing undeclared is ever sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatOptions {
    pub model_code: String,
    pub system_prompt: String,
    pub parameters: BTreeMap<String, serde_json::Value>,
    pub response_format: ResponseFormatChoice,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatSendInput {
    /// `None` starts a new conversation in the active context.
    pub conversation_id: Option<String>,
    pub text: String,
    pub options: ChatOptions,
}

/// Why an option cannot be sent. `field` is a parameter name, `responseFormat` or `model`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OptionProblem {
    pub field: String,
    pub problem: ProblemKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum ProblemKind {
    /// The model's `parameterSpec` does not declare this parameter.
    NotDeclared,
    WrongType {
        expected: String,
    },
    BelowMinimum {
        minimum: f64,
    },
    AboveMaximum {
        maximum: f64,
    },
    /// An exclusive lower bound: the value must be more than `minimum`.
    NotAboveMinimum {
        minimum: f64,
    },
    /// An exclusive upper bound: the value must be less than `maximum`.
    NotBelowMaximum {
        maximum: f64,
    },
    /// `multipleOf`: the value must be a whole number of `step`.
    NotMultipleOf {
        step: f64,
    },
    NotInEnum {
        allowed: Vec<serde_json::Value>,
    },
    /// The model does not declare this structured-output mode.
    FormatUnsupported,
    /// The JSON Schema text is not a JSON object.
    SchemaInvalid {
        detail: String,
    },
    /// The model does not output text.
    NotChatCapable,
}

/// Where a JSON reply breaks the requested shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JsonProblem {
    /// A JSON path such as `$.tags[1]`.
    pub path: String,
    pub kind: JsonProblemKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum JsonProblemKind {
    NotJson { detail: String },
    NotAnObject,
    WrongType { expected: String },
    MissingProperty { name: String },
    NotInEnum,
}

/// The JSON check of a reply that asked for `json_object` or `json_schema`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JsonCheck {
    /// `json_object` or `json_schema`.
    pub mode: String,
    pub valid: bool,
    pub problems: Vec<JsonProblem>,
}

/// What a reply cost and how it went: for a bug report or a demo.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatReceipt {
    pub model_code: String,
    /// Who pays: `personal` or `team`.
    pub context_kind: String,
    pub team_id: Option<String>,
    /// "Personal" or the Team's name.
    pub context_label: String,
    /// The `X-Request-ID` this app sent (one per turn, reused only by Retry).
    pub request_id: String,
    /// `X-Xiaoya-Request-Id` as the platform confirmed it.
    pub platform_request_id: Option<String>,
    pub streamed: bool,
    /// Team workflow headers (Team replies only).
    pub workflow_version_id: Option<String>,
    pub run_id: Option<String>,
    pub node_id: Option<String>,
    pub attempt: Option<u32>,
    /// When the request was first sent (Unix milliseconds).
    #[ts(type = "number")]
    pub started_at: i64,
    #[ts(type = "number | null")]
    pub time_to_first_token_ms: Option<i64>,
    #[ts(type = "number | null")]
    pub total_ms: Option<i64>,
    pub usage: Option<TokenUsage>,
    /// Exact points the platform reported, when it did (`X-Xiaoya-Charged-Points`, as sent).
    pub charged_points: Option<String>,
    /// What the reply cost and how that is known: the platform's number, the usage
    /// counter's, or why there is none. Absent when nothing was charged (a refusal).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<crate::billing::wire::ChargeCost>,
    /// The platform answered from its idempotency record (a retry of a settled request).
    pub replayed: bool,
    /// `text`, `json_object` or `json_schema`.
    pub response_format: String,
    /// Why the model ended the reply, as the platform said it: `stop` (finished), `length`
    /// (cut at the token limit), `content_filter`, or another word kept as sent; absent when
    /// it said nothing.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatMessage {
    pub id: String,
    pub conversation_id: String,
    pub role: ChatRole,
    pub content: String,
    pub status: MessageStatus,
    /// For a reply: the user message it answers.
    pub parent_id: Option<String>,
    #[ts(type = "number")]
    pub created_at: i64,
    pub receipt: Option<ChatReceipt>,
    pub error: Option<IpcError>,
    pub json_check: Option<JsonCheck>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConversationSummary {
    pub id: String,
    pub title: String,
    pub model_code: String,
    pub context_label: String,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub message_count: u32,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConversationView {
    pub conversation: ConversationSummary,
    /// The settings last used, to pre-fill the composer.
    pub options: ChatOptions,
    pub messages: Vec<ChatMessage>,
}

/// Progress of one request, on its own channel.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
#[allow(clippy::large_enum_variant)] // short-lived, sent once each
pub enum ChatEvent {
    /// Journaled and about to be sent. `user_message` is set when this request added one.
    Started { conversation: ConversationSummary, user_message: Option<ChatMessage>, reply: ChatMessage },
    /// Text to append to the reply (Personal streaming; one delta with the whole text for Team).
    Delta { message_id: String, text: String },
    /// The reply is complete or was stopped.
    Done { reply: ChatMessage },
    /// The reply was interrupted; `reply` keeps what arrived and can be retried.
    Error { reply: ChatMessage, error: IpcError },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ExportFormat {
    Markdown,
    Json,
}

/// Team workflow headers the core sends: the workflow version is a setting; the node id
/// is fixed for this app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatSettings {
    pub workflow_version_id: String,
    pub default_workflow_version_id: String,
    pub node_id: String,
}
