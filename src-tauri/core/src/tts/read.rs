//! Reading `GET /api/proxy/v1/tts/options` tolerantly, in one place: the wrappers
//! (`{configs}`, a bare list, `{items}`, `{data: {configs}}`, ...), the aliases of each
//! field, voice states in any spelling, and price blocks read only as far as they go (a
//! missing block size stays missing). Every reading comes with a `ReadReport`.

use std::collections::HashMap;
use std::net::IpAddr;

use serde_json::Value;
use url::Url;

pub use super::state::{Price, PriceUnit};
use super::wire::{
    EstimateUnavailable, TtsConfig, TtsPrice, Voice, VoiceLibraryLink, VoiceState, VoiceUnusable,
};
use crate::billing::points::Points;
use crate::foundation::error::{Error, Result};
use crate::foundation::reading::{describe, field, find_list, normalise_word, ReadReport};

/// What `read_options` made of a TTS options answer.
#[derive(Debug, Default)]
pub struct ReadOptions {
    pub configs: Vec<TtsConfig>,
    pub prices: HashMap<String, Price>,
    pub library_urls: HashMap<String, Url>,
}
fn text(v: &Value, keys: &[&'static str]) -> Option<String> {
    let map = v.as_object()?;
    match field(map, keys)?.1 {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}
const UNIT_KEYS: [&str; 8] = [
    "unit",
    "billingUnit",
    "priceUnit",
    "unitType",
    "billing_unit",
    "billingMode",
    "billing_mode",
    "chargeUnit",
];
const SIZE_KEYS: [&str; 8] = [
    "unitSize",
    "blockSize",
    "unit_size",
    "block_size",
    "per",
    "unitCount",
    "perCharacters",
    "per_characters",
];
const POINTS_KEYS: [&str; 5] = ["points", "pricePoints", "pointsPerBlock", "pointsPerUnit", "price_points"];

/// Rates whose name carries the unit and the block size (`pointsPer1kCharacters: 10`):
/// another vocabulary for the same `{unit, unitSize, points}`.
const RATE_KEYS: [(&str, PriceUnitKind, u64); 10] = [
    ("pointsPer1kCharacters", PriceUnitKind::Characters, 1000),
    ("pointsPer1KCharacters", PriceUnitKind::Characters, 1000),
    ("pointsPerThousandCharacters", PriceUnitKind::Characters, 1000),
    ("pointsPer1000Characters", PriceUnitKind::Characters, 1000),
    ("points_per_1k_characters", PriceUnitKind::Characters, 1000),
    ("pointsPerCharacter", PriceUnitKind::Characters, 1),
    ("points_per_character", PriceUnitKind::Characters, 1),
    ("pointsPerSecond", PriceUnitKind::AudioSeconds, 1),
    ("pointsPerAudioSecond", PriceUnitKind::AudioSeconds, 1),
    ("pointsPerMinute", PriceUnitKind::AudioSeconds, 60),
];

#[derive(Clone, Copy)]
enum PriceUnitKind {
    Characters,
    AudioSeconds,
}

impl PriceUnitKind {
    fn unit(self) -> PriceUnit {
        match self {
            PriceUnitKind::Characters => PriceUnit::Characters,
            PriceUnitKind::AudioSeconds => PriceUnit::AudioSeconds,
        }
    }
}

fn unit_of(raw: &str) -> PriceUnit {
    match normalise_word(raw).as_str() {
        "characters" | "character" | "chars" | "char" | "per_character" | "per_characters"
        | "by_character" | "by_characters" | "per_char" => PriceUnit::Characters,
        "audio_seconds" | "audio_second" | "seconds" | "second" | "per_second" | "per_audio_second"
        | "by_duration" | "duration" => PriceUnit::AudioSeconds,
        _ => PriceUnit::Other(raw.to_owned()),
    }
}

/// A rate named with its unit and block size (see [`RATE_KEYS`]), if the block has one.
/// A `billingMode` that names another unit than the rate's is reported, and the rate's
/// name is believed: it is the more specific of the two.
fn read_rate(map: &serde_json::Map<String, Value>, report: &mut ReadReport) -> Option<Price> {
    let (key, kind, size, value) = RATE_KEYS
        .iter()
        .find_map(|(k, kind, size)| map.get(*k).filter(|v| !v.is_null()).map(|v| (*k, *kind, *size, v)))?;
    if let Some((name, Value::String(mode))) = field(map, &UNIT_KEYS) {
        if unit_of(mode) != kind.unit() {
            report.unrecognised(format!("price.{name} = {mode:?} beside {key}"));
        }
    }
    let points = Points::from_json(value).filter(|p| !p.is_negative());
    if points.is_none() {
        report.unrecognised(format!("price.{key} = {}", compact(value)));
    }
    Some(Price { unit: kind.unit(), unit_size: Some(size), points })
}

/// Reads a price block in the shapes seen (`{unit, unitSize, points}` and its aliases).
/// Whatever is missing stays missing and is reported; nothing is guessed.
fn read_price(raw: &Value, report: &mut ReadReport) -> Price {
    let Some(map) = raw.as_object() else {
        report.unrecognised(format!("price = {}", compact(raw)));
        return Price { unit: PriceUnit::Missing, unit_size: None, points: None };
    };
    if let Some(price) = read_rate(map, report) {
        return price;
    }
    let unit = match field(map, &UNIT_KEYS) {
        Some((_, Value::String(u))) => unit_of(u),
        _ => {
            report.missing("price.unit");
            PriceUnit::Missing
        }
    };
    if let PriceUnit::Other(u) = &unit {
        report.unrecognised(format!("price.unit = {u:?}"));
    }
    let unit_size = match field(map, &SIZE_KEYS) {
        None => {
            report.missing("price.unitSize");
            None
        }
        Some((_, v)) => {
            // A whole number in any JSON form (`100`, `"100"`, `100.0`); nothing else.
            let size = v
                .as_u64()
                .or_else(|| Points::from_json(v).and_then(|p| p.to_string().parse().ok()))
                .filter(|n| *n > 0);
            if size.is_none() {
                report.unrecognised(format!("price.unitSize = {}", compact(v)));
            }
            size
        }
    };
    let points = match field(map, &POINTS_KEYS) {
        None => {
            report.missing("price.points");
            None
        }
        Some((_, v)) => {
            let points = Points::from_json(v).filter(|p| !p.is_negative());
            if points.is_none() {
                report.unrecognised(format!("price.points = {}", compact(v)));
            }
            points
        }
    };
    Price { unit, unit_size, points }
}

/// Why a price cannot be turned into an estimate from the input alone, if it cannot.
pub fn price_unavailable(price: Option<&Price>) -> Option<EstimateUnavailable> {
    let Some(price) = price else {
        return Some(EstimateUnavailable::NoPrice);
    };
    if price.points.is_none() || price.unit == PriceUnit::Missing {
        return Some(EstimateUnavailable::UnreadablePrice);
    }
    match (&price.unit, price.unit_size) {
        (PriceUnit::AudioSeconds, _) => Some(EstimateUnavailable::PricedPerAudioSecond),
        (PriceUnit::Other(_), _) => Some(EstimateUnavailable::UnknownPriceUnit),
        (PriceUnit::Characters, None) => Some(EstimateUnavailable::NoBlockSize),
        _ => None,
    }
}

fn compact(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() > 120 {
        format!("{}…", text.chars().take(120).collect::<String>())
    } else {
        text
    }
}

/// A voice `state` in any spelling (`ACTIVE`, `pendingActivation`, `pending-activation`);
/// `None` when the word is not one this version knows.
pub fn voice_state(raw: &str) -> Option<VoiceState> {
    Some(match normalise_word(raw).as_str() {
        "active" | "activated" | "enabled" | "available" | "ready" => VoiceState::Active,
        "pending_activation" | "pending" | "pending_first_use" | "awaiting_activation" | "pending_use" => {
            VoiceState::PendingActivation
        }
        "expired" => VoiceState::Expired,
        _ => return None,
    })
}

/// A deadline in the forms a platform may send (readings audit K9): RFC 3339; the same
/// without an offset (read as UTC, and reported); Unix seconds or milliseconds as a number
/// or as digits.
fn read_deadline(value: &Value, report: &mut ReadReport) -> Option<time::OffsetDateTime> {
    use time::format_description::well_known::Rfc3339;
    let epoch = |n: i64| {
        // Milliseconds from 10^11 on (the year 5138 in seconds; 1973 in milliseconds).
        let nanos = if n.abs() >= 100_000_000_000 {
            i128::from(n) * 1_000_000
        } else {
            i128::from(n) * 1_000_000_000
        };
        time::OffsetDateTime::from_unix_timestamp_nanos(nanos).ok()
    };
    match value {
        Value::Number(_) => epoch(crate::foundation::reading::whole_number(value)?),
        Value::String(text) => {
            let text = text.trim();
            if let Ok(at) = time::OffsetDateTime::parse(text, &Rfc3339) {
                return Some(at.to_offset(time::UtcOffset::UTC));
            }
            if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
                return epoch(text.parse().ok()?);
            }
            let local = time::PrimitiveDateTime::parse(
                text.trim_end_matches('Z'),
                &time::format_description::well_known::Iso8601::DEFAULT,
            )
            .ok()?;
            report.unrecognised(format!("voices[].expiresAt = {text:?} has no time zone: read as UTC"));
            Some(local.assume_utc())
        }
        _ => None,
    }
}

/// Whether a voice is a shared one (readings audit K11): `shared`/`isShared` as a boolean
/// or as text, or an `ownership` word. Without any of them, a voice with a clone's
/// lifecycle (a first-use deadline, a tariff, pending or expired) is the account's own and
/// any other is shared; the missing field is reported.
fn read_shared(raw: &Value, state: VoiceState, clone_lifecycle: bool, report: &mut ReadReport) -> bool {
    let map = raw.as_object();
    match map.and_then(|m| field(m, &["shared", "isShared", "is_shared"])).map(|(_, v)| v) {
        Some(Value::Bool(b)) => return *b,
        Some(Value::String(t)) if matches!(normalise_word(t).as_str(), "true" | "yes" | "1") => return true,
        Some(Value::String(t)) if matches!(normalise_word(t).as_str(), "false" | "no" | "0") => return false,
        _ => {}
    }
    if let Some(word) = map
        .and_then(|m| field(m, &["ownership", "owner", "source", "voiceType"]))
        .and_then(|(_, v)| v.as_str())
    {
        match normalise_word(word).as_str() {
            "shared" | "public" | "system" | "platform" | "preset" | "builtin" | "built_in" => return true,
            "own" | "owned" | "mine" | "private" | "user" | "account" | "clone" | "cloned" | "custom" => {
                return false
            }
            _ => report.unrecognised(format!("voices[].ownership = {word:?}")),
        }
    }
    report.missing("voices[].shared");
    !(clone_lifecycle || matches!(state, VoiceState::PendingActivation | VoiceState::Expired))
}

fn read_voice(raw: &Value, now: time::OffsetDateTime, report: &mut ReadReport) -> Option<Voice> {
    let voice_id = text(raw, &["voiceId", "voice_id", "id"])?;
    if voice_id.is_empty() {
        return None;
    }
    let state_raw = match text(raw, &["state", "status", "voiceState"]) {
        Some(s) => s,
        None => {
            // The docs name `state`; without one the voice is offered and the platform decides.
            report.missing("voices[].state");
            "active".to_owned()
        }
    };
    let state = voice_state(&state_raw).unwrap_or_else(|| {
        report.unrecognised(format!("voices[].state = {state_raw:?}"));
        VoiceState::Other
    });
    let (expires_at, deadline) = match raw.as_object().and_then(|m| field(m, &["expiresAt", "expires_at"])) {
        None => (None, None),
        Some((_, value)) => match read_deadline(value, report) {
            // Sent on as RFC 3339 in UTC, whatever form it came in: the window reads one form.
            Some(at) => (at.format(&time::format_description::well_known::Rfc3339).ok(), Some(at)),
            None => {
                report.unrecognised(format!("voices[].expiresAt = {}", compact(value)));
                (None, None)
            }
        },
    };
    let unusable_reason = match state {
        VoiceState::PendingActivation if deadline.is_some_and(|d| d <= now) => {
            Some(VoiceUnusable::DeadlinePassed)
        }
        VoiceState::Expired => Some(VoiceUnusable::Expired),
        // An unknown state stays selectable: the platform decides, and its answer is shown.
        VoiceState::Active | VoiceState::PendingActivation | VoiceState::Other => None,
    };
    let activation_points = raw
        .as_object()
        .and_then(|m| field(m, &["activationPoints", "activation_points"]))
        .and_then(|(_, v)| Points::from_json(v))
        .map(|p| p.to_string());
    Some(Voice {
        display_name: text(raw, &["displayName", "name", "voiceName", "display_name"])
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| voice_id.clone()),
        voice_id,
        shared: read_shared(raw, state, deadline.is_some() || activation_points.is_some(), report),
        state,
        state_raw,
        activation_points: if state == VoiceState::PendingActivation { activation_points } else { None },
        expires_at,
        language: text(raw, &["language"]),
        usable: unusable_reason.is_none(),
        unusable_reason,
    })
}

