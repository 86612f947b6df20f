//! `Core`: the one object the shell holds, a small struct of the area services. `start`
//! builds the shared dependencies (`shared.rs`) once and gives each service what it uses,
//! in dependency order: `Auth`, then `Billing` and `Models`, then `Chat`, `Audio` and
//! `Tts`, then `Check`. A command calls one method on one service (`core.tts().synthesize(..)`);
//! only the app-wide settings (language, theme, which platform) stay here.

use std::path::PathBuf;
use std::sync::Arc;

use crate::account::PersonalAccount;
use crate::agents::Agents;
use crate::api::PlatformClient;
use crate::audio::Audio;
use crate::auth::Auth;
use crate::billing::Billing;
use crate::cassettes::Cassettes;
use crate::chat::Chat;
use crate::check::Check;
use crate::documents::{Document, DocumentKind};
use crate::events::{Events, NoEvents};
use crate::foundation::browser::{Browser, SystemBrowser};
use crate::foundation::config::{self, Platform, StoredPlatform};
use crate::foundation::emitter::Emitter;
use crate::foundation::error::{Error, Result};
use crate::foundation::keychain::{OsKeychain, SecretStore};
use crate::foundation::mask::{MaskKind, MaskLiteral, Masker};
use crate::models::Models;
use crate::shared::{Shared, SharedParts};
use crate::store::Db;
use crate::teams::Teams;
use crate::tts::Tts;
use crate::wire::{
    AppEvent, AppInfo, BootState, Locale, PlatformInfo, PlatformSettingsInput, Presenting, PresentingView,
    SandboxReplySpeed, ThemePreference,
};

pub struct CoreOptions {
    /// Where the database, logs and audio live.
    pub data_dir: PathBuf,
    /// Reads an environment variable (a parameter so tests don't touch the process env).
    pub env: crate::shared::Env,
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
        let env: crate::shared::Env = Box::new(|k| std::env::var(k).ok());
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

/// The database's file name in the data folder.
pub const DATABASE_FILE: &str = "companion.db";

pub struct Core {
    /// What every service uses (database, platform, client, keychain, browser, events, …).
    shared: Arc<Shared>,
    /// The database found at start (or at an earlier start) was unusable and moved aside:
    /// said in the window until the person has read it.
    database_set_aside: std::sync::Mutex<Option<crate::wire::DatabaseSetAside>>,
    auth: Arc<Auth>,
    billing: Arc<Billing>,
    models: Arc<Models>,
    chat: Arc<Chat>,
    audio: Arc<Audio>,
    tts: Arc<Tts>,
    check: Arc<Check>,
    agents: Arc<Agents>,
    cassettes: Arc<Cassettes>,
    teams: Arc<Teams>,
    account: Arc<PersonalAccount>,
}

impl Core {
    pub async fn start(options: CoreOptions) -> Result<Self> {
        std::fs::create_dir_all(&options.data_dir).map_err(Error::DataFolder)?;
        let (db, database_set_aside) =
            Db::open_or_set_aside(&options.data_dir.join(DATABASE_FILE), time::OffsetDateTime::now_utc())
                .await?;
        let choice = config::choose(&*options.env, &db.stored_platform().await?)?;
        let sink = options.events;
        let parts = SharedParts {
            db,
            data_dir: options.data_dir,
            version: options.version,
            env: options.env,
            keys: options.keychain,
            browser: options.browser,
            platform_events: announce(&sink, |platform| AppEvent::PlatformChanged { platform }),
        };
        let shared = Arc::new(Shared::start(parts, choice).await?);
        shared.client().set_busy_notices(announce(&sink, |notice: crate::api::BusyNotice| {
            let wait_secs = crate::foundation::retry_after::whole_seconds(notice.wait);
            AppEvent::PlatformBusy {
                path: notice.path,
                wait_secs: u32::try_from(wait_secs).unwrap_or(u32::MAX),
            }
        }));
        let audio = Arc::new(Audio::new(
            crate::audio::engine::AudioEngine::new(crate::audio::engine::system_opener()),
            announce(&sink, |playback| AppEvent::PlaybackChanged { playback }),
        ));
        let auth = Arc::new(Auth::new(shared.clone(), follow_payer(&sink, audio.clone())));
        // A loopback sign-in that was waiting when the app stopped listens again (or ends,
        // said in the window), before the first frame shows it as waiting.
        if let Err(err) = auth.reopen_loopback_listeners().await {
            tracing::warn!(code = ?err.code(), "pending loopback sign-ins could not be reopened");
        }
        let billing = Arc::new(Billing::new(
            shared.clone(),
            auth.clone(),
            announce(&sink, |balance| AppEvent::BalanceChanged { balance }),
        ));
        let models = Arc::new(Models::new(shared.clone(), auth.clone()));
        let chat = Arc::new(Chat::new(shared.clone(), auth.clone(), models.clone(), billing.clone()));
        let tts = Arc::new(Tts::new(
            shared.clone(),
            auth.clone(),
            billing.clone(),
            audio.clone(),
            announce(&sink, |s: crate::tts::wire::SettledClip| AppEvent::ClipSettled {
                clip: s.clip,
                session_id: s.session_id,
                totals: s.totals,
                counting: s.counting,
            }),
        ));
        let check = Arc::new(Check::new(
            shared.clone(),
            auth.clone(),
            models.clone(),
            billing.clone(),
            chat.clone(),
            tts.clone(),
        ));
        let agents = Arc::new(Agents::new(shared.clone()));
        let cassettes = Arc::new(Cassettes::new(
            shared.clone(),
            auth.clone(),
            billing.clone(),
            models.clone(),
            tts.clone(),
        ));
        let teams = Arc::new(Teams::new(auth.clone()));
        let account = Arc::new(PersonalAccount::new(auth.clone()));
        let database_set_aside = std::sync::Mutex::new(database_set_aside);
        Ok(Core {
            shared,
            database_set_aside,
            auth,
            billing,
            models,
            chat,
            audio,
            tts,
            check,
            agents,
            cassettes,
            teams,
            account,
        })
    }

