//! The cost before synthesis (from the catalog price and the input, plus any first-use
//! tariff) and the receipt beside it afterwards. An estimate is only given where the price
//! can be turned into one from the input alone; otherwise it says why instead of guessing.

use super::catalog::{price_unavailable, Price, PriceUnit};
use super::wire::{
    BlockRounding, CharacterCounting, ConfigCounting, CostCheck, CostEstimate, CostVerdict, CountingRule,
    SpeechReceipt, Voice, VoiceState,
};
use crate::billing::points::Points;

/// Unicode code points, as the platform counts accepted input.
pub fn code_points(text: &str) -> u32 {
    u32::try_from(text.chars().count()).unwrap_or(u32::MAX)
}

pub fn activation_tariff(voice: Option<&Voice>) -> Option<Points> {
    let voice = voice?;
    if voice.state != VoiceState::PendingActivation {
        return None;
    }
    voice.activation_points.as_deref().and_then(Points::parse).filter(|p| !p.is_zero())
}

/// Ideographs, kana and hangul syllables: the characters a provider may count as more than one.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF
        | 0x20000..=0x2FA1F)
}

fn cjk_count(text: &str) -> u32 {
    u32::try_from(text.chars().filter(|c| is_cjk(*c)).count()).unwrap_or(u32::MAX)
}

/// The weight assumed for the "possibly up to" bound while a configuration's is unknown.
pub const ASSUMED_CJK_WEIGHT: u32 = 2;

/// What the receipts of one configuration (in one context) have taught about its count.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CountingKnowledge {
    /// The weight of a CJK character and the creation time (ms) of the clip that taught it.
    pub cjk_weight: Option<(u32, i64)>,
    /// A clip without CJK characters was settled for exactly its code points.
    pub others_confirmed: bool,
    /// How a part of a block is charged, and the creation time (ms) of the clip that showed it.
    pub rounding: Option<(BlockRounding, i64)>,
}

impl CountingKnowledge {
    /// The configuration's rule as the page shows it under the text.
    pub fn rule(&self) -> ConfigCounting {
        ConfigCounting {
            rule: if self.cjk_weight.is_some() { CountingRule::Learned } else { CountingRule::CodePoints },
            cjk_weight: self.cjk_weight.map_or(1, |(k, _)| k),
            learned_from: self.cjk_weight.map(|(_, at)| crate::foundation::clock::rfc3339_ms(at)),
            others_confirmed: self.others_confirmed,
        }
    }
}

/// A count header as sent: `132`, ` 132 `, `1,320`, `132.0` or `132 characters` are read;
/// anything else is not (and teaches nothing; the receipt still shows it as sent).
pub fn read_count(raw: &str) -> Option<u64> {
    let raw = raw.trim();
    let number = raw
        .split_once(char::is_whitespace)
        .filter(|(_, unit)| unit.trim().chars().all(char::is_alphabetic))
        .map_or(raw, |(n, _)| n);
    let digits: String = number.chars().filter(|c| *c != ',' && *c != '_').collect();
    if let Ok(n) = digits.parse::<u64>() {
        return Some(n);
    }
    let (whole, fraction) = digits.split_once('.')?;
    (!whole.is_empty() && fraction.chars().all(|c| c == '0')).then(|| whole.parse::<u64>().ok()).flatten()
}

/// What one settled clip says: `Some(Some(k))` a CJK weight, `Some(None)` only that other
/// characters count 1, `None` nothing (no usage reported, unreadable, or inconsistent with
/// `usage = others + k × cjk`, k a whole number ≥ 1).
pub fn lesson(input: &str, receipt: &super::wire::SpeechReceipt) -> Option<Option<u32>> {
    let usage = receipt.usage_characters.as_deref().and_then(read_count)?;
    let total = u64::from(code_points(input));
    // The platform accepted a different text than the one kept (normalized?): no lesson.
    if let Some(accepted) = receipt.input_characters.as_deref() {
        if read_count(accepted) != Some(total) {
            return None;
        }
    }
    let cjk = u64::from(cjk_count(input));
    let others = total - cjk;
    if cjk == 0 {
        return (usage == others).then_some(None);
    }
    let extra = usage.checked_sub(others)?;
    if extra % cjk != 0 {
        return None;
    }
    let k = u32::try_from(extra / cjk).ok().filter(|k| *k >= 1)?;
    Some(Some(k))
}

