//! Chat conversations and messages in SQLite. Conversations are scoped to one context
//! (origin, client, subject, context kind, Team) and only listed there.

use crate::auth::store::SessionRecord;
use crate::billing::ledger::{commit_with_charge, NewCharge};
use crate::context_matches;
use crate::foundation::error::Result;
use crate::store::context_sql::BindContext;
use crate::store::Db;

/// The exact context a conversation belongs to: `PlatformContext`'s database form.
pub type ChatScope = crate::foundation::context::ContextColumns;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ConversationRecord {
    pub id: String,
    pub origin: String,
    pub client_id: String,
    pub subject: String,
    pub context_kind: String,
    pub team_id: String,
    pub context_label: String,
    pub title: String,
    /// `ChatOptions` as JSON.
    pub options: String,
    pub model_code: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ConversationRecord {
    pub fn scope(&self) -> ChatScope {
        ChatScope {
            origin: self.origin.clone(),
            client_id: self.client_id.clone(),
            subject: self.subject.clone(),
            context_kind: self.context_kind.clone(),
            team_id: self.team_id.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct MessageRecord {
    pub id: String,
    pub conversation_id: String,
    pub seq: i64,
    pub role: String,
    pub parent_id: Option<String>,
    pub content: String,
    pub status: String,
    pub created_at: i64,
    pub model_code: Option<String>,
    pub request_id: Option<String>,
    pub request_body: Option<String>,
    pub streamed: Option<i64>,
    pub response_format: Option<String>,
    pub workflow_version_id: Option<String>,
    pub run_id: Option<String>,
    pub node_id: Option<String>,
    pub attempt: Option<i64>,
    pub platform_request_id: Option<String>,
    pub started_at: Option<i64>,
    pub first_token_ms: Option<i64>,
    pub total_ms: Option<i64>,
    pub prompt_tokens: Option<i64>,
    pub completion_tokens: Option<i64>,
    pub total_tokens: Option<i64>,
    pub charged_points: Option<String>,
    pub replayed: i64,
    pub error: Option<String>,
    pub json_check: Option<String>,
    /// Why the model ended the reply, as sent (`stop`, `length`, `content_filter`, ...).
    pub finish_reason: Option<String>,
    /// Read with the message from its points-ledger row, never written with it: 1 when the
    /// reply has one (the platform may have charged it), and how its cost was settled.
    #[sqlx(default)]
    pub ledger_row: i64,
    #[sqlx(default)]
    pub counter_reading: Option<String>,
    #[sqlx(default)]
    pub counter_points: Option<String>,
}

macro_rules! conversation_columns {
    () => {
        "c.id, c.origin, c.client_id, c.subject, c.context_kind, c.team_id, c.context_label, c.title, c.options,
         c.model_code, c.created_at, c.updated_at"
    };
}

macro_rules! message_columns {
    () => {
        "id, conversation_id, seq, role, parent_id, content, status, created_at, model_code, request_id, request_body,
         streamed, response_format, workflow_version_id, run_id, node_id, attempt, platform_request_id, started_at,
         first_token_ms, total_ms, prompt_tokens, completion_tokens, total_tokens, charged_points, replayed, error,
         json_check, finish_reason"
    };
}

/// A message's points-ledger row, read in the same query: whether there is one and how its
/// cost was settled (`billing::attribution`).
macro_rules! message_charge_columns {
    () => {
        ", EXISTS (SELECT 1 FROM points_ledger l WHERE l.kind = 'chat' AND l.receipt_ref = chat_messages.id)
             AS ledger_row,
           (SELECT l.counter_reading FROM points_ledger l WHERE l.kind = 'chat' AND l.receipt_ref = chat_messages.id)
             AS counter_reading,
           (SELECT l.counter_points FROM points_ledger l WHERE l.kind = 'chat' AND l.receipt_ref = chat_messages.id)
             AS counter_points"
    };
}

#[derive(sqlx::FromRow)]
struct ListedRow {
    #[sqlx(flatten)]
    conversation: ConversationRecord,
    message_count: i64,
}

/// `%text%` for LIKE, with the wildcards in `text` taken literally.
fn like_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

impl Db {
    pub async fn insert_conversation(&self, c: &ConversationRecord) -> Result<()> {
        sqlx::query(
            "INSERT INTO chat_conversations (id, origin, client_id, subject, context_kind, team_id, context_label, title,
                options, model_code, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&c.id)
        .bind(&c.origin)
        .bind(&c.client_id)
        .bind(&c.subject)
        .bind(&c.context_kind)
        .bind(&c.team_id)
        .bind(&c.context_label)
        .bind(&c.title)
        .bind(&c.options)
        .bind(&c.model_code)
        .bind(c.created_at)
        .bind(c.updated_at)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    pub async fn conversation(&self, id: &str) -> Result<Option<ConversationRecord>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            conversation_columns!(),
            " FROM chat_conversations c WHERE c.id = ?"
        ))
        .bind(id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Conversations of one context, newest first; `query` matches titles and message text.
    pub async fn conversations(
        &self,
        scope: &ChatScope,
        query: &str,
    ) -> Result<Vec<(ConversationRecord, i64)>> {
        let query = query.trim();
        let pattern = like_pattern(query);
        let rows: Vec<ListedRow> = sqlx::query_as(concat!(
            "SELECT ",
            conversation_columns!(),
            ", (SELECT COUNT(*) FROM chat_messages m WHERE m.conversation_id = c.id) AS message_count
             FROM chat_conversations c WHERE ",
            context_matches!("c."),
            " AND (? = '' OR c.title LIKE ? ESCAPE '\\' OR EXISTS (
                    SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.content LIKE ? ESCAPE '\\'))
             ORDER BY c.updated_at DESC, c.id
             LIMIT 500"
        ))
        .bind_context(scope)
        .bind(query)
        .bind(&pattern)
        .bind(&pattern)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.into_iter().map(|r| (r.conversation, r.message_count)).collect())
    }

    /// The total token counts the platform reported for the newest replies with this model
    /// in this context, newest first.
    pub async fn recent_reply_tokens(
        &self,
        scope: &ChatScope,
        model_code: &str,
        limit: i64,
    ) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(concat!(
            "SELECT COALESCE(m.total_tokens, m.prompt_tokens + m.completion_tokens)
             FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE ",
            context_matches!("c."),
            " AND m.role = 'assistant' AND m.model_code = ?
               AND COALESCE(m.total_tokens, m.prompt_tokens + m.completion_tokens) IS NOT NULL
             ORDER BY m.created_at DESC, m.seq DESC
             LIMIT ?"
        ))
        .bind_context(scope)
        .bind(model_code)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    /// The ledger's cost columns of recent replies with this model in this context, newest
    /// first: the reported points, and how the usage counter settled a reply without them.
    pub async fn recent_reply_charges(
        &self,
        scope: &ChatScope,
        model_code: &str,
        limit: i64,
    ) -> Result<Vec<(Option<String>, Option<String>, Option<String>)>> {
        Ok(sqlx::query_as(concat!(
            "SELECT l.points, l.counter_reading, l.counter_points
             FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
             JOIN points_ledger l ON l.kind = 'chat' AND l.request_id = m.request_id WHERE ",
            context_matches!("c."),
            " AND m.role = 'assistant' AND m.model_code = ?
             ORDER BY l.created_at DESC
             LIMIT ?"
        ))
        .bind_context(scope)
        .bind(model_code)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn message_count(&self, conversation_id: &str) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM chat_messages WHERE conversation_id = ?")
            .bind(conversation_id)
            .fetch_one(self.pool())
            .await?)
    }

    pub async fn update_conversation(
        &self,
        id: &str,
        options: &str,
        model_code: &str,
        updated_at: i64,
    ) -> Result<()> {
        sqlx::query("UPDATE chat_conversations SET options = ?, model_code = ?, updated_at = ? WHERE id = ?")
            .bind(options)
            .bind(model_code)
            .bind(updated_at)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    pub async fn delete_conversation(&self, id: &str) -> Result<()> {
        sqlx::query("DELETE FROM chat_conversations WHERE id = ?").bind(id).execute(self.pool()).await?;
        Ok(())
    }

    /// Appends a message at the end of its conversation (`seq` is assigned here).
    pub async fn insert_message(&self, m: &MessageRecord) -> Result<i64> {
        let seq: i64 = sqlx::query_scalar(
            "INSERT INTO chat_messages (id, conversation_id, seq, role, parent_id, content, status, created_at,
                model_code, request_id, request_body, streamed, response_format, workflow_version_id, run_id, node_id,
                attempt, started_at)
             VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM chat_messages WHERE conversation_id = ?),
                ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING seq",
        )
        .bind(&m.id)
        .bind(&m.conversation_id)
        .bind(&m.conversation_id)
        .bind(&m.role)
        .bind(&m.parent_id)
        .bind(&m.content)
        .bind(&m.status)
        .bind(m.created_at)
        .bind(&m.model_code)
        .bind(&m.request_id)
        .bind(&m.request_body)
        .bind(m.streamed)
        .bind(&m.response_format)
        .bind(&m.workflow_version_id)
        .bind(&m.run_id)
        .bind(&m.node_id)
        .bind(m.attempt)
        .bind(m.started_at)
        .fetch_one(self.pool())
        .await?;
        Ok(seq)
    }

    pub async fn message(&self, id: &str) -> Result<Option<MessageRecord>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            message_columns!(),
            message_charge_columns!(),
            " FROM chat_messages WHERE id = ?"
        ))
        .bind(id)
        .fetch_optional(self.pool())
        .await?)
    }

    pub async fn messages(&self, conversation_id: &str) -> Result<Vec<MessageRecord>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            message_columns!(),
            message_charge_columns!(),
            " FROM chat_messages WHERE conversation_id = ? ORDER BY seq"
        ))
        .bind(conversation_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Saves streamed text as it arrives, so a crash keeps what was received.
    pub async fn save_reply_progress(&self, id: &str, content: &str, status: &str) -> Result<()> {
        sqlx::query("UPDATE chat_messages SET content = ?, status = ? WHERE id = ?")
            .bind(content)
            .bind(status)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Writes everything a reply learned from one attempt.
    pub async fn save_reply(&self, m: &MessageRecord) -> Result<()> {
        self.save_reply_with_charge(m, None).await.map(|_| ())
    }

    /// [`Db::save_reply`], and the reply's charge in the points ledger in the same
    /// transaction (S4: a finished reply is never without its ledger row). Returns whether
    /// a new ledger row was written.
    pub async fn save_reply_with_charge(
        &self,
        m: &MessageRecord,
        charge: Option<(&SessionRecord, &NewCharge)>,
    ) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "UPDATE chat_messages SET content = ?, status = ?, attempt = ?, started_at = ?, platform_request_id = ?,
                first_token_ms = ?, total_ms = ?, prompt_tokens = ?, completion_tokens = ?, total_tokens = ?,
                charged_points = ?, replayed = ?, error = ?, json_check = ?, finish_reason = ?
             WHERE id = ?",
        )
        .bind(&m.content)
        .bind(&m.status)
        .bind(m.attempt)
        .bind(m.started_at)
        .bind(&m.platform_request_id)
        .bind(m.first_token_ms)
        .bind(m.total_ms)
        .bind(m.prompt_tokens)
        .bind(m.completion_tokens)
        .bind(m.total_tokens)
        .bind(&m.charged_points)
        .bind(m.replayed)
        .bind(&m.error)
        .bind(&m.json_check)
        .bind(&m.finish_reason)
        .bind(&m.id)
        .execute(&mut *tx)
        .await?;
        commit_with_charge(tx, charge).await
    }

    /// Deletes one message; a user message takes its replies with it (foreign key cascade).
    pub async fn delete_message(&self, id: &str) -> Result<()> {
        sqlx::query("DELETE FROM chat_messages WHERE id = ?").bind(id).execute(self.pool()).await?;
        Ok(())
    }

    /// Deletes a message and everything after it in its conversation (edit and resend).
    pub async fn truncate_conversation(&self, conversation_id: &str, from_seq: i64) -> Result<()> {
        sqlx::query("DELETE FROM chat_messages WHERE conversation_id = ? AND seq >= ?")
            .bind(conversation_id)
            .bind(from_seq)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::like_pattern;

    #[test]
    fn like_wildcards_are_literal() {
        assert_eq!(like_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }
}
