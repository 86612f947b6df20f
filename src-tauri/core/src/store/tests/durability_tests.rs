//! Power loss (`synchronous=FULL`), one writer at a time (S1: `BEGIN IMMEDIATE` on every
//! write transaction), and a damaged or downgraded database moved aside, never a failed
//! start.

use std::path::Path;

use super::super::*;
use crate::auth::store::SessionRecord;
use crate::billing::ledger::{ChargeKind, NewCharge};
use crate::billing::store::SnapshotRow;
use crate::chat::store::{ConversationRecord, MessageRecord};
use crate::foundation::config::StoredPlatform;
use crate::foundation::context::ContextColumns;
use crate::foundation::context::RequestedContext;
use crate::tts::store::{ClipContext, ClipError, NewClip};
use crate::wire::DatabaseDamage;

fn now() -> time::OffsetDateTime {
    time::macros::datetime!(2026-12-01 09:58:07 UTC)
}

/// Every pooled connection commits with `synchronous=FULL` (2): in WAL mode NORMAL (1)
/// may drop the last commits — the journal row of a billable send, a ledger row — on a
/// power loss.
#[tokio::test]
async fn every_connection_commits_with_synchronous_full() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("sync.db")).await.unwrap();
    let mut connections = Vec::new();
    for _ in 0..4 {
        connections.push(db.pool().acquire().await.unwrap());
    }
    for conn in &mut connections {
        let sync: i64 = sqlx::query_scalar("PRAGMA synchronous").fetch_one(&mut **conn).await.unwrap();
        assert_eq!(sync, 2, "synchronous=FULL on every connection");
    }
}

fn damaged_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.contains("-damaged-")))
        .collect();
    found.sort();
    found
}

#[tokio::test]
async fn a_garbage_file_is_moved_aside_under_a_dated_name_and_a_fresh_database_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("companion.db");
    let garbage = b"this is not a database, it is what a bad sector left behind".repeat(200);
    std::fs::write(&path, &garbage).unwrap();
    assert!(Db::open(&path).await.is_err(), "the plain open fails on this file");

    let (db, moved) = Db::open_or_set_aside(&path, now()).await.expect("never a failed start");
    let moved = moved.expect("the window is told");
    assert_eq!(moved.damage, DatabaseDamage::Corrupt);
    let expected = dir.path().join("companion-damaged-20261201-095807.db");
    assert_eq!(moved.moved_to, expected.display().to_string());
    assert_eq!(std::fs::read(&expected).unwrap(), garbage, "the old file is kept byte for byte");
    db.set_locale(crate::wire::Locale::ZhCn).await.expect("the fresh database works");
    db.close().await;

    // A second damaged start in the same second gets its own name; nothing is overwritten.
    std::fs::write(&path, b"garbage again, more than a header's worth ".repeat(100)).unwrap();
    let (db, moved) = Db::open_or_set_aside(&path, now()).await.unwrap();
    assert!(moved.unwrap().moved_to.ends_with("companion-damaged-20261201-095807-2.db"));
    assert_eq!(damaged_files(dir.path()).len(), 2);
    db.close().await;

    // A healthy database is left where it is (the last notice is said until it is read).
    let (db, moved) = Db::open_or_set_aside(&path, now()).await.unwrap();
    assert!(moved.is_some_and(|m| m.moved_to.ends_with("companion-damaged-20261201-095807-2.db")));
    assert_eq!(damaged_files(dir.path()).len(), 2, "nothing more moved");
    assert_eq!(db.locale().await.unwrap(), None);
}

