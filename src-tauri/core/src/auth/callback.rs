//! The OAuth redirect as it arrives through a deep link, parsed exactly (A5) before
//! anything else looks at it. Nothing taken from a link is ever opened (A6).

use url::Url;

use crate::foundation::secret::Sensitive;

/// Longer callbacks are refused outright.
pub const MAX_CALLBACK_LEN: usize = 4096;
/// `error_description` is shown to people, escaped and cut to this many characters (A7).
pub const MAX_DESCRIPTION_CHARS: usize = 300;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallbackError {
    #[error("the link is longer than {MAX_CALLBACK_LEN} bytes")]
    TooLong,
    #[error("the link is not a valid URL")]
    NotAUrl,
    #[error("the link is not this app's sign-in callback")]
    WrongTarget,
    #[error("the link carries a fragment or credentials")]
    Malformed,
    #[error("the parameter `{0}` appears more than once")]
    Duplicate(String),
    #[error("the link has no `state`")]
    MissingState,
    #[error("the link has neither a code nor an error")]
    MissingCode,
    #[error("the link has both a code and an error")]
    Ambiguous,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Code(Sensitive<String>),
    Error { error: String, description: Option<String>, uri: Option<String> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Callback {
    pub state: String,
    pub outcome: Outcome,
}

/// Whether `raw` is addressed to `redirect_uri` at all (same scheme, host, port, path).
/// Other deep links are not sign-in callbacks and are ignored quietly.
pub fn is_callback_for(raw: &str, redirect_uri: &Url) -> bool {
    Url::parse(raw).map(|u| same_target(&u, redirect_uri)).unwrap_or(false)
}

fn same_target(url: &Url, redirect_uri: &Url) -> bool {
    url.scheme() == redirect_uri.scheme()
        && url.host_str() == redirect_uri.host_str()
        && url.port_or_known_default() == redirect_uri.port_or_known_default()
        && url.path() == redirect_uri.path()
}

pub fn parse(raw: &str, redirect_uri: &Url) -> Result<Callback, CallbackError> {
    if raw.len() > MAX_CALLBACK_LEN {
        return Err(CallbackError::TooLong);
    }
    let url = Url::parse(raw).map_err(|_| CallbackError::NotAUrl)?;
    if !same_target(&url, redirect_uri) {
        return Err(CallbackError::WrongTarget);
    }
    if url.fragment().is_some() || raw.contains('#') || !url.username().is_empty() || url.password().is_some()
    {
        return Err(CallbackError::Malformed);
    }
    let mut state = None;
    let mut code = None;
    let mut error = None;
    let mut description = None;
    let mut uri = None;
    let mut seen: Vec<String> = Vec::new();
    for (name, value) in url.query_pairs() {
        if seen.iter().any(|s| *s == name) {
            return Err(CallbackError::Duplicate(name.into_owned()));
        }
        seen.push(name.clone().into_owned());
        let slot = match name.as_ref() {
            "state" => &mut state,
            "code" => &mut code,
            "error" => &mut error,
            "error_description" => &mut description,
            "error_uri" => &mut uri,
            _ => continue,
        };
        *slot = Some(value.into_owned());
    }
    let state = state.filter(|s| !s.is_empty()).ok_or(CallbackError::MissingState)?;
    let outcome = match (code, error) {
        (Some(_), Some(_)) => return Err(CallbackError::Ambiguous),
        (Some(code), None) if !code.is_empty() => Outcome::Code(Sensitive::new(code)),
        (None, Some(error)) if !error.is_empty() => Outcome::Error {
            error: cap(&error, 64),
            description: description.map(|d| cap(&d, MAX_DESCRIPTION_CHARS)),
            uri,
        },
        _ => return Err(CallbackError::MissingCode),
    };
    Ok(Callback { state, outcome })
}

/// Keeps printable text only, cut to `max` characters.
fn cap(text: &str, max: usize) -> String {
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    if clean.chars().count() <= max {
        clean
    } else {
        clean.chars().take(max).chain(std::iter::once('…')).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redirect() -> Url {
        Url::parse("xiaoya-companion://oauth/callback").unwrap()
    }

    #[test]
    fn a_good_callback_yields_code_and_state() {
        let cb = parse("xiaoya-companion://oauth/callback?code=abc&state=xyz", &redirect()).unwrap();
        assert_eq!(cb.state, "xyz");
        assert_eq!(cb.outcome, Outcome::Code(Sensitive::new("abc".into())));
    }

    #[test]
    fn unknown_extra_parameters_are_ignored() {
        let cb = parse("xiaoya-companion://oauth/callback?code=abc&state=xyz&iss=x", &redirect()).unwrap();
        assert_eq!(cb.state, "xyz");
    }

    #[test]
    fn malformed_callbacks_are_rejected() {
        let r = redirect();
        let cases = [
            (
                "xiaoya-companion://oauth/callback?code=a&code=b&state=s",
                CallbackError::Duplicate("code".into()),
            ),
            (
                "xiaoya-companion://oauth/callback?code=a&state=s&state=t",
                CallbackError::Duplicate("state".into()),
            ),
            ("xiaoya-companion://oauth/callback?code=a&state=s#frag", CallbackError::Malformed),
            ("xiaoya-companion://oauth/callback?code=a&state=s#", CallbackError::Malformed),
            ("xiaoya-companion://user:pw@oauth/callback?code=a&state=s", CallbackError::Malformed),
            ("xiaoya-companion://oauth/other?code=a&state=s", CallbackError::WrongTarget),
            ("other-app://oauth/callback?code=a&state=s", CallbackError::WrongTarget),
            ("xiaoya-companion://oauth/callback?code=a", CallbackError::MissingState),
            ("xiaoya-companion://oauth/callback?state=s", CallbackError::MissingCode),
            ("xiaoya-companion://oauth/callback?code=&state=s", CallbackError::MissingCode),
            ("xiaoya-companion://oauth/callback?code=a&error=x&state=s", CallbackError::Ambiguous),
            ("not a url", CallbackError::NotAUrl),
        ];
        for (raw, want) in cases {
            assert_eq!(parse(raw, &r), Err(want), "{raw}");
        }
        let long = format!("xiaoya-companion://oauth/callback?code={}&state=s", "a".repeat(MAX_CALLBACK_LEN));
        assert_eq!(parse(&long, &r), Err(CallbackError::TooLong));
    }

    #[test]
    fn oauth_errors_are_kept_as_capped_plain_text() {
        let raw = format!(
            "xiaoya-companion://oauth/callback?error=access_denied&error_description={}&error_uri=https%3A%2F%2Fevil&state=s",
            "%3Cscript%3Ealert(1)%3C%2Fscript%3E".repeat(40)
        );
        let cb = parse(&raw, &redirect()).unwrap();
        let Outcome::Error { error, description, uri } = cb.outcome else {
            panic!("expected an error outcome")
        };
        assert_eq!(error, "access_denied");
        let description = description.unwrap();
        assert!(description.starts_with("<script>"), "kept as text; the UI escapes it");
        assert_eq!(description.chars().count(), MAX_DESCRIPTION_CHARS + 1);
        assert_eq!(uri.as_deref(), Some("https://evil"));
    }

    #[test]
    fn loopback_redirects_compare_ports() {
        let r = Url::parse("http://127.0.0.1:7777/callback").unwrap();
        assert!(parse("http://127.0.0.1:7777/callback?code=a&state=s", &r).is_ok());
        assert_eq!(
            parse("http://127.0.0.1:7778/callback?code=a&state=s", &r),
            Err(CallbackError::WrongTarget)
        );
    }
}