    /// Sign-ins, sessions, who pays, calls for a session.
    pub fn auth(&self) -> &Arc<Auth> {
        &self.auth
    }

    /// Balances, usage, the points ledger.
    pub fn billing(&self) -> &Arc<Billing> {
        &self.billing
    }

    /// Model catalogs per context and the comparison across contexts.
    pub fn models(&self) -> &Arc<Models> {
        &self.models
    }

    /// Conversations, turns, replies in flight, export and the cost hint.
    pub fn chat(&self) -> &Arc<Chat> {
        &self.chat
    }

    /// Playback: the audio thread and the clips decoded once.
    pub fn audio(&self) -> &Arc<Audio> {
        &self.audio
    }

    /// TTS catalog, estimates, synthesis and the audio ledger.
    pub fn tts(&self) -> &Arc<Tts> {
        &self.tts
    }

    /// The read-only Team information of a Team session with `team_read`.
    pub fn teams(&self) -> &Arc<Teams> {
        &self.teams
    }

    /// The Personal account's own details (its entitlements, once `account` is granted).
    pub fn account(&self) -> &Arc<PersonalAccount> {
        &self.account
    }

    /// Check platform and its last report.
    pub fn check(&self) -> &Arc<Check> {
        &self.check
    }

    /// Agent check: saved MCP agents, their reviews, snapshots, calls and exports.
    pub fn agents(&self) -> &Arc<Agents> {
        &self.agents
    }

    /// Recorded demos: recording, saving and replaying cassettes.
    pub fn cassettes(&self) -> &Arc<Cassettes> {
        &self.cassettes
    }

    /// The dependencies every service shares.
    pub fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }

    pub fn db(&self) -> &Db {
        self.shared.db()
    }

    pub fn client(&self) -> PlatformClient {
        self.shared.client()
    }

    /// Tests use a client with shorter timeouts (see `PlatformClient::with_timeouts`).
    #[cfg(test)]
    pub fn set_client(&self, client: PlatformClient) {
        self.shared.set_client(client);
    }

