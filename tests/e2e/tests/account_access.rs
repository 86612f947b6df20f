//! Issue #29, the Personal account's details in the real window: the first Personal sign-in
//! never asks for `account`; the Personal card says the permission was not granted and
//! offers to ask; the person asks, the browser (fake-browser, the sandbox approving) asks
//! for what was granted plus `account`, and the Personal entitlements appear — storage in
//! binary units, bring-your-own-key in words, a source with no end date — while the Team
//! that was paying still pays. Then the same in 中文.

use std::path::Path;
use std::time::{Duration, Instant};

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

fn scopes_asked(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| url::Url::parse(l).ok())
        .map(|u| u.query_pairs().find(|(k, _)| k == "scope").map(|(_, v)| v.into_owned()).unwrap_or_default())
        .collect()
}

async fn wait_for_asks(log: &Path, count: usize) -> TestResult<Vec<String>> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let asked = scopes_asked(log);
        if asked.len() >= count || Instant::now() > deadline {
            return Ok(asked);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn asking_for_account_details_shows_the_personal_entitlements_and_keeps_who_pays() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    app.size_to(1280, 720).await?;
    app.set_locale("en").await?;
    app.sign_in_personal().await?;
    // A Team pays, by the person's choice in the picker.
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    app.wait_for_attr("[data-testid=charged-to]", "data-context", "team").await?;
    let team_card = format!("[data-testid=session-card][data-team-id='{}']", sb::TEAM_ALPHA_ID);
    app.wait_for_attr(&team_card, "data-active", "true").await?;

    let first = wait_for_asks(&log, 1).await?;
    assert!(!first[0].split(' ').any(|s| s == "account"), "never asked at the first sign-in: {first:?}");
    let personal = "[data-testid=session-card][data-context=personal]";
    app.wait_for_text(
        &format!("{personal} [data-testid=account-access-missing]"),
        "This permission was not granted",
    )
    .await?;
    assert_eq!(app.count("[data-testid=personal-entitlements-card]").await?, 0);
    app.shot("account-access-ask-en", Some(personal)).await?;

    app.click(&format!("{personal} [data-testid=account-access-ask]")).await?;
    app.find("[data-testid=personal-entitlements-card]").await?;
    let asked = wait_for_asks(&log, 3).await?;
    let consent = asked.last().cloned().unwrap_or_default();
    assert_eq!(consent, "profile balance usage model account", "what was granted, plus account: {asked:?}");

    app.wait_for_text("[data-testid=personal-ent-max-file]", "200 MiB").await?;
    app.wait_for_text("[data-testid=personal-ent-total]", "20 GiB").await?;
    app.wait_for_text("[data-testid=personal-ent-byok]", "allowed").await?;
    app.wait_for_text("[data-testid=personal-source][data-open-ended=true]", "no end date").await?;
    assert_eq!(app.count("[data-testid=personal-source]").await?, 2);
    assert_eq!(app.count(&format!("{personal} [data-testid=account-access-ask]")).await?, 0, "granted now");
    app.wait_for_text(&format!("{personal} [data-testid=session-scopes]"), "Account details").await?;
    // Who pays did not change.
    app.wait_for_attr("[data-testid=charged-to]", "data-context", "team").await?;
    assert_eq!(app.attr(&team_card, "data-active").await?.as_deref(), Some("true"));
    assert_eq!(app.attr(personal, "data-active").await?.as_deref(), Some("false"));
    assert_eq!(app.count("[data-testid=session-card]").await?, 2, "the same Personal session, renewed");
    app.click("[data-testid=personal-ent-read-raw-toggle]").await?;
    app.wait_for_text("[data-testid=personal-ent-read-raw]", "\"byok\": true").await?;
    app.shot("account-access-entitlements-en", Some("[data-testid=personal-entitlements]")).await?;

    app.set_locale("zh-CN").await?;
    app.wait_for_text("[data-testid=personal-entitlements-card]", "个人账户权益").await?;
    app.wait_for_text("[data-testid=personal-ent-byok]", "允许").await?;
    app.wait_for_text("[data-testid=personal-source][data-open-ended=true]", "长期有效").await?;
    app.wait_for_text("[data-testid=personal-ent-total]", "20 GiB").await?;
    app.wait_for_text(&format!("{personal} [data-testid=session-scopes]"), "账户详情").await?;
    app.shot("account-access-entitlements-zh", Some("[data-testid=personal-entitlements]")).await?;
    app.close().await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn the_ask_button_reads_in_chinese() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    app.size_to(1280, 720).await?;
    app.set_locale("zh-CN").await?;
    app.sign_in_personal().await?;
    let personal = "[data-testid=session-card][data-context=personal]";
    app.wait_for_text(&format!("{personal} [data-testid=account-access-missing]"), "未授予此权限").await?;
    app.wait_for_text(&format!("{personal} [data-testid=account-access-ask]"), "请求访问账户详情").await?;
    app.shot("account-access-ask-zh", Some(personal)).await?;
    app.close().await?;
    Ok(())
}
