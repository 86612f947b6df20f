//! The wire: the app's one HTTP client (`PlatformClient`: native-TLS reqwest, a connect
//! timeout, redirects refused) sends every request of a review, rmcp's and the review's own probes alike, and records each
//! exchange for the transcript and the rules: method, request, response, HTTP status, content
//! type (JSON or SSE), timing and session id. rmcp keeps the raw exchange and the session id
//! inside its worker, so `WireClient` implements rmcp's public `StreamableHttpClient` and
//! rmcp sends through it.
//!
//! Limits, each ending in a clear error rather than a hang: a time limit per request (connect
//! and whole answer), a size limit on every answer body, and at most `max_concurrency`
//! requests in flight (a request waits for a place at most its own time limit).
//!
//! Custom headers (an API key) are added here, not handed to rmcp, and every value is masked
//! in what is recorded: header lines, and any echo of a value in a body.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::stream::{self, BoxStream, StreamExt};
use http::{HeaderName, HeaderValue, Method, StatusCode};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse,
    StreamableHttpResponseLimits,
};
use serde_json::Value;
use url::Url;

use super::body::{parse_messages, read_as, sse_events, wire_format};
use super::wire::{ExchangeVia, WireExchange, WireFormat};
use crate::api::PlatformClient;
use crate::foundation::secret::Sensitive;

/// A body is kept in the transcript up to this size.
const TRANSCRIPT_BODY_CAP: usize = 64 * 1024;
/// The header the platform's protected call context travels in (API reference); the review
/// sends a canary value in it with every tools/call (`call.context-headers`).
pub const CALL_CONTEXT_HEADER: &str = "x-xiaoya-call-context";
const MASK: &str = "••••••";

/// The review's limits on the agent it talks to.
/// (The connect timeout is the app client's, `api::CONNECT_TIMEOUT`.)
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// One request, from sending to the last byte of its answer.
    pub request_timeout: Duration,
    /// The largest answer body read.
    pub max_response_bytes: usize,
    /// Requests in flight at once.
    pub max_concurrency: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            request_timeout: Duration::from_secs(30),
            max_response_bytes: 16 * 1024 * 1024,
            max_concurrency: 4,
        }
    }
}

/// Why an exchange has no (whole) answer.
#[derive(Debug, Clone, thiserror::Error)]
pub enum WireError {
    #[error("redirect refused: HTTP {status} to {location:?} (the review never follows redirects)")]
    Redirect { status: u16, location: Option<String> },
    #[error("no answer within {} s (the per-request time limit)", .0.as_secs())]
    Timeout(Duration),
    #[error("the answer is larger than {limit} bytes (the body size limit)")]
    TooLarge { limit: usize },
    #[error("{limit} requests already in flight for {} s (the concurrency limit)", .waited.as_secs())]
    Busy { limit: usize, waited: Duration },
    #[error("could not connect: {0}")]
    Connect(String),
    #[error("HTTP failed: {0}")]
    Other(String),
}

impl WireError {
    /// No HTTP answer came at all (as opposed to an answer the review refused).
    pub fn is_unreachable(&self) -> bool {
        matches!(self, WireError::Connect(_) | WireError::Timeout(_) | WireError::Other(_))
    }
}

/// A custom header for the agent (its value never printed, never recorded).
pub struct AgentHeader {
    pub name: HeaderName,
    pub value: Sensitive<String>,
}

/// Headers the review sets itself; a custom header may not replace one.
pub const RESERVED_HEADERS: &[&str] = &[
    "accept",
    "content-type",
    "content-length",
    "host",
    "origin",
    "mcp-session-id",
    "mcp-protocol-version",
    "last-event-id",
    "transfer-encoding",
    "connection",
    CALL_CONTEXT_HEADER,
];

/// One request as the review wants it sent.
pub struct Outgoing {
    pub via: ExchangeVia,
    pub label: String,
    pub method: Method,
    pub body: Option<Bytes>,
    /// Shown in the transcript instead of the body (an oversized probe).
    pub body_note: Option<String>,
    pub rpc_method: Option<String>,
    pub session: Option<String>,
    /// Headers shown as they are (protocol version, Origin, the call-context canary).
    pub headers: Vec<(HeaderName, HeaderValue)>,
}

impl Outgoing {
    pub fn post(via: ExchangeVia, label: impl Into<String>, body: Bytes) -> Self {
        Outgoing {
            via,
            label: label.into(),
            method: Method::POST,
            body: Some(body),
            body_note: None,
            rpc_method: None,
            session: None,
            headers: Vec::new(),
        }
    }
}

/// One exchange as the rules read it: whole body, parsed JSON-RPC messages.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub exchange: WireExchange,
    pub status: Option<StatusCode>,
    pub format: WireFormat,
    pub body: Bytes,
    pub messages: Vec<Value>,
    pub request: Option<Value>,
    pub error: Option<WireError>,
}

