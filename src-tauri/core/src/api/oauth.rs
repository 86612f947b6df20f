//! `POST /oauth/token` and `POST /oauth/revoke` for a public client: form-encoded,
//! PKCE verifier instead of a secret, no redirects followed, explicit timeouts, and
//! the OAuth error JSON (not the platform envelope) on failure.

use std::time::Duration;

use serde::Deserialize;
use url::Url;
use zeroize::Zeroize;

use super::PlatformClient;
use crate::foundation::error::{Error, Result};
use crate::foundation::secret::{wire_form, AccessToken, Sensitive, FORM_CONTENT_TYPE};

/// The platform issues 7-day tokens; anything far beyond that is not believed.
const MAX_LIFETIME: Duration = Duration::from_secs(366 * 24 * 3600);
/// A token answer is a few hundred bytes; anything past this is not read.
const MAX_TOKEN_BODY_BYTES: usize = 64 * 1024;
/// How much of the platform's `error_description` reaches the window (characters).
pub const MAX_ERROR_DESCRIPTION_CHARS: usize = 300;
/// How much of the OAuth `error` code is kept (the documented ones are under 30).
const MAX_ERROR_CHARS: usize = 64;

use crate::foundation::reading::capped;

/// What a successful exchange grants. Never `Debug`-printed with the token visible.
#[derive(Debug)]
pub struct TokenGrant {
    pub access_token: AccessToken,
    pub expires_in: Duration,
    /// The scopes actually granted (may be narrower than requested).
    pub scopes: Vec<String>,
    pub team_id: Option<String>,
    pub team_authorization_id: Option<String>,
}

/// The token answer as read. Its `access_token` is wiped when it is dropped, also when the
/// answer is refused below (`grant_from` takes the token out into an `AccessToken`).
#[derive(Deserialize)]
struct RawToken {
    access_token: String,
    token_type: String,
    expires_in: i64,
    scope: Option<String>,
    team_id: Option<String>,
    team_authorization_id: Option<String>,
}

impl Drop for RawToken {
    fn drop(&mut self) {
        self.access_token.zeroize();
    }
}

#[derive(Deserialize)]
struct OAuthErrorBody {
    error: String,
    error_description: Option<String>,
}

pub struct CodeExchange<'a> {
    pub origin: &'a Url,
    pub client_id: &'a str,
    pub code: &'a Sensitive<String>,
    pub redirect_uri: &'a Url,
    pub verifier: &'a Sensitive<String>,
}

impl PlatformClient {
    /// Sends the authorization code once. The caller never retries with the same code (A8).
    pub async fn exchange_code(&self, x: CodeExchange<'_>) -> Result<TokenGrant> {
        let form = [
            ("grant_type", "authorization_code"),
            ("client_id", x.client_id),
            ("code", x.code.expose().as_str()),
            ("redirect_uri", x.redirect_uri.as_str()),
            ("code_verifier", x.verifier.expose().as_str()),
        ];
        // The body (with the code and verifier) and the answer (with the token) are copies
        // this crate makes for the wire: each is wiped when dropped (foundation/secret.rs).
        let resp = self
            .post(Self::url(x.origin, "/oauth/token")?)
            .timeout(self.rest_timeout)
            .header("Accept", "application/json")
            .header(reqwest::header::CONTENT_TYPE, FORM_CONTENT_TYPE)
            .body(wire_form(&form))
            .send()
            .await
            .map_err(Error::Transport)?;
        let status = resp.status();
        let wait = crate::foundation::retry_after::retry_after(resp.headers());
        let body = super::read_secret_body_capped(resp, MAX_TOKEN_BODY_BYTES).await?;
        let body = body.as_slice();
        if !status.is_success() {
            let (error, description) = match serde_json::from_slice::<OAuthErrorBody>(body) {
                Ok(e) => (
                    capped(&e.error, MAX_ERROR_CHARS),
                    e.error_description
                        .map(|d| capped(&d, MAX_ERROR_DESCRIPTION_CHARS))
                        .filter(|d| !d.is_empty()),
                ),
                Err(_) => (format!("http_{}", status.as_u16()), None),
            };
            // READINGS B7: a throttled exchange. The code is never sent again (A8), so the
            // person starts the sign-in again, after the wait the platform asked for.
            if matches!(status.as_u16(), 429 | 503) {
                return Err(Error::Busy {
                    status: status.as_u16(),
                    message: description.unwrap_or_else(|| "the platform is busy".to_owned()),
                    code: error,
                    request_id: None,
                    retry_after: wait,
                });
            }
            return Err(Error::OAuth { error, description });
        }
        let raw: RawToken = serde_json::from_slice(body)
            .map_err(|_| Error::Decode("the token response is not the documented JSON".into()))?;
        grant_from(raw)
    }

    /// Revokes a token. The platform answers 200 even for an inactive token.
    pub async fn revoke(&self, origin: &Url, client_id: &str, token: &AccessToken) -> Result<()> {
        let form = [
            ("client_id", client_id),
            ("token", token.expose().as_str()),
            ("token_type_hint", "access_token"),
        ];
        let resp = self
            .post(Self::url(origin, "/oauth/revoke")?)
            .timeout(self.rest_timeout)
            .header(reqwest::header::CONTENT_TYPE, FORM_CONTENT_TYPE)
            .body(wire_form(&form))
            .send()
            .await
            .map_err(Error::Transport)?;
        if resp.status().is_success() {
            Ok(())
        } else {
            let status = resp.status().as_u16();
            Err(Error::Platform {
                status,
                code: format!("HTTP_{status}"),
                message: "revocation was refused".into(),
                request_id: None,
            })
        }
    }
}