/// Learns from settled clips given newest first as (input, receipt, created_at_ms): the
/// newest clip with CJK characters that teaches a weight gives it, and the newest clip whose
/// charge tells the rounding rules of `price` apart gives the rounding.
pub fn learn<'a>(
    clips: impl IntoIterator<Item = (&'a str, &'a super::wire::SpeechReceipt, i64)>,
    price: Option<&Price>,
) -> CountingKnowledge {
    let clips: Vec<_> = clips.into_iter().collect();
    let mut known = CountingKnowledge::default();
    for (input, receipt, at) in &clips {
        match lesson(input, receipt) {
            Some(Some(k)) if known.cjk_weight.is_none() => known.cjk_weight = Some((k, *at)),
            Some(None) => known.others_confirmed = true,
            _ => {}
        }
        if known.cjk_weight.is_some() && known.others_confirmed {
            break;
        }
    }
    if let Some(Price { unit: PriceUnit::Characters, unit_size: Some(size), points: Some(points) }) = price {
        let weight = known.cjk_weight.map(|(k, _)| k);
        known.rounding = clips.iter().find_map(|(input, receipt, at)| {
            Some((rounding_lesson(input, receipt, *size, *points, weight)?, *at))
        });
    }
    known
}

/// What one settled clip says about the rounding: the rule whose amount it was charged,
/// when the two rules give different amounts for it; `None` when they agree, when its
/// counted characters aren't known (CJK characters before their weight is), or when the
/// charge is neither (a first-use tariff in it, another price at the time).
pub fn rounding_lesson(
    input: &str,
    receipt: &SpeechReceipt,
    size: u64,
    points: Points,
    cjk_weight: Option<u32>,
) -> Option<BlockRounding> {
    let charged = receipt.charged_points.as_deref().and_then(Points::read_reported)?;
    let counted = match receipt.usage_characters.as_deref().and_then(read_count) {
        Some(n) => n,
        None => {
            let cjk = cjk_count(input);
            if cjk > 0 && cjk_weight.is_none() {
                return None;
            }
            u64::from(code_points(input) - cjk) + u64::from(cjk_weight.unwrap_or(1)) * u64::from(cjk)
        }
    };
    let (_, started) = synthesis_points(size, points, counted);
    let prorated = points.prorated(counted, size)?;
    if started == prorated {
        None
    } else if charged == started {
        Some(BlockRounding::StartedBlock)
    } else if charged == prorated {
        Some(BlockRounding::Prorated)
    } else {
        None
    }
}

/// The estimate with nothing learned about the configuration's count.
pub fn estimate(price: Option<&Price>, input: &str, voice: Option<&Voice>) -> CostEstimate {
    estimate_counted(price, input, voice, &CountingKnowledge::default())
}

fn synthesis_points(unit_size: u64, points: Points, counted: u64) -> (u64, Points) {
    let blocks = counted.div_ceil(unit_size.max(1));
    (blocks, points * blocks)
}

