//! The cassette types the window reads (ts-rs).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use xiaoya_sandbox::cassette::Cassette;

/// Whether a recording is on, and the last finished one (until saved).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RecordingState {
    pub recording: bool,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<CassetteSummary>,
}

/// What a cassette holds, in a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CassetteSummary {
    pub recorded_at: String,
    pub context: String,
    pub exchanges: u32,
    /// Streamed chat replies among them.
    pub streams: u32,
}

impl CassetteSummary {
    pub fn of(cassette: &Cassette) -> CassetteSummary {
        let streams = cassette
            .exchanges
            .iter()
            .filter(|e| e.headers.get("content-type").is_some_and(|t| t.contains("event-stream")))
            .count();
        CassetteSummary {
            recorded_at: cassette.recorded_at.clone(),
            context: cassette.context.clone(),
            exchanges: u32::try_from(cassette.exchanges.len()).unwrap_or(u32::MAX),
            streams: u32::try_from(streams).unwrap_or(u32::MAX),
        }
    }
}
