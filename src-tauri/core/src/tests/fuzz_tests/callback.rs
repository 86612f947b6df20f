//! The sign-in callback parser (`auth::callback::parse`): arbitrary strings and URL-ish
//! strings never panic; only well-formed callbacks are accepted, and a well-formed one
//! reads to exactly its state and code (or error).

use proptest::prelude::*;
use url::form_urlencoded::Serializer;
use url::Url;

use super::{config, re, text};
use crate::auth::callback::{is_callback_for, parse, Callback, Outcome, MAX_CALLBACK_LEN};
use crate::foundation::secret::Sensitive;

const REDIRECTS: [&str; 2] = ["xiaoya-companion://oauth/callback", "http://127.0.0.1:7777/callback"];

fn redirect(i: usize) -> Url {
    Url::parse(REDIRECTS[i % REDIRECTS.len()]).expect("a valid redirect URI")
}

const KNOWN: [&str; 5] = ["state", "code", "error", "error_description", "error_uri"];

/// Strings built from the pieces a callback is made of, mostly near-valid ones.
fn url_ish() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "xiaoya-companion://",
        "http://",
        "https://",
        "XIAOYA-COMPANION://",
        "other://",
        "xiaoya-companion:",
        "",
        "file://",
    ]);
    let userinfo = prop::sample::select(vec!["", "", "", "user@", "user:pw@", ":@", "@"]);
    let host = prop::sample::select(vec![
        "oauth",
        "OAUTH",
        "127.0.0.1",
        "localhost",
        "[::1]",
        "",
        "oauth.",
        "%6Fauth",
        "127.0.0.1.",
        "evil",
    ]);
    let port = prop::sample::select(vec!["", "", ":7777", ":80", ":7778", ":", ":99999", ":07777"]);
    let path = prop::sample::select(vec![
        "/callback",
        "/callback",
        "/callback/",
        "/Callback",
        "/other",
        "",
        "/%63allback",
        "/callback/../callback",
        "/./callback",
    ]);
    let name = prop_oneof![prop::sample::select(KNOWN.to_vec()).prop_map(str::to_owned), re("[a-z_%+]{0,6}")];
    let value = prop_oneof![re("[a-zA-Z0-9_~.-]{0,8}"), re("[%+=&#?/ a-f0-9]{0,8}"), text()];
    let pair = (name, prop::sample::select(vec!["=", "=", "", "=="]), value)
        .prop_map(|(n, eq, v)| format!("{n}{eq}{v}"));
    let query = prop::collection::vec(pair, 0..6).prop_map(|p| p.join("&"));
    let tail = prop::sample::select(vec!["", "", "", "#", "#frag", "&", "?", "%", "%zz", "\u{0}", " "]);
    (scheme, userinfo, host, port, path, prop::sample::select(vec!["?", "?", "", "??"]), query, tail)
        .prop_map(|(s, u, h, p, pa, q, query, t)| format!("{s}{u}{h}{p}{pa}{q}{query}{t}"))
}

/// What an accepted callback must be, checked from the raw text on its own.
fn assert_well_formed(raw: &str, r: &Url, cb: &Callback) -> Result<(), TestCaseError> {
    prop_assert!(raw.len() <= MAX_CALLBACK_LEN);
    prop_assert!(!raw.contains('#'), "a fragment was accepted: {:?}", raw);
    let url = Url::parse(raw).map_err(|e| TestCaseError::fail(format!("accepted a non-URL {raw:?}: {e}")))?;
    prop_assert_eq!(url.scheme(), r.scheme());
    prop_assert_eq!(url.host_str(), r.host_str());
    prop_assert_eq!(url.port_or_known_default(), r.port_or_known_default());
    prop_assert_eq!(url.path(), r.path());
    prop_assert!(url.username().is_empty() && url.password().is_none(), "credentials accepted: {:?}", raw);
    let pairs: Vec<(String, String)> =
        url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    for (i, (name, _)) in pairs.iter().enumerate() {
        prop_assert!(!pairs[..i].iter().any(|(n, _)| n == name), "duplicate {:?} accepted: {:?}", name, raw);
    }
    let get = |n: &str| pairs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
    prop_assert_eq!(Some(cb.state.as_str()), get("state"));
    prop_assert!(!cb.state.is_empty());
    match &cb.outcome {
        Outcome::Code(code) => {
            prop_assert_eq!(Some(code.expose().as_str()), get("code"));
            prop_assert!(!code.expose().is_empty() && get("error").is_none());
        }
        Outcome::Error { error, uri, .. } => {
            prop_assert!(get("code").is_none() && !get("error").unwrap_or_default().is_empty());
            prop_assert!(!error.is_empty() && !error.chars().any(char::is_control));
            prop_assert_eq!(uri.as_deref(), get("error_uri"));
        }
    }
    prop_assert!(is_callback_for(raw, r));
    Ok(())
}

