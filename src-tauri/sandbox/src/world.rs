//! The sandbox's mutable state: accounts, grants, tokens, voices, idempotency records, ledger.
//! One `Mutex<World>` guards it; no lock is held across an await.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use time::OffsetDateTime;

use crate::ledger::{Charge, PersonalBalance, TeamBalance};
use crate::points::Points;
use crate::scope::{Scope, ScopeSet};
use crate::seed::*;

/// A registered OAuth client.
#[derive(Clone, Debug)]
pub(crate) struct OAuthClient {
    pub id: &'static str,
    pub name: &'static str,
    pub secret: Option<&'static str>,
    pub redirect_uri: &'static str,
    pub allowed_scopes: ScopeSet,
    /// The `OpenAgentUser.userId` this client sees for the seeded user.
    pub subject: &'static str,
}

pub(crate) fn seeded_clients() -> Vec<OAuthClient> {
    let allowed: ScopeSet = [
        Scope::Profile,
        Scope::Balance,
        Scope::Charge,
        Scope::Usage,
        Scope::Model,
        Scope::TeamRead,
        Scope::TeamManage,
        Scope::Account,
    ]
    .into_iter()
    .collect();
    vec![
        OAuthClient {
            id: PUBLIC_CLIENT_ID,
            name: PUBLIC_CLIENT_NAME,
            secret: None,
            redirect_uri: PUBLIC_CLIENT_REDIRECT_URI,
            allowed_scopes: allowed.clone(),
            subject: PUBLIC_CLIENT_USER_ID,
        },
        OAuthClient {
            id: CONFIDENTIAL_CLIENT_ID,
            name: CONFIDENTIAL_CLIENT_NAME,
            secret: Some(CONFIDENTIAL_CLIENT_SECRET),
            redirect_uri: CONFIDENTIAL_CLIENT_REDIRECT_URI,
            allowed_scopes: allowed,
            subject: CONFIDENTIAL_CLIENT_USER_ID,
        },
    ]
}

