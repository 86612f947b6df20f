//! `POST /api/proxy/v1/audio/speech`.
//!
//! Order: authenticate → validate (422) → configuration and format → idempotency by
//! `X-Request-ID` per account context → voice (expired, activation in progress) → points →
//! render → charge → audio. A pending cloned voice is marked "activating" while its first use
//! is in flight, and only becomes `active` once the audio is actually sent (or after
//! reconciliation), so an unknown outcome blocks other first uses.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue};
use axum::response::Response;

use super::input::{self, SpeechInput};
use super::pricing::{actual_usage, as_priced, input_characters, synthesis_points, usage_characters};
use super::synth::{plan, Plan, Voicing};
use super::{encode, offered_voices, refresh_voice_lifecycles, OfferedVoice};
use crate::auth::authenticate;
use crate::billing::{can_pay, new_charge, pay, record};
use crate::clock::rfc3339;
use crate::envelope::PlatformError;
use crate::ledger::ChargeKind;
use crate::points::Points;
use crate::scope::Scope;
use crate::state::Shared;
use crate::world::{AccountKey, Activation, SpeechRecord, VoiceLifecycle, World};

struct Settlement {
    input_chars: u64,
    usage_chars: u64,
    actual_usage: u64,
    duration_ms: u64,
    /// The points charged, as the readings in force write `X-Xiaoya-Charged-Points`.
    charged_header: String,
    /// `speech-counts-with-unit`: character counts written `66 characters`.
    counts_with_unit: bool,
    /// `speech-no-usage-characters`: no `X-Xiaoya-Usage-Characters`.
    usage_absent: bool,
}

pub(super) async fn create_speech(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Model)?;
    let account = caller.gateway_account(&headers)?;
    let request_id = headers.get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_string);
    let input = input::parse(&body, request_id.is_some())?;
    let request_id = request_id.unwrap_or_default();
    let readings = shared.settings().readings;
    let config = as_priced(
        shared.tts_config(&input.tts_config_id).ok_or(PlatformError::TtsConfigNotFound)?.clone(),
        &readings,
    );
    let format = input.response_format.clone().unwrap_or_else(|| default_format(&config).to_string());
    if !config.output_formats.contains(&format.as_str()) {
        return Err(PlatformError::TtsFormatUnsupported);
    }

    let voicing = Voicing {
        voice_id: input.voice.clone(),
        speed: input.speed,
        volume: input.volume,
        pitch_semitones: input.pitch,
        emotion: input.emotion.clone(),
        sample_rate: input.sample_rate,
    };
    let plan = plan(&input.text, &voicing);
    let duration_ms = plan.duration_ms();
    let input_chars = input_characters(&input.text);
    let usage_chars = usage_characters(&input.text, config.counting);
    let actual = actual_usage(&config, usage_chars, duration_ms);
    let synthesis = synthesis_points(&config, actual, &readings);

    let key = (account.clone(), request_id.clone());
    let activation_points = {
        let now = shared.now();
        let world = &mut *shared.world();
        refresh_voice_lifecycles(world, now);
        match world.speech_records.get(&key) {
            Some(SpeechRecord::Settled)
                if shared.settings().readings.has(crate::readings::Reading::TtsSettledReconciling) =>
            {
                return Err(PlatformError::Injected {
                    status: axum::http::StatusCode::CONFLICT,
                    code: "TTS_REQUEST_RECONCILING",
                    message: "This request is still being reconciled; retry later with the same X-Request-ID",
                })
            }
            Some(SpeechRecord::Settled) => return Err(PlatformError::TtsRequestAlreadySettled),
            Some(SpeechRecord::InFlight) => return Err(PlatformError::TtsRequestInProgress),
            None => {}
        }
        let offered = offered_voices(world, &account, &config);
        let voice =
            offered.iter().find(|v| v.voice_id() == input.voice).ok_or(PlatformError::TtsVoiceNotFound)?;
        if shared.settings().readings.has(crate::readings::Reading::VoiceStateUnlistedRefused)
            && voice.voice_id() == crate::seed::VOICE_XIAOXIAO
        {
            return Err(PlatformError::Injected {
                status: axum::http::StatusCode::FORBIDDEN,
                code: "TTS_VOICE_NOT_AVAILABLE",
                message: "This voice is in preview and cannot be used by apps yet",
            });
        }
        let activation_points = match voice {
            OfferedVoice::Shared(_) => 0,
            OfferedVoice::Owned(owned) => match &owned.lifecycle {
                VoiceLifecycle::Active => 0,
                VoiceLifecycle::Expired { .. } => return Err(PlatformError::TtsVoiceExpired),
                VoiceLifecycle::PendingActivation { activation: Some(_), .. } => {
                    return Err(PlatformError::TtsVoiceActivationInProgress)
                }
                VoiceLifecycle::PendingActivation { activation_points, .. } => *activation_points,
            },
        };
        if !can_pay(world, &account, Points::whole(synthesis + activation_points)) {
            return Err(PlatformError::InsufficientPoints);
        }
        world.speech_records.insert(key.clone(), SpeechRecord::InFlight);
        if activation_points > 0 {
            set_activation(
                world,
                &account,
                &input.voice,
                Some(Activation { request_id: request_id.clone(), settled_at: None }),
            );
        }
        activation_points
    };

    let total = synthesis + activation_points;
    let job = Job {
        shared: shared.clone(),
        key: key.clone(),
        account: account.clone(),
        input: input.clone(),
        config_id: config.id,
        client_id: caller.token.client_id.clone(),
        plan,
        format: format.clone(),
        activation_points,
        total,
    };
    // The platform finishes a started synthesis even if the caller goes away, so the work runs
    // in its own task: a dropped connection cannot leave the request half-settled.
    let audio = match tokio::spawn(render_and_settle(job)).await {
        Ok(result) => result?,
        Err(_) => {
            abandon(&shared, &key, &account, &input.voice, activation_points > 0);
            return Err(PlatformError::TtsSynthesisFailed);
        }
    };

    let settlement = Settlement {
        input_chars,
        usage_chars,
        actual_usage: actual,
        duration_ms,
        charged_header: readings.charged_points_header(total),
        counts_with_unit: readings.has(crate::readings::Reading::SpeechCountsWithUnit),
        usage_absent: readings.has(crate::readings::Reading::SpeechNoUsageCharacters),
    };
    let confirm = (activation_points > 0)
        .then(|| (shared.clone(), account.clone(), input.voice.clone(), request_id.clone()));
    Ok(audio_response(audio, &format, &request_id, &input, config.id, &settlement, confirm))
}

