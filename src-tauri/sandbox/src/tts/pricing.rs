//! Character counting and TTS prices: `points` per started block of `unitSize` units.

use crate::chat::is_cjk;
use crate::seed::{CharCounting, PriceUnit, TtsConfig};

/// Accepted input characters: Unicode code points, as pydantic counts them.
pub(crate) fn input_characters(text: &str) -> u64 {
    text.chars().count() as u64
}

/// Provider-confirmed settlement characters.
pub(crate) fn usage_characters(text: &str, counting: CharCounting) -> u64 {
    match counting {
        CharCounting::CodePoints => input_characters(text),
        CharCounting::CjkDouble => text.chars().map(|c| if is_cjk(c) { 2 } else { 1 }).sum(),
    }
}

/// The amount in the price's unit: usage characters, or audio seconds rounded up.
pub(crate) fn actual_usage(config: &TtsConfig, usage_chars: u64, duration_ms: u64) -> u64 {
    match config.unit {
        PriceUnit::Characters => usage_chars,
        PriceUnit::AudioSeconds => duration_ms.div_ceil(1000),
    }
}

pub(crate) fn synthesis_points(config: &TtsConfig, actual_usage: u64) -> i64 {
    let blocks = actual_usage.div_ceil(config.unit_size.max(1));
    i64::try_from(blocks).unwrap_or(i64::MAX).saturating_mul(config.points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::{tts_catalog, TTS_CONFIG_CJK, TTS_CONFIG_SECONDS, TTS_CONFIG_STANDARD};

    fn config(id: &str) -> TtsConfig {
        tts_catalog().into_iter().find(|c| c.id == id).unwrap_or_else(|| panic!("seeded config {id}"))
    }

    #[test]
    fn prices_are_per_started_block() {
        let standard = config(TTS_CONFIG_STANDARD);
        assert_eq!(synthesis_points(&standard, 1), 2);
        assert_eq!(synthesis_points(&standard, 100), 2);
        assert_eq!(synthesis_points(&standard, 101), 4);
        let seconds = config(TTS_CONFIG_SECONDS);
        assert_eq!(actual_usage(&seconds, 5, 10_001), 11);
        assert_eq!(synthesis_points(&seconds, 11), 2);
    }

    #[test]
    fn cjk_counts_double_for_the_cjk_config() {
        let text = "你好 world 😀";
        assert_eq!(input_characters(text), 10);
        assert_eq!(usage_characters(text, config(TTS_CONFIG_CJK).counting), 12);
        assert_eq!(usage_characters(text, config(TTS_CONFIG_STANDARD).counting), 10);
    }
}
