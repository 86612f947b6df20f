//! "Copy as curl" for a Check platform item. A read is rebuilt by the builder that sent it
//! (`PlatformClient::read_request`) for the signed-in session the item names, with a
//! placeholder where the token goes; a billable check was a chat reply or a clip, and is
//! copied from that record (found by its request id in the points ledger).

use super::wire::CheckId;
use super::Check;
use crate::api::curl::{Evidence, SentRequest};
use crate::api::PlatformClient;
use crate::auth::call::ContextCall;
use crate::billing::ledger::context_label;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::{Error, Result};

/// What a Check platform item's request is.
pub enum CheckedRequest {
    /// A read, rebuilt.
    Read(SentRequest, Evidence),
    /// A billable check: the chat reply (`chat`) or clip (`tts`) it made.
    Charged { kind: String, receipt_ref: String },
}

impl Check {
    /// Item `index` of the kept run `run_id` (of the active context).
    pub async fn check_item_request(&self, run_id: &str, index: usize) -> Result<CheckedRequest> {
        let report = self.platform_check_run(run_id).await?;
        let item = report.items.get(index).ok_or_else(|| Error::InvalidInput("no such check".into()))?;
        if item.method == "POST" {
            let session = self.auth().active_session().await?;
            let request_id = item
                .request_id
                .as_deref()
                .ok_or_else(|| Error::InvalidInput("this check sent nothing".into()))?;
            let (kind, receipt_ref) = self
                .shared
                .db()
                .charge_ref(&ContextColumns::of(&session), request_id)
                .await?
                .ok_or_else(|| Error::InvalidInput("this check's request is not in the ledger".into()))?;
            return Ok(CheckedRequest::Charged { kind, receipt_ref });
        }
        if item.method != "GET" || item.path.is_empty() {
            return Err(Error::InvalidInput("this check sent no request".into()));
        }
        let origin = self.shared.platform().origin.clone();
        let url = PlatformClient::url(&origin, &item.path)?;
        let client = self.shared.client();
        let request = if item.id == CheckId::OpenApi {
            client.read_request(url, None, None)
        } else {
            let mut found = None;
            for summary in self.auth().sessions_view().await?.sessions {
                if let Some(session) = self.shared.db().session(&summary.id).await? {
                    if context_label(&session) == item.context {
                        found = Some(session);
                        break;
                    }
                }
            }
            let call = ContextCall::without_token(found.ok_or(Error::NotSignedIn)?)?;
            client.read_request(
                PlatformClient::url(call.origin(), &item.path)?,
                Some(&call.token),
                call.team_id(),
            )
        };
        let request = request.build().map_err(Error::Transport)?;
        let evidence = Evidence {
            request_id: item.request_id.clone().unwrap_or_else(|| "(none reported)".into()),
            sent_at: report.started_at.clone(),
            context: if item.context.is_empty() { "nobody (public)".into() } else { item.context.clone() },
            charged: None,
            note: Some("A read: sending it again charges nothing.".into()),
        };
        Ok(CheckedRequest::Read(SentRequest::of(&request)?, evidence))
    }
}