#[derive(Debug, Clone)]
enum Answer {
    Code(String),
    Error { error: String, description: Option<String>, uri: Option<String> },
}

/// A well-formed callback: state, a code or an error, unknown extras, in any order.
fn well_formed() -> impl Strategy<Value = (usize, String, Answer, Vec<(String, String)>, Vec<usize>)> {
    let answer = prop_oneof![
        re(".{1,40}").prop_map(Answer::Code),
        (re("[a-z_]{1,64}"), proptest::option::of(re("[ -~]{0,300}")), proptest::option::of(re(".{0,40}")),)
            .prop_map(|(error, description, uri)| Answer::Error { error, description, uri }),
    ];
    let extra =
        (re("[a-z]{1,8}").prop_filter("not a known name", |n| !KNOWN.contains(&n.as_str())), re(".{0,12}"));
    // Extras with distinct names: any name twice is refused.
    let extras =
        prop::collection::btree_map(extra.0, extra.1, 0..3).prop_map(|m| m.into_iter().collect::<Vec<_>>());
    (0usize..2, re(".{1,40}"), answer, extras, prop::collection::vec(any::<usize>(), 8))
}

fn build(r: &Url, pairs: &[(String, String)]) -> String {
    let mut query = Serializer::new(String::new());
    for (k, v) in pairs {
        query.append_pair(k, v);
    }
    format!("{r}?{}", query.finish())
}

proptest! {
    #![proptest_config(config())]

    /// Any string never panics, and is accepted only when it is a well-formed callback.
    #[test]
    fn fuzz_callback_any_string_is_accepted_only_when_well_formed(raw in prop_oneof![url_ish(), text()], i in 0usize..2) {
        let r = redirect(i);
        let _ = is_callback_for(&raw, &r);
        if let Ok(cb) = parse(&raw, &r) {
            assert_well_formed(&raw, &r, &cb)?;
        }
    }

    /// A well-formed callback reads to exactly its state and code or error; the same link
    /// with a fragment, credentials, a duplicate, no state, or both a code and an error is
    /// refused.
    #[test]
    fn fuzz_callback_well_formed_reads_exactly((i, state, answer, extras, order) in well_formed(), mutation in 0u8..6) {
        let r = redirect(i);
        let mut pairs: Vec<(String, String)> = vec![("state".into(), state.clone())];
        match &answer {
            Answer::Code(code) => pairs.push(("code".into(), code.clone())),
            Answer::Error { error, description, uri } => {
                pairs.push(("error".into(), error.clone()));
                if let Some(d) = description { pairs.push(("error_description".into(), d.clone())); }
                if let Some(u) = uri { pairs.push(("error_uri".into(), u.clone())); }
            }
        }
        pairs.extend(extras);
        for (k, o) in order.iter().enumerate().take(pairs.len()) {
            let j = o % pairs.len();
            pairs.swap(k, j);
        }
        let raw = build(&r, &pairs);
        prop_assume!(raw.len() <= MAX_CALLBACK_LEN);
        let cb = parse(&raw, &r).map_err(|e| TestCaseError::fail(format!("{raw:?} refused: {e}")))?;
        prop_assert_eq!(&cb.state, &state);
        match (&cb.outcome, &answer) {
            (Outcome::Code(got), Answer::Code(want)) => prop_assert_eq!(got, &Sensitive::new(want.clone())),
            (Outcome::Error { error, description, uri }, Answer::Error { error: e, description: d, uri: u }) => {
                prop_assert_eq!(error, e);
                prop_assert_eq!(description, d);
                prop_assert_eq!(uri, u);
            }
            (got, want) => prop_assert!(false, "{:?} read as {:?}", want, got),
        }
        let bad = match mutation {
            0 => format!("{raw}#x"),
            1 => format!("{raw}&state=other"),
            2 => build(&r, &pairs.iter().filter(|(k, _)| k != "state").cloned().collect::<Vec<_>>()),
            3 => format!("{raw}&{}", if matches!(answer, Answer::Code(_)) { "error=e" } else { "code=c" }),
            4 => raw.replacen("://", "://u:p@", 1),
            _ => raw.replacen("/callback", "/callbacks", 1),
        };
        prop_assert!(parse(&bad, &r).is_err(), "accepted {:?}", bad);
    }
}
