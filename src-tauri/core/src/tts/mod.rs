//! The TTS explorer: the catalog of the active context, estimates before and receipts after,
//! idempotent synthesis (one `X-Request-ID` per action, journaled before the first send,
//! reused by every retry and by the resume after a crash), audio saved atomically, and the
//! audio ledger.

pub mod catalog;
pub mod estimate;
pub mod files;
pub mod input;
pub mod ledger;
pub mod read;
pub mod send;
mod settle;
pub mod synth;
pub mod wire;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use catalog::CachedCatalog;
use crate::billing::points::Points;
use send::RetryPolicy;

/// In-memory TTS state on `Core`: catalogs per session, requests in flight, running totals.
#[derive(Default)]
pub struct TtsState {
    catalogs: Mutex<HashMap<String, Arc<CachedCatalog>>>,
    inflight: Mutex<HashSet<String>>,
    /// Points charged since the app started, per context key.
    session_totals: Mutex<HashMap<String, (Points, u32)>>,
    policy: Mutex<RetryPolicy>,
}

impl TtsState {
    pub fn remember_catalog(&self, catalog: Arc<CachedCatalog>) {
        let mut map = self.catalogs.lock().unwrap_or_else(PoisonError::into_inner);
        map.insert(catalog.view.session_id.clone(), catalog);
    }

    pub fn catalog_for(&self, session_id: &str) -> Option<Arc<CachedCatalog>> {
        self.catalogs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(session_id)
            .cloned()
    }

    pub fn policy(&self) -> RetryPolicy {
        self.policy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Tests shorten delays and timeouts.
    pub fn set_policy(&self, policy: RetryPolicy) {
        *self.policy.lock().unwrap_or_else(PoisonError::into_inner) = policy;
    }

    /// Marks a clip as being sent by this process; `None` when it already is.
    pub fn claim(self: &Arc<Self>, clip_id: &str) -> Option<InFlight> {
        let mut set = self.inflight.lock().unwrap_or_else(PoisonError::into_inner);
        set.insert(clip_id.to_owned()).then(|| InFlight {
            state: self.clone(),
            clip_id: clip_id.to_owned(),
        })
    }

    pub fn add_session_charge(&self, context_key: &str, points: Option<Points>) {
        let mut map = self
            .session_totals
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let entry = map
            .entry(context_key.to_owned())
            .or_insert((Points::ZERO, 0));
        entry.0 = entry.0 + points.unwrap_or(Points::ZERO);
        entry.1 += 1;
    }

    pub fn session_total(&self, context_key: &str) -> (Points, u32) {
        self.session_totals
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(context_key)
            .copied()
            .unwrap_or_default()
    }
}

/// Held while a clip's request is being sent; releases the claim when dropped.
pub struct InFlight {
    state: Arc<TtsState>,
    clip_id: String,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.state
            .inflight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.clip_id);
    }
}
