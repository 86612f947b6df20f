//! Session facts in SQLite (name, context, role, scopes, expiry). The token itself is
//! in the keychain under `keychain_account`.

use crate::foundation::context::RequestedContext;
use crate::foundation::context::{ContextColumns, PlatformContext};
use crate::foundation::error::{Error, Result};
use crate::store::Db;

const ACTIVE_SESSION: &str = "session.active";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    pub id: String,
    pub origin: String,
    pub client_id: String,
    pub subject: String,
    pub context: RequestedContext,
    pub team_name: Option<String>,
    pub role: Option<String>,
    pub member_status: Option<String>,
    pub team_context_version: Option<i64>,
    pub display_name: String,
    pub avatar_url: Option<String>,
    pub granted_scopes: Vec<String>,
    /// Unix seconds.
    pub expires_at: i64,
    pub created_at: i64,
    pub keychain_account: String,
}

impl SessionRecord {
    pub fn has_scope(&self, scope: &str) -> bool {
        self.granted_scopes.iter().any(|s| s == scope)
    }

    pub fn team_id(&self) -> Option<&str> {
        match &self.context {
            RequestedContext::Personal => None,
            RequestedContext::Team { team_id } => Some(team_id),
        }
    }
}

/// A session's context, read from its stored facts (the origin parsed here, once).
impl PlatformContext {
    /// The context of a signed-in session (its origin parsed from the stored text).
    pub fn of(session: &SessionRecord) -> Result<Self> {
        Self::from_columns(&ContextColumns::of(session))
    }
}

impl ContextColumns {
    /// The columns of a session's context, as stored with the session.
    pub fn of(session: &SessionRecord) -> Self {
        ContextColumns {
            origin: session.origin.clone(),
            client_id: session.client_id.clone(),
            subject: session.subject.clone(),
            context_kind: session.context.kind().to_owned(),
            team_id: session.context.team_id().to_owned(),
        }
    }

    /// Whether `session` is signed in to exactly this context.
    pub fn matches(&self, session: &SessionRecord) -> bool {
        *self == ContextColumns::of(session)
    }
}

/// The keychain account of a session key (A11, K2): one entry per origin, client,
/// subject and exact context (`PlatformContext`'s one keychain serialisation).
pub fn keychain_account(origin: &str, client_id: &str, subject: &str, context: &RequestedContext) -> String {
    ContextColumns {
        origin: origin.to_owned(),
        client_id: client_id.to_owned(),
        subject: subject.to_owned(),
        context_kind: context.kind().to_owned(),
        team_id: context.team_id().to_owned(),
    }
    .key()
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    origin: String,
    client_id: String,
    subject: String,
    context_kind: String,
    team_id: String,
    team_name: Option<String>,
    role: Option<String>,
    member_status: Option<String>,
    team_context_version: Option<i64>,
    display_name: String,
    avatar_url: Option<String>,
    granted_scopes: String,
    expires_at: i64,
    created_at: i64,
    keychain_account: String,
}

impl TryFrom<Row> for SessionRecord {
    type Error = Error;
    fn try_from(r: Row) -> Result<Self> {
        let context = RequestedContext::from_parts(&r.context_kind, &r.team_id)
            .ok_or_else(|| Error::Corrupt { what: "session context", value: r.id.clone() })?;
        Ok(SessionRecord {
            id: r.id,
            origin: r.origin,
            client_id: r.client_id,
            subject: r.subject,
            context,
            team_name: r.team_name,
            role: r.role,
            member_status: r.member_status,
            team_context_version: r.team_context_version,
            display_name: r.display_name,
            avatar_url: r.avatar_url,
            granted_scopes: r.granted_scopes.split_whitespace().map(str::to_owned).collect(),
            expires_at: r.expires_at,
            created_at: r.created_at,
            keychain_account: r.keychain_account,
        })
    }
}

/// The selected columns, as a macro so queries stay string literals (sqlx 0.9 refuses
/// dynamically built SQL).
macro_rules! columns {
    () => {
        "id, origin, client_id, subject, context_kind, team_id, team_name, role, member_status,
         team_context_version, display_name, avatar_url, granted_scopes, expires_at, created_at, keychain_account"
    };
}

