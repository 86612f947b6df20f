//! Errors: a `thiserror` enum inside the core that keeps its source, and a closed
//! `ErrorCode` that crosses IPC. The UI switches on the code and localises it; the
//! message is a developer-facing detail, never shown as the only explanation.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Closed set of error codes the UI can branch on. Add a code only when a consumer
/// needs to tell it apart from the others. (`Deserialize`: chat keeps a reply's error
/// with the reply in SQLite.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum ErrorCode {
    /// Input from the user was rejected before anything was sent.
    InvalidInput,
    /// The local database failed.
    Storage,
    /// The platform could not be reached (connect error, timeout, reset).
    Network,
    /// The platform answered with an error envelope; see `platformCode`.
    Platform,
    /// The platform's answer could not be understood.
    Decode,
    /// The session's token expired or was revoked: only that session ended; sign in again.
    SessionExpired,
    /// The sign-in did not complete (OAuth error, refused code, mismatched team …).
    SignInFailed,
    /// A sign-in link arrived but no sign-in was started here.
    NoPendingSignIn,
    /// No web browser could be started on this computer for the sign-in page: the attempt
    /// stays pending and its link can be copied and opened by hand (`sign_in_link`).
    BrowserUnavailable,
    /// The action needs a session for the active context.
    NotSignedIn,
    /// The context that paid has ended; the person must choose who pays before anything else
    /// is charged (the app never switches the payer by itself).
    PayerNotChosen,
    /// The platform refused the Team workflow version sent as `X-Xiaoya-Workflow-Version-Id`:
    /// the Team workflow version setting fixes it.
    WorkflowVersionRefused,
    /// A chat Retry was answered that its request id was already settled (a 409 whose code
    /// says `SETTLED`, READINGS M8): charged once, never again, and its answer is not sent a
    /// second time. The text that arrived stays; Regenerate is a new, charged request.
    ReplyAlreadySettled,
    /// The session lacks a scope this feature needs; see `platformCode`/`message`.
    ScopeMissing,
    /// The OS keychain is missing or locked; tokens are never stored anywhere else.
    KeychainUnavailable,
    /// The OS keychain did not answer in time (an unlock prompt waiting, a stuck service).
    KeychainTimeout,
    /// No audio output device (or it failed): clips are still saved and exportable (R1).
    AudioUnavailable,
    /// A clip's audio is corrupt or truncated and cannot be played (R3).
    AudioUnreadable,
    /// A file could not be written where the person chose (no permission, disk full).
    FileNotSaved,
    /// No file manager answered "show this file" (the file was saved; its folder is shown).
    FileManagerUnavailable,
    /// The disk (the file system of the folder written to) is full: free space and try again.
    DiskFull,
    /// The platform said it is busy (429 or 503) on a read, and stayed busy through the
    /// retries it allowed: `retryAfterSecs` says when to read again, if it said.
    PlatformBusy,
    /// The platform refused a Team call because the Team's plan has ended or is not active:
    /// Team model calls resume once a Team owner renews it (READINGS P3; see `platformCode`).
    TeamPlanInactive,
    /// A replay was asked for something its cassette doesn't hold (the platform was not asked).
    NotInRecording,
    /// A cassette file that is not JSON, is cut off, or whose parts don't fit together.
    CassetteDamaged,
    /// A file that is not a Xiaoya cassette.
    CassetteForeign,
    /// A cassette from a newer version of the app.
    CassetteNewer,
    /// A setting of the built-in sandbox (its reply speed) was changed while the app runs
    /// against another platform, a sandbox it did not start, or a replay.
    SandboxNotBuiltIn,
    /// Something that should never happen; details are in the log.
    Internal,
}

/// What crosses IPC when a command fails.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct IpcError {
    pub code: ErrorCode,
    pub message: String,
    /// The platform's own stable code (e.g. `INSUFFICIENT_POINTS`), when it sent one.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub platform_code: Option<String>,
    /// The platform's `request_id`, for bug reports.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// The platform asked to wait this long before trying again (`Retry-After`), longer than
    /// the app waits by itself: the person decides when to retry.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_secs: Option<u32>,
    /// The request may have been carried out (and charged): a timeout, a dropped connection,
    /// a 5xx. A retry must reuse the same request (id, body, Team tuple); never a new one.
    #[serde(default)]
    pub outcome_unknown: bool,
}

