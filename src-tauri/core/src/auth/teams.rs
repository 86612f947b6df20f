//! Reading the Team list (`GET /api/v1/open/teams`) with the tolerant readers of
//! `reading.rs`. It lives with the auth types it builds, so `reading.rs` knows no area.

use serde_json::{Map, Value};

use super::wire::TeamChoice;
use crate::foundation::error::{Error, Result};
use crate::foundation::reading::{capped, describe, field, find_list, normalise_word, ReadReport};

/// A role or a member status as the app compares and labels it, whatever the platform's case
/// (`OWNER`, `Owner`, `PENDING_INVITE` read `owner`, `owner`, `pending_invite`); blank is absent.
pub fn word(raw: Option<String>) -> Option<String> {
    raw.map(|r| capped(&normalise_word(&r), MAX_WORD_CHARS)).filter(|r| !r.is_empty())
}

/// The names the Team list may have (beside the common wrappers).
pub const TEAM_LISTS: &[&str] = &["teams"];

/// How much of a role or status word is kept (the documented ones are under 20 characters).
const MAX_WORD_CHARS: usize = 64;

/// Reads `GET /api/v1/open/teams` data: a bare list (the sandbox's), `{items}`,
/// `{teams}`, `{data}`, one wrapper deeper too; ids as text or numbers, `name` or
/// `teamName`, `status` or `memberStatus`. Entries without an id are skipped and reported.
pub fn read_teams(data: &Value) -> Result<(Vec<TeamChoice>, ReadReport)> {
    let (list, shape) = find_list(data, TEAM_LISTS)
        .ok_or_else(|| Error::Decode(format!("the Team list is not a list: {}", describe(data))))?;
    let mut report = ReadReport::new(shape);
    let text = |map: &Map<String, Value>, names: &[&'static str]| match field(map, names) {
        Some((_, Value::String(s))) => Some(s.clone()),
        Some((_, Value::Number(n))) => Some(n.to_string()),
        _ => None,
    };
    let mut teams: Vec<TeamChoice> = Vec::new();
    for entry in list {
        let Some(map) = entry.as_object() else {
            report.unrecognised(format!("teams[] = {}", describe(entry)));
            continue;
        };
        let Some(team_id) = text(map, &["teamId", "team_id", "id"]).filter(|t| !t.is_empty()) else {
            report.missing("teams[].teamId");
            continue;
        };
        if teams.iter().any(|t| t.team_id == team_id) {
            continue;
        }
        let name = text(map, &["name", "teamName", "displayName"]).unwrap_or_else(|| {
            report.missing("teams[].name");
            team_id.clone()
        });
        teams.push(TeamChoice {
            team_id,
            name,
            role: word(text(map, &["role", "memberRole"])),
            status: word(text(map, &["status", "teamStatus"])),
            member_status: word(text(map, &["memberStatus", "member_status"])),
        });
    }
    Ok((teams, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_lists_are_read_in_every_wrapper() {
        let entry =
            serde_json::json!({"teamId": "t1", "name": "Alpha", "role": "owner", "memberStatus": "active"});
        for data in [
            serde_json::json!([entry]),
            serde_json::json!({"items": [entry]}),
            serde_json::json!({"teams": [entry]}),
            serde_json::json!({"data": {"teams": [entry]}}),
        ] {
            let (teams, report) = read_teams(&data).unwrap();
            assert_eq!(teams.len(), 1, "{data}");
            assert_eq!(
                (teams[0].team_id.as_str(), teams[0].member_status.as_deref()),
                ("t1", Some("active"))
            );
            assert!(report.is_clean(), "{report:?}");
        }
        let (teams, report) = read_teams(&serde_json::json!([{"id": 7}, {"name": "no id"}])).unwrap();
        assert_eq!((teams[0].team_id.as_str(), teams[0].name.as_str()), ("7", "7"));
        assert_eq!(report.missing, vec!["teams[].name".to_owned(), "teams[].teamId".to_owned()]);
        assert!(read_teams(&serde_json::json!({"x": 1})).is_err());
    }

    /// Reading F3: the docs write roles and member statuses in lower case without saying so;
    /// another case reads the same, so the picker's labels and the "not active" warning hold.
    #[test]
    fn roles_and_statuses_in_another_case_read_the_same() {
        let data = serde_json::json!([
            {"teamId": "t1", "name": "Alpha", "role": "OWNER", "memberStatus": "Active"},
            {"teamId": "t2", "name": "Beta", "role": " Member ", "memberStatus": "PENDING_INVITE"},
            {"teamId": "t3", "name": "Gamma", "role": "", "memberStatus": "pendingInvite"},
        ]);
        let (teams, _) = read_teams(&data).unwrap();
        let read: Vec<_> = teams.iter().map(|t| (t.role.as_deref(), t.member_status.as_deref())).collect();
        assert_eq!(
            read,
            vec![
                (Some("owner"), Some("active")),
                (Some("member"), Some("pending_invite")),
                (None, Some("pending_invite")),
            ]
        );
    }
}
