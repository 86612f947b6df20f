//! Validation, format choice, the estimate before and the receipt after, the first-use
//! tariff, the points ledger and the running totals.

use xiaoya_sandbox as sb;

use super::{charged, ledger_rows, personal, req, standard};
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::tts::wire::{ClipStatus, CostVerdict, CountingRule, EstimateUnavailable, SpeechParams};

#[tokio::test]
async fn invalid_input_is_refused_before_anything_is_journaled_or_sent() {
    let rig = personal().await;
    let cases = [
        standard(""),
        standard(" \n\t "),
        standard(&"字".repeat(10_000)),
        req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, "wav is not offered here", "wav"),
        req("no-such-config", sb::VOICE_NARRATOR_WARM, "hi", "mp3"),
    ];
    for case in cases {
        let err = rig.core.tts().synthesize(case.clone()).await.unwrap_err();
        assert_eq!(
            err.code(),
            ErrorCode::InvalidInput,
            "{:?}",
            &case.input.chars().take(10).collect::<String>()
        );
    }
    let mut bad_params = standard("hi");
    bad_params.params = SpeechParams { pitch: Some(13), ..Default::default() };
    assert_eq!(rig.core.tts().synthesize(bad_params).await.unwrap_err().code(), ErrorCode::InvalidInput);
    let journaled: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM tts_clips").fetch_one(rig.core.db().pool()).await.unwrap();
    assert_eq!(journaled, 0);
    assert!(rig.control().charges().is_empty());
    // 9,999 code points are allowed even though they are 39,996 bytes.
    let long = rig.core.tts().tts_estimate(standard(&"😀".repeat(9_999))).await.unwrap();
    assert_eq!(long.input_characters, 9_999);
}

#[tokio::test]
async fn every_declared_parameter_is_accepted_and_nothing_undeclared_is_sent() {
    let rig = personal().await;
    let mut request = req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, "参数齐全的一句话。", "mp3");
    request.params = SpeechParams {
        speed: Some(1.5),
        volume: Some(2.0),
        pitch: Some(-3),
        emotion: Some("happy".into()),
        sample_rate: Some(24000),
        bitrate: Some(64000),
        audio_channel: Some(2),
        language_boost: Some("Chinese".into()),
        text_normalization: Some(true),
        latex_read: Some(false),
    };
    // The sandbox rejects undeclared fields (extra="forbid"): success proves the body is clean.
    let clip = rig.core.tts().synthesize(request.clone()).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    assert_eq!(clip.params, request.params);
}

#[tokio::test]
async fn the_format_is_one_of_the_configurations_output_formats() {
    let rig = personal().await;
    let wav = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_NEWS_ANCHOR, "A wav clip.", "wav"))
        .await
        .unwrap();
    let mp3 = rig.core.tts().synthesize(standard("An mp3 clip.")).await.unwrap();
    let read = |id: &str, ext: &str| {
        std::fs::read(rig.dir.path().join("audio").join(format!("{id}.{ext}"))).unwrap()
    };
    assert_eq!(&read(&wav.id, "wav")[..4], b"RIFF");
    let mp3_bytes = read(&mp3.id, "mp3");
    assert!(mp3_bytes[0] == 0xFF || &mp3_bytes[..3] == b"ID3", "an MPEG frame or an ID3 tag");
    assert_eq!((wav.format.as_str(), mp3.format.as_str()), ("wav", "mp3"));
}

#[tokio::test]
async fn the_estimate_matches_the_receipt_for_a_per_character_price() {
    let rig = personal().await;
    let text = "Hello from the sandbox, 你好！😀";
    let estimate = rig.core.tts().tts_estimate(standard(text)).await.unwrap();
    assert_eq!(estimate.input_characters, text.chars().count() as u32);
    assert_eq!(estimate.total_points.as_deref(), Some("2"));
    let clip = rig.core.tts().synthesize(standard(text)).await.unwrap();
    let receipt = clip.receipt.as_ref().unwrap();
    assert_eq!(receipt.charged_points.as_deref(), Some("2"));
    assert_eq!(receipt.request_id.as_deref(), Some(clip.request_id.as_str()));
    assert_eq!(receipt.tts_config_id.as_deref(), Some(sb::TTS_CONFIG_STANDARD));
    assert_eq!(receipt.input_characters.as_deref(), Some(estimate.input_characters.to_string().as_str()));
    assert!(receipt.audio_duration_ms.is_some() && receipt.actual_usage.is_some());
    let cost = clip.cost.as_ref().unwrap();
    assert_eq!(cost.verdict, CostVerdict::Matches);
    assert!(!cost.config_differs && !cost.voice_differs);
    assert_eq!(
        ledger_rows(&rig, &clip.request_id).await,
        vec![("personal".into(), "".into(), "tts".into(), Some("2".into()))]
    );
}

