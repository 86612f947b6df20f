//! "Copy as curl" for a clip: its request rebuilt by the same builder that sends it
//! (`send::speech_request`), from the journaled body and request id, with a placeholder
//! where the token goes (`ContextCall::without_token`).

use super::send::{speech_request, ALREADY_SETTLED};
use super::wire::{ClipStatus, SpeechReceipt};
use crate::api::curl::{Evidence, SentRequest};
use crate::auth::call::ContextCall;
use crate::foundation::clock::rfc3339_ms;
use crate::foundation::error::{Error, Result};
use crate::tts::Tts;

impl Tts {
    /// A clip of the ledger, as it was sent, in the context that asked for it (signed in).
    pub async fn clip_request_copy(&self, clip_id: &str) -> Result<(SentRequest, Evidence)> {
        let row = self.clip_row(clip_id).await?;
        let session = self.session_for_context(&row.context()).await?.ok_or(Error::NotSignedIn)?;
        let call = ContextCall::without_token(session)?;
        let request = speech_request(&self.shared.client(), &call, &row.request_id, &row.body)?
            .build()
            .map_err(Error::Transport)?;
        let receipt: Option<SpeechReceipt> =
            row.receipt.as_deref().and_then(|r| serde_json::from_str(r).ok());
        let charged = row.charged_points.clone().or_else(|| receipt.and_then(|r| r.charged_points));
        let note = match ClipStatus::parse(&row.status) {
            Some(ClipStatus::Complete | ClipStatus::SettledNoAudio) => format!(
                "This request was charged once: sent again with the same X-Request-ID the platform \
                 answers 409 {ALREADY_SETTLED}, not a second charge."
            ),
            _ => "Sent with the same X-Request-ID, the platform carries it out (and charges it) at \
                  most once."
                .to_owned(),
        };
        let evidence = Evidence {
            request_id: row.request_id.clone(),
            sent_at: rfc3339_ms(row.created_at_ms),
            context: row.context_label.clone(),
            charged,
            note: Some(note),
        };
        Ok((SentRequest::of(&request)?, evidence))
    }
}
