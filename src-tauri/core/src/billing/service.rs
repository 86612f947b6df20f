//! The `Billing` service: balances (read, cached, announced after a charge), usage, the
//! Team context, the low-balance threshold and the points ledger with its views.

use std::sync::Arc;

use super::wire::BalanceOverview;
use crate::auth::Auth;
use crate::foundation::emitter::Emitter;
use crate::shared::Shared;

pub struct Billing {
    pub(crate) shared: Arc<Shared>,
    auth: Arc<Auth>,
    /// Where a balance read again is announced.
    pub(super) events: Emitter<BalanceOverview>,
    /// Sessions whose last balance refresh failed, and when (Unix ms); a later successful
    /// refresh clears it. The tray never shows such a figure as fresh.
    pub(super) failed_refreshes: std::sync::Mutex<std::collections::HashMap<String, i64>>,
}

impl Billing {
    pub fn new(shared: Arc<Shared>, auth: Arc<Auth>, events: Emitter<BalanceOverview>) -> Self {
        Billing { shared, auth, events, failed_refreshes: Default::default() }
    }

    pub(crate) fn auth(&self) -> &Auth {
        &self.auth
    }
}
