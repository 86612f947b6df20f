//! The seeded, deterministic platform data. Tests use these constants instead of strings.

mod models;
mod team_info;
mod tts;

pub(crate) use models::{catalog_version, model_catalog, team_catalog, CatalogModel, StructuredOutputMode};
pub(crate) use team_info::{team_info, TeamInfo, PLAN_CATALOG};
pub(crate) use tts::{tts_catalog, CharCounting, PriceUnit, SeedVoice, TtsConfig};

// ---- OAuth clients -------------------------------------------------------------------------

/// The public (PKCE, no secret) client the app uses.
pub const PUBLIC_CLIENT_ID: &str = "xiaoya-companion-sandbox";
pub const PUBLIC_CLIENT_NAME: &str = "Xiaoya Companion";
/// The only redirect URI registered for [`PUBLIC_CLIENT_ID`]; matched exactly.
pub const PUBLIC_CLIENT_REDIRECT_URI: &str = "xiaoya-companion://oauth/callback";
/// The public client's redirect under the `loopback-redirect` reading: any port on 127.0.0.1.
pub const PUBLIC_CLIENT_LOOPBACK_REDIRECT_URI: &str = "http://127.0.0.1/oauth/callback";
/// The public client's redirect under the `https-redirect` reading: a publisher's page that
/// forwards `code` and `state` to the custom scheme.
pub const PUBLIC_CLIENT_HTTPS_REDIRECT_URI: &str = "https://companion.example.com/oauth/callback";
/// The one published Team workflow version under the `published-workflow-only` reading.
pub const PUBLISHED_WORKFLOW_VERSION_ID: &str = "wf_companion_published_01";
/// A confidential server client (authenticates with a secret; PKCE optional).
pub const CONFIDENTIAL_CLIENT_ID: &str = "xiaoya-ops-console";
pub const CONFIDENTIAL_CLIENT_NAME: &str = "Xiaoya Ops Console";
pub const CONFIDENTIAL_CLIENT_SECRET: &str = "sandbox-secret-7c1f9e2a";
pub const CONFIDENTIAL_CLIENT_REDIRECT_URI: &str = "https://agent.example.com/oauth/callback";

// ---- The signed-in person ------------------------------------------------------------------

/// The platform's internal user id (never shown to clients).
pub const USER_ID: &str = "user_sandbox_0001";
pub const USER_DISPLAY_NAME: &str = "Lin Xiaoya";
/// `OpenAgentUser.userId` as seen by [`PUBLIC_CLIENT_ID`] (subjects are isolated per client).
pub const PUBLIC_CLIENT_USER_ID: &str = "oau_5f2c9a7d41e8b603";
/// `OpenAgentUser.userId` as seen by [`CONFIDENTIAL_CLIENT_ID`].
pub const CONFIDENTIAL_CLIENT_USER_ID: &str = "oau_c81d0b4e97a2f356";

// ---- Teams ---------------------------------------------------------------------------------

pub const TEAM_ALPHA_ID: &str = "team_alpha_01";
pub const TEAM_ALPHA_NAME: &str = "Team Alpha";
pub const TEAM_ALPHA_MEMBER_ID: &str = "member_alpha_owner_01";
/// The user owns Team Alpha: unlimited member quota, may grant `team_manage`.
pub const TEAM_ALPHA_ROLE: &str = "owner";
/// Above 2^53 on purpose: a client that parses it as a float loses the last digit.
pub const TEAM_ALPHA_WALLET_POINTS: i64 = 9_007_199_254_740_993;
pub const TEAM_ALPHA_CONTEXT_VERSION: i64 = 7;

pub const TEAM_BETA_ID: &str = "team_beta_02";
pub const TEAM_BETA_NAME: &str = "Team Beta";
pub const TEAM_BETA_MEMBER_ID: &str = "member_beta_0042";
/// The user is an ordinary member of Team Beta: quota-limited, never granted `team_manage`.
pub const TEAM_BETA_ROLE: &str = "member";
pub const TEAM_BETA_WALLET_POINTS: i64 = 12_500;
pub const TEAM_BETA_QUOTA_LIMIT: i64 = 1_000;
/// Member quota used so far, an exact decimal.
pub const TEAM_BETA_QUOTA_USED: &str = "140.25";
/// What Team Beta's `balancePointsDecimal` starts at (quota remaining).
pub const TEAM_BETA_BALANCE_DECIMAL: &str = "859.75";
pub const TEAM_BETA_CONTEXT_VERSION: i64 = 3;

