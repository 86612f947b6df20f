//! How fast a streamed chat reply arrives. By default at a pace a person can watch (a demo
//! shows the text growing and can stop it); tests ask for a fast pace explicitly.

use std::time::Duration;

/// The default pace of a streamed reply: 40 tokens a second, as a hosted model writes.
pub const DEFAULT_TOKENS_PER_SECOND: u32 = 40;

/// How fast streamed chat replies are sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyPace {
    /// This many of the sandbox's tokens a second (the tokens the charge counts), spread over
    /// the pieces as they go. 0 is as fast as possible.
    TokensPerSecond(u32),
    /// The same pause between every two events, whatever they hold (`Duration::ZERO`: no pause).
    EventEvery(Duration),
}

impl ReplyPace {
    /// A fast pace for tests (the sandbox's default before replies were paced for demos):
    /// a reply still arrives in many events, in well under a second.
    pub const FAST: ReplyPace = ReplyPace::EventEvery(Duration::from_millis(8));
    /// No pause at all.
    pub const INSTANT: ReplyPace = ReplyPace::EventEvery(Duration::ZERO);

    /// How long after the first event an event may go, given the tokens sent before it.
    pub(crate) fn due(self, events_before: u32, tokens_before: u64) -> Duration {
        match self {
            ReplyPace::TokensPerSecond(0) => Duration::ZERO,
            ReplyPace::TokensPerSecond(rate) => {
                Duration::from_micros(tokens_before.saturating_mul(1_000_000) / u64::from(rate))
            }
            ReplyPace::EventEvery(pause) => pause.saturating_mul(events_before),
        }
    }
}

impl Default for ReplyPace {
    fn default() -> Self {
        ReplyPace::TokensPerSecond(DEFAULT_TOKENS_PER_SECOND)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_rate_spreads_the_tokens_and_a_fixed_pause_counts_events() {
        assert_eq!(ReplyPace::default(), ReplyPace::TokensPerSecond(40));
        assert_eq!(ReplyPace::default().due(3, 40), Duration::from_secs(1));
        assert_eq!(ReplyPace::TokensPerSecond(0).due(100, 4000), Duration::ZERO);
        assert_eq!(ReplyPace::FAST.due(10, 999), Duration::from_millis(80));
        assert_eq!(ReplyPace::INSTANT.due(10, 999), Duration::ZERO);
    }
}
