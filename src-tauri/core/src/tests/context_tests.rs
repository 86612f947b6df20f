//! `PlatformContext`'s two serialisations still find what older builds wrote: a keychain
//! entry under the old account string, a conversation row with the old five columns.

use xiaoya_sandbox as sb;

use crate::auth::wire::ContextRequest;
use crate::testing::Rig;

#[tokio::test]
async fn a_keychain_entry_and_a_row_written_in_the_old_format_are_found() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let session = rig.core.auth().active_session().await.unwrap();

    // The keychain entry as the old `keychain_account` wrote it, literally.
    let old_account =
        format!("{} {} {} team:{}", session.origin, session.client_id, session.subject, sb::TEAM_ALPHA_ID);
    let token =
        rig.keys.entries.lock().unwrap().remove(&session.keychain_account).expect("the token is stored");
    rig.keys.entries.lock().unwrap().insert(old_account.clone(), token);
    let context = crate::foundation::context::PlatformContext::of(&session).unwrap();
    assert_eq!(context.keychain_account(), old_account);
    rig.core.billing().team_context().await.expect("the token under the old account string is used");

    // A conversation row as the old column-by-column binding wrote it.
    sqlx::query(
        "INSERT INTO chat_conversations (id, origin, client_id, subject, context_kind, team_id, context_label,
             title, options, model_code, created_at, updated_at)
         VALUES ('conv_old', ?, ?, ?, 'team', ?, 'Team Alpha', 'Written before', '{}', 'm', 1, 1)",
    )
    .bind(&session.origin)
    .bind(&session.client_id)
    .bind(&session.subject)
    .bind(sb::TEAM_ALPHA_ID)
    .execute(rig.core.db().pool())
    .await
    .unwrap();
    let listed = rig.core.chat().chat_conversations("").await.unwrap();
    assert!(listed.iter().any(|c| c.id == "conv_old"), "{listed:?}");
    rig.core.chat().chat_conversation("conv_old").await.expect("the old row is in this context");
}
