//! Lists the platform splits in pages (READINGS P1): the catalogs, the Team list and the TTS
//! options read in full, whichever way the pages are written, and say how they came.

use xiaoya_sandbox::{self as sb, Reading, Readings};

use crate::auth::wire::ContextRequest;
use crate::testing::Rig;

async fn signed_in_with(reading: Option<Reading>) -> Rig {
    let rig = Rig::new().await;
    rig.control().set_readings(reading.into_iter().collect::<Readings>());
    rig.sign_in(ContextRequest::Personal).await;
    rig
}

/// What a person sees of each list: model codes, Team names, TTS configuration ids.
async fn lists(rig: &Rig) -> (Vec<String>, Vec<String>, Vec<String>, Vec<String>) {
    let personal = rig.core.models().model_catalog(true).await.unwrap();
    let teams = rig.core.auth().list_teams().await.unwrap();
    let tts = rig.core.tts().tts_catalog().await.unwrap();
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let team = rig.core.models().model_catalog(true).await.unwrap();
    for (what, shape) in
        [("personal", &personal.reading.shape), ("team", &team.reading.shape), ("tts", &tts.reading.shape)]
    {
        tracing::info!(what, shape, "read");
    }
    (
        personal.items.iter().map(|m| m.model_code.clone()).collect(),
        teams.iter().map(|t| t.name.clone()).collect(),
        tts.configs.iter().map(|c| c.tts_config_id.clone()).collect(),
        team.items.iter().map(|m| m.model_code.clone()).collect(),
    )
}

#[tokio::test]
async fn lists_in_pages_read_in_full_with_a_cursor_or_page_numbers() {
    let whole = lists(&signed_in_with(None).await).await;
    assert!(whole.0.len() > 2 && whole.1.len() > 2 && whole.2.len() > 2 && whole.3.len() > 2, "{whole:?}");
    for reading in [Reading::ListsPagedCursor, Reading::ListsPagedNumbered] {
        let rig = signed_in_with(Some(reading)).await;
        assert_eq!(lists(&rig).await, whole, "{reading:?}: every entry, once, in the platform's order");
    }
}

#[tokio::test]
async fn a_catalog_in_pages_says_how_many_it_came_in() {
    let rig = signed_in_with(Some(Reading::ListsPagedCursor)).await;
    let catalog = rig.core.models().model_catalog(true).await.unwrap();
    let pages = catalog.items.len().div_ceil(sb::LIST_PAGE_SIZE);
    assert_eq!(catalog.reading.shape, format!("data.items ({pages} pages)"));
    assert!(catalog.reading.missing.is_empty(), "{:?}", catalog.reading);
    let tts = rig.core.tts().tts_catalog().await.unwrap();
    assert_eq!(
        tts.reading.shape,
        format!("data.configs ({} pages)", tts.configs.len().div_ceil(sb::LIST_PAGE_SIZE))
    );
}

/// The Team screen's lists (members, their credits, plans) read in full too.
#[tokio::test]
async fn the_team_screens_lists_read_in_full_in_pages() {
    use crate::teams::wire::TeamRead;
    fn names<T: ts_rs::TS>(read: &TeamRead<T>, each: impl Fn(&T) -> Vec<String>) -> (Vec<String>, String) {
        match read {
            TeamRead::Read { value, report, .. } => (each(value), report.shape.clone()),
            _ => panic!("a read answer"),
        }
    }
    let team = ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true };
    let mut whole = None;
    for reading in [None, Some(Reading::ListsPagedCursor), Some(Reading::ListsPagedNumbered)] {
        let rig = Rig::new().await;
        rig.control().set_readings(reading.into_iter().collect::<Readings>());
        rig.sign_in(team.clone()).await;
        let info = rig.core.teams().information(None).await.unwrap();
        let members = names(&info.members, |m| m.iter().filter_map(|m| m.name.clone()).collect());
        let credits =
            names(&info.member_credits, |c| c.members.iter().filter_map(|m| m.name.clone()).collect());
        let plans = names(&info.plans, |p| p.iter().map(|p| format!("{p:?}")).collect());
        let lists = (members.0, credits.0, plans.0);
        assert!(lists.0.len() > sb::LIST_PAGE_SIZE, "{lists:?}");
        match (&whole, reading) {
            (None, _) => whole = Some(lists),
            (Some(whole), Some(reading)) => {
                assert_eq!(&lists, whole, "{reading:?}");
                assert!(members.1.ends_with("(2 pages)"), "{reading:?}: {}", members.1);
            }
            (Some(_), None) => unreachable!(),
        }
    }
}

/// P3: a Team catalog with no model is a catalog, not a failure: it loads, empty, named for
/// its Team (the screens then say the Team's plan decides), and Personal's is untouched.
#[tokio::test]
async fn an_empty_team_catalog_loads_as_that_teams_and_personal_keeps_its_own() {
    let rig = signed_in_with(Some(Reading::TeamCatalogEmpty)).await;
    let personal = rig.core.models().model_catalog(true).await.unwrap();
    assert!(!personal.items.is_empty());
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let team = rig.core.models().model_catalog(true).await.unwrap();
    assert!(team.items.is_empty(), "{:?}", team.items);
    assert_eq!((team.context.kind.as_str(), team.context.label.as_str()), ("team", sb::TEAM_ALPHA_NAME));
    assert!(team.reading.is_clean(), "{:?}", team.reading);
}
