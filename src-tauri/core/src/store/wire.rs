//! The store's types that cross IPC: the language and theme settings, and why the database
//! found at start was moved aside.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum Locale {
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "en")]
    En,
}

impl Locale {
    pub fn as_str(self) -> &'static str {
        match self {
            Locale::ZhCn => "zh-CN",
            Locale::En => "en",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "zh-CN" => Some(Locale::ZhCn),
            "en" => Some(Locale::En),
            _ => None,
        }
    }

    /// The locale a fresh install starts in, from POSIX locale variables.
    pub fn from_system(lang: Option<&str>) -> Self {
        match lang {
            Some(l) if l.to_ascii_lowercase().starts_with("zh") => Locale::ZhCn,
            _ => Locale::En,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ThemePreference {
    System,
    Light,
    Dark,
}

impl ThemePreference {
    pub fn as_str(self) -> &'static str {
        match self {
            ThemePreference::System => "system",
            ThemePreference::Light => "light",
            ThemePreference::Dark => "dark",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "system" => Some(ThemePreference::System),
            "light" => Some(ThemePreference::Light),
            "dark" => Some(ThemePreference::Dark),
            _ => None,
        }
    }
}

/// How fast the built-in sandbox streams chat replies (Settings, in the no-account mode
/// only): slowly for a demo, where the text visibly grows and Stop can be pressed; at the
/// pace of a hosted model; or at once. Kept across restarts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SandboxReplySpeed {
    Slow,
    Normal,
    Instant,
}

impl SandboxReplySpeed {
    /// Tokens a second at `Slow`: a quarter of a hosted model's pace, a few words at a time.
    pub const SLOW_TOKENS_PER_SECOND: u32 = 10;

    pub fn as_str(self) -> &'static str {
        match self {
            SandboxReplySpeed::Slow => "slow",
            SandboxReplySpeed::Normal => "normal",
            SandboxReplySpeed::Instant => "instant",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "slow" => Some(SandboxReplySpeed::Slow),
            "normal" => Some(SandboxReplySpeed::Normal),
            "instant" => Some(SandboxReplySpeed::Instant),
            _ => None,
        }
    }

    /// The sandbox's pace for this speed (`Normal` is the pace a sandbox starts with).
    pub fn pace(self) -> xiaoya_sandbox::ReplyPace {
        match self {
            SandboxReplySpeed::Slow => {
                xiaoya_sandbox::ReplyPace::TokensPerSecond(Self::SLOW_TOKENS_PER_SECOND)
            }
            SandboxReplySpeed::Normal => xiaoya_sandbox::ReplyPace::default(),
            SandboxReplySpeed::Instant => xiaoya_sandbox::ReplyPace::INSTANT,
        }
    }
}

/// Presenting mode: ids, emails, private origins and tokens masked everywhere, the type
/// made larger for a projector, no desktop notifications. Kept across restarts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Presenting {
    pub on: bool,
    /// The type size while presenting, in percent of the usual: 125 or 150.
    pub scale: u16,
}

impl Presenting {
    /// The presenter type ramp's steps.
    pub const SCALES: [u16; 2] = [125, 150];

    pub fn off() -> Self {
        Presenting { on: false, scale: Self::SCALES[0] }
    }
}

/// Why the database found at start was moved aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum DatabaseDamage {
    /// The file is not a database, or is damaged.
    Corrupt,
    /// A newer version of the app changed it (the app was downgraded).
    UnknownMigration,
    /// Updating it to this version failed.
    MigrationFailed,
}

/// The database found at start could not be used: it was kept at `moved_to` and a fresh
/// one was created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DatabaseSetAside {
    pub damage: DatabaseDamage,
    /// Where the old file is now (a path on this computer, shown to the person).
    pub moved_to: String,
}
