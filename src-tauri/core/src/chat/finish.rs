//! After a reply: the reply and its receipt saved, the JSON check, the catalog cache
//! dropped when the platform says it is stale, the points ledger, and the last event.

use std::time::Instant;

use serde_json::{Map, Value};

use super::conversations::message_view;
use super::gateway::{elapsed_ms, failed_with, Answer, Outcome};
use super::json_check::check_reply;
use super::wire::{ChatEvent, MessageStatus};
use super::{ChatSink, ChatTurn};
use crate::auth::call::ContextCall;
use crate::auth::flow::now_unix;
use crate::billing::ledger::{ChargeKind, NewCharge};
use crate::chat::store::{ConversationRecord, MessageRecord};
use crate::chat::Chat;
use crate::foundation::error::code_names_any;
use crate::foundation::error::{ErrorCode, IpcError, Result};
use crate::models::context_key;

/// Platform codes that mean the cached catalog no longer matches this context.
const CATALOG_STALE_CODES: [&str; 5] = [
    "MODEL_NOT_FOUND",
    "MODEL_TYPE_UNSUPPORTED",
    "MODEL_PARAMETER_INVALID",
    "STRUCTURED_OUTPUT_UNSUPPORTED",
    "TEAM_CONTEXT_MISMATCH",
];

/// What a refusal's code names when the model, or what was asked of it, was refused. The docs
/// fix none of these codes (READINGS M11): another platform may say `MODEL_UNAVAILABLE`,
/// `OPEN_AGENT_MODEL_NOT_ALLOWED` or `PARAMETER_INVALID`. Reading the catalog again costs one
/// read; a stale one would offer the refused model or parameter for ten more minutes.
const CATALOG_STALE_WORDS: [&str; 5] = ["MODEL", "MODELS", "PARAMETER", "PARAMETERS", "SCHEMA"];
const CATALOG_STALE_PHRASES: [&str; 2] = ["RESPONSE_FORMAT", "STRUCTURED_OUTPUT"];

/// Whether a refusal under this platform code means the cached catalog may be stale.
pub(crate) fn catalog_may_be_stale(code: &str) -> bool {
    let code = code.trim().to_ascii_uppercase();
    CATALOG_STALE_CODES.contains(&code.as_str())
        || code_names_any(&code, &CATALOG_STALE_WORDS)
        || CATALOG_STALE_PHRASES.iter().any(|phrase| code.contains(phrase))
}

impl Chat {
    /// Runs a journaled reply to the end and writes what happened. `kept` is the text a retried
    /// reply held before (empty for a new one).
    pub(crate) async fn run_reply(
        &self,
        call: &ContextCall,
        conversation: &ConversationRecord,
        mut reply: MessageRecord,
        schema: Option<Map<String, Value>>,
        kept: String,
        sink: &dyn ChatSink,
    ) -> Result<ChatTurn> {
        let mut cancel = self.chat_runtime().begin(&reply.id)?;
        let started = Instant::now();
        let mut answer = Answer::default();
        let outcome = self.receive(call, &mut reply, &mut answer, started, &mut cancel, sink).await;
        self.chat_runtime().end(&reply.id);
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(err) => failed_with(err, reply.request_id.as_deref().unwrap_or_default()),
        };
        reply.total_ms = Some(elapsed_ms(started));
        reply.first_token_ms = answer.first_token_ms;
        reply.platform_request_id = answer.platform_request_id.clone();
        reply.replayed = i64::from(answer.replayed);
        reply.charged_points = answer.charged_points.clone();
        reply.finish_reason = answer.finish_reason.clone();
        if let Some(usage) = answer.usage {
            let signed = |v: Option<u64>| v.and_then(|v| i64::try_from(v).ok());
            reply.prompt_tokens = signed(usage.prompt_tokens);
            reply.completion_tokens = signed(usage.completion_tokens);
            reply.total_tokens = signed(usage.total_tokens);
        }
        // A Retry answered "already settled" sends nothing new: the text that arrived before
        // is the reply's (READINGS M8).
        if let Outcome::Failed { error, .. } = &outcome {
            if error.code == ErrorCode::ReplyAlreadySettled && reply.content.is_empty() {
                reply.content = kept;
            }
        }
        let (status, error, fatal) = match outcome {
            Outcome::Complete => (MessageStatus::Complete, None, None),
            Outcome::Stopped => (MessageStatus::Stopped, None, None),
            Outcome::Failed { error, fatal } => (MessageStatus::Interrupted, Some(error), fatal),
        };
        reply.status = status.as_str().to_owned();
        reply.error = error.as_ref().and_then(|e| serde_json::to_string(e).ok());
        let wants_json = matches!(reply.response_format.as_deref(), Some("json_object" | "json_schema"));
        reply.json_check = (status == MessageStatus::Complete && wants_json)
            .then(|| check_reply(&reply.content, schema.as_ref()))
            .and_then(|check| serde_json::to_string(&check).ok());
        let charge = reply_charge(&reply, status, error.as_ref());
        self.shared.db().save_reply_with_charge(&reply, charge.as_ref().map(|c| (&call.session, c))).await?;
        // What the view says it cost: not known until the next balance refresh settles it.
        reply.ledger_row = i64::from(charge.is_some());
        tracing::info!(
            status = status.as_str(),
            request_id = reply.request_id.as_deref().unwrap_or_default(),
            code = error.as_ref().and_then(|e| e.platform_code.as_deref()).unwrap_or_default(),
            "chat reply finished"
        );
        // The reply's buffers were freed on worker threads; hand them back (memory.rs).
        crate::foundation::memory::release_free_memory_soon();
        if error.as_ref().and_then(|e| e.platform_code.as_deref()).is_some_and(catalog_may_be_stale) {
            self.models().catalogs().invalidate(&context_key(&call.session));
        }
        let view = message_view(conversation, &reply);
        match error {
            Some(error) => sink.send(ChatEvent::Error { reply: view.clone(), error }),
            None => sink.send(ChatEvent::Done { reply: view.clone() }),
        };
        if let Some(fatal) = fatal {
            // A 401 ends only this context's session (A12); the UI hears SESSION_EXPIRED.
            return self.auth().on_unauthorized(&call.session, Err(fatal)).await;
        }
        // Any answer may have charged: the paying context's balance is read again, after
        // the answer (Send is ready as soon as the reply is placed).
        self.billing().refresh_after_charge(call.clone());
        Ok(ChatTurn { reply: view, session_id: call.session.id.clone() })
    }
}

