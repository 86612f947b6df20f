//! The platform's HTTP API as the core uses it: one reqwest client with timeouts and
//! no redirects, the `{success, data, request_id}` envelope unwrapped into typed data,
//! failures kept apart (transport, platform code, undecodable body).
pub mod curl;
mod error_body;
pub mod oauth;
pub mod record;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use url::Url;

use crate::foundation::emitter::Emitter;
use crate::foundation::error::{Error, Result};
use crate::foundation::reading::capped;
use crate::foundation::retry_after;
use crate::foundation::secret::{AccessToken, WireHeader};

pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Total time for one REST call (streams and audio set their own read timeouts).
pub const REST_TIMEOUT: Duration = Duration::from_secs(30);
/// The most an Open API answer (an envelope, a whole chat completion) may be. The largest
/// documented answers, the model catalogs, are tens of KiB; a body past this is refused
/// before it is all held in memory.
pub const MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// Cheap to clone (reqwest's client is an `Arc` inside).
#[derive(Clone, Debug)]
pub struct PlatformClient {
    http: reqwest::Client,
    /// `REST_TIMEOUT` in the app; shorter only in tests (see `with_timeouts`).
    rest_timeout: Duration,
    /// The built-in sandbox's per-run access key and the one origin it is sent to.
    sandbox_key: SandboxKey,
    /// Told when a read waits for a busy platform (shared by every clone).
    on_busy: std::sync::Arc<std::sync::RwLock<Option<Emitter<BusyNotice>>>>,
    /// The cassette being recorded, if any (shared by every clone).
    recorder: record::Recorder,
}

/// A read is waiting `wait` for a busy platform before it reads `path` again.
#[derive(Debug, Clone)]
pub struct BusyNotice {
    pub path: String,
    pub wait: Duration,
}

/// How much of a platform error's `message` reaches the window and the log (characters).
pub const MAX_MESSAGE_CHARS: usize = 300;
/// How much of a platform error code is kept (the documented ones are under 40).
const MAX_CODE_CHARS: usize = 64;

/// How often a read that meets 429 or 503 is tried again by itself.
pub const READ_RETRIES: u32 = 3;
/// The longest a read waits by itself; a platform asking for more gets `Error::Busy` at once,
/// with its wait, and the person reads again when it has passed.
pub const MAX_READ_WAIT: Duration = Duration::from_secs(10);

/// `wait` plus up to a tenth more (at most 250 ms), so clients told the same `Retry-After` do
/// not all come back at the same instant.
fn with_jitter(wait: Duration) -> Duration {
    let spread = (wait / 10).min(Duration::from_millis(250));
    wait + spread.mul_f64(rand::random::<f64>())
}

/// The error a read ends with when the platform stayed busy: its own code, message and
/// request id when it sent an envelope, with the wait it asked for.
fn busy(status: u16, answer: Result<serde_json::Value>, retry_after: Option<Duration>) -> Error {
    match answer {
        Err(Error::Platform { status, code, message, request_id }) => {
            Error::Busy { status, code, message, request_id, retry_after }
        }
        Err(Error::Unauthorized { code, request_id }) => Error::Unauthorized { code, request_id },
        _ => Error::Busy {
            status,
            code: format!("HTTP_{status}"),
            message: "the platform is busy".to_owned(),
            request_id: None,
            retry_after,
        },
    }
}

/// The built-in sandbox's access key and its origin, shared by every clone of the client.
type SandboxKey =
    std::sync::Arc<std::sync::RwLock<Option<(url::Origin, crate::foundation::secret::Sensitive<String>)>>>;

#[derive(Deserialize)]
struct Envelope<T> {
    success: bool,
    data: Option<T>,
}

/// What a failed answer says, wherever the platform put it (READINGS A2, A6): the
/// envelope's top-level `code`, `message` and `request_id`; FastAPI's
/// `{"detail": {"code": …, "message": …}}` (an `HTTPException` with a dict) or
/// `{"detail": "text"}`; a 422 `HTTPValidationError` `{"detail": [{"loc": […], "msg": …}]}`,
/// whose fields and reasons become the message (no code is invented for it). The request
/// id comes from the body, else from the `X-Xiaoya-Request-Id` header.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ErrorFields {
    pub code: Option<String>,
    pub message: Option<String>,
    pub request_id: Option<String>,
}

/// The header the platform's gateway names its trace id in.
pub const REQUEST_ID_HEADER: &str = "x-xiaoya-request-id";

