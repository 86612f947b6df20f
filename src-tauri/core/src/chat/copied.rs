//! "Copy as curl" for a reply: its request rebuilt by the same builder that sent it
//! (`gateway::reply_request`), from the journaled body, request id and Team tuple, with a
//! placeholder where the token goes (`ContextCall::without_token`).

use super::conversations::reply_cost;
use crate::api::curl::{Evidence, SentRequest};
use crate::auth::call::ContextCall;
use crate::billing::wire::ChargeCost;
use crate::chat::store::ChatScope;
use crate::chat::Chat;
use crate::foundation::clock::rfc3339_ms;
use crate::foundation::error::{Error, Result};

impl Chat {
    /// A reply of the active context's conversations, as it was (last) sent.
    pub async fn reply_request_copy(&self, message_id: &str) -> Result<(SentRequest, Evidence)> {
        let session = self.auth().active_session().await?;
        let reply = self
            .shared
            .db()
            .message(message_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such reply".into()))?;
        let conversation = self.scoped_conversation(&reply.conversation_id, &ChatScope::of(&session)).await?;
        if reply.role != "assistant" || reply.request_body.is_none() {
            return Err(Error::InvalidInput("only a reply has a request to copy".into()));
        }
        let call = ContextCall::without_token(session)?;
        let request = self
            .reply_request(&call, &reply, reply.streamed == Some(1))?
            .build()
            .map_err(Error::Transport)?;
        let charged = match reply_cost(&reply) {
            Some(ChargeCost::Reported { points }) => Some(points),
            Some(ChargeCost::FromUsageCounter { points }) => Some(format!("{points} (usage counter)")),
            _ => None,
        };
        let evidence = Evidence {
            request_id: reply.request_id.clone().unwrap_or_default(),
            sent_at: rfc3339_ms(reply.started_at.unwrap_or(reply.created_at)),
            context: conversation.context_label.clone(),
            charged,
            note: Some(
                "Sent again with the same X-Request-ID (and Team tuple), the platform answers from \
                 its idempotency record (X-Xiaoya-Idempotent-Replay: true): no second charge."
                    .to_owned(),
            ),
        };
        Ok((SentRequest::of(&request)?, evidence))
    }
}
