//! Saving a document where the person says, with the system's save dialog (GTK's file
//! chooser, through `tauri-plugin-dialog`), and showing a saved file in the file manager
//! (`org.freedesktop.FileManager1` over D-Bus, through `tauri-plugin-opener`).
//!
//! The page never sends a path: it asks to save "this clip" or "this conversation", the
//! core makes the document, this module asks the dialog and hands the chosen path to the
//! core to write. "Show in folder" reveals only files saved in this run.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::DialogExt;
use xiaoya_core::documents::{self, Document, DocumentKind, Folder, SavedFile};
use xiaoya_core::wire::Locale;
use xiaoya_core::{Error, IpcError};

use crate::AppState;

/// The files saved in this run (the only ones "Show in folder" opens).
#[derive(Default)]
pub struct SavedFiles(Mutex<Vec<PathBuf>>);

impl SavedFiles {
    pub(crate) fn remember(&self, path: PathBuf) {
        let mut saved = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if !saved.contains(&path) {
            saved.push(path);
        }
    }

    fn contains(&self, path: &Path) -> bool {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).iter().any(|p| p == path)
    }
}

/// The dialog's title and its file-type filter, in the app's language.
pub fn wording(kind: &DocumentKind, locale: Locale) -> (&'static str, &'static str) {
    match (kind, locale) {
        (DocumentKind::Audio(_), Locale::En) => ("Save clip", "Audio"),
        (DocumentKind::Audio(_), Locale::ZhCn) => ("保存音频", "音频"),
        (DocumentKind::Markdown, Locale::En) => ("Save as Markdown", "Markdown"),
        (DocumentKind::Markdown, Locale::ZhCn) => ("另存为 Markdown", "Markdown"),
        (DocumentKind::Json, Locale::En) => ("Save as JSON", "JSON"),
        (DocumentKind::Json, Locale::ZhCn) => ("另存为 JSON", "JSON"),
        (DocumentKind::Csv, Locale::En) => ("Save as CSV", "CSV"),
        (DocumentKind::Csv, Locale::ZhCn) => ("另存为 CSV", "CSV"),
        (DocumentKind::Cassette, Locale::En) => ("Save recording", "Recording"),
        (DocumentKind::Cassette, Locale::ZhCn) => ("保存录制", "录制"),
    }
}

/// Asks which recording to open (the system's open dialog, only `.json` files offered):
/// the path, or `None` when cancelled. `XIAOYA_E2E_OPEN_FILE` answers it instead of the
/// dialog, for real-window tests that cannot drive a native open dialog.
pub async fn open_recording<R: Runtime>(app: &AppHandle<R>) -> Result<Option<PathBuf>, IpcError> {
    if let Some(path) = std::env::var_os("XIAOYA_E2E_OPEN_FILE") {
        return Ok(Some(PathBuf::from(path)));
    }
    let state = app
        .try_state::<AppState>()
        .ok_or_else(|| IpcError::from(Error::Invariant("the app has not started")))?;
    let locale = state.core.locale().await.unwrap_or(Locale::En);
    let (title, filter) = match locale {
        Locale::En => ("Open recording", "Recording"),
        Locale::ZhCn => ("打开录制", "录制"),
    };
    let mut dialog = app.dialog().file().set_title(title).add_filter(filter, &["json"]);
    if let Some(window) = app.get_webview_window("main") {
        dialog = dialog.set_parent(&window);
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    dialog.pick_file(move |chosen| {
        let _ = tx.send(chosen);
    });
    let Some(chosen) = rx.await.ok().flatten() else {
        return Ok(None);
    };
    let path = chosen
        .into_path()
        .map_err(|_| IpcError::from(Error::InvalidInput("the dialog chose no local file".into())))?;
    Ok(Some(path))
}

/// Where the dialog opens: the folder this kind was last saved into, else the system's
/// music or documents folder if it exists, else home.
async fn start_folder<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    kind: &DocumentKind,
) -> Option<PathBuf> {
    if let Ok(Some(last)) = documents::last_folder(state.core.db(), kind).await {
        return Some(last);
    }
    let paths = app.path();
    let system = match kind.folder() {
        Folder::Music => paths.audio_dir(),
        Folder::Documents => paths.document_dir(),
    };
    system.ok().filter(|p| p.is_dir()).or_else(|| paths.home_dir().ok())
}

