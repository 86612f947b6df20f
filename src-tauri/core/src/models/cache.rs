//! Model catalogs per exact context, fresh for ten minutes: the models area's state, owned by
//! the `Models` service (`service.rs`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::wire::{ModelCatalog, ModelEntry};

/// How long a catalog is answered from the cache without asking the platform again.
const CACHE_TTL: Duration = Duration::from_secs(10 * 60);

struct Cached {
    catalog: ModelCatalog,
    at: Instant,
}

/// Catalogs per context key. Cheap: a few dozen entries at most.
#[derive(Default)]
pub struct CatalogCache {
    entries: Mutex<HashMap<String, Cached>>,
}

impl CatalogCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Cached>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The cached catalog for this context, if it is still fresh.
    pub(super) fn fresh(&self, key: &str) -> Option<ModelCatalog> {
        let entries = self.lock();
        let cached = entries.get(key)?;
        (cached.at.elapsed() < CACHE_TTL).then(|| cached.catalog.clone())
    }

    pub(super) fn store(&self, key: String, catalog: ModelCatalog) {
        let mut entries = self.lock();
        // Keep the previous entry when the platform says nothing changed: same context
        // (the key) and the same catalog version.
        if let Some(previous) = entries.get_mut(&key) {
            if previous.catalog.catalog_version.is_some()
                && previous.catalog.catalog_version == catalog.catalog_version
                && previous.catalog.team_context_version == catalog.team_context_version
            {
                previous.at = Instant::now();
                previous.catalog.fetched_at = catalog.fetched_at;
                return;
            }
        }
        entries.insert(key, Cached { catalog, at: Instant::now() });
    }

    /// The last catalog read for this context, however old (shown, marked stale, when a
    /// refresh fails).
    pub(super) fn last_good(&self, key: &str) -> Option<ModelCatalog> {
        self.lock().get(key).map(|c| c.catalog.clone())
    }

    /// One model of a fresh cached catalog, without asking the platform.
    pub fn cached_model(&self, key: &str, code: &str) -> Option<ModelEntry> {
        let entries = self.lock();
        let cached = entries.get(key).filter(|c| c.at.elapsed() < CACHE_TTL)?;
        cached.catalog.items.iter().find(|m| m.model_code == code).cloned()
    }

    /// Forgets one context's catalog (the platform said a model or parameter is gone).
    pub fn invalidate(&self, key: &str) {
        self.lock().remove(key);
    }
}