pub const TEAM_GAMMA_ID: &str = "team_gamma_03";
pub const TEAM_GAMMA_NAME: &str = "Team Gamma";
pub const TEAM_GAMMA_MEMBER_ID: &str = "member_gamma_owner_07";
/// The user owns Team Gamma, a new Team that has not activated a seat plan: its membership
/// reads `canPurchaseCredits: false`, and its entitlements come from the free base only.
pub const TEAM_GAMMA_ROLE: &str = "owner";
pub const TEAM_GAMMA_WALLET_POINTS: i64 = 0;
pub const TEAM_GAMMA_CONTEXT_VERSION: i64 = 1;

// ---- Personal balance ----------------------------------------------------------------------

pub const PERSONAL_SUBSCRIPTION_POINTS: i64 = 800;
pub const PERSONAL_GIFT_CARD_POINTS: i64 = 200;
pub const PERSONAL_RECHARGE_POINTS: i64 = 1_500;

// ---- Personal entitlements ----------------------------------------------------------------

/// `GET /api/v1/open/account/entitlements` (scope `account`): the higher limit of the two
/// sources below, as the docs merge them ("higher quotas apply across sources").
pub const PERSONAL_MAX_FILE_BYTES: u64 = 209_715_200; // 200 MiB
pub const PERSONAL_TOTAL_BYTES: u64 = 21_474_836_480; // 20 GiB
pub const PERSONAL_BYOK: bool = true;
/// The free base source: never ends (`endsAt: null`), no BYOK.
pub const PERSONAL_BASE_STARTS_AT: &str = "2025-03-01T00:00:00Z";
pub const PERSONAL_BASE_MAX_FILE_BYTES: u64 = 20_971_520; // 20 MiB
pub const PERSONAL_BASE_TOTAL_BYTES: u64 = 1_073_741_824; // 1 GiB
/// A time-limited membership source with BYOK.
pub const PERSONAL_MEMBERSHIP_STARTS_AT: &str = "2026-11-01T00:00:00Z";
pub const PERSONAL_MEMBERSHIP_ENDS_AT: &str = "2027-11-01T00:00:00Z";

// ---- Models --------------------------------------------------------------------------------

/// Streaming chat model, `structuredOutputMode: prompt`.
pub const MODEL_CHAT: &str = "othan-2.0";
/// Chat model that accepts images, `structuredOutputMode: json_object`.
pub const MODEL_VISION: &str = "othan-2.0-vision";
/// Chat model with `structuredOutputMode: json_schema` and an enum parameter.
pub const MODEL_JSON_SCHEMA: &str = "qingyu-pro";
/// Older catalog entry: `modelType: chat`, `inputsText`/`inputsImage`, no `structuredOutputMode`,
/// `parameterSpec: null`.
pub const MODEL_LEGACY: &str = "othan-1.5-legacy";
pub const MODEL_IMAGE: &str = "huabi-image-2";
pub const MODEL_VIDEO: &str = "liuying-video-1";
/// `modelType: audio`, outside the documented enum, with `parameterSpec: {}`.
pub const MODEL_AUDIO: &str = "shengyin-music-1";
/// Only in the Team catalogs.
pub const MODEL_TEAM_ONLY: &str = "othan-2.0-enterprise";

// ---- TTS -----------------------------------------------------------------------------------

/// mp3 + wav, priced 2 points per started 100 characters (code points).
pub const TTS_CONFIG_STANDARD: &str = "tts-aurora-v2";
/// mp3 only; the provider counts each CJK character as 2 usage characters.
pub const TTS_CONFIG_CJK: &str = "tts-lingyin-cjk";
/// mp3 + wav, priced 1 point per started 10 audio seconds; same channel as the standard one.
pub const TTS_CONFIG_SECONDS: &str = "tts-aurora-longform";
/// mp3 only, enabled and priced, but with an empty voice library.
pub const TTS_CONFIG_EMPTY: &str = "tts-echo-lite";

