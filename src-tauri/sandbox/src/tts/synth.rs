//! A small, deterministic "speech" synthesizer: one soft tone per code point on a
//! voice-dependent pitch, pauses for spaces and punctuation. Pleasant enough for a demo, and
//! its exact length is known before rendering (so pricing per audio second needs no render).

use sha2::{Digest, Sha256};

use crate::chat::is_cjk;

const LEAD_IN_SECONDS: f64 = 0.12;
const TAIL_SECONDS: f64 = 0.20;
/// A pentatonic scale (semitones) keeps any sequence of tones consonant.
const SCALE: [f64; 6] = [0.0, 2.0, 4.0, 7.0, 9.0, 12.0];

/// What shapes the sound besides the text.
#[derive(Clone, Debug)]
pub(crate) struct Voicing {
    pub voice_id: String,
    pub speed: f64,
    pub volume: f64,
    pub pitch_semitones: i64,
    pub emotion: Option<String>,
    pub sample_rate: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Segment {
    Tone { hz: f64, samples: usize },
    Silence { samples: usize },
}

/// The segments of a rendering; `samples()` is the exact length per channel.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    segments: Vec<Segment>,
    voicing: Voicing,
    brightness: f64,
}

fn seconds_to_samples(seconds: f64, rate: u32) -> usize {
    (seconds * f64::from(rate)).round().max(0.0) as usize
}

/// Base pitch and brightness derived from the voice id (deeper for male/grandpa voices).
fn timbre(voice_id: &str) -> (f64, f64) {
    let digest = Sha256::digest(voice_id.as_bytes());
    let unit = f64::from(digest[0]) / 255.0;
    let lower = voice_id.to_lowercase();
    let deep =
        ["male", "grandpa", "anchor", "host"].iter().any(|w| lower.contains(w)) && !lower.contains("female");
    let base = if deep { 105.0 + 40.0 * unit } else { 170.0 + 90.0 * unit };
    let brightness = 0.2 + 0.3 * (f64::from(digest[1]) / 255.0);
    (base, brightness)
}

fn emotion_shift(emotion: Option<&str>) -> f64 {
    match emotion {
        Some("happy") | Some("surprised") => 2.0,
        Some("sad") | Some("calm") => -2.0,
        Some("angry") | Some("fearful") => 1.0,
        _ => 0.0,
    }
}

pub(crate) fn plan(text: &str, voicing: &Voicing) -> Plan {
    let (base_hz, brightness) = timbre(&voicing.voice_id);
    let rate = voicing.sample_rate;
    let speed = voicing.speed.clamp(0.5, 2.0);
    let shift = voicing.pitch_semitones as f64 + emotion_shift(voicing.emotion.as_deref());
    let mut segments = vec![Segment::Silence { samples: seconds_to_samples(LEAD_IN_SECONDS, rate) }];
    let mut position_in_sentence = 0usize;
    for c in text.chars() {
        let pause = |seconds: f64| Segment::Silence { samples: seconds_to_samples(seconds / speed, rate) };
        let segment = match c {
            '\n' => pause(0.25),
            _ if c.is_whitespace() => pause(0.06),
            ',' | '，' | '、' | ';' | '；' | ':' | '：' => pause(0.18),
            '.' | '。' | '!' | '！' | '?' | '？' | '…' => {
                position_in_sentence = 0;
                pause(0.35)
            }
            _ if c.is_ascii_punctuation()
                || matches!(c, '「' | '」' | '《' | '》' | '（' | '）' | '“' | '”') =>
            {
                pause(0.04)
            }
            _ => {
                let seconds = if is_cjk(c) {
                    0.19
                } else if c.is_alphanumeric() {
                    0.07
                } else {
                    0.15
                };
                // A gentle fall over each sentence, like declarative speech.
                let contour = -0.15 * (position_in_sentence.min(12) as f64);
                position_in_sentence += 1;
                let step = SCALE[(c as usize) % SCALE.len()];
                let hz = base_hz * 2f64.powf((shift + step + contour) / 12.0);
                Segment::Tone { hz, samples: seconds_to_samples(seconds / speed, rate) }
            }
        };
        segments.push(segment);
    }
    segments.push(Segment::Silence { samples: seconds_to_samples(TAIL_SECONDS, rate) });
    Plan { segments, voicing: voicing.clone(), brightness }
}

