//! A database that cannot be used — a damaged file, or one a newer build migrated (a
//! downgrade) — is moved aside under a dated name with its WAL, and a fresh one is made.
//! Nothing is deleted, and the window says what happened and where the old file is, on
//! every start until the person has read it: the notice is kept in a file beside the
//! database (`<name>-set-aside.json`), not only in memory.

use std::path::{Path, PathBuf};

use super::wire::{DatabaseDamage, DatabaseSetAside};
use crate::foundation::error::{Error, Result};

/// Why the database at `path` cannot be used, or `None` when the failure is not about the
/// file itself (a full disk, a permission): then nothing is moved and the error stands.
pub(crate) fn damage_of(err: &Error) -> Option<DatabaseDamage> {
    use sqlx::migrate::MigrateError;
    match err {
        Error::Database(e) | Error::Migrate(MigrateError::Execute(e)) => {
            is_corruption(e).then_some(DatabaseDamage::Corrupt)
        }
        // A migration of this build that cannot run on this file: the file is kept as it
        // was (the migration's transaction rolled back) and this build starts afresh. Only
        // when the file is at fault: damaged, or the migration's own SQL refused by its
        // schema. A full disk, a read-only file system, a busy or locked file, an I/O error
        // or no memory is the machine's state, not the file's: nothing moves, the start
        // fails with what to do (DISK_FULL: free space and start again), and the next start
        // runs the same migration on the same data.
        Error::Migrate(MigrateError::ExecuteMigration(e, _)) => {
            if is_corruption(e) {
                Some(DatabaseDamage::Corrupt)
            } else if is_plain_sql_error(e) {
                Some(DatabaseDamage::MigrationFailed)
            } else {
                None
            }
        }
        Error::Migrate(
            MigrateError::VersionMissing(_)
            | MigrateError::VersionMismatch(_)
            | MigrateError::VersionTooNew(..)
            | MigrateError::Dirty(_),
        ) => Some(DatabaseDamage::UnknownMigration),
        Error::DatabaseDamaged { .. } => Some(DatabaseDamage::Corrupt),
        _ => None,
    }
}

/// SQLite's primary result code of a database error (the low byte of the extended code).
fn primary_code(err: &sqlx::Error) -> Option<i64> {
    let sqlx::Error::Database(db) = err else { return None };
    db.code().and_then(|c| c.parse::<i64>().ok()).map(|code| code & 0xff)
}

fn is_corruption(err: &sqlx::Error) -> bool {
    const SQLITE_CORRUPT: i64 = 11;
    const SQLITE_NOTADB: i64 = 26;
    matches!(primary_code(err), Some(SQLITE_CORRUPT | SQLITE_NOTADB))
}

/// The migration's SQL itself was refused by the file's schema (`SQLITE_ERROR`, a broken
/// constraint, a type mismatch): the file is not one this build can update. Everything
/// else (FULL, IOERR, BUSY, LOCKED, READONLY, CANTOPEN, NOMEM, PERM, an I/O error outside
/// SQLite) is the machine's state and moves nothing.
fn is_plain_sql_error(err: &sqlx::Error) -> bool {
    const SQLITE_ERROR: i64 = 1;
    const SQLITE_CONSTRAINT: i64 = 19;
    const SQLITE_MISMATCH: i64 = 20;
    matches!(primary_code(err), Some(SQLITE_ERROR | SQLITE_CONSTRAINT | SQLITE_MISMATCH))
}

/// Moves `path` and its `-wal`/`-shm` companions to `<stem>-damaged-<UTC stamp>.db`
/// (with `-wal`/`-shm` after it, so the pair still opens with `sqlite3`). A WAL left
/// behind would be replayed into the fresh database, so it moves with the file.
pub(crate) fn set_aside(
    path: &Path,
    damage: DatabaseDamage,
    now: time::OffsetDateTime,
) -> Result<DatabaseSetAside> {
    let format = time::macros::format_description!("[year][month][day]-[hour][minute][second]");
    let stamp = now.format(&format)?;
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("companion");
    let mut target = dir.join(format!("{stem}-damaged-{stamp}.db"));
    let mut n = 2;
    while target.exists() {
        target = dir.join(format!("{stem}-damaged-{stamp}-{n}.db"));
        n += 1;
    }
    for suffix in ["-wal", "-shm"] {
        let from = with_suffix(path, suffix);
        if from.exists() {
            std::fs::rename(&from, with_suffix(&target, suffix)).map_err(|source| Error::Io {
                action: "cannot move the damaged database's journal aside",
                source,
            })?;
        }
    }
    std::fs::rename(path, &target)
        .map_err(|source| Error::Io { action: "cannot move the damaged database aside", source })?;
    Ok(DatabaseSetAside { damage, moved_to: target.display().to_string() })
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Where the notice of a set-aside database waits until the person has read it.
pub(crate) fn notice_path(db: &Path) -> PathBuf {
    let stem = db.file_stem().and_then(|s| s.to_str()).unwrap_or("companion");
    db.with_file_name(format!("{stem}-set-aside.json"))
}

/// Keeps the notice for the next starts. A failure (the disk that could not hold the old
/// database may not hold this either) is logged: the notice is still shown this time.
pub(crate) async fn keep_notice(db: &Path, moved: &DatabaseSetAside) {
    let kept = match serde_json::to_vec(moved) {
        Ok(json) => crate::foundation::atomic_file::write_atomic(notice_path(db), &json).await.map(|_| ()),
        Err(e) => Err(std::io::Error::other(e)),
    };
    if let Err(err) = kept {
        tracing::warn!(error = %err, "the set-aside notice is shown this time only");
    }
}

/// The notice of an earlier start that the person has not read yet. A notice that can't
/// be read is logged and left where it is (the old database is untouched either way).
pub(crate) async fn unread_notice(db: &Path) -> Option<DatabaseSetAside> {
    let bytes = match tokio::fs::read(notice_path(db)).await {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(err) => {
            tracing::warn!(error = %err, "the set-aside notice could not be read");
            return None;
        }
    };
    match serde_json::from_slice(&bytes) {
        Ok(notice) => Some(notice),
        Err(err) => {
            tracing::warn!(error = %err, "the set-aside notice is not one this build reads");
            None
        }
    }
}

/// The person has read the notice: it is not shown again. The old database stays.
pub(crate) async fn forget_notice(db: &Path) -> Result<()> {
    match tokio::fs::remove_file(notice_path(db)).await {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(Error::Io { action: "cannot forget the set-aside notice", source }),
    }
}
