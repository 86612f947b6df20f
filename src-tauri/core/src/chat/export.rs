//! A conversation as Markdown or JSON, a document the person saves where the system's
//! save dialog says (`crate::documents`).

use serde::Serialize;

use super::wire::{ChatMessage, ChatRole, ConversationView, ExportFormat, MessageStatus};
use crate::chat::Chat;
use crate::documents::{Document, DocumentKind};
use crate::foundation::error::{Error, Result};

pub(crate) use crate::foundation::clock::rfc3339_ms;

/// A file-name-safe slug of the title (ASCII letters, digits and dashes).
fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    let out = out.trim_matches('-').to_owned();
    if out.is_empty() {
        "conversation".to_owned()
    } else {
        out
    }
}

fn status_note(message: &ChatMessage) -> Option<&'static str> {
    match message.status {
        MessageStatus::Stopped => Some("stopped"),
        MessageStatus::Interrupted => Some("interrupted"),
        MessageStatus::Pending | MessageStatus::Streaming => Some("unfinished"),
        MessageStatus::Complete => None,
    }
}

/// Markdown for people: the messages as written, a receipt line under each reply.
pub fn markdown(view: &ConversationView) -> String {
    let c = &view.conversation;
    let mut out = format!("# {}\n\n", c.title.replace('\n', " "));
    out.push_str(&format!("- Context: {}\n- Model: {}\n", c.context_label, c.model_code));
    if !view.options.system_prompt.trim().is_empty() {
        out.push_str(&format!("- System prompt: {}\n", view.options.system_prompt.replace('\n', " ")));
    }
    out.push('\n');
    for m in &view.messages {
        match m.role {
            ChatRole::User => out.push_str("## You\n\n"),
            ChatRole::Assistant => {
                let model = m.receipt.as_ref().map(|r| r.model_code.as_str()).unwrap_or_default();
                out.push_str(&format!("## Assistant ({model})\n\n"));
            }
        }
        out.push_str(m.content.trim_end());
        out.push_str("\n\n");
        if let Some(r) = &m.receipt {
            let mut facts =
                vec![format!("request id `{}`", r.request_id), format!("charged to {}", r.context_label)];
            if let Some(total) = r.usage.and_then(|u| u.total_tokens) {
                facts.push(format!("{total} tokens"));
            }
            if let Some(ms) = r.time_to_first_token_ms {
                facts.push(format!("first token {ms} ms"));
            }
            if let Some(ms) = r.total_ms {
                facts.push(format!("total {ms} ms"));
            }
            if let Some(note) = status_note(m) {
                facts.push(note.to_owned());
            }
            match r.finish_reason.as_deref() {
                None | Some("stop") => {}
                Some("length") => facts.push("cut short at the token limit (max_tokens)".to_owned()),
                Some(other) => facts.push(format!("ended early: {other}")),
            }
            out.push_str(&format!("> {}\n\n", facts.join(" · ")));
        }
    }
    out
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonExport<'a> {
    format: &'static str,
    exported_at: String,
    #[serde(flatten)]
    view: &'a ConversationView,
}

pub fn json(view: &ConversationView, now_ms: i64) -> Result<String> {
    let doc = JsonExport { format: "xiaoya-companion.chat.v1", exported_at: rfc3339_ms(now_ms), view };
    serde_json::to_string_pretty(&doc).map_err(|source| Error::Json { what: "export", source })
}

impl Chat {
    /// A conversation of the active context as a document to save (Markdown or JSON),
    /// named after its title and the time of the export.
    pub async fn chat_document(&self, conversation_id: &str, format: ExportFormat) -> Result<Document> {
        let view = self.chat_conversation(conversation_id).await?;
        let now = crate::foundation::clock::now_ms();
        let (text, kind) = match format {
            ExportFormat::Markdown => (markdown(&view), DocumentKind::Markdown),
            ExportFormat::Json => (json(&view, now)?, DocumentKind::Json),
        };
        let stamp = rfc3339_ms(now).chars().filter(char::is_ascii_digit).take(12).collect::<String>();
        let name = format!("{}-{stamp}.{}", slug(&view.conversation.title), kind.extension());
        Ok(Document { name, kind, bytes: text.into_bytes() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_safe_file_names() {
        assert_eq!(slug("Hello, World! ../etc"), "hello-world-etc");
        assert_eq!(slug("你好"), "conversation");
        assert!(slug(&"a".repeat(100)).len() <= 40);
    }
}