    pub fn platform(&self) -> Platform {
        self.shared.platform()
    }

    /// The language the app speaks: the person's choice, else the system's.
    pub async fn locale(&self) -> Result<Locale> {
        Ok(match self.db().locale().await? {
            Some(locale) => locale,
            None => {
                Locale::from_system(self.shared.env("LC_ALL").or_else(|| self.shared.env("LANG")).as_deref())
            }
        })
    }

    pub async fn app_info(&self) -> Result<AppInfo> {
        let locale = self.locale().await?;
        Ok(AppInfo {
            version: self.shared.version().to_owned(),
            commit: String::new(),
            platform: self.platform().info(),
            locale,
            theme: self.db().theme().await?,
            presenting: self.presenting_view(self.db().presenting().await?),
            database_set_aside: self.database_set_aside(),
        })
    }

    /// The notice of a database set aside at this start or an earlier one, until read.
    pub fn database_set_aside(&self) -> Option<crate::wire::DatabaseSetAside> {
        self.database_set_aside.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The person read that the database was set aside: later starts don't say it again
    /// (the old file stays where the notice said).
    pub async fn dismiss_database_notice(&self) -> Result<()> {
        Db::forget_set_aside_notice(&self.shared.data_dir().join(DATABASE_FILE)).await?;
        *self.database_set_aside.lock().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(())
    }

    /// The window's first frame (`BootState`): the app info and a snapshot of the sessions
    /// that changes and announces nothing.
    pub async fn boot_state(&self) -> Result<BootState> {
        Ok(BootState {
            boot_id: uuid::Uuid::new_v4().to_string(),
            app_info: self.app_info().await?,
            sessions: self.auth().sessions_snapshot().await?,
        })
    }

    pub async fn set_locale(&self, locale: Locale) -> Result<AppInfo> {
        self.db().set_locale(locale).await?;
        self.app_info().await
    }

    pub async fn set_theme(&self, theme: ThemePreference) -> Result<AppInfo> {
        self.db().set_theme(theme).await?;
        self.app_info().await
    }

    /// Turns Presenting mode on or off, or changes its type size. A scale outside the ramp
    /// is refused (INVALID_INPUT) and nothing changes.
    pub async fn set_presenting(&self, presenting: Presenting) -> Result<AppInfo> {
        if !Presenting::SCALES.contains(&presenting.scale) {
            return Err(Error::InvalidInput(format!(
                "presenting scale must be one of {:?} percent",
                Presenting::SCALES
            )));
        }
        self.db().set_presenting(presenting).await?;
        self.app_info().await
    }

    /// Whether Presenting mode is on (the shell keeps desktop notifications quiet then).
    pub async fn presenting(&self) -> Result<bool> {
        Ok(self.db().presenting().await?.on)
    }

    /// The private values the core knows of besides the sessions' ids: the platform's
    /// origin unless it is the public one, its client id and redirect URI, the home folder.
    fn platform_literals(&self) -> Vec<MaskLiteral> {
        let info = self.platform().info();
        let mut literals = vec![
            MaskLiteral::new(info.redirect_uri.clone(), MaskKind::Url),
            MaskLiteral::new(info.client_id.clone(), MaskKind::Id),
        ];
        if info.origin.trim_end_matches('/') != config::DEFAULT_PLATFORM_ORIGIN {
            literals.push(MaskLiteral::new(info.origin.trim_end_matches('/'), MaskKind::Origin));
        }
        if let Some(home) = self.shared.env("HOME").filter(|h| h.len() > 1) {
            literals.push(MaskLiteral::new(home.trim_end_matches('/'), MaskKind::Path));
        }
        literals
    }

    fn presenting_view(&self, presenting: Presenting) -> PresentingView {
        PresentingView {
            on: presenting.on,
            scale: presenting.scale,
            // Always: turning it on in the window is instant and already knows them.
            literals: self.platform_literals(),
        }
    }

    /// A file about to be saved, as it may leave the app: while presenting, a text export
    /// (Markdown, JSON, CSV) is masked like the window (the sessions' user and Team ids,
    /// the platform literals, every id-, email- and token-shaped string); audio is as is.
    pub async fn prepare_export(&self, doc: Document) -> Result<Document> {
        if matches!(doc.kind, DocumentKind::Audio(_) | DocumentKind::Cassette) || !self.presenting().await? {
            return Ok(doc);
        }
        let masker = self.masker().await?;
        let bytes = masker.mask(&String::from_utf8_lossy(&doc.bytes)).into_owned().into_bytes();
        Ok(Document { name: masker.mask(&doc.name).into_owned(), kind: doc.kind, bytes })
    }

    /// Presenting mode's masker with every private value the core knows: the platform
    /// literals and the signed-in sessions' user and Team ids. One for exports and copies.
    pub(crate) async fn masker(&self) -> Result<Masker> {
        let mut literals = self.platform_literals();
        for session in self.auth().sessions_snapshot().await?.sessions {
            literals.push(MaskLiteral::new(session.user_id, MaskKind::Id));
            if let crate::auth::wire::SessionContext::Team { team_id, .. } = session.context {
                literals.push(MaskLiteral::new(team_id, MaskKind::Id));
            }
        }
        Ok(Masker::new(literals))
    }

    /// Points the app at a real platform. Validated before anything is saved.
    pub async fn set_platform(&self, input: PlatformSettingsInput) -> Result<PlatformInfo> {
        let platform = config::validate(&input)?;
        let stored = StoredPlatform {
            base_url: Some(config::origin_string(&platform.origin)),
            client_id: Some(platform.client_id.clone()),
            redirect_uri: Some(platform.redirect_uri.to_string()),
        };
        self.db().set_stored_platform(Some(&stored)).await?;
        self.auth.forget_platform().await?;
        Ok(self.shared.switch_to(platform))
    }

    /// Forgets the configured client and returns to the built-in sandbox.
    pub async fn use_sandbox(&self) -> Result<PlatformInfo> {
        self.db().set_stored_platform(None).await?;
        self.auth.forget_platform().await?;
        let choice = config::choose(&|k: &str| self.shared.env(k), &StoredPlatform::default())?;
        let platform = self.shared.resolve(choice).await?;
        Ok(self.shared.switch_to(platform))
    }

    /// The built-in sandbox's reply speed, when the app runs against it (`None` otherwise).
    pub async fn sandbox_reply_speed(&self) -> Result<Option<SandboxReplySpeed>> {
        self.shared.sandbox_reply_speed().await
    }

    /// Saves the built-in sandbox's reply speed and applies it to the running sandbox.
    pub async fn set_sandbox_reply_speed(&self, speed: SandboxReplySpeed) -> Result<SandboxReplySpeed> {
        self.shared.set_sandbox_reply_speed(speed).await
    }

    pub async fn shutdown(&self) {
        self.shared.shutdown().await;
    }
}

/// An area's emitter that sends each of its events, made an `AppEvent`, to the shell's port.
/// The sessions' events, announced; and on each new view, a clip started under a session
/// that no longer pays is stopped by the core (`Audio::follow_payer`), not by the page.
fn follow_payer(sink: &Arc<dyn Events>, audio: Arc<Audio>) -> Emitter<crate::auth::wire::AuthEvent> {
    use crate::auth::wire::AuthEvent;
    let sink = sink.clone();
    Emitter::new(move |event: AuthEvent| {
        if let AuthEvent::SessionsChanged { view } | AuthEvent::SessionEnded { view, .. } = &event {
            audio.follow_payer(view.active_id.as_deref().filter(|_| !view.payer_not_chosen));
        }
        sink.emit(AppEvent::from(event))
    })
}

fn announce<E: 'static>(
    sink: &Arc<dyn Events>,
    make: impl Fn(E) -> AppEvent + Send + Sync + 'static,
) -> Emitter<E> {
    let sink = sink.clone();
    Emitter::new(move |event| sink.emit(make(event)))
}
