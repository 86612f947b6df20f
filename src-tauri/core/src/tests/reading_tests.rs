//! The core against the sandbox with each other reading of the docs switched on
//! (`xiaoya_sandbox::Reading`): what a person sees must hold in every one of them.

use xiaoya_sandbox::{self as sb, Reading, Readings};

use crate::auth::wire::ContextRequest;
use crate::billing::wire::{BalanceDetail, UsageView};
use crate::testing::Rig;
use crate::tts::tests::{fast_policy, req, standard};
use crate::tts::wire::{ClipStatus, CostVerdict, EstimateUnavailable, TtsCatalog, VoiceState};

pub(crate) async fn rig_with(readings: &[Reading]) -> Rig {
    let rig = Rig::new().await;
    rig.control().set_readings(readings.iter().copied().collect::<Readings>());
    rig
}

pub(crate) async fn personal_with(readings: &[Reading]) -> Rig {
    let rig = rig_with(readings).await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.tts().state().set_policy(fast_policy());
    rig
}

/// One plain chat message to the sandbox's chat model, in a new conversation.
async fn send_chat(rig: &Rig, text: &str) -> crate::chat::ChatTurn {
    use crate::chat::wire::{ChatEvent, ChatOptions, ChatSendInput, ResponseFormatChoice};
    let options = ChatOptions {
        model_code: sb::MODEL_CHAT.into(),
        system_prompt: String::new(),
        parameters: Default::default(),
        response_format: ResponseFormatChoice::Text,
    };
    let input = ChatSendInput { conversation_id: None, text: text.into(), options };
    rig.core.chat().chat_send(input, &|_: ChatEvent| true).await.unwrap()
}

fn voice<'a>(catalog: &'a TtsCatalog, config: &str, voice: &str) -> &'a crate::tts::wire::Voice {
    catalog
        .configs
        .iter()
        .find(|c| c.tts_config_id == config)
        .and_then(|c| c.voices.iter().find(|v| v.voice_id == voice))
        .unwrap_or_else(|| panic!("{voice} in {config}"))
}

#[tokio::test]
async fn tts_options_load_in_every_wrapper() {
    for (reading, shape) in [
        (None, "data.configs"),
        (Some(Reading::TtsOptionsItems), "data.items"),
        (Some(Reading::TtsOptionsBareList), "bare list"),
        (Some(Reading::TtsOptionsNested), "data.data.configs"),
    ] {
        let rig = personal_with(reading.as_slice()).await;
        let catalog = rig.core.tts().tts_catalog().await.unwrap_or_else(|e| panic!("{reading:?}: {e:?}"));
        assert_eq!(catalog.configs.len(), 4, "{reading:?}");
        assert_eq!(catalog.reading.shape, shape, "{reading:?}");
        assert!(catalog.reading.is_clean(), "{reading:?}: {:?}", catalog.reading);
        let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
        assert_eq!(clip.status, ClipStatus::Complete, "{reading:?}: {:?}", clip.error);
    }
}

#[tokio::test]
async fn upper_case_states_keep_their_meaning_and_shared_voices_stay_selectable() {
    let rig = personal_with(&[Reading::VoiceStateUpper, Reading::TtsOptionsItems]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let shared = voice(&catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_NARRATOR_WARM);
    assert_eq!(
        (shared.state, shared.state_raw.as_str(), shared.usable),
        (VoiceState::Active, "ACTIVE", true)
    );
    let pending = voice(&catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE);
    assert_eq!(pending.state, VoiceState::PendingActivation);
    assert!(pending.usable);
    assert_eq!(pending.activation_points.as_deref(), Some("30"), "the first-use tariff is still shown");
    let expired = voice(&catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_EXPIRED_CLONE);
    assert_eq!((expired.state, expired.usable), (VoiceState::Expired, false));
    assert!(catalog.reading.unrecognised.is_empty(), "{:?}", catalog.reading);

    let estimate = rig
        .core
        .tts()
        .tts_estimate(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE, "hi", "mp3"))
        .await
        .unwrap();
    assert_eq!(estimate.total_points.as_deref(), Some("32"), "2 for the block + 30 first use");
    let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
}

