//! A cassette: what the app exchanged with the platform in one context, recorded by the core
//! (`xiaoya_core::api::record`) and served again by a sandbox in replay mode (`replay.rs`).
//!
//! The file is JSON, versioned and diffable: JSON bodies stay JSON, text (a chat stream) stays
//! text with each chunk's time, and only bytes that are not text (audio) are base64. Secrets
//! and personal data are removed by the recorder before anything is kept, never on export.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What every cassette says it is (`format`), so another JSON file is told apart.
pub const FORMAT: &str = "xiaoya-cassette";
/// The newest version this build reads and the one it writes.
pub const VERSION: u32 = 1;
/// The largest cassette file read (audio makes them big; a demo is a few clips).
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// One recording.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cassette {
    pub format: String,
    pub version: u32,
    /// When the recording started, RFC 3339 (shown in the replay header).
    pub recorded_at: String,
    /// Which context it was recorded in ("Personal" or the Team's name), for the person.
    pub context: String,
    /// Optional notes for narration, at a time from the start of the recording.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    pub exchanges: Vec<Exchange>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Marker {
    pub at_ms: u64,
    pub note: String,
}

/// One request and its answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Exchange {
    /// When the request left, from the start of the recording.
    pub at_ms: u64,
    pub method: String,
    pub path: String,
    /// The query string without `?`, secrets removed; absent when there was none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The request body (no headers are kept: the Authorization header never is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<Body>,
    pub status: u16,
    /// The answer's headers a screen reads (content type, receipts, request id).
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// The answer as it arrived: one chunk, or a stream's chunks with their times.
    pub chunks: Vec<Chunk>,
}

/// A piece of an answer, `at_ms` after the request left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Chunk {
    pub at_ms: u64,
    #[serde(flatten)]
    pub body: Body,
}

/// A body: JSON as JSON, text as text, anything else as base64.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Body {
    Json(serde_json::Value),
    Text(String),
    Base64(String),
}

impl Body {
    /// The most readable form of `bytes`: JSON when it parses (and `json` is allowed), text
    /// when it is UTF-8, base64 otherwise.
    pub fn from_bytes(bytes: &[u8], json: bool) -> Body {
        if json {
            if let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) {
                return Body::Json(value);
            }
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Body::Text(text.to_owned()),
            Err(_) => {
                use base64::Engine;
                Body::Base64(base64::engine::general_purpose::STANDARD.encode(bytes))
            }
        }
    }

    /// The bytes to send again (JSON in its compact form).
    pub fn to_bytes(&self) -> Result<Vec<u8>, CassetteError> {
        match self {
            Body::Json(value) => Ok(serde_json::to_vec(value).unwrap_or_default()),
            Body::Text(text) => Ok(text.as_bytes().to_vec()),
            Body::Base64(b64) => {
                use base64::Engine;
                base64::engine::general_purpose::STANDARD
                    .decode(b64)
                    .map_err(|e| CassetteError::Damaged(format!("a base64 body does not decode: {e}")))
            }
        }
    }
}

/// Why a file is not a cassette this build can replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CassetteError {
    /// Not JSON, cut off, or a cassette whose parts don't fit together.
    #[error("the file is damaged: {0}")]
    Damaged(String),
    /// JSON, but not a cassette (another app's file, a report, …).
    #[error("the file is not a Xiaoya cassette")]
    Foreign,
    /// A cassette from a newer version of the app.
    #[error("the cassette is version {found}; this app reads up to version {VERSION}")]
    Newer { found: u32 },
}

impl Cassette {
    pub fn new(recorded_at: String, context: String) -> Cassette {
        Cassette {
            format: FORMAT.to_owned(),
            version: VERSION,
            recorded_at,
            context,
            markers: Vec::new(),
            exchanges: Vec::new(),
        }
    }

