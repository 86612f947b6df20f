//! A database that cannot be used — a damaged file, or one a newer build migrated (a
//! downgrade) — is moved aside under a dated name with its WAL, and a fresh one is made.
//! Nothing is deleted, and the window says what happened and where the old file is.

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
        // was (the migration's transaction rolled back) and this build starts afresh.
        Error::Migrate(MigrateError::ExecuteMigration(e, _)) => {
            Some(if is_corruption(e) { DatabaseDamage::Corrupt } else { DatabaseDamage::MigrationFailed })
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

fn is_corruption(err: &sqlx::Error) -> bool {
    let sqlx::Error::Database(db) = err else { return false };
    // The extended result code; its low byte is the primary code.
    let code = db.code().and_then(|c| c.parse::<i64>().ok()).unwrap_or(0);
    const SQLITE_CORRUPT: i64 = 11;
    const SQLITE_NOTADB: i64 = 26;
    matches!(code & 0xff, SQLITE_CORRUPT | SQLITE_NOTADB)
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