#[tokio::test]
async fn a_state_the_app_does_not_know_is_shown_flagged_and_the_platform_decides() {
    let rig = personal_with(&[Reading::VoiceStateUnlisted]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let odd = voice(&catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO);
    assert_eq!(odd.state, VoiceState::Other);
    assert_eq!(odd.state_raw, "preview_only", "kept as sent");
    assert!(odd.usable && odd.unusable_reason.is_none(), "not turned into unusable");
    assert!(catalog.reading.unrecognised.iter().any(|u| u.contains("preview_only")), "{:?}", catalog.reading);
    // The sandbox accepts it: the platform, not the app, decided.
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, "hello", "mp3"))
        .await
        .unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
}

#[tokio::test]
async fn a_price_without_a_block_size_gives_no_estimate_instead_of_a_300_times_guess() {
    let rig = personal_with(&[Reading::TtsPriceNoBlockSize]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let config = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    let price = config.price.as_ref().unwrap();
    assert_eq!((price.unit_size.as_deref(), price.points.as_deref()), (None, Some("2")));
    assert!(!price.estimable);
    assert_eq!(price.unavailable, Some(EstimateUnavailable::NoBlockSize));
    assert!(catalog.reading.missing.contains(&"price.unitSize".to_owned()), "{:?}", catalog.reading);

    let text = "a".repeat(300);
    let estimate = rig.core.tts().tts_estimate(standard(&text)).await.unwrap();
    assert_eq!(estimate.unavailable, Some(EstimateUnavailable::NoBlockSize));
    assert_eq!(estimate.total_points, None, "a size of 1 would say 600; the charge is 6");
    let clip = rig.core.tts().synthesize(standard(&text)).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    let cost = clip.cost.unwrap();
    assert_eq!((cost.charged.as_deref(), cost.verdict), (Some("6"), CostVerdict::NoEstimate));
}

/// Readings audit K5 and K6: a price per 1,000 characters in another vocabulary is read as
/// a rate, and while no receipt has shown how a part of a block is charged the estimate is
/// the range between prorating and a started block; the first receipt that tells them apart
/// teaches the rule, the estimate is exact from then on, and a charge that breaks the
/// learned rule is flagged.
#[tokio::test]
async fn a_rate_per_1000_characters_is_read_and_its_rounding_is_learned_from_the_first_receipt() {
    use crate::tts::wire::BlockRounding;

    let rig = personal_with(&[Reading::TtsPricePer1k, Reading::TtsPriceProrated]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let config = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    let price = config.price.as_ref().unwrap();
    assert_eq!((price.unit_size.as_deref(), price.points.as_deref()), (Some("1000"), Some("20")));
    assert!(price.estimable, "{:?}", catalog.reading);

    let text = "a".repeat(31);
    let before = rig.core.tts().tts_estimate(standard(&text)).await.unwrap();
    assert_eq!(before.rounding, Some(BlockRounding::Unknown));
    assert_eq!(
        (before.lowest_total_points.as_deref(), before.total_points.as_deref()),
        (Some("1"), Some("20"))
    );
    let clip = rig.core.tts().synthesize(standard(&text)).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    let cost = clip.cost.unwrap();
    assert_eq!((cost.charged.as_deref(), cost.verdict), (Some("1"), CostVerdict::WithinRange));
    assert_eq!(cost.difference, None, "no \"differs by -19\" for a charge inside the range");

    let after = rig.core.tts().tts_estimate(standard(&"b".repeat(40))).await.unwrap();
    assert_eq!(after.rounding, Some(BlockRounding::Prorated));
    assert!(after.rounding_learned_from.is_some());
    assert_eq!((after.lowest_total_points, after.total_points.as_deref()), (None, Some("1")));
    let clip = rig.core.tts().synthesize(standard(&"b".repeat(40))).await.unwrap();
    assert_eq!(clip.cost.unwrap().verdict, CostVerdict::Matches);

    // The platform changes its rule: charged per started block now. Flagged, then learned.
    rig.control().set_readings([Reading::TtsPricePer1k].into_iter().collect::<Readings>());
    let clip = rig.core.tts().synthesize(standard(&"c".repeat(50))).await.unwrap();
    let cost = clip.cost.unwrap();
    assert_eq!((cost.charged.as_deref(), cost.verdict), (Some("20"), CostVerdict::Differs));
    assert!(cost.contradicts_rounding, "the learned rule was broken: {cost:?}");
    let relearned = rig.core.tts().tts_estimate(standard(&"d".repeat(10))).await.unwrap();
    assert_eq!(
        (relearned.rounding, relearned.total_points.as_deref()),
        (Some(BlockRounding::StartedBlock), Some("20"))
    );
}

/// The default sandbox charges per started block: the first receipt teaches that, and the
/// range the estimate showed before it is gone.
#[tokio::test]
async fn a_started_block_is_learned_from_the_first_receipt_that_tells_the_rules_apart() {
    use crate::tts::wire::BlockRounding;

    let rig = personal_with(&[]).await;
    let first = rig.core.tts().tts_estimate(standard("hello")).await.unwrap();
    assert_eq!((first.lowest_total_points.as_deref(), first.total_points.as_deref()), (Some("1"), Some("2")));
    // Exactly one block: both rules say 2, so this receipt teaches nothing.
    let clip = rig.core.tts().synthesize(standard(&"x".repeat(100))).await.unwrap();
    assert_eq!(clip.cost.unwrap().verdict, CostVerdict::Matches);
    assert_eq!(
        rig.core.tts().tts_estimate(standard("hello")).await.unwrap().rounding,
        Some(BlockRounding::Unknown)
    );
    let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
    assert_eq!(
        clip.cost.unwrap().verdict,
        CostVerdict::Matches,
        "2 is the high end of the range, as estimated"
    );
    let learned = rig.core.tts().tts_estimate(standard("hello")).await.unwrap();
    assert_eq!(
        (learned.rounding, learned.lowest_total_points, learned.total_points.as_deref()),
        (Some(BlockRounding::StartedBlock), None, Some("2"))
    );
}

#[tokio::test]
async fn a_price_in_a_shape_the_app_cannot_read_says_so_and_shows_it_as_sent() {
    let rig = personal_with(&[Reading::TtsPriceOtherShape]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let config = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    let price = config.price.as_ref().expect("kept, not dropped");
    assert_eq!(price.unavailable, Some(EstimateUnavailable::UnreadablePrice));
    assert!(price.raw.contains("2 points per 100 characters"), "{}", price.raw);
    let estimate = rig.core.tts().tts_estimate(standard("hello")).await.unwrap();
    assert_eq!(
        (estimate.unavailable, estimate.total_points),
        (Some(EstimateUnavailable::UnreadablePrice), None)
    );
}

#[tokio::test]
async fn the_older_team_balance_shape_fills_the_header_and_the_quota() {
    for reading in
        [&[Reading::TeamBalanceLegacy][..], &[Reading::TeamBalanceLegacy, Reading::PointsFractional]]
    {
        let rig = rig_with(reading).await;
        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
        let beta =
            rig.core.billing().refresh_balance().await.unwrap_or_else(|e| panic!("{reading:?}: {e:?}"));
        assert_eq!(beta.spendable, sb::TEAM_BETA_BALANCE_DECIMAL, "{reading:?}: the header value");
        let how = beta.reading.as_ref().expect("a fresh read says how it was read");
        assert!(how.shape.contains("older Team page"), "{how:?}");
        let BalanceDetail::Team { wallet, quota: Some(quota), .. } = &beta.detail else {
            panic!("a Team balance with a quota: {beta:?}")
        };
        assert_eq!(wallet.as_deref(), Some("12500"));
        assert_eq!(
            (quota.limit.as_str(), quota.used.as_str(), quota.remaining.as_str()),
            ("1000", "140.25", "859.75")
        );

        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
        let alpha = rig.core.billing().refresh_balance().await.unwrap();
        assert_eq!(alpha.spendable, "9007199254740993", "{reading:?}: exact above 2^53");
        assert!(matches!(&alpha.detail, BalanceDetail::Team { quota: None, .. }), "the owner is unlimited");
    }
}

#[tokio::test]
async fn points_as_numbers_with_a_fraction_keep_the_usage_card_and_team_balance_readable() {
    let rig = rig_with(&[Reading::PointsFractional]).await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.tts().state().set_policy(fast_policy());
    assert_eq!(rig.core.billing().refresh_balance().await.unwrap().spendable, "2500", "from 2500.0");
    let estimate = rig
        .core
        .tts()
        .tts_estimate(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE, "hi", "mp3"))
        .await
        .unwrap();
    assert_eq!(estimate.total_points.as_deref(), Some("32"), "price 2.0 and first use 30.0, exactly");
    let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    let UsageView::Personal { usage } = rig.core.billing().personal_usage().await.unwrap() else {
        panic!("Personal usage")
    };
    assert_eq!((usage.charged_points.as_str(), usage.net_points.as_str()), ("2", "2"));
    assert_eq!(usage.model_usage.as_ref().map(|m| m.charged_points.as_str()), Some("2"));
    assert!(usage.reading.unrecognised.is_empty(), "{:?}", usage.reading);

    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_BETA_ID.into(), make_payer: true }).await;
    let beta = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(beta.spendable, "859.75", "balancePoints: 859.75 with no decimal text");
    let BalanceDetail::Team { quota: Some(quota), .. } = &beta.detail else { panic!("{beta:?}") };
    assert_eq!(quota.used, "140.25");
}