/// A newer build applied a migration this one does not know (the app was downgraded):
/// the database is kept aside with its data, and this build starts on a fresh one.
#[tokio::test]
async fn a_database_migrated_by_a_newer_build_is_moved_aside_with_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("companion.db");
    let db = Db::open(&path).await.unwrap();
    db.set_locale(crate::wire::Locale::ZhCn).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (29990101000001, 'from a newer build', 1, X'00', 1)",
    )
    .execute(db.pool())
    .await
    .unwrap();
    db.close().await;
    assert!(matches!(Db::open(&path).await, Err(Error::Migrate(_))), "this build cannot use it as it is");

    let (db, moved) = Db::open_or_set_aside(&path, now()).await.expect("never a failed start");
    let moved = moved.expect("the window is told");
    assert_eq!(moved.damage, DatabaseDamage::UnknownMigration);
    assert_eq!(db.locale().await.unwrap(), None, "a fresh database");
    db.close().await;

    // The old data is all there in the file that was set aside.
    let old = SqlitePoolOptions::new()
        .connect_with(SqliteConnectOptions::new().filename(&moved.moved_to))
        .await
        .unwrap();
    let locale: String = sqlx::query_scalar("SELECT value FROM settings WHERE key = 'ui.locale'")
        .fetch_one(&old)
        .await
        .unwrap();
    assert_eq!(locale, "zh-CN");
}

/// A migration of this build that fails on the file (here: the row of one that adds a column
/// is gone but the column is there, so running it again fails) — the file is kept aside,
/// unchanged. (Not the last migration: the newest rebuilds a table and runs again cleanly.)
#[tokio::test]
async fn a_database_whose_migration_fails_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("companion.db");
    let db = Db::open(&path).await.unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 20261212000012")
        .execute(db.pool())
        .await
        .unwrap();
    db.close().await;
    assert!(matches!(
        Db::open(&path).await,
        Err(Error::Migrate(sqlx::migrate::MigrateError::ExecuteMigration(..)))
    ));
    let (db, moved) = Db::open_or_set_aside(&path, now()).await.expect("never a failed start");
    assert_eq!(moved.expect("the window is told").damage, DatabaseDamage::MigrationFailed);
    db.set_locale(crate::wire::Locale::En).await.expect("the fresh database works");
}

/// A failure that is not the file's fault (here: its folder is a file) moves nothing.
#[tokio::test]
async fn a_failure_that_is_not_the_files_fault_moves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_folder = dir.path().join("plain-file");
    std::fs::write(&not_a_folder, b"x").unwrap();
    let err = Db::open_or_set_aside(&not_a_folder.join("companion.db"), now()).await.unwrap_err();
    assert_eq!(err.code(), crate::ErrorCode::Storage);
    assert!(damaged_files(dir.path()).is_empty());
    assert_eq!(std::fs::read(&not_a_folder).unwrap(), b"x");
}

/// The start-up path the app takes: `Core::start` on a garbage file starts, and
/// `app_info` (what the window reads first) says what happened and where the file is.
#[tokio::test]
async fn the_core_starts_on_a_garbage_file_and_app_info_says_where_it_went() {
    let sandbox = xiaoya_sandbox::start(xiaoya_sandbox::SandboxConfig::default()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("companion.db"), b"\x00\x01garbage".repeat(1000)).unwrap();
    let base = sandbox.base_url();
    let core = crate::host::Core::start(crate::host::CoreOptions {
        data_dir: dir.path().to_path_buf(),
        env: Box::new(move |k| (k == crate::foundation::config::ENV_SANDBOX_URL).then(|| base.clone())),
        version: "test".into(),
        keychain: std::sync::Arc::new(crate::foundation::keychain::memory::MemoryKeychain::default()),
        browser: std::sync::Arc::new(crate::testing::RecordingBrowser::default()),
        events: std::sync::Arc::new(crate::events::NoEvents),
    })
    .await
    .expect("the core starts");
    let info = core.app_info().await.unwrap();
    let moved = info.database_set_aside.expect("the notice");
    assert_eq!(moved.damage, DatabaseDamage::Corrupt);
    assert!(Path::new(&moved.moved_to).exists());
    let json = serde_json::to_value(core.app_info().await.unwrap()).unwrap();
    assert_eq!(json["databaseSetAside"]["damage"], "corrupt");
    core.shutdown().await;
}