impl Recorded {
    /// The JSON-RPC answer to request `id`, if any.
    pub fn answer_to(&self, id: &Value) -> Option<&Value> {
        self.messages.iter().find(|m| m.get("id") == Some(id))
    }

    /// The first JSON-RPC error answered, if any.
    pub fn first_error(&self) -> Option<&Value> {
        self.messages.iter().find_map(|m| m.get("error"))
    }
}

struct WireInner {
    http: PlatformClient,
    url: Url,
    limits: Limits,
    permits: tokio::sync::Semaphore,
    headers: Vec<AgentHeader>,
    canary: String,
    started: Instant,
    log: Mutex<Vec<Recorded>>,
}

/// The review's HTTP client. Cheap to clone (rmcp clones it per request).
#[derive(Clone)]
pub struct WireClient {
    inner: Arc<WireInner>,
}

impl WireClient {
    /// Records over `http`, the app's client (its connect timeout and no-redirect policy).
    pub fn recording(
        http: PlatformClient,
        url: Url,
        headers: Vec<AgentHeader>,
        limits: Limits,
        canary: String,
    ) -> Self {
        WireClient {
            inner: Arc::new(WireInner {
                http,
                url,
                limits,
                permits: tokio::sync::Semaphore::new(limits.max_concurrency.max(1)),
                headers,
                canary,
                started: Instant::now(),
                log: Mutex::new(Vec::new()),
            }),
        }
    }

    pub fn url(&self) -> &Url {
        &self.inner.url
    }

    pub fn limits(&self) -> Limits {
        self.inner.limits
    }

    pub fn canary(&self) -> &str {
        &self.inner.canary
    }

    pub fn header_names(&self) -> Vec<String> {
        self.inner.headers.iter().map(|h| h.name.as_str().to_owned()).collect()
    }

    pub fn elapsed(&self) -> Duration {
        self.inner.started.elapsed()
    }

    /// How many exchanges are recorded so far (a mark to read the ones after it).
    pub(crate) fn mark(&self) -> usize {
        self.log().len()
    }

    pub(crate) fn log(&self) -> std::sync::MutexGuard<'_, Vec<Recorded>> {
        self.inner.log.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The exchanges from `from` on.
    pub(crate) fn since(&self, from: usize) -> Vec<Recorded> {
        self.log().get(from..).map(<[Recorded]>::to_vec).unwrap_or_default()
    }

    pub(crate) fn recorded(&self) -> Vec<Recorded> {
        self.log().clone()
    }

    /// Replaces every custom header value in `text`.
    fn mask(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for header in &self.inner.headers {
            let secret = header.value.expose();
            if !secret.is_empty() {
                out = out.replace(secret.as_str(), MASK);
            }
        }
        out
    }

    /// Replaces every custom header value in every string of `value` (a report: reasons and
    /// envelopes quote what the agent sent, and an agent may echo a key).
    pub fn mask_value(&self, value: &mut Value) {
        match value {
            Value::String(text)
                if self
                    .inner
                    .headers
                    .iter()
                    .any(|h| !h.value.expose().is_empty() && text.contains(h.value.expose().as_str())) =>
            {
                *text = self.mask(text);
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.mask_value(v)),
            Value::Object(map) => map.values_mut().for_each(|v| self.mask_value(v)),
            _ => {}
        }
    }

    /// Sends one request and records it; never fails (the failure is in the record).
    pub(crate) async fn send(&self, out: Outgoing) -> Recorded {
        let started = Instant::now();
        let limits = self.inner.limits;
        let (status, headers, body, error) =
            match tokio::time::timeout(limits.request_timeout, self.inner.permits.acquire()).await {
                Ok(Ok(_permit)) => self.exchange(&out).await,
                Ok(Err(_)) => {
                    (None, http::HeaderMap::new(), Bytes::new(), Some(WireError::Other("closed".into())))
                }
                Err(_) => (
                    None,
                    http::HeaderMap::new(),
                    Bytes::new(),
                    Some(WireError::Busy { limit: limits.max_concurrency, waited: limits.request_timeout }),
                ),
            };
        self.record(out, status, &headers, body, error, started.elapsed())
    }

