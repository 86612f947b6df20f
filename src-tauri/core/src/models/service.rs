//! The `Models` service: the catalog of each exact context (read, cached, reused while its
//! versions match) and one model compared across every signed-in context.

use std::sync::Arc;

use super::cache::CatalogCache;
use crate::auth::Auth;
use crate::shared::Shared;

pub struct Models {
    pub(crate) shared: Arc<Shared>,
    auth: Arc<Auth>,
    /// Model catalogs per exact context (the chat reads the same cache).
    catalogs: CatalogCache,
}

impl Models {
    pub fn new(shared: Arc<Shared>, auth: Arc<Auth>) -> Self {
        Models { shared, auth, catalogs: CatalogCache::default() }
    }

    pub(crate) fn auth(&self) -> &Auth {
        &self.auth
    }

    pub fn catalogs(&self) -> &CatalogCache {
        &self.catalogs
    }
}
