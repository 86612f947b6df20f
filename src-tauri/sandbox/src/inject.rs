//! The middleware that applies queued faults and counts gateway requests per `X-Request-ID`.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::{Stream, StreamExt};

use crate::envelope::PlatformError;
use crate::faults::{FaultKind, RetryAfter, Route};
use crate::server::ConnectionKill;
use crate::state::Shared;

const MAX_BUFFERED_BODY: usize = 8 * 1024 * 1024;

pub(crate) async fn apply_faults(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(route) = Route::classify(request.method(), request.uri().path()) else {
        return next.run(request).await;
    };
    if matches!(route, Route::Speech | Route::ChatCompletions) {
        if let Some(id) = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()) {
            let mut world = shared.world();
            *world.request_counts.entry((route.label(), id.to_string())).or_insert(0) += 1;
        }
    }
    let (request, streaming) = if route == Route::ChatCompletions {
        match peek_stream_flag(request).await {
            Ok(pair) => pair,
            Err(response) => return response,
        }
    } else {
        (request, false)
    };
    let Some(kind) = shared.faults.take(route, streaming) else {
        return next.run(request).await;
    };
    let kill = request.extensions().get::<ConnectionKill>().cloned().unwrap_or_default();
    match kind {
        FaultKind::Latency(delay) => {
            tokio::time::sleep(delay).await;
            next.run(request).await
        }
        FaultKind::Status(status) => injected_status(route, status).into_response(),
        FaultKind::Refusal { status, code } => PlatformError::Injected {
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
            code,
            message: "The request was refused",
        }
        .into_response(),
        FaultKind::StatusRetryAfter { status, after } => {
            with_wait(injected_status(route, status).into_response(), after)
        }
        FaultKind::RawBody { status, content_type, body, after } => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let response = (status, [(axum::http::header::CONTENT_TYPE, content_type)], body).into_response();
            with_wait(response, after)
        }
        FaultKind::ResetBeforeCommit => {
            kill.abort();
            std::future::pending().await
        }
        FaultKind::ResetAfterCommit => {
            let response = next.run(request).await;
            drop(response);
            kill.abort();
            std::future::pending().await
        }
        FaultKind::HugeBody { bytes } => {
            let mut body = vec![b' '; bytes.saturating_sub(2)];
            body.extend_from_slice(b"{}");
            ([(axum::http::header::CONTENT_TYPE, "application/json")], Body::from(body)).into_response()
        }
        FaultKind::BodyStall { after_bytes, pause } => {
            let response = next.run(request).await;
            let (parts, body) = response.into_parts();
            let Ok(bytes) = axum::body::to_bytes(body, MAX_BUFFERED_BODY * 64).await else {
                return StatusCode::INTERNAL_SERVER_ERROR.into_response();
            };
            let cut = after_bytes.min(bytes.len());
            let (head, tail) = (bytes.slice(..cut), bytes.slice(cut..));
            let stream = futures_util::stream::unfold(0u8, move |step| {
                let (head, tail) = (head.clone(), tail.clone());
                async move {
                    match step {
                        0 => Some((Ok::<Bytes, axum::Error>(head), 1)),
                        1 => {
                            tokio::time::sleep(pause).await;
                            Some((Ok(tail), 2))
                        }
                        _ => None,
                    }
                }
            });
            Response::from_parts(parts, Body::from_stream(stream))
        }
        FaultKind::SseStall { after_events, pause } => {
            let response = next.run(request).await;
            wrap_event_stream(response, after_events, SseFault::Stall(pause))
        }
        FaultKind::SseDrop { after_events } => {
            let response = next.run(request).await;
            wrap_event_stream(response, after_events, SseFault::Drop(kill))
        }
        FaultKind::SseError { after_events, shape } => {
            let response = next.run(request).await;
            wrap_event_stream(response, after_events, SseFault::Error(shape))
        }
        FaultKind::SseEndless { delta_bytes } => {
            let response = next.run(request).await;
            let (parts, _body) = response.into_parts();
            endless_stream(parts, delta_bytes)
        }
    }
}

/// `response` with `after` as its only statement of a wait (`Retry-After`, or
/// `Retry-After-Ms`), none for `Absent`.
fn with_wait(mut response: Response, after: RetryAfter) -> Response {
    let headers = response.headers_mut();
    headers.remove(axum::http::header::RETRY_AFTER);
    let (name, value) = match after {
        RetryAfter::Absent => return response,
        RetryAfter::Millis(ms) => ("retry-after-ms", ms.to_string()),
        other => ("retry-after", other.header_value()),
    };
    if let Ok(value) = axum::http::HeaderValue::from_str(&value) {
        headers.insert(name, value);
    }
    response
}

