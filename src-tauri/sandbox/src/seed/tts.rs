//! Seeded TTS configurations and their shared voices. Cloned voices belong to an account
//! context and live in the world (`world::seed_owned_voices`).

use super::*;

/// The formats a configuration offers. mp3 needs LAME (LGPL), which only the test build
/// links; the shipped no-account sandbox offers wav in its place.
#[cfg(feature = "mp3")]
const MP3_AND_WAV: &[&str] = &["mp3", "wav"];
#[cfg(not(feature = "mp3"))]
const MP3_AND_WAV: &[&str] = &["wav"];
#[cfg(feature = "mp3")]
const MP3_ONLY: &[&str] = &["mp3"];
#[cfg(not(feature = "mp3"))]
const MP3_ONLY: &[&str] = &["wav"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PriceUnit {
    Characters,
    AudioSeconds,
}

impl PriceUnit {
    pub fn as_str(self) -> &'static str {
        match self {
            PriceUnit::Characters => "characters",
            PriceUnit::AudioSeconds => "audio_seconds",
        }
    }
}

/// How the provider counts settlement ("usage") characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CharCounting {
    CodePoints,
    /// CJK ideographs, kana and hangul count 2.
    CjkDouble,
}

#[derive(Clone, Debug)]
pub(crate) struct SeedVoice {
    pub voice_id: &'static str,
    pub display_name: &'static str,
    pub language: Option<&'static str>,
}

#[derive(Clone, Debug)]
pub(crate) struct TtsConfig {
    pub id: &'static str,
    pub display_name: &'static str,
    pub output_formats: &'static [&'static str],
    pub channel_id: &'static str,
    pub unit: PriceUnit,
    pub unit_size: u64,
    pub points: i64,
    pub counting: CharCounting,
    pub shared_voices: Vec<SeedVoice>,
}

fn voice(voice_id: &'static str, display_name: &'static str, language: Option<&'static str>) -> SeedVoice {
    SeedVoice { voice_id, display_name, language }
}

pub(crate) fn tts_catalog() -> Vec<TtsConfig> {
    vec![
        TtsConfig {
            id: TTS_CONFIG_STANDARD,
            display_name: "Aurora Speech v2",
            output_formats: MP3_AND_WAV,
            channel_id: CHANNEL_AURORA,
            unit: PriceUnit::Characters,
            unit_size: 100,
            points: 2,
            counting: CharCounting::CodePoints,
            shared_voices: vec![
                voice(VOICE_NARRATOR_WARM, "Narrator (warm)", Some("en-US")),
                voice(VOICE_XIAOXIAO, "Xiaoxiao (bright)", Some("zh-CN")),
                voice(VOICE_NEWS_ANCHOR, "News anchor (male)", Some("en-GB")),
            ],
        },
        TtsConfig {
            id: TTS_CONFIG_CJK,
            display_name: "Lingyin CJK",
            output_formats: MP3_ONLY,
            channel_id: CHANNEL_LINGYIN,
            unit: PriceUnit::Characters,
            unit_size: 100,
            points: 3,
            counting: CharCounting::CjkDouble,
            shared_voices: vec![
                voice(VOICE_LINGYIN_NARRATOR, "Lingyin narrator (calm)", Some("zh-CN")),
                voice(VOICE_YUNXI, "Yunxi (lively)", None),
            ],
        },
        TtsConfig {
            id: TTS_CONFIG_SECONDS,
            display_name: "Aurora Long-form",
            output_formats: MP3_AND_WAV,
            channel_id: CHANNEL_AURORA,
            unit: PriceUnit::AudioSeconds,
            unit_size: 10,
            points: 1,
            counting: CharCounting::CodePoints,
            shared_voices: vec![voice(VOICE_NARRATOR_WARM, "Narrator (warm)", Some("en-US"))],
        },
        TtsConfig {
            id: TTS_CONFIG_EMPTY,
            display_name: "Echo Lite",
            output_formats: MP3_ONLY,
            channel_id: CHANNEL_ECHO,
            unit: PriceUnit::Characters,
            unit_size: 200,
            points: 1,
            counting: CharCounting::CodePoints,
            shared_voices: vec![],
        },
    ]
}
