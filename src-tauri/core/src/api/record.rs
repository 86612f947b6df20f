//! Recording a cassette: while a recording is on, every exchange with the platform's API
//! (`/api/…`: the Open API and the gateways; never OAuth) that goes through
//! [`PlatformClient::send`](super::PlatformClient::send) is kept — the request's method, path,
//! query and body, the answer's status, the headers a screen reads and its body as it arrived
//! (a stream's chunks with their times, audio as bytes).
//!
//! Secrets and personal data are removed here, as each exchange is kept, never later on export:
//! no request header is kept (so no Authorization header and no sandbox key); JSON keys that
//! hold tokens, codes, passwords, emails or phone numbers are emptied; bearer values, JWTs
//! and emails are cut out of every text; and when the recording stops, every token the
//! requests carried is cut out of the whole file once more, wherever it ended up.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;

use bytes::Bytes;
use futures_util::Stream;
use xiaoya_sandbox::cassette::{Body, Cassette, Chunk, Exchange};

use crate::foundation::mask::PATTERNS;
use crate::foundation::secret::Sensitive;

/// What a removed value reads as in a cassette.
pub const REMOVED: &str = "[removed]";

/// JSON keys (lower case, `-` read as `_`) whose values never reach a cassette.
const SECRET_KEYS: &[&str] = &[
    "access_token",
    "refresh_token",
    "id_token",
    "token",
    "authorization",
    "code_verifier",
    "client_secret",
    "password",
    "secret",
    "api_key",
    "email",
    "phone",
    "phone_number",
    "mobile",
];
/// Query parameters removed the same way (`code` and `state` are OAuth's).
const SECRET_PARAMS: &[&str] = &["code", "state", "token", "access_token", "email", "phone"];
/// The answer's headers kept besides `x-xiaoya-*` (receipts, charges, ids).
const KEPT_HEADERS: &[&str] = &["content-type", "retry-after", "x-request-id"];

/// The recording in progress, shared by every clone of the client.
#[derive(Clone, Debug, Default)]
pub struct Recorder(Arc<Mutex<Option<Recording>>>);

#[derive(Debug)]
struct Recording {
    started: Instant,
    cassette: Cassette,
    /// Tokens the requests carried, cut out of the whole file when it stops.
    secrets: Vec<Sensitive<String>>,
    /// Each kept exchange with the order its request left in.
    kept: Vec<(u64, Exchange)>,
    next: u64,
}

/// A request on its way, waiting for its answer.
pub(super) struct Pending {
    order: u64,
    sent: Instant,
    exchange: Exchange,
    /// Keep the answer's chunks apart (a stream) or as one body.
    stream: bool,
    json: bool,
}

impl Recorder {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Recording>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts a new recording (an unfinished one is dropped).
    pub fn start(&self, recorded_at: String, context: String) {
        *self.lock() = Some(Recording {
            started: Instant::now(),
            cassette: Cassette::new(recorded_at, context),
            secrets: Vec::new(),
            kept: Vec::new(),
            next: 0,
        });
    }

    pub fn is_on(&self) -> bool {
        self.lock().is_some()
    }

    /// Stops and returns the cassette, its exchanges in the order their requests left, with
    /// every token a request carried cut out once more. `None` when nothing was recording.
    pub fn stop(&self) -> Option<Cassette> {
        let mut recording = self.lock().take()?;
        recording.kept.sort_by_key(|(order, _)| *order);
        recording.cassette.exchanges = recording.kept.into_iter().map(|(_, e)| e).collect();
        let mut text = serde_json::to_string(&recording.cassette).ok()?;
        for secret in &recording.secrets {
            let secret = secret.expose();
            if secret.len() >= 4 {
                text = text.replace(secret.as_str(), REMOVED);
            }
        }
        serde_json::from_str(&text).ok()
    }

