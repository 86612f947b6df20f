//! `TtsSpeechInput`, validated as FastAPI/pydantic would (422 `HTTPValidationError`).

use crate::envelope::PlatformError;
use crate::validation::{json_object_body, FieldChecker, ValidationIssue};

const DECLARED: [&str; 14] = [
    "tts_config_id",
    "voice",
    "input",
    "response_format",
    "speed",
    "volume",
    "pitch",
    "emotion",
    "sample_rate",
    "bitrate",
    "audio_channel",
    "language_boost",
    "text_normalization",
    "latex_read",
];

const SAMPLE_RATES: [i64; 6] = [8000, 16000, 22050, 24000, 32000, 44100];
const BITRATES: [i64; 4] = [32000, 64000, 128000, 256000];
const LANGUAGE_BOOSTS: [&str; 41] = [
    "Chinese",
    "Chinese,Yue",
    "English",
    "Arabic",
    "Russian",
    "Spanish",
    "French",
    "Portuguese",
    "German",
    "Turkish",
    "Dutch",
    "Ukrainian",
    "Vietnamese",
    "Indonesian",
    "Japanese",
    "Italian",
    "Korean",
    "Thai",
    "Polish",
    "Romanian",
    "Greek",
    "Czech",
    "Finnish",
    "Hindi",
    "Bulgarian",
    "Danish",
    "Hebrew",
    "Malay",
    "Persian",
    "Slovak",
    "Swedish",
    "Croatian",
    "Filipino",
    "Hungarian",
    "Norwegian",
    "Slovenian",
    "Catalan",
    "Nynorsk",
    "Tamil",
    "Afrikaans",
    "auto",
];

/// A validated speech request with defaults applied (mp3, 32 kHz, mono, 128 kbps).
#[derive(Clone, Debug)]
pub(crate) struct SpeechInput {
    pub tts_config_id: String,
    pub voice: String,
    pub text: String,
    pub response_format: Option<String>,
    pub speed: f64,
    pub volume: f64,
    pub pitch: i64,
    pub emotion: Option<String>,
    pub sample_rate: u32,
    pub bitrate: u32,
    pub channels: u16,
}

pub(crate) fn parse(body: &[u8], has_request_id: bool) -> Result<SpeechInput, PlatformError> {
    let mut issues = Vec::new();
    if !has_request_id {
        issues.push(ValidationIssue::missing(&["header", "X-Request-ID"]));
    }
    let map = match json_object_body(body) {
        Ok(map) => map,
        Err(issue) => {
            issues.push(*issue);
            return Err(PlatformError::Validation(issues));
        }
    };
    let mut check = FieldChecker::new("body", &map);
    let tts_config_id = check.string("tts_config_id", true, false, 3, 100);
    let voice = check.string("voice", true, false, 1, 256);
    let text = check.string("input", true, false, 1, 9999);
    if text.as_deref().is_some_and(|t| t.chars().all(char::is_whitespace)) {
        check.value_error("input", "input must not be empty or whitespace only");
    }
    let response_format = check.string("response_format", false, false, 2, 20);
    let speed = check.number("speed", Some((0.5, "0.5")), Some((2.0, "2")));
    let volume = check.number("volume", None, Some((10.0, "10")));
    let pitch = check.integer("pitch", Some(-12), Some(12));
    let emotion = check.string("emotion", false, true, 0, usize::MAX);
    let sample_rate = check.int_literal("sample_rate", &SAMPLE_RATES);
    let bitrate = check.int_literal("bitrate", &BITRATES);
    let channels = check.int_literal("audio_channel", &[1, 2]);
    check.str_literal("language_boost", &LANGUAGE_BOOSTS);
    check.boolean("text_normalization");
    check.boolean("latex_read");
    check.forbid_extra(&DECLARED);
    issues.append(&mut check.issues);
    if !issues.is_empty() {
        return Err(PlatformError::Validation(issues));
    }
    Ok(SpeechInput {
        tts_config_id: tts_config_id.unwrap_or_default(),
        voice: voice.unwrap_or_default(),
        text: text.unwrap_or_default(),
        response_format,
        speed: speed.unwrap_or(1.0),
        volume: volume.unwrap_or(1.0),
        pitch: pitch.unwrap_or(0),
        emotion,
        sample_rate: sample_rate.and_then(|v| u32::try_from(v).ok()).unwrap_or(32_000),
        bitrate: bitrate.and_then(|v| u32::try_from(v).ok()).unwrap_or(128_000),
        channels: channels.and_then(|v| u16::try_from(v).ok()).unwrap_or(1),
    })
}
