//! The TTS catalog (`/tts/options`) and `TtsSpeechInput` validation.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use xiaoya_sandbox::*;

const SPEECH: &str = "/api/proxy/v1/audio/speech";

async fn options(h: &Harness, token: &str, team_header: Option<&str>) -> (StatusCode, Value) {
    let mut request = h.http.get(h.url("/api/proxy/v1/tts/options")).bearer_auth(token);
    if let Some(team) = team_header {
        request = request.header("X-Xiaoya-Team-Id", team);
    }
    let response = request.send().await.expect("options");
    (response.status(), response.json().await.unwrap_or_default())
}

fn config<'a>(data: &'a Value, id: &str) -> &'a Value {
    data["configs"].as_array().and_then(|c| c.iter().find(|c| c["ttsConfigId"] == id)).unwrap_or(&Value::Null)
}

fn voice<'a>(config: &'a Value, id: &str) -> &'a Value {
    config["voices"].as_array().and_then(|v| v.iter().find(|v| v["voiceId"] == id)).unwrap_or(&Value::Null)
}

#[tokio::test]
async fn options_follow_the_documented_shape() {
    let h = harness(true).await;
    let (status, body) = options(&h, &h.personal().await, None).await;
    assert_eq!(status, StatusCode::OK);
    let data = data(&body);
    assert!(data["configs"].as_array().is_some_and(|c| c.len() >= 3));
    for config in data["configs"].as_array().into_iter().flatten() {
        assert_eq!(config["defaultVoiceId"], "");
        let library = config["voiceLibraryUrl"].as_str().unwrap_or_default();
        assert!(library.starts_with(&format!("{}/voices?", h.base)), "{library}");
        assert!(config["channelId"].is_string() && config["displayName"].is_string());
        assert!(matches!(config["price"]["unit"].as_str(), Some("characters" | "audio_seconds")));
        assert!(config["price"]["unitSize"].is_u64() && config["price"]["points"].is_u64());
        for voice in config["voices"].as_array().into_iter().flatten() {
            assert!(matches!(voice["state"].as_str(), Some("active" | "pending_activation" | "expired")));
            for field in ["voiceId", "displayName", "shared", "activationPoints", "expiresAt"] {
                assert!(voice.get(field).is_some(), "{field} in {voice}");
            }
        }
    }
    let standard = config(data, TTS_CONFIG_STANDARD);
    assert_eq!(standard["outputFormats"], json!(["mp3", "wav"]));
    assert_eq!(standard["price"], json!({ "unit": "characters", "unitSize": 100, "points": 2 }));
    assert_eq!(voice(standard, VOICE_NARRATOR_WARM)["shared"], true);
    let pending = voice(standard, VOICE_PENDING_CLONE);
    assert_eq!(
        (pending["shared"].clone(), pending["state"].clone()),
        (json!(false), json!("pending_activation"))
    );
    assert_eq!(pending["activationPoints"], VOICE_PENDING_ACTIVATION_POINTS);
    let deadline = time::OffsetDateTime::parse(
        pending["expiresAt"].as_str().unwrap_or_default(),
        &time::format_description::well_known::Rfc3339,
    );
    assert!(deadline.is_ok_and(|d| d > h.control.now()));
    assert_eq!(voice(standard, VOICE_EXPIRED_CLONE)["state"], "expired");
    assert_eq!(voice(standard, VOICE_ACTIVE_CLONE)["state"], "active");
    assert_eq!(config(data, TTS_CONFIG_CJK)["outputFormats"], json!(["mp3"]));
    assert_eq!(config(data, TTS_CONFIG_SECONDS)["price"]["unit"], "audio_seconds");
    let empty = config(data, TTS_CONFIG_EMPTY);
    assert_eq!(empty["voices"], json!([]));
    assert!(empty["voiceLibraryUrl"].is_string() && empty["price"].is_object());
    let library = h.get(standard["voiceLibraryUrl"].as_str().unwrap_or_default()).await;
    assert_eq!(library.status(), StatusCode::OK);
    assert!(library.text().await.unwrap_or_default().contains("Grandpa storyteller"));
}

#[tokio::test]
async fn a_team_sees_its_own_voices_never_the_personal_ones() {
    let h = harness(true).await;
    let alpha = h.team(TEAM_ALPHA_ID).await;
    let (status, body) = options(&h, &alpha, Some(TEAM_ALPHA_ID)).await;
    assert_eq!(status, StatusCode::OK);
    let text = body.to_string();
    assert!(text.contains(VOICE_TEAM_ALPHA_BRAND) && text.contains(VOICE_NARRATOR_WARM));
    for personal in [VOICE_PENDING_CLONE, VOICE_ACTIVE_CLONE, VOICE_EXPIRED_CLONE, VOICE_TEAM_BETA_SUPPORT] {
        assert!(!text.contains(personal), "{personal} leaked into Team Alpha");
    }
    assert!(text.contains(&format!("teamId={TEAM_ALPHA_ID}")));
    let (status, body) = options(&h, &alpha, Some(TEAM_BETA_ID)).await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_CONTEXT_MISMATCH"));
    let (status, body) = options(&h, &h.personal().await, Some(TEAM_ALPHA_ID)).await;
    assert_eq!((status, error_code(&body)), (StatusCode::FORBIDDEN, "TEAM_OAUTH_AUTHORIZATION_REQUIRED"));
}

