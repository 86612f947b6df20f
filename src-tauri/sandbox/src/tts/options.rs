//! `GET /api/proxy/v1/tts/options` and the voice-library page behind `voiceLibraryUrl`.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use url::form_urlencoded;

use super::{lifecycle_state, offered_voices, refresh_voice_lifecycles, OfferedVoice};
use crate::auth::authenticate;
use crate::clock::rfc3339;
use crate::envelope::{success, PlatformError};
use crate::html::{escape, page};
use crate::readings::{Reading, Readings};
use crate::scope::Scope;
use crate::seed::TtsConfig;
use crate::state::Shared;
use crate::world::{AccountKey, VoiceLifecycle};

/// A voice as the readings in force spell it.
fn voice_json_read(voice: &OfferedVoice, readings: &Readings) -> Value {
    let mut value = voice_json(voice);
    let id = value["voiceId"].as_str().unwrap_or_default().to_owned();
    let unlisted =
        readings.has(Reading::VoiceStateUnlisted) || readings.has(Reading::VoiceStateUnlistedRefused);
    if unlisted && id == crate::seed::VOICE_XIAOXIAO {
        value["state"] = json!("preview_only");
    }
    if readings.has(Reading::VoiceStateUpper) {
        let upper = value["state"].as_str().unwrap_or_default().to_uppercase();
        value["state"] = json!(upper);
    }
    if let Some(at) = value["expiresAt"]
        .as_str()
        .and_then(|t| time::OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339).ok())
    {
        if readings.has(Reading::VoiceDeadlineEpochMs) {
            value["expiresAt"] =
                json!(i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX));
        } else if readings.has(Reading::VoiceDeadlineNoOffset) {
            let utc = at.to_offset(time::UtcOffset::UTC);
            value["expiresAt"] = json!(format!(
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
                utc.year(),
                u8::from(utc.month()),
                utc.day(),
                utc.hour(),
                utc.minute(),
                utc.second()
            ));
        }
    }
    let map = value.as_object_mut();
    if let Some(map) = map {
        if readings.has(Reading::VoiceSharedAbsent) {
            map.remove("shared");
        }
        if readings.has(Reading::VoiceStateAbsentForShared) && matches!(voice, OfferedVoice::Shared(_)) {
            map.remove("state");
        }
    }
    if readings.has(Reading::PointsFractional) {
        if let Some(points) = value["activationPoints"].as_i64() {
            value["activationPoints"] = Readings::fractional_number(crate::Points::whole(points));
        }
    }
    value
}

fn voice_json(voice: &OfferedVoice) -> Value {
    let mut value = match voice {
        OfferedVoice::Shared(v) => json!({
            "voiceId": v.voice_id, "displayName": v.display_name, "shared": true,
            "state": "active", "activationPoints": null, "expiresAt": null,
        }),
        OfferedVoice::Owned(v) => {
            let (points, expires) = match &v.lifecycle {
                VoiceLifecycle::Active => (None, None),
                VoiceLifecycle::PendingActivation { activation_points, expires_at, .. } => {
                    (Some(*activation_points), Some(rfc3339(*expires_at)))
                }
                VoiceLifecycle::Expired { expired_at } => (None, Some(rfc3339(*expired_at))),
            };
            json!({
                "voiceId": v.voice_id, "displayName": v.display_name, "shared": false,
                "state": lifecycle_state(&v.lifecycle), "activationPoints": points, "expiresAt": expires,
            })
        }
    };
    let language = match voice {
        OfferedVoice::Shared(v) => v.language,
        OfferedVoice::Owned(v) => v.language,
    };
    if let Some(language) = language {
        value["language"] = json!(language);
    }
    value
}

fn library_url(base: &str, account: &AccountKey, config: &TtsConfig) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("ttsConfigId", config.id);
    match account {
        AccountKey::Personal => query.append_pair("context", "personal"),
        AccountKey::Team(team_id) => query.append_pair("context", "team").append_pair("teamId", team_id),
    };
    format!("{base}/voices?{}", query.finish())
}

