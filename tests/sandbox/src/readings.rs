//! Other readings of the platform documentation. Wherever the docs are silent or loose, the
//! sandbox's default is one reading (see README "Assumptions"); each `Reading` switches the
//! sandbox to another shape or behaviour the same docs allow, so the app's tests can prove
//! it copes with every one of them. Switch them on with `--reading NAME` (repeatable), with
//! `SandboxControl::set_readings`, or with `POST /__sandbox/readings {"readings": [NAME, ...]}`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// One alternative reading. Names are kebab-case on the command line and over HTTP.
/// Each area adds its variants here (keep them grouped by area, one doc line each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// Placeholder so the set is never empty of variants; has no effect.
    #[doc(hidden)]
    None,
    // --- chat gateway ---
    /// Chat requests may carry only documented fields (`model`, `messages`, `stream`,
    /// `response_format`) and the model's `parameterSpec` keys; anything else
    /// (`stream_options` included) is refused with `MODEL_PARAMETER_INVALID`.
    StrictRequestFields,
    /// Team chat idempotency is keyed on the whole workflow tuple (request id, run, node,
    /// attempt) instead of the request id alone: a raised attempt is a new, charged request.
    TeamIdempotencyTuple,
    // --- TTS gateway ---
    /// A speech request id that was already settled is answered `409 TTS_REQUEST_RECONCILING`
    /// (a code the docs don't list: the platform is still reconciling) instead of
    /// `TTS_REQUEST_ALREADY_SETTLED`.
    TtsSettledReconciling,
    // --- documentation ---
    /// `/developers/openapi.json` answers 404 (the platform publishes no OpenAPI document).
    NoOpenApi,
}

/// The readings in force. Empty = the sandbox's default reading everywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readings(pub BTreeSet<Reading>);

impl Readings {
    pub fn has(&self, reading: Reading) -> bool {
        self.0.contains(&reading)
    }

    /// Parses one kebab-case name, as given to `--reading`.
    pub fn parse_name(name: &str) -> Result<Reading, serde_json::Error> {
        serde_json::from_value(serde_json::Value::String(name.to_string()))
    }
}

impl FromIterator<Reading> for Readings {
    fn from_iter<I: IntoIterator<Item = Reading>>(iter: I) -> Self {
        Readings(iter.into_iter().collect())
    }
}
