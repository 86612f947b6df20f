//! Sign-ins started but not finished. Each is bound to one random `state` and holds
//! its verifier, redirect URI and requested context (A3). A callback can only claim
//! the attempt whose state it carries; anything else leaves pending attempts alone
//! (A4). Attempts survive a restart so a callback that cold-starts the app completes:
//! SQLite keeps a hash of the state and the facts, the keychain keeps the verifier.

use std::sync::Arc;

use sha2::{Digest, Sha256};
use url::Url;

use crate::foundation::context::RequestedContext;
use crate::foundation::error::{Error, Result};
use crate::foundation::keychain::{self, SecretStore};
use crate::foundation::secret::Sensitive;
use crate::store::Db;

/// An attempt older than this many seconds is dropped (A3: ten minutes).
pub const ATTEMPT_LIFETIME_SECS: i64 = 10 * 60;

#[derive(Debug)]
pub struct PendingAttempt {
    pub verifier: Sensitive<String>,
    pub redirect_uri: Url,
    pub origin: Url,
    pub client_id: String,
    pub context: RequestedContext,
    /// Whether the person chose, when starting, that this sign-in becomes the payer.
    pub make_payer: bool,
    /// The Team's name in the list the person picked from, if the app read one.
    pub team_name: Option<String>,
}

impl PendingAttempt {
    /// A request for access to the Personal account's details (`Auth::begin_account_access`):
    /// the one Personal attempt that is no payer choice.
    pub fn is_account_access(&self) -> bool {
        self.context == RequestedContext::Personal && !self.make_payer
    }
}

#[derive(Debug)]
pub enum Claim {
    /// The attempt this state belongs to, removed: a state works once.
    Found(Box<PendingAttempt>),
    /// The state matched an attempt that had expired (removed too).
    Expired(LapsedAttempt),
    /// No attempt has this state; nothing changed.
    Unknown,
}

fn state_hash(state: &str) -> String {
    let digest = Sha256::digest(state.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

fn verifier_account(hash: &str) -> String {
    format!("pending-sign-in {hash}")
}

#[derive(sqlx::FromRow)]
struct Row {
    origin: String,
    client_id: String,
    redirect_uri: String,
    context_kind: String,
    team_id: String,
    started_at: i64,
    make_payer: bool,
    team_name: Option<String>,
}

pub async fn insert(
    db: &Db,
    keys: &Arc<dyn SecretStore>,
    state: &str,
    attempt: &PendingAttempt,
    now: i64,
) -> Result<()> {
    purge_expired(db, keys, now).await?;
    let hash = state_hash(state);
    keychain::put(keys, verifier_account(&hash), attempt.verifier.clone()).await?;
    sqlx::query(
        "INSERT INTO pending_sign_ins (state_hash, origin, client_id, redirect_uri, context_kind, team_id, started_at,
            make_payer, team_name)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&hash)
    .bind(attempt.origin.as_str())
    .bind(&attempt.client_id)
    .bind(attempt.redirect_uri.as_str())
    .bind(attempt.context.kind())
    .bind(attempt.context.team_id())
    .bind(now)
    .bind(attempt.make_payer)
    .bind(&attempt.team_name)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Whether any unexpired sign-in is waiting for its callback.
pub async fn any_pending(db: &Db, now: i64) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pending_sign_ins WHERE started_at > ?")
        .bind(now - ATTEMPT_LIFETIME_SECS)
        .fetch_one(db.pool())
        .await?;
    Ok(n > 0)
}

/// Takes the attempt for `state`, atomically. Unknown states change nothing.
///
/// The verifier is read from the keychain BEFORE the row is removed: a keychain that is
/// locked or does not answer leaves the attempt as it was (row and verifier), so the
/// same link can complete once the keychain is unlocked, and nothing is left orphaned.
pub async fn claim(db: &Db, keys: &Arc<dyn SecretStore>, state: &str, now: i64) -> Result<Claim> {
    let hash = state_hash(state);
    let known: Option<i64> =
        sqlx::query_scalar("SELECT started_at FROM pending_sign_ins WHERE state_hash = ?")
            .bind(&hash)
            .fetch_optional(db.pool())
            .await?;
    if known.is_none() {
        return Ok(Claim::Unknown);
    }
    let account = verifier_account(&hash);
    let verifier = keychain::get(keys, account.clone()).await?;
    // The row goes now, once: a concurrent claim of the same state finds nothing.
    let row: Option<Row> = sqlx::query_as(
        "DELETE FROM pending_sign_ins WHERE state_hash = ?
         RETURNING origin, client_id, redirect_uri, context_kind, team_id, started_at, make_payer, team_name",
    )
    .bind(&hash)
    .fetch_optional(db.pool())
    .await?;
    let Some(row) = row else { return Ok(Claim::Unknown) };
    keychain::delete(keys, account).await?;
    if row.started_at <= now - ATTEMPT_LIFETIME_SECS {
        let context = RequestedContext::from_parts(&row.context_kind, &row.team_id)
            .ok_or_else(|| Error::Invariant("corrupt pending sign-in"))?;
        return Ok(Claim::Expired(LapsedAttempt {
            context,
            redirect_uri: row.redirect_uri,
            make_payer: row.make_payer,
        }));
    }
    let verifier = verifier
        .ok_or_else(|| Error::SignIn("the sign-in's verifier is missing from the keychain".into()))?;
    let context = RequestedContext::from_parts(&row.context_kind, &row.team_id)
        .ok_or_else(|| Error::Invariant("corrupt pending sign-in"))?;
    let parse = |s: &str| Url::parse(s).map_err(|source| Error::Url { what: "stored URL", source });
    Ok(Claim::Found(Box::new(PendingAttempt {
        verifier,
        redirect_uri: parse(&row.redirect_uri)?,
        origin: parse(&row.origin)?,
        client_id: row.client_id,
        context,
        make_payer: row.make_payer,
        team_name: row.team_name,
    })))
}

/// An attempt dropped because its state expired: what it was for and where it asked the
/// platform to send the browser back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LapsedAttempt {
    pub context: RequestedContext,
    pub redirect_uri: String,
    /// The person's payer choice when starting it, so "Start again" keeps it.
    pub make_payer: bool,
}