#[tokio::test]
async fn catalog_items_without_outputs_text_still_give_chat_models_marked_inferred() {
    let rig = rig_with(&[Reading::CatalogNoOutputsText]).await;
    rig.sign_in(ContextRequest::Personal).await;
    let catalog = rig.core.models().model_catalog(false).await.unwrap();
    let find = |code: &str| catalog.items.iter().find(|m| m.model_code == code).expect(code);
    for code in [sb::MODEL_CHAT, sb::MODEL_LEGACY, sb::MODEL_JSON_SCHEMA] {
        let model = find(code);
        assert!(model.chat_capable && model.outputs_text_inferred, "{code}");
        assert_eq!(model.outputs_text, Some(true));
    }
    let image = find(sb::MODEL_IMAGE);
    assert!(!image.chat_capable && !image.outputs_text_inferred, "no text inferred for an image model");
    assert!(catalog.reading.missing.iter().any(|m| m.contains("outputsText")), "{:?}", catalog.reading);

    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let team = rig.core.models().model_catalog(false).await.unwrap();
    assert!(team.items.iter().any(|m| m.model_code == sb::MODEL_TEAM_ONLY && m.chat_capable));
}

#[tokio::test]
async fn when_the_platform_refuses_a_voice_in_an_unknown_state_its_answer_is_shown() {
    let rig = personal_with(&[Reading::VoiceStateUnlistedRefused]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    assert!(
        voice(&catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO).usable,
        "offered: the platform decides"
    );
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, "hello", "mp3"))
        .await
        .unwrap();
    assert_eq!(clip.status, ClipStatus::Failed);
    let error = clip.error.expect("the platform's answer");
    assert_eq!(error.platform_code.as_deref(), Some("TTS_VOICE_NOT_AVAILABLE"));
    assert!(error.message.contains("in preview"), "{}", error.message);
    assert!(rig.control().charges_for(&clip.request_id).is_empty(), "nothing charged");
}

