//! "Copy as curl" (issue 29): the one way a request the app sent reaches the clipboard. The
//! area that owns the record rebuilds the request with its own builder (`chat::copied`,
//! `tts::copied`), `api::curl` renders it for the chosen shell with `$XIAOYA_TOKEN` where
//! the token goes, and while presenting the text is masked by Presenting mode's one masker
//! (the window's copy masks it again with the same table).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::curl::{CurlShell, Evidence, SentRequest};
use crate::api::PlatformClient;
use crate::auth::call::ContextCall;
use crate::billing::balance_path;
use crate::billing::ledger::context_label;
use crate::check::copied::CheckedRequest;
use crate::foundation::clock::{now_ms, rfc3339_ms};
use crate::foundation::error::{Error, Result};
use crate::host::Core;
use crate::models::catalog_path;

/// Which recorded request to copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase", tag = "kind")]
#[ts(export)]
pub enum RequestCopyTarget {
    /// A chat reply (its message id) of the active context.
    ChatReply { id: String },
    /// A clip of the audio ledger (its clip id).
    Clip { id: String },
    /// Item `index` of a kept Check platform run of the active context.
    CheckItem { run_id: String, index: u32 },
    /// The active context's catalog read (`GET …/models`), as the Models screen sends it.
    CatalogRead,
    /// The active context's balance read (`GET …/balance`), as the Balances screen sends it.
    BalanceRead,
}

impl Core {
    /// The command that repeats `target`'s request, for `shell`. Never holds a token.
    #[tracing::instrument(skip(self), err)]
    pub async fn copy_request(&self, target: RequestCopyTarget, shell: CurlShell) -> Result<String> {
        let (sent, evidence) = match &target {
            RequestCopyTarget::ChatReply { id } => self.chat().reply_request_copy(id).await?,
            RequestCopyTarget::Clip { id } => self.tts().clip_request_copy(id).await?,
            RequestCopyTarget::CheckItem { run_id, index } => {
                let index = usize::try_from(*index).unwrap_or(usize::MAX);
                match self.check().check_item_request(run_id, index).await? {
                    CheckedRequest::Read(sent, evidence) => (sent, evidence),
                    CheckedRequest::Charged { kind, receipt_ref } if kind == "tts" => {
                        self.tts().clip_request_copy(&receipt_ref).await?
                    }
                    CheckedRequest::Charged { receipt_ref, .. } => {
                        self.chat().reply_request_copy(&receipt_ref).await?
                    }
                }
            }
            RequestCopyTarget::CatalogRead => self.active_read(catalog_path).await?,
            RequestCopyTarget::BalanceRead => self.active_read(balance_path).await?,
        };
        let text = sent.render(shell, &evidence);
        if self.presenting().await? {
            return Ok(self.masker().await?.mask(&text).into_owned());
        }
        Ok(text)
    }

    /// A read of the active context at the route `path` names for it, as the screens send it.
    /// A read carries no request id of the app's; the platform's comes with its answer.
    async fn active_read(&self, path: fn(&ContextCall) -> String) -> Result<(SentRequest, Evidence)> {
        let session = self.auth().active_session().await?;
        let context = context_label(&session);
        let call = ContextCall::without_token(session)?;
        let url = PlatformClient::url(call.origin(), &path(&call))?;
        let request = self
            .client()
            .read_request(url, Some(&call.token), call.team_id())
            .build()
            .map_err(Error::Transport)?;
        let evidence = Evidence {
            request_id: "(a read: the platform names one in its answer)".into(),
            sent_at: format!("(a read is not recorded; copied {})", rfc3339_ms(now_ms())),
            context,
            charged: None,
            note: Some("A read: sending it again charges nothing.".into()),
        };
        Ok((SentRequest::of(&request)?, evidence))
    }
}
