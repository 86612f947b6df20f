//! TTS types that cross IPC. Point amounts are exact decimal text (never floats); header
//! values are kept as the platform wrote them. Voice ids are opaque data everywhere.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::foundation::error::IpcError;

// ---------- the catalog ----------

/// The TTS catalog of one context (`GET /api/proxy/v1/tts/options`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TtsCatalog {
    /// The local session this catalog was loaded for; the UI drops a catalog whose session
    /// is no longer the active one.
    pub session_id: String,
    /// "Personal" or the Team's name.
    pub context_label: String,
    pub configs: Vec<TtsConfig>,
    pub limits: SpeechLimits,
    /// How the answer was read: shape, missing fields, values not recognised.
    pub reading: crate::foundation::reading::ReadReport,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TtsConfig {
    pub tts_config_id: String,
    pub display_name: String,
    pub output_formats: Vec<String>,
    /// The voice-library portal, opened by the core in the system browser on request.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice_library: Option<VoiceLibraryLink>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channel_id: Option<String>,
    /// The price as the platform states it; `None` when the catalog gave none we can read.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<TtsPrice>,
    pub voices: Vec<Voice>,
    /// How this configuration counts characters, as far as its receipts in this context have
    /// shown (the platform's catalog says nothing of it), when the catalog was read; each
    /// later `clipSettled` of the configuration tells it again.
    pub counting: ConfigCounting,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VoiceLibraryLink {
    /// Only the host is shown (e.g. `claw.zhenhuiai.com`); the full URL stays in the core.
    pub host: String,
    /// False when the link is neither https nor loopback http: shown, never opened.
    pub openable: bool,
}

/// `points` per started block of `unitSize` units of `unit`, as far as the platform said.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TtsPrice {
    /// As sent: `characters`, `audio_seconds`, or anything newer; empty when none was given.
    pub unit: String,
    /// `None` when the price block has no size (it is never taken to be 1).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit_size: Option<String>,
    /// `None` when the block has no readable amount.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<String>,
    /// Whether an estimate can be computed from the input alone (per-character prices).
    pub estimable: bool,
    /// Why not, when it cannot.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<EstimateUnavailable>,
    /// The price block exactly as the platform sent it (compact JSON), to show as it is.
    pub raw: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum VoiceState {
    Active,
    PendingActivation,
    Expired,
    /// A state this version of the app does not know (`state_raw` has it): the voice
    /// stays selectable, flagged, and the platform decides.
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum VoiceUnusable {
    /// The clone missed its first-use deadline.
    Expired,
    /// A pending clone whose deadline has passed by this computer's clock.
    DeadlinePassed,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Voice {
    /// Opaque; may contain spaces and parentheses. Sent back exactly as received.
    pub voice_id: String,
    pub display_name: String,
    /// Shared voice (true) or one of this account's own voices (false).
    pub shared: bool,
    pub state: VoiceState,
    /// The state string exactly as the platform sent it.
    pub state_raw: String,
    /// The first-use cloning tariff of a pending clone.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activation_points: Option<String>,
    /// RFC 3339: the first-use deadline (pending) or the missed one (expired).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    pub usable: bool,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unusable_reason: Option<VoiceUnusable>,
}

/// What `TtsSpeechInput` allows, so the UI offers exactly that.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpeechLimits {
    pub input_max_chars: u32,
    pub speed_min: f64,
    pub speed_max: f64,
    pub volume_max: f64,
    pub pitch_min: i32,
    pub pitch_max: i32,
    pub sample_rates: Vec<u32>,
    pub bitrates: Vec<u32>,
    pub audio_channels: Vec<u8>,
    pub language_boosts: Vec<String>,
}

// ---------- a request ----------

/// Optional `TtsSpeechInput` fields; only those set are sent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct SpeechParams {
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<f64>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume: Option<f64>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pitch: Option<i32>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emotion: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_rate: Option<u32>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bitrate: Option<u32>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio_channel: Option<u8>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language_boost: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_normalization: Option<bool>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latex_read: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpeechRequest {
    pub tts_config_id: String,
    pub voice_id: String,
    pub input: String,
    pub response_format: String,
    #[serde(default)]
    pub params: SpeechParams,
    /// Set by a comparison: the id `tts_compare_quote` returned.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_id: Option<String>,
}

// ---------- cost ----------

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum EstimateUnavailable {
    /// Priced per second of generated audio: unknown until the audio exists.
    PricedPerAudioSecond,
    /// A price unit this version does not know.
    UnknownPriceUnit,
    /// The catalog gave no price for this configuration.
    NoPrice,
    /// The price block has no block size (`unitSize`); it is not taken to be 1.
    NoBlockSize,
    /// The price is in a form this version cannot read (no unit or no amount).
    UnreadablePrice,
}

/// The cost before synthesis. Always an estimate: the platform's receipt is the truth.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CostEstimate {
    /// Unicode code points of the input.
    pub input_characters: u32,
    /// Started blocks of `unitSize` characters.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks: Option<u32>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synthesis_points: Option<String>,
    /// The first-use tariff of a pending clone, charged with this synthesis.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation_points: Option<String>,
    /// Synthesis + activation; `None` when the synthesis part cannot be estimated.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_points: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<EstimateUnavailable>,
    /// How the characters were counted (`None` in estimates stored before this existed).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counting: Option<CharacterCounting>,
    /// When the input has CJK characters and this configuration's count of them is not yet
    /// known: the total if each counted 2 (an assumption — what one provider does), shown
    /// beside the code-point total, never in its place. `None` when it would be the same.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub possible_total_points: Option<String>,
    /// How this configuration rounds a started block, as far as its receipts (in this
    /// context) have shown (`None` without an estimate, and in estimates stored before).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounding: Option<BlockRounding>,
    /// RFC 3339 creation time of the clip whose receipt taught the rounding.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounding_learned_from: Option<String>,
    /// While the rounding is unknown: the total if the platform prorates, the low end of a
    /// range whose high end is `total_points` (a started block charged whole). `None` when
    /// the two agree.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lowest_total_points: Option<String>,
}

/// Which counting rule an estimate used. The catalog has none: a configuration's rule is
/// learned from the receipts (`X-Xiaoya-Usage-Characters`) of its own clips.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CountingRule {
    /// Unicode code points: nothing is known yet of how this configuration counts a CJK
    /// character (one is assumed, and said to be an assumption where the text has any).
    #[default]
    CodePoints,
    /// A CJK character counts `cjkWeight`, learned from a receipt of this configuration.
    Learned,
}