#[tokio::test]
async fn a_provider_that_counts_cjk_as_two_is_flagged_against_the_estimate() {
    let rig = personal().await;
    // 66 ideographs: 66 code points (one block of 100) but 132 settlement characters (two).
    let text = "小雅开放平台的语音合成".repeat(6);
    assert_eq!(text.chars().count(), 66);
    let request = req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &text, "mp3");
    let estimate = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
    assert_eq!(estimate.total_points.as_deref(), Some("3"));
    let clip = rig.core.tts().synthesize(request).await.unwrap();
    let receipt = clip.receipt.as_ref().unwrap();
    assert_eq!(receipt.input_characters.as_deref(), Some("66"));
    assert_eq!(receipt.usage_characters.as_deref(), Some("132"));
    assert_eq!(receipt.charged_points.as_deref(), Some("6"));
    let cost = clip.cost.unwrap();
    assert_eq!(cost.verdict, CostVerdict::Differs);
    assert_eq!(cost.difference.as_deref(), Some("+3"));
}

#[tokio::test]
async fn the_estimate_learns_how_a_configuration_counts_chinese_from_its_first_receipt() {
    let rig = personal().await;
    let text = "小雅开放平台的语音合成".repeat(6);
    let request = req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &text, "mp3");
    // Before any clip: code points, and the honest bound beside them.
    let before = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
    assert_eq!(before.total_points.as_deref(), Some("3"));
    assert_eq!(before.possible_total_points.as_deref(), Some("6"));
    let counting = before.counting.unwrap();
    assert_eq!(
        (counting.rule, counting.cjk_weight, counting.cjk_characters),
        (CountingRule::CodePoints, 1, 66)
    );
    let first = rig.core.tts().synthesize(request.clone()).await.unwrap();
    assert_eq!(first.receipt.as_ref().unwrap().charged_points.as_deref(), Some("6"));
    // After it: the next estimate is the charge of an identical clip, and says why.
    let after = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
    assert_eq!(after.total_points.as_deref(), Some("6"));
    assert_eq!(after.possible_total_points, None);
    let counting = after.counting.unwrap();
    assert_eq!(counting.rule, CountingRule::Learned);
    assert_eq!((counting.cjk_weight, counting.counted_characters), (2, 132));
    assert_eq!(counting.learned_from.as_deref(), Some(first.created_at.as_str()));
    let second = rig.core.tts().synthesize(request).await.unwrap();
    assert_eq!(second.receipt.unwrap().charged_points.as_deref(), Some("6"));
    assert_eq!(second.cost.unwrap().verdict, CostVerdict::Matches);
    // What one configuration taught is not applied to another.
    let standard_text = req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, &"你好".repeat(30), "mp3");
    let other = rig.core.tts().tts_estimate(standard_text.clone()).await.unwrap();
    assert_eq!(other.counting.unwrap().rule, CountingRule::CodePoints);
    assert!(other.possible_total_points.is_some(), "still unknown there");
}

#[tokio::test]
async fn the_standard_configuration_stays_code_points_once_its_receipt_confirms_it() {
    let rig = personal().await;
    let request = req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, &"你好".repeat(30), "mp3");
    let clip = rig.core.tts().synthesize(request.clone()).await.unwrap();
    let charged = clip.receipt.unwrap().charged_points;
    let after = rig.core.tts().tts_estimate(request).await.unwrap();
    assert_eq!(after.total_points, charged);
    let counting = after.counting.unwrap();
    assert_eq!(
        (counting.rule, counting.cjk_weight, counting.counted_characters),
        (CountingRule::Learned, 1, 60)
    );
    assert_eq!(after.possible_total_points, None);
    // A clip without CJK characters confirms only the other characters.
    let english = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, "Plain words.", "mp3"))
        .await
        .unwrap();
    assert_eq!(english.status, ClipStatus::Complete);
    let cjk = rig
        .core
        .tts()
        .tts_estimate(req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &"你好".repeat(30), "mp3"))
        .await
        .unwrap();
    let counting = cjk.counting.unwrap();
    assert_eq!((counting.rule, counting.others_confirmed), (CountingRule::CodePoints, true));
    assert_eq!(cjk.possible_total_points.as_deref(), Some("6"));
}

