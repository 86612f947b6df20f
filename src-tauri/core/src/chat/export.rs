//! A conversation as Markdown or JSON. The app has no file dialog, so the core writes the
//! file to the data folder's `exports/` and returns its path with the text (to copy).

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::wire::{ChatExport, ChatMessage, ChatRole, ConversationView, ExportFormat, MessageStatus};
use crate::error::{Error, Result};
use crate::chat::Chat;

pub(crate) use crate::clock::rfc3339_ms;

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
            let mut facts = vec![format!("request id `{}`", r.request_id), format!("charged to {}", r.context_label)];
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

/// Writes `text` to a new file in `dir` (never overwriting one) and returns its path.
pub(crate) fn write_new(dir: &Path, stem: &str, ext: &str, text: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io { action: "cannot create the exports folder", source })?;
    for n in 0..1000 {
        let name = if n == 0 { format!("{stem}.{ext}") } else { format!("{stem}-{n}.{ext}") };
        let path = dir.join(name);
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                use std::io::Write;
                file.write_all(text.as_bytes())
                    .map_err(|source| Error::Io { action: "cannot write the export", source })?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(Error::Internal(format!("cannot write the export: {e}"))),
        }
    }
    Err(Error::Internal("too many exports with the same name".into()))
}

impl Chat {
    /// Exports a conversation of the active context.
    pub async fn chat_export(&self, conversation_id: &str, format: ExportFormat) -> Result<ChatExport> {
        let view = self.chat_conversation(conversation_id).await?;
        let now = crate::models::now_ms();
        let (text, ext) = match format {
            ExportFormat::Markdown => (markdown(&view), "md"),
            ExportFormat::Json => (json(&view, now)?, "json"),
        };
        let stamp = rfc3339_ms(now).chars().filter(char::is_ascii_digit).take(14).collect::<String>();
        let stem = format!("{}-{stamp}", slug(&view.conversation.title));
        let path = write_new(&self.shared.data_dir().join("exports"), &stem, ext, &text)?;
        Ok(ChatExport { path: path.display().to_string(), text })
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

    #[test]
    fn exports_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_new(dir.path(), "x", "md", "one").unwrap();
        let b = write_new(dir.path(), "x", "md", "two").unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read_to_string(a).unwrap(), "one");
    }
}