pub const VOICE_NARRATOR_WARM: &str = "narrator (warm) v2";
pub const VOICE_XIAOXIAO: &str = "Xiaoxiao (bright)";
pub const VOICE_NEWS_ANCHOR: &str = "news anchor (male) v1";
pub const VOICE_LINGYIN_NARRATOR: &str = "Lingyin narrator (calm)";
pub const VOICE_YUNXI: &str = "Yunxi (lively)";
/// Personal clone waiting for its first use: 30 activation points, deadline 4 days ahead.
pub const VOICE_PENDING_CLONE: &str = "my voice (clone) #2";
pub const VOICE_PENDING_ACTIVATION_POINTS: i64 = 30;
/// Personal clone already activated.
pub const VOICE_ACTIVE_CLONE: &str = "grandpa storyteller (clone)";
/// Personal clone whose first-use deadline passed.
pub const VOICE_EXPIRED_CLONE: &str = "old demo clone (expired)";
/// Team Alpha's own voices.
pub const VOICE_TEAM_ALPHA_BRAND: &str = "Alpha brand narrator (v1)";
pub const VOICE_TEAM_ALPHA_PENDING: &str = "Alpha launch host (clone)";
pub const VOICE_TEAM_ALPHA_PENDING_ACTIVATION_POINTS: i64 = 45;
/// Team Beta's own voice.
pub const VOICE_TEAM_BETA_SUPPORT: &str = "Beta support voice";

/// Voice channels (same-channel compatibility, not authorization).
pub const CHANNEL_AURORA: &str = "ch_aurora";
pub const CHANNEL_LINGYIN: &str = "ch_lingyin";
pub const CHANNEL_ECHO: &str = "ch_echo";

/// The seed identifiers as JSON (served at `GET /__sandbox/seed` for out-of-process tests).
pub fn seed_summary() -> serde_json::Value {
    serde_json::json!({
        "publicClient": { "clientId": PUBLIC_CLIENT_ID, "redirectUri": PUBLIC_CLIENT_REDIRECT_URI, "userId": PUBLIC_CLIENT_USER_ID },
        "confidentialClient": {
            "clientId": CONFIDENTIAL_CLIENT_ID, "clientSecret": CONFIDENTIAL_CLIENT_SECRET,
            "redirectUri": CONFIDENTIAL_CLIENT_REDIRECT_URI, "userId": CONFIDENTIAL_CLIENT_USER_ID,
        },
        "user": { "displayName": USER_DISPLAY_NAME },
        "teams": {
            "alpha": { "teamId": TEAM_ALPHA_ID, "name": TEAM_ALPHA_NAME, "memberId": TEAM_ALPHA_MEMBER_ID, "role": TEAM_ALPHA_ROLE },
            "beta": { "teamId": TEAM_BETA_ID, "name": TEAM_BETA_NAME, "memberId": TEAM_BETA_MEMBER_ID, "role": TEAM_BETA_ROLE },
            "gamma": { "teamId": TEAM_GAMMA_ID, "name": TEAM_GAMMA_NAME, "memberId": TEAM_GAMMA_MEMBER_ID, "role": TEAM_GAMMA_ROLE },
        },
        "models": {
            "chat": MODEL_CHAT, "vision": MODEL_VISION, "jsonSchema": MODEL_JSON_SCHEMA, "legacy": MODEL_LEGACY,
            "image": MODEL_IMAGE, "video": MODEL_VIDEO, "audio": MODEL_AUDIO, "teamOnly": MODEL_TEAM_ONLY,
        },
        "ttsConfigs": { "standard": TTS_CONFIG_STANDARD, "cjk": TTS_CONFIG_CJK, "seconds": TTS_CONFIG_SECONDS, "empty": TTS_CONFIG_EMPTY },
        "voices": {
            "narratorWarm": VOICE_NARRATOR_WARM, "xiaoxiao": VOICE_XIAOXIAO, "newsAnchor": VOICE_NEWS_ANCHOR,
            "lingyinNarrator": VOICE_LINGYIN_NARRATOR, "yunxi": VOICE_YUNXI,
            "pendingClone": VOICE_PENDING_CLONE, "activeClone": VOICE_ACTIVE_CLONE, "expiredClone": VOICE_EXPIRED_CLONE,
            "teamAlphaBrand": VOICE_TEAM_ALPHA_BRAND, "teamAlphaPending": VOICE_TEAM_ALPHA_PENDING, "teamBetaSupport": VOICE_TEAM_BETA_SUPPORT,
        },
    })
}