/// The most an endless stream sends before the sandbox ends it (a bound of its own, so no
/// test can make it stream forever).
const ENDLESS_LIMIT_BYTES: usize = 64 * 1024 * 1024;

fn endless_stream(parts: axum::http::response::Parts, delta_bytes: usize) -> Response {
    let delta = "x".repeat(delta_bytes.clamp(1, 1024 * 1024));
    let event = Bytes::from(format!(
        "data: {}\n\n",
        serde_json::json!({"choices": [{"index": 0, "delta": {"content": delta}}]})
    ));
    let stream = futures_util::stream::unfold(0usize, move |sent| {
        let event = event.clone();
        async move {
            if sent >= ENDLESS_LIMIT_BYTES {
                return None;
            }
            Some((Ok::<Bytes, axum::Error>(event.clone()), sent + event.len()))
        }
    });
    Response::from_parts(parts, Body::from_stream(stream))
}

/// Reads a chat request body to learn whether it asks for a stream, then puts it back.
async fn peek_stream_flag(request: Request) -> Result<(Request, bool), Response> {
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, MAX_BUFFERED_BODY)
        .await
        .map_err(|_| StatusCode::PAYLOAD_TOO_LARGE.into_response())?;
    let streaming = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("stream").and_then(serde_json::Value::as_bool))
        .unwrap_or(false);
    Ok((Request::from_parts(parts, Body::from(bytes)), streaming))
}

fn injected_status(route: Route, status: u16) -> PlatformError {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let (code, message) = match status.as_u16() {
        // The Team page's code for a Team without an active seat plan.
        402 if route == Route::TeamInfo => (
            "TEAM_CREDIT_PACK_PLAN_REQUIRED",
            "The Team must activate a seat plan before buying credit packs",
        ),
        429 => ("RATE_LIMITED", "Too many requests; retry after the Retry-After delay"),
        502 => ("UPSTREAM_BAD_GATEWAY", "The upstream provider returned an invalid response"),
        503 => ("SERVICE_UNAVAILABLE", "The service is temporarily unavailable"),
        504 => ("UPSTREAM_TIMEOUT", "The upstream provider timed out"),
        s if s >= 500 => ("INTERNAL_ERROR", "Internal server error"),
        _ => ("REQUEST_REJECTED", "The request was rejected"),
    };
    PlatformError::Injected { status, code, message }
}

enum SseFault {
    Stall(Duration),
    Drop(ConnectionKill),
    /// Send this error event instead of the rest, then end the stream.
    Error(crate::faults::StreamErrorShape),
}

/// Counts `data:` events in a streaming body and stalls or aborts after `after_events`.
fn wrap_event_stream(response: Response, after_events: u32, fault: SseFault) -> Response {
    let is_event_stream = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    if !is_event_stream {
        return response;
    }
    let (parts, body) = response.into_parts();
    let stream = faulty_stream(body.into_data_stream(), after_events, fault);
    Response::from_parts(parts, Body::from_stream(stream))
}

fn faulty_stream<S>(
    inner: S,
    after_events: u32,
    fault: SseFault,
) -> impl Stream<Item = Result<Bytes, axum::Error>>
where
    S: Stream<Item = Result<Bytes, axum::Error>> + Send + Unpin + 'static,
{
    struct Progress<S> {
        inner: S,
        seen: u32,
        fault: Option<SseFault>,
        ended: bool,
    }
    let start = Progress { inner, seen: 0, fault: Some(fault), ended: false };
    futures_util::stream::unfold(start, move |mut progress| async move {
        if progress.ended {
            return None;
        }
        if progress.seen >= after_events {
            match progress.fault.take() {
                Some(SseFault::Stall(pause)) => tokio::time::sleep(pause).await,
                Some(SseFault::Drop(kill)) => {
                    // Give hyper a moment to flush the events already written.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    kill.abort();
                    return std::future::pending().await;
                }
                Some(SseFault::Error(shape)) => {
                    progress.ended = true;
                    let event = shape.event(&crate::envelope::new_request_id());
                    return Some((Ok(Bytes::from(event)), progress));
                }
                None => {}
            }
        }
        let chunk = progress.inner.next().await?;
        if let Ok(bytes) = &chunk {
            progress.seen += count_data_events(bytes);
        }
        Some((chunk, progress))
    })
}

fn count_data_events(chunk: &[u8]) -> u32 {
    let text = String::from_utf8_lossy(chunk);
    text.split("\n\n").filter(|event| event.starts_with("data:")).count() as u32
}
