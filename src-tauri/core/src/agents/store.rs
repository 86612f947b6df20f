//! Saved agents and their snapshots in SQLite. Header values are never here (keychain).

use serde_json::Value;

use super::wire::{AgentReport, SnapshotSummary, VerdictCounts};
use crate::foundation::error::{Error, Result};
use crate::store::Db;

/// Snapshots kept per agent; older ones are pruned when a review is saved.
const SNAPSHOTS_KEPT: i64 = 50;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AgentRow {
    pub id: String,
    pub url: String,
    pub header_names: String,
    pub created_at: i64,
}

impl AgentRow {
    pub fn names(&self) -> Result<Vec<String>> {
        serde_json::from_str(&self.header_names)
            .map_err(|_| Error::Corrupt { what: "agents.header_names", value: self.header_names.clone() })
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SnapshotRow {
    pub id: i64,
    pub agent_id: String,
    pub taken_at: i64,
    pub negotiated_protocol: Option<String>,
    pub tools: String,
    pub report: String,
    pub pass_count: i64,
    pub warn_count: i64,
    pub fail_count: i64,
    pub token_weight: i64,
}

impl SnapshotRow {
    pub fn tools(&self) -> Result<Vec<Value>> {
        serde_json::from_str(&self.tools)
            .map_err(|_| Error::Corrupt { what: "agent_snapshots.tools", value: self.id.to_string() })
    }

    pub fn report(&self) -> Result<AgentReport> {
        serde_json::from_str(&self.report)
            .map_err(|_| Error::Corrupt { what: "agent_snapshots.report", value: self.id.to_string() })
    }

    pub fn summary(&self) -> Result<SnapshotSummary> {
        let count = |n: i64| u32::try_from(n).unwrap_or(0);
        Ok(SnapshotSummary {
            id: self.id,
            agent_id: self.agent_id.clone(),
            taken_at: crate::foundation::clock::rfc3339_ms(self.taken_at),
            tool_names: self.tools()?.iter().map(super::tool_rules::tool_name).collect(),
            negotiated_protocol: self.negotiated_protocol.clone(),
            counts: VerdictCounts {
                pass: count(self.pass_count),
                warn: count(self.warn_count),
                fail: count(self.fail_count),
            },
        })
    }
}

pub async fn upsert_agent(db: &Db, id: &str, url: &str, names: &[String], now: i64) -> Result<()> {
    let names =
        serde_json::to_string(names).map_err(|source| Error::Json { what: "header names", source })?;
    sqlx::query(
        "INSERT INTO agents (id, url, header_names, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET url = excluded.url, header_names = excluded.header_names",
    )
    .bind(id)
    .bind(url)
    .bind(names)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

pub async fn agent_by_url(db: &Db, url: &str) -> Result<Option<AgentRow>> {
    Ok(sqlx::query_as("SELECT id, url, header_names, created_at FROM agents WHERE url = ?")
        .bind(url)
        .fetch_optional(db.pool())
        .await?)
}

pub async fn agent(db: &Db, id: &str) -> Result<Option<AgentRow>> {
    Ok(sqlx::query_as("SELECT id, url, header_names, created_at FROM agents WHERE id = ?")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

pub async fn agents(db: &Db) -> Result<Vec<AgentRow>> {
    Ok(sqlx::query_as("SELECT id, url, header_names, created_at FROM agents ORDER BY created_at, id")
        .fetch_all(db.pool())
        .await?)
}

pub async fn delete_agent(db: &Db, id: &str) -> Result<()> {
    sqlx::query("DELETE FROM agents WHERE id = ?").bind(id).execute(db.pool()).await?;
    Ok(())
}

macro_rules! snapshot_columns {
    () => {
        "id, agent_id, taken_at, negotiated_protocol, tools, report, pass_count, warn_count, fail_count, token_weight"
    };
}

/// Saves a review as the agent's newest snapshot; returns its id.
pub async fn insert_snapshot(db: &Db, agent_id: &str, report: &AgentReport, now: i64) -> Result<i64> {
    let tools =
        serde_json::to_string(&report.snapshot).map_err(|source| Error::Json { what: "snapshot", source })?;
    let body =
        serde_json::to_string(report).map_err(|source| Error::Json { what: "agent report", source })?;
    let mut tx = db.begin_write().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO agent_snapshots (agent_id, taken_at, negotiated_protocol, tools, report, pass_count, warn_count,
         fail_count, token_weight) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(agent_id)
    .bind(now)
    .bind(&report.negotiated_protocol)
    .bind(tools)
    .bind(body)
    .bind(i64::from(report.counts.pass))
    .bind(i64::from(report.counts.warn))
    .bind(i64::from(report.counts.fail))
    .bind(i64::from(report.token_weight.total))
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM agent_snapshots WHERE agent_id = ? AND id NOT IN
         (SELECT id FROM agent_snapshots WHERE agent_id = ? ORDER BY id DESC LIMIT ?)",
    )
    .bind(agent_id)
    .bind(agent_id)
    .bind(SNAPSHOTS_KEPT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn snapshots(db: &Db, agent_id: &str) -> Result<Vec<SnapshotRow>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        snapshot_columns!(),
        " FROM agent_snapshots WHERE agent_id = ? ORDER BY id DESC"
    ))
    .bind(agent_id)
    .fetch_all(db.pool())
    .await?)
}

pub async fn snapshot(db: &Db, id: i64) -> Result<Option<SnapshotRow>> {
    Ok(sqlx::query_as(concat!("SELECT ", snapshot_columns!(), " FROM agent_snapshots WHERE id = ?"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

pub async fn latest_snapshot(db: &Db, agent_id: &str) -> Result<Option<SnapshotRow>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        snapshot_columns!(),
        " FROM agent_snapshots WHERE agent_id = ? ORDER BY id DESC LIMIT 1"
    ))
    .bind(agent_id)
    .fetch_optional(db.pool())
    .await?)
}
