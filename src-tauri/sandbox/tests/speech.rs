//! Speech synthesis: real decodable audio, headers, pricing, idempotency, team billing.

mod common;

use common::speech::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;
use xiaoya_sandbox::*;

#[tokio::test]
async fn default_speech_is_decodable_mp3_at_32khz_mono_matching_its_duration_header() {
    let h = harness(true).await;
    let token = h.personal().await;
    let speech = speak(&h, &token, "mp3-1", standard(VOICE_NARRATOR_WARM, "Hello, world. 你好！")).await;
    assert_eq!(speech.status, StatusCode::OK);
    assert_eq!(speech.header("content-type"), "audio/mpeg");
    assert_eq!(speech.header("cache-control"), "no-store");
    assert_eq!(speech.header("x-xiaoya-request-id"), "mp3-1");
    assert_eq!(speech.header("x-xiaoya-tts-config-id"), TTS_CONFIG_STANDARD);
    assert_eq!(speech.header("x-xiaoya-voice-id"), VOICE_NARRATOR_WARM);
    assert_eq!(speech.number("x-xiaoya-input-characters"), 17);
    assert_eq!(speech.number("x-xiaoya-usage-characters"), 17);
    assert_eq!(speech.number("x-xiaoya-actual-usage"), 17);
    assert_eq!(speech.number("x-xiaoya-charged-points"), 2);
    let (channels, rate, frames) = decode(&speech.bytes);
    assert_eq!((channels, rate), (1, 32_000));
    let decoded_ms = (frames as u64 * 1000 + u64::from(rate) / 2) / u64::from(rate);
    let header_ms = speech.number("x-xiaoya-audio-duration-ms");
    // The LAME tag carries encoder delay and padding, so gapless decoding is exact.
    assert_eq!(decoded_ms, header_ms);
    assert_eq!(h.control.personal_balance().subscription, PERSONAL_SUBSCRIPTION_POINTS - 2);
}

#[tokio::test]
async fn wav_output_has_the_requested_rate_and_channels_and_exact_length() {
    let h = harness(true).await;
    let token = h.personal().await;
    let mut body = standard(VOICE_XIAOXIAO, "小雅你好，今天天气不错。");
    body["response_format"] = json!("wav");
    body["sample_rate"] = json!(16000);
    body["audio_channel"] = json!(2);
    body["speed"] = json!(1.5);
    body["pitch"] = json!(-3);
    body["volume"] = json!(2.5);
    let speech = speak(&h, &token, "wav-1", body).await;
    assert_eq!(speech.status, StatusCode::OK);
    assert_eq!(speech.header("content-type"), "audio/wav");
    let (channels, rate, frames) = decode(&speech.bytes);
    assert_eq!((channels, rate), (2, 16_000));
    assert_eq!((frames as u64 * 1000 + 8_000) / 16_000, speech.number("x-xiaoya-audio-duration-ms"));

    let mut stereo_mp3 = standard(VOICE_NEWS_ANCHOR, "Breaking news at eleven.");
    stereo_mp3["sample_rate"] = json!(44100);
    stereo_mp3["audio_channel"] = json!(2);
    stereo_mp3["bitrate"] = json!(256000);
    let speech = speak(&h, &token, "mp3-stereo", stereo_mp3).await;
    let (channels, rate, frames) = decode(&speech.bytes);
    assert_eq!((channels, rate), (2, 44_100));
    assert_eq!((frames as u64 * 1000 + 22_050) / 44_100, speech.number("x-xiaoya-audio-duration-ms"));
}

#[tokio::test]
async fn the_same_text_gives_the_same_audio_and_voices_sound_different() {
    let h = harness(true).await;
    let token = h.personal().await;
    let a = speak(&h, &token, "same-a", standard(VOICE_NARRATOR_WARM, "Deterministic.")).await;
    let b = speak(&h, &token, "same-b", standard(VOICE_NARRATOR_WARM, "Deterministic.")).await;
    let c = speak(&h, &token, "same-c", standard(VOICE_NEWS_ANCHOR, "Deterministic.")).await;
    assert_eq!(a.bytes, b.bytes);
    assert_ne!(a.bytes, c.bytes);
}