/// The ledger row of a reply the platform may have charged for (once per request id and
/// context), written with the reply itself: every complete and every stopped reply, and an
/// interrupted one that had started to arrive or whose outcome is unknown (the connection
/// went). Its points are the platform's reported charge, or none ("not reported"): the
/// balance view then explains them through the usage counter. Only a reply the platform
/// refused outright, with nothing streamed, charged nothing and has no row.
fn reply_charge(reply: &MessageRecord, status: MessageStatus, error: Option<&IpcError>) -> Option<NewCharge> {
    let reported =
        reply.total_tokens.is_some() || reply.prompt_tokens.is_some() || reply.charged_points.is_some();
    let may_have_charged = match status {
        MessageStatus::Complete | MessageStatus::Stopped => true,
        MessageStatus::Interrupted => {
            reported || reply.first_token_ms.is_some() || error.is_none_or(|e| e.code == ErrorCode::Network)
        }
        _ => reported,
    };
    if !may_have_charged {
        return None;
    }
    let model = reply.model_code.clone().unwrap_or_default();
    let tokens = reply.total_tokens.or_else(|| reply.prompt_tokens?.checked_add(reply.completion_tokens?));
    Some(NewCharge {
        kind: ChargeKind::Chat,
        request_id: reply.request_id.clone().unwrap_or_default(),
        points: reply.charged_points.clone(),
        input_tokens: reply.prompt_tokens,
        output_tokens: reply.completion_tokens,
        receipt_ref: reply.id.clone(),
        summary: match tokens {
            Some(t) => format!("Chat · {model} · {t} tokens"),
            None => format!("Chat · {model}"),
        },
        created_at: now_unix(),
    })
}

#[cfg(test)]
mod stale_tests {
    use super::catalog_may_be_stale;

    #[test]
    fn refusals_that_name_the_model_or_its_parameters_mark_the_catalog_stale() {
        for code in [
            "MODEL_NOT_FOUND",
            "MODEL_UNAVAILABLE",
            "OPEN_AGENT_MODEL_NOT_ALLOWED",
            "PARAMETER_INVALID",
            "model_parameter_invalid",
            "RESPONSE_FORMAT_UNSUPPORTED",
            "TEAM_CONTEXT_MISMATCH",
            "SCHEMA_VERSION_UNSUPPORTED",
        ] {
            assert!(catalog_may_be_stale(code), "{code}");
        }
        for code in [
            "INSUFFICIENT_POINTS",
            "OPEN_AGENT_SCOPE_REQUIRED",
            "RATE_LIMITED",
            "REQUEST_ID_CONFLICT",
            "MODELESS",
            "",
        ] {
            assert!(!catalog_may_be_stale(code), "{code}");
        }
    }
}
