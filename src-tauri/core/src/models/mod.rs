//! The model catalog of the active context: Personal `GET /api/v1/open/models`, Team
//! `GET /api/v1/open/teams/{team_id}/models` (with `teamContextVersion`, `planVersionId`
//! and `catalogVersion`). A catalog is cached per exact context and reused only for that
//! context while its versions still match; the chat reads the same cache.

pub mod cache;
pub mod compare;
pub mod parse;
mod service;
pub mod wire;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::auth::call::ContextCall;
use crate::auth::store::SessionRecord;
use crate::billing::ledger::context_label;
use crate::foundation::error::{Error, Result};
use crate::foundation::pages::Paged;
pub use cache::CatalogCache;
pub use service::Models;
use wire::{CatalogContext, ModelCatalog, ModelEntry};

/// The exact context a catalog belongs to: the session key (origin, client, subject,
/// context, Team), when it was signed in, and the Team context version it was granted.
/// A new sign-in or a new Team context version never reuses an older catalog.
pub fn context_key(session: &SessionRecord) -> String {
    format!("{}|{}|{:?}", session.keychain_account, session.created_at, session.team_context_version)
}

const CATALOG_RETRIES: u32 = 2;

/// Failures that pass: nothing was refused for good.
fn passing(err: &Error) -> bool {
    match err {
        Error::Transport(e) => e.is_connect() || e.is_timeout(),
        // 429 and 503 were already waited out as the platform asked (`get_open`).
        Error::Platform { status, .. } => matches!(status, 502 | 504),
        _ => false,
    }
}

pub use crate::foundation::clock::now_ms;

pub(crate) fn catalog_context(session: &SessionRecord) -> CatalogContext {
    CatalogContext {
        kind: session.context.kind().to_owned(),
        team_id: session.team_id().map(str::to_owned),
        label: context_label(session),
    }
}

/// Builds a catalog from the `data` of a catalog answer.
pub fn catalog_from(session: &SessionRecord, data: &Value) -> Result<ModelCatalog> {
    let (items, skipped, reading) = parse::read_items(data);
    let mut catalog = ModelCatalog {
        context: catalog_context(session),
        team_context_version: None,
        plan_version_id: None,
        catalog_version: None,
        items,
        skipped,
        fetched_at: now_ms(),
        from_cache: false,
        reading,
        stale: None,
    };
    if let Some(team_id) = session.team_id() {
        let map =
            data.as_object().ok_or_else(|| Error::Decode("the Team catalog is not an object".into()))?;
        // Never show one Team's catalog in another's context.
        if let Some(answered) = map.get("teamId").and_then(Value::as_str) {
            if answered != team_id {
                return Err(Error::Decode(format!("the Team catalog is for another Team ({answered})")));
            }
        }
        catalog.team_context_version =
            map.get("teamContextVersion").and_then(crate::foundation::reading::whole_number);
        catalog.plan_version_id = map.get("planVersionId").and_then(Value::as_str).map(str::to_owned);
        catalog.catalog_version = map.get("catalogVersion").and_then(Value::as_str).map(str::to_owned);
    }
    Ok(catalog)
}

impl Models {
    /// The catalog of the active context. `refresh` asks the platform even when a fresh
    /// copy for this exact context is cached.
    #[tracing::instrument(skip(self), err)]
    pub async fn model_catalog(&self, refresh: bool) -> Result<ModelCatalog> {
        let call = self.auth().context_call(Some("model")).await?;
        self.catalog_for(&call, refresh).await
    }

    /// The catalog for one call's context (the chat uses this to check models and parameters).
    pub(crate) async fn catalog_for(&self, call: &ContextCall, refresh: bool) -> Result<ModelCatalog> {
        let key = context_key(&call.session);
        if !refresh {
            if let Some(mut cached) = self.catalogs().fresh(&key) {
                cached.from_cache = true;
                return Ok(cached);
            }
        }
        let path = catalog_path(call);
        let paged = match self.read_catalog(call, &path).await {
            Ok(paged) => paged,
            Err(err) => return self.last_good_or(&key, err),
        };
        let mut catalog = match catalog_from(&call.session, &paged.data) {
            Ok(catalog) => catalog,
            Err(err) => return self.last_good_or(&key, err),
        };
        paged.read.note(&mut catalog.reading);
        tracing::info!(
            context = call.session.context.kind(),
            models = catalog.items.len(),
            skipped = catalog.skipped,
            "model catalog loaded"
        );
        self.catalogs().store(key.clone(), catalog);
        let mut stored = self.catalogs().fresh(&key).ok_or_else(|| Error::Invariant("catalog cache"))?;
        stored.from_cache = false;
        Ok(stored)
    }

    /// A catalog read is a GET: retried by itself, like chat, for a connect error, a timeout,
    /// 502 and 504 (twice, 0.5 s then 1 s apart); 429 and 503 wait what the platform asks, in
    /// `get_open`.
    async fn read_catalog(&self, call: &ContextCall, path: &str) -> Result<Paged> {
        let mut attempt = 0;
        loop {
            match self.auth().context_get_list(call, path, parse::CATALOG_LISTS, false).await {
                Err(err) if attempt < CATALOG_RETRIES && passing(&err) => {
                    attempt += 1;
                    tracing::info!(attempt, code = ?err.code(), "catalog read failed for now; reading again");
                    tokio::time::sleep(std::time::Duration::from_millis(500 << (attempt - 1))).await;
                }
                other => return other,
            }
        }
    }

    /// After a failed refresh: the last good catalog, marked stale, when the failure says
    /// nothing about the session (an ended session or a missing scope is never papered over).
    fn last_good_or(&self, key: &str, err: Error) -> Result<ModelCatalog> {
        let keeps = matches!(
            err,
            Error::Transport(_)
                | Error::Stalled(_)
                | Error::Decode(_)
                | Error::Platform { .. }
                | Error::Busy { .. }
        ) && !matches!(&err, Error::Platform { status: 403, .. });
        match self.catalogs().last_good(key).filter(|_| keeps) {
            Some(mut catalog) => {
                tracing::warn!(code = ?err.code(), "catalog refresh failed; showing the last good one");
                catalog.from_cache = true;
                catalog.stale = Some(crate::foundation::error::IpcError::from(&err));
                Ok(catalog)
            }
            None => Err(err),
        }
    }

    /// One model of the call's catalog; asks the platform once more before saying it is gone.
    pub(crate) async fn catalog_model(&self, call: &ContextCall, code: &str) -> Result<ModelEntry> {
        let find = |c: &ModelCatalog| c.items.iter().find(|m| m.model_code == code).cloned();
        if let Some(model) = find(&self.catalog_for(call, false).await?) {
            return Ok(model);
        }
        find(&self.catalog_for(call, true).await?)
            .ok_or_else(|| Error::InvalidInput(format!("{code} is not in this context's model catalog")))
    }
}

/// The catalog route of a context: Personal `/api/v1/open/models`, a Team's own `/models`.
pub fn catalog_path(call: &ContextCall) -> String {
    call.team_path("/models").unwrap_or_else(|| "/api/v1/open/models".to_owned())
}
