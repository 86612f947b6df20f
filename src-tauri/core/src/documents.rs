//! Files the person saves: a clip's audio, a conversation, a check report, the points
//! ledger. An area makes the `Document` (its bytes, a suggested name, what kind of file it
//! is); the shell asks where with the system's save dialog; `save` writes it exactly there.
//! No path is ever typed in the window or sent from it: the dialog chooses, in Rust.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::foundation::error::{Error, Result};
use crate::store::Db;

/// Where a kind of file is suggested first, before the person has saved one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folder {
    /// The XDG music folder (audio).
    Music,
    /// The XDG documents folder (conversations, reports, ledgers).
    Documents,
}

/// What a document is, for the dialog's file-type filter and the name's extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentKind {
    /// Audio in this format (`mp3`, `wav`, …).
    Audio(String),
    Markdown,
    Json,
    Csv,
    /// A recorded demo (JSON). Saved as recorded: its secrets were removed when it was
    /// recorded, and presenting's masks would change the answers it replays.
    Cassette,
}

impl DocumentKind {
    pub fn extension(&self) -> &str {
        match self {
            DocumentKind::Audio(format) => format,
            DocumentKind::Markdown => "md",
            DocumentKind::Json | DocumentKind::Cassette => "json",
            DocumentKind::Csv => "csv",
        }
    }

    pub fn folder(&self) -> Folder {
        match self {
            DocumentKind::Audio(_) => Folder::Music,
            _ => Folder::Documents,
        }
    }

    fn setting_key(&self) -> &'static str {
        match self.folder() {
            Folder::Music => "save.folder.audio",
            Folder::Documents => "save.folder.documents",
        }
    }
}

/// A file ready to be saved.
#[derive(Debug, Clone)]
pub struct Document {
    /// The name the dialog suggests, with its extension.
    pub name: String,
    pub kind: DocumentKind,
    pub bytes: Vec<u8>,
}

/// Where a saved file went, to show the person (and to reveal in the file manager).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SavedFile {
    /// The whole path of the file written.
    pub path: String,
    /// Its folder.
    pub folder: String,
    /// Its name.
    pub file_name: String,
}

/// The folder this kind of file was last saved into, if it still exists.
pub async fn last_folder(db: &Db, kind: &DocumentKind) -> Result<Option<PathBuf>> {
    Ok(db.setting(kind.setting_key()).await?.map(PathBuf::from).filter(|p| p.is_dir()))
}

