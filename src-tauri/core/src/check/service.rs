//! The `Check` service: the documented contract run against the platform with every
//! signed-in session, the two billable checks, and the runs kept in the database (`runs.rs`). It uses
//! the other areas only through their services.

use std::sync::Arc;

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
        Check { shared, auth, models, billing, chat, tts }
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
}
