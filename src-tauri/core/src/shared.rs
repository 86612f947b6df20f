//! `Shared`: the few dependencies every area service uses, built once in `Core::start` and
//! handed to each service explicitly (an `Arc<Shared>`): the database, the platform in use
//! (and the built-in sandbox behind it), the HTTP client, the keychain, the browser, the
//! environment, the event port, the data folder and the version. No area state lives here.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use tokio::sync::Mutex;
use url::Url;

use crate::api::PlatformClient;
use crate::foundation::browser::Browser;
use crate::foundation::config::{Platform, PlatformChoice};
use crate::foundation::config::{PlatformInfo, ReplayInfo};
use crate::foundation::emitter::Emitter;
use crate::foundation::error::{Error, Result};
use crate::foundation::keychain::SecretStore;
use crate::store::wire::SandboxReplySpeed;
use crate::store::Db;

pub type Env = Box<dyn Fn(&str) -> Option<String> + Send + Sync>;

pub struct Shared {
    db: Db,
    data_dir: PathBuf,
    version: String,
    env: Env,
    platform: RwLock<Platform>,
    /// The built-in sandbox, started only when no platform client is configured.
    embedded_sandbox: Mutex<Option<xiaoya_sandbox::Sandbox>>,
    /// Behind a lock only so tests can swap in one with shorter timeouts (`set_client`).
    client: RwLock<PlatformClient>,
    keys: Arc<dyn SecretStore>,
    browser: Arc<dyn Browser>,
    /// Where a platform switch is announced.
    platform_events: Emitter<PlatformInfo>,
}

pub struct SharedParts {
    pub db: Db,
    pub data_dir: PathBuf,
    pub version: String,
    pub env: Env,
    pub keys: Arc<dyn SecretStore>,
    pub browser: Arc<dyn Browser>,
    pub platform_events: Emitter<PlatformInfo>,
}