    /// Reads a cassette file, telling a damaged, a foreign and a newer file apart.
    pub fn parse(bytes: &[u8]) -> Result<Cassette, CassetteError> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(CassetteError::Damaged(format!("larger than {MAX_FILE_BYTES} bytes")));
        }
        let value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| CassetteError::Damaged(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(CassetteError::Foreign);
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v > u64::from(VERSION) => {
                return Err(CassetteError::Newer { found: u32::try_from(v).unwrap_or(u32::MAX) })
            }
            Some(_) => {}
            None => return Err(CassetteError::Damaged("no version".to_owned())),
        }
        let cassette: Cassette =
            serde_json::from_value(value).map_err(|e| CassetteError::Damaged(e.to_string()))?;
        for exchange in &cassette.exchanges {
            for chunk in &exchange.chunks {
                chunk.body.to_bytes()?;
            }
            if axum::http::Method::from_bytes(exchange.method.as_bytes()).is_err()
                || !exchange.path.starts_with('/')
            {
                return Err(CassetteError::Damaged(format!("an exchange names {}", exchange.method)));
            }
        }
        Ok(cassette)
    }

    /// The file: pretty JSON, one key per line, so two recordings diff well.
    pub fn to_file(&self) -> Vec<u8> {
        let mut out = serde_json::to_vec_pretty(self).unwrap_or_default();
        out.push(b'\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Cassette {
        let mut c = Cassette::new("2026-12-06T17:00:00.000Z".into(), "Personal".into());
        c.exchanges.push(Exchange {
            at_ms: 5,
            method: "GET".into(),
            path: "/api/v1/open/balance".into(),
            query: None,
            request: None,
            status: 200,
            headers: BTreeMap::from([("content-type".into(), "application/json".into())]),
            chunks: vec![Chunk { at_ms: 3, body: Body::Json(serde_json::json!({"success": true})) }],
        });
        c.exchanges.push(Exchange {
            at_ms: 9,
            method: "POST".into(),
            path: "/api/proxy/v1/audio/speech".into(),
            query: None,
            request: Some(Body::Json(serde_json::json!({"input": "hi"}))),
            status: 200,
            headers: BTreeMap::new(),
            chunks: vec![Chunk { at_ms: 1, body: Body::from_bytes(&[0xff, 0xfb, 0x90, 0x00], false) }],
        });
        c
    }

    #[test]
    fn a_cassette_reads_back_as_written_and_bodies_keep_their_most_readable_form() {
        let c = sample();
        assert_eq!(Cassette::parse(&c.to_file()).unwrap(), c);
        assert_eq!(Body::from_bytes(b"{\"a\":1}", true), Body::Json(serde_json::json!({"a": 1})));
        assert_eq!(Body::from_bytes(b"data: x\n\n", true), Body::Text("data: x\n\n".into()));
        let audio = Body::from_bytes(&[0xff, 0xfb, 0x90, 0x00], false);
        assert!(matches!(audio, Body::Base64(_)));
        assert_eq!(audio.to_bytes().unwrap(), vec![0xff, 0xfb, 0x90, 0x00]);
        let text = String::from_utf8(c.to_file()).unwrap();
        assert!(text.contains("\"format\": \"xiaoya-cassette\"") && text.contains("\n    {"), "{text}");
    }

    #[test]
    fn damaged_foreign_and_newer_files_are_told_apart() {
        let file = sample().to_file();
        assert!(matches!(Cassette::parse(&file[..file.len() / 2]), Err(CassetteError::Damaged(_))));
        assert!(matches!(Cassette::parse(b"\x00\x01binary"), Err(CassetteError::Damaged(_))));
        assert_eq!(Cassette::parse(b"{\"success\":true,\"data\":{}}"), Err(CassetteError::Foreign));
        assert_eq!(Cassette::parse(b"[1,2]"), Err(CassetteError::Foreign));
        let mut newer: serde_json::Value = serde_json::from_slice(&file).unwrap();
        newer["version"] = serde_json::json!(VERSION + 1);
        assert_eq!(
            Cassette::parse(&serde_json::to_vec(&newer).unwrap()),
            Err(CassetteError::Newer { found: VERSION + 1 })
        );
        let mut bad_audio: serde_json::Value = serde_json::from_slice(&file).unwrap();
        bad_audio["exchanges"][1]["chunks"][0]["base64"] = serde_json::json!("@@not base64@@");
        assert!(matches!(
            Cassette::parse(&serde_json::to_vec(&bad_audio).unwrap()),
            Err(CassetteError::Damaged(_))
        ));
        let mut missing: serde_json::Value = serde_json::from_slice(&file).unwrap();
        missing["exchanges"][0].as_object_mut().unwrap().remove("status");
        assert!(matches!(
            Cassette::parse(&serde_json::to_vec(&missing).unwrap()),
            Err(CassetteError::Damaged(_))
        ));
    }
}
