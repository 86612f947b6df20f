//! The platform's HTTP API as the core uses it: one reqwest client with timeouts and
//! no redirects, the `{success, data, request_id}` envelope unwrapped into typed data,
//! failures kept apart (transport, platform code, undecodable body).

pub mod context;
pub mod oauth;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use url::Url;

use crate::auth::secret::AccessToken;
use crate::error::{Error, Result};

pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Total time for one REST call (streams and audio set their own read timeouts).
pub const REST_TIMEOUT: Duration = Duration::from_secs(30);

/// Cheap to clone (reqwest's client is an `Arc` inside).
#[derive(Clone, Debug)]
pub struct PlatformClient {
    http: reqwest::Client,
}

#[derive(Deserialize)]
struct Envelope<T> {
    success: bool,
    data: Option<T>,
    code: Option<String>,
    message: Option<String>,
    request_id: Option<String>,
}

#[derive(Deserialize)]
struct ErrorBody {
    code: Option<String>,
    message: Option<String>,
    request_id: Option<String>,
}

impl PlatformClient {
    pub fn new() -> Result<Self> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("XiaoyaCompanion/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| Error::Internal(format!("HTTP client: {e}")))?;
        Ok(PlatformClient { http })
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }

    /// `origin` + `path`, where `path` starts with `/` and its dynamic segments are
    /// already percent-encoded by the caller (see `segment`).
    pub fn url(origin: &Url, path: &str) -> Result<Url> {
        origin.join(path).map_err(|e| Error::Internal(format!("URL {path}: {e}")))
    }

    /// GET an Open API route and unwrap its envelope.
    pub async fn get_open<T: DeserializeOwned>(
        &self,
        origin: &Url,
        path: &str,
        token: &AccessToken,
        team_id: Option<&str>,
    ) -> Result<T> {
        let mut req = self
            .http
            .request(Method::GET, Self::url(origin, path)?)
            .timeout(REST_TIMEOUT)
            .bearer_auth(token.expose())
            .header("Accept", "application/json");
        if let Some(team) = team_id {
            req = req.header("X-Xiaoya-Team-Id", team);
        }
        let resp = req.send().await.map_err(Error::Transport)?;
        read_envelope(resp).await
    }
}

/// A path segment, percent-encoded (ids are opaque data, never trusted path syntax).
pub fn segment(raw: &str) -> String {
    url::form_urlencoded::byte_serialize(raw.as_bytes()).collect::<String>().replace('+', "%20")
}

/// Turns a platform response into data or a typed error.
pub async fn read_envelope<T: DeserializeOwned>(resp: reqwest::Response) -> Result<T> {
    let status = resp.status();
    let body = resp.bytes().await.map_err(Error::Transport)?;
    if status.is_success() {
        let env: Envelope<T> =
            serde_json::from_slice(&body).map_err(|e| Error::Decode(format!("platform response: {e}")))?;
        return match (env.success, env.data) {
            (true, Some(data)) => Ok(data),
            _ => Err(platform_error(status, env.code, env.message, env.request_id)),
        };
    }
    let parsed: Option<ErrorBody> = serde_json::from_slice(&body).ok();
    let (code, message, request_id) = match parsed {
        Some(b) => (b.code, b.message, b.request_id),
        None => (None, None, None),
    };
    Err(platform_error(status, code, message, request_id))
}

fn platform_error(status: StatusCode, code: Option<String>, message: Option<String>, request_id: Option<String>) -> Error {
    let code = code.unwrap_or_else(|| format!("HTTP_{}", status.as_u16()));
    let message = message.unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_owned());
    if status == StatusCode::UNAUTHORIZED {
        return Error::Unauthorized { code, request_id };
    }
    Error::Platform { status: status.as_u16(), code, message, request_id }
}
