//! Issue #29 part 2 in the real window: the Team screen of a Team session with `team_read`,
//! as the owner of Team Alpha and as a plain member of Team Beta, in English and in
//! Chinese: who is in the Team, each member's quota with exact decimals, what the plan
//! includes, and a route the platform refuses to a plain member with its reason.

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");

async fn open_team(team_id: &str) -> TestResult<(AppWindow, tempfile::TempDir)> {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    app.size_to(1280, 720).await?;
    app.set_locale("en").await?;
    app.sign_in_personal().await?;
    app.sign_in_team(team_id).await?;
    app.click("[data-testid=nav-team]").await?;
    app.find("[data-testid=team-members-table]").await?;
    Ok((app, scratch))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_owner_sees_members_quotas_entitlements_and_membership_in_both_languages() -> TestResult {
    let (app, _scratch) = open_team(sb::TEAM_ALPHA_ID).await?;
    assert_eq!(app.count("[data-testid=team-member-row]").await?, 4);
    app.type_into("[data-testid=team-members-search]", "chen").await?;
    app.wait_for_text("[data-testid=team-members-table]", "Chen Mo").await?;
    assert_eq!(app.count("[data-testid=team-member-row]").await?, 1, "the search filters by name");
    let role = app.text_of("[data-testid=team-member-role]").await?.unwrap_or_default();
    assert_eq!(role, "Admin");
    app.shot("team-members-owner-en", None).await?;

    app.click("[data-testid=team-tab-credits]").await?;
    let zhou = "[data-testid=team-credit-row][data-member-id=member_alpha_0003]";
    let remaining = app.wait_for_text(&format!("{zhou} [data-testid=team-credit-remaining]"), "0.25").await?;
    assert!(remaining.starts_with("0.25"), "exact decimals, padded to the screen's places: {remaining}");
    let used = app.text_of(&format!("{zhou} [data-testid=team-credit-used]")).await?.unwrap_or_default();
    assert!(used.starts_with("799.75"), "exact decimals: {used}");
    app.shot("team-credits-owner-en", None).await?;

    app.click("[data-testid=team-tab-entitlements]").await?;
    app.wait_for_text("[data-testid=team-ent-max-file]", "200 MiB").await?;
    app.wait_for_text("[data-testid=team-ent-total]", "100 GiB").await?;
    app.wait_for_text("[data-testid=team-ent-member-limit]", "8").await?;
    app.wait_for_text("[data-testid=team-ent-features]", "voice_clone").await?;
    app.wait_for_text("[data-testid=team-source][data-open-ended=true]", "no end date").await?;
    app.shot("team-entitlements-owner-en", None).await?;

    app.click("[data-testid=team-tab-membership]").await?;
    app.wait_for_attr("[data-testid=team-ms-can-buy]", "data-value", "true").await?;
    app.wait_for_text("[data-testid=team-ms-can-buy]", "active seat plan").await?;
    assert_eq!(app.count("[data-testid=team-order]").await?, 1);
    assert_eq!(app.count("[data-testid=team-plan]").await?, 2);
    app.shot("team-membership-owner-en", None).await?;

    app.set_locale("zh-CN").await?;
    app.wait_for_text("[data-testid=nav-team]", "团队").await?;
    app.wait_for_text("[data-testid=team-ms-can-buy]", "可以").await?;
    app.click("[data-testid=team-tab-entitlements]").await?;
    app.wait_for_text("[data-testid=team-source][data-open-ended=true]", "长期有效").await?;
    app.shot("team-entitlements-owner-zh", None).await?;
    app.click("[data-testid=team-tab-members]").await?;
    app.wait_for_text("[data-testid=team-members-card]", "所有者").await?;
    app.shot("team-members-owner-zh", None).await?;
    app.close().await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_plain_member_sees_their_quota_and_the_platforms_reason_for_a_refused_route() -> TestResult {
    let (app, _scratch) = open_team(sb::TEAM_BETA_ID).await?;
    assert_eq!(app.count("[data-testid=team-member-row]").await?, 3, "every member sees who is in the Team");
    app.shot("team-members-member-en", None).await?;

    app.click("[data-testid=team-tab-credits]").await?;
    let mine = format!("[data-testid=team-credit-row][data-member-id={}]", sb::TEAM_BETA_MEMBER_ID);
    app.wait_for_text(&format!("{mine} [data-testid=team-credit-remaining]"), sb::TEAM_BETA_BALANCE_DECIMAL)
        .await?;
    assert_eq!(app.count("[data-testid=team-credit-row]").await?, 1, "only their own row");
    app.wait_for_text("[data-testid=team-credits-card]", "only your own row").await?;
    app.shot("team-credits-member-en", None).await?;

    app.click("[data-testid=team-tab-membership]").await?;
    let refused = "[data-testid=team-orders-refused]";
    app.wait_for_attr(refused, "data-kind", "roleRequired").await?;
    app.wait_for_text(&format!("{refused} [data-testid=team-refusal-reason]"), "Your role in this Team")
        .await?;
    let said =
        app.text_of(&format!("{refused} [data-testid=team-refusal-message]")).await?.unwrap_or_default();
    assert!(said.contains("owner or admins"), "the platform's own words: {said}");
    app.wait_for_text(refused, "TEAM_ROLE_REQUIRED").await?;
    assert_eq!(app.count("[data-testid=team-plan]").await?, 2, "the rest still shows");
    app.shot("team-refused-member-en", Some(refused)).await?;

    app.set_locale("zh-CN").await?;
    app.wait_for_text(&format!("{refused} [data-testid=team-refusal-reason]"), "以你在团队中的角色").await?;
    app.shot("team-refused-member-zh", Some(refused)).await?;
    app.click("[data-testid=team-tab-credits]").await?;
    app.wait_for_text("[data-testid=team-credits-card]", "只显示你自己的额度").await?;
    app.shot("team-credits-member-zh", None).await?;
    app.close().await?;
    Ok(())
}

/// A Team member sees their Team while Personal pays, and with two Teams signed in chooses
/// which one to look at; looking never changes who pays (the header says Personal throughout).
#[tokio::test(flavor = "multi_thread")]
async fn a_team_is_shown_while_personal_pays_and_who_pays_stays() -> TestResult {
    let (app, _scratch) = open_team(sb::TEAM_ALPHA_ID).await?;
    app.sign_in_team(sb::TEAM_BETA_ID).await?;
    // Personal pays again, by the person's choice in the header.
    app.click("[data-testid=charged-to]").await?;
    app.click("[data-testid=context-menu] [data-context=personal]").await?;
    app.wait_for_attr("[data-testid=charged-to]", "data-context", "personal").await?;

    app.click("[data-testid=nav-team]").await?;
    app.find("[data-testid=team-members-table]").await?;
    app.find("[data-testid=team-choose]").await?;
    let note = app.wait_for_text("[data-testid=team-not-payer]", "Who pays stays").await?;
    assert!(note.contains(sb::TEAM_ALPHA_NAME), "the first Team signed in is shown first: {note}");
    assert_eq!(app.count("[data-testid=team-member-row]").await?, 4, "Team Alpha's members");

    // The other Team, chosen here: its members; Personal still pays.
    let beta = app
        .client
        .execute(
            "return [...document.querySelectorAll('[data-testid=team-choose] [data-testid^=team-choose-]')]\
               .find((b) => b.textContent.includes(arguments[0]))?.dataset.testid ?? null;",
            vec![serde_json::Value::String(sb::TEAM_BETA_NAME.to_owned())],
        )
        .await?;
    let beta = beta.as_str().ok_or("a choice for Team Beta")?.to_owned();
    app.click(&format!("[data-testid={beta}]")).await?;
    app.wait_for_text("[data-testid=team-not-payer]", sb::TEAM_BETA_NAME).await?;
    for _ in 0..100 {
        if app.count("[data-testid=team-member-row]").await? == 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(app.count("[data-testid=team-member-row]").await?, 3, "Team Beta's members");
    assert_eq!(app.attr("[data-testid=charged-to]", "data-context").await?.as_deref(), Some("personal"));
    app.shot("team-while-personal-pays-en", None).await?;

    app.set_locale("zh-CN").await?;
    app.wait_for_text("[data-testid=team-not-payer]", "计费账户保持页首所示不变").await?;
    app.close().await?;
    Ok(())
}