/// `response_format` when the request names none: mp3 as the docs' example, else the
/// configuration's first format.
fn default_format(config: &crate::seed::TtsConfig) -> &'static str {
    if config.output_formats.contains(&"mp3") {
        "mp3"
    } else {
        config.output_formats.first().copied().unwrap_or("wav")
    }
}

struct Job {
    shared: Arc<Shared>,
    key: (AccountKey, String),
    account: AccountKey,
    input: SpeechInput,
    config_id: &'static str,
    client_id: String,
    plan: Plan,
    format: String,
    activation_points: i64,
    total: i64,
}

/// Renders and encodes the audio, then charges and settles the request.
async fn render_and_settle(job: Job) -> Result<Vec<u8>, PlatformError> {
    let (sample_rate, channels, bitrate) = (job.input.sample_rate, job.input.channels, job.input.bitrate);
    let (plan, format) = (job.plan, job.format.clone());
    let rendered = tokio::task::spawn_blocking(move || {
        let pcm = plan.render_mono();
        match format.as_str() {
            "wav" => Ok(encode::wav(&pcm, sample_rate, channels)),
            #[cfg(feature = "mp3")]
            _ => encode::mp3(&pcm, sample_rate, channels, bitrate),
            #[cfg(not(feature = "mp3"))]
            _ => {
                let _ = bitrate;
                Err(encode::EncodeError::Unsupported)
            }
        }
    })
    .await;
    let activating = job.activation_points > 0;
    let voice_id = &job.input.voice;
    let Ok(Ok(audio)) = rendered else {
        abandon(&job.shared, &job.key, &job.account, voice_id, activating);
        return Err(PlatformError::TtsSynthesisFailed);
    };
    let now = job.shared.now();
    let world = &mut *job.shared.world();
    let context = match pay(world, &job.account, Points::whole(job.total)) {
        Ok(context) => context,
        Err(error) => {
            drop_records(world, &job.key, &job.account, voice_id, activating);
            return Err(error);
        }
    };
    let request_id = &job.key.1;
    let mut charge = new_charge(
        request_id,
        context,
        ChargeKind::Speech,
        Points::whole(job.total),
        &job.client_id,
        job.config_id,
        rfc3339(now),
    );
    charge.voice_id = Some(voice_id.clone());
    charge.activation_points = activating.then_some(job.activation_points);
    record(world, charge);
    world.speech_records.insert(job.key.clone(), SpeechRecord::Settled);
    if activating {
        let settled = Activation { request_id: request_id.clone(), settled_at: Some(now) };
        set_activation(world, &job.account, voice_id, Some(settled));
    }
    Ok(audio)
}