fn session() -> SessionRecord {
    SessionRecord {
        id: "s1".into(),
        origin: "http://127.0.0.1:1".into(),
        client_id: "c".into(),
        subject: "u".into(),
        context: RequestedContext::Personal,
        team_name: None,
        role: None,
        member_status: None,
        team_context_version: None,
        display_name: "U".into(),
        avatar_url: None,
        granted_scopes: vec![],
        expires_at: i64::MAX,
        created_at: 0,
        keychain_account: "k".into(),
    }
}

fn charge(kind: ChargeKind, request_id: String) -> NewCharge {
    NewCharge {
        kind,
        request_id,
        points: Some("1".into()),
        input_tokens: None,
        output_tokens: None,
        receipt_ref: "r".into(),
        summary: "s".into(),
        created_at: 0,
    }
}

/// S1 with every write transaction of the store: clip settlement (with and without
/// audio), reply settlement, balance snapshots and the platform setting, 8 tasks each,
/// all at once, next to transactions that read before they write (the pattern a deferred
/// `BEGIN` turns into an immediate `SQLITE_BUSY`). None sees `SQLITE_BUSY`, nothing is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_write_transaction_runs_concurrently_without_busy() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("s1.db")).await.unwrap();
    let session = session();
    let ctx = ClipContext::of(&session);
    const N: usize = 12;
    for i in 0..N {
        for kind in ["a", "b"] {
            db.insert_clip(&NewClip {
                id: format!("clip-{kind}{i}"),
                request_id: format!("req-{kind}{i}"),
                batch_id: None,
                context: ctx.clone(),
                tts_config_id: "cfg".into(),
                config_name: "cfg".into(),
                voice_id: "v".into(),
                voice_name: "v".into(),
                input: "hello".into(),
                body: "{}".into(),
                params: "{}".into(),
                format: "mp3".into(),
                estimate: "1".into(),
                created_at_ms: 0,
            })
            .await
            .unwrap();
        }
    }
    db.insert_conversation(&ConversationRecord {
        id: "conv".into(),
        origin: session.origin.clone(),
        client_id: session.client_id.clone(),
        subject: session.subject.clone(),
        context_kind: "personal".into(),
        team_id: String::new(),
        context_label: "Personal".into(),
        title: "t".into(),
        options: "{}".into(),
        model_code: "m".into(),
        created_at: 0,
        updated_at: 0,
    })
    .await
    .unwrap();
    for i in 0..N {
        db.insert_message(&MessageRecord {
            id: format!("msg{i}"),
            conversation_id: "conv".into(),
            seq: i as i64,
            role: "assistant".into(),
            content: String::new(),
            status: "pending".into(),
            ..MessageRecord::default()
        })
        .await
        .unwrap();
    }

    let mut tasks: Vec<tokio::task::JoinHandle<Result<()>>> = Vec::new();
    for i in 0..N {
        let (db1, db2, db3, db4, db5, db6, s) =
            (db.clone(), db.clone(), db.clone(), db.clone(), db.clone(), db.clone(), session.clone());
        let s2 = s.clone();
        let s3 = s.clone();
        tasks.push(tokio::spawn(async move {
            let c = charge(ChargeKind::Tts, format!("req-a{i}"));
            db1.complete_clip(&format!("clip-a{i}"), "a.mp3", 10, None, 1, Some((&s, &c))).await.map(|_| ())
        }));
        tasks.push(tokio::spawn(async move {
            let c = charge(ChargeKind::Tts, format!("req-b{i}"));
            db2.settle_clip_without_audio(
                &format!("clip-b{i}"),
                &ClipError::default(),
                None,
                1,
                Some((&s2, &c)),
            )
            .await
            .map(|_| ())
        }));
        tasks.push(tokio::spawn(async move {
            let m = MessageRecord {
                id: format!("msg{i}"),
                conversation_id: "conv".into(),
                seq: i as i64,
                role: "assistant".into(),
                content: "reply".into(),
                status: "complete".into(),
                ..MessageRecord::default()
            };
            let c = charge(ChargeKind::Chat, format!("chat{i}"));
            db3.save_reply_with_charge(&m, Some((&s3, &c))).await.map(|_| ())
        }));
        tasks.push(tokio::spawn(async move {
            let key = ContextColumns {
                origin: "o".into(),
                client_id: "c".into(),
                subject: format!("u{i}"),
                context_kind: "personal".into(),
                team_id: String::new(),
            };
            let row = SnapshotRow {
                id: 0,
                spendable: "1".into(),
                subscription: None,
                gift_card: None,
                recharge: None,
                member_id: None,
                role: None,
                wallet: None,
                quota_limit: None,
                quota_used: None,
                quota_remaining: None,
                ledger_mark: 0,
                taken_at: 0,
                model_charged: None,
                spendable_rounded: false,
            };
            db4.insert_balance_snapshot(&key, &row).await.map(|_| ())
        }));
        tasks.push(tokio::spawn(async move {
            let stored = StoredPlatform {
                base_url: Some(format!("https://p{i}.example.com")),
                client_id: Some("c".into()),
                redirect_uri: Some("xiaoya-companion://oauth/callback".into()),
            };
            db5.set_stored_platform(Some(&stored)).await
        }));
        tasks.push(tokio::spawn(async move {
            // Read, then write, in one transaction.
            let mut tx = db6.begin_write().await?;
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings").fetch_one(&mut *tx).await?;
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            sqlx::query("INSERT INTO settings (key, value) VALUES (?, ?)")
                .bind(format!("rw{i}"))
                .bind(n.to_string())
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        }));
    }
    for t in tasks {
        t.await.unwrap().expect("no SQLITE_BUSY");
    }
    let ledger: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM points_ledger").fetch_one(db.pool()).await.unwrap();
    assert_eq!(ledger, 3 * N as i64, "every charge was written once");
    let rw: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings WHERE key LIKE 'rw%'")
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(rw, N as i64);
}

