//! The platform's response envelopes and its closed set of error codes.
//!
//! Success: `{ "success": true, "data": ..., "request_id": "req_..." }`.
//! Failure: `{ "success": false, "code": "...", "message": "...", "request_id": "req_..." }`.
//! OAuth endpoints do not use these (see `oauth::error`).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use rand::RngCore;
use serde::Serialize;
use serde_json::json;

use crate::validation::{ValidationFailure, ValidationIssue};

/// A platform trace id such as `req_4f1c0a9be27d5c3318aa60d1`.
pub(crate) fn new_request_id() -> String {
    let mut bytes = [0u8; 12];
    rand::rng().fill_bytes(&mut bytes);
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("req_{hex}")
}

/// Wraps `data` in the success envelope.
pub(crate) fn success<T: Serialize>(data: T) -> Response {
    Json(json!({ "success": true, "data": data, "request_id": new_request_id() })).into_response()
}

/// Every error the open API and the gateways answer with.
///
/// Codes marked "assumed" are not named by the platform documentation; the README lists them.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PlatformError {
    /// Assumed code `OPEN_AGENT_TOKEN_INVALID` (401).
    #[error("{0}")]
    TokenInvalid(&'static str),
    #[error("The {0} scope is required")]
    ScopeRequired(&'static str),
    #[error("The token is bound to a different Personal/Team context")]
    TeamContextMismatch,
    #[error("This resource requires a Team-bound OAuth authorization")]
    TeamOAuthAuthorizationRequired,
    #[error("{0}")]
    TeamUsageContextIncomplete(String),
    #[error("Team model calls currently require stream=false")]
    TeamUsageStreamingUnsupported,
    /// Assumed code `TEAM_WORKFLOW_VERSION_NOT_PUBLISHED` (403), `published-workflow-only` reading.
    #[error("X-Xiaoya-Workflow-Version-Id must name a published workflow version of this Team")]
    WorkflowVersionNotPublished,
    /// The `workflow-refused-context-invalid` reading: the same refusal under the generic
    /// context code (400), named only by its message.
    #[error("X-Xiaoya-Workflow-Version-Id is not a workflow version published for this Team")]
    WorkflowVersionContextInvalid,
    #[error("The account does not have enough points")]
    InsufficientPoints,
    /// Assumed code `MODEL_NOT_FOUND` (404).
    #[error("The model is not available in this context")]
    ModelNotFound,
    /// Assumed code `MODEL_TYPE_UNSUPPORTED` (400).
    #[error("This model does not support chat completions")]
    ModelTypeUnsupported,
    /// Assumed code `MODEL_PARAMETER_INVALID` (400).
    #[error("{0}")]
    ModelParameterInvalid(String),
    /// Assumed code `STRUCTURED_OUTPUT_UNSUPPORTED` (400).
    #[error("{0}")]
    StructuredOutputUnsupported(String),
    /// Assumed code `REQUEST_ID_CONFLICT` (409).
    #[error("This X-Request-ID was already used for a different request in this account context")]
    RequestIdConflict,
    /// Assumed code `TTS_CONFIG_NOT_FOUND` (404).
    #[error("The TTS configuration is not available in this context")]
    TtsConfigNotFound,
    /// Assumed code `TTS_VOICE_NOT_FOUND` (404).
    #[error("The voice is not available for this TTS configuration in this context")]
    TtsVoiceNotFound,
    /// Assumed code `TTS_VOICE_EXPIRED` (410).
    #[error("The cloned voice passed its first-use deadline and can no longer be used")]
    TtsVoiceExpired,
    /// Assumed code `TTS_FORMAT_UNSUPPORTED` (400).
    #[error("response_format must be one of the configuration's outputFormats")]
    TtsFormatUnsupported,
    #[error("This X-Request-ID was already settled; persist the audio from the first success")]
    TtsRequestAlreadySettled,
    /// Assumed code `CHAT_REQUEST_ALREADY_SETTLED` (409), `chat-settled-conflict` reading.
    #[error("This X-Request-ID was already settled; its answer is not sent again")]
    ChatRequestAlreadySettled,
    /// Assumed code `TTS_REQUEST_IN_PROGRESS` (409).
    #[error("A request with this X-Request-ID is still in progress")]
    TtsRequestInProgress,
    #[error("The voice's first use is not confirmed yet")]
    TtsVoiceActivationInProgress,
    /// Assumed code `TTS_SYNTHESIS_FAILED` (502).
    #[error("The speech provider failed")]
    TtsSynthesisFailed,
    /// Assumed code `TEAM_NOT_FOUND` (404), for a Team id that does not exist at all.
    #[error("Team not found")]
    TeamNotFound,
    /// Assumed code `TEAM_ROLE_REQUIRED` (403): a plain member reading what only the Team's
    /// owner and admins may (membership orders).
    #[error("Only the Team's owner or admins can read this")]
    TeamRoleRequired,
    /// An injected HTTP status (fault injection).
    #[error("{message}")]
    Injected { status: StatusCode, code: &'static str, message: &'static str },
    /// A FastAPI 422 `HTTPValidationError`.
    #[error("request validation failed")]
    Validation(Vec<ValidationIssue>),
}

impl PlatformError {
    pub fn code(&self) -> &'static str {
        use PlatformError::*;
        match self {
            TokenInvalid(_) => "OPEN_AGENT_TOKEN_INVALID",
            ScopeRequired(_) => "OPEN_AGENT_SCOPE_REQUIRED",
            TeamContextMismatch => "TEAM_CONTEXT_MISMATCH",
            TeamOAuthAuthorizationRequired => "TEAM_OAUTH_AUTHORIZATION_REQUIRED",
            TeamUsageContextIncomplete(_) => "TEAM_USAGE_CONTEXT_INCOMPLETE",
            WorkflowVersionContextInvalid => "TEAM_USAGE_CONTEXT_INVALID",
            TeamUsageStreamingUnsupported => "TEAM_USAGE_STREAMING_UNSUPPORTED",
            WorkflowVersionNotPublished => "TEAM_WORKFLOW_VERSION_NOT_PUBLISHED",
            InsufficientPoints => "INSUFFICIENT_POINTS",
            ModelNotFound => "MODEL_NOT_FOUND",
            ModelTypeUnsupported => "MODEL_TYPE_UNSUPPORTED",
            ModelParameterInvalid(_) => "MODEL_PARAMETER_INVALID",
            StructuredOutputUnsupported(_) => "STRUCTURED_OUTPUT_UNSUPPORTED",
            RequestIdConflict => "REQUEST_ID_CONFLICT",
            TtsConfigNotFound => "TTS_CONFIG_NOT_FOUND",
            TtsVoiceNotFound => "TTS_VOICE_NOT_FOUND",
            TtsVoiceExpired => "TTS_VOICE_EXPIRED",
            TtsFormatUnsupported => "TTS_FORMAT_UNSUPPORTED",
            TtsRequestAlreadySettled => "TTS_REQUEST_ALREADY_SETTLED",
            ChatRequestAlreadySettled => "CHAT_REQUEST_ALREADY_SETTLED",
            TtsRequestInProgress => "TTS_REQUEST_IN_PROGRESS",
            TtsVoiceActivationInProgress => "TTS_VOICE_ACTIVATION_IN_PROGRESS",
            TtsSynthesisFailed => "TTS_SYNTHESIS_FAILED",
            TeamNotFound => "TEAM_NOT_FOUND",
            TeamRoleRequired => "TEAM_ROLE_REQUIRED",
            Injected { code, .. } => code,
            Validation(_) => "VALIDATION_ERROR",
        }
    }

    pub fn status(&self) -> StatusCode {
        use PlatformError::*;
        match self {
            TokenInvalid(_) => StatusCode::UNAUTHORIZED,
            ScopeRequired(_)
            | TeamContextMismatch
            | TeamOAuthAuthorizationRequired
            | WorkflowVersionNotPublished
            | TeamRoleRequired => StatusCode::FORBIDDEN,
            TeamUsageContextIncomplete(_) | TeamUsageStreamingUnsupported | WorkflowVersionContextInvalid => {
                StatusCode::BAD_REQUEST
            }
            InsufficientPoints => StatusCode::PAYMENT_REQUIRED,
            ModelNotFound | TtsConfigNotFound | TtsVoiceNotFound | TeamNotFound => StatusCode::NOT_FOUND,
            ModelTypeUnsupported | ModelParameterInvalid(_) | StructuredOutputUnsupported(_) => {
                StatusCode::BAD_REQUEST
            }
            TtsFormatUnsupported => StatusCode::BAD_REQUEST,
            RequestIdConflict | TtsRequestAlreadySettled | TtsRequestInProgress => StatusCode::CONFLICT,
            ChatRequestAlreadySettled => StatusCode::CONFLICT,
            TtsVoiceActivationInProgress => StatusCode::CONFLICT,
            TtsVoiceExpired => StatusCode::GONE,
            TtsSynthesisFailed => StatusCode::BAD_GATEWAY,
            Injected { status, .. } => *status,
            Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }
}

impl IntoResponse for PlatformError {
    fn into_response(self) -> Response {
        if let PlatformError::Validation(issues) = self {
            return ValidationFailure(issues).into_response();
        }
        let status = self.status();
        let body = json!({
            "success": false,
            "code": self.code(),
            "message": self.to_string(),
            "request_id": new_request_id(),
        });
        let mut response = (status, Json(body)).into_response();
        let headers = response.headers_mut();
        match &self {
            PlatformError::TokenInvalid(reason) => {
                // RFC 6750 §3: no error attribute when the request carried no credentials.
                let value = if *reason == MISSING_TOKEN {
                    HeaderValue::from_static("Bearer")
                } else {
                    HeaderValue::from_static("Bearer error=\"invalid_token\"")
                };
                headers.insert(header::WWW_AUTHENTICATE, value);
            }
            PlatformError::Injected { status, .. } if *status == StatusCode::TOO_MANY_REQUESTS => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            PlatformError::Injected { status, .. } if *status == StatusCode::SERVICE_UNAVAILABLE => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            _ => {}
        }
        response
    }
}

pub(crate) const MISSING_TOKEN: &str = "A Bearer access token is required";

/// FastAPI's own 404 for an unknown path.
pub(crate) async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "detail": "Not Found" }))).into_response()
}