pub fn error_fields(body: &serde_json::Value, header_request_id: Option<&str>) -> ErrorFields {
    use serde_json::Value;
    let text = |v: Option<&Value>| v.and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    let mut fields = ErrorFields {
        code: text(body.get("code")),
        message: text(body.get("message")),
        request_id: text(body.get("request_id")).or_else(|| text(body.get("requestId"))),
    };
    match body.get("detail") {
        Some(Value::Object(detail)) => {
            fields.code = fields.code.or_else(|| text(detail.get("code")));
            fields.message =
                fields.message.or_else(|| text(detail.get("message"))).or_else(|| text(detail.get("msg")));
            fields.request_id = fields.request_id.or_else(|| text(detail.get("request_id")));
        }
        Some(Value::String(message)) if fields.message.is_none() && !message.is_empty() => {
            fields.message = Some(message.clone());
        }
        Some(Value::Array(issues)) if fields.message.is_none() => {
            let said: Vec<String> = issues
                .iter()
                .filter_map(|issue| {
                    let msg = text(issue.get("msg"))?;
                    let at: Vec<String> = issue
                        .get("loc")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .map(|part| part.as_str().map_or_else(|| part.to_string(), str::to_owned))
                        .filter(|part| part != "body")
                        .collect();
                    Some(if at.is_empty() { msg } else { format!("{}: {msg}", at.join(".")) })
                })
                .collect();
            if !said.is_empty() {
                fields.message = Some(said.join("; "));
            }
        }
        _ => {}
    }
    fields.request_id = fields.request_id.or_else(|| header_request_id.map(str::to_owned));
    fields
}

impl PlatformClient {
    pub fn new() -> Result<Self> {
        Self::build(CONNECT_TIMEOUT, REST_TIMEOUT)
    }

    /// Test seam (H3): the same client with shorter timeouts, so a test can prove a hung
    /// server ends in a timeout without waiting the production 10 s / 30 s.
    #[cfg(test)]
    pub(crate) fn with_timeouts(connect: Duration, rest: Duration) -> Result<Self> {
        Self::build(connect, rest)
    }

