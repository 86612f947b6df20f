//! The `Agents` service the window calls: saved agents (URL in SQLite, custom header values
//! in the OS keychain), a review that saves a snapshot and compares it with the last one,
//! one tool call after confirmation, argument checks for the call form, snapshot
//! comparison and the exports. The review itself is `review::review`, which the command
//! line calls directly.

use std::sync::Arc;

use serde_json::Value;

use super::export;
use super::http::Limits;
use super::review::{self, refusal, ReviewOptions};
use super::schema;
use super::store::{self, AgentRow};
use super::target::Target;
use super::wire::{
    AgentInput, AgentReport, ArgumentProblem, ExportFormat, Locale, SavedAgent, SnapshotChange,
    SnapshotSummary, ToolCallRequest,
};
use crate::documents::Document;
use crate::foundation::error::{Error, Result};
use crate::foundation::keychain;
use crate::foundation::secret::Sensitive;
use crate::shared::Shared;

pub struct Agents {
    shared: Arc<Shared>,
    limits: Limits,
}

fn header_account(agent_id: &str, name: &str) -> String {
    format!("agent-header:{agent_id}:{}", name.to_ascii_lowercase())
}

impl Agents {
    pub fn new(shared: Arc<Shared>) -> Self {
        Agents { shared, limits: Limits::default() }
    }

    /// Other limits (tests).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Saves an agent (the same URL updates the saved one). Each header value goes to the
    /// keychain; an empty value keeps the one already there; a header left out is deleted.
    #[tracing::instrument(skip_all, err)]
    pub async fn save(&self, input: AgentInput) -> Result<SavedAgent> {
        let db = self.shared.db();
        let probe = Target::parse(&input.url, Vec::new())?;
        let url = probe.url.to_string();
        let existing = store::agent_by_url(db, &url).await?;
        let id = existing.as_ref().map_or_else(|| uuid::Uuid::new_v4().to_string(), |a| a.id.clone());
        let old_names = existing.as_ref().map(AgentRow::names).transpose()?.unwrap_or_default();
        let keys = self.shared.keys();
        let mut headers = Vec::new();
        for header in &input.headers {
            let value = if header.value.is_empty() {
                keychain::get(keys, header_account(&id, &header.name))
                    .await?
                    .ok_or_else(|| Error::InvalidInput(format!("{} has no value", header.name.trim())))?
            } else {
                keychain::check_size(&header.value)?;
                Sensitive::new(header.value.clone())
            };
            headers.push((header.name.trim().to_owned(), value));
        }
        // Validates every name and value before anything is stored.
        let target = Target::parse(&url, headers)?;
        let names: Vec<String> = target.headers.iter().map(|h| h.name.as_str().to_owned()).collect();
        for header in &target.headers {
            keychain::put(
                keys,
                header_account(&id, header.name.as_str()),
                Sensitive::new(header.value.expose().clone()),
            )
            .await?;
        }
        for gone in old_names.iter().filter(|n| !names.iter().any(|m| m.eq_ignore_ascii_case(n))) {
            keychain::delete(keys, header_account(&id, gone)).await?;
        }
        store::upsert_agent(db, &id, &url, &names, crate::foundation::clock::now_ms()).await?;
        self.saved(&store::agent(db, &id).await?.ok_or(Error::Invariant("the agent just saved"))?).await
    }

    async fn saved(&self, row: &AgentRow) -> Result<SavedAgent> {
        let latest = store::latest_snapshot(self.shared.db(), &row.id).await?;
        let url = url::Url::parse(&row.url).map_err(|source| Error::Url { what: "saved agent", source })?;
        Ok(SavedAgent {
            id: row.id.clone(),
            url: row.url.clone(),
            header_names: row.names()?,
            insecure_development: url.scheme() == "http" && super::target::is_loopback(&url),
            last_reviewed_at: latest.as_ref().map(|s| crate::foundation::clock::rfc3339_ms(s.taken_at)),
            token_weight: latest.as_ref().map(|s| u32::try_from(s.token_weight).unwrap_or(0)),
        })
    }

    pub async fn list(&self) -> Result<Vec<SavedAgent>> {
        let mut out = Vec::new();
        for row in store::agents(self.shared.db()).await? {
            out.push(self.saved(&row).await?);
        }
        Ok(out)
    }

    /// Forgets an agent: its snapshots, and its header values in the keychain.
    #[tracing::instrument(skip(self), err)]
    pub async fn forget(&self, agent_id: &str) -> Result<()> {
        let row = self.row(agent_id).await?;
        for name in row.names()? {
            keychain::delete(self.shared.keys(), header_account(&row.id, &name)).await?;
        }
        store::delete_agent(self.shared.db(), &row.id).await
    }

