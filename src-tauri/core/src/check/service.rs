//! The `Check` service: the documented contract run against the platform with every
//! signed-in session, the two billable checks, and the last report of this run. It uses
//! the other areas only through their services.

use std::sync::{Arc, Mutex};

use super::wire::CheckReport;
use crate::auth::Auth;
use crate::billing::Billing;
use crate::chat::Chat;
use crate::models::Models;
use crate::shared::Shared;
use crate::tts::Tts;

pub struct Check {
    pub(crate) shared: Arc<Shared>,
    auth: Arc<Auth>,
    models: Arc<Models>,
    billing: Arc<Billing>,
    chat: Arc<Chat>,
    tts: Arc<Tts>,
    /// The last report of this run (for export).
    last: Mutex<Option<CheckReport>>,
}

impl Check {
    pub fn new(
        shared: Arc<Shared>,
        auth: Arc<Auth>,
        models: Arc<Models>,
        billing: Arc<Billing>,
        chat: Arc<Chat>,
        tts: Arc<Tts>,
    ) -> Self {
        Check { shared, auth, models, billing, chat, tts, last: Mutex::default() }
    }

    pub(crate) fn auth(&self) -> &Auth {
        &self.auth
    }

    pub(crate) fn models(&self) -> &Models {
        &self.models
    }

    pub(crate) fn billing(&self) -> &Billing {
        &self.billing
    }

    pub(crate) fn chat(&self) -> &Chat {
        &self.chat
    }

    pub(crate) fn tts(&self) -> &Tts {
        &self.tts
    }

    /// The last Check platform report of this run.
    pub fn last_check(&self) -> &Mutex<Option<CheckReport>> {
        &self.last
    }
}
