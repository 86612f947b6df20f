//! Conversations of the active context: list with search, open, delete, and the mapping
//! from stored rows to what the UI sees.

use super::wire::{
    ChatMessage, ChatOptions, ChatReceipt, ChatRole, ConversationSummary, ConversationView, MessageStatus,
    ResponseFormatChoice, TokenUsage,
};
use crate::billing::attribution::cost_from_columns;
use crate::billing::wire::ChargeCost;
use crate::billing::Points;
use crate::chat::store::{ChatScope, ConversationRecord, MessageRecord};
use crate::chat::Chat;
use crate::foundation::error::{Error, IpcError, Result};

pub(crate) fn summary(c: &ConversationRecord, message_count: i64) -> ConversationSummary {
    ConversationSummary {
        id: c.id.clone(),
        title: c.title.clone(),
        model_code: c.model_code.clone(),
        context_label: c.context_label.clone(),
        updated_at: c.updated_at,
        message_count: u32::try_from(message_count).unwrap_or(u32::MAX),
    }
}

pub(crate) fn options_of(c: &ConversationRecord) -> ChatOptions {
    serde_json::from_str(&c.options).unwrap_or_else(|_| ChatOptions {
        model_code: c.model_code.clone(),
        system_prompt: String::new(),
        parameters: Default::default(),
        response_format: ResponseFormatChoice::Text,
    })
}

fn tokens(value: Option<i64>) -> Option<u64> {
    value.and_then(|v| u64::try_from(v).ok())
}

fn receipt(c: &ConversationRecord, m: &MessageRecord) -> Option<ChatReceipt> {
    let request_id = m.request_id.clone()?;
    let usage = (m.prompt_tokens.is_some() || m.completion_tokens.is_some() || m.total_tokens.is_some())
        .then(|| TokenUsage {
            prompt_tokens: tokens(m.prompt_tokens),
            completion_tokens: tokens(m.completion_tokens),
            total_tokens: tokens(m.total_tokens),
        });
    Some(ChatReceipt {
        model_code: m.model_code.clone().unwrap_or_default(),
        context_kind: c.context_kind.clone(),
        team_id: (!c.team_id.is_empty()).then(|| c.team_id.clone()),
        context_label: c.context_label.clone(),
        request_id,
        platform_request_id: m.platform_request_id.clone(),
        streamed: m.streamed == Some(1),
        workflow_version_id: m.workflow_version_id.clone(),
        run_id: m.run_id.clone(),
        node_id: m.node_id.clone(),
        attempt: m.attempt.and_then(|a| u32::try_from(a).ok()),
        started_at: m.started_at.unwrap_or(m.created_at),
        time_to_first_token_ms: m.first_token_ms,
        total_ms: m.total_ms,
        usage,
        charged_points: m.charged_points.clone(),
        cost: reply_cost(m),
        replayed: m.replayed != 0,
        response_format: m.response_format.clone().unwrap_or_else(|| "text".into()),
        finish_reason: m.finish_reason.clone(),
    })
}

/// The platform's own number when its answer carried one; otherwise how the reply's ledger
/// row was settled (`billing::attribution`); nothing for a reply without one (refused).
pub(super) fn reply_cost(m: &MessageRecord) -> Option<ChargeCost> {
    if let Some(points) = m.charged_points.as_deref().and_then(Points::read_reported) {
        return Some(ChargeCost::Reported { points: points.to_string() });
    }
    (m.ledger_row != 0).then(|| cost_from_columns(m.counter_reading.as_deref(), m.counter_points.as_deref()))
}

pub(crate) fn message_view(c: &ConversationRecord, m: &MessageRecord) -> ChatMessage {
    let role = if m.role == "user" { ChatRole::User } else { ChatRole::Assistant };
    ChatMessage {
        id: m.id.clone(),
        conversation_id: m.conversation_id.clone(),
        role,
        content: m.content.clone(),
        status: MessageStatus::parse(&m.status),
        parent_id: m.parent_id.clone(),
        created_at: m.created_at,
        receipt: if role == ChatRole::Assistant { receipt(c, m) } else { None },
        error: m.error.as_deref().and_then(|e| serde_json::from_str::<IpcError>(e).ok()),
        json_check: m.json_check.as_deref().and_then(|j| serde_json::from_str(j).ok()),
    }
}

