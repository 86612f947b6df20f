//! State shared by every handler.

use std::sync::{Mutex, MutexGuard};

use time::OffsetDateTime;

use crate::clock::Clock;
#[cfg(feature = "control")]
use crate::faults::FaultQueue;
use crate::scope::ScopeSet;
use crate::seed::{model_catalog, tts_catalog, CatalogModel, TtsConfig};
use crate::world::World;

#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub auto_approve: bool,
    pub granted_scopes_override: Option<ScopeSet>,
    /// How fast streamed chat replies arrive (`pace.rs`).
    pub stream_pace: crate::pace::ReplyPace,
    /// Bind Team tokens to this Team instead of the one authorized (a misbehaving
    /// platform, for testing that clients discard such tokens).
    pub team_binding_override: Option<String>,
    /// Other readings of the docs in force (`readings.rs`); empty = the default reading.
    pub readings: crate::readings::Readings,
}

pub(crate) struct Shared {
    world: Mutex<World>,
    settings: Mutex<Settings>,
    pub clock: Clock,
    #[cfg(feature = "control")]
    pub faults: FaultQueue,
    pub base_url: String,
    pub models: Vec<CatalogModel>,
    pub tts: Vec<TtsConfig>,
}

impl Shared {
    pub fn new(base_url: String, auto_approve: bool, pace: crate::pace::ReplyPace) -> Shared {
        let clock = Clock::default();
        Shared {
            world: Mutex::new(World::seeded(clock.now())),
            settings: Mutex::new(Settings {
                auto_approve,
                granted_scopes_override: None,
                stream_pace: pace,
                team_binding_override: None,
                readings: Default::default(),
            }),
            clock,
            #[cfg(feature = "control")]
            faults: FaultQueue::default(),
            base_url,
            models: model_catalog(),
            tts: tts_catalog(),
        }
    }

    pub fn world(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn settings(&self) -> Settings {
        self.settings.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn update_settings(&self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings.lock().unwrap_or_else(|e| e.into_inner()));
    }

    pub fn now(&self) -> OffsetDateTime {
        self.clock.now()
    }

    /// Puts every account, token, voice and charge back to the seed.
    #[cfg_attr(not(feature = "control"), allow(dead_code))]
    pub fn reset(&self) {
        *self.world() = World::seeded(self.now());
        #[cfg(feature = "control")]
        self.faults.clear();
    }

    pub fn tts_config(&self, id: &str) -> Option<&TtsConfig> {
        self.tts.iter().find(|c| c.id == id)
    }
}
