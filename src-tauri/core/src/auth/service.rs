//! The `Auth` service: sign-ins (browser, deep link, loopback), the sessions and who pays,
//! ended sessions and their notices, and the calls made for a session (`api::context`).
//! Every other area reaches a session through its public methods.

use std::sync::Arc;

use super::attempts::SignInHistory;
use super::loopback::Loopback;
use super::wire::AuthEvent;
use crate::foundation::emitter::Emitter;
use crate::foundation::error::Result;
use crate::shared::Shared;

pub struct Auth {
    pub(crate) shared: Arc<Shared>,
    sign_ins: SignInHistory,
    /// Listeners for loopback redirects, one per pending attempt.
    loopback: Loopback,
    /// Held while a session ends, so two calls that fail together end it once, for the
    /// reason the first one found (the second finds its token gone, not a new reason).
    pub(super) ending: tokio::sync::Mutex<()>,
    /// Where sign-ins and sessions announce what changed.
    pub(super) events: Emitter<AuthEvent>,
    /// Team names as the last Team list read gave them, by Team id: a Team sign-in started
    /// from the list keeps the name the person picked.
    team_names: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

impl Auth {
    pub fn new(shared: Arc<Shared>, events: Emitter<AuthEvent>) -> Self {
        Auth {
            shared,
            sign_ins: SignInHistory::default(),
            loopback: Loopback::default(),
            ending: tokio::sync::Mutex::new(()),
            events,
            team_names: Default::default(),
        }
    }

    pub(super) fn remember_team_name(&self, team_id: &str, name: &str) {
        self.team_names.lock().unwrap_or_else(|p| p.into_inner()).insert(team_id.to_owned(), name.to_owned());
    }

    pub(super) fn known_team_name(&self, team_id: &str) -> Option<String> {
        self.team_names.lock().unwrap_or_else(|p| p.into_inner()).get(team_id).cloned()
    }

    /// The recent sign-in attempts of this run, for the diagnostics view.
    pub fn sign_in_history(&self) -> &SignInHistory {
        &self.sign_ins
    }

    /// The loopback redirect listeners of pending sign-ins.
    pub fn loopback(&self) -> &Loopback {
        &self.loopback
    }

    /// Another platform was chosen: sign-ins waiting for the browser and the notices of the
    /// old platform's ended sessions no longer apply.
    pub async fn forget_platform(&self) -> Result<()> {
        super::pending::clear(self.shared.db(), self.shared.keys()).await?;
        self.loopback.close_all().await;
        self.forget_ended_sessions().await
    }
}
