//! `GET /api/proxy/v1/tts/options` for the active context: parsed defensively (the docs
//! name the fields but give no schema; the sandbox's shape is its documented assumption),
//! cached per session so one context's voices are never offered in another.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;
use url::Url;

use crate::billing::points::Points;
use super::wire::{
    SpeechLimits, TtsCatalog, TtsConfig, TtsPrice, Voice, VoiceLibraryLink, VoiceState,
    VoiceUnusable,
};
use crate::error::{Error, Result};
use crate::host::Core;
use crate::store::ledger::context_label;

pub const OPTIONS_PATH: &str = "/api/proxy/v1/tts/options";

pub const INPUT_MAX_CHARS: u32 = 9_999;
pub const SAMPLE_RATES: [u32; 6] = [8000, 16000, 22050, 24000, 32000, 44100];
pub const BITRATES: [u32; 4] = [32000, 64000, 128000, 256000];
pub const AUDIO_CHANNELS: [u8; 2] = [1, 2];
pub const LANGUAGE_BOOSTS: [&str; 41] = [
    "Chinese",
    "Chinese,Yue",
    "English",
    "Arabic",
    "Russian",
    "Spanish",
    "French",
    "Portuguese",
    "German",
    "Turkish",
    "Dutch",
    "Ukrainian",
    "Vietnamese",
    "Indonesian",
    "Japanese",
    "Italian",
    "Korean",
    "Thai",
    "Polish",
    "Romanian",
    "Greek",
    "Czech",
    "Finnish",
    "Hindi",
    "Bulgarian",
    "Danish",
    "Hebrew",
    "Malay",
    "Persian",
    "Slovak",
    "Swedish",
    "Croatian",
    "Filipino",
    "Hungarian",
    "Norwegian",
    "Slovenian",
    "Catalan",
    "Nynorsk",
    "Tamil",
    "Afrikaans",
    "auto",
];

pub fn limits() -> SpeechLimits {
    SpeechLimits {
        input_max_chars: INPUT_MAX_CHARS,
        speed_min: 0.5,
        speed_max: 2.0,
        volume_max: 10.0,
        pitch_min: -12,
        pitch_max: 12,
        sample_rates: SAMPLE_RATES.to_vec(),
        bitrates: BITRATES.to_vec(),
        audio_channels: AUDIO_CHANNELS.to_vec(),
        language_boosts: LANGUAGE_BOOSTS.iter().map(|s| (*s).to_owned()).collect(),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceUnit {
    Characters,
    AudioSeconds,
    Other(String),
}

/// A price the core can compute with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Price {
    pub unit: PriceUnit,
    pub unit_size: u64,
    pub points: Points,
}

/// A catalog as the core keeps it: the view the UI gets plus what never leaves the core.
#[derive(Debug)]
pub struct CachedCatalog {
    pub view: TtsCatalog,
    pub prices: HashMap<String, Price>,
    pub library_urls: HashMap<String, Url>,
}

impl CachedCatalog {
    pub fn config(&self, id: &str) -> Option<&TtsConfig> {
        self.view.configs.iter().find(|c| c.tts_config_id == id)
    }
}

/// `data` is `{configs: [...]}`; a bare list is accepted too.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawOptions {
    Wrapped { configs: Vec<Value> },
    Bare(Vec<Value>),
}

fn text(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Opened only when https, or http on a loopback host (the sandbox).
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

fn parse_price(raw: &Value) -> Option<Price> {
    let unit = match raw.get("unit")?.as_str()? {
        "characters" | "character" | "chars" => PriceUnit::Characters,
        "audio_seconds" | "audio_second" | "seconds" => PriceUnit::AudioSeconds,
        other => PriceUnit::Other(other.to_owned()),
    };
    let unit_size = match raw.get("unitSize") {
        None | Some(Value::Null) => 1,
        Some(v) => v
            .as_u64()
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))?,
    };
    let points = Points::from_json(raw.get("points")?)?;
    (unit_size > 0 && !points.is_negative()).then_some(Price {
        unit,
        unit_size,
        points,
    })
}