async fn speak(h: &Harness, token: &str, request_id: Option<&str>, body: &Value) -> (StatusCode, Value) {
    let mut request = h.http.post(h.url(SPEECH)).bearer_auth(token).json(body);
    if let Some(id) = request_id {
        request = request.header("X-Request-ID", id);
    }
    let response = request.send().await.expect("speech");
    (response.status(), response.json().await.unwrap_or_default())
}

fn valid() -> Value {
    json!({ "tts_config_id": TTS_CONFIG_STANDARD, "voice": VOICE_NARRATOR_WARM, "input": "Hello there." })
}

fn with(field: &str, value: Value) -> Value {
    let mut body = valid();
    body[field] = value;
    body
}

#[tokio::test]
async fn speech_input_is_validated_like_pydantic() {
    let h = harness(true).await;
    let token = h.personal().await;
    let cases: Vec<(Value, &str, &str)> = vec![
        (with("input", json!("")), "input", "string_too_short"),
        (with("input", json!("é".repeat(10_000))), "input", "string_too_long"),
        (with("input", json!(" \n\t\u{3000}")), "input", "value_error"),
        (with("input", json!(42)), "input", "string_type"),
        (with("tts_config_id", json!("ab")), "tts_config_id", "string_too_short"),
        (with("voice", json!("")), "voice", "string_too_short"),
        (with("response_format", json!("m")), "response_format", "string_too_short"),
        (with("speed", json!(0.4)), "speed", "greater_than_equal"),
        (with("speed", json!(2.01)), "speed", "less_than_equal"),
        (with("speed", json!("fast")), "speed", "float_parsing"),
        (with("volume", json!(10.5)), "volume", "less_than_equal"),
        (with("pitch", json!(13)), "pitch", "less_than_equal"),
        (with("pitch", json!(1.5)), "pitch", "int_from_float"),
        (with("sample_rate", json!(48000)), "sample_rate", "literal_error"),
        (with("bitrate", json!(96000)), "bitrate", "literal_error"),
        (with("audio_channel", json!(3)), "audio_channel", "literal_error"),
        (with("language_boost", json!("Klingon")), "language_boost", "literal_error"),
        (with("emotion", json!(5)), "emotion", "string_type"),
        (with("text_normalization", json!("maybe")), "text_normalization", "bool_parsing"),
        (with("latex_read", json!([])), "latex_read", "bool_type"),
        (with("model", json!("speech-02-hd")), "model", "extra_forbidden"),
    ];
    for (body, field, kind) in cases {
        let (status, error) = speak(&h, &token, Some("v1"), &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert_eq!(error["detail"][0]["loc"], json!(["body", field]), "{error}");
        assert_eq!(error["detail"][0]["type"], kind, "{error}");
        assert!(error["detail"][0]["msg"].is_string());
    }
    let mut missing = valid();
    missing.as_object_mut().map(|m| m.remove("voice"));
    let (_, error) = speak(&h, &token, None, &missing).await;
    let locs: Vec<Value> =
        error["detail"].as_array().into_iter().flatten().map(|d| d["loc"].clone()).collect();
    assert_eq!(locs, vec![json!(["header", "X-Request-ID"]), json!(["body", "voice"])]);
    let (status, _) = speak(&h, &token, Some("v2"), &json!(["not", "an", "object"])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Limits count code points: 9,999 emoji pass validation (the unknown voice then fails fast).
    let mut long = with("input", json!("😀".repeat(9_999)));
    long["voice"] = json!("no such voice");
    let (status, error) = speak(&h, &token, Some("v3"), &long).await;
    assert_eq!((status, error_code(&error)), (StatusCode::NOT_FOUND, "TTS_VOICE_NOT_FOUND"));
    let (status, _) = speak(&h, &token, Some("v4"), &with("emotion", Value::Null)).await;
    assert_eq!(status, StatusCode::OK, "emotion is nullable");
}

#[tokio::test]
async fn configurations_voices_and_formats_are_checked_against_the_catalog() {
    let h = harness(true).await;
    let token = h.personal().await;
    let cases = [
        (with("tts_config_id", json!("tts-nope")), StatusCode::NOT_FOUND, "TTS_CONFIG_NOT_FOUND"),
        (with("voice", json!("narrator (warm) v3")), StatusCode::NOT_FOUND, "TTS_VOICE_NOT_FOUND"),
        (with("voice", json!(VOICE_TEAM_ALPHA_BRAND)), StatusCode::NOT_FOUND, "TTS_VOICE_NOT_FOUND"),
        (with("voice", json!(VOICE_EXPIRED_CLONE)), StatusCode::GONE, "TTS_VOICE_EXPIRED"),
        (
            json!({ "tts_config_id": TTS_CONFIG_EMPTY, "voice": VOICE_NARRATOR_WARM, "input": "hi" }),
            StatusCode::NOT_FOUND,
            "TTS_VOICE_NOT_FOUND",
        ),
        (
            json!({ "tts_config_id": TTS_CONFIG_CJK, "voice": VOICE_YUNXI, "input": "hi", "response_format": "wav" }),
            StatusCode::BAD_REQUEST,
            "TTS_FORMAT_UNSUPPORTED",
        ),
        (with("response_format", json!("flac")), StatusCode::BAD_REQUEST, "TTS_FORMAT_UNSUPPORTED"),
    ];
    for (index, (body, status, code)) in cases.into_iter().enumerate() {
        let (got, error) = speak(&h, &token, Some(&format!("c{index}")), &body).await;
        assert_eq!((got, error_code(&error)), (status, code), "{body}");
    }
    assert!(h.control.charges().is_empty());
}