/// The account a token, a voice or an idempotency record belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum AccountKey {
    Personal,
    Team(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Team {
    pub id: String,
    pub name: String,
    pub status: String,
    pub context_version: i64,
    pub plan_version_id: String,
    pub member_id: String,
    pub role: String,
    pub member_status: String,
    pub wallet: Points,
    pub quota_limit: Option<Points>,
    pub quota_used: Points,
}

impl Team {
    pub fn balance_view(&self) -> TeamBalance {
        TeamBalance {
            team_id: self.id.clone(),
            member_id: self.member_id.clone(),
            role: self.role.clone(),
            wallet: self.wallet,
            quota_limit: self.quota_limit,
            quota_used: self.quota_used,
        }
    }

    pub fn may_grant_team_manage(&self) -> bool {
        matches!(self.role.as_str(), "owner" | "admin")
    }
}

/// How long an unconfirmed first use of a cloned voice waits for reconciliation.
pub(crate) const ACTIVATION_RECONCILE_AFTER: Duration = Duration::from_secs(10 * 60);

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Activation {
    pub request_id: String,
    /// Set once the charge is committed; `None` while the first use is in flight.
    pub settled_at: Option<OffsetDateTime>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum VoiceLifecycle {
    Active,
    PendingActivation { activation_points: i64, expires_at: OffsetDateTime, activation: Option<Activation> },
    Expired { expired_at: OffsetDateTime },
}

/// A cloned voice owned by one account context; usable by every config on its channel.
#[derive(Clone, Debug)]
pub(crate) struct OwnedVoice {
    pub voice_id: String,
    pub display_name: String,
    pub channel_id: &'static str,
    pub language: Option<&'static str>,
    pub lifecycle: VoiceLifecycle,
}

#[derive(Clone, Debug)]
pub(crate) enum TokenContext {
    Personal,
    Team { team_id: String, context_version: i64 },
}

#[derive(Clone, Debug)]
pub(crate) struct AccessToken {
    pub client_id: String,
    pub scopes: ScopeSet,
    pub context: TokenContext,
    pub expires_at: OffsetDateTime,
    pub revoked: bool,
    pub code: String,
}

/// What an authorization request asked for, once validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AuthorizeGrant {
    pub client_id: String,
    pub redirect_uri: String,
    pub requested: ScopeSet,
    pub state: Option<String>,
    pub code_challenge: Option<String>,
    pub team_id: Option<String>,
}

#[derive(Clone, Debug)]
pub(crate) struct AuthorizationCode {
    pub grant: AuthorizeGrant,
    pub granted: ScopeSet,
    pub expires_at: OffsetDateTime,
    pub used: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct PendingConsent {
    pub grant: AuthorizeGrant,
    pub expires_at: OffsetDateTime,
}

#[derive(Clone, Debug)]
pub(crate) enum SpeechRecord {
    InFlight,
    Settled,
}

/// A finished completion, kept for idempotent replay (`chat` builds and answers it).
#[derive(Clone, Debug)]
pub(crate) struct Completion {
    pub id: String,
    pub created: i64,
    pub model: String,
    pub content: String,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// `stop`, or `length` when the reply was cut at the request's `max_tokens`.
    pub finish_reason: &'static str,
}

/// A settled chat completion, replayed for a retry with the same `X-Request-ID`.
#[derive(Clone, Debug)]
pub(crate) struct SettledChat {
    pub fingerprint: String,
    pub completion: Completion,
    /// What it was charged (sent as `X-Xiaoya-Charged-Points` under that reading, replays too).
    pub points: crate::points::Points,
}

pub(crate) struct World {
    pub clients: Vec<OAuthClient>,
    pub personal_balance: PersonalBalance,
    pub teams: BTreeMap<String, Team>,
    pub voices: HashMap<AccountKey, Vec<OwnedVoice>>,
    pub consents: HashMap<String, PendingConsent>,
    pub codes: HashMap<String, AuthorizationCode>,
    pub tokens: HashMap<String, AccessToken>,
    pub charges: Vec<Charge>,
    pub speech_records: HashMap<(AccountKey, String), SpeechRecord>,
    pub chat_records: HashMap<(AccountKey, String), SettledChat>,
    /// How many requests reached each gateway route with a given `X-Request-ID`.
    #[cfg_attr(not(feature = "control"), allow(dead_code))]
    pub request_counts: HashMap<(&'static str, String), u32>,
    /// Every PKCE verifier presented at the token endpoint (for canary checks).
    pub verifiers_seen: Vec<String>,
}

impl World {
    pub fn seeded(now: OffsetDateTime) -> World {
        World {
            clients: seeded_clients(),
            personal_balance: PersonalBalance {
                subscription: PERSONAL_SUBSCRIPTION_POINTS,
                gift_card: PERSONAL_GIFT_CARD_POINTS,
                recharge: PERSONAL_RECHARGE_POINTS,
            },
            teams: seeded_teams(),
            voices: seed_owned_voices(now),
            consents: HashMap::new(),
            codes: HashMap::new(),
            tokens: HashMap::new(),
            charges: Vec::new(),
            speech_records: HashMap::new(),
            chat_records: HashMap::new(),
            request_counts: HashMap::new(),
            verifiers_seen: Vec::new(),
        }
    }

    pub fn client(&self, client_id: &str) -> Option<&OAuthClient> {
        self.clients.iter().find(|c| c.id == client_id)
    }
}

fn seeded_teams() -> BTreeMap<String, Team> {
    let alpha = Team {
        id: TEAM_ALPHA_ID.into(),
        name: TEAM_ALPHA_NAME.into(),
        status: "active".into(),
        context_version: TEAM_ALPHA_CONTEXT_VERSION,
        plan_version_id: "plan_version_alpha_03".into(),
        member_id: TEAM_ALPHA_MEMBER_ID.into(),
        role: TEAM_ALPHA_ROLE.into(),
        member_status: "active".into(),
        wallet: Points::whole(TEAM_ALPHA_WALLET_POINTS),
        quota_limit: None,
        quota_used: Points::ZERO,
    };
    let beta = Team {
        id: TEAM_BETA_ID.into(),
        name: TEAM_BETA_NAME.into(),
        status: "active".into(),
        context_version: TEAM_BETA_CONTEXT_VERSION,
        plan_version_id: "plan_version_beta_01".into(),
        member_id: TEAM_BETA_MEMBER_ID.into(),
        role: TEAM_BETA_ROLE.into(),
        member_status: "active".into(),
        wallet: Points::whole(TEAM_BETA_WALLET_POINTS),
        quota_limit: Some(Points::whole(TEAM_BETA_QUOTA_LIMIT)),
        quota_used: Points::parse(TEAM_BETA_QUOTA_USED).unwrap_or_default(),
    };
    let gamma = Team {
        id: TEAM_GAMMA_ID.into(),
        name: TEAM_GAMMA_NAME.into(),
        status: "active".into(),
        context_version: TEAM_GAMMA_CONTEXT_VERSION,
        plan_version_id: String::new(),
        member_id: TEAM_GAMMA_MEMBER_ID.into(),
        role: TEAM_GAMMA_ROLE.into(),
        member_status: "active".into(),
        wallet: Points::whole(TEAM_GAMMA_WALLET_POINTS),
        quota_limit: None,
        quota_used: Points::ZERO,
    };
    [alpha, beta, gamma].into_iter().map(|t| (t.id.clone(), t)).collect()
}

fn owned(
    voice_id: &str,
    name: &str,
    channel: &'static str,
    lang: Option<&'static str>,
    lifecycle: VoiceLifecycle,
) -> OwnedVoice {
    OwnedVoice {
        voice_id: voice_id.into(),
        display_name: name.into(),
        channel_id: channel,
        language: lang,
        lifecycle,
    }
}

fn seed_owned_voices(now: OffsetDateTime) -> HashMap<AccountKey, Vec<OwnedVoice>> {
    let days = |n: i64| time::Duration::days(n);
    let pending = |points: i64, deadline: time::Duration| VoiceLifecycle::PendingActivation {
        activation_points: points,
        expires_at: now + deadline,
        activation: None,
    };
    let personal = vec![
        owned(
            VOICE_PENDING_CLONE,
            "My voice (clone #2)",
            CHANNEL_AURORA,
            Some("zh-CN"),
            pending(VOICE_PENDING_ACTIVATION_POINTS, days(4)),
        ),
        owned(
            VOICE_ACTIVE_CLONE,
            "Grandpa storyteller",
            CHANNEL_AURORA,
            Some("en-US"),
            VoiceLifecycle::Active,
        ),
        owned(
            VOICE_EXPIRED_CLONE,
            "Old demo clone",
            CHANNEL_AURORA,
            None,
            VoiceLifecycle::Expired { expired_at: now - days(2) },
        ),
    ];
    let alpha = vec![
        owned(
            VOICE_TEAM_ALPHA_BRAND,
            "Alpha brand narrator",
            CHANNEL_AURORA,
            Some("en-US"),
            VoiceLifecycle::Active,
        ),
        owned(
            VOICE_TEAM_ALPHA_PENDING,
            "Alpha launch host",
            CHANNEL_LINGYIN,
            Some("zh-CN"),
            pending(VOICE_TEAM_ALPHA_PENDING_ACTIVATION_POINTS, days(6)),
        ),
    ];
    let beta = vec![owned(
        VOICE_TEAM_BETA_SUPPORT,
        "Beta support voice",
        CHANNEL_AURORA,
        Some("zh-CN"),
        VoiceLifecycle::Active,
    )];
    HashMap::from([
        (AccountKey::Personal, personal),
        (AccountKey::Team(TEAM_ALPHA_ID.into()), alpha),
        (AccountKey::Team(TEAM_BETA_ID.into()), beta),
    ])
}