/// A configuration's counting rule in one context, as its receipts have shown it (the part of
/// `CharacterCounting` that does not depend on a text).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct ConfigCounting {
    pub rule: CountingRule,
    /// Settlement characters per CJK character (ideograph, kana, hangul): 1 unless learned.
    pub cjk_weight: u32,
    /// RFC 3339 creation time of the clip whose receipt taught the weight (`learned` only).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned_from: Option<String>,
    /// Whether a receipt of this configuration showed other characters counting 1 each.
    pub others_confirmed: bool,
}

/// What one settled clip changed, told at once (`clipSettled`), so the page reads nothing
/// back: the clip, the session it was made under, that context's totals, and what its
/// configuration's counting rule is now.
#[derive(Debug, Clone)]
pub struct SettledClip {
    pub clip: Clip,
    pub session_id: String,
    /// `None` only when the ledger could not be read just now (the page reads them itself).
    pub totals: Option<TtsTotals>,
    pub counting: Option<ConfigCounting>,
}

/// The counting behind an estimate: the rule of the configuration (in this context) and what
/// it made of this input.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct CharacterCounting {
    pub rule: CountingRule,
    /// Settlement characters per CJK character (ideograph, kana, hangul): 1 unless learned.
    pub cjk_weight: u32,
    /// RFC 3339 creation time of the clip whose receipt taught the weight (`learned` only).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned_from: Option<String>,
    /// Whether a receipt of this configuration showed other characters counting 1 each.
    pub others_confirmed: bool,
    /// CJK characters in the input.
    pub cjk_characters: u32,
    /// The characters priced: other characters + `cjkWeight` × CJK characters.
    pub counted_characters: u32,
}

/// The `X-Xiaoya-*` headers of a speech response, exactly as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpeechReceipt {
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tts_config_id: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_id: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_characters: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage_characters: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual_usage: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio_duration_ms: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charged_points: Option<String>,
}