impl Plan {
    /// Samples per channel.
    pub fn samples(&self) -> usize {
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Tone { samples, .. } | Segment::Silence { samples } => *samples,
            })
            .sum()
    }

    pub fn duration_ms(&self) -> u64 {
        let rate = u64::from(self.voicing.sample_rate.max(1));
        (self.samples() as u64 * 1000 + rate / 2) / rate
    }

    /// Renders mono PCM16.
    pub fn render_mono(&self) -> Vec<i16> {
        let rate = f64::from(self.voicing.sample_rate);
        let gain = 0.3 * self.voicing.volume.max(0.0);
        let vibrato = if matches!(self.voicing.emotion.as_deref(), Some("happy") | Some("fearful")) {
            0.004
        } else {
            0.0015
        };
        let mut out = Vec::with_capacity(self.samples());
        for segment in &self.segments {
            match *segment {
                Segment::Silence { samples } => out.extend(std::iter::repeat_n(0i16, samples)),
                Segment::Tone { hz, samples } => {
                    let attack = (0.008 * rate) as usize;
                    let release = (0.025 * rate) as usize;
                    let mut phase = 0.0f64;
                    for n in 0..samples {
                        let t = n as f64 / rate;
                        let wobble = 1.0 + vibrato * (2.0 * std::f64::consts::PI * 5.5 * t).sin();
                        phase += 2.0 * std::f64::consts::PI * hz * wobble / rate;
                        let raw =
                            phase.sin() + self.brightness * (2.0 * phase).sin() + 0.12 * (3.0 * phase).sin();
                        let normalized = raw / (1.12 + self.brightness);
                        let envelope = envelope(n, samples, attack, release) * (-2.5 * t).exp();
                        out.push(to_pcm(soft_clip(normalized * envelope * gain)));
                    }
                }
            }
        }
        out
    }
}

/// Raised-cosine attack and release, so tones start and stop without clicks.
fn envelope(n: usize, len: usize, attack: usize, release: usize) -> f64 {
    let rise =
        if n < attack { 0.5 - 0.5 * (std::f64::consts::PI * n as f64 / attack as f64).cos() } else { 1.0 };
    let left = len.saturating_sub(n + 1);
    let fall = if left < release {
        0.5 - 0.5 * (std::f64::consts::PI * left as f64 / release as f64).cos()
    } else {
        1.0
    };
    rise * fall
}

fn soft_clip(x: f64) -> f64 {
    let knee = 0.8;
    if x.abs() <= knee {
        x
    } else {
        x.signum() * (knee + (1.0 - knee) * ((x.abs() - knee) / (1.0 - knee)).tanh())
    }
}

fn to_pcm(x: f64) -> i16 {
    (x.clamp(-1.0, 1.0) * f64::from(i16::MAX)).round() as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn voicing() -> Voicing {
        Voicing {
            voice_id: "narrator (warm) v2".into(),
            speed: 1.0,
            volume: 1.0,
            pitch_semitones: 0,
            emotion: None,
            sample_rate: 16_000,
        }
    }

    #[test]
    fn plan_length_matches_render_and_speed_shortens_it() {
        let plan = plan("Hello, 世界!", &voicing());
        assert_eq!(plan.render_mono().len(), plan.samples());
        let fast = super::plan("Hello, 世界!", &Voicing { speed: 2.0, ..voicing() });
        assert!(fast.samples() < plan.samples());
        assert_eq!(plan.render_mono(), super::plan("Hello, 世界!", &voicing()).render_mono());
    }

    #[test]
    fn volume_zero_is_silent_and_loud_is_clipped_softly() {
        let silent = plan("abc", &Voicing { volume: 0.0, ..voicing() }).render_mono();
        assert!(silent.iter().all(|s| *s == 0));
        let loud = plan("abc", &Voicing { volume: 10.0, ..voicing() }).render_mono();
        assert!(loud.iter().any(|s| s.unsigned_abs() > 20_000));
    }
}