fn parse_state(raw: &str) -> VoiceState {
    match raw {
        "active" => VoiceState::Active,
        "pending_activation" | "pendingActivation" | "pending" => VoiceState::PendingActivation,
        "expired" => VoiceState::Expired,
        _ => VoiceState::Other,
    }
}

fn parse_voice(raw: &Value, now: time::OffsetDateTime) -> Option<Voice> {
    let voice_id = raw.get("voiceId")?.as_str()?.to_owned();
    if voice_id.is_empty() {
        return None;
    }
    let state_raw = raw
        .get("state")
        .and_then(Value::as_str)
        .unwrap_or("active")
        .to_owned();
    let state = parse_state(&state_raw);
    let expires_at = text(raw, "expiresAt");
    let deadline = expires_at.as_deref().and_then(|t| {
        time::OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339).ok()
    });
    let unusable_reason = match state {
        VoiceState::Active => None,
        VoiceState::PendingActivation if deadline.is_some_and(|d| d <= now) => {
            Some(VoiceUnusable::DeadlinePassed)
        }
        VoiceState::PendingActivation => None,
        VoiceState::Expired => Some(VoiceUnusable::Expired),
        VoiceState::Other => Some(VoiceUnusable::UnknownState),
    };
    let activation_points = raw
        .get("activationPoints")
        .and_then(Points::from_json)
        .map(|p| p.to_string());
    Some(Voice {
        display_name: text(raw, "displayName")
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| voice_id.clone()),
        voice_id,
        shared: raw.get("shared").and_then(Value::as_bool).unwrap_or(false),
        state,
        state_raw,
        activation_points: if state == VoiceState::PendingActivation {
            activation_points
        } else {
            None
        },
        expires_at,
        language: text(raw, "language"),
        usable: unusable_reason.is_none(),
        unusable_reason,
    })
}

/// Builds the cached catalog from the platform's `data`.
pub fn parse_catalog(
    data: Value,
    session_id: String,
    label: String,
    now: time::OffsetDateTime,
) -> Result<CachedCatalog> {
    let configs = match serde_json::from_value::<RawOptions>(data) {
        Ok(RawOptions::Wrapped { configs }) | Ok(RawOptions::Bare(configs)) => configs,
        Err(e) => return Err(Error::Decode(format!("TTS options: {e}"))),
    };
    let mut prices = HashMap::new();
    let mut library_urls = HashMap::new();
    let mut views = Vec::new();
    for raw in &configs {
        let Some(id) = raw
            .get("ttsConfigId")
            .and_then(Value::as_str)
            .map(str::to_owned)
        else {
            continue;
        };
        if views.iter().any(|c: &TtsConfig| c.tts_config_id == id) {
            continue;
        }
        let price = raw.get("price").and_then(parse_price);
        let price_view = price.as_ref().map(|p| TtsPrice {
            unit: match &p.unit {
                PriceUnit::Characters => "characters".to_owned(),
                PriceUnit::AudioSeconds => "audio_seconds".to_owned(),
                PriceUnit::Other(u) => u.clone(),
            },
            unit_size: p.unit_size.to_string(),
            points: p.points.to_string(),
            estimable: p.unit == PriceUnit::Characters,
        });
        let library = raw
            .get("voiceLibraryUrl")
            .and_then(Value::as_str)
            .and_then(|u| Url::parse(u).ok());
        let voice_library = library.as_ref().map(|u| VoiceLibraryLink {
            host: u.host_str().unwrap_or_default().to_owned(),
            openable: openable(u),
        });
        if let Some(url) = library {
            library_urls.insert(id.clone(), url);
        }
        if let Some(price) = price {
            prices.insert(id.clone(), price);
        }
        let mut voices: Vec<Voice> = Vec::new();
        for v in raw
            .get("voices")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(voice) = parse_voice(v, now) {
                if !voices.iter().any(|known| known.voice_id == voice.voice_id) {
                    voices.push(voice);
                }
            }
        }
        let output_formats = raw
            .get("outputFormats")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        views.push(TtsConfig {
            display_name: text(raw, "displayName")
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| id.clone()),
            tts_config_id: id,
            output_formats,
            voice_library,
            channel_id: text(raw, "channelId"),
            price: price_view,
            voices,
        });
    }
    Ok(CachedCatalog {
        view: TtsCatalog {
            session_id,
            context_label: label,
            configs: views,
            limits: limits(),
        },
        prices,
        library_urls,
    })
}

