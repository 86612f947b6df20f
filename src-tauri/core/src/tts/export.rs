//! A clip's audio as a document the person saves where the system's save dialog says
//! (`crate::documents`), named after its voice and when it was made.

use super::files::{extension, slug};
use super::Tts;
use crate::documents::{Document, DocumentKind};
use crate::foundation::error::{Error, Result};

impl Tts {
    /// The saved audio of one clip of the active context, ready to save.
    pub async fn clip_document(&self, id: &str) -> Result<Document> {
        let (row, source) = self.clip_audio(id).await?;
        let stamp = time::OffsetDateTime::from_unix_timestamp(row.created_at_ms / 1000)
            .ok()
            .and_then(|t| {
                t.format(time::macros::format_description!("[year][month][day]-[hour][minute][second]")).ok()
            })
            .unwrap_or_default();
        let voice = slug(&row.voice_name, 40);
        // The format is platform text: filtered like the stored file's name (issue 25).
        let ext = extension(&row.format);
        let name = format!("{}-{stamp}.{ext}", if voice.is_empty() { "clip" } else { &voice });
        let bytes = tokio::fs::read(&source)
            .await
            .map_err(|source| Error::Io { action: "cannot read the clip", source })?;
        Ok(Document { name, kind: DocumentKind::Audio(ext), bytes })
    }
}
