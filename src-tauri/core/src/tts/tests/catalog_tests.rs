//! The catalog of the active context: configurations, voices, links, and what may be used.

use xiaoya_sandbox as sb;

use super::{personal, req, standard};
use crate::auth::wire::ContextRequest;
use crate::foundation::error::ErrorCode;
use crate::tts::wire::{VoiceState, VoiceUnusable};

#[tokio::test]
async fn each_context_gets_its_own_catalog_and_never_another_ones_voices() {
    let rig = personal().await;
    let personal = rig.core.tts().tts_catalog().await.unwrap();
    let standard_voices = |c: &crate::tts::wire::TtsCatalog| -> Vec<String> {
        let config = c.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
        config.voices.iter().map(|v| v.voice_id.clone()).collect()
    };
    assert!(standard_voices(&personal).contains(&sb::VOICE_PENDING_CLONE.to_owned()));
    assert!(!standard_voices(&personal).contains(&sb::VOICE_TEAM_ALPHA_BRAND.to_owned()));

    let team =
        rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let alpha = rig.core.tts().tts_catalog().await.unwrap();
    assert_eq!(alpha.session_id, team.id, "the catalog names the session it belongs to");
    assert_ne!(alpha.session_id, personal.session_id);
    assert_eq!(alpha.context_label, sb::TEAM_ALPHA_NAME);
    assert!(standard_voices(&alpha).contains(&sb::VOICE_TEAM_ALPHA_BRAND.to_owned()));
    assert!(
        !standard_voices(&alpha).contains(&sb::VOICE_PENDING_CLONE.to_owned()),
        "no Personal clone in the Team"
    );

    // A Personal voice cannot be used while the Team pays, even though it was seen before.
    let err = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_ACTIVE_CLONE, "hi", "mp3"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_TEAM_ALPHA_BRAND, "Team hello", "mp3"))
        .await
        .unwrap();
    assert_eq!(clip.context_label, sb::TEAM_ALPHA_NAME);
    let charge = &rig.control().charges_for(&clip.request_id)[0];
    assert!(
        matches!(&charge.context, sb::ChargeContext::Team { team_id, .. } if team_id == sb::TEAM_ALPHA_ID)
    );
}

#[tokio::test]
async fn a_configuration_without_voices_stays_visible_with_its_link_but_cannot_generate() {
    let rig = personal().await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let empty =
        catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_EMPTY).expect("still listed");
    assert!(empty.voices.is_empty());
    assert_eq!(empty.output_formats, vec!["mp3"]);
    let link = empty.voice_library.as_ref().expect("the library link is kept");
    assert!(link.openable, "loopback http in the sandbox");
    assert!(empty.price.is_some());

    rig.core.tts().open_voice_library(sb::TTS_CONFIG_EMPTY).await.unwrap();
    let opened = rig.last_opened();
    assert!(opened.query_pairs().any(|(k, v)| k == "ttsConfigId" && v == sb::TTS_CONFIG_EMPTY), "{opened}");

    for voice in ["", sb::VOICE_NARRATOR_WARM] {
        let err =
            rig.core.tts().synthesize(req(sb::TTS_CONFIG_EMPTY, voice, "hello", "mp3")).await.unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidInput, "a valid voice is required ({voice:?})");
    }
    assert!(rig.control().charges().is_empty());
}

#[tokio::test]
async fn no_voice_is_preselected_and_opaque_ids_round_trip_exactly() {
    let rig = personal().await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let config = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    // The catalog's defaultVoiceId is "" and the core offers no default of its own.
    let json = serde_json::to_value(config).unwrap();
    assert!(json.get("defaultVoiceId").is_none());
    let id = sb::VOICE_NARRATOR_WARM;
    assert!(id.contains(' ') && id.contains('('));
    let clip = rig.core.tts().synthesize(standard("Opaque ids are data.")).await.unwrap();
    assert_eq!(clip.voice_id, id);
    assert_eq!(clip.receipt.as_ref().unwrap().voice_id.as_deref(), Some(id));
}

#[tokio::test]
async fn cloned_voices_show_their_lifecycle() {
    let rig = personal().await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let config = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_STANDARD).unwrap();
    let voice = |id: &str| config.voices.iter().find(|v| v.voice_id == id).unwrap().clone();

    let pending = voice(sb::VOICE_PENDING_CLONE);
    assert_eq!(pending.state, VoiceState::PendingActivation);
    assert!(!pending.shared);
    assert!(pending.usable);
    assert_eq!(pending.activation_points.as_deref(), Some("30"));
    let deadline = time::OffsetDateTime::parse(
        pending.expires_at.as_deref().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    assert!(deadline > time::OffsetDateTime::now_utc() + time::Duration::days(3));

    let expired = voice(sb::VOICE_EXPIRED_CLONE);
    assert_eq!(expired.state, VoiceState::Expired);
    assert!(!expired.usable);
    assert_eq!(expired.unusable_reason, Some(VoiceUnusable::Expired));
    let err = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_EXPIRED_CLONE, "hi", "mp3"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);

    let shared = voice(sb::VOICE_XIAOXIAO);
    assert!(shared.shared && shared.usable && shared.activation_points.is_none());
}

#[tokio::test]
async fn a_voice_library_link_that_is_not_https_is_never_opened() {
    let rig = personal().await;
    let err = rig.core.tts().open_voice_library("no-such-config").await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(rig.browser.opened.lock().unwrap().len() == 1, "only the sign-in page was opened");
}

/// READINGS K8: a `voiceLibraryUrl` relative to the platform (`/voices?…`) is resolved
/// against its origin, so the link stays and opens the platform's page.
#[tokio::test]
async fn a_relative_voice_library_link_is_resolved_against_the_platform() {
    let rig = crate::testing::Rig::new().await;
    rig.control().set_readings([sb::Reading::VoiceLibraryUrlRelative].into_iter().collect());
    rig.sign_in(crate::auth::wire::ContextRequest::Personal).await;
    let catalog = rig.core.tts().tts_catalog().await.unwrap();
    let empty = catalog.configs.iter().find(|c| c.tts_config_id == sb::TTS_CONFIG_EMPTY).unwrap();
    let platform = url::Url::parse(&rig.sandbox.base_url()).unwrap();
    let link = empty.voice_library.as_ref().expect("a relative link is still a link");
    assert_eq!(link.host, platform.host_str().unwrap());
    assert!(link.openable, "loopback http in the sandbox");

    rig.core.tts().open_voice_library(sb::TTS_CONFIG_EMPTY).await.unwrap();
    let opened = rig.last_opened();
    assert_eq!(opened.origin(), platform.origin(), "{opened}");
    assert_eq!(opened.path(), "/voices");
    assert!(opened.query_pairs().any(|(k, v)| k == "ttsConfigId" && v == sb::TTS_CONFIG_EMPTY), "{opened}");
}
