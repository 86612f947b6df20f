//! Presenting mode in the core: the setting's answer carries what the window masks, a
//! scale off the ramp is refused, and a text export saved while presenting is masked like
//! the window (the sessions' ids, the platform's private origin, request ids, tokens),
//! while audio and exports made when not presenting are left as they are.

use xiaoya_sandbox as sb;

use crate::auth::wire::ContextRequest;
use crate::documents::{Document, DocumentKind};
use crate::foundation::error::ErrorCode;
use crate::foundation::mask::MaskKind;
use crate::testing::Rig;
use crate::wire::Presenting;

#[tokio::test]
async fn a_text_export_saved_while_presenting_holds_no_id_origin_or_token() {
    let rig = Rig::new().await;
    let personal = rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: false }).await;
    let origin = rig.sandbox.base_url().trim_end_matches('/').to_owned();
    let text = format!(
        "# Demo\n\nUser {user} in Team {team} on {origin}/api\nRequest 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d · \
         Bearer abc.def · Charged 4 points to Team Alpha\n",
        user = personal.user_id,
        team = sb::TEAM_ALPHA_ID,
    );
    let json =
        serde_json::json!({ "user": personal.user_id, "team": sb::TEAM_ALPHA_ID, "points": "4" }).to_string();
    let doc = |kind: DocumentKind, body: &str| Document {
        name: format!("report-{}.{}", sb::TEAM_ALPHA_ID, kind.extension()),
        kind,
        bytes: body.as_bytes().to_vec(),
    };

    // Not presenting: as is.
    let plain = rig.core.prepare_export(doc(DocumentKind::Markdown, &text)).await.unwrap();
    assert_eq!(plain.bytes, text.as_bytes());

    let info = rig.core.set_presenting(Presenting { on: true, scale: 150 }).await.unwrap();
    assert!(info.presenting.on);
    assert_eq!(info.presenting.scale, 150);
    assert!(
        info.presenting.literals.iter().any(|l| l.kind == MaskKind::Origin && l.value == origin),
        "the sandbox's origin is not the public one: the window masks it ({:?})",
        info.presenting.literals
    );

    let masked = rig.core.prepare_export(doc(DocumentKind::Markdown, &text)).await.unwrap();
    let masked_text = String::from_utf8(masked.bytes).unwrap();
    for private in [personal.user_id.as_str(), sb::TEAM_ALPHA_ID, origin.as_str(), "9b1deb4d-3b7d", "abc.def"]
    {
        assert!(!masked_text.contains(private), "{private} is in the export: {masked_text}");
    }
    assert!(masked_text.contains("Charged 4 points to Team Alpha"), "{masked_text}");
    assert!(masked_text.contains("https://•••//api"), "the origin keeps its shape: {masked_text}");
    assert!(!masked.name.contains(sb::TEAM_ALPHA_ID), "the suggested name is masked too: {}", masked.name);

    // JSON stays JSON.
    let masked = rig.core.prepare_export(doc(DocumentKind::Json, &json)).await.unwrap();
    let value: serde_json::Value = serde_json::from_slice(&masked.bytes).expect("still JSON");
    assert_eq!(value["team"], "••••••");
    assert_eq!(value["points"], "4");

    // Audio is bytes, never rewritten.
    let audio = rig.core.prepare_export(doc(DocumentKind::Audio("mp3".into()), &text)).await.unwrap();
    assert_eq!(audio.bytes, text.as_bytes());
}

#[tokio::test]
async fn a_scale_off_the_ramp_is_refused_and_changes_nothing() {
    let rig = Rig::new().await;
    rig.core.set_presenting(Presenting { on: true, scale: 125 }).await.unwrap();
    let err = rig.core.set_presenting(Presenting { on: false, scale: 300 }).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    let info = rig.core.app_info().await.unwrap();
    assert!(info.presenting.on, "a refused change leaves Presenting on");
    assert_eq!(info.presenting.scale, 125);
    assert!(rig.core.presenting().await.unwrap());
}