#[tokio::test]
async fn the_cjk_config_counts_cjk_twice_and_the_seconds_config_prices_audio_time() {
    let h = harness(true).await;
    let token = h.personal().await;
    let text = "你好世界 hello";
    let cjk = speak(
        &h,
        &token,
        "cjk-1",
        json!({ "tts_config_id": TTS_CONFIG_CJK, "voice": VOICE_LINGYIN_NARRATOR, "input": text }),
    )
    .await;
    assert_eq!(cjk.status, StatusCode::OK);
    assert_eq!(cjk.number("x-xiaoya-input-characters"), 10);
    assert_eq!(cjk.number("x-xiaoya-usage-characters"), 14);
    assert_eq!(cjk.number("x-xiaoya-actual-usage"), 14);
    assert_eq!(cjk.number("x-xiaoya-charged-points"), 3);

    let long_text = "A calm narration. ".repeat(12);
    let seconds = speak(
        &h,
        &token,
        "sec-1",
        json!({ "tts_config_id": TTS_CONFIG_SECONDS, "voice": VOICE_NARRATOR_WARM, "input": long_text }),
    )
    .await;
    let duration = seconds.number("x-xiaoya-audio-duration-ms");
    let audio_seconds = duration.div_ceil(1000);
    assert_eq!(seconds.number("x-xiaoya-actual-usage"), audio_seconds);
    assert_eq!(seconds.number("x-xiaoya-charged-points"), audio_seconds.div_ceil(10));
    assert!(audio_seconds > 10, "{duration}");
    let charged: Vec<i64> = h.control.charges().iter().map(|c| c.points.floor_whole()).collect();
    assert_eq!(charged, vec![3, audio_seconds.div_ceil(10) as i64]);
}

#[tokio::test]
async fn a_settled_request_id_is_409_and_never_charged_twice() {
    let h = harness(true).await;
    let token = h.personal().await;
    assert_eq!(
        speak(&h, &token, "once", standard(VOICE_NARRATOR_WARM, "Only once.")).await.status,
        StatusCode::OK
    );
    let balance = h.control.personal_balance();
    let retry = speak(&h, &token, "once", standard(VOICE_NARRATOR_WARM, "Only once.")).await;
    assert_eq!(retry.status, StatusCode::CONFLICT);
    assert_eq!(error_code(&retry.json()), "TTS_REQUEST_ALREADY_SETTLED");
    assert_eq!(h.control.personal_balance(), balance);
    assert_eq!(h.control.charges_for("once").len(), 1);
    assert_eq!(h.control.speech_request_count("once"), 2);
    // The same id in another account context is a different request.
    let alpha = h.team(TEAM_ALPHA_ID).await;
    assert_eq!(
        speak(&h, &alpha, "once", standard(VOICE_NARRATOR_WARM, "Only once.")).await.status,
        StatusCode::OK
    );
    assert_eq!(h.control.charges_for("once").len(), 2);
}

#[tokio::test]
async fn insufficient_points_is_402_with_no_charge_and_team_speech_charges_the_team() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.set_personal_balance(PersonalBalance { subscription: 0, gift_card: 1, recharge: 0 });
    let poor = speak(&h, &token, "poor", standard(VOICE_NARRATOR_WARM, "Hello")).await;
    assert_eq!(
        (poor.status, error_code(&poor.json()).to_string()),
        (StatusCode::PAYMENT_REQUIRED, "INSUFFICIENT_POINTS".to_string())
    );
    assert!(h.control.charges().is_empty());
    // Not settled, so the same id may be used again once points are there.
    h.control.set_personal_balance(PersonalBalance { subscription: 0, gift_card: 1, recharge: 5 });
    assert_eq!(
        speak(&h, &token, "poor", standard(VOICE_NARRATOR_WARM, "Hello")).await.status,
        StatusCode::OK
    );
    assert_eq!(h.control.personal_balance(), PersonalBalance { subscription: 0, gift_card: 0, recharge: 4 });

    let beta = h.team(TEAM_BETA_ID).await;
    let team = speak(&h, &beta, "team-voice", standard(VOICE_TEAM_BETA_SUPPORT, "Support here.")).await;
    assert_eq!(team.status, StatusCode::OK);
    let after = h.control.team_balance(TEAM_BETA_ID).expect("team");
    assert_eq!(after.wallet, Points::whole(TEAM_BETA_WALLET_POINTS - 2));
}

#[tokio::test]
async fn every_documented_sample_rate_and_bitrate_encodes_to_decodable_mp3() {
    let h = harness(true).await;
    let token = h.personal().await;
    for (index, rate) in [8000u32, 16000, 22050, 24000, 32000, 44100].into_iter().enumerate() {
        for bitrate in [32000, 256000] {
            let mut body = standard(VOICE_ACTIVE_CLONE, "Hi.");
            body["sample_rate"] = json!(rate);
            body["bitrate"] = json!(bitrate);
            let speech = speak(&h, &token, &format!("rate-{index}-{bitrate}"), body).await;
            assert_eq!(speech.status, StatusCode::OK, "{rate} Hz at {bitrate} bps");
            let (channels, decoded_rate, frames) = decode(&speech.bytes);
            assert_eq!((channels, decoded_rate), (1, rate));
            assert_eq!(
                (frames as u64 * 1000 + u64::from(rate) / 2) / u64::from(rate),
                speech.number("x-xiaoya-audio-duration-ms")
            );
        }
    }
}
