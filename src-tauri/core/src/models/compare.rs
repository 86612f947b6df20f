//! One model across every signed-in context: a tester compares what the Personal plan and
//! each Team plan offer for the same `modelCode`. Each catalog is read with its own
//! session's token and cached under its own context key, exactly as if that context were
//! active; nothing is charged and the active context does not change. A context whose
//! catalog cannot be read says why, without failing the others.

use std::collections::BTreeSet;

use serde::Serialize;
use ts_rs::TS;

use super::catalog_context;
use super::wire::{CatalogContext, ModelEntry};
use crate::foundation::error::{Error, IpcError, Result};
use crate::models::Models;

/// What one context's catalog says about the model.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelInContext {
    /// The local session id (for switching to it), not a platform identifier.
    pub session_id: String,
    pub context: CatalogContext,
    /// The context that pays right now.
    pub active: bool,
    pub catalog_version: Option<String>,
    /// `None`: not in this context's catalog, or the catalog could not be read (`error`).
    pub model: Option<ModelEntry>,
    pub error: Option<IpcError>,
}

/// The facts compared; each is listed in `differs` when the contexts that have the model
/// disagree on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CompareField {
    /// Some readable catalogs have the model and some do not.
    Presence,
    DisplayName,
    ModelType,
    Inputs,
    Outputs,
    StructuredOutput,
    ParameterSchemaVersion,
    /// `parameterSpec` is null, empty or malformed in some and declared in others, or a
    /// parameter differs (see `differingParameters`).
    Parameters,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelComparison {
    pub model_code: String,
    /// The active context first, then the others in sign-in order.
    pub contexts: Vec<ModelInContext>,
    pub differs: Vec<CompareField>,
    /// Parameter names declared differently, or declared by only some contexts.
    pub differing_parameters: Vec<String>,
}

/// Which facts differ among the entries that exist (contexts without the model only
/// count for `Presence`).
pub fn differences(found: &[Option<&ModelEntry>]) -> (Vec<CompareField>, Vec<String>) {
    let present: Vec<&ModelEntry> = found.iter().flatten().copied().collect();
    let mut differs = BTreeSet::new();
    if !present.is_empty() && present.len() < found.len() {
        differs.insert(CompareField::Presence);
    }
    let mut params = BTreeSet::new();
    if let Some((first, rest)) = present.split_first() {
        let mut check = |field: CompareField, same: &dyn Fn(&ModelEntry, &ModelEntry) -> bool| {
            if rest.iter().any(|other| !same(first, other)) {
                differs.insert(field);
            }
        };
        check(CompareField::DisplayName, &|a, b| a.display_name == b.display_name);
        check(CompareField::ModelType, &|a, b| a.model_type == b.model_type);
        check(CompareField::Inputs, &|a, b| {
            (a.accepts_text, a.accepts_image, a.accepts_file)
                == (b.accepts_text, b.accepts_image, b.accepts_file)
        });
        check(CompareField::Outputs, &|a, b| {
            (a.outputs_text, a.outputs_image, a.outputs_audio, a.outputs_video)
                == (b.outputs_text, b.outputs_image, b.outputs_audio, b.outputs_video)
        });
        check(CompareField::StructuredOutput, &|a, b| a.structured_output_mode == b.structured_output_mode);
        check(CompareField::ParameterSchemaVersion, &|a, b| {
            a.parameter_schema_version == b.parameter_schema_version
        });
        check(CompareField::Parameters, &|a, b| a.parameter_spec == b.parameter_spec);

        let names: BTreeSet<&str> =
            present.iter().flat_map(|m| m.parameters.iter().map(|p| p.name.as_str())).collect();
        for name in names {
            let defs: Vec<_> = present.iter().map(|m| m.parameters.iter().find(|p| p.name == name)).collect();
            if defs.iter().any(|d| d != &defs[0]) {
                params.insert(name.to_owned());
            }
        }
        if !params.is_empty() {
            differs.insert(CompareField::Parameters);
        }
    }
    (differs.into_iter().collect(), params.into_iter().collect())
}

impl Models {
    /// `model_code` in the catalog of every signed-in context of this platform.
    #[tracing::instrument(skip(self), err)]
    pub async fn model_across_contexts(&self, model_code: &str) -> Result<ModelComparison> {
        let view = self.auth().sessions_view().await?;
        let Some(active) = view.active_id.clone() else {
            self.auth().sessions_changed(view);
            return Err(Error::NotSignedIn);
        };
        let mut ids: Vec<String> = view.sessions.iter().map(|s| s.id.clone()).collect();
        ids.sort_by_key(|id| *id != active);
        let mut contexts = Vec::with_capacity(ids.len());
        for id in ids {
            // Ended since the list was read (a 401 on another context's call).
            let Some(session) = self.shared.db().session(&id).await? else { continue };
            let context = catalog_context(&session);
            let outcome = async {
                let call = self.auth().call_for_session(session.clone(), Some("model")).await?;
                self.catalog_for(&call, false).await
            }
            .await;
            contexts.push(match outcome {
                Ok(catalog) => ModelInContext {
                    session_id: id.clone(),
                    context,
                    active: id == active,
                    catalog_version: catalog.catalog_version.clone(),
                    model: catalog.items.into_iter().find(|m| m.model_code == model_code),
                    error: None,
                },
                Err(err) => ModelInContext {
                    session_id: id.clone(),
                    context,
                    active: id == active,
                    catalog_version: None,
                    model: None,
                    error: Some(IpcError::from(&err)),
                },
            });
        }
        let readable: Vec<Option<&ModelEntry>> =
            contexts.iter().filter(|c| c.error.is_none()).map(|c| c.model.as_ref()).collect();
        let (differs, differing_parameters) = differences(&readable);
        Ok(ModelComparison { model_code: model_code.to_owned(), contexts, differs, differing_parameters })
    }
}
