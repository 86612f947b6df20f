//! Which platform the app talks to. With no client configured the app runs against
//! the built-in sandbox; a configured client id (settings or environment) points it
//! at a real platform origin.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use url::Url;

use crate::foundation::error::{Error, Result};

pub const DEFAULT_PLATFORM_ORIGIN: &str = "https://claw.zhenhuiai.com";
pub const DEFAULT_REDIRECT_URI: &str = "xiaoya-companion://oauth/callback";
pub const SANDBOX_CLIENT_ID: &str = "xiaoya-companion-sandbox";
/// `client_id` is at most 32 characters on the platform's authorize form.
const CLIENT_ID_MAX: usize = 32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PlatformMode {
    /// The built-in simulation: no account, no real points.
    Sandbox,
    /// A real platform origin with a registered client.
    Configured,
}

/// The platform the app is bound to. Nothing here is secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlatformInfo {
    pub mode: PlatformMode,
    pub origin: String,
    pub client_id: String,
    pub redirect_uri: String,
    /// Set while the built-in sandbox replays a cassette: the header says "Replay — recorded
    /// <date>, no real points" instead of "Sandbox".
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<ReplayInfo>,
}

/// The cassette a replay serves, as the header names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReplayInfo {
    /// When it was recorded, RFC 3339.
    pub recorded_at: String,
    /// The context it was recorded in ("Personal" or a Team's name).
    pub context: String,
}

/// What a person types in Settings to point the app at a real platform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlatformSettingsInput {
    pub base_url: String,
    pub client_id: String,
    pub redirect_uri: String,
}

/// Environment overrides, read once at start-up.
pub const ENV_PLATFORM_URL: &str = "XIAOYA_PLATFORM_URL";
pub const ENV_CLIENT_ID: &str = "XIAOYA_CLIENT_ID";
pub const ENV_REDIRECT_URI: &str = "XIAOYA_REDIRECT_URI";
/// Points the app at a sandbox that is already running (tests use this to inject
/// faults into the sandbox the app talks to). The app still shows "Sandbox".
pub const ENV_SANDBOX_URL: &str = "XIAOYA_SANDBOX_URL";

/// The platform the app is bound to right now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Platform {
    pub mode: PlatformMode,
    pub origin: Url,
    pub client_id: String,
    pub redirect_uri: Url,
    /// A cassette served by the built-in sandbox instead of its own world.
    pub replay: Option<ReplayInfo>,
}

impl Platform {
    pub fn sandbox(origin: Url) -> Self {
        Platform {
            mode: PlatformMode::Sandbox,
            origin,
            client_id: SANDBOX_CLIENT_ID.to_owned(),
            redirect_uri: Url::parse(DEFAULT_REDIRECT_URI).expect("constant URL"),
            replay: None,
        }
    }

    pub fn info(&self) -> PlatformInfo {
        PlatformInfo {
            mode: self.mode,
            origin: origin_string(&self.origin),
            client_id: self.client_id.clone(),
            redirect_uri: self.redirect_uri.to_string(),
            replay: self.replay.clone(),
        }
    }
}

/// What the settings and the environment ask for, before any sandbox is started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlatformChoice {
    /// Start the built-in sandbox.
    EmbeddedSandbox,
    /// Use a sandbox already running at this origin.
    ExternalSandbox(Url),
    Configured(Platform),
}

/// Settings as stored: all optional, validated when read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredPlatform {
    pub base_url: Option<String>,
    pub client_id: Option<String>,
    pub redirect_uri: Option<String>,
}

/// Resolves the platform from environment first, then stored settings.
pub fn choose(env: &dyn Fn(&str) -> Option<String>, stored: &StoredPlatform) -> Result<PlatformChoice> {
    if let Some(url) = env(ENV_SANDBOX_URL).filter(|v| !v.trim().is_empty()) {
        return Ok(PlatformChoice::ExternalSandbox(parse_origin(&url)?));
    }
    let pick = |key: &str, stored: &Option<String>| {
        env(key).filter(|v| !v.trim().is_empty()).or_else(|| stored.clone())
    };
    let Some(client_id) = pick(ENV_CLIENT_ID, &stored.client_id) else {
        return Ok(PlatformChoice::EmbeddedSandbox);
    };
    let input = PlatformSettingsInput {
        base_url: pick(ENV_PLATFORM_URL, &stored.base_url).unwrap_or_else(|| DEFAULT_PLATFORM_ORIGIN.into()),
        client_id,
        redirect_uri: pick(ENV_REDIRECT_URI, &stored.redirect_uri)
            .unwrap_or_else(|| DEFAULT_REDIRECT_URI.into()),
    };
    Ok(PlatformChoice::Configured(validate(&input)?))
}

