//! Playback state as the UI shows it.

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PlaybackStatus {
    Idle,
    Playing,
    Paused,
    /// The clip played to its end.
    Ended,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum AudioDevice {
    /// Nothing has been played yet; the output opens on the first play.
    NotOpened,
    Ready,
    /// No output device, or it failed; clips are still saved and exportable.
    Unavailable,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlaybackState {
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clip_id: Option<String>,
    pub status: PlaybackStatus,
    pub position_ms: u32,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u32>,
    /// 0.0–1.0.
    pub volume: f32,
    pub device: AudioDevice,
    /// Why the device is unavailable (developer detail; the UI localises `device`).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_message: Option<String>,
}