#[tokio::test]
async fn a_receipt_without_readable_usage_characters_learns_nothing() {
    let rig = personal().await;
    let text = "小雅开放平台的语音合成".repeat(6);
    let request = req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &text, "mp3");
    let clip = rig.core.tts().synthesize(request.clone()).await.unwrap();
    // The same clip as a platform that leaves out the header, or writes it another way,
    // would have left it in the ledger.
    for usage in [None, Some("132 (provider)"), Some("")] {
        let mut receipt = clip.receipt.clone().unwrap();
        receipt.usage_characters = usage.map(str::to_owned);
        sqlx::query("UPDATE tts_clips SET receipt = ? WHERE id = ?")
            .bind(serde_json::to_string(&receipt).unwrap())
            .bind(&clip.id)
            .execute(rig.core.db().pool())
            .await
            .unwrap();
        let estimate = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
        assert_eq!(estimate.counting.unwrap().rule, CountingRule::CodePoints, "{usage:?}");
        assert_eq!(estimate.total_points.as_deref(), Some("3"));
        assert_eq!(estimate.possible_total_points.as_deref(), Some("6"));
        // Shown as sent, never a failure.
        let shown = rig.core.tts().tts_clip(&clip.id).await.unwrap();
        assert_eq!(shown.receipt.unwrap().usage_characters.as_deref(), usage);
    }
    // Another shape the header may take is read: "132.0".
    let mut receipt = clip.receipt.clone().unwrap();
    receipt.usage_characters = Some("132.0".into());
    sqlx::query("UPDATE tts_clips SET receipt = ? WHERE id = ?")
        .bind(serde_json::to_string(&receipt).unwrap())
        .bind(&clip.id)
        .execute(rig.core.db().pool())
        .await
        .unwrap();
    let estimate = rig.core.tts().tts_estimate(request).await.unwrap();
    assert_eq!(estimate.total_points.as_deref(), Some("6"));
}

#[tokio::test]
async fn a_per_second_price_is_not_guessed_and_the_receipt_says_what_it_cost() {
    let rig = personal().await;
    let request =
        req(sb::TTS_CONFIG_SECONDS, sb::VOICE_NARRATOR_WARM, "Priced by the second of audio.", "wav");
    let estimate = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
    assert_eq!(estimate.unavailable, Some(EstimateUnavailable::PricedPerAudioSecond));
    assert_eq!(estimate.total_points, None);
    let clip = rig.core.tts().synthesize(request).await.unwrap();
    let cost = clip.cost.unwrap();
    assert_eq!(cost.verdict, CostVerdict::NoEstimate);
    assert!(cost.charged.is_some());
    assert_eq!(cost.charged, clip.receipt.unwrap().charged_points);
}

#[tokio::test]
async fn the_first_use_of_a_pending_clone_includes_its_tariff() {
    let rig = personal().await;
    let request = req(sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE, "First words of my clone.", "mp3");
    let estimate = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
    assert_eq!(estimate.activation_points.as_deref(), Some("30"));
    assert_eq!(estimate.synthesis_points.as_deref(), Some("2"));
    assert_eq!(estimate.total_points.as_deref(), Some("32"));
    let clip = rig.core.tts().synthesize(request.clone()).await.unwrap();
    assert_eq!(clip.receipt.as_ref().unwrap().charged_points.as_deref(), Some("32"));
    assert_eq!(clip.cost.as_ref().unwrap().verdict, CostVerdict::Matches);
    assert_eq!(rig.control().voice_state(None, sb::VOICE_PENDING_CLONE), Some("active"));
    // Reloaded, the voice is active and the tariff is gone from the next estimate.
    rig.core.tts().tts_catalog().await.unwrap();
    let again = rig.core.tts().tts_estimate(request).await.unwrap();
    assert_eq!((again.activation_points, again.total_points.as_deref()), (None, Some("2")));
}