/// Asks where to save `doc` and writes it there. `None`: the person cancelled. A typed name
/// whose added extension names an existing file is asked about again, with its full name,
/// so the dialog asks before replacing it; nothing is written that the person didn't confirm.
pub async fn save<R: Runtime>(app: &AppHandle<R>, doc: Document) -> Result<Option<SavedFile>, IpcError> {
    let state = app
        .try_state::<AppState>()
        .ok_or_else(|| IpcError::from(Error::Invariant("the app has not started")))?;
    // While presenting, what leaves the app is masked like the window (the core decides).
    let doc = state.core.prepare_export(doc).await?;
    let mut suggest = (doc.name.clone(), start_folder(app, &state, &doc.kind).await);
    loop {
        let Some(path) = ask_where(app, &state, &doc, &suggest.0, suggest.1.clone()).await? else {
            return Ok(None);
        };
        match documents::save(state.core.db(), &doc, &path).await {
            Ok(saved) => {
                app.state::<SavedFiles>().remember(PathBuf::from(&saved.path));
                tracing::info!(kind = doc.kind.extension(), "a file was saved where the person chose");
                return Ok(Some(saved));
            }
            Err(Error::WouldReplace { path }) => {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                suggest = (name, path.parent().map(Path::to_path_buf));
            }
            Err(err) => return Err(err.into()),
        }
    }
}

/// One save dialog: the path chosen, or `None` when cancelled.
async fn ask_where<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    doc: &Document,
    name: &str,
    folder: Option<PathBuf>,
) -> Result<Option<PathBuf>, IpcError> {
    let locale = state.core.locale().await.unwrap_or(Locale::En);
    let (title, filter) = wording(&doc.kind, locale);
    let mut dialog = app
        .dialog()
        .file()
        .set_title(title)
        .set_file_name(name)
        .add_filter(filter, &[doc.kind.extension()])
        .set_can_create_directories(true);
    if let Some(folder) = folder {
        dialog = dialog.set_directory(folder);
    }
    if let Some(window) = app.get_webview_window("main") {
        dialog = dialog.set_parent(&window);
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    dialog.save_file(move |chosen| {
        let _ = tx.send(chosen);
    });
    let Some(chosen) = rx.await.ok().flatten() else {
        tracing::info!("save dialog cancelled");
        return Ok(None);
    };
    let path = chosen
        .into_path()
        .map_err(|_| IpcError::from(Error::InvalidInput("the dialog chose no local file".into())))?;
    Ok(Some(path))
}

/// Shows a file saved in this run in the file manager, selected. The D-Bus call blocks, so
/// it runs on a blocking thread, never on the async runtime's workers.
pub async fn show_in_folder<R: Runtime>(app: &AppHandle<R>, path: &str) -> Result<(), IpcError> {
    let path = PathBuf::from(path);
    if !app.state::<SavedFiles>().contains(&path) {
        return Err(Error::InvalidInput("only a file saved in this run can be shown".into()).into());
    }
    let revealed = tokio::task::spawn_blocking(move || {
        tauri_plugin_opener::reveal_item_in_dir(&path).map_err(|e| e.to_string())
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    revealed.map_err(|err| {
        tracing::warn!(error = %err, "no file manager answered");
        IpcError::from(Error::FileManagerUnavailable(err))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_title_and_a_filter_in_both_languages() {
        for kind in
            [DocumentKind::Audio("mp3".into()), DocumentKind::Markdown, DocumentKind::Json, DocumentKind::Csv]
        {
            let (en, en_filter) = wording(&kind, Locale::En);
            let (zh, zh_filter) = wording(&kind, Locale::ZhCn);
            assert!(!en.is_empty() && !zh.is_empty() && !en_filter.is_empty() && !zh_filter.is_empty());
            assert_ne!(en, zh);
        }
    }

    #[test]
    fn only_files_saved_in_this_run_are_shown() {
        let saved = SavedFiles::default();
        saved.remember(PathBuf::from("/tmp/a.mp3"));
        saved.remember(PathBuf::from("/tmp/a.mp3"));
        assert!(saved.contains(Path::new("/tmp/a.mp3")));
        assert!(!saved.contains(Path::new("/etc/passwd")));
        assert_eq!(saved.0.lock().unwrap().len(), 1);
    }
}
