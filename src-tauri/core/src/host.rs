//! `Core`: the one object the shell holds. Built once at start-up; every IPC command
//! calls one method on it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use tokio::sync::Mutex;
use url::Url;

use crate::api::PlatformClient;
use crate::auth::browser::{Browser, SystemBrowser};
use crate::auth::keychain::{OsKeychain, SecretStore};
use crate::config::{self, Platform, PlatformChoice, StoredPlatform};
use crate::error::{Error, Result};
use crate::events::{Events, NoEvents};
use crate::store::Db;
use crate::wire::{AppInfo, Locale, PlatformInfo, PlatformSettingsInput, ThemePreference};

pub struct CoreOptions {
    /// Where the database, logs and audio live.
    pub data_dir: PathBuf,
    /// Reads an environment variable (a parameter so tests don't touch the process env).
    pub env: Box<dyn Fn(&str) -> Option<String> + Send + Sync>,
    /// The app's version, shown in About and diagnostics.
    pub version: String,
    /// Where tokens live: the OS keychain in the app.
    pub keychain: Arc<dyn SecretStore>,
    /// How the authorize page is opened: the system browser in the app.
    pub browser: Arc<dyn Browser>,
    /// Where the core's announcements go (`events.rs`): the shell's emitter in the app.
    pub events: Arc<dyn Events>,
}

impl CoreOptions {
    pub fn from_process_env(data_dir: PathBuf, version: impl Into<String>) -> Self {
        let env: Box<dyn Fn(&str) -> Option<String> + Send + Sync> = Box::new(|k| std::env::var(k).ok());
        let browser = Arc::new(SystemBrowser::from_env(&*env));
        CoreOptions {
            data_dir,
            env,
            version: version.into(),
            keychain: Arc::new(OsKeychain::new()),
            browser,
            events: Arc::new(NoEvents),
        }
    }
}

pub struct Core {
    db: Db,
    /// The database found at start was unusable and moved aside (said in the window).
    database_set_aside: Option<crate::wire::DatabaseSetAside>,
    data_dir: PathBuf,
    version: String,
    env: Box<dyn Fn(&str) -> Option<String> + Send + Sync>,
    platform: RwLock<Platform>,
    /// The built-in sandbox, started only when no platform client is configured.
    embedded_sandbox: Mutex<Option<xiaoya_sandbox::Sandbox>>,
    client: PlatformClient,
    keys: Arc<dyn SecretStore>,
    browser: Arc<dyn Browser>,
    /// Model catalogs per exact context (models area).
    catalogs: crate::models::cache::CatalogCache,
    /// Replies being received, so Stop can reach them (chat area).
    chat: crate::chat::runtime::ChatRuntime,
    /// TTS catalogs per session, requests in flight, running totals (tts area).
    tts: Arc<crate::tts::state::TtsState>,
    /// The one audio output thread (audio area).
    audio: crate::audio::engine::AudioEngine,
    sign_ins: crate::auth::attempts::SignInHistory,
    /// Listeners for loopback redirects, one per pending attempt (auth area).
    loopback: crate::auth::loopback::Loopback,
    audio_probes: crate::audio::probe::ProbeCache,
    /// The last Check platform report of this run (for export).
    last_check: std::sync::Mutex<Option<crate::check::wire::CheckReport>>,
    events: Arc<dyn Events>,
}

