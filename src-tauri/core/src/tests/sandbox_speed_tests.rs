//! Issue 26: a person in the no-account mode sets how fast the built-in sandbox streams chat
//! replies (Settings → Sandbox reply speed). The setting reaches the running sandbox at once,
//! a reply streams at it (Slow spreads the same reply over far longer than Instant), it is
//! kept across restarts, and it is refused against any platform but the built-in sandbox.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use xiaoya_sandbox::ReplyPace;

use crate::auth::wire::ContextRequest;
use crate::chat::wire::{ChatEvent, ChatOptions, ChatSendInput, ResponseFormatChoice};
use crate::foundation::error::{Error, ErrorCode};
use crate::foundation::keychain::memory::MemoryKeychain;
use crate::host::{Core, CoreOptions};
use crate::testing::{RecordingBrowser, Rig};
use crate::wire::SandboxReplySpeed;

async fn built_in(
    dir: &tempfile::TempDir,
    browser: &Arc<RecordingBrowser>,
    keys: &Arc<MemoryKeychain>,
) -> Core {
    Core::start(CoreOptions {
        data_dir: dir.path().to_path_buf(),
        env: Box::new(|_| None),
        version: "test".into(),
        keychain: keys.clone(),
        browser: browser.clone(),
        events: Arc::new(crate::events::NoEvents),
    })
    .await
    .expect("core")
}

/// The built-in sandbox shows its consent page (no auto-approve): press Allow as a person
/// does, and return where the platform sends the browser back to.
async fn allow(authorize: &url::Url) -> String {
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let page = browser.get(authorize.clone()).send().await.unwrap().text().await.unwrap();
    let mut form =
        xiaoya_sandbox::consent_form_fields(&page).unwrap_or_else(|| panic!("a consent form: {page}"));
    form.push(("decision".into(), "allow".into()));
    let answer = browser.post(authorize.join("/oauth/authorize").unwrap()).form(&form).send().await.unwrap();
    answer.headers().get("location").expect("Allow redirects back").to_str().unwrap().to_owned()
}

/// When each piece of a reply reached the page, from the first.
async fn stream(core: &Core, text: &str) -> (String, Vec<Duration>) {
    let arrivals = Arc::new(Mutex::new(Vec::<(Instant, String)>::new()));
    let seen = arrivals.clone();
    let sink = move |event: ChatEvent| {
        if let ChatEvent::Delta { text, .. } = event {
            seen.lock().unwrap().push((Instant::now(), text));
        }
        true
    };
    let input = ChatSendInput {
        conversation_id: None,
        text: text.into(),
        options: ChatOptions {
            model_code: xiaoya_sandbox::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: BTreeMap::new(),
            response_format: ResponseFormatChoice::Text,
        },
    };
    core.chat().chat_send(input, &sink).await.expect("a reply");
    let arrivals = arrivals.lock().unwrap().clone();
    let first = arrivals.first().map(|(at, _)| *at).expect("text arrived");
    let reply = arrivals.iter().map(|(_, t)| t.as_str()).collect();
    (reply, arrivals.iter().map(|(at, _)| at.duration_since(first)).collect())
}

#[tokio::test]
async fn the_built_in_sandbox_streams_at_the_reply_speed_chosen_in_settings_and_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let browser = Arc::new(RecordingBrowser::default());
    let keys = Arc::new(MemoryKeychain::default());
    let core = built_in(&dir, &browser, &keys).await;
    assert_eq!(core.sandbox_reply_speed().await.unwrap(), Some(SandboxReplySpeed::Normal));
    assert_eq!(core.shared().built_in_reply_pace().await, Some(ReplyPace::TokensPerSecond(40)));

    core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
    let opened = browser.opened.lock().unwrap().last().cloned().expect("the sign-in page");
    let callback = allow(&opened).await;
    core.auth().complete_sign_in(&callback).await.unwrap().expect("a session");

    let prompt = "How do I plan a small project?";
    assert_eq!(
        core.set_sandbox_reply_speed(SandboxReplySpeed::Instant).await.unwrap(),
        SandboxReplySpeed::Instant
    );
    assert_eq!(core.shared().built_in_reply_pace().await, Some(ReplyPace::INSTANT));
    let (instant_text, instant) = stream(&core, prompt).await;

    core.set_sandbox_reply_speed(SandboxReplySpeed::Slow).await.unwrap();
    assert_eq!(core.shared().built_in_reply_pace().await, Some(ReplyPace::TokensPerSecond(10)));
    let (slow_text, slow) = stream(&core, prompt).await;

    assert_eq!(slow_text, instant_text, "the same reply, only paced");
    let instant_span = instant.last().copied().unwrap_or_default();
    let slow_span = slow.last().copied().unwrap_or_default();
    eprintln!(
        "instant: {} pieces over {instant_span:?}; slow: {} pieces over {slow_span:?}",
        instant.len(),
        slow.len()
    );
    // Coarse on purpose: Instant is a burst, Slow a reply a person watches grow.
    assert!(instant_span < Duration::from_millis(500), "Instant took {instant_span:?}");
    assert!(slow_span > Duration::from_secs(2), "Slow took only {slow_span:?}");
    assert!(
        slow.len() > 10 && slow.len() > instant.len(),
        "{} slow pieces, {} instant",
        slow.len(),
        instant.len()
    );
    core.shutdown().await;
    drop(core);

    // The next start's built-in sandbox streams at the saved speed from the first reply.
    let again = built_in(&dir, &browser, &keys).await;
    assert_eq!(again.sandbox_reply_speed().await.unwrap(), Some(SandboxReplySpeed::Slow));
    assert_eq!(again.shared().built_in_reply_pace().await, Some(ReplyPace::TokensPerSecond(10)));
    again.shutdown().await;
}

#[tokio::test]
async fn the_reply_speed_is_refused_and_not_offered_against_a_sandbox_the_app_did_not_start() {
    let rig = Rig::new().await;
    assert_eq!(rig.core.sandbox_reply_speed().await.unwrap(), None, "not offered");
    let refused = rig.core.set_sandbox_reply_speed(SandboxReplySpeed::Slow).await;
    assert!(matches!(refused, Err(Error::SandboxNotBuiltIn)), "{refused:?}");
    assert_eq!(refused.unwrap_err().code(), ErrorCode::SandboxNotBuiltIn);
    assert_eq!(
        rig.core.db().sandbox_reply_speed().await.unwrap(),
        SandboxReplySpeed::Normal,
        "nothing saved"
    );
    assert_eq!(rig.control().reply_pace(), ReplyPace::FAST, "the test's sandbox was left alone");
}