#[tokio::test]
async fn insufficient_points_settles_nothing_and_a_retry_reuses_the_id() {
    let rig = personal().await;
    let before = rig.control().personal_balance();
    rig.control().set_personal_balance(sb::PersonalBalance { subscription: 1, gift_card: 0, recharge: 0 });
    let clip = rig.core.tts().synthesize(standard("Not enough points for this.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Failed);
    let err = clip.error.as_ref().unwrap();
    assert_eq!(err.platform_code.as_deref(), Some("INSUFFICIENT_POINTS"));
    assert!(clip.retryable);
    assert_eq!(charged(&rig, &clip.request_id), 0);
    assert!(ledger_rows(&rig, &clip.request_id).await.is_empty());

    rig.control().set_personal_balance(before);
    let retried = rig.core.tts().retry_clip(&clip.id).await.unwrap();
    assert_eq!(retried.status, ClipStatus::Complete);
    assert_eq!(retried.request_id, clip.request_id);
    assert_eq!(charged(&rig, &clip.request_id), 1);
}

#[tokio::test]
async fn running_totals_per_app_session_and_per_context() {
    let rig = personal().await;
    rig.core.tts().synthesize(standard("One.")).await.unwrap();
    rig.core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE, "Two.", "mp3"))
        .await
        .unwrap();
    let personal = rig.core.tts().tts_totals().await.unwrap();
    assert_eq!((personal.session_points.as_str(), personal.session_clips), ("34", 2));
    assert_eq!((personal.context_points.as_str(), personal.context_clips), ("34", 2));

    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
    rig.core.tts().tts_catalog().await.unwrap();
    let team = rig.core.tts().tts_totals().await.unwrap();
    assert_eq!(
        (team.session_points.as_str(), team.context_clips),
        ("0", 0),
        "another context starts at zero"
    );
    rig.core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_TEAM_BETA_SUPPORT, "Team Beta.", "mp3"))
        .await
        .unwrap();
    let team = rig.core.tts().tts_totals().await.unwrap();
    assert_eq!((team.session_points.as_str(), team.context_points.as_str()), ("2", "2"));
    assert_eq!(team.context_label, sb::TEAM_BETA_NAME);
}

#[tokio::test]
async fn a_comparison_quotes_the_summed_estimate_first() {
    let rig = personal().await;
    let text = "Compare me.";
    let requests = vec![
        standard(text),
        req(sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE, text, "mp3"),
        req(sb::TTS_CONFIG_SECONDS, sb::VOICE_NARRATOR_WARM, text, "mp3"),
    ];
    let quote = rig.core.tts().tts_compare_quote(requests.clone()).await.unwrap();
    assert_eq!(quote.items.len(), 3);
    assert_eq!(quote.known_points, "34");
    assert_eq!(quote.total_points, None, "one item is priced per second");
    assert_eq!(quote.unestimated_items, 1);
    assert!(rig.control().charges().is_empty(), "a quote charges nothing");
    let five = vec![standard(text); 5];
    assert_eq!(rig.core.tts().tts_compare_quote(five).await.unwrap_err().code(), ErrorCode::InvalidInput);
    for mut r in requests {
        r.batch_id = Some(quote.batch_id.clone());
        let clip = rig.core.tts().synthesize(r).await.unwrap();
        assert_eq!(clip.batch_id.as_deref(), Some(quote.batch_id.as_str()));
    }
}

/// #23: the counting rule is a catalog field, and a settled clip tells the rule it taught,
/// so the page asks no estimate of a probe character to learn it. Before a clip the CJK
/// configuration says code points; the clip's `clipSettled` says 2 per Chinese character,
/// learned from that clip; the catalog read again says the same; another configuration
/// still says code points.
#[tokio::test]
async fn the_catalog_and_the_settled_clip_tell_the_counting_rule() {
    use crate::wire::AppEvent;
    let rig = personal().await;
    let counting_of = |catalog: &crate::tts::wire::TtsCatalog, id: &str| {
        catalog.configs.iter().find(|c| c.tts_config_id == id).map(|c| c.counting.clone()).unwrap()
    };
    let before = rig.core.tts().tts_catalog().await.unwrap();
    assert_eq!(counting_of(&before, sb::TTS_CONFIG_CJK).rule, CountingRule::CodePoints);
    rig.events.take();
    let text = "小雅开放平台的语音合成".repeat(6);
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &text, "mp3"))
        .await
        .unwrap();
    let told = rig
        .events
        .take()
        .into_iter()
        .find_map(|e| match e {
            AppEvent::ClipSettled { counting, .. } => counting,
            _ => None,
        })
        .expect("clipSettled tells the counting rule");
    assert_eq!(
        (told.rule, told.cjk_weight, told.learned_from.as_deref()),
        (CountingRule::Learned, 2, Some(clip.created_at.as_str()))
    );
    let after = rig.core.tts().tts_catalog().await.unwrap();
    assert_eq!(counting_of(&after, sb::TTS_CONFIG_CJK), told);
    assert_eq!(counting_of(&after, sb::TTS_CONFIG_STANDARD).rule, CountingRule::CodePoints);
}
