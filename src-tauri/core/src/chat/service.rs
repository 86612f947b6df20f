//! The `Chat` service: conversations scoped to the paying context, turns (send, retry,
//! regenerate, edit and resend), the replies in flight, export and the cost hint. It reads
//! models through `Models` and announces the balance after a charge through `Billing`.

use std::sync::Arc;

use super::runtime::ChatRuntime;
use crate::auth::Auth;
use crate::billing::Billing;
use crate::models::Models;
use crate::shared::Shared;

pub struct Chat {
    pub(crate) shared: Arc<Shared>,
    auth: Arc<Auth>,
    models: Arc<Models>,
    billing: Arc<Billing>,
    /// Replies being received, so Stop can reach them.
    runtime: ChatRuntime,
}

impl Chat {
    pub fn new(shared: Arc<Shared>, auth: Arc<Auth>, models: Arc<Models>, billing: Arc<Billing>) -> Self {
        Chat { shared, auth, models, billing, runtime: ChatRuntime::default() }
    }

    pub(crate) fn auth(&self) -> &Auth {
        &self.auth
    }

    pub(crate) fn models(&self) -> &Models {
        &self.models
    }

    pub(crate) fn billing(&self) -> &Arc<Billing> {
        &self.billing
    }

    /// Replies in flight.
    pub fn chat_runtime(&self) -> &ChatRuntime {
        &self.runtime
    }
}
