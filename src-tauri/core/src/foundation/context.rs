//! `PlatformContext`: the exact context a session, a conversation, a clip or a balance belongs
//! to — origin, client id, subject, kind and Team id — with its two serialisations: the
//! database columns (`ContextColumns`) and the keychain account string. The origin is parsed
//! once, here, from the stored text. (Reading one from a session: `store::sessions`.)

use url::Url;

use crate::foundation::config::origin_string;
use crate::foundation::error::{Error, Result};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestedContext {
    Personal,
    Team { team_id: String },
}

impl RequestedContext {
    pub fn kind(&self) -> &'static str {
        match self {
            RequestedContext::Personal => "personal",
            RequestedContext::Team { .. } => "team",
        }
    }

    pub fn team_id(&self) -> &str {
        match self {
            RequestedContext::Personal => "",
            RequestedContext::Team { team_id } => team_id,
        }
    }

    pub fn from_parts(kind: &str, team_id: &str) -> Option<Self> {
        match (kind, team_id) {
            ("personal", "") => Some(RequestedContext::Personal),
            ("team", t) if !t.is_empty() => Some(RequestedContext::Team { team_id: t.to_owned() }),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlatformContext {
    pub origin: Url,
    pub client_id: String,
    pub subject: String,
    /// Personal, or the Team and its id.
    pub context: RequestedContext,
}

/// The database form of a context: the five columns every table keyed by context has
/// (`origin` as its ASCII origin text, `context_kind` `personal`/`team`, `team_id` empty
/// for Personal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextColumns {
    pub origin: String,
    pub client_id: String,
    pub subject: String,
    pub context_kind: String,
    pub team_id: String,
}

impl PlatformContext {
    /// Reads the database form back; a row that no longer parses is an internal error.
    pub fn from_columns(columns: &ContextColumns) -> Result<Self> {
        let origin = Url::parse(&columns.origin).map_err(|source| Error::StoredOrigin { source })?;
        let context = RequestedContext::from_parts(&columns.context_kind, &columns.team_id)
            .ok_or_else(|| Error::Corrupt { what: "context kind", value: columns.context_kind.clone() })?;
        Ok(PlatformContext {
            origin,
            client_id: columns.client_id.clone(),
            subject: columns.subject.clone(),
            context,
        })
    }

    /// The one database serialisation.
    pub fn columns(&self) -> ContextColumns {
        ContextColumns {
            origin: origin_string(&self.origin),
            client_id: self.client_id.clone(),
            subject: self.subject.clone(),
            context_kind: self.context.kind().to_owned(),
            team_id: self.context.team_id().to_owned(),
        }
    }

    /// The one keychain serialisation (A11, K2): one entry per origin, client, subject and
    /// exact context. The format is what every stored entry already uses:
    /// `"{origin} {client_id} {subject} {kind}:{team_id}"`.
    pub fn keychain_account(&self) -> String {
        self.columns().key()
    }

    /// `Some(team_id)` for a Team context.
    pub fn team_id(&self) -> Option<&str> {
        match &self.context {
            RequestedContext::Personal => None,
            RequestedContext::Team { team_id } => Some(team_id),
        }
    }
}

impl ContextColumns {
    /// One string per context (the keychain account, and the key of in-memory totals).
    pub fn key(&self) -> String {
        format!("{} {} {} {}:{}", self.origin, self.client_id, self.subject, self.context_kind, self.team_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team(origin: &str) -> PlatformContext {
        PlatformContext {
            origin: Url::parse(origin).unwrap(),
            client_id: "client".into(),
            subject: "user_1".into(),
            context: RequestedContext::Team { team_id: "team_alpha".into() },
        }
    }

    /// Entries written before this type existed are still found: the account string and the
    /// columns are byte for byte what the old code wrote.
    #[test]
    fn the_keychain_account_and_columns_are_the_formats_already_stored() {
        let ctx = team("https://a.example:8443");
        assert_eq!(ctx.keychain_account(), "https://a.example:8443 client user_1 team:team_alpha");
        let personal = PlatformContext { context: RequestedContext::Personal, ..team("https://a.example") };
        assert_eq!(personal.keychain_account(), "https://a.example client user_1 personal:");
        let columns = ctx.columns();
        assert_eq!(
            (columns.origin.as_str(), columns.context_kind.as_str(), columns.team_id.as_str()),
            ("https://a.example:8443", "team", "team_alpha")
        );
        assert_eq!(PlatformContext::from_columns(&columns).unwrap(), ctx, "the columns read back");
    }

    #[test]
    fn a_corrupt_stored_context_is_an_error_not_a_guess() {
        let mut columns = team("https://a.example").columns();
        columns.context_kind = "team".into();
        columns.team_id = String::new();
        assert!(PlatformContext::from_columns(&columns).is_err());
        let mut columns = team("https://a.example").columns();
        columns.origin = "not a url".into();
        assert!(PlatformContext::from_columns(&columns).is_err());
    }
}