/// Readings audit L2: `X-Xiaoya-Charged-Points` written with its unit (`2 points`) on speech
/// and chat. Read as the amount: the cost check matches, the totals count it, and a chat
/// reply's cost is the platform's number (before: "not reported", and no amount in the ledger).
#[tokio::test]
async fn a_charged_points_header_with_its_unit_is_read_as_the_amount() {
    use crate::billing::wire::ChargeCost;

    let rig = personal_with(&[Reading::ChargedPointsWithUnit, Reading::ChatChargedPointsHeader]).await;
    let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
    assert_eq!(
        clip.receipt.as_ref().and_then(|r| r.charged_points.as_deref()),
        Some("2 points"),
        "kept as sent"
    );
    let cost = clip.cost.unwrap();
    assert_eq!((cost.charged.as_deref(), cost.verdict), (Some("2"), CostVerdict::Matches));
    let totals = rig.core.tts().tts_totals().await.unwrap();
    assert!(format!("{totals:?}").contains("\"2\""), "{totals:?}");

    rig.control().set_stream_pace(std::time::Duration::ZERO);
    let turn = send_chat(&rig, "Hello").await;
    let charged = rig.control().charges_for(turn.reply.receipt.as_ref().unwrap().request_id.as_str());
    let want = charged.first().map(|c| c.points.to_string()).expect("charged");
    assert_eq!(turn.reply.receipt.unwrap().cost, Some(ChargeCost::Reported { points: want }));
}

