//! Types that cross IPC for the app as a whole. Feature areas keep their own wire
//! modules. Every type derives `TS`; `cargo test` writes the bindings to
//! `ui/src/bindings/`, and the suite fails when the committed copy is stale.

use serde::Serialize;
use ts_rs::TS;

// The settings' and the database's own types live with `store`, which keeps them.
pub use crate::store::wire::{
    DatabaseDamage, DatabaseSetAside, Locale, Presenting, SandboxReplySpeed, ThemePreference,
};

// The platform's own types live with `config.rs`, which chooses it.
pub use crate::foundation::config::{PlatformInfo, PlatformMode, PlatformSettingsInput, ReplayInfo};

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppInfo {
    pub version: String,
    /// The commit the app was built from (short hash, or "unknown"); the shell fills it in.
    pub commit: String,
    pub platform: PlatformInfo,
    pub locale: Locale,
    pub theme: ThemePreference,
    /// Presenting mode and, while it is on, the private values the window masks besides
    /// the sessions' own ids (which it takes from the sessions view).
    pub presenting: PresentingView,
    /// Set when the database found at start could not be used and was moved aside.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_set_aside: Option<DatabaseSetAside>,
}

/// Presenting mode as the window needs it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PresentingView {
    pub on: bool,
    pub scale: u16,
    /// The platform's origin when it is not the public one, the client id, the redirect
    /// URI, the home folder: masked wherever they appear while presenting (sent either
    /// way, so turning it on in the window is instant). None of it is a credential.
    pub literals: Vec<crate::foundation::mask::MaskLiteral>,
}

/// What the window's first frame shows, handed to the page before any of its script runs
/// (the shell's initialization script), so the first paint is the real screen rather than a
/// loading state followed by a second full render once `app_info` and `sessions` answer.
/// Nothing in it is a credential. The page still asks for `sessions` once it listens to
/// events, and takes that answer over this one.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BootState {
    /// New on every start: a page reloaded later in the same run has seen this one and
    /// asks the core instead of taking a state that may be out of date.
    pub boot_id: String,
    pub app_info: AppInfo,
    pub sessions: crate::auth::wire::SessionsView,
}

/// App-wide changes, sent from one place in the shell on the `app-event` channel.
/// Feature-specific progress (a streamed reply, a synthesis) uses per-request channels.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
// Events are few, short-lived and serialized at once; boxing the large sessions view would
// save nothing that matters and change every constructor.
#[allow(clippy::large_enum_variant)]
pub enum AppEvent {
    PlatformChanged {
        platform: PlatformInfo,
    },
    /// Sessions were added, ended, switched or expired.
    SessionsChanged {
        view: crate::auth::wire::SessionsView,
    },
    /// A sign-in finished in the browser and the app is now signed in to this context.
    SignedIn {
        session: crate::auth::wire::SessionSummary,
    },
    /// A sign-in link arrived and was refused or failed; the message says why.
    SignInFailed {
        error: crate::foundation::error::IpcError,
    },
    /// A context's balance was read again (on demand, or after a charged action).
    BalanceChanged {
        balance: crate::billing::wire::BalanceOverview,
    },
    /// A session ended without the person signing out (expired, refused, its Team
    /// context ended): which one and why, announced once by the core, with the new view.
    SessionEnded {
        ended: crate::auth::wire::EndedSession,
        view: crate::auth::wire::SessionsView,
    },
    /// A read is waiting for a busy platform (429 or 503) and reads again in `waitSecs`.
    PlatformBusy {
        path: String,
        wait_secs: u32,
    },
    /// A clip reached a settled status (complete, settled without audio, failed, or
    /// outcome unknown), with what it changed: the totals of the context it was made in
    /// (under `sessionId`) and its configuration's counting rule there. A charge it made
    /// is followed by `balanceChanged`.
    ClipSettled {
        clip: crate::tts::wire::Clip,
        session_id: String,
        /// Absent only when the ledger could not be read just then.
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        totals: Option<crate::tts::wire::TtsTotals>,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        counting: Option<crate::tts::wire::ConfigCounting>,
    },
    /// Playback changed: a clip started, paused, ended or stopped, the volume or the device
    /// changed, or (while a clip plays) its position moved; told by the audio thread, so the
    /// page never asks on a timer.
    PlaybackChanged {
        playback: crate::audio::wire::PlaybackState,
    },
}

impl From<crate::auth::wire::AuthEvent> for AppEvent {
    fn from(event: crate::auth::wire::AuthEvent) -> Self {
        use crate::auth::wire::AuthEvent;
        match event {
            AuthEvent::SessionsChanged { view } => AppEvent::SessionsChanged { view },
            AuthEvent::SignedIn { session } => AppEvent::SignedIn { session },
            AuthEvent::SignInFailed { error } => AppEvent::SignInFailed { error },
            AuthEvent::SessionEnded { ended, view } => AppEvent::SessionEnded { ended, view },
        }
    }
}