/// Each user message followed by its replies, in the order they were written.
pub(crate) fn in_turn_order(messages: Vec<MessageRecord>) -> Vec<MessageRecord> {
    let (users, replies): (Vec<_>, Vec<_>) = messages.into_iter().partition(|m| m.role == "user");
    let mut out = Vec::with_capacity(users.len() + replies.len());
    for user in users {
        let id = user.id.clone();
        out.push(user);
        out.extend(replies.iter().filter(|r| r.parent_id.as_deref() == Some(id.as_str())).cloned());
    }
    out
}

impl Chat {
    /// The context scope of the active session.
    pub(crate) async fn active_chat_scope(&self) -> Result<ChatScope> {
        Ok(ChatScope::of(&self.auth().active_session().await?))
    }

    /// A conversation of the active context; another context's conversation is "not found".
    pub(crate) async fn scoped_conversation(
        &self,
        id: &str,
        scope: &ChatScope,
    ) -> Result<ConversationRecord> {
        match self.shared.db().conversation(id).await? {
            Some(c) if &c.scope() == scope => Ok(c),
            _ => Err(Error::InvalidInput("no such conversation in this context".into())),
        }
    }

    /// The active context's conversations, newest first; `query` searches titles and text.
    pub async fn chat_conversations(&self, query: &str) -> Result<Vec<ConversationSummary>> {
        let scope = self.active_chat_scope().await?;
        let rows = self.shared.db().conversations(&scope, query).await?;
        Ok(rows.iter().map(|(c, n)| summary(c, *n)).collect())
    }

    /// One conversation with its messages. Replies left unfinished by a previous run of
    /// the app (it quit or crashed mid-stream) are shown as interrupted.
    pub async fn chat_conversation(&self, id: &str) -> Result<ConversationView> {
        let scope = self.active_chat_scope().await?;
        let conversation = self.scoped_conversation(id, &scope).await?;
        self.conversation_view(&conversation).await
    }

    pub(crate) async fn conversation_view(
        &self,
        conversation: &ConversationRecord,
    ) -> Result<ConversationView> {
        let mut messages = self.shared.db().messages(&conversation.id).await?;
        for m in messages.iter_mut() {
            let unfinished = matches!(m.status.as_str(), "pending" | "streaming");
            if unfinished && !self.chat_runtime().is_active(&m.id) {
                m.status = MessageStatus::Interrupted.as_str().to_owned();
                self.shared.db().save_reply(m).await?;
            }
        }
        let count = messages.len() as i64;
        Ok(ConversationView {
            conversation: summary(conversation, count),
            options: options_of(conversation),
            messages: in_turn_order(messages).iter().map(|m| message_view(conversation, m)).collect(),
        })
    }

    pub async fn chat_delete_conversation(&self, id: &str) -> Result<()> {
        let scope = self.active_chat_scope().await?;
        let conversation = self.scoped_conversation(id, &scope).await?;
        self.shared.db().delete_conversation(&conversation.id).await
    }

    /// Deletes one message (a user message with its replies). A reply in flight is stopped first.
    pub async fn chat_delete_message(&self, id: &str) -> Result<ConversationView> {
        let scope = self.active_chat_scope().await?;
        let message = self
            .shared
            .db()
            .message(id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such message".into()))?;
        let conversation = self.scoped_conversation(&message.conversation_id, &scope).await?;
        let messages = self.shared.db().messages(&conversation.id).await?;
        let in_flight = messages
            .iter()
            .filter(|m| m.id == id || m.parent_id.as_deref() == Some(id))
            .any(|m| self.chat_runtime().is_active(&m.id));
        if in_flight {
            return Err(Error::InvalidInput("stop this reply before deleting it".into()));
        }
        self.shared.db().delete_message(id).await?;
        self.conversation_view(&conversation).await
    }
}