/// Readings audit K9, K11, K13, K14: a clone's deadline as Unix milliseconds or without an
/// offset is the same moment as in RFC 3339 (sent on to the window as RFC 3339); voices
/// without `shared` are told apart by their lifecycle; shared voices without `state` are
/// offered; output formats as objects are offered by name, and a clip is made with one.
#[tokio::test]
async fn voice_fields_in_other_forms_keep_their_meaning() {
    use time::format_description::well_known::Rfc3339;

    let rig = personal_with(&[]).await;
    let deadline_of = |catalog: &TtsCatalog| {
        let pending = voice(catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_PENDING_CLONE);
        let at = pending.expires_at.as_deref().expect("a deadline");
        time::OffsetDateTime::parse(at, &Rfc3339).unwrap_or_else(|e| panic!("{at}: {e}"))
    };
    let rfc = deadline_of(&rig.core.tts().tts_catalog().await.unwrap());
    for reading in [Reading::VoiceDeadlineEpochMs, Reading::VoiceDeadlineNoOffset] {
        rig.control().set_readings([reading].into_iter().collect::<Readings>());
        let catalog = rig.core.tts().refresh_tts_catalog().await.unwrap().view.clone();
        assert_eq!(deadline_of(&catalog).unix_timestamp(), rfc.unix_timestamp(), "{reading:?}");
        let flagged = catalog.reading.unrecognised.iter().any(|u| u.contains("no time zone"));
        assert_eq!(flagged, reading == Reading::VoiceDeadlineNoOffset, "{:?}", catalog.reading);
    }

    rig.control().set_readings(
        [Reading::VoiceSharedAbsent, Reading::VoiceStateAbsentForShared, Reading::TtsFormatsObjects]
            .into_iter()
            .collect::<Readings>(),
    );
    let catalog = rig.core.tts().refresh_tts_catalog().await.unwrap().view.clone();
    let narrator = voice(&catalog, sb::TTS_CONFIG_STANDARD, sb::VOICE_NARRATOR_WARM);
    assert!(narrator.shared && narrator.usable, "{narrator:?}");
    assert_eq!(narrator.state, VoiceState::Active);
    for own in [sb::VOICE_PENDING_CLONE, sb::VOICE_EXPIRED_CLONE] {
        assert!(!voice(&catalog, sb::TTS_CONFIG_STANDARD, own).shared, "{own} is the account's own");
    }
    assert!(catalog.reading.missing.contains(&"voices[].shared".to_owned()), "{:?}", catalog.reading);
    let standard_config =
        catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    assert_eq!(standard_config.output_formats, ["mp3", "wav"]);
    let clip = rig.core.tts().synthesize(standard("Formats as objects")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
}

/// Readings audit J2: `modelUsage` as a list with one entry per model. The usage card shows
/// the totals (summed), and the balance explanation still has its chat counter: a chat
/// reply's cost comes from it as with the single object.
#[tokio::test]
async fn model_usage_per_model_is_summed_and_still_explains_a_reply() {
    use crate::billing::wire::{ChargeCost, UsageView};

    let rig = personal_with(&[Reading::UsagePerModel]).await;
    rig.control().set_stream_pace(std::time::Duration::ZERO);
    rig.core.billing().refresh_balance().await.unwrap();
    rig.core.tts().synthesize(standard("hello")).await.unwrap();
    rig.core.billing().refresh_balance().await.unwrap();
    let reply = send_chat(&rig, "Hello").await.reply;
    let request_id = reply.receipt.as_ref().unwrap().request_id.clone();
    let chat_points = rig.control().charges_for(&request_id).first().map(|c| c.points.to_string()).unwrap();
    // Settled by the refresh the reply started, or by this one, whichever reads first.
    rig.core.billing().refresh_balance().await.unwrap();
    let changes = rig.core.billing().balance_changes().await.unwrap();
    let charge = changes
        .intervals
        .iter()
        .flat_map(|i| i.charges.iter())
        .find(|c| c.request_id == request_id)
        .expect("the reply in the balance explanation");
    assert_eq!(charge.cost, ChargeCost::FromUsageCounter { points: chat_points.clone() });

    let UsageView::Personal { usage } = rig.core.billing().personal_usage().await.unwrap() else { panic!() };
    let model = usage.model_usage.expect("summed, not dropped");
    assert_eq!(model.request_count, "2", "one speech and one chat request");
    let total = crate::billing::points::Points::parse(&chat_points).unwrap()
        + crate::billing::points::Points::whole(2);
    assert_eq!(model.charged_points, total.to_string());
    assert!(usage.reading.shape.contains("per model: 2, summed"), "{:?}", usage.reading);
    assert!(!usage.reading.unrecognised.iter().any(|u| u.starts_with("modelUsage")), "{:?}", usage.reading);
}

/// Readings audit A1: TTS options answered without the `{success, data}` envelope (the API
/// reference doesn't mark this gateway read `SuccessEnvelope`), as `{configs}` or as the bare
/// list: Voices loads and a clip is made. Before, the read failed "missing field `success`".
#[tokio::test]
async fn tts_options_without_the_envelope_still_load() {
    for (readings, shape) in [
        (&[Reading::TtsOptionsUnenveloped][..], "data.configs"),
        (&[Reading::TtsOptionsUnenveloped, Reading::TtsOptionsBareList][..], "bare list"),
    ] {
        let rig = personal_with(readings).await;
        let catalog = rig.core.tts().tts_catalog().await.unwrap_or_else(|e| panic!("{readings:?}: {e:?}"));
        assert_eq!(catalog.configs.len(), 4, "{readings:?}");
        assert_eq!(catalog.reading.shape, shape, "{readings:?}");
        let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
        assert_eq!(clip.status, ClipStatus::Complete, "{readings:?}: {:?}", clip.error);
    }
}

/// Readings audit A6: gateway errors written as FastAPI's `{"detail": {"code", "message"}}`
/// with the request id only in `X-Xiaoya-Request-Id`. The platform's code, message and request
/// id still reach the person (before: `HTTP_403`, "Forbidden", no request id), and a settled
/// speech retry is still recognised: no second charge, the clip is settled.
#[tokio::test]
async fn gateway_errors_under_detail_keep_their_code_message_and_request_id() {
    use xiaoya_sandbox::{Fault, FaultKind, Route};
    let rig = personal_with(&[Reading::GatewayErrorsInDetail, Reading::VoiceStateUnlistedRefused]).await;
    let refused = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_XIAOXIAO, "hello", "mp3"))
        .await
        .unwrap();
    assert_eq!(refused.status, ClipStatus::Failed);
    let error = refused.error.expect("the platform's answer");
    assert_eq!(error.platform_code.as_deref(), Some("TTS_VOICE_NOT_AVAILABLE"));
    assert!(error.message.contains("in preview"), "{}", error.message);
    assert!(error.request_id.as_deref().is_some_and(|id| id.starts_with("req_")), "{error:?}");

    rig.core.tts().state().set_policy(crate::tts::send::RetryPolicy { max_attempts: 1, ..fast_policy() });
    rig.control().inject(Fault { route: Route::Speech, kind: FaultKind::ResetAfterCommit, times: 1 });
    let lost = rig.core.tts().synthesize(standard("Lost, then settled.")).await.unwrap();
    assert_eq!(lost.status, ClipStatus::Unknown);
    let retried = rig.core.tts().retry_clip(&lost.id).await.unwrap();
    assert_eq!(retried.status, ClipStatus::SettledNoAudio, "{:?}", retried.error);
    assert_eq!(retried.error.unwrap().platform_code.as_deref(), Some("TTS_REQUEST_ALREADY_SETTLED"));
    assert_eq!(rig.control().charges_for(&lost.request_id).len(), 1, "no second charge");
}