impl IpcError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        IpcError {
            code,
            message: message.into(),
            platform_code: None,
            request_id: None,
            retry_after_secs: None,
            outcome_unknown: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("invalid input: {0}")]
    InvalidInput(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("the data folder cannot be used: {0}")]
    DataFolder(#[source] std::io::Error),
    #[error("could not reach the platform: {0}")]
    Transport(#[source] reqwest::Error),
    #[error("no data for {0:?}: the transfer stalled")]
    Stalled(std::time::Duration),
    #[error("platform error {status} {code}: {message}")]
    Platform { status: u16, code: String, message: String, request_id: Option<String> },
    /// A read answered 429 or 503 through every retry the app makes by itself (or asked for a
    /// longer wait than it makes): `retry_after` is the platform's last `Retry-After`.
    #[error("the platform is busy ({status} {code}): {message}")]
    Busy {
        status: u16,
        code: String,
        message: String,
        request_id: Option<String>,
        retry_after: Option<std::time::Duration>,
    },
    #[error("the platform answered something unexpected: {0}")]
    Decode(String),
    #[error("the session is no longer valid ({code})")]
    Unauthorized { code: String, request_id: Option<String> },
    #[error("sign-in failed: {error}")]
    OAuth { error: String, description: Option<String> },
    #[error("sign-in failed: {0}")]
    SignIn(String),
    #[error("no web browser could be started: {0}")]
    BrowserUnavailable(#[source] std::io::Error),
    #[error("no sign-in is waiting for this link")]
    NoPendingSignIn,
    #[error("not signed in")]
    NotSignedIn,
    #[error("the context that paid has ended; choose who pays")]
    PayerNotChosen,
    #[error("the session lacks the `{0}` scope")]
    ScopeMissing(String),
    #[error(transparent)]
    Keychain(#[from] crate::foundation::keychain::KeychainError),
    #[error("audio output is unavailable: {0}")]
    AudioUnavailable(String),
    #[error("the audio cannot be played: {0}")]
    AudioUnreadable(String),
    /// Writing a file the person chose to save failed.
    #[error("the file could not be saved: {source}")]
    FileNotSaved {
        #[source]
        source: std::io::Error,
    },
    /// The name the person typed got its extension added, and a file of that name exists:
    /// the dialog never asked about replacing it, so it must ask first.
    #[error("{} exists; replacing it was not confirmed", path.display())]
    WouldReplace { path: std::path::PathBuf },
    #[error("no file manager answered: {0}")]
    FileManagerUnavailable(String),
    /// An I/O step of the app's own failed (a file or folder read or written, the browser
    /// started for a link).
    #[error("internal error: {action}: {source}")]
    Io {
        action: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// Something of the app's own did not turn into (or back from) JSON.
    #[error("internal error: {what}: {source}")]
    Json {
        what: &'static str,
        #[source]
        source: serde_json::Error,
    },
    /// A URL of the app's own (stored, or the built-in sandbox's) does not parse.
    #[error("internal error: {what}: {source}")]
    Url {
        what: &'static str,
        #[source]
        source: url::ParseError,
    },
    /// A context's origin as stored (session, conversation, clip) is not a URL any more.
    #[error("internal error: stored origin: {source}")]
    StoredOrigin {
        #[source]
        source: url::ParseError,
    },
    /// SQLite's `PRAGMA quick_check` found the database damaged (the start sets it aside).
    #[error("the database is damaged: quick_check said {result}")]
    DatabaseDamaged { result: String },
    /// The HTTP client could not be built (its TLS backend did not load).
    #[error("internal error: the HTTP client could not be built: {0}")]
    HttpClient(#[source] reqwest::Error),
    /// A timestamp of the app's own could not be formatted.
    #[error("internal error: date format: {0}")]
    DateFormat(#[from] time::error::Format),
    /// A row the app wrote no longer reads back (`what` names the field, `value` what it held).
    #[error("internal error: stored {what} is corrupt: {value:?}")]
    Corrupt { what: &'static str, value: String },
    /// Something the code relies on did not hold; the text says what.
    #[error("internal error: {0}")]
    Invariant(&'static str),
    /// The built-in sandbox is not the platform in use (see `ErrorCode::SandboxNotBuiltIn`).
    #[error("the app is not running against its built-in sandbox")]
    SandboxNotBuiltIn,
    /// A cassette file that can't be replayed (damaged, foreign, newer).
    #[error("cassette: {0}")]
    Cassette(#[from] xiaoya_sandbox::cassette::CassetteError),
}

impl Error {
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::InvalidInput(_) => ErrorCode::InvalidInput,
            Error::Database(e) if database_full(e) => ErrorCode::DiskFull,
            Error::Migrate(
                sqlx::migrate::MigrateError::Execute(e) | sqlx::migrate::MigrateError::ExecuteMigration(e, _),
            ) if database_full(e) => ErrorCode::DiskFull,
            Error::Database(_) | Error::Migrate(_) | Error::DataFolder(_) | Error::DatabaseDamaged { .. } => {
                ErrorCode::Storage
            }
            Error::Transport(_) | Error::Stalled(_) => ErrorCode::Network,
            Error::Platform { code, message, .. } => platform_error_code(code, message),
            Error::Busy { .. } => ErrorCode::PlatformBusy,
            Error::Decode(_) => ErrorCode::Decode,
            Error::Unauthorized { .. } => ErrorCode::SessionExpired,
            Error::OAuth { .. } | Error::SignIn(_) => ErrorCode::SignInFailed,
            Error::NoPendingSignIn => ErrorCode::NoPendingSignIn,
            Error::BrowserUnavailable(_) => ErrorCode::BrowserUnavailable,
            Error::NotSignedIn => ErrorCode::NotSignedIn,
            Error::PayerNotChosen => ErrorCode::PayerNotChosen,
            Error::ScopeMissing(_) => ErrorCode::ScopeMissing,
            Error::Keychain(crate::foundation::keychain::KeychainError::Unavailable(_)) => {
                ErrorCode::KeychainUnavailable
            }
            Error::Keychain(crate::foundation::keychain::KeychainError::TimedOut(_)) => {
                ErrorCode::KeychainTimeout
            }
            Error::Keychain(_) => ErrorCode::Internal,
            Error::AudioUnavailable(_) => ErrorCode::AudioUnavailable,
            Error::AudioUnreadable(_) => ErrorCode::AudioUnreadable,
            Error::FileNotSaved { .. } | Error::WouldReplace { .. } => ErrorCode::FileNotSaved,
            Error::FileManagerUnavailable(_) => ErrorCode::FileManagerUnavailable,
            Error::Io { source, .. } if is_disk_full(source) => ErrorCode::DiskFull,
            Error::Io { .. } | Error::Json { .. } | Error::Url { .. } => ErrorCode::Internal,
            Error::StoredOrigin { .. } | Error::HttpClient(_) | Error::DateFormat(_) => ErrorCode::Internal,
            Error::Corrupt { .. } | Error::Invariant(_) => ErrorCode::Internal,
            Error::SandboxNotBuiltIn => ErrorCode::SandboxNotBuiltIn,
            Error::Cassette(e) => match e {
                xiaoya_sandbox::cassette::CassetteError::Damaged(_) => ErrorCode::CassetteDamaged,
                xiaoya_sandbox::cassette::CassetteError::Foreign => ErrorCode::CassetteForeign,
                xiaoya_sandbox::cassette::CassetteError::Newer { .. } => ErrorCode::CassetteNewer,
            },
        }
    }
}

/// The closed code of a refusal the platform sent with this code and message: a few have
/// their own (a missing scope, an ended Team plan, a refused workflow version, a replay's
/// missing answer); the rest are `Platform`, with the platform's code under Details. One rule
/// for answers and for errors met inside a stream.
pub fn platform_error_code(code: &str, message: &str) -> ErrorCode {
    if code == "OPEN_AGENT_SCOPE_REQUIRED" {
        ErrorCode::ScopeMissing
    } else if code == xiaoya_sandbox::NOT_IN_RECORDING {
        ErrorCode::NotInRecording
    } else if team_plan_inactive(code) {
        ErrorCode::TeamPlanInactive
    } else if refuses_workflow_version(code, message) {
        ErrorCode::WorkflowVersionRefused
    } else {
        ErrorCode::Platform
    }
}

impl ErrorCode {
    /// The platform answered and refused: nothing was carried out.
    pub fn is_platform_refusal(self) -> bool {
        matches!(self, ErrorCode::Platform | ErrorCode::TeamPlanInactive)
    }
}

/// ENOSPC or EDQUOT: the file system (or the person's quota on it) has no room left.
pub fn is_disk_full(err: &std::io::Error) -> bool {
    matches!(err.kind(), std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded)
}

/// `SQLITE_FULL` (13), `SQLITE_IOERR_SHMSIZE` (4874: the shared-memory index beside a
/// database could not grow, which on a file system without room is how opening one fails),
/// or the file system refusing the database's write.
fn database_full(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => matches!(db.code().as_deref(), Some("13" | "4874")),
        sqlx::Error::Io(io) => is_disk_full(io),
        _ => false,
    }
}

/// The docs say an expired Team plan must be renewed before Team model calls resume, and name
/// no code for the refusal (READINGS P3): a code that names the plan, the membership or the
/// seats as expired, inactive or ended is one (`TEAM_PLAN_EXPIRED`,
/// `OPEN_AGENT_TEAM_MEMBERSHIP_INACTIVE`, `TEAM_SEAT_PLAN_ENDED` …). Buying credit packs without
/// a plan (`TEAM_CREDIT_PACK_PLAN_REQUIRED`) is another refusal, about an order.
fn team_plan_inactive(code: &str) -> bool {
    code_names_any(code, &["PLAN", "MEMBERSHIP", "SEAT", "SEATS", "SUBSCRIPTION"])
        && code_names_any(code, &["EXPIRED", "INACTIVE", "ENDED", "LAPSED", "RENEWAL"])
}

/// Whether a platform code, read as words in any case (`TEAM_PLAN_EXPIRED`,
/// `team-plan-expired`), names one of `words` (upper case). For the codes the docs leave open.
pub fn code_names_any(code: &str, words: &[&str]) -> bool {
    code.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| words.iter().any(|w| word.eq_ignore_ascii_case(w)))
}

/// The docs name no code for a refused workflow version, so any platform code about the
/// workflow (not the incomplete-tuple one, which the app never causes) counts:
/// `TEAM_WORKFLOW_VERSION_NOT_PUBLISHED`, `WORKFLOW_VERSION_NOT_FOUND`, …
/// The docs name no code for a refused `X-Xiaoya-Workflow-Version-Id`: a code that names a
/// workflow, or a Team usage-context refusal whose message names the header or a workflow
/// version (a platform may use its generic context code), is one.
fn refuses_workflow_version(code: &str, message: &str) -> bool {
    if code == "TEAM_USAGE_CONTEXT_INCOMPLETE" {
        return false;
    }
    let message = message.to_ascii_lowercase();
    let names_it = message.contains("x-xiaoya-workflow-version-id") || message.contains("workflow version");
    code.contains("WORKFLOW") || (code.starts_with("TEAM_USAGE_CONTEXT") && names_it)
}

impl From<&Error> for IpcError {
    fn from(err: &Error) -> Self {
        let (platform_code, request_id) = match err {
            Error::Platform { code, request_id, .. }
            | Error::Busy { code, request_id, .. }
            | Error::Unauthorized { code, request_id } => (Some(code.clone()), request_id.clone()),
            Error::OAuth { error, .. } => (Some(error.clone()), None),
            _ => (None, None),
        };
        // The platform's own words, when it gave any: the UI shows them as escaped text.
        let message = match err {
            Error::OAuth { error, description } => description.clone().unwrap_or_else(|| error.clone()),
            Error::Platform { message, .. } | Error::Busy { message, .. } => message.clone(),
            other => other.to_string(),
        };
        let retry_after_secs = match err {
            Error::Busy { retry_after: Some(wait), .. } => {
                Some(u32::try_from(crate::foundation::retry_after::whole_seconds(*wait)).unwrap_or(u32::MAX))
            }
            _ => None,
        };
        let outcome_unknown = match err {
            Error::Platform { status, .. } => *status >= 500,
            Error::Transport(e) => !e.is_connect(),
            Error::Stalled(_) => true,
            _ => false,
        };
        IpcError { code: err.code(), message, platform_code, request_id, retry_after_secs, outcome_unknown }
    }
}

impl From<Error> for IpcError {
    fn from(err: Error) -> Self {
        IpcError::from(&err)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::{refuses_workflow_version, team_plan_inactive};

    #[test]
    fn an_ended_team_plan_is_known_by_a_code_that_names_the_plan_as_ended() {
        for code in [
            "TEAM_PLAN_EXPIRED",
            "OPEN_AGENT_TEAM_MEMBERSHIP_INACTIVE",
            "team_seat_plan_ended",
            "TEAM_SUBSCRIPTION_LAPSED",
        ] {
            assert!(team_plan_inactive(code), "{code}");
        }
        for code in
            ["TEAM_CREDIT_PACK_PLAN_REQUIRED", "TEAM_CONTEXT_MISMATCH", "TTS_VOICE_EXPIRED", "PLANNED", ""]
        {
            assert!(!team_plan_inactive(code), "{code}");
        }
    }

    #[test]
    fn a_workflow_refusal_is_known_by_its_code_or_by_a_context_code_that_names_the_header() {
        assert!(refuses_workflow_version("TEAM_WORKFLOW_VERSION_NOT_PUBLISHED", "anything"));
        assert!(refuses_workflow_version(
            "TEAM_USAGE_CONTEXT_INVALID",
            "X-Xiaoya-Workflow-Version-Id is not a workflow version published for this Team"
        ));
        assert!(!refuses_workflow_version("TEAM_USAGE_CONTEXT_INVALID", "X-Xiaoya-Run-Id is missing"));
        assert!(!refuses_workflow_version("TEAM_USAGE_CONTEXT_INCOMPLETE", "workflow version missing"));
        assert!(!refuses_workflow_version("MODEL_PARAMETER_INVALID", "workflow version"));
    }
}
