//! Audio on disk: every clip is written to a temporary file in the same folder, fsynced and
//! renamed into place (then the folder is fsynced), so a file with the final name is always
//! whole. The ledger marks a clip complete only after that.

use std::path::{Path, PathBuf};

use crate::foundation::atomic_file::MAX_FILE_BYTES;
pub use crate::foundation::atomic_file::{write_atomic, AtomicFile};

/// The most audio one clip may hold (a 9,999-character input is far below this).
pub const MAX_AUDIO_BYTES: u64 = MAX_FILE_BYTES;

pub fn audio_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("audio")
}

/// The stored file name of a clip: its local id (a UUID) and format, never platform text.
pub fn clip_file_name(clip_id: &str, format: &str) -> String {
    format!("{clip_id}.{}", extension(format))
}

/// A file extension from the platform's format word: ASCII letters and digits only, at most
/// eight, lower case; `bin` when nothing is left. Used for stored and saved clips alike.
pub fn extension(format: &str) -> String {
    let ext: String = format.chars().filter(char::is_ascii_alphanumeric).take(8).collect();
    if ext.is_empty() {
        "bin".to_owned()
    } else {
        ext.to_ascii_lowercase()
    }
}

/// Leftover `.part` files from a crash: never a clip, removed on start.
pub async fn remove_partials(dir: &Path) {
    let Ok(mut entries) = tokio::fs::read_dir(dir).await else {
        return;
    };
    while let Ok(Some(entry)) = entries.next_entry().await {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') && name.ends_with(".part") {
            let _ = tokio::fs::remove_file(entry.path()).await;
        }
    }
}

/// A readable, safe file name: letters and digits of any script kept, the rest dashes.
pub fn slug(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.chars().count() >= max {
            break;
        }
    }
    out.trim_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 25: the platform's format word never reaches a file name unfiltered, stored or
    /// saved: no separators, dots or traversal.
    #[test]
    fn a_format_becomes_a_plain_extension() {
        assert_eq!(extension("mp3"), "mp3");
        assert_eq!(extension("WAV"), "wav");
        assert_eq!(extension("../../etc/passwd"), "etcpassw");
        assert_eq!(extension("mp3\u{202e}gpj.exe"), "mp3gpjex");
        assert_eq!(extension("…"), "bin");
        assert_eq!(clip_file_name("id", "m/p.3"), "id.mp3");
    }

    #[tokio::test]
    async fn an_uncommitted_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.mp3");
        {
            let mut f = AtomicFile::create(target.clone()).await.unwrap();
            f.write(b"half of the audio").await.unwrap();
            // Dropped without commit, as when the connection breaks mid-body.
        }
        assert!(!target.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temp file left");
        let written = write_atomic(target.clone(), b"whole").await.unwrap();
        assert_eq!(std::fs::read(written).unwrap(), b"whole");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[tokio::test]
    async fn partial_files_from_a_crash_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".x.mp3.abc.part"), b"partial").unwrap();
        std::fs::write(dir.path().join("x.mp3"), b"whole").unwrap();
        remove_partials(dir.path()).await;
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("x.mp3")]);
    }
}
