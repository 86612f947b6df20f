//! Our own accept loop: one hyper HTTP/1.1 connection per task, each with a kill switch, so a
//! fault can drop exactly one connection (which `axum::serve` cannot do).

use std::sync::Arc;
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::Service;
use hyper::Request;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use serde_json::json;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinSet;

/// Lets a handler or middleware drop the connection its request arrived on.
#[derive(Clone, Debug, Default)]
pub(crate) struct ConnectionKill(Arc<Notify>);

impl ConnectionKill {
    /// Closes the connection without sending anything further.
    #[cfg_attr(not(feature = "control"), allow(dead_code))]
    pub fn abort(&self) {
        self.0.notify_one();
    }
}

/// Serves until `shutdown` changes; then every open connection is dropped.
pub(crate) async fn serve(listener: TcpListener, router: Router, mut shutdown: watch::Receiver<bool>) {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => {
                    connections.spawn(serve_connection(stream, router.clone()));
                }
                Err(error) => {
                    tracing::warn!(%error, "sandbox accept failed");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            _ = shutdown.changed() => break,
        }
    }
    connections.abort_all();
    while connections.join_next().await.is_some() {}
}

async fn serve_connection(stream: TcpStream, router: Router) {
    let _ = stream.set_nodelay(true);
    let kill = ConnectionKill::default();
    let tower = TowerToHyperService::new(router);
    let handle = kill.clone();
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(handle.clone());
        tower.call(request)
    });
    let connection = http1::Builder::new().serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        result = connection => {
            if let Err(error) = result {
                tracing::debug!(%error, "sandbox connection ended with an error");
            }
        }
        _ = kill.0.notified() => {
            tracing::debug!("sandbox connection dropped by an injected fault");
        }
    }
}

/// The `gateway-errors-in-detail` reading (READINGS A6): on the gateway's routes, an
/// enveloped error `{success: false, code, message, request_id}` is answered as FastAPI's
/// `{"detail": {"code": …, "message": …}}` with the request id in `X-Xiaoya-Request-Id`.
/// Every other answer passes unchanged.
pub(crate) async fn gateway_errors_in_detail(
    axum::extract::State(shared): axum::extract::State<std::sync::Arc<crate::state::Shared>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let gateway = request.uri().path().starts_with("/api/proxy/");
    let response = next.run(request).await;
    if !gateway
        || response.status().is_success()
        || !shared.settings().readings.has(crate::readings::Reading::GatewayErrorsInDetail)
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, 64 * 1024).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let envelope: Option<serde_json::Value> =
        serde_json::from_slice(&bytes).ok().filter(|v: &serde_json::Value| v.get("success").is_some());
    let Some(envelope) = envelope else {
        return Response::from_parts(parts, axum::body::Body::from(bytes));
    };
    let detail = json!({"detail": {"code": envelope["code"], "message": envelope["message"]}});
    if let Some(id) = envelope["request_id"].as_str().and_then(|id| HeaderValue::from_str(id).ok()) {
        parts.headers.insert("x-xiaoya-request-id", id);
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(detail.to_string()))
}
