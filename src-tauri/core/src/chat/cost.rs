//! What replies with a model have used in this context, for the composer. The catalog has no
//! per-model price and the platform reports a chat reply's usage in tokens, not points, so
//! the app cannot put a number of points on a reply before sending it. What it can show
//! honestly is the usage the platform reported for recent replies with the same model in
//! the same context, labelled as such; the points appear in the balance and its ledger.

use serde::Serialize;
use ts_rs::TS;

use crate::chat::Chat;
use crate::foundation::error::Result;

/// How many recent replies that reported usage are looked at.
const RECENT: i64 = 20;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatUsageHint {
    pub model_code: String,
    /// Recent replies with this model in this context that reported their usage.
    pub samples: u32,
    /// The middle of their total token counts, when there is at least one.
    #[ts(optional, type = "number")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub typical_tokens: Option<u64>,
    /// The largest of them.
    #[ts(optional, type = "number")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u64>,
}

/// The median (the lower middle for an even count) and the maximum.
pub fn summarize(mut counts: Vec<u64>) -> (Option<u64>, Option<u64>) {
    counts.sort_unstable();
    let typical = counts.get(counts.len().saturating_sub(1) / 2).copied();
    (typical, counts.last().copied())
}

impl Chat {
    /// The usage recent replies with `model_code` reported in the active context.
    pub async fn chat_usage_hint(&self, model_code: &str) -> Result<ChatUsageHint> {
        let scope = self.active_chat_scope().await?;
        let counts: Vec<u64> = self
            .shared
            .db()
            .recent_reply_tokens(&scope, model_code, RECENT)
            .await?
            .into_iter()
            .filter_map(|t| u64::try_from(t).ok())
            .collect();
        let samples = u32::try_from(counts.len()).unwrap_or(u32::MAX);
        let (typical_tokens, max_tokens) = summarize(counts);
        Ok(ChatUsageHint { model_code: model_code.to_owned(), samples, typical_tokens, max_tokens })
    }
}