/// The estimate, counting a CJK character as the configuration's receipts have taught.
pub fn estimate_counted(
    price: Option<&Price>,
    input: &str,
    voice: Option<&Voice>,
    known: &CountingKnowledge,
) -> CostEstimate {
    let chars = code_points(input);
    let cjk = cjk_count(input);
    let rule = known.rule();
    let weight = rule.cjk_weight;
    let counted = u64::from(chars - cjk) + u64::from(weight) * u64::from(cjk);
    let activation = activation_tariff(voice);
    let counting = CharacterCounting {
        rule: rule.rule,
        cjk_weight: weight,
        learned_from: rule.learned_from,
        others_confirmed: rule.others_confirmed,
        cjk_characters: cjk,
        counted_characters: u32::try_from(counted).unwrap_or(u32::MAX),
    };
    let mut out = CostEstimate {
        input_characters: chars,
        blocks: None,
        synthesis_points: None,
        activation_points: activation.map(|p| p.to_string()),
        total_points: None,
        unavailable: None,
        counting: Some(counting),
        possible_total_points: None,
        rounding: None,
        rounding_learned_from: None,
        lowest_total_points: None,
    };
    out.unavailable = price_unavailable(price);
    if let Some(Price { unit: PriceUnit::Characters, unit_size: Some(unit_size), points: Some(points) }) =
        price.filter(|_| out.unavailable.is_none())
    {
        let rule = known.rounding.map_or(BlockRounding::Unknown, |(rule, _)| rule);
        // Unknown: the started block, the high end of the range (never less than a
        // platform may charge); the prorated amount is its low end.
        let charge = |counted: u64| match rule {
            BlockRounding::Prorated => points.prorated(counted, *unit_size).unwrap_or(*points * counted),
            BlockRounding::StartedBlock | BlockRounding::Unknown => {
                synthesis_points(*unit_size, *points, counted).1
            }
        };
        let blocks = counted.div_ceil((*unit_size).max(1));
        let synthesis = charge(counted);
        let extra = activation.unwrap_or(Points::ZERO);
        out.blocks = Some(u32::try_from(blocks).unwrap_or(u32::MAX));
        out.synthesis_points = Some(synthesis.to_string());
        out.total_points = Some((synthesis + extra).to_string());
        out.rounding = Some(rule);
        out.rounding_learned_from = known.rounding.map(|(_, at)| crate::foundation::clock::rfc3339_ms(at));
        if rule == BlockRounding::Unknown {
            out.lowest_total_points = points
                .prorated(counted, *unit_size)
                .filter(|low| *low != synthesis)
                .map(|low| (low + extra).to_string());
        }
        if known.cjk_weight.is_none() && cjk > 0 {
            let assumed = u64::from(chars - cjk) + u64::from(ASSUMED_CJK_WEIGHT) * u64::from(cjk);
            let upper = charge(assumed);
            if upper != synthesis {
                out.possible_total_points = Some((upper + extra).to_string());
            }
        }
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
pub fn check(estimate: &CostEstimate, receipt: &SpeechReceipt, config_id: &str, voice_id: &str) -> CostCheck {
    let estimated = estimate.total_points.as_deref().and_then(Points::parse);
    let lowest = estimate.lowest_total_points.as_deref().and_then(Points::parse);
    let charged = receipt.charged_points.as_deref().and_then(Points::read_reported);
    let (verdict, difference) = match (estimated, charged) {
        (_, None) => (CostVerdict::NotReported, None),
        (None, Some(_)) => (CostVerdict::NoEstimate, None),
        (Some(e), Some(c)) if e == c => (CostVerdict::Matches, Some(signed(Points::ZERO))),
        (Some(e), Some(c)) if lowest.is_some_and(|low| low <= c && c < e) => (CostVerdict::WithinRange, None),
        (Some(e), Some(c)) => (CostVerdict::Differs, Some(signed(c - e))),
    };
    // A learned rule, with nothing else left to assumption (the CJK weight learned too, or
    // no CJK character), that the platform did not follow this time.
    let assumed_weight =
        estimate.counting.as_ref().is_some_and(|c| c.cjk_characters > 0 && c.rule != CountingRule::Learned);
    let learned = matches!(estimate.rounding, Some(BlockRounding::StartedBlock | BlockRounding::Prorated));
    CostCheck {
        contradicts_rounding: verdict == CostVerdict::Differs && learned && !assumed_weight,
        estimated: estimate.total_points.clone(),
        // The amount as read (`2 points` → `2`), or as sent when it can't be read.
        charged: charged.map(|c| c.to_string()).or_else(|| receipt.charged_points.clone()),
        difference,
        verdict,
        config_differs: receipt.tts_config_id.as_deref().is_some_and(|c| c != config_id),
        voice_differs: receipt.voice_id.as_deref().is_some_and(|v| v != voice_id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tts::wire::EstimateUnavailable;

    fn per_chars(size: u64, points: &str) -> Price {
        Price { unit: PriceUnit::Characters, unit_size: Some(size), points: Points::parse(points) }
    }

    #[test]
    fn per_character_prices_count_code_points_in_started_blocks() {
        let price = per_chars(100, "2");
        assert_eq!(estimate(Some(&price), "a", None).total_points.as_deref(), Some("2"));
        assert_eq!(estimate(Some(&price), &"a".repeat(100), None).total_points.as_deref(), Some("2"));
        assert_eq!(estimate(Some(&price), &"a".repeat(101), None).total_points.as_deref(), Some("4"));
        // An emoji is one code point (two UTF-16 units, four bytes).
        let e = estimate(Some(&price), "你好 world 😀", None);
        assert_eq!(e.input_characters, 10);
        assert_eq!(e.blocks, Some(1));
    }

    #[test]
    fn per_second_prices_are_not_guessed() {
        let price =
            Price { unit: PriceUnit::AudioSeconds, unit_size: Some(10), points: Some(Points::whole(1)) };
        let e = estimate(Some(&price), "hello", None);
        assert_eq!(e.unavailable, Some(EstimateUnavailable::PricedPerAudioSecond));
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
        assert_eq!(
            estimate(Some(&unreadable), "a", None).unavailable,
            Some(EstimateUnavailable::UnreadablePrice)
        );
    }

    #[test]
    fn differences_are_signed() {
        let e = estimate(Some(&per_chars(100, "3")), "你好", None);
        let receipt = SpeechReceipt { charged_points: Some("6".into()), ..Default::default() };
        let c = check(&e, &receipt, "c", "v");
        assert_eq!(c.verdict, CostVerdict::Differs);
        assert_eq!(c.difference.as_deref(), Some("+3"));
        let same = SpeechReceipt { charged_points: Some("3".into()), ..Default::default() };
        assert_eq!(check(&e, &same, "c", "v").verdict, CostVerdict::Matches);
        assert_eq!(check(&e, &SpeechReceipt::default(), "c", "v").verdict, CostVerdict::NotReported);
    }

    fn receipt(input: Option<&str>, usage: Option<&str>) -> SpeechReceipt {
        SpeechReceipt {
            input_characters: input.map(str::to_owned),
            usage_characters: usage.map(str::to_owned),
            ..Default::default()
        }
    }

    #[test]
    fn count_headers_are_read_in_every_plain_shape_and_nothing_else() {
        for (raw, n) in
            [("132", 132), (" 132 ", 132), ("1,320", 1320), ("132.0", 132), ("132 characters", 132)]
        {
            assert_eq!(read_count(raw), Some(n), "{raw}");
        }
        for raw in ["", "132.5", "-3", "lots", "132 chars!", "0x84"] {
            assert_eq!(read_count(raw), None, "{raw}");
        }
    }

    #[test]
    fn a_receipt_teaches_a_whole_weight_or_nothing() {
        // 4 ideographs + 2 others, settled for 10: each ideograph counts 2.
        assert_eq!(lesson("你好世界!?", &receipt(Some("6"), Some("10"))), Some(Some(2)));
        assert_eq!(lesson("你好世界!?", &receipt(None, Some("6"))), Some(Some(1)));
        assert_eq!(lesson("hello", &receipt(Some("5"), Some("5"))), Some(None));
        // Inconsistent: not a whole weight, below the others, another accepted text, none.
        assert_eq!(lesson("你好世界!?", &receipt(Some("6"), Some("9"))), None);
        assert_eq!(lesson("你好世界!?", &receipt(Some("6"), Some("1"))), None);
        assert_eq!(lesson("你好世界!?", &receipt(Some("7"), Some("10"))), None);
        assert_eq!(lesson("hello", &receipt(Some("5"), Some("7"))), None);
        assert_eq!(lesson("你好", &receipt(Some("2"), None)), None);
        assert_eq!(lesson("你好", &receipt(Some("2"), Some("twice"))), None);
    }

    #[test]
    fn the_newest_teaching_clip_wins_and_the_estimate_counts_with_it() {
        let newest = receipt(None, Some("4"));
        let older = receipt(None, Some("6"));
        let plain = receipt(None, Some("2"));
        let known = learn([("你好", &newest, 30), ("hi", &plain, 20), ("你好", &older, 10)], None);
        assert_eq!(
            known,
            CountingKnowledge { cjk_weight: Some((2, 30)), others_confirmed: true, rounding: None }
        );
        let price = per_chars(100, "3");
        let text = "字".repeat(66);
        let e = estimate_counted(Some(&price), &text, None, &known);
        assert_eq!((e.total_points.as_deref(), e.possible_total_points.as_deref()), (Some("6"), None));
        let c = e.counting.unwrap();
        assert_eq!(
            (c.rule, c.cjk_weight, c.cjk_characters, c.counted_characters),
            (CountingRule::Learned, 2, 66, 132)
        );
        // Unknown: the code-point total, and the bound if a CJK character counted 2.
        let e = estimate(Some(&price), &text, None);
        assert_eq!((e.total_points.as_deref(), e.possible_total_points.as_deref()), (Some("3"), Some("6")));
        assert_eq!(e.counting.unwrap().rule, CountingRule::CodePoints);
        // No CJK, or no difference in blocks: no bound.
        assert_eq!(estimate(Some(&price), "hello", None).possible_total_points, None);
        assert_eq!(estimate(Some(&price), "你好", None).possible_total_points, None);
    }
}
