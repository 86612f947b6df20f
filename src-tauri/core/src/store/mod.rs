//! SQLite through sqlx: WAL, `synchronous=FULL`, a busy timeout, embedded forward-only
//! migrations, write transactions that take the write lock at `BEGIN` (S1), and a damaged
//! database moved aside instead of a failed start (see `recovery`).
pub mod context_sql;
pub mod settings;
pub mod wire;

#[cfg(test)]
mod migrations_check;
mod recovery;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use crate::foundation::error::{Error, Result};
use wire::DatabaseSetAside;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Cheap to clone: a handle to the pool.
#[derive(Clone, Debug)]
pub struct Db {
    pool: SqlitePool,
}

impl Db {
    /// Opens (creating if needed) the database file, checks it and applies pending
    /// migrations.
    ///
    /// `synchronous=FULL`: in WAL mode, NORMAL may lose the last commits on a power loss,
    /// and the journal row written before a billable send and the ledger rows must survive
    /// one (the platform has charged by then).
    pub async fn open(path: &Path) -> Result<Self> {
        let options = SqliteConnectOptions::from_str("sqlite://")?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new().max_connections(4).connect_with(options).await?;
        let db = Db { pool };
        if let Err(err) = db.check_and_migrate().await {
            db.close().await;
            return Err(err);
        }
        Ok(db)
    }

    async fn check_and_migrate(&self) -> Result<()> {
        let check: String = sqlx::query_scalar("PRAGMA quick_check").fetch_one(&self.pool).await?;
        if check != "ok" {
            return Err(Error::DatabaseDamaged { result: check });
        }
        MIGRATOR.run(&self.pool).await?;
        Ok(())
    }

    /// [`Db::open`], but a database that is damaged, or was migrated by a build this one
    /// does not know (a downgrade), is moved aside under a dated name and a fresh one is
    /// created; what happened is returned for the window to say, also on later starts
    /// until [`Db::forget_set_aside_notice`]. Other failures (a full disk, a read-only file
    /// system, a permission) move nothing and stay errors.
    pub async fn open_or_set_aside(
        path: &Path,
        now: time::OffsetDateTime,
    ) -> Result<(Self, Option<DatabaseSetAside>)> {
        let err = match Db::open(path).await {
            Ok(db) => return Ok((db, recovery::unread_notice(path).await)),
            Err(err) => err,
        };
        let Some(damage) = recovery::damage_of(&err) else { return Err(err) };
        tracing::error!(error = %err, ?damage, "the database cannot be used; moving it aside");
        let moved = recovery::set_aside(path, damage, now)?;
        tracing::warn!(moved_to = %moved.moved_to, "the damaged database was moved aside; starting a fresh one");
        recovery::keep_notice(path, &moved).await;
        Ok((Db::open(path).await?, Some(moved)))
    }

    /// The person has read that the database at `path` was set aside (see
    /// [`Db::open_or_set_aside`]): later starts don't say it again.
    pub async fn forget_set_aside_notice(path: &Path) -> Result<()> {
        recovery::forget_notice(path).await
    }

    /// A write transaction that holds the write lock from `BEGIN` (S1). A deferred
    /// transaction that reads first and writes later cannot be saved by the busy timeout:
    /// its upgrade fails at once with `SQLITE_BUSY`. Every write transaction uses this.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests;
