//! Helpers for the speech tests: request, read, decode with rodio.

use std::io::Cursor;

use reqwest::header::HeaderMap;
use reqwest::StatusCode;
use rodio::Source;
use serde_json::{json, Value};
use xiaoya_sandbox::TTS_CONFIG_STANDARD;

use super::Harness;

pub const SPEECH: &str = "/api/proxy/v1/audio/speech";

pub struct Speech {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Speech {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }

    pub fn number(&self, name: &str) -> u64 {
        self.header(name).parse().unwrap_or(u64::MAX)
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or_default()
    }
}

pub async fn speak(h: &Harness, token: &str, request_id: &str, body: Value) -> Speech {
    let response = h
        .http
        .post(h.url(SPEECH))
        .bearer_auth(token)
        .header("X-Request-ID", request_id)
        .json(&body)
        .send()
        .await
        .expect("speech");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.map(|b| b.to_vec()).unwrap_or_default();
    Speech { status, headers, bytes }
}

/// Decodes with rodio: (channels, sample rate, frames).
pub fn decode(bytes: &[u8]) -> (u16, u32, usize) {
    let decoder = rodio::Decoder::try_from(Cursor::new(bytes.to_vec())).expect("decodable audio");
    let channels = decoder.channels().get();
    let rate = decoder.sample_rate().get();
    let samples = decoder.count();
    (channels, rate, samples / channels as usize)
}

pub fn standard(voice: &str, input: &str) -> Value {
    json!({ "tts_config_id": TTS_CONFIG_STANDARD, "voice": voice, "input": input })
}
