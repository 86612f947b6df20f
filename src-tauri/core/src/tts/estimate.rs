//! The cost before synthesis (from the catalog price and the input, plus any first-use
//! tariff) and the receipt beside it afterwards. An estimate is only given where the price
//! can be turned into one from the input alone; otherwise it says why instead of guessing.

use super::catalog::{price_unavailable, Price, PriceUnit};
use crate::billing::points::Points;
use super::wire::{
    CostCheck, CostEstimate, CostVerdict, SpeechReceipt, Voice, VoiceState,
};

/// Unicode code points, as the platform counts accepted input.
pub fn code_points(text: &str) -> u32 {
    u32::try_from(text.chars().count()).unwrap_or(u32::MAX)
}

pub fn activation_tariff(voice: Option<&Voice>) -> Option<Points> {
    let voice = voice?;
    if voice.state != VoiceState::PendingActivation {
        return None;
    }
    voice
        .activation_points
        .as_deref()
        .and_then(Points::parse)
        .filter(|p| !p.is_zero())
}

pub fn estimate(price: Option<&Price>, input: &str, voice: Option<&Voice>) -> CostEstimate {
    let chars = code_points(input);
    let activation = activation_tariff(voice);
    let mut out = CostEstimate {
        input_characters: chars,
        blocks: None,
        synthesis_points: None,
        activation_points: activation.map(|p| p.to_string()),
        total_points: None,
        unavailable: None,
    };
    out.unavailable = price_unavailable(price);
    if let Some(Price {
        unit: PriceUnit::Characters,
        unit_size: Some(unit_size),
        points: Some(points),
    }) = price.filter(|_| out.unavailable.is_none())
    {
        let blocks = u64::from(chars).div_ceil((*unit_size).max(1));
        let synthesis = *points * blocks;
        out.blocks = Some(u32::try_from(blocks).unwrap_or(u32::MAX));
        out.synthesis_points = Some(synthesis.to_string());
        out.total_points = Some((synthesis + activation.unwrap_or(Points::ZERO)).to_string());
    }
    out
}

fn signed(p: Points) -> String {
    if p.is_negative() {
        p.to_string()
    } else {
        format!("+{p}")
    }
}

/// Puts the receipt beside the estimate and flags any difference.
pub fn check(
    estimate: &CostEstimate,
    receipt: &SpeechReceipt,
    config_id: &str,
    voice_id: &str,
) -> CostCheck {
    let estimated = estimate.total_points.as_deref().and_then(Points::parse);
    let charged = receipt.charged_points.as_deref().and_then(Points::parse);
    let (verdict, difference) = match (estimated, charged) {
        (_, None) => (CostVerdict::NotReported, None),
        (None, Some(_)) => (CostVerdict::NoEstimate, None),
        (Some(e), Some(c)) if e == c => (CostVerdict::Matches, Some(signed(Points::ZERO))),
        (Some(e), Some(c)) => (CostVerdict::Differs, Some(signed(c - e))),
    };
    CostCheck {
        estimated: estimate.total_points.clone(),
        charged: receipt.charged_points.clone(),
        difference,
        verdict,
        config_differs: receipt
            .tts_config_id
            .as_deref()
            .is_some_and(|c| c != config_id),
        voice_differs: receipt.voice_id.as_deref().is_some_and(|v| v != voice_id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tts::wire::EstimateUnavailable;

    fn per_chars(size: u64, points: &str) -> Price {
        Price {
            unit: PriceUnit::Characters,
            unit_size: Some(size),
            points: Points::parse(points),
        }
    }

    #[test]
    fn per_character_prices_count_code_points_in_started_blocks() {
        let price = per_chars(100, "2");
        assert_eq!(
            estimate(Some(&price), "a", None).total_points.as_deref(),
            Some("2")
        );
        assert_eq!(
            estimate(Some(&price), &"a".repeat(100), None)
                .total_points
                .as_deref(),
            Some("2")
        );
        assert_eq!(
            estimate(Some(&price), &"a".repeat(101), None)
                .total_points
                .as_deref(),
            Some("4")
        );
        // An emoji is one code point (two UTF-16 units, four bytes).
        let e = estimate(Some(&price), "你好 world 😀", None);
        assert_eq!(e.input_characters, 10);
        assert_eq!(e.blocks, Some(1));
    }

    #[test]
    fn per_second_prices_are_not_guessed() {
        let price = Price {
            unit: PriceUnit::AudioSeconds,
            unit_size: Some(10),
            points: Some(Points::whole(1)),
        };
        let e = estimate(Some(&price), "hello", None);
        assert_eq!(
            e.unavailable,
            Some(EstimateUnavailable::PricedPerAudioSecond)
        );
        assert_eq!(e.total_points, None);
        assert_eq!(e.synthesis_points, None);
    }

    #[test]
    fn a_price_block_without_a_size_gives_no_estimate_instead_of_one_per_character() {
        let price = Price { unit: PriceUnit::Characters, unit_size: None, points: Points::parse("2") };
        let e = estimate(Some(&price), &"a".repeat(300), None);
        assert_eq!(e.unavailable, Some(EstimateUnavailable::NoBlockSize));
        assert_eq!((e.total_points, e.blocks), (None, None), "no guess: a size of 1 would say 600");
        let unreadable = Price { unit: PriceUnit::Missing, unit_size: None, points: None };
        assert_eq!(estimate(Some(&unreadable), "a", None).unavailable, Some(EstimateUnavailable::UnreadablePrice));
    }

    #[test]
    fn differences_are_signed() {
        let e = estimate(Some(&per_chars(100, "3")), "你好", None);
        let receipt = SpeechReceipt {
            charged_points: Some("6".into()),
            ..Default::default()
        };
        let c = check(&e, &receipt, "c", "v");
        assert_eq!(c.verdict, CostVerdict::Differs);
        assert_eq!(c.difference.as_deref(), Some("+3"));
        let same = SpeechReceipt {
            charged_points: Some("3".into()),
            ..Default::default()
        };
        assert_eq!(check(&e, &same, "c", "v").verdict, CostVerdict::Matches);
        assert_eq!(
            check(&e, &SpeechReceipt::default(), "c", "v").verdict,
            CostVerdict::NotReported
        );
    }
}
