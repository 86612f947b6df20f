//! Other readings of the platform documentation. Wherever the docs are silent or loose, the
//! sandbox's default is one reading (see README "Assumptions"); each `Reading` switches the
//! sandbox to another shape or behaviour the same docs allow, so the app's tests can prove
//! it copes with every one of them. Switch them on with `--reading NAME` (repeatable), with
//! `SandboxControl::set_readings`, or with `POST /__sandbox/readings {"readings": [NAME, ...]}`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// One alternative reading. Names are kebab-case on the command line and over HTTP.
/// Each area adds its variants here (keep them grouped by area, one doc line each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// Placeholder so the set is never empty of variants; has no effect.
    #[doc(hidden)]
    None,
    // ----- issue 24, second round -----
    /// The chat models' `parameterSpec` rules in the JSON Schema keywords the docs' example
    /// never shows: `exclusiveMinimum`/`exclusiveMaximum` (numbers, and draft 4's booleans),
    /// `multipleOf`, `type: ["number", "null"]`, bounds as text (`"2"`), an `enum` of
    /// `{value, label}`, `const` and an unknown `x-ui-widget` (READINGS G7). The gateway
    /// refuses what those rules refuse.
    ParameterSpecKeywords,
    /// Team balances in whole numbers only: `balancePoints`, `walletBalancePoints` and the
    /// quota fields rounded to the nearest point (859.75 → 860), and no `balancePointsDecimal`
    /// (READINGS I2: the docs show neither how the integers round nor that the decimal is
    /// always sent). Charges are unchanged.
    TeamBalanceWholeNumbers,
    /// `/usage`'s `modelUsage` counts chat completions only, not speech (READINGS J3: the docs
    /// say "Agent-attributed Personal usage" and leave open whether speech is in it).
    /// `chargedPoints`/`netPoints` at the top still count every charge.
    UsageCountsChatOnly,
    /// `/usage` counts the current day (UTC, sandbox clock) only, as a "today's usage" window
    /// would, so its counters restart at each day's start and go backwards (READINGS J4: the
    /// docs name no window; a month or a rolling window restarts the same way, only later).
    UsageWindowDaily,
    // ----- issue 24 batch B -----
    /// TTS options' `voiceLibraryUrl` relative to the platform's origin (`/voices?…`), not
    /// absolute (READINGS K8: the docs fix no form).
    VoiceLibraryUrlRelative,
    /// A settled chat request id sent again (same body) is answered 409
    /// `CHAT_REQUEST_ALREADY_SETTLED`, as speech's `TTS_REQUEST_ALREADY_SETTLED`, instead of
    /// replayed (READINGS M8: the docs say only when to reuse an id). Nothing is charged.
    ChatSettledConflict,
    /// Chat answers mark a replay `X-Xiaoya-Idempotent-Replay: 1` (not `true`) and carry no
    /// `X-Xiaoya-Request-Id` (READINGS M7: the docs document both for speech only).
    ChatReplayHeadersOther,
    /// Speech answers without `X-Xiaoya-Usage-Characters` (READINGS L1: the docs list the
    /// receipt headers and say nothing of each always being sent). Charges are unchanged.
    SpeechNoUsageCharacters,
    /// Speech answers write the character counts with their unit: `X-Xiaoya-Input-Characters:
    /// 66 characters`, `X-Xiaoya-Usage-Characters: 132 characters` (READINGS L4).
    SpeechCountsWithUnit,
    /// `/me`'s `avatarUrl` relative to the platform (`/static/avatars/….svg`) (READINGS D3).
    MeAvatarRelative,
    /// Team roles and member statuses in upper case (`OWNER`, `MEMBER`, `ACTIVE`) in the Team
    /// list and the Team context (READINGS F3: the docs show `member`, `active`).
    TeamRolesUpper,
    /// Team balances leave `quotaLimit` (and `quotaRemaining`) out when the quota is
    /// unlimited, instead of `null` (READINGS I3).
    QuotaUnlimitedAbsent,
    /// TTS prices with their numbers as decimal text: `{unit, unitSize: "100.0", points: "2"}`
    /// (READINGS K7). Charges are unchanged.
    TtsPriceNumbersText,
    // --- chat gateway ---
    /// Chat requests may carry only documented fields (`model`, `messages`, `stream`,
    /// `response_format`) and the model's `parameterSpec` keys; anything else
    /// (`stream_options` included) is refused with `MODEL_PARAMETER_INVALID`.
    StrictRequestFields,
    /// Team chat idempotency is keyed on the whole workflow tuple (request id, run, node,
    /// attempt) instead of the request id alone: a raised attempt is a new, charged request.
    TeamIdempotencyTuple,
    /// Chat answers (streamed and whole, replays too) carry `X-Xiaoya-Charged-Points` with
    /// the points charged, as speech answers do (whole for Personal, to 0.001 for a Team).
    /// The docs document that header for speech only; by default chat answers don't send it.
    ChatChargedPointsHeader,
    /// `X-Xiaoya-Charged-Points` written with its unit (`2 points`) on speech (and on chat
    /// under `chat-charged-points-header`); the docs say "total points finally charged" and
    /// fix no number form.
    ChargedPointsWithUnit,
    /// Streamed replies carry no `usage` (OpenAI sends it only when asked with
    /// `stream_options.include_usage`, which the app does not send) (READINGS M1).
    ChatStreamNoUsage,
    /// A whole (non-streamed) reply wrapped in the Open API envelope
    /// `{success, data: chat.completion, request_id}` (READINGS M5).
    ChatWholeEnveloped,
    /// A whole reply's `message.content` as a list of parts `[{type: "text", text}]` (READINGS M5).
    ChatContentParts,
    /// A request with `stream: true` answered with the whole JSON completion (the docs say
    /// Personal calls *may* stream) (READINGS M14).
    ChatWholeWhenStreamed,
    // --- TTS gateway ---
    /// A speech request id that was already settled is answered `409 TTS_REQUEST_RECONCILING`
    /// (a code the docs don't list: the platform is still reconciling) instead of
    /// `TTS_REQUEST_ALREADY_SETTLED`.
    TtsSettledReconciling,
    // --- documentation ---
    /// `/developers/openapi.json` answers 404 (the platform publishes no OpenAPI document).
    NoOpenApi,
    // --- lists in pages (READINGS P1) ---
    /// Catalogs, the Team list and the TTS options come two entries at a time, with
    /// `nextCursor` (null on the last page), asked back as `?cursor=`.
    ListsPagedCursor,
    /// The same lists in numbered pages: `page`, `pageSize`, `total`, asked as `?page=N`.
    ListsPagedNumbered,
    /// Team catalogs list no model (`items: []`): how a platform may answer for a Team
    /// whose plan ended or offers none yet (READINGS P3).
    TeamCatalogEmpty,

    // ----- tolerant reading: TTS options, voice states, prices, balances, usage, catalogs -----
    /// TTS options `data` is `{items: [...]}` instead of `{configs: [...]}`.
    TtsOptionsItems,
    /// TTS options `data` is the bare list of configurations.
    TtsOptionsBareList,
    /// TTS options `data` is `{data: {configs: [...]}}` (one wrapper deeper).
    TtsOptionsNested,
    /// TTS options without the envelope: the answer is `{configs: [...]}` itself (with
    /// `tts-options-bare-list`, the bare list). The API reference marks every Open API read
    /// `SuccessEnvelope` but not this one, under the gateway prefix (READINGS A1).
    TtsOptionsUnenveloped,
    /// Gateway errors (chat, speech, TTS options) as FastAPI's `HTTPException(detail={...})`
    /// writes them: `{"detail": {"code": …, "message": …}}`, the request id only in the
    /// `X-Xiaoya-Request-Id` header (READINGS A6). Validation 422s are unchanged.
    GatewayErrorsInDetail,
    /// Voice states in upper case: `ACTIVE`, `PENDING_ACTIVATION`, `EXPIRED`.
    VoiceStateUpper,
    /// The shared voice `Xiaoxiao (bright)` has the state `preview_only`, a word the docs never list.
    VoiceStateUnlisted,
    /// As `VoiceStateUnlisted`, and speech with that voice is refused (403 `TTS_VOICE_NOT_AVAILABLE`).
    VoiceStateUnlistedRefused,
    /// Cloned voices' `expiresAt` as Unix milliseconds (a JSON number), not RFC 3339.
    VoiceDeadlineEpochMs,
    /// Cloned voices' `expiresAt` as a local date-time without an offset (`2026-12-10T12:00:00`).
    VoiceDeadlineNoOffset,
    /// Voices without `shared` (the docs name the field; nothing says it is always sent).
    VoiceSharedAbsent,
    /// Shared voices without `state` (they have no lifecycle).
    VoiceStateAbsentForShared,
    /// `outputFormats` as objects: `[{format: "mp3", sampleRates: [24000, 48000]}, …]`.
    TtsFormatsObjects,
    /// TTS price blocks without `unitSize` (`{unit, points}`); charges are unchanged.
    TtsPriceNoBlockSize,
    /// TTS prices as a sentence (`{"text": "2 points per 100 characters"}`); charges unchanged.
    TtsPriceOtherShape,
    /// Per-character TTS prices in another vocabulary: `{billingMode: "per_character",
    /// pointsPer1kCharacters: N}`, the rate per 1,000 characters (2 per 100 → 20), and
    /// charged per 1,000-character block at that rate.
    #[serde(rename = "tts-price-per-1k")]
    TtsPricePer1k,
    /// Per-character TTS prices are prorated to the characters and rounded up to a whole
    /// point (2 per 100 for 31 characters → 1), not charged per started block.
    TtsPriceProrated,
    /// Field names in the other case (READINGS H2): the Personal balance's `gift_card` as
    /// `giftCard`, and `/usage`'s `chargedPoints`, `refundedPoints`, `netPoints`, `modelUsage`
    /// (and its `chargedPoints`) in snake case. The docs' examples mix both.
    FieldNamesOtherCase,
    /// `/usage`'s `modelUsage` as a list with one entry per model (`[{modelCode, requestCount, …}]`)
    /// instead of one object; the totals are the same.
    UsagePerModel,
    /// Team balance in the Chinese Team page's older shape `{teamId, total, memberQuota, memberRemaining}`.
    TeamBalanceLegacy,
    /// Amounts as JSON numbers with a fraction (`859.75`, `2500.0`), never as decimal text.
    PointsFractional,
    /// Catalog items without `outputsText` (optional in `ModelCatalogItem`).
    CatalogNoOutputsText,
    /// Declared parameters as a JSON Schema object under `parameterSchemaVersion: 2`
    /// (`{type: "object", properties: {...}, additionalProperties: false}`); the gateway
    /// accepts the same parameters.
    CatalogParameterSchemaV2,
    /// Declared parameters in a form no reader knows (a list of `{name, ...}`) under
    /// `parameterSchemaVersion: 99`; the gateway accepts the same parameters.
    CatalogParameterSchemaUnknown,

    // ---- sign-in, sessions and Team context ----
    /// `/teams/{id}/context` answers exactly the docs' example fields (`teamId`,
    /// `teamContextVersion`, `memberId`, `role`, `memberStatus`): no `name`, no `status`.
    TeamContextDocumented,
    /// `teamContextVersion` as decimal text (`"7"`) in the Team list, the context answer and
    /// the Team catalog (the docs' example has an integer; the API reference fixes no type).
    TeamContextVersionText,
    /// `/api/v1/open/me` refuses Team-bound tokens (403 `TEAM_CONTEXT_MISMATCH`), like the other Personal profile routes.
    MeRefusesTeamTokens,
    /// An invalidated Team token (membership, role or context version changed) gets 403 `TEAM_CONTEXT_MISMATCH` instead of 401.
    #[serde(rename = "team-context-403")]
    TeamContext403,
    /// Team chat is refused (403 `TEAM_WORKFLOW_VERSION_NOT_PUBLISHED`) unless `X-Xiaoya-Workflow-Version-Id` is a published version ([`crate::PUBLISHED_WORKFLOW_VERSION_ID`]).
    PublishedWorkflowOnly,
    /// As `PublishedWorkflowOnly`, refused with 400 `TEAM_USAGE_CONTEXT_INVALID` and a message
    /// naming the header (the docs name no code for this refusal).
    WorkflowRefusedContextInvalid,
    /// The public client is registered with the loopback redirect `http://127.0.0.1/oauth/callback`; any port is accepted (RFC 8252 §7.3).
    LoopbackRedirect,
    /// The public client is registered with an https redirect ([`crate::PUBLIC_CLIENT_HTTPS_REDIRECT_URI`]), a publisher's page that forwards to the custom scheme.
    HttpsRedirect,

    // ----- issue 24 batch A -----
    /// The Team list's `data` is an object, as the API reference's "SuccessEnvelope + object"
    /// says, with the Teams under `items` and a `total` beside them (READINGS E1).
    TeamsInObject,
    /// Team list entries spell the name `teamName` (no `name`) and the Team status
    /// `teamStatus` (READINGS E2).
    TeamsOtherSpelling,
    /// In the Team list, the person's membership of Team Beta is `disabled` and of Team Gamma
    /// `invited` (the Teams themselves stay `active`) (READINGS E3).
    TeamsMemberNotActive,
    /// The Personal catalog's `data` is an object, `{"models": [...]}`, as the API reference's
    /// "SuccessEnvelope + object" says (READINGS G1).
    CatalogInObject,
    /// Both catalogs carry an entry without `modelCode` and a second copy of the chat model's
    /// entry (READINGS G8).
    CatalogOddEntries,
    /// `structuredOutputMode` in upper case (`JSON_SCHEMA`, `JSON_OBJECT`) and, on the legacy
    /// model, a mode the docs don't list (`tool_call`) (READINGS G10).
    StructuredOutputModeOther,
}

