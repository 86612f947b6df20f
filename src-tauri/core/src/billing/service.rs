//! The `Billing` service: balances (read, cached, announced after a charge), usage, the
//! Team context, the low-balance threshold and the points ledger with its views.

use std::sync::Arc;

use crate::auth::Auth;
use crate::shared::Shared;

pub struct Billing {
    pub(crate) shared: Arc<Shared>,
    auth: Arc<Auth>,
}

impl Billing {
    pub fn new(shared: Arc<Shared>, auth: Arc<Auth>) -> Self {
        Billing { shared, auth }
    }

    pub(crate) fn auth(&self) -> &Auth {
        &self.auth
    }
}
