//! What replies with a model have used and cost in this context, for the composer. The catalog
//! has no per-model price, so the app cannot put a price on a reply before sending it. What it
//! can show honestly, before the next charged reply, is what recent replies with the same
//! model in the same context cost where anyone knows it (the platform's reported points, or
//! the usage counter's attribution), else the usage they reported in tokens, labelled as such.

use serde::Serialize;
use ts_rs::TS;

use crate::billing::attribution::cost_from_columns;
use crate::billing::points::Points;
use crate::billing::wire::ChargeCost;
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
    /// Recent replies with this model in this context whose points are known (reported by the
    /// platform, or attributed from the usage counter).
    pub priced_samples: u32,
    /// The middle of their points (exact decimal text), when there is at least one.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub typical_points: Option<String>,
    /// The most one of them cost.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_points: Option<String>,
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
        let mut points: Vec<Points> = self
            .shared
            .db()
            .recent_reply_charges(&scope, model_code, RECENT)
            .await?
            .into_iter()
            .filter_map(|(reported, reading, counter)| {
                reported.as_deref().and_then(Points::read_reported).or_else(|| {
                    match cost_from_columns(reading.as_deref(), counter.as_deref()) {
                        ChargeCost::FromUsageCounter { points } => Points::parse(&points),
                        _ => None,
                    }
                })
            })
            .collect();
        points.sort_unstable();
        let priced_samples = u32::try_from(points.len()).unwrap_or(u32::MAX);
        let typical_points = points.get(points.len().saturating_sub(1) / 2).map(ToString::to_string);
        let max_points = points.last().map(ToString::to_string);
        Ok(ChatUsageHint {
            model_code: model_code.to_owned(),
            samples,
            typical_tokens,
            max_tokens,
            priced_samples,
            typical_points,
            max_points,
        })
    }
}