impl Db {
    /// Inserts a session, or replaces the one with the same key (a fresh sign-in to the
    /// same context). Returns the id that is now stored.
    /// A Team session that has no name yet takes the one the Team list gave.
    pub async fn fill_team_name(&self, origin: &str, team_id: &str, name: &str) -> Result<()> {
        sqlx::query(
            "UPDATE sessions SET team_name = ? WHERE origin = ? AND context_kind = 'team' AND team_id = ?
               AND (team_name IS NULL OR team_name = '' OR team_name = team_id)",
        )
        .bind(name)
        .bind(origin)
        .bind(team_id)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    pub async fn upsert_session(&self, s: &SessionRecord) -> Result<String> {
        let id: String = sqlx::query_scalar(
            "INSERT INTO sessions (id, origin, client_id, subject, context_kind, team_id, team_name, role,
                member_status, team_context_version, display_name, avatar_url, granted_scopes, expires_at,
                created_at, keychain_account)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (origin, client_id, subject, context_kind, team_id) DO UPDATE SET
                team_name = COALESCE(excluded.team_name, sessions.team_name), role = excluded.role, member_status = excluded.member_status,
                team_context_version = excluded.team_context_version, display_name = excluded.display_name,
                avatar_url = excluded.avatar_url, granted_scopes = excluded.granted_scopes,
                expires_at = excluded.expires_at, created_at = excluded.created_at,
                keychain_account = excluded.keychain_account
             RETURNING id",
        )
        .bind(&s.id)
        .bind(&s.origin)
        .bind(&s.client_id)
        .bind(&s.subject)
        .bind(s.context.kind())
        .bind(s.context.team_id())
        .bind(&s.team_name)
        .bind(&s.role)
        .bind(&s.member_status)
        .bind(s.team_context_version)
        .bind(&s.display_name)
        .bind(&s.avatar_url)
        .bind(s.granted_scopes.join(" "))
        .bind(s.expires_at)
        .bind(s.created_at)
        .bind(&s.keychain_account)
        .fetch_one(self.pool())
        .await?;
        Ok(id)
    }

    /// Sessions for one platform origin and client, Personal first, then Teams by name.
    pub async fn sessions_for(&self, origin: &str, client_id: &str) -> Result<Vec<SessionRecord>> {
        let rows: Vec<Row> = sqlx::query_as(concat!(
            "SELECT ",
            columns!(),
            " FROM sessions WHERE origin = ? AND client_id = ?
             ORDER BY context_kind = 'team', team_name COLLATE NOCASE, created_at"
        ))
        .bind(origin)
        .bind(client_id)
        .fetch_all(self.pool())
        .await?;
        rows.into_iter().map(SessionRecord::try_from).collect()
    }

    pub async fn session(&self, id: &str) -> Result<Option<SessionRecord>> {
        let row: Option<Row> = sqlx::query_as(concat!("SELECT ", columns!(), " FROM sessions WHERE id = ?"))
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.map(SessionRecord::try_from).transpose()
    }

    pub async fn delete_session(&self, id: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE id = ?").bind(id).execute(self.pool()).await?;
        Ok(())
    }

    pub async fn active_session_id(&self) -> Result<Option<String>> {
        self.setting(ACTIVE_SESSION).await
    }

    pub async fn set_active_session_id(&self, id: Option<&str>) -> Result<()> {
        match id {
            Some(id) => self.put_setting(ACTIVE_SESSION, id).await,
            None => self.delete_setting(ACTIVE_SESSION).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Proves A11/K2 at the key itself: the keychain account of a session differs whenever
    /// any part the server reported differs (origin, client id, subject, context, team id),
    /// so two sessions never share (or overwrite) one keychain entry.
    #[test]
    fn a_session_key_changes_with_every_part_the_server_reported() {
        let personal = RequestedContext::Personal;
        let alpha = RequestedContext::Team { team_id: "team_alpha".into() };
        let beta = RequestedContext::Team { team_id: "team_beta".into() };
        let base = keychain_account("https://a.example", "client", "user_1", &personal);
        let others = [
            keychain_account("https://b.example", "client", "user_1", &personal),
            keychain_account("https://a.example", "client_2", "user_1", &personal),
            keychain_account("https://a.example", "client", "user_2", &personal),
            keychain_account("https://a.example", "client", "user_1", &alpha),
            keychain_account("https://a.example", "client", "user_1", &beta),
        ];
        let mut all: Vec<&String> = others.iter().collect();
        all.push(&base);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 6, "{all:#?}");
        assert_eq!(base, keychain_account("https://a.example", "client", "user_1", &personal), "stable");
    }
}