/// Drops attempts older than the lifetime, with their verifiers; returns what was dropped.
pub async fn purge_expired(db: &Db, keys: &Arc<dyn SecretStore>, now: i64) -> Result<Vec<LapsedAttempt>> {
    let rows: Vec<(String, String, String, String, bool)> = sqlx::query_as(
        "DELETE FROM pending_sign_ins WHERE started_at <= ?
         RETURNING state_hash, redirect_uri, context_kind, team_id, make_payer",
    )
    .bind(now - ATTEMPT_LIFETIME_SECS)
    .fetch_all(db.pool())
    .await?;
    let mut lapsed = Vec::new();
    for (hash, redirect_uri, kind, team_id, make_payer) in rows {
        keychain::delete(keys, verifier_account(&hash)).await?;
        if let Some(context) = RequestedContext::from_parts(&kind, &team_id) {
            lapsed.push(LapsedAttempt { context, redirect_uri, make_payer });
        }
    }
    Ok(lapsed)
}

/// The redirect URI of the newest sign-in still waiting, if any.
pub async fn newest_pending(db: &Db, now: i64) -> Result<Option<String>> {
    let uri: Option<String> = sqlx::query_scalar(
        "SELECT redirect_uri FROM pending_sign_ins WHERE started_at > ? ORDER BY started_at DESC LIMIT 1",
    )
    .bind(now - ATTEMPT_LIFETIME_SECS)
    .fetch_optional(db.pool())
    .await?;
    Ok(uri)
}

/// The redirect URIs of the attempts still waiting, oldest first (each once).
pub async fn pending_redirect_uris(db: &Db, now: i64) -> Result<Vec<String>> {
    let uris: Vec<String> = sqlx::query_scalar(
        "SELECT redirect_uri FROM pending_sign_ins WHERE started_at > ?
         GROUP BY redirect_uri ORDER BY MIN(started_at)",
    )
    .bind(now - ATTEMPT_LIFETIME_SECS)
    .fetch_all(db.pool())
    .await?;
    Ok(uris)
}

/// Whether an attempt that sent exactly this redirect URI is still waiting.
pub async fn pending_for_redirect(db: &Db, redirect_uri: &str, now: i64) -> Result<bool> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM pending_sign_ins WHERE redirect_uri = ? AND started_at > ?")
            .bind(redirect_uri)
            .bind(now - ATTEMPT_LIFETIME_SECS)
            .fetch_one(db.pool())
            .await?;
    Ok(n > 0)
}

/// Drops the attempts that sent exactly this redirect URI, with their verifiers; returns
/// what was dropped (a new attempt on the same fixed port replaces them, or their listener
/// could not be reopened).
pub async fn remove_for_redirect(
    db: &Db,
    keys: &Arc<dyn SecretStore>,
    redirect_uri: &str,
) -> Result<Vec<LapsedAttempt>> {
    let rows: Vec<(String, String, String, bool)> = sqlx::query_as(
        "DELETE FROM pending_sign_ins WHERE redirect_uri = ?
         RETURNING state_hash, context_kind, team_id, make_payer",
    )
    .bind(redirect_uri)
    .fetch_all(db.pool())
    .await?;
    let mut removed = Vec::new();
    for (hash, kind, team_id, make_payer) in rows {
        keychain::delete(keys, verifier_account(&hash)).await?;
        if let Some(context) = RequestedContext::from_parts(&kind, &team_id) {
            removed.push(LapsedAttempt { context, redirect_uri: redirect_uri.to_owned(), make_payer });
        }
    }
    Ok(removed)
}

