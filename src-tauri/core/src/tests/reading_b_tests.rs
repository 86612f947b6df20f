//! Issue 24, batch B: the core against the sandbox serving the other readings of the open
//! points D3, F3, I3, K7, L1 and L4 of `src-tauri/sandbox/READINGS.md`.

use xiaoya_sandbox::{self as sb, Reading};

use crate::auth::wire::ContextRequest;
use crate::billing::wire::BalanceDetail;
use crate::tests::reading_tests::{personal_with, rig_with};
use crate::tts::tests::req;
use crate::tts::wire::{ClipStatus, CostVerdict, CountingRule};

fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

/// D3: an `avatarUrl` relative to the platform is kept resolved against its origin.
#[tokio::test]
async fn a_relative_avatar_url_is_kept_resolved_against_the_platform() {
    let rig = personal_with(&[Reading::MeAvatarRelative]).await;
    let session = rig.core.auth().active_session().await.unwrap();
    let avatar = session.avatar_url.expect("a relative avatar is still an avatar");
    let platform = url::Url::parse(&rig.sandbox.base_url()).unwrap();
    let avatar = url::Url::parse(&avatar).unwrap();
    assert_eq!(avatar.origin(), platform.origin(), "{avatar}");
    assert!(avatar.path().starts_with("/static/avatars/"), "{avatar}");
}

/// F3: roles and member statuses in upper case read as the same words, in the Team list
/// and in the Team context the session keeps.
#[tokio::test]
async fn roles_and_statuses_in_upper_case_read_as_the_same_words() {
    let rig = personal_with(&[Reading::TeamRolesUpper]).await;
    let teams = rig.core.auth().list_teams().await.unwrap();
    let role = |id: &str| teams.iter().find(|t| t.team_id == id).and_then(|t| t.role.clone());
    assert_eq!(role(sb::TEAM_ALPHA_ID).as_deref(), Some(sb::TEAM_ALPHA_ROLE), "{teams:?}");
    assert_eq!(role(sb::TEAM_BETA_ID).as_deref(), Some(sb::TEAM_BETA_ROLE), "{teams:?}");
    let beta = rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    assert_eq!(beta.role.as_deref(), Some(sb::TEAM_BETA_ROLE));
    let session = rig.core.auth().active_session().await.unwrap();
    assert_eq!(session.member_status.as_deref(), Some("active"), "not flagged as not active");
}

/// I3: an unlimited quota sent as an absent `quotaLimit` (not `null`) is unlimited: no
/// quota bar; a limited one keeps its bar.
#[tokio::test]
async fn an_absent_quota_limit_is_unlimited() {
    let rig = rig_with(&[Reading::QuotaUnlimitedAbsent]).await;
    rig.sign_in(team(sb::TEAM_ALPHA_ID)).await;
    let alpha = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!(alpha.spendable, "9007199254740993");
    assert!(matches!(&alpha.detail, BalanceDetail::Team { quota: None, .. }), "{alpha:?}");
    rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let beta = rig.core.billing().refresh_balance().await.unwrap();
    let BalanceDetail::Team { quota: Some(quota), .. } = &beta.detail else { panic!("{beta:?}") };
    assert_eq!(quota.limit, "1000");
}