    /// Notes a request, when a recording is on and the request is the platform's API.
    pub(super) fn begin(&self, request: &reqwest::Request) -> Option<Pending> {
        let url = request.url();
        if !url.path().starts_with("/api/") {
            return None;
        }
        let mut guard = self.lock();
        let recording = guard.as_mut()?;
        if let Some(token) = request
            .headers()
            .get(reqwest::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
        {
            if !recording.secrets.iter().any(|s| s.expose() == token) {
                recording.secrets.push(Sensitive::new(token.to_owned()));
            }
        }
        let order = recording.next;
        recording.next += 1;
        let body = request.body().and_then(|b| b.as_bytes()).filter(|b| !b.is_empty());
        let exchange = Exchange {
            at_ms: millis(recording.started),
            method: request.method().to_string(),
            path: url.path().to_owned(),
            query: url.query().filter(|q| !q.is_empty()).map(scrub_query),
            request: body.map(|b| scrub_body(Body::from_bytes(b, true))),
            status: 0,
            headers: Default::default(),
            chunks: Vec::new(),
        };
        Some(Pending { order, sent: Instant::now(), exchange, stream: false, json: false })
    }

    /// The same answer for the caller, its body kept as it passes.
    pub(super) fn tape(&self, mut pending: Pending, response: reqwest::Response) -> reqwest::Response {
        pending.exchange.status = response.status().as_u16();
        for (name, value) in response.headers() {
            let name = name.as_str();
            if KEPT_HEADERS.contains(&name) || name.starts_with("x-xiaoya-") {
                if let Ok(value) = value.to_str() {
                    pending.exchange.headers.insert(name.to_owned(), scrub_text(value));
                }
            }
        }
        let kind = pending.exchange.headers.get("content-type").cloned().unwrap_or_default();
        pending.stream = kind.contains("event-stream");
        pending.json = kind.contains("json");
        let status = response.status();
        let headers = response.headers().clone();
        let url = response.url().clone();
        let tape = Tape {
            inner: Box::pin(response.bytes_stream()),
            recorder: self.clone(),
            pending: Some(pending),
            chunks: Vec::new(),
        };
        let built =
            http::Response::builder().status(status).body(reqwest::Body::wrap_stream(tape)).map(|mut r| {
                *r.headers_mut() = headers;
                r
            });
        let mut answer = match built {
            Ok(answer) => reqwest::Response::from(answer),
            // A status that came from a response always builds; an empty body if not.
            Err(_) => reqwest::Response::from(http::Response::new(reqwest::Body::from(Vec::new()))),
        };
        // `read_envelope` reads the route from the answer's URL (context routes).
        set_url(&mut answer, url);
        answer
    }

    fn keep(&self, pending: Pending, chunks: Vec<(u64, Bytes)>) {
        let mut exchange = pending.exchange;
        exchange.chunks = if pending.stream {
            chunks
                .into_iter()
                .map(|(at_ms, bytes)| Chunk { at_ms, body: scrub_body(Body::from_bytes(&bytes, false)) })
                .collect()
        } else {
            let at_ms = chunks.first().map(|(at, _)| *at).unwrap_or(0);
            let whole: Vec<u8> = chunks.into_iter().flat_map(|(_, b)| b.to_vec()).collect();
            vec![Chunk { at_ms, body: scrub_body(Body::from_bytes(&whole, pending.json)) }]
        };
        if let Some(recording) = self.lock().as_mut() {
            recording.kept.push((pending.order, exchange));
        }
    }
}

/// reqwest keeps a response's URL in an extension only its builder sets.
fn set_url(answer: &mut reqwest::Response, url: url::Url) {
    let mut parts = http::Response::builder();
    parts = reqwest::ResponseBuilderExt::url(parts, url);
    if let Some(ext) = parts.extensions_mut() {
        answer.extensions_mut().extend(std::mem::take(ext));
    }
}

fn millis(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// The answer's body as it passes to the caller; kept when it ends or is dropped (a stopped
/// reply keeps what arrived).
struct Tape {
    inner: Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>> + Send>>,
    recorder: Recorder,
    pending: Option<Pending>,
    chunks: Vec<(u64, Bytes)>,
}

impl Stream for Tape {
    type Item = reqwest::Result<Bytes>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let polled = self.inner.as_mut().poll_next(cx);
        if let Poll::Ready(Some(Ok(bytes))) = &polled {
            let at = self.pending.as_ref().map(|p| millis(p.sent)).unwrap_or(0);
            let bytes = bytes.clone();
            self.chunks.push((at, bytes));
        }
        polled
    }
}

impl Drop for Tape {
    fn drop(&mut self) {
        if let Some(pending) = self.pending.take() {
            self.recorder.keep(pending, std::mem::take(&mut self.chunks));
        }
    }
}

/// A body with its secrets and personal data removed.
fn scrub_body(body: Body) -> Body {
    match body {
        Body::Json(mut value) => {
            scrub_json(&mut value);
            Body::Json(value)
        }
        Body::Text(text) => Body::Text(scrub_text(&text)),
        bytes @ Body::Base64(_) => bytes,
    }
}

fn scrub_json(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map.iter_mut() {
                let key = key.to_ascii_lowercase().replace('-', "_");
                if SECRET_KEYS.contains(&key.as_str()) && !inner.is_null() {
                    *inner = serde_json::Value::String(REMOVED.to_owned());
                } else {
                    scrub_json(inner);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(scrub_json),
        serde_json::Value::String(text) => *text = scrub_text(text),
        _ => {}
    }
}

/// Bearer values, JWTs and emails cut out of a text (the presenting masks' shapes).
fn scrub_text(text: &str) -> String {
    use std::sync::OnceLock;
    static SHAPES: OnceLock<Vec<regex::Regex>> = OnceLock::new();
    let shapes = SHAPES
        .get_or_init(|| PATTERNS[..3].iter().filter_map(|p| regex::Regex::new(p.pattern).ok()).collect());
    let mut out = text.to_owned();
    for shape in shapes {
        if shape.is_match(&out) {
            out = shape.replace_all(&out, REMOVED).into_owned();
        }
    }
    out
}

/// The query as sent, unless it carries a secret (then rewritten without it).
fn scrub_query(query: &str) -> String {
    let parsed = url::form_urlencoded::parse(query.as_bytes());
    if !parsed
        .clone()
        .any(|(k, v)| SECRET_PARAMS.contains(&k.to_ascii_lowercase().as_str()) || scrub_text(&v) != v)
    {
        return query.to_owned();
    }
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| {
            let secret = SECRET_PARAMS.contains(&k.to_ascii_lowercase().as_str());
            (k.into_owned(), if secret { REMOVED.to_owned() } else { scrub_text(&v) })
        })
        .collect();
    url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
