use super::*;

/// Child side of `killing_the_process_mid_write_leaves_a_consistent_database`: writes
/// pairs of rows in one transaction each, forever, until it is killed.
#[tokio::test]
async fn child_writer_for_the_kill_test() {
    let Some(path) = std::env::var_os("XIAOYA_KILL_TEST_DB") else { return };
    let db = Db::open(std::path::Path::new(&path)).await.unwrap();
    for i in 0.. {
        let mut tx = db.begin_write().await.unwrap();
        for half in ["a", "b"] {
            sqlx::query("INSERT INTO settings (key, value) VALUES (?, ?)")
                .bind(format!("pair{i}.{half}"))
                .bind("x".repeat(512))
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
    }
}

/// S4: SIGKILL in the middle of writing leaves `integrity_check` = ok and no
/// half-written pair.
#[test]
fn killing_the_process_mid_write_leaves_a_consistent_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kill.db");
    for round in 0..3 {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "store::tests::child_writer_for_the_kill_test", "--nocapture"])
            .env("XIAOYA_KILL_TEST_DB", &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(400 + 150 * round));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let db = Db::open(&path).await.unwrap();
        let ok: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(db.pool()).await.unwrap();
        assert_eq!(ok, "ok");
        let a: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings WHERE key LIKE '%.a'")
            .fetch_one(db.pool())
            .await
            .unwrap();
        let b: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings WHERE key LIKE '%.b'")
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert!(a > 0, "the writer got to write before it was killed");
        assert_eq!(a, b, "every pair is whole");
    });
}

/// S1: many concurrent writers, no SQLITE_BUSY, nothing lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_writers_never_see_busy() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("busy.db")).await.unwrap();
    let mut tasks = Vec::new();
    for writer in 0..8 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            for i in 0..50 {
                sqlx::query("INSERT INTO settings (key, value) VALUES (?, ?)")
                    .bind(format!("w{writer}.{i}"))
                    .bind("v")
                    .execute(db.pool())
                    .await
                    .expect("no SQLITE_BUSY under concurrent writers");
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings").fetch_one(db.pool()).await.unwrap();
    assert_eq!(n, 400);
}

/// Proves S1 (WAL and a busy timeout): every pooled connection, not only the first, runs
/// in WAL mode with the 10 s busy timeout and foreign keys on.
#[tokio::test]
async fn every_connection_uses_wal_and_a_busy_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("pragmas.db")).await.unwrap();
    let mut connections = Vec::new();
    for _ in 0..4 {
        connections.push(db.pool().acquire().await.unwrap());
    }
    for conn in &mut connections {
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(&mut **conn).await.unwrap();
        assert_eq!(mode, "wal");
        let busy: i64 = sqlx::query_scalar("PRAGMA busy_timeout").fetch_one(&mut **conn).await.unwrap();
        assert_eq!(busy, 10_000, "the busy timeout, in ms");
        let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(&mut **conn).await.unwrap();
        assert_eq!(fk, 1);
    }
}

/// Proves S1 for multi-statement writes: transactions that write first (the balance
/// snapshot's insert-then-prune, the platform setting's delete-then-insert), run from many
/// tasks at once, never see `SQLITE_BUSY` and lose nothing. (A transaction that read
/// before writing could not be saved by the busy timeout: its upgrade fails at once.)
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_write_transactions_never_see_busy() {
    use crate::billing::store::SnapshotRow;
    use crate::foundation::config::StoredPlatform;
    use crate::foundation::context::ContextColumns;

    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("tx.db")).await.unwrap();
    let mut tasks = Vec::new();
    for writer in 0..8 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            let key = ContextColumns {
                origin: "http://127.0.0.1:1".into(),
                client_id: "c".into(),
                subject: format!("user-{writer}"),
                context_kind: "personal".into(),
                team_id: String::new(),
            };
            for i in 0..25 {
                if writer % 2 == 0 {
                    let stored = StoredPlatform {
                        base_url: Some(format!("https://w{writer}-{i}.example.com")),
                        client_id: Some("c".into()),
                        redirect_uri: Some("xiaoya-companion://oauth/callback".into()),
                    };
                    db.set_stored_platform(Some(&stored)).await.expect("no SQLITE_BUSY");
                } else {
                    let row = SnapshotRow {
                        id: 0,
                        spendable: i.to_string(),
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
                        taken_at: i,
                        model_charged: None,
                        spendable_rounded: false,
                    };
                    db.insert_balance_snapshot(&key, &row).await.expect("no SQLITE_BUSY");
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let stored = db.stored_platform().await.unwrap();
    assert!(
        stored.base_url.is_some() && stored.client_id.is_some() && stored.redirect_uri.is_some(),
        "whole"
    );
    let subjects: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT subject) FROM balance_snapshots")
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(subjects, 4, "every writer's snapshots are there");
}

mod durability_tests;
mod kill_tests;
mod pending_migration_tests;