/// Why `begin_write` and not `begin`: two deferred transactions that read and then write
/// at the same time — the second to write fails at once with `SQLITE_BUSY`, the busy timeout
/// notwithstanding. (This pins the reason; the test above pins that the store avoids it.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_read_then_write_transaction_would_see_busy() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("deferred.db")).await.unwrap();
    let mut a = db.pool().begin().await.unwrap();
    let mut b = db.pool().begin().await.unwrap();
    let _: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings").fetch_one(&mut *a).await.unwrap();
    let _: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings").fetch_one(&mut *b).await.unwrap();
    sqlx::query("INSERT INTO settings (key, value) VALUES ('a', 'a')").execute(&mut *a).await.unwrap();
    a.commit().await.unwrap();
    let started = std::time::Instant::now();
    let err = sqlx::query("INSERT INTO settings (key, value) VALUES ('b', 'b')")
        .execute(&mut *b)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("locked") || err.to_string().contains("busy"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "at once, not after the busy timeout");
}

/// Every write transaction in the store goes through `begin_write`.
#[test]
fn no_store_transaction_begins_deferred() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.ends_with("durability_tests.rs") || path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                !text.contains("pool().begin()"),
                "{}: use Db::begin_write (BEGIN IMMEDIATE)",
                path.display()
            );
        }
    }
}

/// Issue 25: the notice outlives the start that set the file aside (a crash, a closed
/// window), and ends only when the person has read it; the old file stays either way.
#[tokio::test]
async fn the_set_aside_notice_is_said_on_every_start_until_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("companion.db");
    std::fs::write(&path, b"\x00\x01garbage".repeat(1000)).unwrap();
    let (db, first) = Db::open_or_set_aside(&path, now()).await.unwrap();
    let first = first.expect("the window is told");
    db.close().await;

    let (db, again) = Db::open_or_set_aside(&path, now()).await.unwrap();
    assert_eq!(again.as_ref(), Some(&first), "said again on the next start");
    db.close().await;

    Db::forget_set_aside_notice(&path).await.unwrap();
    let (db, after) = Db::open_or_set_aside(&path, now()).await.unwrap();
    assert_eq!(after, None, "read: not said again");
    db.close().await;
    assert!(Path::new(&first.moved_to).exists(), "the old file stays");
    Db::forget_set_aside_notice(&path).await.expect("forgetting twice is fine");
}
