//! Issue 25: an update whose migration fails because of the machine (a full disk, a read-only
//! file system) moves nothing aside. The start fails and says what to do, and once the machine
//! is fixed the same migration runs on the same data. The failures are real: a small tmpfs
//! filled to ENOSPC, then remounted read-only (root only; skipped loudly elsewhere, never in CI).

use std::path::{Path, PathBuf};

use super::super::*;
use crate::foundation::error::ErrorCode;
use crate::testing::Tmpfs;
use crate::wire::Locale;

fn now() -> time::OffsetDateTime {
    time::macros::datetime!(2026-12-03 19:40:00 UTC)
}

/// The database as the build before this one left it: every migration but the last, and the
/// person's data in it (a setting, a ledger row).
async fn previous_build(path: &Path) {
    let options = SqliteConnectOptions::from_str("sqlite://")
        .unwrap()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal);
    let pool = SqlitePoolOptions::new().max_connections(1).connect_with(options).await.unwrap();
    let all = &MIGRATOR.migrations;
    let previous = sqlx::migrate::Migrator::with_migrations(all[..all.len() - 1].to_vec());
    previous.run(&pool).await.unwrap();
    sqlx::query("INSERT INTO settings (key, value) VALUES ('ui.locale', 'zh-CN')")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO points_ledger (id, origin, client_id, subject, context_kind, team_id, context_label,
            kind, request_id, points, receipt_ref, summary, created_at)
         VALUES ('row-1', 'https://p', 'c', 's', 'personal', '', 'Personal', 'tts', 'req-1', '3', 'clip-1',
            'TTS', 1)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

/// What a person's data folder holds besides the database: nothing was set aside.
fn set_aside_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.contains("damaged")))
        .collect()
}

async fn still_all_there(db: &Db) {
    assert_eq!(db.locale().await.unwrap(), Some(Locale::ZhCn), "the person's setting");
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM points_ledger WHERE id = 'row-1'")
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(rows, 1, "the ledger row");
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE version = ?")
        .bind(MIGRATOR.migrations.last().unwrap().version)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(pending, 1, "the pending migration ran");
}

#[tokio::test]
async fn a_pending_migration_on_a_full_disk_moves_nothing_and_runs_once_there_is_room() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path().join("data");
    let Some(disk) = Tmpfs::mount(&folder, "1m") else { return };
    let path = folder.join("companion.db");
    previous_build(&path).await;
    // Room for SQLite's shared-memory index (32 KiB) and one more page, not for the
    // migration's pages in the write-ahead log.
    let slack = folder.join("slack");
    std::fs::write(&slack, vec![0u8; 36 * 1024]).unwrap();
    let filler = disk.fill();

    // Quite full: the database can't even be opened.
    let err = Db::open_or_set_aside(&path, now()).await.expect_err("no room at all");
    assert_eq!(err.code(), ErrorCode::DiskFull, "says to free space: {err}");
    assert!(set_aside_files(&folder).is_empty(), "nothing set aside: {:?}", set_aside_files(&folder));

    // Nearly full: it opens, and the pending migration fails for want of room.
    std::fs::remove_file(&slack).unwrap();
    let err = Db::open_or_set_aside(&path, now()).await.expect_err("no room for the migration");
    assert!(
        matches!(
            err,
            Error::Migrate(
                sqlx::migrate::MigrateError::Execute(_) | sqlx::migrate::MigrateError::ExecuteMigration(..)
            )
        ),
        "the migration itself ran out of room: {err}"
    );
    assert_eq!(err.code(), ErrorCode::DiskFull, "says to free space: {err}");
    assert!(set_aside_files(&folder).is_empty(), "nothing set aside: {:?}", set_aside_files(&folder));

    std::fs::remove_file(filler).unwrap();
    let (db, moved) = Db::open_or_set_aside(&path, now()).await.expect("starts once there is room");
    assert_eq!(moved, None, "the same file, updated");
    still_all_there(&db).await;
    db.close().await;
    drop(disk);
}

#[tokio::test]
async fn a_pending_migration_on_a_read_only_file_system_moves_nothing_and_runs_once_writable() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path().join("data");
    let Some(disk) = Tmpfs::mount(&folder, "4m") else { return };
    let path = folder.join("companion.db");
    previous_build(&path).await;
    disk.set_read_only(true);

    let err = Db::open_or_set_aside(&path, now()).await.expect_err("a read-only file can't be updated");
    assert_eq!(err.code(), ErrorCode::Storage, "{err}");
    assert!(set_aside_files(&folder).is_empty(), "nothing set aside: {:?}", set_aside_files(&folder));

    disk.set_read_only(false);
    let (db, moved) = Db::open_or_set_aside(&path, now()).await.expect("starts once writable");
    assert_eq!(moved, None, "the same file, updated");
    still_all_there(&db).await;
    db.close().await;
    drop(disk);
}