/// One output format: a name (`"mp3"`), or an object naming it (`{format: "mp3",
/// sampleRates: [...]}`, readings audit K13), as sent.
fn read_format(value: &Value, report: &mut ReadReport) -> Option<String> {
    let name = match value {
        Value::String(s) => Some(s.as_str()),
        Value::Object(m) => {
            field(m, &["format", "name", "id", "type", "codec"]).and_then(|(_, v)| v.as_str())
        }
        _ => None,
    };
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => Some(n.to_owned()),
        None => {
            report.unrecognised(format!("outputFormats[] = {}", compact(value)));
            None
        }
    }
}

/// The names the list of TTS configurations may have (beside the common wrappers).
pub const CONFIG_LISTS: &[&str] = &["configs", "ttsConfigs", "tts_configs"];

/// Reads a TTS options answer (`data`) in every shape seen: `{configs: [...]}` (the
/// sandbox's), a bare list, `{items}`, `{options}`, `{data}`, one object deeper too.
/// Fails only when no list of configurations can be found at all.
/// `origin` is the platform's: a relative `voiceLibraryUrl` (`/voices?…`) is resolved
/// against it (READINGS K8), as a relative `avatarUrl` is (D3).
pub fn read_options(
    data: &Value,
    origin: &Url,
    now: time::OffsetDateTime,
) -> Result<(ReadOptions, ReadReport)> {
    let Some((configs, shape)) = find_list(data, CONFIG_LISTS) else {
        return Err(Error::Decode(format!("TTS options: no list of configurations in {}", describe(data))));
    };
    let mut report = ReadReport::new(shape);
    let mut out = ReadOptions::default();
    for raw in configs {
        let Some(id) = text(raw, &["ttsConfigId", "tts_config_id", "configId", "id"]) else {
            report.missing("configs[].ttsConfigId");
            continue;
        };
        if out.configs.iter().any(|c: &TtsConfig| c.tts_config_id == id) {
            continue;
        }
        let price = match raw.as_object().and_then(|m| field(m, &["price", "pricing"])) {
            Some((_, p)) => Some(read_price(p, &mut report)),
            None => {
                report.missing("configs[].price");
                None
            }
        };
        let price_view = price.as_ref().map(|p| TtsPrice {
            unit: match &p.unit {
                PriceUnit::Characters => "characters".to_owned(),
                PriceUnit::AudioSeconds => "audio_seconds".to_owned(),
                PriceUnit::Other(u) => u.clone(),
                PriceUnit::Missing => String::new(),
            },
            unit_size: p.unit_size.map(|n| n.to_string()),
            points: p.points.map(|n| n.to_string()),
            estimable: price_unavailable(Some(p)).is_none(),
            unavailable: price_unavailable(Some(p)),
            raw: raw.get("price").or_else(|| raw.get("pricing")).map(compact).unwrap_or_default(),
        });
        let library =
            text(raw, &["voiceLibraryUrl", "voice_library_url"]).and_then(|u| library_url(origin, &u));
        let voice_library = library.as_ref().map(|u| VoiceLibraryLink {
            host: u.host_str().unwrap_or_default().to_owned(),
            openable: openable(u),
        });
        if let Some(url) = library {
            out.library_urls.insert(id.clone(), url);
        }
        if let Some(price) = price {
            out.prices.insert(id.clone(), price);
        }
        let mut voices: Vec<Voice> = Vec::new();
        let voice_list = raw
            .as_object()
            .and_then(|m| field(m, &["voices", "voiceList", "voice_list"]))
            .and_then(|(_, v)| v.as_array().or_else(|| v.get("items").and_then(Value::as_array)));
        if voice_list.is_none() {
            report.missing("configs[].voices");
        }
        for v in voice_list.into_iter().flatten() {
            if let Some(voice) = read_voice(v, now, &mut report) {
                if !voices.iter().any(|known| known.voice_id == voice.voice_id) {
                    voices.push(voice);
                }
            }
        }
        let output_formats = raw
            .as_object()
            .and_then(|m| field(m, &["outputFormats", "output_formats", "formats"]))
            .and_then(|(_, v)| v.as_array())
            .map(|a| a.iter().filter_map(|f| read_format(f, &mut report)).collect())
            .unwrap_or_else(|| {
                report.missing("configs[].outputFormats");
                Vec::new()
            });
        out.configs.push(TtsConfig {
            display_name: text(raw, &["displayName", "name", "display_name"])
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| id.clone()),
            tts_config_id: id,
            output_formats,
            voice_library,
            channel_id: text(raw, &["channelId", "channel_id"]),
            price: price_view,
            voices,
            // Filled from this context's receipts by the service (`Tts::refresh_tts_catalog`).
            counting: Default::default(),
        });
    }
    Ok((out, report))
}