    async fn row(&self, agent_id: &str) -> Result<AgentRow> {
        store::agent(self.shared.db(), agent_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such agent".into()))
    }

    /// The saved agent with its header values from the keychain.
    async fn target(&self, row: &AgentRow) -> Result<Target> {
        let mut headers = Vec::new();
        for name in row.names()? {
            let value = keychain::get(self.shared.keys(), header_account(&row.id, &name)).await?.ok_or_else(
                || Error::InvalidInput(format!("the keychain has no value for {name}: enter it again")),
            )?;
            headers.push((name, value));
        }
        Target::parse(&row.url, headers)
    }

    /// Reviews a saved agent, compares its tool list with the last snapshot, and saves the
    /// review as the newest snapshot. `calls` are the calls the person asked for (each one
    /// of a tool that is not read-only confirmed).
    #[tracing::instrument(skip(self, calls), err)]
    pub async fn review(
        &self,
        agent_id: &str,
        lang: Locale,
        calls: Vec<ToolCallRequest>,
    ) -> Result<AgentReport> {
        let row = self.row(agent_id).await?;
        let target = self.target(&row).await?;
        let previous =
            store::latest_snapshot(self.shared.db(), &row.id).await?.map(|s| s.tools()).transpose()?;
        let report = review::review(
            target,
            ReviewOptions {
                lang,
                limits: self.limits,
                calls,
                previous,
                client: Some(self.shared.client()),
                probes: true,
            },
        )
        .await;
        store::insert_snapshot(self.shared.db(), &row.id, &report, crate::foundation::clock::now_ms())
            .await?;
        Ok(report)
    }

    /// Calls one tool (a session of its own: initialize, tools/list, the call). The
    /// arguments are checked against the tool's inputSchema and a tool that is not
    /// read-only must be confirmed, both before anything is sent. The answer is the report
    /// of that session: `calls[0]` is the call, checked by the call rules.
    #[tracing::instrument(skip(self, request), fields(tool = %request.tool), err)]
    pub async fn call(&self, agent_id: &str, lang: Locale, request: ToolCallRequest) -> Result<AgentReport> {
        let row = self.row(agent_id).await?;
        let tools = self.latest_tools(&row.id).await?;
        if let Some(why) = refusal(review::find_tool(&tools, &request.tool), &request) {
            return Err(Error::InvalidInput(why));
        }
        let target = self.target(&row).await?;
        let options = ReviewOptions {
            lang,
            limits: self.limits,
            calls: vec![request],
            previous: None,
            client: Some(self.shared.client()),
            probes: false,
        };
        Ok(review::review(target, options).await)
    }

    async fn latest_tools(&self, agent_id: &str) -> Result<Vec<Value>> {
        store::latest_snapshot(self.shared.db(), agent_id).await?.map(|s| s.tools()).transpose()?.ok_or_else(
            || Error::InvalidInput("review the agent first: its tool list is not known yet".into()),
        )
    }

    /// The call form's check: every problem of `arguments` against the tool's inputSchema
    /// (from the last review), each with its JSON Pointer.
    pub async fn check_arguments(
        &self,
        agent_id: &str,
        tool: &str,
        arguments: &Value,
    ) -> Result<Vec<ArgumentProblem>> {
        let tools = self.latest_tools(agent_id).await?;
        let def =
            review::find_tool(&tools, tool).ok_or_else(|| Error::InvalidInput(format!("no tool {tool}")))?;
        let schema = def.get("inputSchema").cloned().unwrap_or(Value::Null);
        schema::problems(&schema, arguments).map_err(Error::InvalidInput)
    }

    pub async fn snapshots(&self, agent_id: &str) -> Result<Vec<SnapshotSummary>> {
        store::snapshots(self.shared.db(), agent_id).await?.iter().map(store::SnapshotRow::summary).collect()
    }

    /// What changed from snapshot `older` to `newer`, fresh-review changes first.
    pub async fn compare(&self, older: i64, newer: i64) -> Result<Vec<SnapshotChange>> {
        let read = |id| async move {
            store::snapshot(self.shared.db(), id)
                .await?
                .ok_or_else(|| Error::InvalidInput("no such snapshot".into()))
        };
        let (a, b) = (read(older).await?, read(newer).await?);
        Ok(super::snapshot::compare(&a.tools()?, &b.tools()?))
    }

    /// A saved review as it was.
    pub async fn report(&self, snapshot_id: i64) -> Result<AgentReport> {
        store::snapshot(self.shared.db(), snapshot_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such snapshot".into()))?
            .report()
    }

    /// A saved review as a document for the save dialog (`documents::save` writes it).
    pub async fn export(&self, snapshot_id: i64, format: ExportFormat) -> Result<Document> {
        let report = self.report(snapshot_id).await?;
        match format {
            ExportFormat::Markdown => Ok(export::markdown_document(&report)),
            ExportFormat::Json => export::json_document(&report),
        }
    }
}