impl Core {
    /// Loads the TTS catalog of the active context, fresh from the platform, and caches it
    /// for that session only.
    #[tracing::instrument(skip(self), err)]
    pub async fn tts_catalog(&self) -> Result<TtsCatalog> {
        Ok(self.refresh_tts_catalog().await?.view.clone())
    }

    pub(crate) async fn refresh_tts_catalog(&self) -> Result<Arc<CachedCatalog>> {
        let call = self.context_call(Some("model")).await?;
        let data: Value = self.context_get(&call, OPTIONS_PATH).await?;
        let now = time::OffsetDateTime::now_utc();
        let catalog = Arc::new(parse_catalog(
            data,
            call.session.id.clone(),
            context_label(&call.session),
            now,
        )?);
        self.tts_state().remember_catalog(catalog.clone());
        Ok(catalog)
    }

    /// The cached catalog of the active session, loading it when there is none.
    pub(crate) async fn active_tts_catalog(&self) -> Result<Arc<CachedCatalog>> {
        let session = self.active_session().await?;
        match self.tts_state().catalog_for(&session.id) {
            Some(c) => Ok(c),
            None => self.refresh_tts_catalog().await,
        }
    }

    /// Opens a configuration's voice library in the system browser (never in the webview),
    /// only when the link is https or loopback http.
    pub async fn open_voice_library(&self, tts_config_id: &str) -> Result<()> {
        let catalog = self.active_tts_catalog().await?;
        let url = catalog.library_urls.get(tts_config_id).ok_or_else(|| {
            Error::InvalidInput("this configuration has no voice library link".into())
        })?;
        if !openable(url) {
            return Err(Error::InvalidInput(
                "the voice library link is not https".into(),
            ));
        }
        self.browser()
            .open(url)
            .map_err(|e| Error::Internal(format!("could not open the browser: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_or_loopback_http_links_open() {
        for ok in [
            "https://claw.zhenhuiai.com/voices",
            "http://127.0.0.1:8080/voices",
            "http://localhost/v",
            "http://[::1]/v",
        ] {
            assert!(openable(&Url::parse(ok).unwrap()), "{ok}");
        }
        for bad in [
            "http://example.com/voices",
            "javascript:alert(1)",
            "file:///etc/passwd",
            "https://user:pw@example.com/",
            "http://10.0.0.1/",
        ] {
            assert!(!openable(&Url::parse(bad).unwrap()), "{bad}");
        }
    }

    #[test]
    fn odd_catalogs_are_read_defensively() {
        let data = serde_json::json!({"configs": [
            {"ttsConfigId": "a", "outputFormats": ["mp3"], "price": {"unit": "characters", "unitSize": 100, "points": "2.5"},
             "voices": [{"voiceId": "x (1) y", "state": "weird"}, {"voiceId": ""}, {"noId": true}]},
            {"displayName": "no id"},
            {"ttsConfigId": "b", "price": {"unit": "tokens", "points": 1}, "voiceLibraryUrl": "ftp://x/"}
        ]});
        let c = parse_catalog(
            data,
            "s".into(),
            "Personal".into(),
            time::OffsetDateTime::now_utc(),
        )
        .unwrap();
        assert_eq!(c.view.configs.len(), 2);
        let a = &c.view.configs[0];
        assert_eq!(a.display_name, "a");
        assert_eq!(a.price.as_ref().unwrap().points, "2.5");
        assert_eq!(a.voices.len(), 1);
        assert_eq!(a.voices[0].voice_id, "x (1) y");
        assert!(!a.voices[0].usable, "unknown states are not offered");
        let b = &c.view.configs[1];
        assert!(!b.price.as_ref().unwrap().estimable);
        assert!(!b.voice_library.as_ref().unwrap().openable);
    }
}
