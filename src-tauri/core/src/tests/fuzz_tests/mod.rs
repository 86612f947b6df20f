//! Fuzzing of every parser that reads bytes from outside the app, as property-based tests
//! on stable Rust (`proptest`): the SSE parser and the completion stream, the platform
//! envelope, the catalog and billing readers, the points parser, the sign-in callback, the
//! loopback listener's request-head reader and `Retry-After`.
//!
//! Each property runs `XIAOYA_FUZZ_CASES` cases (100,000 when unset) in the normal
//! `cargo test` run. The long run (see the README's Tests section):
//!
//! ```text
//! XIAOYA_FUZZ_CASES=1000000 cargo test -p xiaoya-core --release fuzz_
//! ```
//!
//! A failing case is printed shrunk; it is then kept as a plain regression test beside
//! the parser it broke (no `proptest-regressions` files are written).

mod callback;
mod envelope;
mod loopback;
mod points;
mod readers;
mod retry_after;
mod sse;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm};
use serde_json::{Map, Value};

/// Cases per property: `XIAOYA_FUZZ_CASES`, 100,000 by default.
pub(crate) fn config() -> Config {
    let cases =
        std::env::var("XIAOYA_FUZZ_CASES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(100_000);
    Config {
        cases,
        failure_persistence: None,
        // ChaCha (the default) is most of a case's time in a debug build; XorShift is
        // plenty for test inputs.
        rng_algorithm: RngAlgorithm::XorShift,
        ..Config::default()
    }
}

/// A string strategy from a regular expression, parsed once (a `&str` strategy is
/// parsed again for every case, which is most of the time in a debug build).
pub(crate) fn re(pattern: &str) -> proptest::string::RegexGeneratorStrategy<String> {
    proptest::string::string_regex(pattern).expect("a valid pattern")
}

/// Any text up to 24 characters, control characters and line breaks included.
pub(crate) fn text() -> proptest::string::RegexGeneratorStrategy<String> {
    re("(?s:.){0,24}")
}

/// Splits `bytes` into chunks of the given sizes, repeated; one chunk when `sizes` is empty.
pub(crate) fn chunked<'a>(bytes: &'a [u8], sizes: &[usize]) -> Vec<&'a [u8]> {
    if sizes.is_empty() {
        return vec![bytes];
    }
    let mut out = Vec::new();
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let n = sizes[i % sizes.len()].clamp(1, rest.len());
        let (head, tail) = rest.split_at(n);
        out.push(head);
        rest = tail;
        i += 1;
    }
    out
}

/// Chunk sizes for "any chunking": one chunk (empty), one byte at a time, or sizes from
/// one byte up, repeated.
pub(crate) fn chunk_sizes() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        1 => Just(Vec::new()),
        2 => Just(vec![1]),
        5 => prop::collection::vec(1usize..24, 1..12),
    ]
}

/// The field names and words the readers look for (taken from their sources), so the
/// generated JSON reaches deep into every reader and not only its first `match`.
#[rustfmt::skip]
const VOCAB: &[&str] = &[
    "ACTIVE", "ENABLED", "PENDING_ACTIVATION", "CHARACTERS", "LLM", "Personal", "acceptsFile",
    "acceptsImage", "acceptsText", "activated", "activationPoints", "activation_points", "active",
    "audio", "audio_second", "audio_seconds", "auto", "available", "awaiting_activation",
    "balance", "balancePoints", "balancePointsDecimal", "billingUnit", "billing_unit",
    "blockSize", "block_size", "cacheReadTokens", "cacheWriteTokens", "cache_read_tokens",
    "cache_write_tokens", "channelId", "channel_id", "char", "character", "characters",
    "chargedPoints", "charged_points", "chars", "chat", "configId", "configs", "data", "default",
    "description", "detail", "displayName", "display_name", "enabled", "enum", "expired",
    "expiresAt", "expires_at", "formats", "giftCard", "gift_card", "id", "image", "imageCount",
    "image_count", "inputTokens", "input_tokens", "inputsImage", "inputsText", "isShared", "item",
    "items", "json_object", "json_schema", "language", "list", "llm", "low", "high", "maximum",
    "member", "memberId", "memberQuota", "memberRemaining", "memberRole", "memberStatus",
    "minimum", "model", "modelCode", "modelType", "modelUsage", "model_usage", "models", "mp3",
    "name", "netPoints", "net_points", "number", "options", "outputFormats", "outputTokens",
    "output_formats", "output_tokens", "outputsAudio", "outputsImage", "outputsText",
    "outputsVideo", "owner", "parameterSchemaVersion", "parameterSpec", "pending",
    "pendingActivation", "pending_activation", "pending_first_use", "pending_use", "per",
    "points", "pointsPerBlock", "pointsPerUnit", "price", "pricePoints", "priceUnit",
    "price_points", "pricing", "prompt", "quotaLimit", "quotaRemaining", "quotaUsed", "ready",
    "recharge", "records", "refundedPoints", "refunded_points", "requestCount", "request_count",
    "results", "role", "second", "seconds", "shared", "state", "status", "string",
    "structuredOutputMode", "subscription", "summary", "supportsJson", "teamId", "teamName",
    "teamStatus", "team_id", "teams", "temperature", "text", "tokens", "total", "ttsConfigId",
    "ttsConfigs", "tts_config_id", "tts_configs", "type", "unit", "unitCount", "unitSize",
    "unitType", "unit_size", "unusable", "usage", "voiceId", "voiceLibraryUrl", "voiceList",
    "voiceName", "voiceState", "voice_id", "voice_library_url", "voice_list", "voices",
    "walletBalancePoints", "success", "code", "message", "request_id",
];

pub(crate) fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::sample::select(VOCAB).prop_map(str::to_owned),
        1 => re("[a-zA-Z_]{0,10}"),
        1 => text(),
    ]
}

/// Decimal text as the platform may write an amount: `-?digits(.digits)?(e±digits)?`.
pub(crate) fn number_text() -> impl Strategy<Value = String> {
    re("-?[0-9]{1,22}(\\.[0-9]{1,9})?([eE][-+]?[0-9]{1,2})?")
}

fn leaf(floats: bool) -> BoxedStrategy<Value> {
    let float =
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f).map(Value::Number));
    let mut leaves = vec![
        Just(Value::Null).boxed(),
        any::<bool>().prop_map(Value::Bool).boxed(),
        any::<i64>().prop_map(Value::from).boxed(),
        any::<u64>().prop_map(Value::from).boxed(),
        (0i64..10_000).prop_map(Value::from).boxed(),
        word().prop_map(Value::String).boxed(),
        number_text().prop_map(Value::String).boxed(),
        re("20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,3})?(Z|[+-][01][0-9]:[0-5][0-9])")
            .prop_map(Value::String)
            .boxed(),
    ];
    if floats {
        leaves.push(float.boxed());
    }
    proptest::strategy::Union::new(leaves).boxed()
}

/// Arbitrary JSON values, with object keys mostly from `VOCAB`. `floats`: whether numbers
/// with a fraction appear as JSON numbers (a reader fed by `exact_json` sees them as text).
pub(crate) fn json_value(floats: bool) -> BoxedStrategy<Value> {
    // Built once: `prop_recursive` calls its closure for every case.
    let key = word().boxed();
    leaf(floats)
        .prop_recursive(4, 40, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec((key.clone(), inner), 0..8)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<String, Value>>())),
            ]
        })
        .boxed()
}
