//! A faithful in-process simulation of the Xiaoya Open Platform, following the platform's
//! documentation: OAuth 2.0 with PKCE, the open API envelopes, Personal and Team contexts,
//! model catalogs, the Chat Completions and TTS gateways, points and idempotent billing.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let sandbox = xiaoya_sandbox::start(xiaoya_sandbox::SandboxConfig::default()).await?;
//! println!("platform at {}", sandbox.base_url());
//! sandbox.shutdown().await;
//! # Ok(()) }
//! ```
//!
//! See `README.md` for the seeded data, the `/__sandbox` control endpoints and every assumption
//! made where the documentation is silent.

mod access;
mod auth;
mod billing;
pub mod cassette;
mod chat;
mod clock;
#[cfg(feature = "control")]
mod control;
mod envelope;
#[cfg(feature = "control")]
mod faults;
mod html;
#[cfg(feature = "control")]
mod inject;
mod ledger;
mod oauth;
mod open_api;
mod pace;
mod pages;
mod points;
mod readings;
mod replay;
mod scope;
mod seed;
mod server;
mod state;
mod tts;
mod validation;
mod world;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::middleware;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use access::ACCESS_KEY_HEADER;
#[cfg(feature = "control")]
pub use control::{SandboxControl, TokenSelector};
#[cfg(feature = "control")]
pub use faults::{Fault, FaultKind, RetryAfter, Route, StreamErrorShape};
pub use ledger::{Charge, ChargeContext, ChargeKind, Ledger, PersonalBalance, TeamBalance, WorkflowContext};
pub use oauth::consent_form_fields;
pub use pace::{ReplyPace, DEFAULT_TOKENS_PER_SECOND};
pub use pages::PAGE_SIZE as LIST_PAGE_SIZE;
pub use points::Points;
pub use readings::{Reading, Readings};
pub use replay::{Replay, NOT_IN_RECORDING};
pub use scope::Scope;
pub use seed::*;

use state::Shared;

/// How to run a sandbox.
#[derive(Clone, Debug)]
pub struct SandboxConfig {
    /// Where to listen; port 0 picks a free port.
    pub addr: SocketAddr,
    /// Skip the consent page: `GET /oauth/authorize` redirects straight back with a code.
    pub auto_approve: bool,
    /// Other readings of the docs to serve instead of the default one (see `readings.rs`).
    pub readings: Readings,
    /// When set, every route but the few a browser opens itself answers "Not Found" unless
    /// the request carries this key in `X-Xiaoya-Sandbox-Key` (see `access.rs`). The app's
    /// built-in sandbox gets a fresh random key each run.
    pub access_key: Option<String>,
    /// How fast streamed chat replies arrive: by default 40 tokens a second, a pace a person
    /// can watch and stop; tests that want replies at once say so (`ReplyPace::FAST`).
    pub reply_pace: ReplyPace,
    /// Replay mode: every `/api/` request is answered from this cassette (`replay.rs`).
    pub replay: Option<Replay>,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            addr: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0),
            auto_approve: false,
            readings: Readings::default(),
            access_key: None,
            reply_pace: ReplyPace::default(),
            replay: None,
        }
    }
}

/// A running sandbox platform.
pub struct Sandbox {
    base_url: String,
    shared: Arc<Shared>,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<()>,
}

/// Binds and starts serving in the background on the current Tokio runtime.
pub async fn start(config: SandboxConfig) -> std::io::Result<Sandbox> {
    let listener = TcpListener::bind(config.addr).await?;
    let local = listener.local_addr()?;
    let host = match local.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let base_url = format!("http://{}", SocketAddr::new(host, local.port()));
    let shared = Arc::new(Shared::new(base_url.clone(), config.auto_approve, config.reply_pace));
    shared.update_settings(|s| s.readings = config.readings.clone());
    let (shutdown, watcher) = watch::channel(false);
    let mut app = router(shared.clone());
    if let Some(replay) = config.replay.clone() {
        app = app.layer(middleware::from_fn_with_state(Arc::new(replay::Player::new(replay)), replay::serve));
    }
    let app =
        app.layer(middleware::from_fn_with_state(Arc::new(config.access_key.clone()), access::require_key));
    let task = tokio::spawn(server::serve(listener, app, watcher));
    Ok(Sandbox { base_url, shared, shutdown, task })
}

/// The platform's routes; with the `control` feature (tests only) also the `/__sandbox/*`
/// control routes and the fault-injection layer.
fn router(shared: Arc<Shared>) -> Router {
    let router = Router::new()
        .merge(oauth::router())
        .merge(open_api::router())
        .merge(chat::router())
        .merge(tts::router())
        .layer(middleware::from_fn_with_state(shared.clone(), server::gateway_errors_in_detail));
    #[cfg(feature = "control")]
    let router = router
        .merge(control::http::router())
        .fallback(envelope::not_found)
        .layer(middleware::from_fn_with_state(shared.clone(), inject::apply_faults));
    #[cfg(not(feature = "control"))]
    let router = router.fallback(envelope::not_found);
    router.with_state(shared)
}

impl Sandbox {
    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub fn base_url(&self) -> String {
        self.base_url.clone()
    }

    /// The test controls (the `control` feature only).
    #[cfg(feature = "control")]
    pub fn control(&self) -> SandboxControl {
        SandboxControl { shared: self.shared.clone() }
    }

    /// How fast streamed chat replies arrive from now on: a setting of the sandbox as a
    /// product (the app's no-account mode offers it in Settings), not a test control.
    pub fn set_reply_pace(&self, pace: ReplyPace) {
        self.shared.update_settings(|s| s.stream_pace = pace);
    }

    /// The pace streamed chat replies arrive at now.
    pub fn reply_pace(&self) -> ReplyPace {
        self.shared.settings().stream_pace
    }

    /// Stops accepting, drops every open connection and waits for the server task.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(true);
        let _ = self.task.await;
    }
}

/// `BASE64URL(SHA256(verifier))`, the PKCE S256 challenge (RFC 7636 §4.2), for test clients.
pub fn pkce_s256_challenge(verifier: &str) -> String {
    oauth::pkce::s256_challenge(verifier)
}