/// The readings in force. Empty = the sandbox's default reading everywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readings(pub BTreeSet<Reading>);

impl Readings {
    pub fn has(&self, reading: Reading) -> bool {
        self.0.contains(&reading)
    }

    /// An amount as the platform writes it under `PointsFractional`: a JSON number with a
    /// fraction part (`859.75`, `2500.0`). Whole amounts of 2^53 or more stay integers, as
    /// no float can hold them; the fractional ones the sandbox makes (three decimals at
    /// most, far below 2^53) print back exactly from an f64.
    pub fn fractional_number(points: crate::Points) -> serde_json::Value {
        let text = points.to_string();
        if points.is_whole() && points.floor_whole().unsigned_abs() >= 1 << 53 {
            return serde_json::Value::Number(points.floor_whole().into());
        }
        text.parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or(serde_json::Value::String(text), serde_json::Value::Number)
    }

    /// The value of `X-Xiaoya-Charged-Points` for `points` under the readings in force.
    pub fn charged_points_header(&self, points: impl std::fmt::Display) -> String {
        if self.has(Reading::ChargedPointsWithUnit) {
            format!("{points} points")
        } else {
            points.to_string()
        }
    }

    /// A seeded model as the catalog serves it and the gateway checks it: under
    /// `ParameterSpecKeywords` its rules use other JSON Schema keywords (READINGS G7).
    pub(crate) fn catalog_model(&self, model: crate::seed::CatalogModel) -> crate::seed::CatalogModel {
        if self.has(Reading::ParameterSpecKeywords) {
            model.with_keyword_rules()
        } else {
            model
        }
    }

