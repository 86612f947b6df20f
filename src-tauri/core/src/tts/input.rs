//! A speech request checked against `TtsSpeechInput` and the chosen configuration before
//! anything is journaled or sent, and the exact body that goes on the wire: the declared
//! fields only, optional ones only when set (the platform rejects extra fields).

use serde::Serialize;

use super::catalog::{
    CachedCatalog, AUDIO_CHANNELS, BITRATES, INPUT_MAX_CHARS, LANGUAGE_BOOSTS, SAMPLE_RATES,
};
use super::estimate::code_points;
use super::wire::{SpeechParams, SpeechRequest, TtsConfig, Voice};
use crate::foundation::error::{Error, Result};

/// `TtsSpeechInput`, field for field.
#[derive(Debug, Serialize)]
pub struct SpeechBody<'a> {
    pub tts_config_id: &'a str,
    pub voice: &'a str,
    pub input: &'a str,
    pub response_format: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pitch: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emotion: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_rate: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bitrate: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio_channel: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language_boost: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_normalization: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latex_read: Option<bool>,
}

fn invalid(msg: impl Into<String>) -> Error {
    Error::InvalidInput(msg.into())
}

/// Empty strings mean "not set".
pub fn normalize(params: &SpeechParams) -> SpeechParams {
    let keep = |s: &Option<String>| s.as_ref().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    SpeechParams {
        emotion: keep(&params.emotion),
        language_boost: keep(&params.language_boost),
        ..params.clone()
    }
}

pub fn check_input(text: &str) -> Result<()> {
    let n = code_points(text);
    if n == 0 {
        return Err(invalid("the text is empty"));
    }
    if n > INPUT_MAX_CHARS {
        return Err(invalid(format!("the text has {n} characters; at most {INPUT_MAX_CHARS}")));
    }
    if text.chars().all(char::is_whitespace) {
        return Err(invalid("the text is only whitespace"));
    }
    Ok(())
}

pub fn check_params(p: &SpeechParams) -> Result<()> {
    if let Some(speed) = p.speed {
        if !speed.is_finite() || !(0.5..=2.0).contains(&speed) {
            return Err(invalid("speed must be between 0.5 and 2"));
        }
    }
    if let Some(volume) = p.volume {
        if !volume.is_finite() || volume > 10.0 {
            return Err(invalid("volume must be at most 10"));
        }
    }
    if let Some(pitch) = p.pitch {
        if !(-12..=12).contains(&pitch) {
            return Err(invalid("pitch must be a whole number from -12 to 12"));
        }
    }
    if p.sample_rate.is_some_and(|v| !SAMPLE_RATES.contains(&v)) {
        return Err(invalid("sample_rate is not one the platform accepts"));
    }
    if p.bitrate.is_some_and(|v| !BITRATES.contains(&v)) {
        return Err(invalid("bitrate is not one the platform accepts"));
    }
    if p.audio_channel.is_some_and(|v| !AUDIO_CHANNELS.contains(&v)) {
        return Err(invalid("audio_channel must be 1 or 2"));
    }
    if p.language_boost.as_deref().is_some_and(|v| !LANGUAGE_BOOSTS.contains(&v)) {
        return Err(invalid("language_boost is not one the platform accepts"));
    }
    if p.emotion.as_deref().is_some_and(|e| e.chars().count() > 64) {
        return Err(invalid("emotion is too long"));
    }
    Ok(())
}

/// The configuration and voice of a request, from this context's catalog, checked.
pub fn resolve<'c>(catalog: &'c CachedCatalog, req: &SpeechRequest) -> Result<(&'c TtsConfig, &'c Voice)> {
    let config = catalog
        .config(&req.tts_config_id)
        .ok_or_else(|| invalid("this configuration is not in the active context's catalog"))?;
    if !config.output_formats.iter().any(|f| f == &req.response_format) {
        return Err(invalid("choose one of the configuration's output formats"));
    }
    let voice = config
        .voices
        .iter()
        .find(|v| v.voice_id == req.voice_id)
        .ok_or_else(|| invalid("choose a voice of this configuration"))?;
    if !voice.usable {
        return Err(invalid("this voice cannot be used"));
    }
    Ok((config, voice))
}

