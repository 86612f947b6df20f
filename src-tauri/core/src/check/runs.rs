//! Kept Check platform runs (`check_runs`): each run's report per platform and context, to
//! list with its time and verdicts, reopen and export later.

use super::wire::{CheckReport, CheckRunSummary};
use crate::context_matches;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::{Error, Result};
use crate::store::context_sql::BindContext;
use crate::store::Db;

/// Runs kept per context without a charge, newest first; an older run that ran billable
/// checks is kept too (it is the evidence of what was paid), so every kept run is listed.
pub const RUNS_KEPT: i64 = 50;

fn report_json(report: &CheckReport) -> Result<String> {
    serde_json::to_string(report).map_err(|source| Error::Json { what: "check report", source })
}

fn read_report(text: &str) -> Result<CheckReport> {
    serde_json::from_str(text).map_err(|source| Error::Json { what: "kept check report", source })
}

pub(super) fn summary(report: &CheckReport) -> CheckRunSummary {
    CheckRunSummary {
        run_id: report.run_id.clone(),
        started_at: report.started_at.clone(),
        finished_at: report.finished_at.clone(),
        passed: report.passed,
        warned: report.warned,
        failed: report.failed,
        charged: report.charged.clone(),
    }
}

impl Db {
    /// Keeps a run's report, or replaces it when the run is already kept (billable checks
    /// added to it).
    pub async fn keep_check_run(
        &self,
        key: &ContextColumns,
        started_at_ms: i64,
        report: &CheckReport,
    ) -> Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO check_runs (origin, client_id, subject, context_kind, team_id, id, started_at_ms, report)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET report = excluded.report",
        )
        .bind_context(key)
        .bind(&report.run_id)
        .bind(started_at_ms)
        .bind(report_json(report)?)
        .execute(&mut *tx)
        .await?;
        // Older runs past the newest RUNS_KEPT go, unless they charged something.
        sqlx::query(concat!(
            "DELETE FROM check_runs WHERE ",
            context_matches!(),
            " AND json_extract(report, '$.charged') IS NULL AND id NOT IN (SELECT id FROM check_runs WHERE ",
            context_matches!(),
            " ORDER BY started_at_ms DESC, rowid DESC LIMIT ?)"
        ))
        .bind_context(key)
        .bind_context(key)
        .bind(RUNS_KEPT)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// One kept run of this context; another context's run is "not found".
    pub async fn check_run(&self, key: &ContextColumns, run_id: &str) -> Result<Option<CheckReport>> {
        let text: Option<String> = sqlx::query_scalar(concat!(
            "SELECT report FROM check_runs WHERE ",
            context_matches!(),
            " AND id = ?"
        ))
        .bind_context(key)
        .bind(run_id)
        .fetch_optional(self.pool())
        .await?;
        text.as_deref().map(read_report).transpose()
    }

    /// This context's kept runs, newest first; a report that no longer reads is left out.
    pub async fn check_runs(&self, key: &ContextColumns) -> Result<Vec<CheckReport>> {
        let texts: Vec<String> = sqlx::query_scalar(concat!(
            "SELECT report FROM check_runs WHERE ",
            context_matches!(),
            " ORDER BY started_at_ms DESC, rowid DESC"
        ))
        .bind_context(key)
        .fetch_all(self.pool())
        .await?;
        Ok(texts.iter().filter_map(|t| read_report(t).ok()).collect())
    }
}