    /// Parses one kebab-case name, as given to `--reading`.
    pub fn parse_name(name: &str) -> Result<Reading, serde_json::Error> {
        serde_json::from_value(serde_json::Value::String(name.to_string()))
    }
}

impl FromIterator<Reading> for Readings {
    fn from_iter<I: IntoIterator<Item = Reading>>(iter: I) -> Self {
        Readings(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerant_reading_switches_have_their_kebab_case_names() {
        for (name, reading) in [
            ("tts-options-items", Reading::TtsOptionsItems),
            ("tts-options-bare-list", Reading::TtsOptionsBareList),
            ("tts-options-nested", Reading::TtsOptionsNested),
            ("tts-options-unenveloped", Reading::TtsOptionsUnenveloped),
            ("gateway-errors-in-detail", Reading::GatewayErrorsInDetail),
            ("voice-state-upper", Reading::VoiceStateUpper),
            ("voice-state-unlisted", Reading::VoiceStateUnlisted),
            ("voice-state-unlisted-refused", Reading::VoiceStateUnlistedRefused),
            ("tts-price-no-block-size", Reading::TtsPriceNoBlockSize),
            ("tts-price-other-shape", Reading::TtsPriceOtherShape),
            ("team-balance-legacy", Reading::TeamBalanceLegacy),
            ("points-fractional", Reading::PointsFractional),
            ("catalog-no-outputs-text", Reading::CatalogNoOutputsText),
            ("chat-charged-points-header", Reading::ChatChargedPointsHeader),
        ] {
            assert_eq!(Readings::parse_name(name).ok(), Some(reading), "{name}");
        }
    }

    #[test]
    fn issue_24_batch_b_switches_have_their_kebab_case_names() {
        for (name, reading) in [
            ("voice-library-url-relative", Reading::VoiceLibraryUrlRelative),
            ("chat-settled-conflict", Reading::ChatSettledConflict),
            ("chat-replay-headers-other", Reading::ChatReplayHeadersOther),
            ("speech-no-usage-characters", Reading::SpeechNoUsageCharacters),
            ("speech-counts-with-unit", Reading::SpeechCountsWithUnit),
            ("me-avatar-relative", Reading::MeAvatarRelative),
            ("team-roles-upper", Reading::TeamRolesUpper),
            ("quota-unlimited-absent", Reading::QuotaUnlimitedAbsent),
            ("tts-price-numbers-text", Reading::TtsPriceNumbersText),
        ] {
            assert_eq!(Readings::parse_name(name).ok(), Some(reading), "{name}");
        }
    }

    #[test]
    fn issue_24_second_round_switches_have_their_kebab_case_names() {
        for (name, reading) in [
            ("parameter-spec-keywords", Reading::ParameterSpecKeywords),
            ("team-balance-whole-numbers", Reading::TeamBalanceWholeNumbers),
            ("usage-counts-chat-only", Reading::UsageCountsChatOnly),
            ("usage-window-daily", Reading::UsageWindowDaily),
        ] {
            assert_eq!(Readings::parse_name(name).ok(), Some(reading), "{name}");
        }
    }

    #[test]
    fn fractional_numbers_print_exactly_and_huge_wholes_stay_integers() {
        let p = |s: &str| crate::Points::parse(s).unwrap();
        assert_eq!(Readings::fractional_number(p("859.75")).to_string(), "859.75");
        assert_eq!(Readings::fractional_number(p("2500")).to_string(), "2500.0");
        assert_eq!(Readings::fractional_number(p("9007199254740993")).to_string(), "9007199254740993");
    }
}