/// Checks everything and returns the exact JSON body to send.
pub fn body_for(req: &SpeechRequest, params: &SpeechParams) -> Result<String> {
    check_input(&req.input)?;
    check_params(params)?;
    let config_len = req.tts_config_id.chars().count();
    if !(3..=100).contains(&config_len) {
        return Err(invalid("tts_config_id must have 3 to 100 characters"));
    }
    let voice_len = req.voice_id.chars().count();
    if !(1..=256).contains(&voice_len) {
        return Err(invalid("the voice id must have 1 to 256 characters"));
    }
    let format_len = req.response_format.chars().count();
    if !(2..=20).contains(&format_len) {
        return Err(invalid("response_format must have 2 to 20 characters"));
    }
    let body = SpeechBody {
        tts_config_id: &req.tts_config_id,
        voice: &req.voice_id,
        input: &req.input,
        response_format: &req.response_format,
        speed: params.speed,
        volume: params.volume,
        pitch: params.pitch,
        emotion: params.emotion.as_deref(),
        sample_rate: params.sample_rate,
        bitrate: params.bitrate,
        audio_channel: params.audio_channel,
        language_boost: params.language_boost.as_deref(),
        text_normalization: params.text_normalization,
        latex_read: params.latex_read,
    };
    serde_json::to_string(&body).map_err(|source| Error::Json { what: "speech body", source })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(input: &str) -> SpeechRequest {
        SpeechRequest {
            tts_config_id: "tts-aurora-v2".into(),
            voice_id: "narrator (warm) v2".into(),
            input: input.into(),
            response_format: "mp3".into(),
            params: SpeechParams::default(),
            batch_id: None,
        }
    }

    #[test]
    fn input_is_counted_in_code_points_and_must_not_be_blank() {
        assert!(check_input("").is_err());
        assert!(check_input(" \n\t\u{3000}").is_err(), "ideographic space is whitespace too");
        assert!(check_input(&"😀".repeat(9_999)).is_ok(), "9,999 code points (39,996 bytes)");
        assert!(check_input(&"a".repeat(10_000)).is_err());
    }

    #[test]
    fn parameters_follow_tts_speech_input() {
        let ok = SpeechParams {
            speed: Some(0.5),
            volume: Some(10.0),
            pitch: Some(-12),
            sample_rate: Some(44100),
            bitrate: Some(256000),
            audio_channel: Some(2),
            language_boost: Some("Chinese,Yue".into()),
            ..Default::default()
        };
        assert!(check_params(&ok).is_ok());
        for bad in [
            SpeechParams { speed: Some(2.01), ..Default::default() },
            SpeechParams { speed: Some(f64::NAN), ..Default::default() },
            SpeechParams { volume: Some(10.5), ..Default::default() },
            SpeechParams { pitch: Some(13), ..Default::default() },
            SpeechParams { sample_rate: Some(48000), ..Default::default() },
            SpeechParams { bitrate: Some(96000), ..Default::default() },
            SpeechParams { audio_channel: Some(3), ..Default::default() },
            SpeechParams { language_boost: Some("Klingon".into()), ..Default::default() },
        ] {
            assert!(check_params(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_body_has_declared_fields_only_and_unset_ones_are_left_out() {
        let body = body_for(&req("hi"), &SpeechParams::default()).unwrap();
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 4, "{keys:?}");
        for k in ["tts_config_id", "voice", "input", "response_format"] {
            assert!(keys.contains(&k));
        }
        assert_eq!(v["voice"], "narrator (warm) v2", "opaque ids are sent as they are");
        let params =
            normalize(&SpeechParams { emotion: Some("  ".into()), pitch: Some(3), ..Default::default() });
        let v: serde_json::Value = serde_json::from_str(&body_for(&req("hi"), &params).unwrap()).unwrap();
        assert_eq!(v["pitch"], 3);
        assert!(v.get("emotion").is_none());
    }
}