impl Shared {
    /// Chooses the platform (starting the built-in sandbox when it is the choice).
    pub async fn start(parts: SharedParts, choice: PlatformChoice) -> Result<Self> {
        let embedded_sandbox = Mutex::new(None);
        let client = PlatformClient::new()?;
        let pace = parts.db.sandbox_reply_speed().await?.pace();
        let platform = resolve(choice, &embedded_sandbox, &client, pace).await?;
        tracing::info!(mode = ?platform.mode, origin = %crate::foundation::config::origin_string(&platform.origin), "platform selected");
        Ok(Shared {
            db: parts.db,
            data_dir: parts.data_dir,
            version: parts.version,
            env: parts.env,
            platform: RwLock::new(platform),
            embedded_sandbox,
            client: RwLock::new(client),
            keys: parts.keys,
            browser: parts.browser,
            platform_events: parts.platform_events,
        })
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Cheap: the HTTP client is an `Arc` inside.
    pub fn client(&self) -> PlatformClient {
        self.client.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Tests use a client with shorter timeouts (see `PlatformClient::with_timeouts`).
    #[cfg(test)]
    pub fn set_client(&self, client: PlatformClient) {
        *self.client.write().unwrap_or_else(|p| p.into_inner()) = client;
    }

    pub fn keys(&self) -> &Arc<dyn SecretStore> {
        &self.keys
    }

    pub fn browser(&self) -> &Arc<dyn Browser> {
        &self.browser
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    pub fn version(&self) -> &str {
        &self.version
    }

    /// Reads an environment variable (through the function given at start).
    pub fn env(&self, key: &str) -> Option<String> {
        (self.env)(key)
    }

    pub fn platform(&self) -> Platform {
        self.platform.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Resolves `choice` (the built-in sandbox is started once and reused).
    pub async fn resolve(&self, choice: PlatformChoice) -> Result<Platform> {
        // Leaving a replay: its sandbox holds the built-in slot, and the one asked for now must
        // be a fresh sandbox of the simulated world (with a key of its own).
        if self.platform().replay.is_some() {
            if let Some(replay) = self.embedded_sandbox.lock().await.take() {
                replay.shutdown().await;
            }
        }
        let pace = self.db.sandbox_reply_speed().await?.pace();
        resolve(choice, &self.embedded_sandbox, &self.client(), pace).await
    }

    /// The built-in sandbox the app runs against now, if it does (not a replay, not a
    /// sandbox named in the environment, not a real platform).
    async fn built_in_sandbox(&self) -> Option<tokio::sync::MutexGuard<'_, Option<xiaoya_sandbox::Sandbox>>> {
        let platform = self.platform();
        if platform.replay.is_some() {
            return None;
        }
        let slot = self.embedded_sandbox.lock().await;
        let serves =
            slot.as_ref().is_some_and(|s| Url::parse(&s.base_url()).ok().as_ref() == Some(&platform.origin));
        serves.then_some(slot)
    }

    /// The built-in sandbox's reply speed as saved, when the app runs against it (`None`
    /// otherwise: Settings doesn't offer it).
    pub async fn sandbox_reply_speed(&self) -> Result<Option<SandboxReplySpeed>> {
        if self.built_in_sandbox().await.is_none() {
            return Ok(None);
        }
        Ok(Some(self.db.sandbox_reply_speed().await?))
    }

    /// Saves the built-in sandbox's reply speed and applies it to the running sandbox at
    /// once (the next reply streams at it); SANDBOX_NOT_BUILT_IN, and nothing saved, when
    /// the app runs against anything else.
    pub async fn set_sandbox_reply_speed(&self, speed: SandboxReplySpeed) -> Result<SandboxReplySpeed> {
        let slot = self.built_in_sandbox().await.ok_or(Error::SandboxNotBuiltIn)?;
        self.db.set_sandbox_reply_speed(speed).await?;
        if let Some(sandbox) = slot.as_ref() {
            sandbox.set_reply_pace(speed.pace());
        }
        tracing::info!(speed = speed.as_str(), "built-in sandbox reply speed set");
        Ok(speed)
    }

    /// The pace the built-in sandbox streams at now (tests read what a setting did).
    #[cfg(test)]
    pub async fn built_in_reply_pace(&self) -> Option<xiaoya_sandbox::ReplyPace> {
        self.built_in_sandbox().await.and_then(|slot| slot.as_ref().map(|s| s.reply_pace()))
    }

    /// Every platform switch is announced (`platformChanged`).
    pub fn switch_to(&self, platform: Platform) -> PlatformInfo {
        let info = platform.info();
        *self.platform.write().unwrap_or_else(|p| p.into_inner()) = platform;
        self.platform_events.emit(info.clone());
        info
    }

    /// Serves `replay` from a new built-in sandbox (the one before, a replay or not, stops)
    /// and switches to it: from now on nothing reaches a platform, every `/api/` call is
    /// answered from the cassette.
    pub async fn start_replay(&self, replay: xiaoya_sandbox::Replay) -> Result<PlatformInfo> {
        let info = ReplayInfo {
            recorded_at: replay.cassette.recorded_at.clone(),
            context: replay.cassette.context.clone(),
        };
        let key = new_access_key();
        let config = xiaoya_sandbox::SandboxConfig {
            access_key: Some(key.clone()),
            // No account stands behind a replay: signing in to it needs no consent page.
            auto_approve: true,
            replay: Some(replay),
            ..xiaoya_sandbox::SandboxConfig::default()
        };
        let sandbox = xiaoya_sandbox::start(config)
            .await
            .map_err(|source| Error::Io { action: "start the replay sandbox", source })?;
        let origin =
            Url::parse(&sandbox.base_url()).map_err(|source| Error::Url { what: "sandbox URL", source })?;
        self.client().set_sandbox_key(Some((&origin, key)));
        if let Some(old) = self.embedded_sandbox.lock().await.replace(sandbox) {
            old.shutdown().await;
        }
        let mut platform = Platform::sandbox(origin);
        platform.replay = Some(info);
        Ok(self.switch_to(platform))
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
    pace: xiaoya_sandbox::ReplyPace,
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
                    reply_pace: pace,
                    ..xiaoya_sandbox::SandboxConfig::default()
                };
                let sandbox = xiaoya_sandbox::start(config)
                    .await
                    .map_err(|source| Error::Io { action: "start the built-in sandbox", source })?;
                let origin = Url::parse(&sandbox.base_url())
                    .map_err(|source| Error::Url { what: "sandbox URL", source })?;
                client.set_sandbox_key(Some((&origin, key)));
                *slot = Some(sandbox);
            }
            let base = slot.as_ref().map(|s| s.base_url()).unwrap_or_default();
            let origin = Url::parse(&base).map_err(|source| Error::Url { what: "sandbox URL", source })?;
            Ok(Platform::sandbox(origin))
        }
    }
}
