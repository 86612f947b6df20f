//! The composer's usage hint: what the platform reported for recent replies with the same
//! model in the same context, never another context's, never a guess.

use serde_json::json;
use xiaoya_sandbox as sb;

use super::cost::summarize;
use super::tests::{input, options, signed_in, Events};
use crate::auth::wire::ContextRequest;

#[tokio::test]
async fn the_hint_is_the_usage_recent_replies_with_the_model_reported_in_this_context() {
    let rig = signed_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let view = rig.core.auth().sessions_view().await.unwrap();
    let team = view.active_id.clone().unwrap();
    let personal = view.sessions.iter().find(|s| s.id != team).unwrap().id.clone();
    rig.core.auth().set_active_session(&personal).await.unwrap();

    let none = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!((none.samples, none.typical_tokens), (0, None), "nothing sent yet: no number");

    let mut used = Vec::new();
    for text in ["Hello", "Tell me about tea", "How do I plan a small project?"] {
        let reply = rig
            .core
            .chat()
            .chat_send(input(text, options(sb::MODEL_CHAT, json!({}))), &Events::default().sink())
            .await
            .unwrap()
            .reply;
        let usage = reply.receipt.as_ref().and_then(|r| r.usage.clone()).expect("the platform reported the usage");
        used.push(usage.total_tokens.expect("a total"));
    }
    let hint = rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap();
    assert_eq!(hint.samples, 3);
    let (typical, max) = summarize(used);
    assert_eq!((hint.typical_tokens, hint.max_tokens), (typical, max));
    assert!(typical.is_some_and(|t| t > 0));

    // Another model, and another context, have their own (empty) history.
    assert_eq!(rig.core.chat().chat_usage_hint(sb::MODEL_VISION).await.unwrap().samples, 0);
    rig.core.auth().set_active_session(&team).await.unwrap();
    assert_eq!(rig.core.chat().chat_usage_hint(sb::MODEL_CHAT).await.unwrap().samples, 0, "Personal's replies don't count in Team");
}

#[test]
fn the_typical_count_is_the_middle_one_and_the_max_the_largest() {
    assert_eq!(summarize(vec![]), (None, None));
    assert_eq!(summarize(vec![300, 150, 900]), (Some(300), Some(900)));
    assert_eq!(summarize(vec![400, 200]), (Some(200), Some(400)), "the lower middle of an even count");
}