/// Drops every attempt (the user cancelled, or the platform changed).
pub async fn clear(db: &Db, keys: &Arc<dyn SecretStore>) -> Result<()> {
    let hashes: Vec<String> =
        sqlx::query_scalar("DELETE FROM pending_sign_ins RETURNING state_hash").fetch_all(db.pool()).await?;
    for hash in hashes {
        keychain::delete(keys, verifier_account(&hash)).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::keychain::memory::MemoryKeychain;

    fn attempt() -> PendingAttempt {
        PendingAttempt {
            verifier: Sensitive::new("v".repeat(43)),
            redirect_uri: Url::parse("xiaoya-companion://oauth/callback").unwrap(),
            origin: Url::parse("http://127.0.0.1:1").unwrap(),
            client_id: "c".into(),
            context: RequestedContext::Team { team_id: "team_alpha".into() },
            make_payer: false,
            team_name: Some("Alpha".into()),
        }
    }

    async fn setup() -> (tempfile::TempDir, Db, Arc<dyn SecretStore>) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("t.db")).await.unwrap();
        (dir, db, Arc::new(MemoryKeychain::default()))
    }

    #[tokio::test]
    async fn a_state_is_single_use_and_returns_what_was_bound_to_it() {
        let (_d, db, keys) = setup().await;
        insert(&db, &keys, "s1", &attempt(), 1000).await.unwrap();
        let Claim::Found(a) = claim(&db, &keys, "s1", 1001).await.unwrap() else { panic!("expected found") };
        assert_eq!(a.context, RequestedContext::Team { team_id: "team_alpha".into() });
        assert!(!a.make_payer, "the person's payer choice comes back with it");
        assert_eq!(a.verifier.expose(), &"v".repeat(43));
        assert!(matches!(claim(&db, &keys, "s1", 1002).await.unwrap(), Claim::Unknown));
    }

    #[tokio::test]
    async fn a_forged_state_does_not_cancel_the_genuine_attempt() {
        let (_d, db, keys) = setup().await;
        insert(&db, &keys, "genuine", &attempt(), 1000).await.unwrap();
        assert!(matches!(claim(&db, &keys, "forged", 1001).await.unwrap(), Claim::Unknown));
        assert!(any_pending(&db, 1001).await.unwrap());
        assert!(matches!(claim(&db, &keys, "genuine", 1002).await.unwrap(), Claim::Found(_)));
        assert!(!any_pending(&db, 1002).await.unwrap());
    }

    #[tokio::test]
    async fn attempts_expire_after_ten_minutes() {
        let (_d, db, keys) = setup().await;
        insert(&db, &keys, "s", &attempt(), 1000).await.unwrap();
        let later = 1000 + ATTEMPT_LIFETIME_SECS;
        assert!(!any_pending(&db, later).await.unwrap());
        assert!(matches!(claim(&db, &keys, "s", later).await.unwrap(), Claim::Expired(_)));
    }

    /// A claim whose keychain read fails (locked) keeps its pending row and its verifier:
    /// once the keychain is unlocked, the same callback completes.
    #[tokio::test]
    async fn a_claim_that_cannot_read_the_keychain_keeps_the_attempt_for_later() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("t.db")).await.unwrap();
        let mem = Arc::new(MemoryKeychain::default());
        let keys: Arc<dyn SecretStore> = mem.clone();
        insert(&db, &keys, "s1", &attempt(), 1000).await.unwrap();
        mem.get_unavailable.store(true, std::sync::atomic::Ordering::SeqCst);
        let err = claim(&db, &keys, "s1", 1001).await.unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::KeychainUnavailable);
        assert!(any_pending(&db, 1001).await.unwrap(), "the pending row is still there");
        assert_eq!(mem.entries.lock().unwrap().len(), 1, "and so is its verifier");

        mem.get_unavailable.store(false, std::sync::atomic::Ordering::SeqCst);
        let Claim::Found(a) = claim(&db, &keys, "s1", 1002).await.unwrap() else {
            panic!("found after unlocking")
        };
        assert_eq!(a.verifier.expose(), &"v".repeat(43));
        assert!(mem.entries.lock().unwrap().is_empty(), "the verifier is gone once used");
    }

    #[tokio::test]
    async fn neither_state_nor_verifier_is_stored_in_sqlite() {
        let (dir, db, keys) = setup().await;
        insert(&db, &keys, "state-canary-123", &attempt(), 1000).await.unwrap();
        db.close().await;
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            assert!(!text.contains("state-canary-123"));
            assert!(!text.contains(&"v".repeat(43)));
        }
    }

    /// An attempt written before the payer choice existed (no `make_payer` column in the
    /// insert) completes by the rule of the build that started it: it pays.
    #[tokio::test]
    async fn an_attempt_from_an_older_build_pays_as_it_used_to() {
        let (_d, db, keys) = setup().await;
        let hash = state_hash("old");
        keychain::put(&keys, verifier_account(&hash), Sensitive::new("v".repeat(43))).await.unwrap();
        sqlx::query(
            "INSERT INTO pending_sign_ins (state_hash, origin, client_id, redirect_uri, context_kind, team_id, started_at)
             VALUES (?, 'http://127.0.0.1:1/', 'c', 'xiaoya-companion://oauth/callback', 'team', 'team_alpha', 1000)",
        )
        .bind(&hash)
        .execute(db.pool())
        .await
        .unwrap();
        let Claim::Found(a) = claim(&db, &keys, "old", 1001).await.unwrap() else { panic!("expected found") };
        assert!(a.make_payer);
    }
}