    async fn exchange(
        &self,
        out: &Outgoing,
    ) -> (Option<StatusCode>, http::HeaderMap, Bytes, Option<WireError>) {
        let limits = self.inner.limits;
        let mut request = self
            .inner
            .http
            .request(out.method.clone(), self.inner.url.clone())
            .timeout(limits.request_timeout)
            .header(http::header::ACCEPT, "application/json, text/event-stream");
        if out.body.is_some() {
            request = request.header(http::header::CONTENT_TYPE, "application/json");
        }
        for header in &self.inner.headers {
            // An agent's header value (an API key): a sensitive copy, wiped with the request.
            request = request.header(
                header.name.clone(),
                crate::foundation::secret::WireHeader::secret(header.value.expose()),
            );
        }
        for (name, value) in &out.headers {
            request = request.header(name.clone(), value.clone());
        }
        if let Some(session) = &out.session {
            request = request.header("mcp-session-id", session.as_str());
        }
        if let Some(body) = &out.body {
            request = request.body(body.clone());
        }
        let mut response = match request.send().await {
            Ok(response) => response,
            Err(err) => return (None, http::HeaderMap::new(), Bytes::new(), Some(classify(&err, limits))),
        };
        let status = response.status();
        let headers = response.headers().clone();
        if status.is_redirection() {
            let location =
                headers.get(http::header::LOCATION).and_then(|v| v.to_str().ok()).map(str::to_owned);
            return (
                Some(status),
                headers,
                Bytes::new(),
                Some(WireError::Redirect { status: status.as_u16(), location }),
            );
        }
        if response.content_length().is_some_and(|n| n > limits.max_response_bytes as u64) {
            return (
                Some(status),
                headers,
                Bytes::new(),
                Some(WireError::TooLarge { limit: limits.max_response_bytes }),
            );
        }
        let mut body = Vec::new();
        loop {
            match response.chunk().await {
                Ok(Some(chunk)) => {
                    if body.len() + chunk.len() > limits.max_response_bytes {
                        return (
                            Some(status),
                            headers,
                            Bytes::from(body),
                            Some(WireError::TooLarge { limit: limits.max_response_bytes }),
                        );
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(None) => break,
                Err(err) => return (Some(status), headers, Bytes::from(body), Some(classify(&err, limits))),
            }
        }
        (Some(status), headers, Bytes::from(body), None)
    }

    fn record(
        &self,
        out: Outgoing,
        status: Option<StatusCode>,
        headers: &http::HeaderMap,
        body: Bytes,
        error: Option<WireError>,
        took: Duration,
    ) -> Recorded {
        let content_type =
            headers.get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let format = wire_format(content_type.as_deref(), &body);
        let messages = parse_messages(format, &body);
        let request = out.body.as_ref().and_then(|b| serde_json::from_slice::<Value>(b).ok());
        let session_received = headers.get("mcp-session-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let location =
            headers.get(http::header::LOCATION).and_then(|v| v.to_str().ok()).map(|l| self.mask(l));
        let mut request_headers: Vec<(String, String)> =
            self.inner.headers.iter().map(|h| (h.name.as_str().to_owned(), MASK.to_owned())).collect();
        for (name, value) in &out.headers {
            request_headers
                .push((name.as_str().to_owned(), self.mask(value.to_str().unwrap_or("(not text)"))));
        }
        let request_text = match (&out.body_note, &out.body) {
            (Some(note), _) => Some(note.clone()),
            (None, Some(b)) => Some(self.mask(&capped(b))),
            (None, None) => None,
        };
        let mut log = self.log();
        let seq = u32::try_from(log.len() + 1).unwrap_or(u32::MAX);
        let exchange = WireExchange {
            seq,
            via: out.via,
            label: out.label,
            http_method: out.method.as_str().to_owned(),
            rpc_method: out.rpc_method,
            request_headers,
            request: request_text,
            request_bytes: out.body.as_ref().map_or(0, |b| b.len() as u64),
            http_status: status.map(|s| s.as_u16()),
            content_type,
            format: status.map(|_| format),
            response: (!body.is_empty()).then(|| self.mask(&capped(&body))),
            response_bytes: body.len() as u64,
            session_sent: out.session,
            session_received,
            location,
            duration_ms: u32::try_from(took.as_millis()).unwrap_or(u32::MAX),
            error: error.as_ref().map(|e| self.mask(&e.to_string())),
        };
        let recorded = Recorded { exchange, status, format, body, messages, request, error };
        log.push(recorded.clone());
        recorded
    }
}

fn classify(err: &reqwest::Error, limits: Limits) -> WireError {
    if err.is_timeout() {
        WireError::Timeout(limits.request_timeout)
    } else if err.is_connect() {
        WireError::Connect(error_chain(err))
    } else {
        WireError::Other(error_chain(err))
    }
}

fn error_chain(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(inner) = source {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}

fn capped(body: &[u8]) -> String {
    let cut = body.len().min(TRANSCRIPT_BODY_CAP);
    let mut text = String::from_utf8_lossy(&body[..cut]).into_owned();
    if body.len() > cut {
        text.push_str(&format!("\n… ({} more bytes)", body.len() - cut));
    }
    text
}

fn rpc_method_of(message: &ClientJsonRpcMessage) -> Option<String> {
    serde_json::to_value(message).ok()?.get("method")?.as_str().map(str::to_owned)
}

fn awaits_no_response(message: &ClientJsonRpcMessage) -> bool {
    !matches!(message, ClientJsonRpcMessage::Request(_))
}

impl StreamableHttpClient for WireClient {
    type Error = WireError;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<WireError>> {
        self.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            StreamableHttpResponseLimits::default(),
        )
        .await
    }

    /// rmcp's limits are not needed here: every answer is already read within this client's
    /// own body limit (`Limits::max_response_bytes`) before rmcp sees a byte of it.
    async fn post_message_with_response_limits(
        &self,
        _uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        _auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        _limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<WireError>> {
        let rpc_method = rpc_method_of(&message);
        let body = serde_json::to_vec(&message).map_err(StreamableHttpError::Deserialize)?;
        let mut headers: Vec<(HeaderName, HeaderValue)> = custom_headers.into_iter().collect();
        headers.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
        if rpc_method.as_deref() == Some("tools/call") {
            if let Ok(value) = HeaderValue::from_str(&self.inner.canary) {
                headers.push((HeaderName::from_static(CALL_CONTEXT_HEADER), value));
            }
        }
        let label = rpc_method.clone().unwrap_or_else(|| "response".to_owned());
        let session_attached = session_id.is_some();
        let recorded = self
            .send(Outgoing {
                via: ExchangeVia::Rmcp,
                label,
                method: Method::POST,
                body: Some(Bytes::from(body)),
                body_note: None,
                rpc_method,
                session: session_id.map(|s| s.to_string()),
                headers,
            })
            .await;
        if let Some(error) = recorded.error.clone() {
            return Err(StreamableHttpError::Client(error));
        }
        let status = recorded.status.unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        if matches!(status, StatusCode::ACCEPTED | StatusCode::NO_CONTENT) {
            return Ok(StreamableHttpPostResponse::Accepted);
        }
        if status == StatusCode::NOT_FOUND && session_attached {
            return Err(StreamableHttpError::SessionExpired);
        }
        // A notification needs nothing from the answer (an answered one is recorded, and
        // `protocol.initialized-notification` judges it).
        if awaits_no_response(&message) && status.is_success() {
            return Ok(StreamableHttpPostResponse::Accepted);
        }
        let session = recorded.exchange.session_received.clone();
        let json_message = || {
            recorded
                .messages
                .iter()
                .find_map(|m| serde_json::from_value::<ServerJsonRpcMessage>(m.clone()).ok())
        };
        if !status.is_success() {
            if let Some(message) = json_message().filter(|m| matches!(m, ServerJsonRpcMessage::Error(_))) {
                return Ok(StreamableHttpPostResponse::Json(message, session));
            }
            return Err(StreamableHttpError::UnexpectedServerResponse(
                format!("HTTP {status}: {}", recorded.exchange.response.clone().unwrap_or_default()).into(),
            ));
        }
        match read_as(recorded.format, &recorded.body) {
            WireFormat::Sse => {
                let events: Vec<Result<sse_stream::Sse, SseError>> =
                    sse_events(&recorded.body).into_iter().map(Ok).collect();
                let stream: BoxStream<'static, Result<sse_stream::Sse, SseError>> =
                    stream::iter(events).boxed();
                Ok(StreamableHttpPostResponse::Sse(stream, session))
            }
            WireFormat::Json => match serde_json::from_slice::<ServerJsonRpcMessage>(&recorded.body) {
                Ok(message) => Ok(StreamableHttpPostResponse::Json(message, session)),
                Err(err) => Err(StreamableHttpError::Deserialize(err)),
            },
            WireFormat::Empty | WireFormat::Other => {
                Err(StreamableHttpError::UnexpectedContentType(recorded.exchange.content_type.clone()))
            }
        }
    }

    async fn delete_session(
        &self,
        _uri: Arc<str>,
        session_id: Arc<str>,
        _auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), StreamableHttpError<WireError>> {
        let mut headers: Vec<(HeaderName, HeaderValue)> = custom_headers.into_iter().collect();
        headers.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
        self.send(Outgoing {
            via: ExchangeVia::Rmcp,
            label: "end session".into(),
            method: Method::DELETE,
            body: None,
            body_note: None,
            rpc_method: None,
            session: Some(session_id.to_string()),
            headers,
        })
        .await;
        Ok(())
    }

    /// The platform's sequence is POSTs only; the optional standalone GET stream (which
    /// rmcp opens after a stateful initialize) is never opened, so rmcp is told the server
    /// has none. Nothing is sent.
    async fn get_stream(
        &self,
        _uri: Arc<str>,
        _session_id: Option<Arc<str>>,
        _last_event_id: Option<String>,
        _auth_header: Option<String>,
        _custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<BoxStream<'static, Result<sse_stream::Sse, SseError>>, StreamableHttpError<WireError>> {
        Err(StreamableHttpError::ServerDoesNotSupportSse)
    }
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
