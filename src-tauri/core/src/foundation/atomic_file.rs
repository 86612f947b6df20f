//! Files that appear whole or not at all: written to a temporary file in the same folder,
//! fsynced, renamed into place, then the folder fsynced. Clips and saved documents use it.

use std::io;
use std::path::{Path, PathBuf};

use tokio::io::AsyncWriteExt;

/// The most one file may hold (a clip or a saved document).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

async fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        tokio::fs::File::open(dir).await?.sync_all().await?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// A file being written; it only appears under its final name on `commit`.
pub struct AtomicFile {
    temp: PathBuf,
    target: PathBuf,
    file: Option<tokio::fs::File>,
    written: u64,
}

impl AtomicFile {
    pub async fn create(target: PathBuf) -> io::Result<Self> {
        let dir = target.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
        tokio::fs::create_dir_all(&dir).await?;
        let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("audio");
        let temp = dir.join(format!(".{name}.{}.part", uuid::Uuid::new_v4().simple()));
        let file = tokio::fs::OpenOptions::new().write(true).create_new(true).open(&temp).await?;
        Ok(AtomicFile { temp, target, file: Some(file), written: 0 })
    }

    pub async fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.written += bytes.len() as u64;
        if self.written > MAX_FILE_BYTES {
            return Err(io::Error::other("the audio is larger than any clip can be"));
        }
        match self.file.as_mut() {
            Some(file) => file.write_all(bytes).await,
            None => Err(io::Error::other("the file was already committed")),
        }
    }

    pub fn written(&self) -> u64 {
        self.written
    }

    /// fsync, rename into place, fsync the folder. A write error that only shows here (the
    /// last buffered bytes on a full disk) removes the temporary file like any other.
    pub async fn commit(mut self) -> io::Result<PathBuf> {
        let file = self.file.as_mut().ok_or_else(|| io::Error::other("already committed"))?;
        file.flush().await?;
        file.sync_all().await?;
        drop(self.file.take());
        // A replaced file keeps its permissions (the new one would get the defaults).
        if let Ok(meta) = tokio::fs::metadata(&self.target).await {
            let _ = tokio::fs::set_permissions(&self.temp, meta.permissions()).await;
        }
        if let Err(e) = tokio::fs::rename(&self.temp, &self.target).await {
            let _ = tokio::fs::remove_file(&self.temp).await;
            return Err(e);
        }
        if let Some(dir) = self.target.parent() {
            sync_dir(dir).await?;
        }
        Ok(self.target.clone())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed: the partial file never becomes a clip.
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Writes `bytes` to `target` atomically.
pub async fn write_atomic(target: PathBuf, bytes: &[u8]) -> io::Result<PathBuf> {
    let mut file = AtomicFile::create(target).await?;
    file.write(bytes).await?;
    file.commit().await
}