/// Opened only when https, or http on a loopback host (the sandbox).
/// A voice-library link as sent: absolute, or relative to the platform's origin (READINGS
/// K8: the docs fix no form). Blank or unparsable = no link; whether it may be opened is
/// `openable`'s rule, shown beside the link.
fn library_url(origin: &Url, raw: &str) -> Option<Url> {
    let raw = raw.trim();
    if raw.is_empty() {
        return None;
    }
    origin.join(raw).ok()
}

pub fn openable(url: &Url) -> bool {
    if !url.username().is_empty() || url.password().is_some() {
        return false;
    }
    match url.scheme() {
        "https" => url.host_str().is_some(),
        "http" => match url.host() {
            Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
            Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
            Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
            None => false,
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tts::catalog::parse_catalog;

    fn origin() -> Url {
        Url::parse("https://open.xiaoya.example/").unwrap()
    }

    #[test]
    fn sizes_and_voice_lists_are_read_in_every_form() {
        let data = serde_json::json!([
            {"ttsConfigId": "a", "outputFormats": ["mp3"], "price": {"unit": "CHARACTERS", "unitSize": "100.0", "points": 2},
             "voices": {"items": [{"voiceId": "v", "state": "Pending Activation", "activationPoints": "3"}]}},
            {"ttsConfigId": "b", "outputFormats": ["mp3"], "price": {"billingUnit": "characters", "blockSize": 50, "pricePoints": "1.5"},
             "voiceList": [{"id": "w", "status": "ACTIVE"}]},
            {"ttsConfigId": "c", "price": {"unit": "characters", "unitSize": 12.5, "points": 1}}
        ]);
        let (read, report) = read_options(&data, &origin(), time::OffsetDateTime::now_utc()).unwrap();
        assert_eq!(report.shape, "bare list");
        let a = &read.prices["a"];
        assert_eq!((&a.unit, a.unit_size), (&PriceUnit::Characters, Some(100)));
        assert_eq!(read.configs[0].voices[0].state, VoiceState::PendingActivation);
        assert_eq!(read.configs[0].voices[0].activation_points.as_deref(), Some("3"));
        let b = &read.prices["b"];
        assert_eq!((b.unit_size, b.points.map(|p| p.to_string())), (Some(50), Some("1.5".to_owned())));
        assert_eq!(read.configs[1].voices[0].voice_id, "w");
        assert_eq!(read.configs[1].voices[0].state, VoiceState::Active);
        assert_eq!(read.prices["c"].unit_size, None, "12.5 is not a block size");
        assert!(report.unrecognised.iter().any(|u| u.starts_with("price.unitSize")), "{report:?}");
        assert!(report.missing.contains(&"configs[].voices".to_owned()));
    }

    #[test]
    fn prices_in_another_vocabulary_are_read_as_rates() {
        let data = serde_json::json!([
            {"ttsConfigId": "k", "price": {"billingMode": "per_character", "pointsPer1kCharacters": 10}},
            {"ttsConfigId": "t", "price": {"pointsPerThousandCharacters": "2.5"}},
            {"ttsConfigId": "p", "price": {"billingMode": "per_character", "perCharacters": 500, "points": 3}},
            {"ttsConfigId": "s", "price": {"billingMode": "per_second", "pointsPerMinute": 6}},
            {"ttsConfigId": "x", "price": {"billingMode": "per_second", "pointsPer1kCharacters": "ten"}}
        ]);
        let (read, report) = read_options(&data, &origin(), time::OffsetDateTime::now_utc()).unwrap();
        let k = &read.prices["k"];
        assert_eq!(
            (&k.unit, k.unit_size, k.points.map(|p| p.to_string())),
            (&PriceUnit::Characters, Some(1000), Some("10".into()))
        );
        assert_eq!(price_unavailable(Some(k)), None, "an estimable price");
        assert_eq!(read.prices["t"].points.map(|p| p.to_string()).as_deref(), Some("2.5"));
        let p = &read.prices["p"];
        assert_eq!((&p.unit, p.unit_size), (&PriceUnit::Characters, Some(500)));
        let s = &read.prices["s"];
        assert_eq!((&s.unit, s.unit_size), (&PriceUnit::AudioSeconds, Some(60)));
        let x = &read.prices["x"];
        assert_eq!(x.points, None, "text that is no number is not a price");
        assert!(report.unrecognised.iter().any(|u| u.contains("beside pointsPer1kCharacters")), "{report:?}");
        assert!(
            report.unrecognised.iter().any(|u| u.starts_with("price.pointsPer1kCharacters")),
            "{report:?}"
        );
    }

    #[test]
    fn odd_catalogs_are_read_defensively() {
        let data = serde_json::json!({"configs": [
            {"ttsConfigId": "a", "outputFormats": ["mp3"], "price": {"unit": "characters", "unitSize": 100, "points": "2.5"},
             "voices": [{"voiceId": "x (1) y", "state": "weird"}, {"voiceId": ""}, {"noId": true}]},
            {"displayName": "no id"},
            {"ttsConfigId": "b", "price": {"unit": "tokens", "points": 1}, "voiceLibraryUrl": "ftp://x/"}
        ]});
        let c =
            parse_catalog(data, &origin(), "s".into(), "Personal".into(), time::OffsetDateTime::now_utc())
                .unwrap();
        assert_eq!(c.view.configs.len(), 2);
        let a = &c.view.configs[0];
        assert_eq!(a.display_name, "a");
        assert_eq!(a.price.as_ref().unwrap().points.as_deref(), Some("2.5"));
        assert_eq!(a.voices.len(), 1);
        assert_eq!(a.voices[0].voice_id, "x (1) y");
        assert!(a.voices[0].usable, "an unknown state stays selectable: the platform decides");
        assert_eq!(a.voices[0].state, VoiceState::Other);
        assert!(c.view.reading.unrecognised.contains(&"voices[].state = \"weird\"".to_owned()));
        let b = &c.view.configs[1];
        assert!(!b.price.as_ref().unwrap().estimable);
        assert!(!b.voice_library.as_ref().unwrap().openable);
    }
}
