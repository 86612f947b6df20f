//! The consent page a person sees in their browser.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::Response;

use crate::html::{escape, page};
use crate::scope::{scope_string, Scope};
use crate::seed::USER_DISPLAY_NAME;
use crate::world::{AuthorizeGrant, Team};

pub(super) struct ConsentView<'a> {
    pub client_name: &'a str,
    pub grant: &'a AuthorizeGrant,
    pub csrf_token: &'a str,
    pub needs_team_choice: bool,
    pub teams: &'a BTreeMap<String, Team>,
}

fn role_phrase(role: &str) -> &str {
    match role {
        "owner" => "the owner",
        "admin" => "an admin",
        "member" => "a member",
        other => other,
    }
}

fn hidden(name: &str, value: &str) -> String {
    format!("<input type=\"hidden\" name=\"{}\" value=\"{}\">", escape(name), escape(value))
}

/// The hidden fields of a consent page as [`hidden`] wrote them, unescaped: what a browser
/// posts back when the person presses Allow (with `decision=allow`). `None` when the page
/// has no CSRF token (not a consent form).
pub fn consent_form_fields(page: &str) -> Option<Vec<(String, String)>> {
    let unescape = |raw: &str| {
        raw.replace("&quot;", "\"")
            .replace("&#x27;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&")
    };
    let form: Vec<(String, String)> = page
        .split("<input type=\"hidden\" ")
        .skip(1)
        .filter_map(|tag| {
            let name = tag.split("name=\"").nth(1)?.split('"').next()?;
            let value = tag.split("value=\"").nth(1)?.split('"').next()?;
            Some((unescape(name), unescape(value)))
        })
        .collect();
    form.iter().any(|(name, _)| name == "csrf_token").then_some(form)
}

pub(super) fn render_consent(view: ConsentView<'_>) -> Response {
    let grant = view.grant;
    let team = grant.team_id.as_ref().and_then(|id| view.teams.get(id));
    let may_manage = team.is_some_and(Team::may_grant_team_manage);

    let mut scopes = String::new();
    for scope in &grant.requested {
        let withheld = if *scope == Scope::TeamManage && !may_manage {
            let reason = if view.needs_team_choice {
                "Granted only for a Team you own or administer."
            } else {
                "Will not be granted: you are not an owner or admin of this Team."
            };
            format!("<div class=\"withheld\">{}</div>", escape(reason))
        } else {
            String::new()
        };
        scopes.push_str(&format!(
            "<li>{} <code>{}</code>{}</li>",
            escape(scope.plain_words()),
            escape(scope.as_str()),
            withheld
        ));
    }

    let context = match (team, view.needs_team_choice) {
        (Some(team), _) => format!(
            "<div class=\"team\">For the Team <strong>{}</strong>, where you are {}. Calls are paid from the Team's wallet.</div>",
            escape(&team.name),
            escape(role_phrase(&team.role))
        ),
        (None, true) => {
            let options: String = view
                .teams
                .values()
                .map(|t| format!("<option value=\"{}\">{} ({})</option>", escape(&t.id), escape(&t.name), escape(&t.role)))
                .collect();
            format!("<div class=\"team\"><label for=\"team_id\">Choose a Team</label><select id=\"team_id\" name=\"team_id\">{options}</select></div>")
        }
        (None, false) => "<div class=\"team\">For your <strong>Personal</strong> account. Calls are paid from your own points.</div>".to_string(),
    };

    let mut fields = String::new();
    fields.push_str(&hidden("client_id", &grant.client_id));
    fields.push_str(&hidden("redirect_uri", &grant.redirect_uri));
    fields.push_str(&hidden("scope", &scope_string(&grant.requested)));
    fields.push_str(&hidden("state_value", grant.state.as_deref().unwrap_or("")));
    fields.push_str(&hidden("code_challenge", grant.code_challenge.as_deref().unwrap_or("")));
    let method = if grant.code_challenge.is_some() { "S256" } else { "" };
    fields.push_str(&hidden("code_challenge_method", method));
    fields.push_str(&hidden("csrf_token", view.csrf_token));
    if let Some(team_id) = &grant.team_id {
        fields.push_str(&hidden("team_id", team_id));
    }

    let body = format!(
        "<h1>Allow {client} to use your Xiaoya account?</h1>\
         <p>Signed in as <strong>{user}</strong>.</p>\
         <form method=\"post\" action=\"/oauth/authorize\">{context}\
         <p>{client} is asking to:</p><ul class=\"scopes\">{scopes}</ul>{fields}\
         <div class=\"actions\"><button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button>\
         <button class=\"allow\" type=\"submit\" name=\"decision\" value=\"allow\">Allow</button></div>\
         </form><p class=\"fine\">You can revoke this access at any time. Xiaoya never shows your password to {client}.</p>",
        client = escape(view.client_name),
        user = escape(USER_DISPLAY_NAME),
    );
    page(StatusCode::OK, &format!("Allow {}?", view.client_name), &body)
}