    fn build(connect: Duration, rest_timeout: Duration) -> Result<Self> {
        let http = reqwest::Client::builder()
            .connect_timeout(connect)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("XiaoyaCompanion/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(Error::HttpClient)?;
        Ok(PlatformClient {
            http,
            rest_timeout,
            sandbox_key: Default::default(),
            on_busy: Default::default(),
            recorder: Default::default(),
        })
    }

    /// The one way the core builds a request to the platform: the built-in sandbox's access
    /// key is added for that exact origin (scheme, host and port) and for no other.
    pub fn request(&self, method: Method, url: Url) -> reqwest::RequestBuilder {
        let key = self
            .sandbox_key
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .filter(|(origin, _)| *origin == url.origin())
            .map(|(_, key)| WireHeader::secret(key.expose()));
        let req = self.http.request(method, url);
        match key {
            Some(key) => req.header(xiaoya_sandbox::ACCESS_KEY_HEADER, key),
            None => req,
        }
    }

    /// A request on behalf of a session: the one place the bearer token and the Team header
    /// (`X-Xiaoya-Team-Id`, for a Team context) are set. `ContextCall::request` is the usual
    /// way in; sign-in uses this directly before the session exists.
    pub fn authorized(
        &self,
        method: Method,
        url: Url,
        token: Option<&AccessToken>,
        team_id: Option<&str>,
    ) -> reqwest::RequestBuilder {
        let mut req = self.request(method, url);
        if let Some(token) = token {
            // Our copy of `Bearer <token>` is wiped when the request is dropped.
            req = req.header(reqwest::header::AUTHORIZATION, WireHeader::bearer(token));
        }
        if let Some(team) = team_id {
            req = req.header("X-Xiaoya-Team-Id", team);
        }
        req
    }

    /// A read of an Open API route (a catalog, a balance, a Check platform read), as sent and
    /// as copied ("Copy as curl").
    pub fn read_request(
        &self,
        url: Url,
        token: Option<&AccessToken>,
        team_id: Option<&str>,
    ) -> reqwest::RequestBuilder {
        self.authorized(Method::GET, url, token, team_id).header("Accept", "application/json")
    }

    /// The one way a request to the platform's API is sent: while a cassette is recording,
    /// the exchange is kept (`record.rs`); otherwise it is exactly `req.send()`.
    pub async fn send(&self, req: reqwest::RequestBuilder) -> reqwest::Result<reqwest::Response> {
        if !self.recorder.is_on() {
            return req.send().await;
        }
        let (client, request) = req.build_split();
        let request = request?;
        let Some(pending) = self.recorder.begin(&request) else {
            return client.execute(request).await;
        };
        let response = client.execute(request).await?;
        Ok(self.recorder.tape(pending, response))
    }

    /// The cassette recorder every clone of this client shares.
    pub fn recorder(&self) -> &record::Recorder {
        &self.recorder
    }

    pub fn get(&self, url: Url) -> reqwest::RequestBuilder {
        self.request(Method::GET, url)
    }

    pub fn post(&self, url: Url) -> reqwest::RequestBuilder {
        self.request(Method::POST, url)
    }

    /// The built-in sandbox now listens at `origin` and wants `key` (or none is running).
    pub fn set_sandbox_key(&self, origin_and_key: Option<(&Url, String)>) {
        *self.sandbox_key.write().unwrap_or_else(|p| p.into_inner()) = origin_and_key
            .map(|(origin, key)| (origin.origin(), crate::foundation::secret::Sensitive::new(key)));
    }

    /// `origin` + `path`, where `path` starts with `/` and its dynamic segments are
    /// already percent-encoded by the caller (see `segment`).
    pub fn url(origin: &Url, path: &str) -> Result<Url> {
        origin.join(path).map_err(|source| Error::Url { what: "platform request URL", source })
    }

    /// GET an Open API route and unwrap its envelope. A read is idempotent, so a 429 or 503
    /// waits what `Retry-After` says (either form; 1 s, 2 s, 4 s when it says nothing), with a
    /// little jitter, and reads again, at most [`READ_RETRIES`] times; each wait is announced
    /// (`on_busy`). A platform that stays busy, or asks for more than [`MAX_READ_WAIT`], is
    /// `Error::Busy` with its wait, for the screen to count down.
    pub async fn get_open<T: DeserializeOwned>(
        &self,
        origin: &Url,
        path: &str,
        token: &AccessToken,
        team_id: Option<&str>,
    ) -> Result<T> {
        let url = Self::url(origin, path)?;
        let mut retries = 0;
        loop {
            let req = self.read_request(url.clone(), Some(token), team_id).timeout(self.rest_timeout);
            let resp = self.send(req).await.map_err(Error::Transport)?;
            if !matches!(resp.status().as_u16(), 429 | 503) {
                return read_envelope(resp).await;
            }
            let asked = retry_after::retry_after(resp.headers());
            let wait = asked.unwrap_or(Duration::from_secs(1 << retries.min(4)));
            if retries >= READ_RETRIES || wait > MAX_READ_WAIT {
                let status = resp.status().as_u16();
                return Err(busy(status, read_envelope::<serde_json::Value>(resp).await, asked));
            }
            retries += 1;
            tracing::info!(
                path,
                retries,
                wait_ms = wait.as_millis() as u64,
                "the platform is busy; reading again"
            );
            if let Some(notice) = self.on_busy.read().unwrap_or_else(|p| p.into_inner()).as_ref() {
                notice.emit(BusyNotice { path: path.to_owned(), wait });
            }
            tokio::time::sleep(with_jitter(wait)).await;
        }
    }

    /// Where a read that waits for a busy platform is announced (the screen counts down).
    pub fn set_busy_notices(&self, notices: Emitter<BusyNotice>) {
        *self.on_busy.write().unwrap_or_else(|p| p.into_inner()) = Some(notices);
    }
}

/// A response header as trimmed text, `None` when absent, empty or not text.
pub fn header_text(headers: &reqwest::header::HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// A path segment, percent-encoded (ids are opaque data, never trusted path syntax).
pub fn segment(raw: &str) -> String {
    url::form_urlencoded::byte_serialize(raw.as_bytes()).collect::<String>().replace('+', "%20")
}

/// Reads a whole body that carries a secret (a token answer) into one buffer of `limit`
/// bytes allocated up front (so no reallocation leaves a copy behind), wiped when dropped.
/// Refuses a body larger than `limit` like `read_body_capped`. The chunks `hyper` handed
/// over are its own and are not wiped.
pub async fn read_secret_body_capped(
    mut resp: reqwest::Response,
    limit: usize,
) -> Result<crate::foundation::secret::WireBuffer> {
    let too_large = || Error::Decode(format!("the platform's answer is larger than {limit} bytes"));
    if resp.content_length().is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut body = crate::foundation::secret::WireBuffer::with_limit(limit);
    while let Some(chunk) = resp.chunk().await.map_err(Error::Transport)? {
        if !body.append(&chunk) {
            return Err(too_large());
        }
    }
    Ok(body)
}

/// Reads a whole body, refusing one larger than `limit` bytes (by its declared length
/// at once, else as soon as what arrived passes the limit).
pub async fn read_body_capped(mut resp: reqwest::Response, limit: usize) -> Result<bytes::Bytes> {
    let too_large = || Error::Decode(format!("the platform's answer is larger than {limit} bytes"));
    if resp.content_length().is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut body = bytes::BytesMut::new();
    while let Some(chunk) = resp.chunk().await.map_err(Error::Transport)? {
        if body.len() + chunk.len() > limit {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// Turns a platform response into data or a typed error.
pub async fn read_envelope<T: DeserializeOwned>(resp: reqwest::Response) -> Result<T> {
    let status = resp.status();
    let path = resp.url().path().to_owned();
    let header_request_id =
        resp.headers().get(REQUEST_ID_HEADER).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let content_type = header_text(resp.headers(), reqwest::header::CONTENT_TYPE.as_str());
    let body = read_body_capped(resp, MAX_BODY_BYTES).await?;
    if status.is_success() {
        let decode = |e: serde_json::Error| Error::Decode(format!("platform response: {e}"));
        return match serde_json::from_slice::<Envelope<T>>(&body) {
            Ok(Envelope { success: true, data: Some(data), .. }) => Ok(data),
            Ok(_) => {
                let said = error_fields(
                    &serde_json::from_slice(&body).unwrap_or_default(),
                    header_request_id.as_deref(),
                );
                Err(platform_error(status, said.code, said.message, said.request_id))
            }
            // READINGS A1: the gateway's reads are not marked `SuccessEnvelope` in the API
            // reference (TTS options); an answer there without `success` is the data itself.
            Err(_) if is_gateway_route(&path) && !has_success_field(&body) => {
                serde_json::from_slice::<T>(&body).map_err(decode)
            }
            Err(e) => Err(decode(e)),
        };
    }
    let parsed = serde_json::from_slice::<serde_json::Value>(&body).ok();
    let mut fields =
        error_fields(parsed.as_ref().unwrap_or(&serde_json::Value::Null), header_request_id.as_deref());
    if parsed.is_none() {
        // READINGS A3: a proxy's (or a web server's) own page; its words, capped below.
        fields.message = error_body::plain_text(&body, content_type.as_deref());
    }
    let err = platform_error(status, fields.code, fields.message, fields.request_id);
    Err(if is_context_route(&path) { context_ended(err) } else { err })
}

/// The gateway's routes (chat, speech, TTS options), under the `/api/proxy/` prefix.
pub fn is_gateway_route(path: &str) -> bool {
    path.starts_with("/api/proxy/")
}

/// Whether a JSON answer is an object with a `success` field (the envelope's marker).
fn has_success_field(body: &[u8]) -> bool {
    serde_json::from_slice::<std::collections::HashMap<String, serde::de::IgnoredAny>>(body)
        .is_ok_and(|fields| fields.contains_key("success"))
}

/// Codes that say the token no longer belongs to the context it was used in (the Team pages:
/// Personal/Team or different Team contexts mixed; a Team-bound authorization required).
pub const CONTEXT_CODES: [&str; 2] = ["TEAM_CONTEXT_MISMATCH", "TEAM_OAUTH_AUTHORIZATION_REQUIRED"];

/// Routes the app only calls in the context its token is bound to: a Team's own routes and
/// the gateways. `/me`, `/teams` and the Personal routes are not among them: a Team token
/// refused there says nothing about its Team.
fn is_context_route(path: &str) -> bool {
    path.starts_with("/api/v1/open/teams/") || is_gateway_route(path)
}

/// On a context route the session's context was already proven at sign-in (its Team context
/// answered), so a 403 with a context code means the context ended: handled like a 401,
/// which ends only that session (A12). Some platforms answer an invalidated Team token so.
fn context_ended(err: Error) -> Error {
    match err {
        Error::Platform { status: 403, code, request_id, .. } if CONTEXT_CODES.contains(&code.as_str()) => {
            Error::Unauthorized { code, request_id }
        }
        other => other,
    }
}

fn platform_error(
    status: StatusCode,
    code: Option<String>,
    message: Option<String>,
    request_id: Option<String>,
) -> Error {
    // The platform's text crosses IPC and reaches the log: capped and stripped of control
    // characters, like OAuth descriptions.
    let code =
        code.map(|c| capped(&c, MAX_CODE_CHARS)).unwrap_or_else(|| format!("HTTP_{}", status.as_u16()));
    let message = message
        .map(|m| capped(&m, MAX_MESSAGE_CHARS))
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_owned());
    let request_id = request_id.map(|r| capped(&r, MAX_CODE_CHARS * 2));
    if status == StatusCode::UNAUTHORIZED {
        return Error::Unauthorized { code, request_id };
    }
    Error::Platform { status: status.as_u16(), code, message, request_id }
}

#[cfg(test)]
mod tests;
