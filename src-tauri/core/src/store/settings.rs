//! The `settings` table: small, typed accessors over a key/value store.

use super::wire::{Locale, Presenting, SandboxReplySpeed, ThemePreference};
use crate::foundation::config::StoredPlatform;
use crate::foundation::error::Result;
use crate::store::Db;

const LOCALE: &str = "ui.locale";
const THEME: &str = "ui.theme";
/// `on 125`, `off 150`: the switch and the type size, written together.
const PRESENTING: &str = "ui.presenting";
const SANDBOX_REPLY_SPEED: &str = "sandbox.reply_speed";
const PLATFORM_URL: &str = "platform.base_url";
const PLATFORM_CLIENT_ID: &str = "platform.client_id";
const PLATFORM_REDIRECT_URI: &str = "platform.redirect_uri";

impl Db {
    pub(crate) async fn setting(&self, key: &str) -> Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT value FROM settings WHERE key = ?")
            .bind(key)
            .fetch_optional(self.pool())
            .await?)
    }

    pub(crate) async fn delete_setting(&self, key: &str) -> Result<()> {
        sqlx::query("DELETE FROM settings WHERE key = ?").bind(key).execute(self.pool()).await?;
        Ok(())
    }

    pub(crate) async fn put_setting(&self, key: &str, value: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES (?, ?)
             ON CONFLICT(key) DO UPDATE SET value = excluded.value,
               updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
        )
        .bind(key)
        .bind(value)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    pub async fn locale(&self) -> Result<Option<Locale>> {
        Ok(self.setting(LOCALE).await?.as_deref().and_then(Locale::parse))
    }

    pub async fn set_locale(&self, locale: Locale) -> Result<()> {
        self.put_setting(LOCALE, locale.as_str()).await
    }

    pub async fn theme(&self) -> Result<ThemePreference> {
        Ok(self
            .setting(THEME)
            .await?
            .as_deref()
            .and_then(ThemePreference::parse)
            .unwrap_or(ThemePreference::System))
    }

    pub async fn set_theme(&self, theme: ThemePreference) -> Result<()> {
        self.put_setting(THEME, theme.as_str()).await
    }

    /// Presenting mode as last set; off when never set. A scale this version doesn't know
    /// (a newer app's) reads as the first step rather than failing.
    pub async fn presenting(&self) -> Result<Presenting> {
        let raw = self.setting(PRESENTING).await?.unwrap_or_default();
        let mut parts = raw.split(' ');
        let on = parts.next() == Some("on");
        let scale = parts
            .next()
            .and_then(|s| s.parse::<u16>().ok())
            .filter(|s| Presenting::SCALES.contains(s))
            .unwrap_or(Presenting::SCALES[0]);
        Ok(Presenting { on, scale })
    }

    pub async fn set_presenting(&self, presenting: Presenting) -> Result<()> {
        let on = if presenting.on { "on" } else { "off" };
        self.put_setting(PRESENTING, &format!("{on} {}", presenting.scale)).await
    }

    /// The built-in sandbox's reply speed as last set; `Normal` when never set (or a value
    /// this version doesn't know).
    pub async fn sandbox_reply_speed(&self) -> Result<SandboxReplySpeed> {
        Ok(self
            .setting(SANDBOX_REPLY_SPEED)
            .await?
            .as_deref()
            .and_then(SandboxReplySpeed::parse)
            .unwrap_or(SandboxReplySpeed::Normal))
    }

    pub async fn set_sandbox_reply_speed(&self, speed: SandboxReplySpeed) -> Result<()> {
        self.put_setting(SANDBOX_REPLY_SPEED, speed.as_str()).await
    }

    pub async fn stored_platform(&self) -> Result<StoredPlatform> {
        Ok(StoredPlatform {
            base_url: self.setting(PLATFORM_URL).await?,
            client_id: self.setting(PLATFORM_CLIENT_ID).await?,
            redirect_uri: self.setting(PLATFORM_REDIRECT_URI).await?,
        })
    }

    /// Saves a validated platform client, or clears it (`None`) to return to the sandbox.
    pub async fn set_stored_platform(&self, platform: Option<&StoredPlatform>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM settings WHERE key IN (?, ?, ?)")
            .bind(PLATFORM_URL)
            .bind(PLATFORM_CLIENT_ID)
            .bind(PLATFORM_REDIRECT_URI)
            .execute(&mut *tx)
            .await?;
        if let Some(p) = platform {
            for (key, value) in [
                (PLATFORM_URL, &p.base_url),
                (PLATFORM_CLIENT_ID, &p.client_id),
                (PLATFORM_REDIRECT_URI, &p.redirect_uri),
            ] {
                if let Some(value) = value {
                    sqlx::query("INSERT INTO settings (key, value) VALUES (?, ?)")
                        .bind(key)
                        .bind(value)
                        .execute(&mut *tx)
                        .await?;
                }
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn settings_survive_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("app.db");
        let db = Db::open(&path).await.unwrap();
        assert_eq!(db.locale().await.unwrap(), None);
        assert_eq!(db.theme().await.unwrap(), ThemePreference::System);
        db.set_locale(Locale::ZhCn).await.unwrap();
        db.set_theme(ThemePreference::Dark).await.unwrap();
        let stored = StoredPlatform {
            base_url: Some("https://staging.example.com".into()),
            client_id: Some("agent".into()),
            redirect_uri: None,
        };
        db.set_stored_platform(Some(&stored)).await.unwrap();
        db.close().await;

        let db = Db::open(&path).await.unwrap();
        assert_eq!(db.locale().await.unwrap(), Some(Locale::ZhCn));
        assert_eq!(db.theme().await.unwrap(), ThemePreference::Dark);
        assert_eq!(db.stored_platform().await.unwrap(), stored);
        db.set_stored_platform(None).await.unwrap();
        assert_eq!(db.stored_platform().await.unwrap(), StoredPlatform::default());
    }

    #[tokio::test]
    async fn presenting_survives_a_reopen_and_an_unknown_scale_reads_as_the_first_step() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("app.db");
        let db = Db::open(&path).await.unwrap();
        assert_eq!(db.presenting().await.unwrap(), Presenting::off());
        db.set_presenting(Presenting { on: true, scale: 150 }).await.unwrap();
        db.close().await;

        let db = Db::open(&path).await.unwrap();
        assert_eq!(db.presenting().await.unwrap(), Presenting { on: true, scale: 150 });
        db.put_setting(PRESENTING, "on 175").await.unwrap();
        assert_eq!(db.presenting().await.unwrap(), Presenting { on: true, scale: 125 });
        db.put_setting(PRESENTING, "garbage").await.unwrap();
        assert_eq!(db.presenting().await.unwrap(), Presenting::off());
    }

    #[tokio::test]
    async fn the_database_runs_in_wal_mode() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("app.db")).await.unwrap();
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(db.pool()).await.unwrap();
        assert_eq!(mode, "wal");
        let ok: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(db.pool()).await.unwrap();
        assert_eq!(ok, "ok");
    }
}