impl Core {
    pub async fn start(options: CoreOptions) -> Result<Self> {
        std::fs::create_dir_all(&options.data_dir).map_err(Error::DataFolder)?;
        let (db, database_set_aside) =
            Db::open_or_set_aside(&options.data_dir.join("companion.db"), time::OffsetDateTime::now_utc()).await?;
        let choice = config::choose(&*options.env, &db.stored_platform().await?)?;
        let embedded_sandbox = Mutex::new(None);
        let client = PlatformClient::new()?;
        let platform = resolve(choice, &embedded_sandbox, &client).await?;
        tracing::info!(mode = ?platform.mode, origin = %config::origin_string(&platform.origin), "platform selected");
        Ok(Core {
            db,
            database_set_aside,
            data_dir: options.data_dir,
            version: options.version,
            env: options.env,
            platform: RwLock::new(platform),
            embedded_sandbox,
            client,
            keys: options.keychain,
            browser: options.browser,
            catalogs: crate::models::cache::CatalogCache::default(),
            chat: crate::chat::runtime::ChatRuntime::default(),
            tts: Arc::default(),
            audio: crate::audio::engine::AudioEngine::new(crate::audio::engine::system_opener()),
            sign_ins: crate::auth::attempts::SignInHistory::default(),
            loopback: crate::auth::loopback::Loopback::default(),
            audio_probes: crate::audio::probe::ProbeCache::default(),
            last_check: std::sync::Mutex::default(),
            events: options.events,
        })
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn client(&self) -> &PlatformClient {
        &self.client
    }

    pub fn keys(&self) -> &Arc<dyn SecretStore> {
        &self.keys
    }

    pub fn browser(&self) -> &Arc<dyn Browser> {
        &self.browser
    }

    pub fn catalogs(&self) -> &crate::models::cache::CatalogCache {
        &self.catalogs
    }

    pub fn chat_runtime(&self) -> &crate::chat::runtime::ChatRuntime {
        &self.chat
    }

    pub fn tts_state(&self) -> &Arc<crate::tts::state::TtsState> {
        &self.tts
    }

    pub fn audio(&self) -> &crate::audio::engine::AudioEngine {
        &self.audio
    }

    /// Clips already decoded before playback (see `audio::probe::ProbeCache`).
    pub fn audio_probes(&self) -> &crate::audio::probe::ProbeCache {
        &self.audio_probes
    }

    /// The last Check platform report of this run.
    pub fn last_check(&self) -> &std::sync::Mutex<Option<crate::check::wire::CheckReport>> {
        &self.last_check
    }

    /// Announces `event` through the event port (`events.rs`).
    pub(crate) fn emit(&self, event: crate::wire::AppEvent) {
        self.events.emit(event);
    }

    pub fn version(&self) -> &str {
        &self.version
    }

    /// The recent sign-in attempts of this run, for the diagnostics view.
    pub fn sign_in_history(&self) -> &crate::auth::attempts::SignInHistory {
        &self.sign_ins
    }

    /// The loopback redirect listeners of pending sign-ins.
    pub fn loopback(&self) -> &crate::auth::loopback::Loopback {
        &self.loopback
    }

    /// Tests play through a simulated device (or none).
    #[cfg(test)]
    pub fn set_audio(&mut self, audio: crate::audio::engine::AudioEngine) {
        self.audio = audio;
    }

    /// Tests use a client with shorter timeouts (see `PlatformClient::with_timeouts`).
    #[cfg(test)]
    pub fn set_client(&mut self, client: PlatformClient) {
        self.client = client;
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    pub fn platform(&self) -> Platform {
        self.platform.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub async fn app_info(&self) -> Result<AppInfo> {
        let locale = match self.db.locale().await? {
            Some(locale) => locale,
            None => Locale::from_system((self.env)("LC_ALL").or_else(|| (self.env)("LANG")).as_deref()),
        };
        Ok(AppInfo {
            version: self.version.clone(),
            commit: String::new(),
            platform: self.platform().info(),
            locale,
            theme: self.db.theme().await?,
            database_set_aside: self.database_set_aside.clone(),
        })
    }

    pub async fn set_locale(&self, locale: Locale) -> Result<AppInfo> {
        self.db.set_locale(locale).await?;
        self.app_info().await
    }

    pub async fn set_theme(&self, theme: ThemePreference) -> Result<AppInfo> {
        self.db.set_theme(theme).await?;
        self.app_info().await
    }

    /// Points the app at a real platform. Validated before anything is saved.
    pub async fn set_platform(&self, input: PlatformSettingsInput) -> Result<PlatformInfo> {
        let platform = config::validate(&input)?;
        let stored = StoredPlatform {
            base_url: Some(config::origin_string(&platform.origin)),
            client_id: Some(platform.client_id.clone()),
            redirect_uri: Some(platform.redirect_uri.to_string()),
        };
        self.db.set_stored_platform(Some(&stored)).await?;
        crate::auth::pending::clear(&self.db, &self.keys).await?;
        self.loopback.close_all();
        self.forget_ended_sessions().await?;
        Ok(self.switch_to(platform))
    }

    /// Forgets the configured client and returns to the built-in sandbox.
    pub async fn use_sandbox(&self) -> Result<PlatformInfo> {
        self.db.set_stored_platform(None).await?;
        crate::auth::pending::clear(&self.db, &self.keys).await?;
        self.loopback.close_all();
        self.forget_ended_sessions().await?;
        let choice = config::choose(&*self.env, &StoredPlatform::default())?;
        let platform = resolve(choice, &self.embedded_sandbox, &self.client).await?;
        Ok(self.switch_to(platform))
    }

    /// Every platform switch is announced (`platformChanged`).
    fn switch_to(&self, platform: Platform) -> PlatformInfo {
        let info = platform.info();
        *self.platform.write().unwrap_or_else(|p| p.into_inner()) = platform;
        self.emit(crate::wire::AppEvent::PlatformChanged { platform: info.clone() });
        info
    }

    pub async fn shutdown(&self) {
        if let Some(sandbox) = self.embedded_sandbox.lock().await.take() {
            sandbox.shutdown().await;
        }
        self.db.close().await;
    }
}

/// The built-in sandbox's per-run access key: 32 random bytes, base64url.
fn new_access_key() -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

async fn resolve(
    choice: PlatformChoice,
    embedded: &Mutex<Option<xiaoya_sandbox::Sandbox>>,
    client: &PlatformClient,
) -> Result<Platform> {
    match choice {
        PlatformChoice::Configured(platform) => Ok(platform),
        PlatformChoice::ExternalSandbox(origin) => Ok(Platform::sandbox(origin)),
        PlatformChoice::EmbeddedSandbox => {
            let mut slot = embedded.lock().await;
            if slot.is_none() {
                // Only this core knows the key: a local process or a web page that finds the
                // loopback port reaches nothing but the pages a browser opens itself.
                let key = new_access_key();
                let config = xiaoya_sandbox::SandboxConfig {
                    access_key: Some(key.clone()),
                    ..xiaoya_sandbox::SandboxConfig::default()
                };
                let sandbox = xiaoya_sandbox::start(config)
                    .await
                    .map_err(|e| Error::Internal(format!("the built-in sandbox did not start: {e}")))?;
                let origin = Url::parse(&sandbox.base_url()).map_err(|source| Error::Url { what: "sandbox URL", source })?;
                client.set_sandbox_key(Some((&origin, key)));
                *slot = Some(sandbox);
            }
            let base = slot.as_ref().map(|s| s.base_url()).unwrap_or_default();
            let origin = Url::parse(&base).map_err(|source| Error::Url { what: "sandbox URL", source })?;
            Ok(Platform::sandbox(origin))
        }
    }
}