/// Writes `doc` at `path`, the place the person chose in the save dialog (which already
/// asked before replacing a file). The name gets the document's extension if the person
/// left it off; when a file of that fuller name exists, the dialog never asked about it, so
/// nothing is written and `Error::WouldReplace` names it for the dialog to ask. The write is
/// atomic (a crash leaves the old file or the new one, never half) and a replaced file keeps
/// its permissions. The folder is remembered for the next file of this kind.
pub async fn save(db: &Db, doc: &Document, path: &Path) -> Result<SavedFile> {
    let refuse = |why: &str| Error::InvalidInput(why.to_owned());
    if !path.is_absolute() {
        return Err(refuse("the save dialog gave a relative path"));
    }
    let folder = path.parent().filter(|p| p.is_dir()).ok_or_else(|| refuse("that folder does not exist"))?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| refuse("no file name"))?;
    let ext = doc.kind.extension();
    let has_ext =
        Path::new(name).extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case(ext));
    let target = if has_ext { path.to_path_buf() } else { folder.join(format!("{name}.{ext}")) };
    if !has_ext && target.exists() {
        return Err(Error::WouldReplace { path: target });
    }
    let written = crate::foundation::atomic_file::write_atomic(target, &doc.bytes)
        .await
        .map_err(|source| Error::FileNotSaved { source })?;
    db.put_setting(doc.kind.setting_key(), &folder.display().to_string()).await?;
    Ok(SavedFile {
        path: written.display().to_string(),
        folder: folder.display().to_string(),
        file_name: written.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("c.db")).await.unwrap();
        (dir, db)
    }

    fn doc(kind: DocumentKind) -> Document {
        Document { name: "x".into(), kind, bytes: b"hello".to_vec() }
    }

    #[tokio::test]
    async fn a_document_is_written_where_the_dialog_said_and_the_folder_is_remembered() {
        let (_d, db) = db().await;
        let out = tempfile::tempdir().unwrap();
        let audio = doc(DocumentKind::Audio("mp3".into()));
        assert_eq!(last_folder(&db, &audio.kind).await.unwrap(), None);
        let saved = save(&db, &audio, &out.path().join("Greeting.mp3")).await.unwrap();
        assert_eq!(saved.file_name, "Greeting.mp3");
        assert_eq!(std::fs::read(out.path().join("Greeting.mp3")).unwrap(), b"hello");
        assert_eq!(last_folder(&db, &audio.kind).await.unwrap().as_deref(), Some(out.path()));
        // Documents have their own folder.
        assert_eq!(last_folder(&db, &DocumentKind::Markdown).await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_name_without_its_extension_gets_it_and_an_existing_file_is_replaced_whole() {
        let (_d, db) = db().await;
        let out = tempfile::tempdir().unwrap();
        let saved = save(&db, &doc(DocumentKind::Markdown), &out.path().join("notes")).await.unwrap();
        assert_eq!(saved.file_name, "notes.md");
        assert_eq!(std::fs::read_to_string(out.path().join("notes.md")).unwrap(), "hello");
        // Confirmed in the dialog (the full name): replaced whole.
        std::fs::write(out.path().join("notes.md"), "an old, longer text").unwrap();
        save(&db, &doc(DocumentKind::Markdown), &out.path().join("notes.md")).await.unwrap();
        assert_eq!(std::fs::read_to_string(out.path().join("notes.md")).unwrap(), "hello");
        let saved = save(&db, &doc(DocumentKind::Csv), &out.path().join("LEDGER.CSV")).await.unwrap();
        assert_eq!(saved.file_name, "LEDGER.CSV", "an extension in other case is kept");
    }

    /// Issue 25: typing `notes` where `notes.md` exists never replaces `notes.md` without a
    /// question (the dialog asked about `notes`, not `notes.md`), and a replaced file keeps
    /// its permissions.
    #[tokio::test]
    async fn an_added_extension_never_replaces_a_file_unasked_and_a_replaced_file_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let (_d, db) = db().await;
        let out = tempfile::tempdir().unwrap();
        let notes = out.path().join("notes.md");
        std::fs::write(&notes, "kept").unwrap();
        std::fs::set_permissions(&notes, std::fs::Permissions::from_mode(0o600)).unwrap();
        let err = save(&db, &doc(DocumentKind::Markdown), &out.path().join("notes")).await.unwrap_err();
        assert!(matches!(&err, Error::WouldReplace { path } if path == &notes), "{err:?}");
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "kept", "nothing written");
        save(&db, &doc(DocumentKind::Markdown), &notes).await.unwrap();
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "hello");
        assert_eq!(std::fs::metadata(&notes).unwrap().permissions().mode() & 0o777, 0o600, "mode kept");
    }

    #[tokio::test]
    async fn a_missing_folder_or_a_relative_path_is_refused_and_writes_nothing() {
        let (_d, db) = db().await;
        let out = tempfile::tempdir().unwrap();
        let missing = out.path().join("Music").join("clip.mp3");
        let err = save(&db, &doc(DocumentKind::Audio("mp3".into())), &missing).await.unwrap_err();
        assert!(matches!(err, Error::InvalidInput(_)), "{err:?}");
        assert!(!out.path().join("Music").exists() && !out.path().join("Music.mp3").exists());
        assert!(save(&db, &doc(DocumentKind::Json), Path::new("x.json")).await.is_err());
    }

    #[tokio::test]
    async fn a_forgotten_folder_is_not_suggested() {
        let (_d, db) = db().await;
        let out = tempfile::tempdir().unwrap();
        let sub = out.path().join("gone");
        std::fs::create_dir(&sub).unwrap();
        save(&db, &doc(DocumentKind::Json), &sub.join("a.json")).await.unwrap();
        std::fs::remove_dir_all(&sub).unwrap();
        assert_eq!(last_folder(&db, &DocumentKind::Json).await.unwrap(), None);
    }
}
