//! Replay mode: the sandbox answers the platform's API from a cassette instead of its world.
//! OAuth and the browser's own pages still come from the sandbox (a person signs in to the
//! replay as to any sandbox); every `/api/` request is looked up in the cassette and nothing
//! else is ever asked, so a replay works with no network at all.
//!
//! Which recorded answer a request gets: the same method, path and query and, when it has a
//! body, the same body (a chat with another question is not in the recording). The recording's
//! order is kept as a position: a request that changes something (a POST: a chat reply, a
//! clip) moves the position to where it was recorded, and a read gets the latest answer
//! recorded between the position and the next change (else the first after the position,
//! else the last one before it). So the balance read after a
//! replayed clip is the balance recorded after that clip: charges move the recorded balance,
//! and nothing is charged anywhere.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body as HttpBody;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::cassette::{Body, Cassette, Exchange};

/// The code a request the cassette doesn't hold is answered with (404, the envelope).
pub const NOT_IN_RECORDING: &str = "NOT_IN_RECORDING";
/// The slowest and fastest a replay may run.
pub const SPEEDS: (f64, f64) = (0.5, 2.0);
/// The most a request body is read to be compared (the app's largest is a chat history).
const MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;

/// A cassette to serve and how fast.
#[derive(Clone, Debug)]
pub struct Replay {
    pub cassette: Arc<Cassette>,
    /// 1.0 is the recorded pace; clamped to [`SPEEDS`].
    pub speed: f64,
}

impl Replay {
    pub fn new(cassette: Cassette, speed: f64) -> Replay {
        Replay { cassette: Arc::new(cassette), speed }
    }

    fn speed(&self) -> f64 {
        if self.speed.is_finite() {
            self.speed.clamp(SPEEDS.0, SPEEDS.1)
        } else {
            1.0
        }
    }
}

/// The replay's state: the cassette and the position in it.
pub(crate) struct Player {
    replay: Replay,
    /// The index of the last replayed change (a POST), if any.
    position: Mutex<Option<usize>>,
}

impl Player {
    pub(crate) fn new(replay: Replay) -> Player {
        Player { replay, position: Mutex::new(None) }
    }

    /// The recorded exchange that answers this request, moving the position for a change.
    fn answer(&self, method: &str, path: &str, query: Option<&str>, body: &[u8]) -> Option<&Exchange> {
        let exchanges = &self.replay.cassette.exchanges;
        let matching: Vec<usize> = (0..exchanges.len())
            .filter(|&i| {
                let e = &exchanges[i];
                e.method.eq_ignore_ascii_case(method)
                    && e.path == path
                    && e.query.as_deref().unwrap_or("") == query.unwrap_or("")
                    && same_body(e.request.as_ref(), body)
            })
            .collect();
        let mut position = self.position.lock().unwrap_or_else(|p| p.into_inner());
        let after = |i: &&usize| position.is_none_or(|p| **i > p);
        // The next change recorded after the position: a read answers with the latest state
        // recorded before it. Reads are recorded as they finish, so a refresh that started
        // before the last change can be recorded after it with an older balance; the latest
        // answer in the window is the one that saw every change before it.
        let next_change = (0..exchanges.len())
            .filter(after_index(*position))
            .find(|&i| !exchanges[i].method.eq_ignore_ascii_case("GET"))
            .unwrap_or(exchanges.len());
        let chosen = matching
            .iter()
            .filter(after)
            .take_while(|&&i| i < next_change)
            .last()
            .or_else(|| matching.iter().find(after))
            .or_else(|| matching.last())
            .copied()?;
        if !method.eq_ignore_ascii_case("GET") {
            *position = Some(position.map_or(chosen, |p| p.max(chosen)));
        }
        exchanges.get(chosen)
    }
}

/// Whether an index is after the replay's position (every index, before the first change).
fn after_index(position: Option<usize>) -> impl Fn(&usize) -> bool {
    move |&i| position.is_none_or(|p| i > p)
}

/// A request body equals the recorded one: as JSON when both are JSON (key order and spacing
/// don't matter), else byte for byte; no body and an empty one are the same.
fn same_body(recorded: Option<&Body>, body: &[u8]) -> bool {
    match recorded {
        None => body.is_empty(),
        Some(Body::Json(value)) => {
            serde_json::from_slice::<serde_json::Value>(body).is_ok_and(|sent| sent == *value)
        }
        Some(other) => other.to_bytes().is_ok_and(|bytes| bytes == body),
    }
}

/// The middleware: `/api/` from the cassette, everything else from the sandbox.
pub(crate) async fn serve(State(player): State<Arc<Player>>, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    let method = request.method().to_string();
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let Ok(body) = axum::body::to_bytes(request.into_body(), MAX_REQUEST_BYTES).await else {
        return not_in_recording();
    };
    let Some(exchange) = player.answer(&method, &path, query.as_deref(), &body) else {
        tracing::info!(%method, %path, "replay: not in this recording");
        return not_in_recording();
    };
    respond(exchange, player.replay.speed())
}

/// The recorded answer, its chunks sent at the recorded pace divided by `speed`.
fn respond(exchange: &Exchange, speed: f64) -> Response {
    let mut chunks = Vec::with_capacity(exchange.chunks.len());
    for chunk in &exchange.chunks {
        match chunk.body.to_bytes() {
            Ok(bytes) => chunks.push((Duration::from_secs_f64(chunk.at_ms as f64 / 1000.0 / speed), bytes)),
            Err(_) => return not_in_recording(),
        }
    }
    let first = chunks.first().map(|(at, _)| *at).unwrap_or_default();
    let start = tokio::time::Instant::now();
    let stream = futures_util::stream::unfold(chunks.into_iter(), move |mut rest| async move {
        let (at, bytes) = rest.next()?;
        tokio::time::sleep_until(start + at.saturating_sub(first)).await;
        Some((Ok::<Bytes, std::convert::Infallible>(Bytes::from(bytes)), rest))
    });
    let mut response = HttpBody::from_stream(stream).into_response();
    *response.status_mut() = StatusCode::from_u16(exchange.status).unwrap_or(StatusCode::OK);
    for (name, value) in &exchange.headers {
        if let (Ok(name), Ok(value)) =
            (HeaderName::try_from(name.as_str()), HeaderValue::try_from(value.as_str()))
        {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// 404 in the platform's envelope with [`NOT_IN_RECORDING`]: the screen that asked says so.
pub(crate) fn not_in_recording() -> Response {
    let body = serde_json::json!({
        "success": false,
        "code": NOT_IN_RECORDING,
        "message": "This request is not in this recording",
        "request_id": crate::envelope::new_request_id(),
    });
    (StatusCode::NOT_FOUND, axum::Json(body)).into_response()
}
