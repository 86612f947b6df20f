//! `GET /api/proxy/v1/tts/options` for the active context, read tolerantly in `read.rs`
//! (the docs name the fields but give no schema; the sandbox's shape is one reading),
//! cached per session so one context's voices are never offered in another.

use std::sync::Arc;

use serde_json::Value;

pub use super::read::{price_unavailable, read_options, voice_state, Price, PriceUnit, ReadOptions};
use super::wire::{SpeechLimits, TtsCatalog};
use crate::billing::ledger::context_label;
use crate::foundation::error::{Error, Result};
use crate::tts::Tts;

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

pub use super::state::CachedCatalog;

pub use super::read::openable;

/// Builds the cached catalog from the platform's `data`.
pub fn parse_catalog(
    data: Value,
    origin: &url::Url,
    session_id: String,
    label: String,
    now: time::OffsetDateTime,
) -> Result<CachedCatalog> {
    let (read, report) = read_options(&data, origin, now)?;
    if !report.is_clean() {
        tracing::info!(shape = %report.shape, missing = ?report.missing, unrecognised = ?report.unrecognised, "TTS options read tolerantly");
    }
    Ok(CachedCatalog {
        view: TtsCatalog {
            session_id,
            context_label: label,
            configs: read.configs,
            limits: limits(),
            reading: report,
        },
        prices: read.prices,
        library_urls: read.library_urls,
    })
}

impl Tts {
    /// Loads the TTS catalog of the active context, fresh from the platform, and caches it
    /// for that session only.
    #[tracing::instrument(skip(self), err)]
    pub async fn tts_catalog(&self) -> Result<TtsCatalog> {
        Ok(self.refresh_tts_catalog().await?.view.clone())
    }

    pub(crate) async fn refresh_tts_catalog(&self) -> Result<Arc<CachedCatalog>> {
        let call = self.auth().context_call(Some("model")).await?;
        let paged =
            self.auth().context_get_list(&call, OPTIONS_PATH, super::read::CONFIG_LISTS, true).await?;
        let now = time::OffsetDateTime::now_utc();
        let mut catalog = parse_catalog(
            paged.data,
            call.origin(),
            call.session.id.clone(),
            context_label(&call.session),
            now,
        )?;
        paged.read.note(&mut catalog.view.reading);
        let ctx = super::store::ClipContext::of(&call.session);
        for config in &mut catalog.view.configs {
            let price = catalog.prices.get(&config.tts_config_id);
            config.counting = self.counting_known(&ctx, &config.tts_config_id, price).await?.rule();
        }
        let catalog = Arc::new(catalog);
        self.state().remember_catalog(catalog.clone());
        Ok(catalog)
    }

    /// The cached catalog of the active session, loading it when there is none.
    pub(crate) async fn active_tts_catalog(&self) -> Result<Arc<CachedCatalog>> {
        let session = self.auth().active_session().await?;
        match self.state().catalog_for(&session.id) {
            Some(c) => Ok(c),
            None => self.refresh_tts_catalog().await,
        }
    }

    /// Opens a configuration's voice library in the system browser (never in the webview),
    /// only when the link is https or loopback http.
    pub async fn open_voice_library(&self, tts_config_id: &str) -> Result<()> {
        let catalog = self.active_tts_catalog().await?;
        let url = catalog
            .library_urls
            .get(tts_config_id)
            .ok_or_else(|| Error::InvalidInput("this configuration has no voice library link".into()))?;
        if !openable(url) {
            return Err(Error::InvalidInput("the voice library link is not https".into()));
        }
        self.shared
            .browser()
            .open(url)
            .map_err(|source| Error::Io { action: "could not open the browser", source })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use url::Url;

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
}
