//! Character counting and TTS prices: `points` per started block of `unitSize` units.

use crate::chat::is_cjk;
use crate::readings::{Reading, Readings};
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

/// The configuration as priced under the readings in force: `tts-price-per-1k` restates a
/// per-character price per 1,000 characters, at the rate it comes to (2 per 100 → 20 per
/// 1,000), where 1,000 is a whole number of its blocks.
pub(crate) fn as_priced(mut config: TtsConfig, readings: &Readings) -> TtsConfig {
    let size = config.unit_size.max(1);
    if readings.has(Reading::TtsPricePer1k)
        && config.unit == PriceUnit::Characters
        && 1000_u64.is_multiple_of(size)
    {
        config.points = config.points.saturating_mul(i64::try_from(1000 / size).unwrap_or(i64::MAX));
        config.unit_size = 1000;
    }
    config
}

/// Points per started block; under `tts-price-prorated`, the price prorated to the usage
/// and rounded up to a whole point.
pub(crate) fn synthesis_points(config: &TtsConfig, actual_usage: u64, readings: &Readings) -> i64 {
    let size = config.unit_size.max(1);
    if readings.has(Reading::TtsPriceProrated) && config.unit == PriceUnit::Characters {
        let points = u128::try_from(config.points.max(0)).unwrap_or(0);
        let due = (u128::from(actual_usage) * points).div_ceil(u128::from(size));
        return i64::try_from(due).unwrap_or(i64::MAX);
    }
    let blocks = actual_usage.div_ceil(size);
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
        let none = Readings::default();
        assert_eq!(synthesis_points(&standard, 1, &none), 2);
        assert_eq!(synthesis_points(&standard, 100, &none), 2);
        assert_eq!(synthesis_points(&standard, 101, &none), 4);
        let seconds = config(TTS_CONFIG_SECONDS);
        assert_eq!(actual_usage(&seconds, 5, 10_001), 11);
        assert_eq!(synthesis_points(&seconds, 11, &none), 2);
    }

    #[test]
    fn other_readings_restate_the_rate_and_prorate() {
        let per_1k = Readings([Reading::TtsPricePer1k].into_iter().collect());
        let standard = as_priced(config(TTS_CONFIG_STANDARD), &per_1k);
        assert_eq!((standard.unit_size, standard.points), (1000, 20));
        assert_eq!(synthesis_points(&standard, 31, &per_1k), 20, "a started 1,000-character block");
        let seconds = as_priced(config(TTS_CONFIG_SECONDS), &per_1k);
        assert_eq!(seconds.unit_size, config(TTS_CONFIG_SECONDS).unit_size, "per-second prices stay");
        let prorated = Readings([Reading::TtsPriceProrated].into_iter().collect());
        let standard = config(TTS_CONFIG_STANDARD);
        assert_eq!(synthesis_points(&standard, 31, &prorated), 1);
        assert_eq!(synthesis_points(&standard, 100, &prorated), 2);
        assert_eq!(synthesis_points(&standard, 151, &prorated), 4);
        assert_eq!(synthesis_points(&config(TTS_CONFIG_SECONDS), 11, &prorated), 2, "seconds: per block");
    }

    #[test]
    fn cjk_counts_double_for_the_cjk_config() {
        let text = "你好 world 😀";
        assert_eq!(input_characters(text), 10);
        assert_eq!(usage_characters(text, config(TTS_CONFIG_CJK).counting), 12);
        assert_eq!(usage_characters(text, config(TTS_CONFIG_STANDARD).counting), 10);
    }
}