fn grant_from(mut raw: RawToken) -> Result<TokenGrant> {
    if !raw.token_type.eq_ignore_ascii_case("bearer") {
        return Err(Error::Decode(format!("unsupported token_type {:?}", raw.token_type)));
    }
    let lifetime = u64::try_from(raw.expires_in).ok().filter(|s| *s > 0).map(Duration::from_secs);
    let Some(expires_in) = lifetime.filter(|d| *d <= MAX_LIFETIME) else {
        return Err(Error::Decode(format!("implausible expires_in {}", raw.expires_in)));
    };
    if raw.access_token.is_empty() {
        return Err(Error::Decode("empty access_token".into()));
    }
    let scope = raw.scope.take().ok_or_else(|| Error::Decode("the token response has no scope".into()))?;
    Ok(TokenGrant {
        access_token: Sensitive::new(std::mem::take(&mut raw.access_token)),
        expires_in,
        scopes: scope.split_whitespace().map(str::to_owned).collect(),
        team_id: raw.team_id.take().filter(|t| !t.is_empty()),
        team_authorization_id: raw.team_authorization_id.take(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(token_type: &str, expires_in: i64) -> RawToken {
        RawToken {
            access_token: "tok".into(),
            token_type: token_type.into(),
            expires_in,
            scope: Some("profile model".into()),
            team_id: None,
            team_authorization_id: None,
        }
    }

    /// A token endpoint that answers `status` with `body`, once per connection.
    async fn token_endpoint(status: &'static str, body: String) -> Url {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
        tokio::spawn(async move {
            while let Ok((mut sock, _)) = listener.accept().await {
                let mut buf = [0u8; 8192];
                let _ = sock.read(&mut buf).await;
                let head = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                    body.len()
                );
                let _ = sock.write_all(head.as_bytes()).await;
                let _ = sock.write_all(body.as_bytes()).await;
            }
        });
        url
    }

    async fn exchange(origin: &Url) -> Result<TokenGrant> {
        let client = PlatformClient::new().unwrap();
        let code = Sensitive::new("code".to_owned());
        let verifier = Sensitive::new("v".repeat(43));
        let redirect = Url::parse("xiaoya-companion://oauth/callback").unwrap();
        client
            .exchange_code(CodeExchange {
                origin,
                client_id: "c",
                code: &code,
                redirect_uri: &redirect,
                verifier: &verifier,
            })
            .await
    }

    /// What the window shows of a token error is the platform's description, capped at
    /// 300 characters and without control characters — not 1 MB of it.
    #[tokio::test]
    async fn the_token_endpoints_error_description_is_capped_before_it_reaches_the_ui() {
        let long = format!("line one\nline two\u{1b}[31m {}", "很长的说明".repeat(100_000));
        let body = serde_json::json!({ "error": "invalid_grant", "error_description": long }).to_string();
        // Under the body cap, so it is parsed; the description is what gets capped.
        let small = serde_json::json!({ "error": "invalid_grant", "error_description": long.chars().take(5000).collect::<String>() })
            .to_string();
        let origin = token_endpoint("400 Bad Request", small).await;
        let ipc = crate::IpcError::from(exchange(&origin).await.unwrap_err());
        assert_eq!(ipc.code, crate::ErrorCode::SignInFailed);
        assert_eq!(ipc.platform_code.as_deref(), Some("invalid_grant"));
        assert_eq!(ipc.message.chars().count(), MAX_ERROR_DESCRIPTION_CHARS, "{}", ipc.message);
        assert!(ipc.message.starts_with("line one line two"), "{}", ipc.message);
        assert!(ipc.message.ends_with('…'));
        assert!(!ipc.message.chars().any(char::is_control));

        // A token error body past the cap is not read at all.
        let origin = token_endpoint("400 Bad Request", body).await;
        let err = exchange(&origin).await.unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Decode, "{err:?}");
    }

    /// An oversized success body is refused too (nothing is granted from it).
    #[tokio::test]
    async fn an_oversized_token_answer_is_refused() {
        let body = format!(
            "{{\"access_token\":\"{}\",\"token_type\":\"Bearer\",\"expires_in\":604800,\"scope\":\"profile\"}}",
            "a".repeat(MAX_TOKEN_BODY_BYTES)
        );
        let origin = token_endpoint("200 OK", body).await;
        let err = exchange(&origin).await.unwrap_err();
        assert!(err.to_string().contains("larger than"), "{err}");
    }

    #[test]
    fn token_type_and_lifetime_are_checked() {
        assert!(grant_from(raw("Bearer", 604800)).is_ok());
        assert!(grant_from(raw("bearer", 604800)).is_ok());
        assert!(grant_from(raw("mac", 604800)).is_err());
        assert!(grant_from(raw("Bearer", 0)).is_err());
        assert!(grant_from(raw("Bearer", -5)).is_err());
        assert!(grant_from(raw("Bearer", 10 * 365 * 24 * 3600)).is_err());
        let g = grant_from(raw("Bearer", 604800)).unwrap();
        assert_eq!(g.scopes, vec!["profile", "model"]);
        assert!(!format!("{g:?}").contains("tok\""), "the token never prints");
    }
}