fn config_json(shared: &Shared, account: &AccountKey, config: &TtsConfig, voices: &[OfferedVoice]) -> Value {
    let readings = shared.settings().readings;
    let config = &super::pricing::as_priced(config.clone(), &readings);
    let mut price =
        json!({ "unit": config.unit.as_str(), "unitSize": config.unit_size, "points": config.points });
    if readings.has(Reading::TtsPricePer1k) && config.unit_size == 1000 {
        price = json!({ "billingMode": "per_character", "pointsPer1kCharacters": config.points });
    }
    if readings.has(Reading::PointsFractional) {
        price["points"] = Readings::fractional_number(crate::Points::whole(config.points));
    }
    if readings.has(Reading::TtsPriceNumbersText) {
        price["unitSize"] = json!(format!("{}.0", config.unit_size));
        price["points"] = json!(config.points.to_string());
    }
    if readings.has(Reading::TtsPriceNoBlockSize) {
        price.as_object_mut().map(|p| p.remove("unitSize"));
    }
    if readings.has(Reading::TtsPriceOtherShape) {
        price = json!({ "text": format!("{} points per {} {}", config.points, config.unit_size, config.unit.as_str()) });
    }
    json!({
        "ttsConfigId": config.id,
        "displayName": config.display_name,
        "outputFormats": if readings.has(Reading::TtsFormatsObjects) {
            config.output_formats.iter().map(|f| json!({ "format": f, "sampleRates": [24000, 48000] })).collect::<Vec<_>>()
        } else {
            config.output_formats.iter().map(|f| json!(f)).collect()
        },
        "defaultVoiceId": "",
        "voiceLibraryUrl": library_url(
            if readings.has(Reading::VoiceLibraryUrlRelative) { "" } else { &shared.base_url },
            account,
            config,
        ),
        "channelId": config.channel_id,
        "price": price,
        "voices": voices.iter().map(|v| voice_json_read(v, &readings)).collect::<Vec<_>>(),
    })
}

pub(super) async fn tts_options(
    State(shared): State<Arc<Shared>>,
    Query(page): Query<crate::pages::PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Model)?;
    let account = caller.gateway_account(&headers)?;
    let now = shared.now();
    let world = &mut *shared.world();
    refresh_voice_lifecycles(world, now);
    let configs: Vec<Value> = shared
        .tts
        .iter()
        .map(|config| config_json(&shared, &account, config, &offered_voices(world, &account, config)))
        .collect();
    let readings = shared.settings().readings;
    let data = if let Some(page) = crate::pages::page_of(configs.clone(), "configs", &page, &readings)? {
        Value::Object(page)
    } else if readings.has(Reading::TtsOptionsItems) {
        json!({ "items": configs })
    } else if readings.has(Reading::TtsOptionsBareList) {
        json!(configs)
    } else if readings.has(Reading::TtsOptionsNested) {
        json!({ "data": { "configs": configs } })
    } else {
        json!({ "configs": configs })
    };
    Ok(if readings.has(Reading::TtsOptionsUnenveloped) { Json(data).into_response() } else { success(data) })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct LibraryQuery {
    tts_config_id: Option<String>,
    team_id: Option<String>,
}

/// The voice-library portal a person reaches from the app (read-only in the sandbox).
pub(super) async fn voice_library_page(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<LibraryQuery>,
) -> Response {
    let account = query.team_id.clone().map_or(AccountKey::Personal, AccountKey::Team);
    let context_name = match &account {
        AccountKey::Personal => "your Personal account".to_string(),
        AccountKey::Team(id) => shared
            .world()
            .teams
            .get(id)
            .map(|t| format!("the Team {}", t.name))
            .unwrap_or_else(|| "an unknown Team".into()),
    };
    let now = shared.now();
    let world = &mut *shared.world();
    refresh_voice_lifecycles(world, now);
    let mut rows = String::new();
    for config in shared.tts.iter().filter(|c| query.tts_config_id.as_deref().is_none_or(|id| id == c.id)) {
        rows.push_str(&format!("<h2>{}</h2><ul class=\"scopes\">", escape(config.display_name)));
        let voices = offered_voices(world, &account, config);
        if voices.is_empty() {
            rows.push_str("<li>No voices yet. Clone a voice to start using this model.</li>");
        }
        for voice in &voices {
            let json = voice_json(voice);
            rows.push_str(&format!(
                "<li>{} <code>{}</code></li>",
                escape(json["displayName"].as_str().unwrap_or_default()),
                escape(json["state"].as_str().unwrap_or_default())
            ));
        }
        rows.push_str("</ul>");
    }
    let body = format!("<h1>Voice library</h1><p>Voices available to {}.</p>{rows}", escape(&context_name));
    page(StatusCode::OK, "Voice library", &body)
}