/// Checks settings a person typed in before they are saved.
pub fn validate(input: &PlatformSettingsInput) -> Result<Platform> {
    let origin = parse_origin(&input.base_url)?;
    let client_id = input.client_id.trim();
    if client_id.is_empty()
        || client_id.chars().count() > CLIENT_ID_MAX
        || !client_id.chars().all(|c| c.is_ascii_graphic())
    {
        return Err(Error::InvalidInput(format!(
            "client id must be 1–{CLIENT_ID_MAX} visible ASCII characters"
        )));
    }
    let redirect_uri = parse_redirect_uri(input.redirect_uri.trim())?;
    Ok(Platform {
        mode: PlatformMode::Configured,
        origin,
        client_id: client_id.to_owned(),
        redirect_uri,
        replay: None,
    })
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// A platform origin: https (http only for loopback), no credentials, path, query or fragment.
pub fn parse_origin(raw: &str) -> Result<Url> {
    let url = Url::parse(raw.trim()).map_err(|e| Error::InvalidInput(format!("platform URL: {e}")))?;
    let scheme_ok = url.scheme() == "https" || (url.scheme() == "http" && is_loopback(&url));
    if !scheme_ok {
        return Err(Error::InvalidInput("platform URL must use https (http only for localhost)".into()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Error::InvalidInput("platform URL must not contain credentials".into()));
    }
    if url.host().is_none()
        || url.query().is_some()
        || url.fragment().is_some()
        || !matches!(url.path(), "" | "/")
    {
        return Err(Error::InvalidInput("platform URL must be an origin such as https://example.com".into()));
    }
    Ok(url)
}

/// The redirect URI registered for the client, one of three kinds (see `RedirectKind`):
/// a custom scheme, a loopback `http://127.0.0.1[:port]/path` (or `[::1]`), or an https page;
/// never with a fragment or credentials.
pub fn parse_redirect_uri(raw: &str) -> Result<Url> {
    let url = Url::parse(raw).map_err(|e| Error::InvalidInput(format!("redirect URI: {e}")))?;
    if url.fragment().is_some() || !url.username().is_empty() || url.password().is_some() {
        return Err(Error::InvalidInput("redirect URI must not contain a fragment or credentials".into()));
    }
    match url.scheme() {
        "https" if url.host().is_some() => Ok(url),
        "http" => {
            // RFC 8252 §7.3: the loopback IP literal, not `localhost` (§8.3), which the
            // browser may resolve to an address the app is not listening on.
            let literal = matches!(url.host(), Some(url::Host::Ipv4(ip)) if ip.is_loopback())
                || matches!(url.host(), Some(url::Host::Ipv6(ip)) if ip.is_loopback());
            if !literal {
                return Err(Error::InvalidInput(
                    "a http redirect URI must be a loopback one such as http://127.0.0.1/oauth/callback"
                        .into(),
                ));
            }
            if url.query().is_some() {
                return Err(Error::InvalidInput("a loopback redirect URI has no query".into()));
            }
            Ok(url)
        }
        "https" => Err(Error::InvalidInput("redirect URI must name a host".into())),
        "file" | "javascript" | "data" | "blob" | "about" | "ftp" | "ws" | "wss" => Err(Error::InvalidInput(
            "redirect URI must be a custom scheme such as xiaoya-companion://oauth/callback".into(),
        )),
        scheme if scheme.len() >= 3 => Ok(url),
        _ => Err(Error::InvalidInput(
            "redirect URI must be a custom scheme such as xiaoya-companion://oauth/callback".into(),
        )),
    }
}

/// How the browser comes back after consent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RedirectKind {
    /// A custom scheme (`xiaoya-companion://…`): the desktop hands the link to the app.
    DeepLink,
    /// RFC 8252 §7.3: each sign-in listens on 127.0.0.1 (a free port when the URI has none)
    /// for its one callback, then stops listening.
    Loopback,
    /// A publisher's https page, registered as the redirect URI, that forwards `code` and
    /// `state` to `xiaoya-companion://oauth/callback`; the app sends the https URI and
    /// receives the callback as a deep link.
    HttpsForwarded,
}

impl Platform {
    pub fn redirect_kind(&self) -> RedirectKind {
        match self.redirect_uri.scheme() {
            "http" => RedirectKind::Loopback,
            "https" => RedirectKind::HttpsForwarded,
            _ => RedirectKind::DeepLink,
        }
    }

    /// The deep link a callback arrives as, or `None` for a loopback redirect (its
    /// callbacks arrive at the listener, never as deep links).
    pub fn deep_link_target(&self) -> Option<Url> {
        match self.redirect_kind() {
            RedirectKind::DeepLink => Some(self.redirect_uri.clone()),
            RedirectKind::HttpsForwarded => Url::parse(DEFAULT_REDIRECT_URI).ok(),
            RedirectKind::Loopback => None,
        }
    }
}

/// `https://host[:port]` without a trailing slash, as shown to people.
pub fn origin_string(url: &Url) -> String {
    url.origin().ascii_serialization()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn nothing_configured_means_embedded_sandbox() {
        assert_eq!(choose(&no_env, &StoredPlatform::default()).unwrap(), PlatformChoice::EmbeddedSandbox);
    }

    #[test]
    fn a_client_id_selects_the_real_platform_with_documented_defaults() {
        let stored = StoredPlatform { client_id: Some("agent-client".into()), ..Default::default() };
        let PlatformChoice::Configured(p) = choose(&no_env, &stored).unwrap() else {
            panic!("expected configured")
        };
        assert_eq!(origin_string(&p.origin), "https://claw.zhenhuiai.com");
        assert_eq!(p.redirect_uri.as_str(), "xiaoya-companion://oauth/callback");
        assert_eq!(p.mode, PlatformMode::Configured);
    }

    #[test]
    fn environment_wins_over_stored_settings() {
        let env = |k: &str| match k {
            ENV_CLIENT_ID => Some("from-env".to_string()),
            ENV_PLATFORM_URL => Some("https://staging.example.com".to_string()),
            _ => None,
        };
        let stored = StoredPlatform { client_id: Some("stored".into()), ..Default::default() };
        let PlatformChoice::Configured(p) = choose(&env, &stored).unwrap() else {
            panic!("expected configured")
        };
        assert_eq!(p.client_id, "from-env");
        assert_eq!(origin_string(&p.origin), "https://staging.example.com");
    }

    #[test]
    fn external_sandbox_url_is_still_sandbox_mode() {
        let env = |k: &str| (k == ENV_SANDBOX_URL).then(|| "http://127.0.0.1:4555".to_string());
        assert_eq!(
            choose(&env, &StoredPlatform::default()).unwrap(),
            PlatformChoice::ExternalSandbox(Url::parse("http://127.0.0.1:4555").unwrap())
        );
    }

    #[test]
    fn origins_must_be_https_except_loopback() {
        assert!(parse_origin("http://claw.zhenhuiai.com").is_err());
        assert!(parse_origin("http://127.0.0.1:8080").is_ok());
        assert!(parse_origin("http://localhost:8080").is_ok());
        assert!(parse_origin("https://user:pw@example.com").is_err());
        assert!(parse_origin("https://example.com/api").is_err());
        assert!(parse_origin("https://example.com/?x=1").is_err());
        assert!(parse_origin("not a url").is_err());
    }

    /// Proves A9 (HTTPS for non-loopback hosts): plain http is accepted only for loopback
    /// hosts (127.0.0.0/8, ::1, `localhost`), however the origin arrives: typed in Settings,
    /// `XIAOYA_PLATFORM_URL`, or `XIAOYA_SANDBOX_URL`.
    #[test]
    fn plain_http_is_accepted_only_for_loopback_hosts() {
        for ok in [
            "https://example.com",
            "https://10.0.0.1",
            "http://127.0.0.1:8080",
            "http://127.0.0.2",
            "http://[::1]:8080",
            "http://localhost",
            "http://LOCALHOST:1",
        ] {
            assert!(parse_origin(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://localhost.example.com",
            "http://127.0.0.1.nip.io",
            "http://localhost@evil.example",
            "http://example.com:80",
            "HTTP://EXAMPLE.COM",
            "http://10.0.0.1",
            "http://192.168.1.10:8080",
            "http://0.0.0.0:8080",
            "http://[2001:db8::1]",
            "ws://127.0.0.1",
            "file:///etc/passwd",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
        let platform_env = |k: &str| match k {
            ENV_CLIENT_ID => Some("from-env".to_string()),
            ENV_PLATFORM_URL => Some("http://staging.example.com".to_string()),
            _ => None,
        };
        assert!(choose(&platform_env, &StoredPlatform::default()).is_err(), "XIAOYA_PLATFORM_URL");
        let stored = StoredPlatform {
            base_url: Some("http://staging.example.com".into()),
            client_id: Some("c".into()),
            redirect_uri: None,
        };
        assert!(choose(&no_env, &stored).is_err(), "stored settings are checked again when read");
        let sandbox_env = |k: &str| (k == ENV_SANDBOX_URL).then(|| "http://sandbox.example.com".to_string());
        assert!(choose(&sandbox_env, &StoredPlatform::default()).is_err(), "XIAOYA_SANDBOX_URL");
    }

    #[test]
    fn client_ids_and_redirect_uris_are_checked() {
        let ok = PlatformSettingsInput {
            base_url: "https://example.com".into(),
            client_id: "agent-client".into(),
            redirect_uri: DEFAULT_REDIRECT_URI.into(),
        };
        assert!(validate(&ok).is_ok());
        for bad_id in ["", "   ", "has space", &"x".repeat(33)] {
            assert!(
                validate(&PlatformSettingsInput { client_id: bad_id.into(), ..ok.clone() }).is_err(),
                "{bad_id:?}"
            );
        }
        for bad_redirect in [
            "xiaoya-companion://oauth/callback#frag",
            "nope",
            "http://localhost/oauth/callback",
            "http://example.com/oauth/callback",
            "http://127.0.0.1/oauth/callback?x=1",
            "https://user:pw@example.com/cb",
            "file:///tmp/cb",
            "javascript://x/cb",
        ] {
            let input = PlatformSettingsInput { redirect_uri: bad_redirect.into(), ..ok.clone() };
            assert!(validate(&input).is_err(), "{bad_redirect}");
        }
        let loopback = PlatformSettingsInput { redirect_uri: "http://127.0.0.1:7777/callback".into(), ..ok };
        assert!(validate(&loopback).is_ok());
    }

    /// Item 8 of issue 11: the three redirect choices, and where each callback arrives.
    #[test]
    fn redirect_uris_are_a_deep_link_a_loopback_or_a_forwarding_https_page() {
        let platform = |redirect: &str| {
            validate(&PlatformSettingsInput {
                base_url: "https://example.com".into(),
                client_id: "agent-client".into(),
                redirect_uri: redirect.into(),
            })
            .unwrap()
        };
        let deep = platform(DEFAULT_REDIRECT_URI);
        assert_eq!(deep.redirect_kind(), RedirectKind::DeepLink);
        assert_eq!(deep.deep_link_target().unwrap().as_str(), DEFAULT_REDIRECT_URI);
        for loopback in
            ["http://127.0.0.1/oauth/callback", "http://127.0.0.1:8765/oauth/callback", "http://[::1]/cb"]
        {
            let p = platform(loopback);
            assert_eq!(p.redirect_kind(), RedirectKind::Loopback, "{loopback}");
            assert_eq!(p.deep_link_target(), None, "a loopback callback never arrives as a deep link");
        }
        let https = platform("https://companion.example.com/oauth/callback");
        assert_eq!(https.redirect_kind(), RedirectKind::HttpsForwarded);
        assert_eq!(
            https.redirect_uri.as_str(),
            "https://companion.example.com/oauth/callback",
            "what is sent"
        );
        assert_eq!(https.deep_link_target().unwrap().as_str(), DEFAULT_REDIRECT_URI, "what comes back");
    }
}