/// Readings audit H2: field names in the other case (`giftCard`; `charged_points`,
/// `model_usage` …) read as the same amounts as the default spelling, with nothing flagged.
#[tokio::test]
async fn field_names_in_the_other_case_read_as_the_same_amounts() {
    let rig = personal_with(&[]).await;
    let clip = rig.core.tts().synthesize(standard("hello")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    let read = || async {
        let billing = rig.core.billing();
        let balance = billing.refresh_balance().await.unwrap();
        let UsageView::Personal { usage } = billing.personal_usage().await.unwrap() else {
            panic!("Personal usage")
        };
        (
            balance.detail,
            usage.charged_points.clone(),
            usage.model_usage.map(|m| m.charged_points),
            usage.reading,
        )
    };
    let (detail, charged, per_model, _) = read().await;
    rig.control().set_readings([Reading::FieldNamesOtherCase].into_iter().collect::<Readings>());
    let (other_detail, other_charged, other_per_model, reading) = read().await;
    let BalanceDetail::Personal { gift_card, .. } = &other_detail else { panic!("{other_detail:?}") };
    assert_eq!(other_detail, detail, "giftCard is the gift card ({gift_card})");
    assert_eq!((other_charged.as_str(), other_per_model), (charged.as_str(), per_model));
    assert_eq!(charged, "2");
    assert!(reading.missing.is_empty() && reading.unrecognised.is_empty(), "{reading:?}");
}