/// K7: a price whose numbers are decimal text (`unitSize: "100.0"`, `points: "2"`) is read
/// exactly: the estimate is the charge.
#[tokio::test]
async fn a_price_written_as_text_gives_the_exact_estimate() {
    let rig = personal_with(&[Reading::TtsPriceNumbersText]).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let config = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    let price = config.price.as_ref().unwrap();
    assert_eq!((price.unit_size.as_deref(), price.points.as_deref()), (Some("100"), Some("2")));
    assert!(price.estimable, "{price:?}");
    assert!(price.raw.contains(r#""100.0""#), "served as text: {}", price.raw);
    let request = req(sb::TTS_CONFIG_STANDARD, sb::VOICE_NARRATOR_WARM, &"a".repeat(150), "mp3");
    let estimate = rig.core.tts().tts_estimate(request.clone()).await.unwrap();
    assert_eq!(estimate.total_points.as_deref(), Some("4"));
    let clip = rig.core.tts().synthesize(request).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    let cost = clip.cost.unwrap();
    assert_eq!((cost.charged.as_deref(), cost.verdict), (Some("4"), CostVerdict::Matches));
}

/// L1: a receipt without `X-Xiaoya-Usage-Characters` is kept as it came ("not reported"),
/// the clip is complete, and nothing is learned about how the configuration counts.
#[tokio::test]
async fn a_receipt_without_usage_characters_is_complete_and_teaches_nothing() {
    let rig = personal_with(&[Reading::SpeechNoUsageCharacters]).await;
    let text = "小雅开放平台的语音合成".repeat(6);
    let request = req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &text, "mp3");
    let clip = rig.core.tts().synthesize(request.clone()).await.unwrap();
    assert_eq!(clip.status, ClipStatus::Complete, "{:?}", clip.error);
    let receipt = clip.receipt.as_ref().unwrap();
    assert_eq!(receipt.usage_characters, None);
    assert_eq!(receipt.charged_points.as_deref(), Some("6"), "what it cost is still said");
    let estimate = rig.core.tts().tts_estimate(request).await.unwrap();
    assert_eq!(estimate.counting.unwrap().rule, CountingRule::CodePoints, "nothing learned");
    assert_eq!(estimate.total_points.as_deref(), Some("3"));
    assert_eq!(estimate.possible_total_points.as_deref(), Some("6"), "the honest bound stays");
}

/// L4: count headers written with their unit (`132 characters`) are read: the receipt shows
/// them as sent and the first receipt teaches how Chinese is counted.
#[tokio::test]
async fn count_headers_with_their_unit_are_read_and_teach_the_counting() {
    let rig = personal_with(&[Reading::SpeechCountsWithUnit]).await;
    let text = "小雅开放平台的语音合成".repeat(6);
    let request = req(sb::TTS_CONFIG_CJK, sb::VOICE_LINGYIN_NARRATOR, &text, "mp3");
    let clip = rig.core.tts().synthesize(request.clone()).await.unwrap();
    let receipt = clip.receipt.as_ref().unwrap();
    assert_eq!(receipt.usage_characters.as_deref(), Some("132 characters"), "shown as sent");
    assert_eq!(receipt.input_characters.as_deref(), Some("66 characters"));
    let estimate = rig.core.tts().tts_estimate(request).await.unwrap();
    let counting = estimate.counting.unwrap();
    assert_eq!((counting.rule, counting.cjk_weight), (CountingRule::Learned, 2));
    assert_eq!(estimate.total_points.as_deref(), Some("6"));
}

/// I2: a Team balance sent as whole numbers without `balancePointsDecimal` (859.75 written
/// `860`) is never taken as exact: the overview says it may be rounded, also when it is read
/// back from the stored snapshot, and the reading names the missing decimal. With the
/// decimal (the default) or an amount that carries its fraction (`points-fractional`) the
/// balance is exact.
#[tokio::test]
async fn a_whole_team_balance_without_its_decimal_is_shown_as_rounded() {
    let rig = personal_with(&[Reading::TeamBalanceWholeNumbers]).await;
    rig.sign_in(team(sb::TEAM_BETA_ID)).await;
    let beta = rig.core.billing().refresh_balance().await.unwrap();
    assert_eq!((beta.spendable.as_str(), beta.spendable_rounded), ("860", true), "{beta:?}");
    let reading = beta.reading.as_ref().unwrap();
    assert!(reading.missing.iter().any(|m| m.starts_with("balancePointsDecimal")), "{reading:?}");
    let kept = rig.core.billing().last_balance().await.unwrap().unwrap();
    assert!(kept.spendable_rounded, "the stored snapshot remembers it");

    for readings in [&[][..], &[Reading::PointsFractional]] {
        rig.control().set_readings(readings.iter().copied().collect());
        let exact = rig.core.billing().refresh_balance().await.unwrap();
        assert_eq!((exact.spendable.as_str(), exact.spendable_rounded), ("859.75", false), "{readings:?}");
    }
}
