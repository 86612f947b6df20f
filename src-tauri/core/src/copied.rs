//! "Copy as curl" (issue 29): the one way a request the app sent reaches the clipboard. The
//! area that owns the record rebuilds the request with its own builder (`chat::copied`,
//! `tts::copied`), `api::curl` renders it for the chosen shell with `$XIAOYA_TOKEN` where
//! the token goes, and while presenting the text is masked by Presenting mode's one masker
//! (the window's copy masks it again with the same table).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::curl::CurlShell;
use crate::foundation::error::Result;
use crate::host::Core;

/// Which recorded request to copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum RequestCopyTarget {
    /// A chat reply (its message id) of the active context.
    ChatReply { id: String },
    /// A clip of the audio ledger (its clip id).
    Clip { id: String },
}

impl Core {
    /// The command that repeats `target`'s request, for `shell`. Never holds a token.
    #[tracing::instrument(skip(self), err)]
    pub async fn copy_request(&self, target: RequestCopyTarget, shell: CurlShell) -> Result<String> {
        let (sent, evidence) = match &target {
            RequestCopyTarget::ChatReply { id } => self.chat().reply_request_copy(id).await?,
            RequestCopyTarget::Clip { id } => self.tts().clip_request_copy(id).await?,
        };
        let text = sent.render(shell, &evidence);
        if self.presenting().await? {
            return Ok(self.masker().await?.mask(&text).into_owned());
        }
        Ok(text)
    }
}

#[cfg(test)]
#[path = "copied_tests.rs"]
mod tests;