fn set_activation(world: &mut World, account: &AccountKey, voice_id: &str, activation: Option<Activation>) {
    let Some(voice) =
        world.voices.get_mut(account).and_then(|v| v.iter_mut().find(|v| v.voice_id == voice_id))
    else {
        return;
    };
    if let VoiceLifecycle::PendingActivation { activation: slot, .. } = &mut voice.lifecycle {
        *slot = activation;
    }
}

fn drop_records(
    world: &mut World,
    key: &(AccountKey, String),
    account: &AccountKey,
    voice_id: &str,
    activating: bool,
) {
    world.speech_records.remove(key);
    if activating {
        set_activation(world, account, voice_id, None);
    }
}

fn abandon(
    shared: &Shared,
    key: &(AccountKey, String),
    account: &AccountKey,
    voice_id: &str,
    activating: bool,
) {
    drop_records(&mut shared.world(), key, account, voice_id, activating);
}

/// The first use is confirmed when the audio actually goes out: flips the voice to `active`.
fn confirm_activation(shared: &Shared, account: &AccountKey, voice_id: &str, request_id: &str) {
    let mut world = shared.world();
    let Some(voice) =
        world.voices.get_mut(account).and_then(|v| v.iter_mut().find(|v| v.voice_id == voice_id))
    else {
        return;
    };
    if let VoiceLifecycle::PendingActivation { activation: Some(a), .. } = &voice.lifecycle {
        if a.request_id == request_id {
            voice.lifecycle = VoiceLifecycle::Active;
        }
    }
}

type Confirmation = Option<(Arc<Shared>, AccountKey, String, String)>;

fn audio_response(
    audio: Vec<u8>,
    format: &str,
    request_id: &str,
    input: &SpeechInput,
    config_id: &str,
    s: &Settlement,
    confirm: Confirmation,
) -> Response {
    let length = audio.len();
    let stream = futures_util::stream::once(async move {
        if let Some((shared, account, voice_id, request_id)) = confirm {
            confirm_activation(&shared, &account, &voice_id, &request_id);
        }
        Ok::<Bytes, std::convert::Infallible>(Bytes::from(audio))
    });
    let mut response = Response::new(Body::from_stream(stream));
    let headers = response.headers_mut();
    let content_type = if format == "wav" { "audio/wav" } else { "audio/mpeg" };
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let mut put = |name: &'static str, value: String| {
        if let Ok(value) = HeaderValue::from_bytes(value.as_bytes()) {
            headers.insert(HeaderName::from_static(name), value);
        }
    };
    put("x-xiaoya-request-id", request_id.to_string());
    put("x-xiaoya-tts-config-id", config_id.to_string());
    put("x-xiaoya-voice-id", input.voice.clone());
    let count = |n: u64| if s.counts_with_unit { format!("{n} characters") } else { n.to_string() };
    put("x-xiaoya-input-characters", count(s.input_chars));
    if !s.usage_absent {
        put("x-xiaoya-usage-characters", count(s.usage_chars));
    }
    put("x-xiaoya-actual-usage", s.actual_usage.to_string());
    put("x-xiaoya-audio-duration-ms", s.duration_ms.to_string());
    put("x-xiaoya-charged-points", s.charged_header.clone());
    response
}