/// How a price per block is charged for a part of a block. The docs fix no rule (readings
/// audit K6): a platform may charge every started block whole, or prorate the price to the
/// characters (rounded up to the price's own decimals, so any input costs at least the
/// smallest step). The first receipt that tells the two apart teaches which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum BlockRounding {
    /// No receipt of this configuration, in this context, has told the rules apart yet.
    Unknown,
    /// Every started block is charged whole.
    StartedBlock,
    /// The price is prorated to the characters.
    Prorated,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CostVerdict {
    /// Charged exactly the estimate.
    Matches,
    /// Charged something else; see `difference`.
    Differs,
    /// Charged, but there was no estimate to compare with.
    NoEstimate,
    /// The platform did not report the charged points.
    NotReported,
    /// While the rounding was unknown: charged within the estimated range.
    WithinRange,
}

/// The receipt beside the estimate.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CostCheck {
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charged: Option<String>,
    /// charged − estimated, signed (`"+4"`, `"-2"`).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<String>,
    pub verdict: CostVerdict,
    /// The platform used another configuration than the one asked for.
    pub config_differs: bool,
    /// The platform used another voice than the one asked for.
    pub voice_differs: bool,
    /// The estimate used a rounding learned from an earlier receipt, and this charge does
    /// not follow it.
    pub contradicts_rounding: bool,
}

// ---------- the audio ledger ----------

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ClipStatus {
    /// Journaled; the request is being sent (or was when the app stopped).
    Pending,
    /// Sent, but whether it was charged is unknown: retry with the same request id.
    Unknown,
    /// Audio saved.
    Complete,
    /// The platform settled the request but the audio never arrived.
    SettledNoAudio,
    /// The platform gave a definite answer that settled nothing.
    Failed,
}

impl ClipStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ClipStatus::Pending => "pending",
            ClipStatus::Unknown => "unknown",
            ClipStatus::Complete => "complete",
            ClipStatus::SettledNoAudio => "settled_no_audio",
            ClipStatus::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Some(match raw {
            "pending" => ClipStatus::Pending,
            "unknown" => ClipStatus::Unknown,
            "complete" => ClipStatus::Complete,
            "settled_no_audio" => ClipStatus::SettledNoAudio,
            "failed" => ClipStatus::Failed,
            _ => return None,
        })
    }
}

/// One clip in the audio ledger.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Clip {
    pub id: String,
    /// The `X-Request-ID` this clip was (and will always be) requested under.
    pub request_id: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch_id: Option<String>,
    pub context_label: String,
    pub status: ClipStatus,
    pub tts_config_id: String,
    pub config_name: String,
    pub voice_id: String,
    pub voice_name: String,
    pub input: String,
    pub input_characters: u32,
    pub params: SpeechParams,
    pub format: String,
    pub estimate: CostEstimate,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub receipt: Option<SpeechReceipt>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<CostCheck>,
    pub has_audio: bool,
    /// Charged, but its audio could not be written (a full disk): it is kept in memory until
    /// the app stops, and "Save again" (`retry_save_audio`) writes it.
    pub audio_kept: bool,
    #[ts(optional, type = "number")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio_bytes: Option<i64>,
    pub attempts: u32,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<IpcError>,
    /// Whether "Retry (same request id)" is offered.
    pub retryable: bool,
    /// RFC 3339.
    pub created_at: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct ClipFilter {
    /// Matches text, voice, configuration or request id (case-insensitive).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<ClipStatus>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tts_config_id: Option<String>,
}

/// Points charged for speech, for this context.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TtsTotals {
    pub context_label: String,
    /// Since the app started.
    pub session_points: String,
    pub session_clips: u32,
    /// Every clip this context was charged for, as kept in the ledger.
    pub context_points: String,
    pub context_clips: u32,
    /// Settled clips whose charge the platform did not report (not in the sums).
    pub unreported_clips: u32,
}

/// The summed estimate a comparison asks the user to confirm.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CompareQuote {
    pub batch_id: String,
    pub items: Vec<CostEstimate>,
    /// Sum of the items' totals; `None` when any item cannot be estimated.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_points: Option<String>,
    /// The part of the sum that is known (estimable items only).
    pub known_points: String,
    pub unestimated_items: u32,
}
